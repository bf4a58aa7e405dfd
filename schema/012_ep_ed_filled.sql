-- Schema 012: every row has its ep and ed (no column changes).
--
-- Before this file the store rates the rows of schema 011 without ep again, from the saved
-- progress in schema_backfill on, and sets their ep and ed (storage/backfill.cc). This file ends
-- the step: a corpus of version 12 holds ep and ed for every puzzle it rates.

DROP TABLE IF EXISTS schema_backfill;
