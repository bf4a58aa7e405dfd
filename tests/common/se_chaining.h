// A plain reference of Sudoku Explainer's dynamic chaining (Chaining.doChaining with isDynamic),
// written as SE's is, for the differential tests of the rater's Nishio and dynamic forcing chains
// (tests/rate/).
#ifndef SUDOKU_TESTS_SE_CHAINING_H_
#define SUDOKU_TESTS_SE_CHAINING_H_

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <utility>
#include <vector>

#include "core/rate/state.h"

namespace sudoku::reference {

using core_internal::CellSet;
using core_internal::State;

inline int HouseOf(int cell, int which) {
  return which == 0   ? core_internal::BoxHouse(cell)
         : which == 1 ? core_internal::RowHouse(cell)
                      : core_internal::ColHouse(cell);
}

// One assumption followed as SE's doChaining (isDynamic) does: candidates with their state as
// objects with their list of causes, followed one at a time (those turned on first), a candidate
// turned off leaving the grid once followed; an "on" from a cell or house come down to two has
// the candidates of that cell (house) that went before among its causes. Without `cell_links`,
// the links of the assumed digit alone (SE's Nishio mode).
struct Branch {
  struct Node {
    int cand;  // cell * 9 + digit
    bool on;
    std::vector<int> parents;
  };
  std::vector<Node> nodes;
  std::map<int, int> on, off;          // candidate -> node, for SE's toOn and toOff
  std::vector<int> on_list, off_list;  // their nodes in insertion order
  int clash_on = -1, clash_off = -1;   // a contradiction's two nodes

  int Ancestors(int n) const {
    std::vector<bool> seen(nodes.size());
    std::vector<int> todo = {n};
    int count = 0;
    while (!todo.empty()) {
      const int m = todo.back();
      todo.pop_back();
      if (seen[m]) continue;
      seen[m] = true;
      ++count;
      for (int p : nodes[m].parents) todo.push_back(p);
    }
    return count;
  }
  // The node of candidate `cand` in state `state`, or -1.
  int Find(int cand, bool state) const {
    const auto& map = state ? on : off;
    const auto it = map.find(cand);
    return it == map.end() ? -1 : it->second;
  }
};

inline Branch Follow(const State& s, int cell, int d, bool assume_on, bool cell_links = true) {
  Branch b;
  std::array<CellSet, kDigits> now = s.cand;
  std::vector<int> pending_on, pending_off;
  auto add = [&](int cand, bool on, std::vector<int> parents) {
    b.nodes.push_back({cand, on, std::move(parents)});
    const int n = static_cast<int>(b.nodes.size()) - 1;
    (on ? b.on : b.off)[cand] = n;
    (on ? b.on_list : b.off_list).push_back(n);
    (on ? pending_on : pending_off).push_back(n);
  };
  add(cell * kDigits + d, assume_on, {});
  size_t next_on = 0, next_off = 0;
  while (next_on < pending_on.size() || next_off < pending_off.size()) {
    if (next_on < pending_on.size()) {
      const int p = pending_on[next_on++];
      const int c = b.nodes[p].cand / kDigits, v = b.nodes[p].cand % kDigits;
      std::vector<int> make_off;
      for (int e = 0; e < kDigits && cell_links; ++e) {
        if (e != v && now[e].Has(c)) make_off.push_back(c * kDigits + e);
      }
      for (int which = 0; which < 3; ++which) {
        for (int x : core_internal::kTables.house_cells[HouseOf(c, which)]) {
          const int cand = x * kDigits + v;
          if (x != c && now[v].Has(x) &&
              std::find(make_off.begin(), make_off.end(), cand) == make_off.end()) {
            make_off.push_back(cand);
          }
        }
      }
      for (int cand : make_off) {
        if (b.Find(cand, true) >= 0) {
          b.nodes.push_back({cand, false, {p}});
          b.clash_on = b.Find(cand, true);
          b.clash_off = static_cast<int>(b.nodes.size()) - 1;
          return b;
        }
        if (b.Find(cand, false) < 0) add(cand, false, {p});
      }
    } else {
      const int p = pending_off[next_off++];
      const int c = b.nodes[p].cand / kDigits, v = b.nodes[p].cand % kDigits;
      std::vector<std::pair<int, std::vector<int>>> make_on;
      uint16_t mask = 0;
      for (int e = 0; e < kDigits; ++e) mask |= static_cast<uint16_t>(now[e].Has(c) << e);
      if (cell_links && std::popcount(mask) == 2) {
        const int other = std::countr_zero(static_cast<unsigned>(mask & ~(1u << v)));
        std::vector<int> parents = {p};
        for (int e = 0; e < kDigits; ++e) {
          if (s.cand[e].Has(c) && !now[e].Has(c)) parents.push_back(b.Find(c * kDigits + e, false));
        }
        make_on.push_back({c * kDigits + other, parents});
      }
      for (int which = 0; which < 3; ++which) {
        const int h = HouseOf(c, which);
        const CellSet places = now[v] & core_internal::House(h);
        if (places.Count() != 2) continue;
        const int x = (places & ~CellSet::Of(c)).First();
        bool known = false;
        for (const auto& [cand, parents] : make_on) known |= cand == x * kDigits + v;
        if (known) continue;
        std::vector<int> parents = {p};
        for (int y : core_internal::kTables.house_cells[h]) {
          if (s.cand[v].Has(y) && !now[v].Has(y)) parents.push_back(b.Find(y * kDigits + v, false));
        }
        make_on.push_back({x * kDigits + v, parents});
      }
      now[v].Clear(c);
      for (const auto& [cand, parents] : make_on) {
        if (b.Find(cand, false) >= 0) {
          b.nodes.push_back({cand, true, parents});
          b.clash_on = static_cast<int>(b.nodes.size()) - 1;
          b.clash_off = b.Find(cand, false);
          return b;
        }
        if (b.Find(cand, true) < 0) add(cand, true, parents);
      }
    }
  }
  return b;
}

}  // namespace sudoku::reference

#endif  // SUDOKU_TESTS_SE_CHAINING_H_
