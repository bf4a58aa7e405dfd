// Opening an app pack (format_version 2, docs/corpus.md and docs/hints.md) with sql.js, and the
// queries the player makes of it. It reads only what the pack's schema promises: the pragmas,
// the tables levels, techniques, meta and puzzles, and their documented columns.

export const PACK_APPLICATION_ID = 0x5344504b; // "SDPK"
export const PACK_VERSION = 2;

// A file the player cannot use; its message is for the person who picked the file.
export class PackError extends Error {}

const SQLITE_MAGIC = 'SQLite format 3\0';

// Opens the bytes (a Uint8Array) of a file as an app pack. Throws PackError saying what is wrong:
// not SQLite, not an app pack, a format this player does not read, or damaged tables.
export function openPack(SQL, bytes, fileName) {
  const header = String.fromCharCode(...bytes.subarray(0, SQLITE_MAGIC.length));
  if (header !== SQLITE_MAGIC) {
    throw new PackError(`${fileName} is not an app pack: it is not an SQLite file.`);
  }
  let db;
  try {
    db = new SQL.Database(bytes);
    return new Pack(db, fileName);
  } catch (e) {
    db?.close();
    if (e instanceof PackError) throw e;
    throw new PackError(`${fileName} is not a readable app pack: ${e.message}.`);
  }
}

class Pack {
  constructor(db, fileName) {
    this.db = db;
    this.fileName = fileName;
    this.checkFormat();
    this.meta = Object.fromEntries(this.rows('SELECT key, value FROM meta').map((r) => [r.key, r.value]));
    this.levels = this.rows('SELECT level, name, min_rating, max_rating, puzzles FROM levels ORDER BY level');
    this.techniques = new Map(
      this.rows('SELECT id, name, rating, description FROM techniques').map((t) => [t.id, t]),
    );
    // hints_format is in meta when the pack was exported with hints.
    this.hintsFormat = this.meta.hints_format === undefined ? null : Number(this.meta.hints_format);
  }

  checkFormat() {
    const id = this.value('PRAGMA application_id');
    const version = this.value('PRAGMA user_version');
    if (id !== PACK_APPLICATION_ID) {
      throw new PackError(
        `${this.fileName} is not an app pack: it is an SQLite database, but not one that ` +
          '`sudoku-corpus export --format sqlite` wrote (its application_id differs).',
      );
    }
    if (version > PACK_VERSION) {
      throw new PackError(
        `${this.fileName} is an app pack of format ${version}, newer than this player reads ` +
          `(format ${PACK_VERSION}). Use the player that came with the sudoku-corpus that made it.`,
      );
    }
    if (version < PACK_VERSION) {
      throw new PackError(
        `${this.fileName} is an app pack of format ${version}, older than this player reads ` +
          `(format ${PACK_VERSION}): export it again with this sudoku-corpus.`,
      );
    }
  }

  // The rows of a query as objects (column name -> value).
  rows(sql, params = []) {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      const out = [];
      while (stmt.step()) out.push(stmt.getAsObject());
      return out;
    } finally {
      stmt.free();
    }
  }

  value(sql) {
    return this.db.exec(sql)[0].values[0][0];
  }

  // The puzzle at `index` (0-based, in the pack's order of rating) of `level`, or null.
  puzzle(level, index) {
    const [row] = this.rows(
      'SELECT id, givens, solution, rating, level, hints FROM puzzles ' +
        'WHERE level = ? ORDER BY rating, id LIMIT 1 OFFSET ?',
      [level, index],
    );
    if (!row) return null;
    if (!/^[1-9.]{81}$/.test(row.givens) || !/^[1-9]{81}$/.test(row.solution)) {
      throw new PackError(`${this.fileName}: puzzle ${row.id} has no valid givens or solution.`);
    }
    return row;
  }

  close() {
    this.db.close();
  }
}
