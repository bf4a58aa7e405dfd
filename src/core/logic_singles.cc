// Pencil-mark state, singles and locked candidates of the logical solver (logic_internal.h).
#include <algorithm>
#include <iterator>

#include "logic_internal.h"

namespace sudoku::logic {

CellMasks ComputeMasks(const State& s) {
  CellMasks masks{};
  for (int d = 0; d < kDigits; ++d) {
    const uint16_t bit = static_cast<uint16_t>(1u << d);
    s.cand[d].ForEach([&](int cell) { masks[cell] |= bit; });
  }
  return masks;
}

bool InitState(const Grid& puzzle, State* s) {
  if (!HasNoConflict(puzzle)) return false;
  SetUpState(puzzle, s);
  return true;
}

void SetUpState(const Grid& puzzle, State* s) {
  s->grid = Grid{};
  s->empty = CellSet::All();
  s->cand.fill(CellSet::All());
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] != 0) Place(*s, cell, puzzle[cell] - 1);
  }
}

void Place(State& s, int cell, int d) {
  s.grid[cell] = static_cast<uint8_t>(d + 1);
  const CellSet keep = ~CellSet::Of(cell);
  s.empty &= keep;
  for (CellSet& set : s.cand) set &= keep;
  s.cand[d] &= ~Peers(cell);
}

bool Eliminate(State& s, int d, CellSet cells) {
  const CellSet hit = s.cand[d] & cells;
  s.cand[d] &= ~hit;
  return hit.Any();
}

namespace {

// The positions of digit d in every house (Work::where), from the 9-bit rows of its cell set:
// a box takes three bits of each of its three rows, a column one bit of each row.
void ComputeWhere(CellSet cand, int d, Work* w) {
  uint32_t row[9];
  for (int r = 0; r < 7; ++r) row[r] = static_cast<uint32_t>(cand.lo >> (9 * r)) & 0x1FF;
  row[7] = static_cast<uint32_t>((cand.lo >> 63) | (cand.hi << 1)) & 0x1FF;
  row[8] = static_cast<uint32_t>(cand.hi >> 8) & 0x1FF;
  uint16_t col[9] = {};
  for (int r = 0; r < 9; ++r) {
    w->where[r][d] = static_cast<uint16_t>(row[r]);
    for (uint32_t bits = row[r]; bits; bits &= bits - 1) col[std::countr_zero(bits)] |= 1u << r;
  }
  for (int c = 0; c < 9; ++c) w->where[9 + c][d] = col[c];
  for (int b = 0; b < 9; ++b) {
    const int r = 3 * (b / 3), shift = 3 * (b % 3);
    w->where[18 + b][d] =
        static_cast<uint16_t>(((row[r] >> shift) & 7) | ((row[r + 1] >> shift) & 7) << 3 |
                              ((row[r + 2] >> shift) & 7) << 6);
  }
}

}  // namespace

void ComputeWork(const State& s, Work* w) {
  w->masks = ComputeMasks(s);
  for (CellSet& set : w->with_count) set = CellSet{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int count = std::popcount(w->masks[cell]);
    if (count >= 2 && count <= 4) w->with_count[count].Set(cell);
  }
  w->bivalue = w->with_count[2];
  for (int d = 0; d < kDigits; ++d) ComputeWhere(s.cand[d], d, w);
  for (auto& houses : w->houses_with_count) std::fill(std::begin(houses), std::end(houses), 0u);
  for (int h = 0; h < kHouses; ++h) {
    const uint16_t* where = w->where[h];
    for (uint16_t& digits : w->digits_with_count[h]) digits = 0;
    for (int d = 0; d < kDigits; ++d) {
      const int count = std::popcount(where[d]);
      if (count < 2 || count > 4) continue;
      w->digits_with_count[h][count] |= static_cast<uint16_t>(1u << d);
      w->houses_with_count[d][count] |= 1u << h;
    }
  }
}

namespace {

// Records a singles step of `placed` placements.
bool SinglesStep(Technique technique, int placed, Step* step) {
  if (placed == 0) return false;
  *step = {technique, TechniqueRating(technique), placed};
  return true;
}

// Places d at `cell` and opens what that changes: the cell's houses (one empty cell fewer, and
// one cell fewer for each other digit it held) and the houses of the peers that lose d, but for
// the cell's own houses, where d is placed and so has no cell any more.
void PlaceOpening(State& s, int cell, int d, SinglesMemory* m) {
  const uint32_t own = HousesOf(cell);
  m->open_houses |= own;
  m->open[d] |= HousesOf(s.cand[d] & Peers(cell));
  const bool high = cell >= 64;  // the word of the cell's bit, without a branch per digit
  const int shift = cell & 63;
  for (int e = 0; e < kDigits; ++e) {
    const uint64_t bits = high ? s.cand[e].hi : s.cand[e].lo;
    m->open[e] |= own & (0u - static_cast<uint32_t>((bits >> shift) & 1));
  }
  m->open[d] &= ~own;
  Place(s, cell, d);
}

// Searches the open houses of `range` (bits of *open) in increasing order: found(h) places a
// single if h has one, and may open houses. A house is closed before its search (and after its
// placement); one opened after the current house joins the search: each house is searched as it
// is when its turn comes.
template <typename F>
int SearchOpen(uint32_t range, uint32_t* open, F&& found) {
  uint32_t todo = *open & range;
  *open &= ~todo;
  int placed = 0;
  while (todo) {
    const int h = std::countr_zero(todo);
    todo &= todo - 1;
    if (!found(h)) continue;
    ++placed;
    const uint32_t later = *open & range & ~((2u << h) - 1);
    *open &= ~(later | 1u << h);
    todo |= later;
  }
  return placed;
}

// Places, for every open house h in `range` (bits) where digit d has one candidate cell, d
// there; digit-major, houses in increasing order. Closes the houses it searched.
int PlaceHiddenSingles(State& s, uint32_t range, SinglesMemory* m) {
  int placed = 0;
  for (int d = 0; d < kDigits; ++d) {
    placed += SearchOpen(range, &m->open[d], [&](int h) {
      const CellSet x = s.cand[d] & House(h);
      if (!x.IsSingle()) return false;
      PlaceOpening(s, x.First(), d, m);
      return true;
    });
  }
  return placed;
}

// The state after a search that placed something is described by m: every change was opened.
int Described(const State& s, int placed, SinglesMemory* m) {
  if (placed > 0) {
    m->empty = s.empty;
    m->cand = s.cand;
  }
  return placed;
}

}  // namespace

void RefreshSingles(const State& s, SinglesMemory* m) {
  if (!m->valid) {
    m->valid = true;
    m->empty = s.empty;
    m->cand = s.cand;
    return;
  }
  // Candidates only go, so a set that lost nothing is the same and needs no copy.
  if (const CellSet filled = m->empty & ~s.empty; filled.Any()) {
    m->open_houses |= HousesOf(filled);
    m->empty = s.empty;
  }
  for (int d = 0; d < kDigits; ++d) {
    const CellSet gone = m->cand[d] & ~s.cand[d];
    if (gone.Empty()) continue;
    m->open[d] |= HousesOf(gone);
    m->cand[d] = s.cand[d];
  }
}

bool FindFullHouse(State& s, SinglesMemory* m, Step* step) {
  const int placed = SearchOpen(SinglesMemory::kAllHouses, &m->open_houses, [&](int h) {
    const CellSet open = s.empty & House(h);
    if (!open.IsSingle()) return false;
    const int cell = open.First();
    for (int d = 0; d < kDigits; ++d) {
      if (!s.cand[d].Has(cell)) continue;
      PlaceOpening(s, cell, d, m);
      return true;
    }
    return false;  // no digit can go there (a broken state)
  });
  return SinglesStep(Technique::kFullHouse, Described(s, placed, m), step);
}

bool FindHiddenSingleBox(State& s, SinglesMemory* m, Step* step) {
  constexpr uint32_t kBoxes = 0x1FFu << 18;
  return SinglesStep(Technique::kHiddenSingleBox, Described(s, PlaceHiddenSingles(s, kBoxes, m), m),
                     step);
}

bool FindHiddenSingleLine(State& s, SinglesMemory* m, Step* step) {
  constexpr uint32_t kLines = (1u << 18) - 1;
  return SinglesStep(Technique::kHiddenSingleLine,
                     Described(s, PlaceHiddenSingles(s, kLines, m), m), step);
}

bool FindFullHouse(State& s, Step* step) {
  SinglesMemory everything;
  return FindFullHouse(s, &everything, step);
}

bool FindHiddenSingleBox(State& s, Step* step) {
  SinglesMemory everything;
  return FindHiddenSingleBox(s, &everything, step);
}

bool FindHiddenSingleLine(State& s, Step* step) {
  SinglesMemory everything;
  return FindHiddenSingleLine(s, &everything, step);
}

bool FindNakedSingle(State& s, Step* step) {
  CellSet once, twice;
  for (const CellSet& set : s.cand) {
    twice |= once & set;
    once |= set;
  }
  const CellSet singles = once & ~twice & s.empty;
  int placed = 0;
  singles.ForEach([&](int cell) {
    for (int d = 0; d < kDigits; ++d) {
      // A placement earlier in this step may have removed the digit (only in a broken state).
      if (s.cand[d].Has(cell)) {
        Place(s, cell, d);
        ++placed;
        break;
      }
    }
  });
  return SinglesStep(Technique::kNakedSingle, placed, step);
}

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
      if (std::popcount(static_cast<unsigned>(pos)) >= 2 && (pos & ~part) == 0) table[pos] = k;
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

// The box to clear of d when line's positions of d lie in one box and that box has d off the
// line; -1 if none.
int ClaimingBox(const Work& w, int d, int line) {
  const int k = kSegmentOf[w.where[line][d]];
  if (k < 0) return -1;
  // Row r, columns of stack k: box (r / 3) * 3 + k, where the row is box row r % 3. Column c,
  // rows of band k: box k * 3 + c / 3, where the column is box column c % 3.
  const int box = line < 9 ? (line / 3) * 3 + k : k * 3 + (line - 9) / 3;
  const uint16_t on_line = line < 9 ? 0x7 << (3 * (line % 3)) : 0x49 << ((line - 9) % 3);
  return (w.where[18 + box][d] & ~on_line) != 0 ? box : -1;
}

bool LockedStep(Technique technique, Step* step) {
  *step = {technique, TechniqueRating(technique), 1};
  return true;
}

}  // namespace

// Items: (digit, box), digit-major. The Work tells without touching the state whether a
// pattern eliminates anything: the first one that does is the step.
bool FindPointing(State& s, const Work& w, Scan& scan, Step* step) {
  for (int d = 0; d < kDigits; ++d) {
    if (scan.Skip(d * 9 + 8, scan.DigitTouched(d))) continue;  // no box of d to search
    // Only boxes with two or three positions of d can have them on one line.
    const uint32_t boxes = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) >> 18;
    for (uint32_t todo = boxes; todo; todo &= todo - 1) {
      const int b = std::countr_zero(todo);
      if (scan.Skip(d * 9 + b, scan.DigitHouseTouched(d, 18 + b))) continue;
      const int line = PointingLine(w, d, b);
      if (line < 0) continue;
      Eliminate(s, d, House(line) & ~House(18 + b));
      scan.found = d * 9 + b;
      return LockedStep(Technique::kPointing, step);
    }
  }
  return false;
}

// Items: (digit, line), digit-major.
bool FindClaiming(State& s, const Work& w, Scan& scan, Step* step) {
  for (int d = 0; d < kDigits; ++d) {
    if (scan.Skip(d * 18 + 17, scan.DigitTouched(d))) continue;  // no line of d to search
    // Only lines with two or three positions of d can have them in one box.
    const uint32_t lines = (w.houses_with_count[d][2] | w.houses_with_count[d][3]) & 0x3FFFF;
    for (uint32_t todo = lines; todo; todo &= todo - 1) {
      const int line = std::countr_zero(todo);
      const int item = d * 18 + line;
      if (scan.Skip(item, scan.DigitHouseTouched(d, line))) continue;
      const int box = ClaimingBox(w, d, line);
      if (box < 0) continue;
      Eliminate(s, d, House(18 + box) & ~House(line));
      scan.found = item;
      return LockedStep(Technique::kClaiming, step);
    }
  }
  return false;
}

}  // namespace sudoku::logic
