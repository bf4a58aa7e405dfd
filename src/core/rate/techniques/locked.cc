// Locked candidates of the logical solver (techniques/locked.h): pointing and claiming, and SE's
// direct pointing and claiming, which place the digit that a pointing or claiming leaves with one
// place in a parallel house.
#include "core/rate/techniques/locked.h"

#include <climits>

#include "core/board/bits.h"

namespace sudoku::core_internal {

namespace {

// Positions in a house (Work::where) come in three segments of three: for a line, the cells it
// shares with each of the three boxes it crosses; for a box, its rows (bits 0-2 the top row, 3-5
// the middle one, 6-8 the bottom one). kSegmentOf[pos]: the segment (0-2) holding every position
// of `pos`, if pos has two or more and they all lie in one; else -1. kColumnOf: the same for the
// columns of a box (0x49 << k is column k).
constexpr std::array<int8_t, 512> MakeLocatorTable(uint16_t first, int step) {
  std::array<int8_t, 512> table{};
  for (int pos = 0; pos < 512; ++pos) {
    table[pos] = -1;
    for (int k = 0; k < 3; ++k) {
      const int part = first << (step * k);
      if (PopCount(static_cast<unsigned>(pos)) >= 2 && (pos & ~part) == 0) table[pos] = k;
    }
  }
  return table;
}
constexpr std::array<int8_t, 512> kSegmentOf = MakeLocatorTable(0x7, 3);
constexpr std::array<int8_t, 512> kColumnOf = MakeLocatorTable(0x49, 1);

// The line to clear of d when box b's positions of d lie on one line, and the positions of the
// box on that line (bits of the line's positions); -1 if none or if the line has no d outside.
int PointingLine(const Work& w, int d, int b) {
  const uint16_t pos = w.where[18 + b][d];
  if (const int k = kSegmentOf[pos]; k >= 0) {  // row k of the box
    const int row = (b / 3) * 3 + k;
    return (w.where[row][d] & ~(0x7 << (3 * (b % 3)))) != 0 ? row : -1;
  }
  if (const int k = kColumnOf[pos]; k >= 0) {  // column k of the box
    const int col = (b % 3) * 3 + k;
    return (w.where[9 + col][d] & ~(0x7 << (3 * (b / 3)))) != 0 ? 9 + col : -1;
  }
  return -1;
}

// The box of each line's segment k (rows: boxes of the row's band; columns: of its stack) and
// the positions of the box on the line: geometry in the layout of Work::where, for the locked
// candidates alone, so it stays here rather than in board/geometry.h.
struct LineBoxes {
  int8_t box[kHouses - 9][3];
  uint16_t on_line[kHouses - 9];
};
constexpr LineBoxes MakeLineBoxes() {
  LineBoxes t{};
  for (int line = 0; line < 18; ++line) {
    for (int k = 0; k < 3; ++k) {
      // Row r, columns of stack k: box (r / 3) * 3 + k, where the row is box row r % 3. Column
      // c, rows of band k: box k * 3 + c / 3, where the column is box column c % 3.
      t.box[line][k] = static_cast<int8_t>(line < 9 ? (line / 3) * 3 + k : k * 3 + (line - 9) / 3);
    }
    t.on_line[line] =
        static_cast<uint16_t>(line < 9 ? 0x7 << (3 * (line % 3)) : 0x49 << ((line - 9) % 3));
  }
  return t;
}
constexpr LineBoxes kLineBoxes = MakeLineBoxes();

// The box to clear of d when line's positions of d lie in one box and that box has d off the
// line; -1 if none.
int ClaimingBox(const Work& w, int d, int line) {
  const int k = kSegmentOf[w.where[line][d]];
  if (k < 0) return -1;
  const int box = kLineBoxes.box[line][k];
  return (w.where[18 + box][d] & ~kLineBoxes.on_line[line]) != 0 ? box : -1;
}

bool LockedStep(Technique technique, Step* step) {
  step->Set(technique, TechniqueRating(technique), 1);
  return true;
}

// Shows a locked pattern of d: `first` (the house d is confined in), `second` (the house it
// also lies in), and d's cells of `first` as Work w has them (the state before the step).
void ShowLocked(const Work& w, int d, int first, int second, Step* step) {
  step->ShowHouse(first);
  step->ShowHouse(second);
  for (unsigned pos = w.where[first][d]; pos; pos &= pos - 1) {
    step->ShowCell(kTables.house_cells[first][std::countr_zero(pos)]);
  }
}

// Positions of a box's row k and column k in Work::where.
constexpr uint16_t BoxRow(int k) { return static_cast<uint16_t>(0x7 << (3 * k)); }
constexpr uint16_t BoxColumn(int k) { return static_cast<uint16_t>(0x49 << k); }

// SE's condition for the single a direct pattern makes in house h: d has two or more positions
// there, and exactly one outside `removed` (the positions the pattern takes d from). That cell,
// or -1.
int LeftAlone(const Work& w, int h, int d, uint16_t removed) {
  const unsigned pos = w.where[h][d];
  const unsigned rest = pos & ~static_cast<unsigned>(removed);
  if (PopCount(pos) < 2 || PopCount(rest) != 1) return -1;
  return kTables.house_cells[h][std::countr_zero(rest)];
}

// Places d at `cell` for a direct step; false for no cell (-1).
bool PlaceDirect(State& s, int d, int cell, Technique technique, Step* step) {
  if (cell < 0) return false;
  PlaceDigit(s, cell, d);
  return LockedStep(technique, step);
}

// What a box's positions of a digit (9 bits, Work::where) offer a direct pointing, by box row
// and by box column: bits 0-2, rows the box lies on alone (two or more positions, all on that
// row); bits 3-5, rows the box would be left with one place off (two or more positions, one of
// them off that row, one or more on it); bits 6-11 the same for columns. Along a band (stack), a
// direct pointing exists iff one box's bits 0-2 (6-8) meet another's bits 3-5 (9-11); a box
// alone on a row has nothing off it, so the two are never the same box.
constexpr std::array<uint16_t, 512> MakeBoxPointing() {
  std::array<uint16_t, 512> table{};
  for (int pos = 0; pos < 512; ++pos) {
    if (PopCount(static_cast<unsigned>(pos)) < 2) continue;
    for (int k = 0; k < 3; ++k) {
      const int lines[2] = {0x7 << (3 * k), 0x49 << k};  // box row k, box column k
      for (int i = 0; i < 2; ++i) {
        const int on = pos & lines[i], off = pos & ~lines[i];
        if (off == 0) table[pos] |= static_cast<uint16_t>(1 << (6 * i + k));
        if (on != 0 && PopCount(static_cast<unsigned>(off)) == 1) {
          table[pos] |= static_cast<uint16_t>(1 << (6 * i + 3 + k));
        }
      }
    }
  }
  return table;
}
constexpr std::array<uint16_t, 512> kBoxPointing = MakeBoxPointing();

// Which direct pointings digit d has: bit 0 along a column of a stack, bit 1 along a row of a
// band. Each box's table bits are ORed over the band (stack): a box alone on a line has no place
// off any line of that direction, so "alone" and "left with one place" meet only across boxes.
unsigned DirectPointingKinds(const Work& w, int d) {
  uint16_t bits[9];
  for (int b = 0; b < 9; ++b) bits[b] = kBoxPointing[w.where[18 + b][d]];
  unsigned kinds = 0;
  for (int g = 0; g < 3; ++g) {
    const unsigned stack = bits[g] | bits[g + 3] | bits[g + 6];
    const unsigned band = bits[3 * g] | bits[3 * g + 1] | bits[3 * g + 2];
    kinds |= ((stack >> 6) & (stack >> 9) & 7) != 0 ? 1u : 0u;
    kinds |= (band & (band >> 3) & 7) != 0 ? 2u : 0u;
  }
  return kinds;
}

// A direct pointing of d from box b: its positions all on box column k (`column`) or box row k,
// and another box of that column (row) left with one place of d off it. The first such cell of
// the other boxes in order, or -1.
int PointingTarget(const Work& w, int d, int b, bool column, int k) {
  for (int j = 0; j < 3; ++j) {
    const int other = column ? j * 3 + b % 3 : (b / 3) * 3 + j;
    if (other == b) continue;
    const int cell = LeftAlone(w, 18 + other, d, column ? BoxColumn(k) : BoxRow(k));
    if (cell >= 0) return cell;
  }
  return -1;
}

// A direct claiming of d from `line`: its positions all in segment k (one box), and another line
// of the same direction crossing that box left with one place of d outside it. The first such
// cell of the other lines in order, or -1.
int ClaimingTarget(const Work& w, int d, int line, int k) {
  const int first = line < 9 ? (line / 3) * 3 : 9 + ((line - 9) / 3) * 3;
  for (int other = first; other < first + 3; ++other) {
    if (other == line) continue;
    const int cell = LeftAlone(w, other, d, BoxRow(k));  // a line's segment k, as a box's row k
    if (cell >= 0) return cell;
  }
  return -1;
}

}  // namespace

// SE's order (Locking.java): box and column pairs, then box and row pairs, each by box, then by
// the line crossing it, then by digit. Items (for the scan): (digit, box), digit-major. The Work
// tells without touching the state whether a pattern eliminates anything, so every item is
// checked and the pattern first in SE's order applied; scan.found is the first item that makes
// progress, all before it made none.
bool FindPointing(State& s, const Work& w, Scan& scan, Step* step) {
  int best = INT_MAX, best_line = -1, first = -1;  // best: SE's rank of the pattern
  for (int d = 0; d < kDigits; ++d) {
    // Only boxes with two or three positions of d can have them on one line.
    const uint32_t boxes = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) >> 18;
    const uint32_t todo_boxes = boxes & scan.TodoAt(d * 9, 9, scan.digit_houses[d] >> 18);
    for (uint32_t todo = todo_boxes; todo; todo &= todo - 1) {
      const int b = std::countr_zero(todo);
      const int line = PointingLine(w, d, b);
      if (line < 0) continue;
      if (first < 0) first = d * 9 + b;
      // Box and column pairs (243 of them) before box and row pairs; by box, line, digit.
      const int rank = (line < 9 ? 243 + (line % 3) * 9 : ((line - 9) % 3) * 9) + b * 27 + d;
      if (rank < best) best = rank, best_line = line;
    }
  }
  if (first < 0) return false;
  const int d = best % 9, b = best % 243 / 27;
  Eliminate(s, d, House(best_line) & ~House(18 + b));
  scan.found = first;
  if (step->Showing()) ShowLocked(w, d, 18 + b, best_line, step);
  return LockedStep(Technique::kPointing, step);
}

// SE's order: column and box pairs, then row and box pairs, each by line, then by the box it
// crosses, then by digit. Items: (digit, line), digit-major; chosen as FindPointing does.
bool FindClaiming(State& s, const Work& w, Scan& scan, Step* step) {
  int best = INT_MAX, best_box = -1, first = -1;  // best: SE's rank of the pattern
  for (int d = 0; d < kDigits; ++d) {
    // Only lines with two or three positions of d can have them in one box.
    const uint32_t lines = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) & 0x3FFFF;
    const uint32_t todo_lines = lines & scan.TodoAt(d * 18, 18, scan.digit_houses[d] & 0x3FFFF);
    for (uint32_t todo = todo_lines; todo; todo &= todo - 1) {
      const int line = std::countr_zero(todo);
      const int box = ClaimingBox(w, d, line);
      if (box < 0) continue;
      if (first < 0) first = d * 18 + line;
      // Columns (houses 9-17) before rows; by line, the box's segment k on it, digit.
      const int order = line < 9 ? 9 + line : line - 9;
      const int k = line < 9 ? box % 3 : box / 3;
      const int rank = order * 27 + k * 9 + d;
      if (rank < best) best = rank, best_box = box;
    }
  }
  if (first < 0) return false;
  const int d = best % 9, line = best / 27 < 9 ? 9 + best / 27 : best / 27 - 9;
  Eliminate(s, d, House(18 + best_box) & ~House(line));
  scan.found = first;
  if (step->Showing()) ShowLocked(w, d, line, 18 + best_box, step);
  return LockedStep(Technique::kClaiming, step);
}

// Items: digits (a direct pattern reads the candidates of its digit only). SE's order within a
// digit: boxes pointing along a column, along a row; the first other box left with one place.
bool FindDirectPointing(State& s, const Work& w, Scan& scan, Step* step) {
  for (uint32_t todo = scan.Todo(kDigits, scan.digits); todo; todo &= todo - 1) {
    const int d = std::countr_zero(todo);
    // Only boxes with two or three positions of d can have them on one line.
    const uint32_t boxes = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) >> 18;
    if (boxes == 0) continue;
    const unsigned kinds = DirectPointingKinds(w, d);
    if (kinds == 0) continue;
    for (bool column : {true, false}) {
      if (!(kinds & (column ? 1u : 2u))) continue;
      for (uint32_t left = boxes; left; left &= left - 1) {
        const int b = std::countr_zero(left);
        const uint16_t pos = w.where[18 + b][d];
        const int k = column ? kColumnOf[pos] : kSegmentOf[pos];
        if (k < 0) continue;
        const int cell = PointingTarget(w, d, b, column, k);
        if (PlaceDirect(s, d, cell, Technique::kDirectPointing, step)) {
          if (step->Showing()) {
            const int line = column ? 9 + (b % 3) * 3 + k : (b / 3) * 3 + k;
            ShowLocked(w, d, 18 + b, line, step);
            step->ShowHouse(BoxHouse(cell));
          }
          scan.found = d;
          return true;
        }
      }
    }
  }
  return false;
}

// Items: digits. SE's order within a digit: columns, then rows.
//
// In a state that keeps its solution and has no hidden single, a direct claiming never comes
// first: SE's direct pointing, tried before it, then applies too. Say row r claims d for box A
// and row t of the band is left with one place c, in box B; C is the third box, u the third
// row. B has no d on row r and none on row t but c. Row r has no d outside A and row t none in
// C, so d in C lies on row u: placed there, it leaves B with c alone (a hidden single); else C
// has two or more places, all on row u, and points along it, which leaves B with c alone off
// row u: a direct pointing placing d at c (or a hidden single if B has no d on row u). Columns
// alike.
bool FindDirectClaiming(State& s, const Work& w, Scan& scan, Step* step) {
  for (uint32_t todo = scan.Todo(kDigits, scan.digits); todo; todo &= todo - 1) {
    const int d = std::countr_zero(todo);
    const uint32_t lines = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) & 0x3FFFF;
    // Columns (houses 9-17) first.
    for (uint32_t left = (lines >> 9) | (lines & 0x1FF) << 9; left; left &= left - 1) {
      const int i = std::countr_zero(left);
      const int line = i < 9 ? 9 + i : i - 9;
      const int k = kSegmentOf[w.where[line][d]];
      if (k < 0) continue;
      const int cell = ClaimingTarget(w, d, line, k);
      if (PlaceDirect(s, d, cell, Technique::kDirectClaiming, step)) {
        if (step->Showing()) {
          ShowLocked(w, d, line, 18 + kLineBoxes.box[line][k], step);
          step->ShowHouse(line < 9 ? RowHouse(cell) : ColHouse(cell));
        }
        scan.found = d;
        return true;
      }
    }
  }
  return false;
}

}  // namespace sudoku::core_internal
