// The solving path (solve_path.h): its notation, its steps read off the pencil marks
// (path_recorder.h), and its bytes in the hints format (docs/app-pack.md).
#include "sudoku/core/solve_path.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "core/board/cell_set.h"
#include "core/board/geometry.h"
#include "core/rate/path_recorder.h"
#include "core/rate/state.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

// "r4c6" and the digit after `op`.
std::string FormatCellDigit(CellDigit x, const char* op) {
  std::string out = FormatCell(x.cell);
  out += op;
  out += static_cast<char>('0' + x.digit);
  return out;
}

// The flags byte of a step: which parts follow the technique, in this order.
enum HintFlag : uint8_t {
  kHasRating = 1,  // the step's rating differs from the technique's (the pack's techniques table)
  kHasPlacements = 2,
  kHasRemovals = 4,
  kHasCells = 8,
  kHasHouses = 16,
  kHasChain = 32,
  kReservedFlags = 64 | 128,  // a decoder of this version refuses a step with either set
};
constexpr uint8_t kNodeDigit = 15, kNodeOn = 16, kNodeStartsChain = 32;
// A placement's second byte: the digit, and above it the kind of house the placement is single
// in (1 row, 2 column, 3 box; 0 none), which spares a step of singles its houses list.
constexpr uint8_t kPlacementDigit = 15;
constexpr int kKindShift = 4;

// The kind (1 row, 2 column, 3 box) of `house` among the houses of `cell`, or 0.
int HouseKind(int cell, int house) {
  for (int k = 0; k < 3; ++k) {
    if (core_internal::kHousePlaces[cell].house[k] == house) return k + 1;
  }
  return 0;
}

// True iff the step's houses are one of each placement's, in order: they ride on the
// placements' kinds.
bool HousesByKind(const PathStep& step) {
  if (step.houses.empty() || step.houses.size() != step.placements.size()) return false;
  for (size_t i = 0; i < step.houses.size(); ++i) {
    if (HouseKind(step.placements[i].cell, step.houses[i]) == 0) return false;
  }
  return true;
}

// The cells of a chain, each once, in the order the chain first reaches them.
std::vector<uint8_t> ChainCells(const std::vector<ChainNode>& chain) {
  std::vector<uint8_t> cells;
  for (const ChainNode& node : chain) {
    if (std::find(cells.begin(), cells.end(), node.cell) == cells.end()) cells.push_back(node.cell);
  }
  return cells;
}

void PutCount(size_t n, std::string* out) {  // unsigned LEB128
  while (n >= 128) {
    out->push_back(static_cast<char>(0x80 | (n & 0x7f)));
    n >>= 7;
  }
  out->push_back(static_cast<char>(n));
}

// Placements and removals; with `houses`, each placement's kind of house from it.
void PutCellDigits(const std::vector<CellDigit>& list, const std::vector<uint8_t>* houses,
                   std::string* out) {
  PutCount(list.size(), out);
  for (size_t i = 0; i < list.size(); ++i) {
    const int kind = houses != nullptr ? HouseKind(list[i].cell, (*houses)[i]) : 0;
    out->push_back(static_cast<char>(list[i].cell));
    out->push_back(static_cast<char>(list[i].digit | kind << kKindShift));
  }
}

void PutBytes(const std::vector<uint8_t>& list, std::string* out) {
  PutCount(list.size(), out);
  out->append(list.begin(), list.end());
}

// Reads bytes front to back; any read past the end or of a value out of range fails it for good.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool done() const { return pos_ == bytes_.size(); }
  int Byte(int limit) {  // a byte < limit
    if (pos_ >= bytes_.size()) return Fail();
    const int b = static_cast<uint8_t>(bytes_[pos_++]);
    return b < limit ? b : Fail();
  }
  size_t Count() {  // at most the bytes left: a longer list cannot follow
    size_t n = 0;
    for (int shift = 0; shift < 28; shift += 7) {
      const int b = Byte(256);
      n |= static_cast<size_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return n <= bytes_.size() - pos_ ? n : Fail();
    }
    return Fail();
  }

 private:
  int Fail() {
    ok_ = false;
    pos_ = bytes_.size();
    return 0;
  }
  std::string_view bytes_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// Placements (with `kinds`, each one's kind of house, 0-3) or removals (no kinds).
void GetCellDigits(Reader& in, std::vector<CellDigit>* list, std::vector<int>* kinds) {
  const size_t n = in.Count();
  for (size_t i = 0; i < n && in.ok(); ++i) {
    const int cell = in.Byte(kCells);
    const int second = in.Byte(kinds != nullptr ? 64 : kDigits + 1);
    const int digit = second & kPlacementDigit;
    if (digit == 0 || digit > kDigits) in.Byte(0);  // fails: digits are 1-9
    list->push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(digit)});
    if (kinds != nullptr) kinds->push_back(second >> kKindShift);
  }
}

void GetBytes(Reader& in, int limit, std::vector<uint8_t>* list) {
  const size_t n = in.Count();
  for (size_t i = 0; i < n && in.ok(); ++i) list->push_back(static_cast<uint8_t>(in.Byte(limit)));
}

// The houses the placements' kinds name: all or none of them name one, and then the step
// has no houses list of its own. False otherwise.
bool HousesFromKinds(const std::vector<int>& kinds, PathStep* step) {
  const size_t named = kinds.size() - std::count(kinds.begin(), kinds.end(), 0);
  if (named == 0) return true;
  if (named != kinds.size() || !step->houses.empty()) return false;
  for (size_t i = 0; i < kinds.size(); ++i) {
    step->houses.push_back(static_cast<uint8_t>(
        core_internal::kHousePlaces[step->placements[i].cell].house[kinds[i] - 1]));
  }
  return true;
}

bool GetStep(Reader& in, PathStep* step) {
  const int technique = in.Byte(kTechniqueCount);
  const int flags = in.Byte(256);
  if ((flags & kReservedFlags) != 0) return false;
  step->technique = static_cast<Technique>(technique);
  step->rating = (flags & kHasRating) ? in.Byte(256) : TechniqueRating(step->technique);
  std::vector<int> kinds;
  if (flags & kHasPlacements) GetCellDigits(in, &step->placements, &kinds);
  if (flags & kHasRemovals) GetCellDigits(in, &step->removals, nullptr);
  if (flags & kHasCells) GetBytes(in, kCells, &step->cells);
  if (flags & kHasHouses) GetBytes(in, core_internal::kHouses, &step->houses);
  if (flags & kHasChain) {
    const size_t n = in.Count();
    for (size_t i = 0; i < n && in.ok(); ++i) {
      const int cell = in.Byte(kCells);
      const int node = in.Byte(64);
      const int digit = node & kNodeDigit;
      if (digit == 0 || digit > kDigits) return false;
      step->chain.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(digit),
                             (node & kNodeOn) != 0, (node & kNodeStartsChain) != 0});
    }
    // A chain's step without a cells list shows the chain's cells.
    if (!(flags & kHasCells)) step->cells = ChainCells(step->chain);
  }
  return in.ok() && HousesFromKinds(kinds, step);
}

}  // namespace

std::string FormatCell(int cell) {
  return {'r', static_cast<char>('1' + cell / 9), 'c', static_cast<char>('1' + cell % 9)};
}

std::string FormatHouse(int house) {
  static constexpr const char* kKinds[] = {"row ", "column ", "box "};
  return kKinds[house / 9] + std::to_string(house % 9 + 1);
}

std::string FormatPlacement(CellDigit placement) { return FormatCellDigit(placement, "="); }

std::string FormatRemoval(CellDigit removal) { return FormatCellDigit(removal, "<>"); }

std::string FormatChainNode(ChainNode node) {
  return FormatCellDigit({node.cell, node.digit}, node.on ? "=" : "<>");
}

std::string EncodeHints(const SolvePath& path) {
  std::string out;
  for (const PathStep& step : path.steps) {
    const bool own_rating = step.rating != TechniqueRating(step.technique);
    const bool kinds = HousesByKind(step);
    // A chain's cells are left out where they are the chain's; an empty list is then written.
    const bool cells =
        step.chain.empty() ? !step.cells.empty() : step.cells != ChainCells(step.chain);
    const uint8_t flags =
        (own_rating ? kHasRating : 0) | (step.placements.empty() ? 0 : kHasPlacements) |
        (step.removals.empty() ? 0 : kHasRemovals) | (cells ? kHasCells : 0) |
        (step.houses.empty() || kinds ? 0 : kHasHouses) | (step.chain.empty() ? 0 : kHasChain);
    out.push_back(static_cast<char>(step.technique));
    out.push_back(static_cast<char>(flags));
    if (own_rating) out.push_back(static_cast<char>(step.rating));
    if (flags & kHasPlacements)
      PutCellDigits(step.placements, kinds ? &step.houses : nullptr, &out);
    if (flags & kHasRemovals) PutCellDigits(step.removals, nullptr, &out);
    if (flags & kHasCells) PutBytes(step.cells, &out);
    if (flags & kHasHouses) PutBytes(step.houses, &out);
    if (flags & kHasChain) {
      PutCount(step.chain.size(), &out);
      for (const ChainNode& node : step.chain) {
        out.push_back(static_cast<char>(node.cell));
        out.push_back(static_cast<char>(node.digit | (node.on ? kNodeOn : 0) |
                                        (node.starts_chain ? kNodeStartsChain : 0)));
      }
    }
  }
  return out;
}

bool DecodeHints(std::string_view bytes, SolvePath* path) {
  path->steps.clear();
  Reader in(bytes);
  while (!in.done()) {
    if (!GetStep(in, &path->steps.emplace_back())) {
      path->steps.clear();
      return false;
    }
  }
  return true;
}

namespace core_internal {
namespace {

// A singles finder shows each placement's cell and house in the order it places them (a naked
// single shows nothing); the path keeps houses[i] as the house of placements[i], which are in
// cell order, and no cells (they are the placements').
void HousesByPlacement(PathStep* step) {
  std::array<int8_t, kCells> house_of;
  house_of.fill(-1);
  const size_t n = std::min(step->cells.size(), step->houses.size());
  for (size_t i = 0; i < n; ++i) house_of[step->cells[i]] = static_cast<int8_t>(step->houses[i]);
  step->houses.clear();
  for (const CellDigit& p : step->placements) {
    if (house_of[p.cell] >= 0) step->houses.push_back(static_cast<uint8_t>(house_of[p.cell]));
  }
  if (step->houses.size() != step->placements.size()) step->houses.clear();
  step->cells.clear();
}

}  // namespace

void AppendPathStep(const State& before, const State& after, Technique technique, int rating,
                    PathStep&& shown, SolvePath* path) {
  PathStep& step = path->steps.emplace_back(std::move(shown));
  step.technique = technique;
  step.rating = rating;
  // A placed digit leaves its peers: those removals are the placement's, not the step's.
  std::array<CellSet, kDigits> implied{};
  const CellSet placed = before.empty & ~after.empty;
  placed.ForEach([&](int cell) {
    const int digit = after.grid[cell];
    step.placements.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(digit)});
    implied[digit - 1] |= Peers(cell);
  });
  std::array<CellSet, kDigits> removed;
  CellSet touched;
  for (int d = 0; d < kDigits; ++d) {
    removed[d] = before.cand[d] & ~after.cand[d] & after.empty & ~implied[d];
    touched |= removed[d];
  }
  touched.ForEach([&](int cell) {
    for (int d = 0; d < kDigits; ++d) {
      if (removed[d].Has(cell)) {
        step.removals.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(d + 1)});
      }
    }
  });
  if (DescribeTechnique(technique).family == TechniqueFamily::kSingle) HousesByPlacement(&step);
}

}  // namespace core_internal
}  // namespace sudoku
