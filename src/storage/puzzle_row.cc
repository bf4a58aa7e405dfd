// PuzzleRow: see puzzle_row.h.
#include "storage/puzzle_row.h"

#include <optional>

#include "storage/row_codes.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/core/scorer.h"

namespace sudoku::storage_internal {
namespace {

// Binds text with its length (string_views are not NUL-terminated) and without a copy
// (SQLITE_STATIC): every caller steps the statement and then clears its bindings while `text`
// is still alive, so SQLite never reads it afterwards. A null data() binds NULL, which the
// NOT NULL constraints then reject.
int BindView(sqlite3_stmt* stmt, int index, std::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

// Binds a copy of `text`, for values that do not outlive the bind.
int BindCopy(sqlite3_stmt* stmt, int index, std::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()),
                           SQLITE_TRANSIENT);
}

// The text form of `grid` in `text`, without allocating (ToString would, four times a row).
std::string_view FormatGrid(const Grid& grid, std::array<char, kCells>& text) {
  for (int cell = 0; cell < kCells; ++cell) {
    text[cell] = grid[cell] == 0 ? '.' : static_cast<char>('0' + grid[cell]);
  }
  return {text.data(), text.size()};
}

// Binds a packed grid without a copy, under the same contract as BindView.
int BindPacked(sqlite3_stmt* stmt, int index, const PackedGrid& packed) {
  return sqlite3_bind_blob(stmt, index, packed.data(), static_cast<int>(packed.size()),
                           SQLITE_STATIC);
}

std::string_view ColumnView(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  if (text == nullptr) return {};
  return {reinterpret_cast<const char*>(text),
          static_cast<size_t>(sqlite3_column_bytes(stmt, column))};
}

// The packed grid in `column` (UnpackGrid), or nullopt if it holds none.
std::optional<Grid> ColumnGrid(sqlite3_stmt* stmt, int column) {
  return UnpackGrid(sqlite3_column_blob(stmt, column), sqlite3_column_bytes(stmt, column));
}

// A stored code this version cannot read, as `verify` shows it: "?" and the code.
std::string Unreadable(std::string_view code) { return std::string("?").append(code); }

// The text form of the packed grid in `column`; "" if it is not one (`verify` reports that).
std::string PackedText(sqlite3_stmt* stmt, int column) {
  const std::optional<Grid> grid = ColumnGrid(stmt, column);
  return grid ? ToString(*grid) : std::string();
}

// The expression a copied row's key is read with: a source's collision row gets its true key.
constexpr char kCopiedKeyExpr[] =
    "coalesce(canonical_key, sudoku_canonical_key(collision_canonical))";

}  // namespace

// ?14 is the key, or NULL for a collision row, whose form is ?15.
const char kInsertPuzzleSql[] =
    "INSERT INTO puzzles(run_id, item_index, givens_packed, solution_packed, clues, freedom, "
    "symmetry, grid_method, dig_order, rating_tenths, hardest_code, guesses, uses, canonical_key, "
    "collision_canonical, ep_tenths, ed_tenths) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
    "?11, ?12, ?13, ?14, ?15, ?16, ?17) ON CONFLICT(canonical_key) DO NOTHING";

PuzzleRowText::PuzzleRowText(const PuzzleRecord& r)
    : givens_packed(PackGrid(r.givens)),
      solution_packed(PackGrid(r.solution)),
      canonical(FormatGrid(r.canonical, canonical_buffer)),
      uses(UsesCode(r.technique_uses)),
      hardest_code(TechniqueCode(r.hardest)),
      canonical_key(CanonicalKey(r.canonical)) {}

Status CheckRecordLevels(const PuzzleRecord& r) {
  const std::string_view level = RatingLevel(r.rating), clue_class = ClueClassOf(r.clues);
  if (r.level == level && r.clue_class == clue_class) return Status::Ok();
  return Status::Internal("item " + std::to_string(r.item_index) + ": level '" +
                          std::string(r.level) + "' and clue level '" + std::string(r.clue_class) +
                          "' are not those of rating " + FormatRating(r.rating) + " and " +
                          std::to_string(r.clues) + " clues ('" + std::string(level) + "', '" +
                          std::string(clue_class) + "')");
}

int BindNewPuzzleRow(sqlite3_stmt* insert, int64_t run_id, const PuzzleRecord& r,
                     const PuzzleRowText& text, bool with_key) {
  int rc = sqlite3_bind_int64(insert, 1, run_id);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(insert, 2, r.item_index);
  if (rc == SQLITE_OK) rc = BindPacked(insert, 3, text.givens_packed);
  if (rc == SQLITE_OK) rc = BindPacked(insert, 4, text.solution_packed);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 5, r.clues);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 6, r.freedom);
  if (rc == SQLITE_OK) rc = BindView(insert, 7, r.symmetry);
  if (rc == SQLITE_OK) rc = BindView(insert, 8, r.grid_method);
  if (rc == SQLITE_OK) rc = BindView(insert, 9, r.dig_order);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 10, r.rating);
  // A technique the schema has no code for binds NULL, which no row of a rated puzzle holds.
  if (rc == SQLITE_OK) {
    rc = text.hardest_code == '\0' ? sqlite3_bind_null(insert, 11)
                                   : BindView(insert, 11, {&text.hardest_code, 1});
  }
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 12, r.guesses);
  if (rc == SQLITE_OK) rc = BindView(insert, 13, text.uses);
  if (rc == SQLITE_OK) {
    rc = with_key ? sqlite3_bind_int64(insert, 14, text.canonical_key)
                  : sqlite3_bind_null(insert, 14);
  }
  if (rc == SQLITE_OK) {
    rc = with_key ? sqlite3_bind_null(insert, 15) : BindView(insert, 15, text.canonical);
  }
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 16, r.ep);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert, 17, r.ed);
  return rc;
}

int HolderHasForm(sqlite3_stmt* givens_of_key, int64_t key, const Grid& form, bool* same) {
  *same = false;
  int rc = sqlite3_bind_int64(givens_of_key, 1, key);
  if (rc == SQLITE_OK) rc = sqlite3_step(givens_of_key);
  if (rc == SQLITE_ROW) {
    const std::optional<Grid> givens = ColumnGrid(givens_of_key, 0);
    *same = givens && CanonicalForm(*givens) == form;
    rc = SQLITE_DONE;
  }
  sqlite3_reset(givens_of_key);
  sqlite3_clear_bindings(givens_of_key);
  return rc;
}

const char kPuzzleColumns[] =
    "id, run_id, item_index, givens_packed, solution_packed, clues, freedom, level, symmetry, "
    "grid_method, dig_order, collision_canonical, clue_level, rating_tenths, hardest_code, "
    "guesses, uses, canonical_key, ep_tenths, ed_tenths";

void ReadPuzzleRow(sqlite3_stmt* stmt, StoredPuzzle* puzzle) {
  puzzle->id = sqlite3_column_int64(stmt, 0);
  puzzle->run_id = sqlite3_column_int64(stmt, 1);
  puzzle->item_index = sqlite3_column_int64(stmt, 2);
  puzzle->givens = PackedText(stmt, 3);
  puzzle->solution = PackedText(stmt, 4);
  puzzle->clues = sqlite3_column_int(stmt, 5);
  puzzle->freedom = sqlite3_column_int(stmt, 6);
  puzzle->level = ColumnText(stmt, 7);
  puzzle->symmetry = ColumnText(stmt, 8);
  puzzle->grid_method = ColumnText(stmt, 9);
  puzzle->dig_order = ColumnText(stmt, 10);
  puzzle->collision_canonical = ColumnText(stmt, 11);
  puzzle->clue_class = ColumnText(stmt, 12);
  puzzle->rating = sqlite3_column_int(stmt, 13);
  const std::string_view hardest = ColumnView(stmt, 14);
  const std::optional<Technique> technique =
      hardest.size() == 1 ? TechniqueOfCode(hardest[0]) : std::nullopt;
  puzzle->hardest = technique ? std::string(TechniqueName(*technique)) : Unreadable(hardest);
  puzzle->guesses = sqlite3_column_int(stmt, 15);
  const std::string_view uses_code = ColumnView(stmt, 16);
  TechniqueUses uses;
  puzzle->techniques =
      DecodeUses(uses_code, &uses) ? TechniqueUsesJson(uses) : Unreadable(uses_code);
  puzzle->has_canonical_key = sqlite3_column_type(stmt, 17) != SQLITE_NULL;
  puzzle->canonical_key = sqlite3_column_int64(stmt, 17);
  puzzle->ep = sqlite3_column_int(stmt, 18);
  puzzle->ed = sqlite3_column_int(stmt, 19);
  puzzle->canonical.clear();
  puzzle->solution_canonical.clear();
}

RatingRow RatingRowOf(const Rating& rating) {
  return {rating.rating, std::string(TechniqueName(rating.hardest)), rating.guesses,
          TechniqueUsesJson(rating.uses), std::string(RatingLevel(rating.rating))};
}

const char kRatingColumns[] = "rating, hardest, guesses, techniques, level";

const char kSetRatingSql[] = "rating = ?2, hardest = ?3, guesses = ?4, techniques = ?5, level = ?6";

int BindRatingRow(sqlite3_stmt* update, const RatingRow& row) {
  int rc = sqlite3_bind_int(update, 2, row.rating);
  if (rc == SQLITE_OK) rc = BindCopy(update, 3, row.hardest);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(update, 4, row.guesses);
  if (rc == SQLITE_OK) rc = BindCopy(update, 5, row.techniques);
  if (rc == SQLITE_OK) rc = BindCopy(update, 6, row.level);
  return rc;
}

RatingRow ReadRatingRow(sqlite3_stmt* select, int first) {
  auto int_or_null = [select](int column) {
    return sqlite3_column_type(select, column) == SQLITE_NULL ? -1
                                                              : sqlite3_column_int(select, column);
  };
  return {int_or_null(first), std::string(ColumnView(select, first + 1)), int_or_null(first + 2),
          std::string(ColumnView(select, first + 3)), std::string(ColumnView(select, first + 4))};
}

Status CopiedColumns::Read(const Connection& conn) {
  OwnedStmt info;
  if (Status s = PrepareStatement(conn.db(), conn.path(),
                                  "SELECT name FROM pragma_table_info('puzzles')", &info);
      !s.ok()) {
    return s;
  }
  while (sqlite3_step(info.get()) == SQLITE_ROW) {
    const std::string name = ColumnText(info.get(), 0);
    if (name == "id" || name == "run_id") continue;
    if (name == "canonical_key") key = static_cast<int>(names.size());
    if (name == "item_index") item = static_cast<int>(names.size());
    if (name == "collision_canonical") collision = static_cast<int>(names.size());
    if (name == "givens_packed") givens = static_cast<int>(names.size());
    names.push_back(name);
  }
  if (key < 0 || item < 0) {
    return Status::Internal(conn.path() + ": puzzles lacks canonical_key or item_index");
  }
  return Status::Ok();
}

std::string CopiedColumns::SelectList() const {
  std::string list;
  for (size_t c = 0; c < names.size(); ++c) {
    list += c == 0 ? "" : ", ";
    list += static_cast<int>(c) == key ? kCopiedKeyExpr : names[c];
  }
  return list;
}

std::string CopiedColumns::InsertSql() const {
  std::string list, marks;
  for (const std::string& name : names) {
    list += (list.empty() ? "" : ", ") + name;
    marks += ", ?";
  }
  return "INSERT INTO main.puzzles (run_id, " + list + ") VALUES (?" + marks + ")";
}

namespace {

// Binds column `c` of `source`'s row to parameter `p` of `insert` without copying its text or
// blob: the caller steps `insert` before `source` moves on (BindCopiedRow's contract).
int BindColumnInPlace(sqlite3_stmt* insert, int p, sqlite3_stmt* source, int c) {
  switch (sqlite3_column_type(source, c)) {
    case SQLITE_INTEGER:
      return sqlite3_bind_int64(insert, p, sqlite3_column_int64(source, c));
    case SQLITE_FLOAT:
      return sqlite3_bind_double(insert, p, sqlite3_column_double(source, c));
    case SQLITE_TEXT: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(source, c));
      if (text == nullptr) return SQLITE_NOMEM;
      return sqlite3_bind_text(insert, p, text, sqlite3_column_bytes(source, c), SQLITE_STATIC);
    }
    case SQLITE_BLOB: {
      const void* blob = sqlite3_column_blob(source, c);
      const int bytes = sqlite3_column_bytes(source, c);
      // A zero-length blob reads back as a null pointer, which would bind NULL.
      return blob == nullptr ? sqlite3_bind_zeroblob(insert, p, 0)
                             : sqlite3_bind_blob(insert, p, blob, bytes, SQLITE_STATIC);
    }
    default:
      return sqlite3_bind_null(insert, p);
  }
}

// Binds the form a copied row stores: a row written without a key (drop_key) stores its form, the
// source's if it was a collision row there too, else one computed from its givens; a row with
// its key stores none.
int BindCopiedForm(sqlite3_stmt* insert, int p, sqlite3_stmt* source, const CopiedColumns& columns,
                   bool drop_key) {
  if (!drop_key) return sqlite3_bind_null(insert, p);
  if (sqlite3_column_type(source, columns.collision) != SQLITE_NULL || columns.givens < 0) {
    return BindColumnInPlace(insert, p, source, columns.collision);
  }
  const std::optional<Grid> givens = ColumnGrid(source, columns.givens);
  if (!givens) return sqlite3_bind_null(insert, p);  // the CHECK on givens_packed refuses it
  const std::string form = ToString(CanonicalForm(*givens));
  return BindCopy(insert, p, form);
}

}  // namespace

int BindCopiedRow(sqlite3_stmt* insert, int64_t run_id, sqlite3_stmt* source,
                  const CopiedColumns& columns, bool drop_key) {
  int rc = sqlite3_bind_int64(insert, 1, run_id);
  const int count = static_cast<int>(columns.names.size());
  for (int c = 0; c < count && rc == SQLITE_OK; ++c) {
    if (c == columns.key && drop_key) {
      rc = sqlite3_bind_null(insert, c + 2);
    } else if (c == columns.collision) {
      rc = BindCopiedForm(insert, c + 2, source, columns, drop_key);
    } else {
      rc = BindColumnInPlace(insert, c + 2, source, c);
    }
  }
  return rc;
}

}  // namespace sudoku::storage_internal
