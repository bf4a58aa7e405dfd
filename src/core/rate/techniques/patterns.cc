// Fixed patterns of the logical solver (techniques/patterns.h): XY-wing, XYZ-wing, skyscraper,
// 2-string kite and W-wing.
#include "core/rate/techniques/patterns.h"

#include <algorithm>
#include <climits>
#include <initializer_list>
#include <utility>

namespace sudoku::core_internal {
namespace {

bool Done(Technique technique, Step* step) {
  step->Set(technique, TechniqueRating(technique), 1);
  return true;
}

int Digit(uint16_t single_bit_mask) { return std::countr_zero(single_bit_mask); }

// Shows the cells of a pattern, in the order given.
void ShowCells(std::initializer_list<int> cells, Step* step) {
  for (int cell : cells) step->ShowCell(cell);
}

// True iff `bits` has exactly one bit.
bool OneBit(unsigned bits) { return bits != 0 && (bits & (bits - 1)) == 0; }

// A line where a digit has exactly two cells, and those positions (Work::where bits).
struct Link {
  int line;
  uint16_t pos;
};

// The lines of [first, first + 9) (rows 0, columns 9) where d has exactly two cells.
int ConjugateLines(const Work& w, int d, int first, Link* out) {
  int n = 0;
  for (uint32_t lines = w.houses_with_count[d][2] & (0x1FFu << first); lines; lines &= lines - 1) {
    const int l = std::countr_zero(lines);
    out[n++] = {l, w.where[l][d]};
  }
  return n;
}

// The cell at position `pos` of house h.
int CellAt(int h, int pos) { return kTables.house_cells[h][pos]; }

// The first and the last position of `pos`. REQUIRES: pos != 0 (the bound only shows the
// compiler that the index stays in range).
int FirstPosition(unsigned pos) { return std::min(std::countr_zero(pos), 8); }
int LastPosition(unsigned pos) { return std::max(31 - std::countl_zero(pos), 0); }

// The cells of a link, in increasing order (positions go with the cells).
void LinkCells(const Link& link, int* cells) {
  cells[0] = CellAt(link.line, FirstPosition(link.pos));
  cells[1] = CellAt(link.line, LastPosition(link.pos));
}

// Removes digit d from the cells seeing both a and b; true if anything went.
bool EliminateSeenByBoth(State& s, int d, int a, int b) {
  return Eliminate(s, d, Peers(a) & Peers(b));
}

// The first house holding exactly two cells of x, one seeing a and the other seeing b; -1 if
// none.
int WWingLink(const Work& w, int x, int a, int b) {
  for (uint32_t houses = w.houses_with_count[x][2]; houses; houses &= houses - 1) {
    const int h = std::countr_zero(houses);
    const int p = CellAt(h, FirstPosition(w.where[h][x]));
    const int q = CellAt(h, LastPosition(w.where[h][x]));
    if ((Sees(p, a) && Sees(q, b)) || (Sees(p, b) && Sees(q, a))) return h;
  }
  return -1;
}

// Shows a W-wing: the link's house, then its cells from a to b: a, the link's end seeing a,
// the other end, b.
void ShowWWing(const Work& w, int x, int a, int b, int link, Step* step) {
  int p = CellAt(link, FirstPosition(w.where[link][x]));
  int q = CellAt(link, LastPosition(w.where[link][x]));
  if (!(Sees(p, a) && Sees(q, b))) std::swap(p, q);
  step->ShowHouse(link);
  ShowCells({a, p, q, b}, step);
}

// The cells holding both digits of `pair`.
CellSet BothDigits(const State& s, uint16_t pair) {
  return s.cand[std::countr_zero(pair)] &
         s.cand[std::countr_zero(static_cast<unsigned>(pair & (pair - 1)))];
}

}  // namespace

// Items: pivot cells (a wing reads the candidates of its pivot and the pivot's peers only).
// A pivot {x,y} needs a wing {x,z} or {y,z} (sharing one digit with it) and a wing holding the
// other pivot digit and z: the bivalue peers holding both, in increasing order.
bool FindXyWing(State& s, const Work& w, Scan& scan, Step* step) {
  const CellSet bivalue = w.bivalue;
  return (bivalue & scan.TodoCells(scan.near)).Find([&](int pivot) {
    const uint16_t mp = w.masks[pivot];
    const CellSet wings = Peers(pivot) & bivalue;
    const CellSet with_x = wings & s.cand[std::countr_zero(mp)];
    const CellSet with_y = wings & s.cand[std::countr_zero(static_cast<unsigned>(mp & (mp - 1)))];
    const bool found = ((with_x | with_y) & ~(with_x & with_y)).Find([&](int a) {
      const int z = Digit(w.masks[a] & ~mp);
      const int other = Digit(mp & ~w.masks[a]);
      return (wings & s.cand[other] & s.cand[z]).Find([&](int b) {
        if (!EliminateSeenByBoth(s, z, a, b)) return false;
        ShowCells({pivot, a, b}, step);
        return true;
      });
    });
    if (found) scan.found = pivot;
    return found;
  }) && Done(Technique::kXyWing, step);
}

// Items: pivot cells. The wings are the bivalue peers with no digit outside the pivot's: those
// holding two of its three digits.
bool FindXyzWing(State& s, const Work& w, Scan& scan, Step* step) {
  return (w.with_count[3] & scan.TodoCells(scan.near)).Find([&](int pivot) {
    const uint16_t mp = w.masks[pivot];
    const int x = std::countr_zero(mp), y = std::countr_zero(static_cast<unsigned>(mp & (mp - 1)));
    const int z = 31 - std::countl_zero(static_cast<unsigned>(mp));
    const CellSet wings =
        Peers(pivot) & w.bivalue &
        ((s.cand[x] & s.cand[y]) | (s.cand[x] & s.cand[z]) | (s.cand[y] & s.cand[z]));
    const bool found = wings.Find([&](int a) {
      return wings.Find([&](int b) {
        if (b <= a || w.masks[b] == w.masks[a]) return false;
        if (!Eliminate(s, Digit(w.masks[a] & w.masks[b]), Peers(pivot) & Peers(a) & Peers(b))) {
          return false;
        }
        ShowCells({pivot, a, b}, step);
        return true;
      });
    });
    if (found) scan.found = pivot;
    return found;
  }) && Done(Technique::kXyzWing, step);
}

namespace {

// The turbot fish SE takes: of every skyscraper and kite, the first in SE's order (cells in
// rows, then digits; for one candidate, its removal before its placement) of the candidates that
// see both tails (removed) and of the tails that such a candidate leaves alone in a house
// (placed), with the pattern to show.
struct Turbot {
  int rank = INT_MAX;  // (cell * 9 + digit) * 2, plus 1 for a placement
  Technique technique = Technique::kNone;
  int houses[3] = {};
  int cells[4] = {};  // tail, its link's other end, the other link's end, the other tail
  int partner = -1;   // a placement's: the candidate removed, the tail's other place in a house
};

// True iff `tail` and `cell` are the only places of d in a house holding both.
bool StrongLink(const Work& w, int d, int tail, int cell) {
  for (uint32_t hs = HousesOf(tail) & HousesOf(cell); hs; hs &= hs - 1) {
    if (PopCount(w.where[std::countr_zero(hs)][d]) == 2) return true;
  }
  return false;
}

// Offers the chain of d between tails a and b: its first candidate seeing both tails, and its
// tails if such a candidate leaves one alone in a house; true if one comes before the best so
// far (then the caller fills in the pattern).
bool Offer(const State& s, const Work& w, int d, int a, int b, Turbot* best) {
  const CellSet targets = s.cand[d] & Peers(a) & Peers(b);
  if (!targets.Any()) return false;
  const int before = best->rank;
  if ((targets.First() * 9 + d) * 2 < best->rank) {
    best->rank = (targets.First() * 9 + d) * 2;
    best->partner = -1;
  }
  for (int tail : {a, b}) {
    if ((tail * 9 + d) * 2 + 1 >= best->rank) continue;
    targets.Find([&](int cell) {
      if (!StrongLink(w, d, tail, cell)) return false;
      best->rank = (tail * 9 + d) * 2 + 1;
      best->partner = cell;
      return true;
    });
  }
  return best->rank != before;
}

// Records the pattern of the best chain: its technique, houses (2 or 3) and cells.
void Keep(Technique technique, std::initializer_list<int> houses, std::initializer_list<int> cells,
          Turbot* best) {
  best->technique = technique;
  std::copy(houses.begin(), houses.end(), best->houses);
  std::copy(cells.begin(), cells.end(), best->cells);
}

// Shows a placement's chain: the tail off, its link's other end on, the other link's end off,
// the other tail on, the partner off (it sees both tails), the tail on (its one other place).
void ShowPlacementChain(const Turbot& t, int d, Step* step) {
  const int cell = t.rank / 18;
  const bool forward = t.cells[0] == cell;
  for (int i = 0; i < 4; ++i) {
    step->ShowNode(t.cells[forward ? i : 3 - i], d + 1, i % 2 == 1, i == 0);
  }
  step->ShowNode(t.partner, d + 1, false, false);
  step->ShowNode(cell, d + 1, true, false);
}

// The skyscrapers of d: two parallel lines with two cells each, one end of each on a common
// cross line (the base), the other ends (the tails) on different cross lines (both aligned would
// be an X-wing): positions of the lines are cross lines, so the base is their one common one.
// `links[0]` the row links (n[0] of them), `links[1]` the column links.
void OfferSkyscrapers(const State& s, const Work& w, int d, const Link (*links)[9], const int* n,
                      Turbot* best) {
  for (int k = 0; k < 2; ++k) {  // rows as the parallel lines, then columns
    const Link* lines = links[k];
    for (int i = 0; i < n[k]; ++i) {
      for (int j = i + 1; j < n[k]; ++j) {
        const uint16_t shared = lines[i].pos & lines[j].pos;
        if (!OneBit(shared)) continue;
        const int at = FirstPosition(shared);
        const int tail_i = CellAt(lines[i].line, FirstPosition(lines[i].pos & ~shared));
        const int tail_j = CellAt(lines[j].line, FirstPosition(lines[j].pos & ~shared));
        if (Offer(s, w, d, tail_i, tail_j, best)) {
          Keep(Technique::kSkyscraper, {lines[i].line, lines[j].line},
               {tail_i, CellAt(lines[i].line, at), CellAt(lines[j].line, at), tail_j}, best);
        }
      }
    }
  }
}

// The kites of d: a row link and a column link, one end of each in a common box (not the same
// cell), the other ends the tails. `links` and `n` as for OfferSkyscrapers.
void OfferKites(const State& s, const Work& w, int d, const Link (*links)[9], const int* n,
                Turbot* best) {
  const Link *rows = links[0], *cols = links[1];
  const int n_rows = n[0], n_cols = n[1];
  // A row and a column meet in a box of the kite only if the column's stack holds an end of
  // the row and the row's band an end of the column: bit c of in_stack[k] (in_band[t]) says
  // column link c lies in stack k (has an end in band t).
  int q[9][2];
  uint32_t in_stack[3] = {}, in_band[3] = {};
  for (int c = 0; c < n_cols; ++c) {
    LinkCells(cols[c], q[c]);
    in_stack[(cols[c].line - 9) / 3] |= 1u << c;
    for (int cell : q[c]) in_band[RowOf(cell) / 3] |= 1u << c;
  }
  for (int r = 0; r < n_rows; ++r) {
    int p[2];
    LinkCells(rows[r], p);
    const uint32_t meeting =
        (in_stack[ColOf(p[0]) / 3] | in_stack[ColOf(p[1]) / 3]) & in_band[rows[r].line / 3];
    for (uint32_t todo = meeting; todo; todo &= todo - 1) {
      const int c = std::countr_zero(todo);
      for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
          const int pe = p[1 - i], qe = q[c][1 - j];
          if (p[i] == q[c][j] || pe == q[c][j] || qe == p[i] || pe == qe) continue;
          if (BoxOf(p[i]) != BoxOf(q[c][j])) continue;
          if (Offer(s, w, d, pe, qe, best)) {
            Keep(Technique::kTwoStringKite, {rows[r].line, cols[c].line, BoxHouse(p[i])},
                 {pe, p[i], q[c][j], qe}, best);
          }
        }
      }
    }
  }
}

// Shows a skyscraper's or kite's houses and cells, and a placement's chain.
void ShowTurbot(const Turbot& t, Step* step) {
  const int house_count = t.technique == Technique::kSkyscraper ? 2 : 3;
  for (int i = 0; i < house_count; ++i) step->ShowHouse(t.houses[i]);
  ShowCells({t.cells[0], t.cells[1], t.cells[2], t.cells[3]}, step);
  if (t.rank % 2 == 1) ShowPlacementChain(t, t.rank / 2 % 9, step);
}

// The first skyscraper or kite in SE's order over the digits of `todo`; *first, the first digit
// with one (-1: none).
Turbot BestTurbotFish(const State& s, const Work& w, uint32_t todo, int* first) {
  Turbot best;
  *first = -1;
  for (; todo; todo &= todo - 1) {
    const int d = std::countr_zero(todo);
    Link links[2][9];
    const int n[2] = {ConjugateLines(w, d, 0, links[0]), ConjugateLines(w, d, 9, links[1])};
    if (n[0] + n[1] < 2) continue;
    const int before = best.rank;
    OfferSkyscrapers(s, w, d, links, n, &best);
    OfferKites(s, w, d, links, n, &best);
    if (*first < 0 && best.rank != before) *first = d;
  }
  return best;
}

}  // namespace

// Items: digits. SE finds these as X forcing chains of two strong links (its "Turbot Fish"):
// from each candidate in turn (cells in rows, then digits), the candidate assumed true until it
// turns itself false, then assumed false until it turns itself true, so its hint removes or
// places that one candidate. Every skyscraper and kite is looked at, and the first such
// candidate removed or placed.
bool FindTurbotFish(State& s, const Work& w, Scan& scan, Step* step) {
  int first;
  const Turbot best = BestTurbotFish(s, w, scan.Todo(kDigits, scan.digits), &first);
  if (first < 0) return false;
  const int cell = best.rank / 18, d = best.rank / 2 % 9;
  if (best.rank % 2 == 1) {
    PlaceDigit(s, cell, d);
  } else {
    Eliminate(s, d, CellSet::Of(cell));
  }
  if (step->Showing()) ShowTurbot(best, step);
  scan.found = first;
  return Done(best.technique, step);
}

Technique TurbotFishName(const State& s, const Work& w, int cell, int d, bool place, Step* step) {
  int first;
  const Turbot best = BestTurbotFish(s, w, (1u << kDigits) - 1, &first);
  if (first < 0 || best.rank != (cell * kDigits + d) * 2 + (place ? 1 : 0)) {
    return Technique::kXChain;
  }
  if (step != nullptr && step->Showing()) ShowTurbot(best, step);
  return best.technique;
}

bool WWingRemoves(const State& s, const Work& w, int cell, int d, Step* step) {
  return (w.bivalue & s.cand[d] & Peers(cell)).Find([&](int a) {
    const uint16_t pair = w.masks[a];
    const int x = Digit(pair & ~(1u << d));  // the digit of the strong link
    return (w.bivalue & BothDigits(s, pair) & ~Peers(a) & Peers(cell) & ~CellSet::Of(a))
        .Find([&](int b) {
          const int link = WWingLink(w, x, a, b);
          if (link < 0) return false;
          if (step != nullptr && step->Showing()) ShowWWing(w, x, a, b, link, step);
          return true;
        });
  });
}

// Items: one, skipped per pair of digits whose cells did not change (found stays 0).
bool FindWWing(State& s, const Work& w, Scan& scan, Step* step) {
  return w.bivalue.Find([&](int a) {
    const uint16_t pair = w.masks[a];
    if (scan.Skip(0, scan.PairTouched(pair))) return false;
    // The later cells with the same two digits that a does not see.
    return (w.bivalue & BothDigits(s, pair) & ~Peers(a) & CellSet::From(a + 1)).Find([&](int b) {
      const CellSet common = Peers(a) & Peers(b);
      for (uint16_t m = pair; m; m &= m - 1) {
        const int x = std::countr_zero(m);       // the digit of the strong link
        const int y = Digit(pair & ~(1u << x));  // the digit eliminated
        if (!(s.cand[y] & common).Any()) continue;
        const int link = WWingLink(w, x, a, b);
        if (link >= 0 && Eliminate(s, y, common)) {
          if (step->Showing()) ShowWWing(w, x, a, b, link, step);
          return true;
        }
      }
      return false;
    });
  }) && Done(Technique::kWWing, step);
}

}  // namespace sudoku::core_internal
