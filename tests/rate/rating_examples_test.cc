// Tests of the logical solver (rating.h) on published example puzzles, one or more per technique.
//
// Most examples are from HoDoKu's "Solving Technique Index" (hodoku.sourceforge.net, by Bernhard
// Hobiger; pages en/show_example.php?file=<id>). Each page gives the original puzzle and the
// position where the technique applies, as a HoDoKu line ":<code>:<digits>:<grid>:<deleted>:
// <eliminations>:...": in <grid> a '+' marks a placed (not given) digit, <deleted> lists the
// candidates already gone besides those the grid rules out, and <eliminations> the candidates the
// step removes. Candidates are written "drc": digit, row, column ("124" is 1 at r2c4).
//
// Two checks per example:
//   - the position: its technique's finder makes exactly the published step, and where nothing
//     easier applies (in SE order) the solver's easiest step is that step;
//   - the whole puzzle: it is unique, RatePuzzle uses the technique, and, where stated, it is the
//     hardest technique the puzzle needs.
// The solver applies the easiest technique first (SE order), HoDoKu its own order, so a published
// position can also hold an easier step; such cases are said next to the example.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;

// A candidate as HoDoKu writes it: digit * 100 + row * 10 + column, all 1-based.
using Candidates = std::set<int>;

struct Example {
  const char* name;
  Technique technique;
  const char* puzzle;    // the original puzzle (nullptr: the source gives only the position)
  const char* position;  // the HoDoKu line of the position (nullptr: none published)
  // The step the source shows at the position: eliminations ("drc" list) or, for singles, the
  // placement ("drc": digit d at rRcC). Empty when there is no position.
  const char* step;
  bool is_hardest;  // RatePuzzle's hardest technique on `puzzle` is `technique`
  // Sudoku Explainer 1.2.1's rating of `puzzle` where SE, and so the solver, does not need
  // `technique` at all, solving it with easier ones in SE's order (0: the technique is needed).
  int se_rating_without = 0;
};

// Full house, hidden single, naked single: HoDoKu shows one placement of the kind; the solver's
// single step makes every placement of that kind at once, so the published one is checked to be
// among them.
bool IsSingle(Technique t) {
  return t == Technique::kFullHouse || t == Technique::kHiddenSingleBox ||
         t == Technique::kHiddenSingleLine || t == Technique::kNakedSingle;
}

const Example kExamples[] = {
    // hodoku.sourceforge.net/en/show_example.php?file=fh02&tech=Full+House (r5c8=1).
    {"FullHouse_fh02", Technique::kFullHouse,
     "2.7.......8..9.....3.6..8....8.649..6.27853.4..132.5....9..1.2.....4..9.......4.8",
     ":0000::2.7.......8..9.....3.6..8....8.649..6+927853.4..132.5....9..1.2.....4..9.......4.8:::",
     "158", false},
    // hodoku.sourceforge.net/en/show_example.php?file=h101&tech=Hidden+Single (r3c4=6, the
    // only 6 of its row and column).
    {"HiddenSingle_h101", Technique::kHiddenSingleLine,
     "..8..7....16.83..........511.729.................463.729..........86.14....3..7..",
     ":0002::.+28..7....16.83.+7.....+2.+8511+3729.......+7+3........463.729..+7.......86.14....3.."
     "7"
     "..:::",
     "634", false},
    // hodoku.sourceforge.net/en/show_example.php?file=n101&tech=Naked+Single (r6c7=6). The
    // position also holds hidden singles in boxes (r2c5=8, r6c8=5), which SE rates easier. SE
    // solves the puzzle with direct hidden pairs where HoDoKu uses naked singles (SE 2.6: it
    // needs pointing).
    {"NakedSingle_n101", Technique::kNakedSingle,
     "4.27.6...........656..1..7.....5.21.1.......8.87.9.....3..7..658...........9.84.1",
     ":0003::4+127+36+5+8+9......+1.656+8.1.+37....+85.21.1.......8.87.9.....3..7.+8658..........."
     "9.84.1:653 558 661 582 782 982 583 983::",
     "667", false, 26},
    // hodoku.sourceforge.net/en/show_example.php?file=lc101&tech=Locked+Candidates+Type+1+
    // %28Pointing%29: 5 in b1 => r3c7<>5.
    {"Pointing_lc101", Technique::kPointing,
     "984.........5...4.........2..6.972....3..2..........1...5.6...34.7.5189..3...97..",
     ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4+234+27+"
     "351"
     "89+6+63+8..97+5+1::537:",
     "537", true},
    // hodoku.sourceforge.net/en/show_example.php?file=lc102&tech=Locked+Candidates+Type+1+
    // %28Pointing%29: 1 in b8 => r7c123789<>1. SE needs no pointing in this puzzle (2.0: one
    // direct pointing, six direct hidden pairs), and at the position a direct hidden pair comes
    // first (PositionsHoldADirectHiddenPair).
    {"Pointing_lc102", Technique::kPointing,
     "34...6.7..8....93...2....6.....1.....97...85......2...............6.8.9....923785",
     ":0100:1:34...6.7..8....93...2.+3..6.....1.....97+3+6+485......2...............6.8.9....923785"
     "::171 172 173 177 178 179:",
     "171 172 173 177 178 179", true, 20},
    // hodoku.sourceforge.net/en/show_example.php?file=bf202&tech=X-Wing: 1 c15 r25.
    {"XWing_bf202", Technique::kXWing,
     "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......",
     ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+428+24+9."
     "+8+7.."
     "5+51+8.+2...+7::124 127 128 129 153 154 157 158 159:c15 r25",
     "124 127 128 129 153 154 157 158 159", true},
    // hodoku.sourceforge.net/en/show_example.php?file=h202&tech=Hidden+Pair: r1c12 keep only
    // their hidden pair. SE needs no hidden pair in this puzzle (2.0: five direct hidden pairs),
    // and at the position a direct hidden pair comes first (PositionsHoldADirectHiddenPair).
    {"HiddenPair_h202", Technique::kHiddenPair,
     ".............4273...67...4..94..........96.....7....231......85.6..8.27...5.1....",
     ":0210:123589:....+6........4273+6..67+3..4..94....+6+8....96+4.+7+6.7.+5.+9231......85.6..8."
     "27+1."
     ".5.1..+9+4::112 211 212 311 312 511 512 811 812 911:",
     "112 211 212 311 312 511 512 811 812 911", true, 20},
    // hodoku.sourceforge.net/en/show_example.php?file=bf301&tech=Swordfish: 2 r239 c158.
    {"Swordfish_bf301", Technique::kSwordfish,
     "16.54..7...8..1.3..3.8.....7...5..696..9.2.57.............3..4........16...1645..",
     ":0301:2:16.54+3.7..+78+6.1+43+5+43+58.+7+6.+17+2.+45+8.696..9+12.57...+3+7+6..+4.+1+6.3..4.+"
     "3...+8."
     ".16..+71645.+3::268 271:r239 c158",
     "268 271", true},
    // hodoku.sourceforge.net/en/show_example.php?file=bf302&tech=Swordfish: 4 r247 c235. The
    // page gives no original puzzle, only the position (which is itself a unique puzzle).
    {"Swordfish_bf302", Technique::kSwordfish, nullptr,
     ":0301:4:1.+8+5..+2345..3.2+178...8..+5+6+9+8..6.5+7+93..5+9..4+8+13....+86+5298.2.6+31......."
     "+8."
     "....78.9..::432 433 435 462 463 465 482 483 485 492 493:r247 c235",
     "432 433 435 462 463 465 482 483 485 492 493", false},
    // hodoku.sourceforge.net/en/show_example.php?file=h301&tech=Hidden+Triple: 2,4,5 in
    // r89c2,r9c3.
    {"HiddenTriple_h301", Technique::kHiddenTriple,
     "2.....4..5.......6..1.34.8....5...4...........6.79.....9.2..6....3..9..1....8..37",
     ":0211:16:2+8....4+7+35+3+4+8+2+7+1+96.+71.34.8.+3..5...4....+3+4..+6.+46.79.+3+1..9.2.+36+5+"
     "4..3..9+8"
     "+21....8.+937::192 693:",
     "192 693", true},
    // hodoku.sourceforge.net/en/show_example.php?file=xy01&tech=XY-Wing: 5/7/2 in r1c36,r2c1.
    {"XyWing_xy01", Technique::kXyWing,
     "....6........1.863..3..9...9.4......3.....7.457.82.........658.69...7.......4..3.",
     ":0800:2:+8..+36.+9....+9.1.863.+63.+89..+59+24+6+7+3+1+5+83+8+6+9+5+17+2457+182+4+3+9+6+4+3+"
     "2+1+9658"
     "+769+8+5+37......+24+8+63+9::226:",
     "226", true},
    // hodoku.sourceforge.net/en/show_example.php?file=xy02&tech=XY-Wing: 1/6/9 in r4c14,r5c2.
    {"XyWing_xy02", Technique::kXyWing,
     ".1....5.8...4.3....567.........2..8.4.....3.22..376..19.8...254.....7...........3",
     ":0800:9:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+"
     "1254....."
     "7..+6........3::942 943 954 955 956:",
     "942 943 954 955 956", true},
    // hodoku.sourceforge.net/en/show_example.php?file=u101&tech=Unique+Rectangle+Type+1:
    // 8/9 in r2c23,r6c23 => r2c2<>8,9.
    {"UniqueRectangle1_u101", Technique::kUniqueRectangle1,
     ".....896.1..7......675..3..21...78....489...37....4..5.219....4................26",
     ":0600:89:+5.+2..896+71..7..+4+5+2.675..3+8+121+3+6+578+4+9+6+5489+1+2+737....4+6+15+8219...+"
     "34+3.+6.."
     "..+9+8..+5.+8+3.26::822 922:",
     "822 922", true},
    // hodoku.sourceforge.net/en/show_example.php?file=h402&tech=Hidden+Quadruple: 3,6,7,8 in
    // c9 (this position lists already deleted candidates).
    {"HiddenQuad_h402", Technique::kHiddenQuad,
     ".3.....1...8.9....4..6.8.......7694.......52....124...2.6...19....7......95...47.",
     ":0212:3678:.3.....1...8.9....4..6.8......+57694....+9+8+352....124...2+76..+519....7.+9...."
     "95..."
     "47.:121 151 361 861 485 299:329 339 389 619 629 689 719 729 739 819 889:",
     "329 339 389 619 629 689 719 729 739 819 889", true},
    // hodoku.sourceforge.net/en/show_example.php?file=sk01&tech=Skyscraper: 1 in r1c6,r3c9
    // (connected by r5c69).
    {"Skyscraper_sk01", Technique::kSkyscraper,
     "...........19.2.6......679.9.2...6..37....95...5.....414...3..57.9.24......8.....",
     ":0400:1:+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93+2+"
     "757.9.24.."
     "+6..+68.+7..+9::117 118 134 135:",
     "117 118 134 135", true},
    // The Sudoku Players' Forum (forum.enjoysudoku.com), thread "Two 'new' techniques:
    // Skyscraper and 2-String Kite" (t2646, by Havard): "example puzzle that needs Skyscraper to
    // solve". No position is published.
    {"Skyscraper_forum_t2646", Technique::kSkyscraper,
     "..1729.....6831.27728645391...5721.9..9.6.75257219..63..795.218....86.74....17.3.", nullptr,
     "", true},
    // hodoku.sourceforge.net/en/show_example.php?file=tf04&tech=Turbot+Fish: 8, a 4-cell chain
    // through a box (neither a skyscraper nor a kite), => r2c8<>8. The solver files it under
    // X-chains (SE 6.6). Its chain also removes 8 from r7c6 (sound, checked below), so the
    // published elimination is checked to be among the step's.
    {"XChain_tf04", Technique::kXChain,
     "9....5.....149.2.6.64..35..3..7.18......6..3......9..4.2....46.48...............2",
     ":0403:8:9+7.+6.5.+4.+5+3149.2.6.64..35..3.+67+418+2..+4..6+2.3......9+6.4.2....46.48...+6...+"
     "6."
     "...+4..2::828:",
     "828", true},
    // hodoku.sourceforge.net/en/show_example.php?file=w02&tech=W-Wing: 4/1 in r1c9,r8c7
    // connected by 1 in r18c3. At this position the solver first finds an XY-wing (SE 4.2 before
    // the W-wing's 7.1); see WWingPositionHoldsAnEasierXyWing.
    {"WWing_w02", Technique::kWWing,
     "6......7.....2.....58..1.....4.....2...1..9.6597.4...892.4..6.....5.......68.3...",
     ":0803:4:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3."
     "..5+6"
     "+2.....68+93...::417 427 437 489 499:",
     "417 427 437 489 499", false, 71},
};

// Examples whose published position holds a step that SE rates easier than the published one.
bool HasEasierStepAtPosition(const Example& e) {
  const std::string_view name = e.name;
  return name == "NakedSingle_n101" || name == "WWing_w02" || name == "Pointing_lc102" ||
         name == "HiddenPair_h202";
}

Candidates ParseCandidates(std::string_view text) {
  Candidates out;
  std::istringstream in{std::string(text)};
  int code;
  while (in >> code) out.insert(code);
  return out;
}

// The fields of a HoDoKu line, split at ':' (field 0 is the empty text before the first ':').
std::vector<std::string> SplitFields(std::string_view line) {
  std::vector<std::string> fields(1);
  for (char ch : line) {
    if (ch == ':') {
      fields.emplace_back();
    } else {
      fields.back() += ch;
    }
  }
  return fields;
}

// The givens and placed digits of a HoDoKu line.
Grid PositionGrid(std::string_view line) {
  const std::vector<std::string> fields = SplitFields(line);
  std::string text;
  for (char ch : fields.at(3)) {
    if (ch != '+') text += ch;
  }
  const ParseResult parsed = ParseGrid(text);
  EXPECT_TRUE(parsed.ok) << line;
  return parsed.grid;
}

// The pencil marks of a HoDoKu line: those its grid allows, less its deleted candidates.
State LoadPosition(std::string_view line) {
  State s;
  EXPECT_TRUE(core_internal::InitState(PositionGrid(line), &s)) << line;
  for (int code : ParseCandidates(SplitFields(line).at(4))) {
    s.cand[code / 100 - 1].Clear((code / 10 % 10 - 1) * 9 + code % 10 - 1);
  }
  return s;
}

Candidates AllCandidates(const State& s) {
  Candidates out;
  for (int d = 0; d < kDigits; ++d) {
    s.cand[d].ForEach(
        [&](int cell) { out.insert((d + 1) * 100 + (cell / 9 + 1) * 10 + cell % 9 + 1); });
  }
  return out;
}

// The candidates of `before` that `after` no longer has.
Candidates Removed(const State& before, const State& after) {
  const Candidates now = AllCandidates(after);
  Candidates removed;
  for (int code : AllCandidates(before)) {
    if (!now.count(code)) removed.insert(code);
  }
  return removed;
}

// True iff every placed digit of `s` is the solution's and every empty cell keeps its solution
// digit as a candidate.
bool AgreesWithSolution(const State& s, const Grid& solution) {
  for (int cell = 0; cell < kCells; ++cell) {
    const bool ok =
        s.grid[cell] != 0 ? s.grid[cell] == solution[cell] : s.cand[solution[cell] - 1].Has(cell);
    if (!ok) return false;
  }
  return true;
}

// The unique solution of the example (of its puzzle, else of its position's grid).
Grid SolutionOf(const Example& e) {
  const Grid puzzle = e.puzzle ? ParseGrid(e.puzzle).grid : PositionGrid(e.position);
  Grid solution;
  EXPECT_EQ(CountSolutions(puzzle, 2, &solution), 1);
  return solution;
}

// Expects that the step from `before` to `after` is the published one: for singles, the
// published placement is among the step's; otherwise exactly the published eliminations (or, for
// `superset`, at least them).
void ExpectPublishedStep(const Example& e, const State& before, const State& after, bool superset) {
  const Candidates published = ParseCandidates(e.step);
  if (IsSingle(e.technique)) {
    ASSERT_EQ(published.size(), 1u);
    const int code = *published.begin();
    const int cell = (code / 10 % 10 - 1) * 9 + code % 10 - 1;
    EXPECT_EQ(before.grid[cell], 0);
    EXPECT_EQ(after.grid[cell], code / 100);
    return;
  }
  const Candidates removed = Removed(before, after);
  if (superset) {
    for (int code : published) EXPECT_TRUE(removed.count(code)) << code;
  } else {
    EXPECT_EQ(removed, published);
  }
}

TEST(RatingExamples, PublishedPuzzlesAreUniqueAndUseTheirTechnique) {
  for (const Example& e : kExamples) {
    if (!e.puzzle) continue;
    SCOPED_TRACE(e.name);
    const ParseResult parsed = ParseGrid(e.puzzle);
    ASSERT_TRUE(parsed.ok);
    EXPECT_EQ(CountSolutions(parsed.grid, 2), 1);
    Rating rating;
    ASSERT_TRUE(RatePuzzle(parsed.grid, &rating));
    EXPECT_EQ(rating.guesses, 0);
    if (e.se_rating_without != 0) {
      EXPECT_EQ(rating.uses[static_cast<int>(e.technique)], 0) << TechniqueUsesJson(rating.uses);
      EXPECT_EQ(rating.rating, e.se_rating_without);
      continue;
    }
    EXPECT_GT(rating.uses[static_cast<int>(e.technique)], 0) << TechniqueUsesJson(rating.uses);
    if (e.is_hardest) {
      EXPECT_EQ(TechniqueName(rating.hardest), TechniqueName(e.technique));
      EXPECT_EQ(rating.rating, TechniqueRating(e.technique));
    } else {
      EXPECT_GE(rating.rating, TechniqueRating(e.technique));
    }
  }
}

TEST(RatingExamples, PublishedPositionsAgreeWithTheSolution) {
  for (const Example& e : kExamples) {
    if (!e.position) continue;
    SCOPED_TRACE(e.name);
    const Grid solution = SolutionOf(e);
    const State s = LoadPosition(e.position);
    EXPECT_TRUE(AgreesWithSolution(s, solution));
    if (e.puzzle) {  // the position's givens are the puzzle's
      const Grid puzzle = ParseGrid(e.puzzle).grid;
      for (int cell = 0; cell < kCells; ++cell) {
        if (puzzle[cell] != 0) {
          EXPECT_EQ(s.grid[cell], puzzle[cell]) << cell;
        }
      }
    }
  }
}

// The pointing, the fish and the turbot fish (skyscraper, kite) take the instance first in SE's
// order, the turbot fish one candidate a step (rate/techniques/locked.cc, fish.cc, patterns.cc):
// where that is not the published step, the published eliminations follow from the same finder
// in later steps.
bool InSeOrder(Technique t) {
  return t == Technique::kPointing || t == Technique::kXWing || t == Technique::kSwordfish ||
         t == Technique::kJellyfish || t == Technique::kSkyscraper ||
         t == Technique::kTwoStringKite;
}

void ExpectPublishedLater(const Example& e, const State& before, State after) {
  const Candidates published = ParseCandidates(e.step);
  const auto all_removed = [&]() {
    const Candidates removed = Removed(before, after);
    return std::all_of(published.begin(), published.end(),
                       [&](int code) { return removed.count(code) > 0; });
  };
  Step step;
  for (int i = 0; i < 9 && !all_removed(); ++i) {
    if (!core_internal::ApplyTechnique(after, e.technique, &step)) break;
  }
  EXPECT_TRUE(all_removed()) << e.step;
  EXPECT_TRUE(AgreesWithSolution(after, SolutionOf(e)));
}

void ExpectPublishedStepOrLater(const Example& e, const State& before, const State& after) {
  if (InSeOrder(e.technique)) {
    ExpectPublishedLater(e, before, after);
  } else {
    ExpectPublishedStep(e, before, after, e.technique == Technique::kXChain);
  }
}

TEST(RatingExamples, FinderMakesThePublishedStep) {
  for (const Example& e : kExamples) {
    if (!e.position) continue;
    SCOPED_TRACE(e.name);
    const State before = LoadPosition(e.position);
    State after = before;
    Step step;
    ASSERT_TRUE(core_internal::ApplyTechnique(after, e.technique, &step));
    EXPECT_EQ(TechniqueName(step.technique), TechniqueName(e.technique));
    ExpectPublishedStepOrLater(e, before, after);
    EXPECT_TRUE(AgreesWithSolution(after, SolutionOf(e)));
  }
}

TEST(RatingExamples, PublishedStepIsTheEasiestWhereNothingEasierApplies) {
  for (const Example& e : kExamples) {
    if (!e.position || HasEasierStepAtPosition(e)) continue;
    SCOPED_TRACE(e.name);
    const State before = LoadPosition(e.position);
    State after = before;
    Step step;
    ASSERT_TRUE(core_internal::ApplyEasiestStep(after, &step));
    EXPECT_EQ(TechniqueName(step.technique), TechniqueName(e.technique));
    ExpectPublishedStepOrLater(e, before, after);
  }
}

// HoDoKu's W-wing example w02: at the published position an XY-wing (pivot r8c7 {1,4}, wings
// r3c7 {2,4} and r9c8 {1,2}) removes 2 from r3c8 and r9c7. SE rates it 4.2, below the W-wing's
// 7.1, so the solver takes it first; the W-wing still follows later in the solve (checked by
// PublishedPuzzlesAreUniqueAndUseTheirTechnique, where it is the hardest step).
TEST(RatingExamples, WWingPositionHoldsAnEasierXyWing) {
  const Example* w02 = nullptr;
  for (const Example& e : kExamples) {
    if (std::string_view(e.name) == "WWing_w02") w02 = &e;
  }
  ASSERT_NE(w02, nullptr);
  const State before = LoadPosition(w02->position);
  State after = before;
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(after, &step));
  EXPECT_EQ(step.technique, Technique::kXyWing);
  EXPECT_EQ(Removed(before, after), ParseCandidates("238 297"));
  EXPECT_TRUE(AgreesWithSolution(after, SolutionOf(*w02)));
}

// HoDoKu's naked single example n101: the position also offers hidden singles in boxes (SE 1.2,
// below the naked single's 2.3), so the solver's easiest step places those.
TEST(RatingExamples, NakedSinglePositionHoldsEasierHiddenSingles) {
  const Example* n101 = nullptr;
  for (const Example& e : kExamples) {
    if (std::string_view(e.name) == "NakedSingle_n101") n101 = &e;
  }
  ASSERT_NE(n101, nullptr);
  State s = LoadPosition(n101->position);
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kHiddenSingleBox);
  EXPECT_EQ(s.grid[1 * 9 + 4], 8);  // r2c5
  EXPECT_EQ(s.grid[5 * 9 + 7], 5);  // r6c8
}

// HoDoKu's pointing (lc102) and hidden pair (h202) positions hold a direct hidden pair (SE 2.0),
// which SE tries before both. At h202 it is the published pair itself: r1c1 and r1c2 keep their
// pair, which takes 3 from them and leaves it one place, r1c3. At lc102 a pair leaves 6 one
// place, r7c9.
TEST(RatingExamples, PositionsHoldADirectHiddenPair) {
  const std::pair<std::string_view, int> kPlaced[] = {{"Pointing_lc102", 679},
                                                      {"HiddenPair_h202", 313}};
  for (const auto& [name, placed] : kPlaced) {
    SCOPED_TRACE(name);
    const Example* example = nullptr;
    for (const Example& e : kExamples) {
      if (e.name == name) example = &e;
    }
    ASSERT_NE(example, nullptr);
    const State before = LoadPosition(example->position);
    State s = before;
    Step step;
    ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
    EXPECT_EQ(step.technique, Technique::kDirectHiddenPair);
    std::vector<int> placements;  // "drc" codes
    for (int cell = 0; cell < kCells; ++cell) {
      if (s.grid[cell] != before.grid[cell]) {
        placements.push_back(s.grid[cell] * 100 + (cell / 9 + 1) * 10 + cell % 9 + 1);
      }
    }
    EXPECT_EQ(placements, std::vector<int>{placed});
    EXPECT_TRUE(AgreesWithSolution(s, SolutionOf(*example)));
  }
}

}  // namespace
}  // namespace sudoku
