-- Schema 004: canonical forms kept unique through a compact key (store speed).
--
-- The UNIQUE index on the 81-character puzzles.canonical cost the writer more than everything
-- else together: about 90 bytes a key, inserted at random places, so a large corpus's index
-- outgrows the page cache and nearly every insert dirties a different page, which each batch
-- then writes to the WAL. puzzles.canonical_key is a 64-bit hash of the canonical form
-- (include/sudoku/canonical_key.h defines it; apps can compute it to look a form up), and its
-- UNIQUE index is about a fifth the size.
--
-- Exactness: equal forms have equal keys, so the key index refuses a second copy of a form. Two
-- different forms may, very rarely, share a key; the store then compares the texts, and the
-- later form is stored with canonical_key NULL (a "collision row"). The second, partial index
-- keeps the collision rows' forms unique and lets the store check them; it is empty in
-- practice. So no form is stored twice and no form is dropped as a duplicate of another.
-- canonical keeps its meaning and stays the 81-character text apps read; a row without a
-- canonical form (schema 1's duplicates, see 002) has no key either.
--
-- This file calls sudoku_canonical_key(text), which the tool registers on its connection before
-- migrating (storage/connection.cc): every key is computed in one pass and both indexes are
-- built from sorted data, instead of a million random inserts.

ALTER TABLE puzzles ADD COLUMN canonical_key INTEGER;
UPDATE puzzles SET canonical_key = sudoku_canonical_key(canonical) WHERE canonical IS NOT NULL;
-- Existing forms are distinct (the old index), so rows sharing a key are hash collisions: the
-- earliest keeps it, as if the store had written them in id order.
UPDATE puzzles SET canonical_key = NULL WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY canonical_key ORDER BY id) AS rank
    FROM puzzles WHERE canonical_key IS NOT NULL)
  WHERE rank > 1);

CREATE UNIQUE INDEX puzzles_canonical_key ON puzzles(canonical_key);
CREATE UNIQUE INDEX puzzles_canonical_collision ON puzzles(canonical)
  WHERE canonical_key IS NULL AND canonical IS NOT NULL;
DROP INDEX puzzles_canonical;
