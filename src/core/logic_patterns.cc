// Fixed patterns of the logical solver (logic_internal.h): XY-wing, XYZ-wing, unique rectangle
// type 1, BUG+1, skyscraper, 2-string kite and W-wing.
#include "logic_internal.h"

namespace sudoku::logic {
namespace {

bool Done(Technique technique, Step* step) {
  *step = {technique, TechniqueRating(technique), 1};
  return true;
}

CellSet CellsWithCount(const State& s, const Work& w, int count) {
  CellSet out;
  s.empty.ForEach([&](int cell) {
    if (std::popcount(w.masks[cell]) == count) out.Set(cell);
  });
  return out;
}

int Digit(uint16_t single_bit_mask) { return std::countr_zero(single_bit_mask); }

// The two cells of house h holding digit d, if there are exactly two (a < b).
bool ConjugatePair(const State& s, const Work& w, int d, int h, int* a, int* b) {
  if (std::popcount(w.where[h][d]) != 2) return false;
  CellSet x = s.cand[d] & House(h);
  *a = x.First();
  x.Clear(*a);
  *b = x.First();
  return true;
}

// Removes digit d from the cells seeing both a and b; true if anything went.
bool EliminateSeenByBoth(State& s, int d, int a, int b) {
  return Eliminate(s, d, Peers(a) & Peers(b));
}

}  // namespace

// Items: pivot cells (a wing reads the candidates of its pivot and the pivot's peers only).
bool FindXyWing(State& s, const Work& w, Scan& scan, Step* step) {
  const CellSet bivalue = w.bivalue;
  bool found = false;
  bivalue.ForEach([&](int pivot) {
    if (found || scan.Skip(pivot, scan.near.Has(pivot))) return;
    const uint16_t mp = w.masks[pivot];
    const CellSet wings = Peers(pivot) & bivalue;
    wings.ForEach([&](int a) {
      if (found || std::popcount(static_cast<unsigned>(w.masks[a] & mp)) != 1) return;
      const uint16_t z = w.masks[a] & ~mp;
      const uint16_t want = static_cast<uint16_t>((mp & ~w.masks[a]) | z);
      wings.ForEach([&](int b) {
        if (!found && w.masks[b] == want && EliminateSeenByBoth(s, Digit(z), a, b)) found = true;
      });
    });
    if (found) scan.found = pivot;
  });
  return found && Done(Technique::kXyWing, step);
}

// Items: pivot cells.
bool FindXyzWing(State& s, const Work& w, Scan& scan, Step* step) {
  const CellSet bivalue = w.bivalue;
  const CellSet trivalue = CellsWithCount(s, w, 3);
  bool found = false;
  trivalue.ForEach([&](int pivot) {
    if (found || scan.Skip(pivot, scan.near.Has(pivot))) return;
    const uint16_t mp = w.masks[pivot];
    const CellSet wings = Peers(pivot) & bivalue;
    wings.ForEach([&](int a) {
      if (found || (w.masks[a] & ~mp) != 0) return;
      wings.ForEach([&](int b) {
        if (found || b <= a || (w.masks[b] & ~mp) != 0 || w.masks[b] == w.masks[a]) return;
        const int z = Digit(w.masks[a] & w.masks[b]);
        if (Eliminate(s, z, Peers(pivot) & Peers(a) & Peers(b))) found = true;
      });
    });
    if (found) scan.found = pivot;
  });
  return found && Done(Technique::kXyzWing, step);
}

// Items: one, skipped per pair of digits whose cells did not change (found stays 0).
bool FindUniqueRectangle1(State& s, const Work& w, Scan& scan, Step* step) {
  // Any UR type 1 has two bivalue corners {a,b} in one row: take such a pair, then every other
  // row that closes a rectangle over exactly two boxes.
  for (int r1 = 0; r1 < 9; ++r1) {
    const CellSet in_row = w.bivalue & House(r1);
    for (int x = 0; x < 9; ++x) {
      const int a = r1 * 9 + x;
      if (!in_row.Has(a)) continue;
      const uint16_t pair = w.masks[a];
      for (int y = x + 1; y < 9; ++y) {
        const int b = r1 * 9 + y;
        if (!in_row.Has(b) || w.masks[b] != pair) continue;
        if (scan.Skip(0, scan.PairTouched(pair))) continue;
        const bool same_stack = x / 3 == y / 3;
        for (int r2 = 0; r2 < 9; ++r2) {
          if (r2 == r1 || (r1 / 3 == r2 / 3) == same_stack) continue;
          const int c = r2 * 9 + x, d = r2 * 9 + y;
          if ((w.masks[c] & pair) != pair || (w.masks[d] & pair) != pair) continue;
          int extra;
          if (w.masks[c] == pair && w.masks[d] != pair) {
            extra = d;
          } else if (w.masks[d] == pair && w.masks[c] != pair) {
            extra = c;
          } else {
            continue;
          }
          const CellSet target = CellSet::Of(extra);
          const bool first = Eliminate(s, Digit(pair), target);
          const bool second = Eliminate(s, Digit(pair & (pair - 1)), target);
          if (first || second) return Done(Technique::kUniqueRectangle1, step);
        }
      }
    }
  }
  return false;
}

bool FindBugPlusOne(State& s, const Work& w, Step* step) {
  int extra = -1;
  bool bug = true;
  s.empty.ForEach([&](int cell) {
    const int count = std::popcount(w.masks[cell]);
    if (count == 2) return;
    if (count == 3 && extra < 0) {
      extra = cell;
    } else {
      bug = false;
    }
  });
  if (!bug || extra < 0) return false;
  // The extra digit is the one seen three times in the extra cell's row; without it every digit
  // must appear exactly twice or not at all in every house (a bivalue universal grave).
  int digit = -1;
  for (uint16_t m = w.masks[extra]; m; m &= m - 1) {
    const int d = std::countr_zero(m);
    if ((s.cand[d] & House(RowHouse(extra))).Count() == 3) digit = d;
  }
  if (digit < 0) return false;
  for (int d = 0; d < kDigits; ++d) {
    CellSet set = s.cand[d];
    if (d == digit) set.Clear(extra);
    for (int h = 0; h < kHouses; ++h) {
      const int count = (set & House(h)).Count();
      if (count != 0 && count != 2) return false;
    }
  }
  Place(s, extra, digit);
  return Done(Technique::kBugPlusOne, step);
}

// Items: digits.
bool FindSkyscraper(State& s, const Work& w, Scan& scan, Step* step) {
  for (int d = 0; d < kDigits; ++d) {
    if (scan.Skip(d, scan.DigitTouched(d))) continue;
    for (int base = 0; base < 18; base += 9) {  // rows as the parallel lines, then columns
      for (int l1 = base; l1 < base + 9; ++l1) {
        int a1, b1;
        if (!ConjugatePair(s, w, d, l1, &a1, &b1)) continue;
        for (int l2 = l1 + 1; l2 < base + 9; ++l2) {
          int a2, b2;
          if (!ConjugatePair(s, w, d, l2, &a2, &b2)) continue;
          // One end of each line on a common cross line (the base), the other ends (the tails)
          // on different cross lines (both aligned would be an X-wing).
          const int x[2] = {a1, b1}, y[2] = {a2, b2};
          auto across = [&](int cell) { return base == 0 ? ColOf(cell) : RowOf(cell); };
          for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 2; ++j) {
              if (across(x[i]) != across(y[j]) || across(x[1 - i]) == across(y[1 - j])) continue;
              if (EliminateSeenByBoth(s, d, x[1 - i], y[1 - j])) {
                scan.found = d;
                return Done(Technique::kSkyscraper, step);
              }
            }
          }
        }
      }
    }
  }
  return false;
}

// Items: digits.
bool FindTwoStringKite(State& s, const Work& w, Scan& scan, Step* step) {
  for (int d = 0; d < kDigits; ++d) {
    if (scan.Skip(d, scan.DigitTouched(d))) continue;
    for (int row = 0; row < 9; ++row) {
      int p[2];
      if (!ConjugatePair(s, w, d, row, &p[0], &p[1])) continue;
      for (int col = 9; col < 18; ++col) {
        int q[2];
        if (!ConjugatePair(s, w, d, col, &q[0], &q[1])) continue;
        for (int i = 0; i < 2; ++i) {
          for (int j = 0; j < 2; ++j) {
            // p[i] and q[j] share a box; the other ends p[1-i] and q[1-j] are the kite's tails.
            const int pe = p[1 - i], qe = q[1 - j];
            if (p[i] == q[j] || pe == q[j] || qe == p[i] || pe == qe) continue;
            if (BoxOf(p[i]) != BoxOf(q[j])) continue;
            if (EliminateSeenByBoth(s, d, pe, qe)) {
              scan.found = d;
              return Done(Technique::kTwoStringKite, step);
            }
          }
        }
      }
    }
  }
  return false;
}

// Items: one, skipped per pair of digits whose cells did not change (found stays 0).
bool FindWWing(State& s, const Work& w, Scan& scan, Step* step) {
  const CellSet bivalue = w.bivalue;
  bool found = false;
  bivalue.ForEach([&](int a) {
    bivalue.ForEach([&](int b) {
      if (found || b <= a || w.masks[a] != w.masks[b] || Sees(a, b)) return;
      if (scan.Skip(0, scan.PairTouched(w.masks[a]))) return;
      const CellSet common = Peers(a) & Peers(b);
      for (uint16_t m = w.masks[a]; m && !found; m &= m - 1) {
        const int x = std::countr_zero(m);             // the digit of the strong link
        const int y = Digit(w.masks[a] & ~(1u << x));  // the digit eliminated
        if (!(s.cand[y] & common).Any()) continue;
        for (int h = 0; h < kHouses && !found; ++h) {
          int p, q;
          if (!ConjugatePair(s, w, x, h, &p, &q)) continue;
          if (((Sees(p, a) && Sees(q, b)) || (Sees(p, b) && Sees(q, a))) &&
              Eliminate(s, y, common)) {
            found = true;
          }
        }
      }
    });
  });
  return found && Done(Technique::kWWing, step);
}

}  // namespace sudoku::logic
