// Rating: difficulty by human solving technique, on the Sudoku Explainer (SE) scale.
//
// A logical solver works on pencil marks (the candidates of every empty cell) and applies the
// first technique, in SE's order of trial, that makes progress. That order is the order of the
// Technique enum, which is by SE base rating (SE tries its techniques up to BUG in the order of
// their ratings but for the unique loops, below; docs/se-rules.md). After any step it starts
// again from the first technique. The rating of a puzzle is the highest step rating it needed,
// in tenths (SE 4.2 is 42).
//
// Steps. A single technique (full house, hidden single, naked single) makes, in one step, every
// placement of that kind the current pencil marks show; each placement counts as one use. Every
// other technique makes one instance per step (one pattern and all its eliminations, or for a
// direct technique its one placement), one use.
//
// Techniques and their ratings (SE v1.2.1 values, as published in the SukakuExplainer wiki page
// "Difficulty ratings in Sudoku Explainer v1.2.1", and as SE's source gives them):
//   1.0 full house            1.2 hidden single (box)     1.5 hidden single (row/column)
//   1.7 direct pointing       1.9 direct claiming         2.0 direct hidden pair
//   2.3 naked single          2.5 direct hidden triple    2.6 pointing
//   2.8 claiming              3.0 naked pair              3.2 X-wing
//   3.4 hidden pair           3.6 naked triple            3.8 swordfish
//   4.0 hidden triple         4.2 XY-wing                 4.4 XYZ-wing
//   4.5 unique rectangle types 1, 2, 4                    4.5-4.8 unique rectangle type 3
//   4.6-5.3 unique loop (6, 8, 10+ cells: 4.6, 4.7, 5.0; type 3 adds up to 0.3)
//   5.0 naked quad            5.2 jellyfish               5.4 hidden quad
//   5.6 BUG+1 (bivalue universal grave, one extra candidate)
//   5.7 BUG types 2 and 4     5.8-6.2 BUG type 3
// SE finds every unique rectangle and loop with one search, tried after the XYZ-wing (before the
// naked quad although it may rate less), and takes its cheapest hint (rating, then type); the
// step's technique is the rectangle's type, or unique-loop for 6 cells or more. Likewise one
// search for BUG types 1-4, after the hidden quad.
// SE's direct techniques place a digit and nothing else: a pointing (claiming) whose eliminations
// would leave the digit one place in another box (another line of the same direction) crossing
// the line (box); a hidden pair (triple) whose eliminations would leave another digit one place
// in the same house. SE applies only that placement, not the eliminations.
// Chains: SE has no named skyscraper, kite or W-wing; it finds every chain with one search (its
// "forcing chains and cycles") and takes the cheapest. A chain rates its base plus 0.1 for each
// length threshold (4, 6, 8, 12, 16, 24, 32, ... nodes, alternately x3/2 and x4/3) that its node
// count less two exceeds; nodes are candidates with a state ("r1c1 is 5", "r1c1 is not 5"), from
// the assumption to the conclusion (docs/se-rules.md). Bases: 6.5 for a cycle on one digit or
// through bivalue cells, 6.6 for a chain on one digit, 7.0 through cells too (SE's XY search),
// 7.5 Nishio, 8.0 for multiple forcing chains, 8.5 for dynamic forcing chains, 9.0 for those with
// easier rules inside. Here:
//   6.5+ Y-cycle: a loop of bivalue cells, each linked to the next by a digit both hold, found
//        as SE finds it (from each candidate of a bivalue cell, breadth first); a digit linking
//        two of its cells leaves the cells seeing both; nodes: two per cell
//   6.6 skyscraper, 2-string kite (6 nodes: no length bonus)
//   6.6+ X-chain: 6.6 + bonus(2 x strong links); also a candidate whose removal would force it
//        back on through one digit's links (it stays, the other candidates of its cell go)
//   7.1 W-wing (8 nodes)
//   7.0+ XY-chain: 7.0 + bonus(2 x cells), so 4 cells rate 7.2
//   7.0+ forcing chain: any other chain through cells and houses, bonus by its nodes
//   7.5+ Nishio forcing chain: a candidate assumed on (off) whose implications on its digit
//        alone, with each candidate turned off leaving the grid, end in a contradiction: it
//        leaves its cell (is the cell's digit); nodes: both contradicting candidates' ancestors
//   8.0+ cell forcing chain: every candidate of a cell with three or more forces the same
//        conclusion (a candidate on or off); region forcing chain: every place of a digit in a
//        house does; nodes: those of all branches, summed
//   8.5+ dynamic forcing chain: every candidate of a cell with two or more assumed on, then off,
//        its implications followed with the grid updated (a cell or house brought down to one
//        candidate turns it on; SE counts the candidates that went before as its causes too):
//        an assumption ending in a contradiction is false; a candidate both states of one force
//        (cells of three or more), or all candidates of a cell, or all places of a digit in a
//        house, is forced; nodes: as above, summed over the branches
//   9.0+ dynamic forcing chain (+): the same, and where the implications stall, pointing and
//        claiming, hidden pairs, naked pairs and X-wings (the first of these with a hint that
//        needs the candidates the chain removed) remove more; those removed candidates count
//        among the nodes
//   9.5+ nested forcing chain (RatingOptions::nested_chains): the same with SE's forcing chains
//        and cycles also run where the implications stall (9.5), then its multiple forcing chains
//        too (10.0), then its dynamic forcing chains instead (10.5); the nodes of each chain used
//        there count once. At most 12.0 (kMaxRating)
// Among chains the cheapest is taken, then the shortest (so a mixed chain beats an X-chain of
// its rating); Nishio only where no chain of the first kinds applies, the multiple (cell and
// region) forcing chains only where no Nishio chain does, the dynamic ones only where no
// multiple one does, and those with the rules inside only where no plain dynamic one does, as SE
// tries them.
// Not implemented (SE also has them): cycles on one digit (6.5+) and through both kinds of
// links (7.0+: a loop's eliminations, here found as longer chains), and SE's nested forcing
// chains of level 5 (11.0+, nested chains inside).
//
// Guessing. When no technique applies, the solver guesses: it takes the empty cell with the
// fewest candidates (lowest index on a tie) and places its digit from the puzzle's solution
// (found once with CountSolutions), counts one guess, and goes on with logic. A guess step is
// rated 10.0 (kGuessRating): a puzzle stuck here needs SE's nested chains (SE 9.5-12, in practice
// 10 and up: the forum's hardest puzzles); `guesses` tells them from a chain of that rating.
//
// Levels. Rating bands named by the technique families they admit (RatingBands()):
//   beginner  0.0-1.2   full houses and hidden singles in boxes only
//   easy      1.3-2.3   all singles, direct pointing, claiming and hidden pair
//   medium    2.4-3.4   + direct hidden triple, locked candidates, naked/hidden pairs, X-wing
//   hard      3.5-6.4   + triples, swordfish, XY/XYZ-wing, unique rectangle, quads, jellyfish, BUG
//   expert    6.5-7.9   + Y-cycles, chains (skyscraper, kite, W-wing, X-, XY-, forcing, Nishio)
//   extreme   8.0+      + cell, region and dynamic forcing chains (and their +), or a guess
// Singles are split in two because puzzles dug to 41 or more clues need only box hidden
// singles. How often each level comes out of each clue band: docs/rating.md.
//
// Thread-safety: every function is pure and thread-safe. Rating allocates on the heap only at a
// thread's first forcing chain search: that thread's search buffers, about 1.9 MB, kept for its
// later searches (the multiple forcing chains keep theirs, about 420 KB, and the dynamic ones
// about 2.5 MB at their first search, per thread as well).
#ifndef SUDOKU_CORE_RATING_H_
#define SUDOKU_CORE_RATING_H_

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/core/grid.h"

namespace sudoku {

// Ordered by SE rating (easiest first), which is SE's order of trial; ties keep this order.
// Corpora store the names (TechniqueName), never the values: a new technique takes its place
// in rating order, and its name, once released, never changes.
// Each has its row in the table of techniques (sudoku/core/techniques.h): name, SE rating,
// family and description, which the functions below read.
enum class Technique : uint8_t {
  kNone,                // nothing was needed (the puzzle has no empty cell)
  kFullHouse,           // the last empty cell of a row, column or box
  kHiddenSingleBox,     // the only cell of a box that can take a digit
  kHiddenSingleLine,    // the only cell of a row or column that can take a digit
  kDirectPointing,      // a pointing would leave a digit one place in another box: placed there
  kDirectClaiming,      // a claiming would leave a digit one place in a parallel line: placed there
  kDirectHiddenPair,    // a hidden pair would leave another digit one place in its house: placed
  kNakedSingle,         // a cell with one candidate left
  kDirectHiddenTriple,  // as the direct hidden pair, for a hidden triple
  kPointing,            // a box's candidates of a digit lie on one line: off the rest of the line
  kClaiming,            // a line's candidates of a digit lie in one box: off the rest of the box
  kNakedPair,
  kXWing,
  kHiddenPair,
  kNakedTriple,
  kSwordfish,
  kHiddenTriple,
  kXyWing,
  kXyzWing,
  kUniqueRectangle1,  // three corners {a,b}: a and b leave the fourth corner
  kUniqueRectangle2,  // the corners with extras share one extra digit x: x leaves their peers
  kUniqueRectangle3,  // two corners' extras form a naked (or a, b a hidden) set in their house
  kUniqueRectangle4,  // a confined to the two extra corners in a house: b leaves both
  kUniqueLoop,        // the same types on a loop of 6, 8, ... cells
  kNakedQuad,
  kJellyfish,
  kHiddenQuad,
  kBugPlusOne,  // all cells bivalue but one: that cell takes its thrice-seen digit
  kBugType2,    // several BUG cells, one BUG digit: it leaves the cells seeing them all
  kBugType4,    // two BUG cells of a house sharing a digit x: each is its BUG digit or x
  kBugType3,    // the BUG digits form a naked set with other cells of the BUG cells' house
  kAlignedPairExclusion,  // two cells' digits together would empty a cell both see: not allowed
  // Chains: SE finds them all with one search and takes the cheapest chain (see above), so
  // among them this order is not the order of trial.
  kYCycle,  // a loop of bivalue cells: each candidate on it is on or off both ways round
  kXCycle,  // a loop of strong and weak links on one digit, the same both ways round
  kSkyscraper,
  kTwoStringKite,
  kXChain,        // alternating strong/weak links on one digit
  kXyCycle,       // a loop through cells and houses both, the same both ways round
  kXyChain,       // a chain of bivalue cells
  kForcingChain,  // a chain mixing cell links and house links (SE "forcing chain")
  kWWing,
  kAlignedTripleExclusion,   // the same for three cells (tried after the chains above)
  kNishioChain,              // a candidate whose assumption contradicts itself on its digit alone
  kCellForcingChain,         // every candidate of a cell forces the same conclusion
  kRegionForcingChain,       // every place of a digit in a house forces the same
  kDynamicForcingChain,      // the same, or a contradiction, with the grid updated along the chains
  kDynamicForcingChainPlus,  // the same, with pointing, claiming, pairs and X-wings inside
  kNestedForcingChain,       // the same, with forcing chains and cycles inside too
  kGuess,                    // no technique applied: one cell set from the solution
};
inline constexpr int kTechniqueCount = static_cast<int>(Technique::kGuess) + 1;

// The rating of a guess step, in tenths.
inline constexpr int kGuessRating = 100;
// No step rates more (tenths): a dynamic forcing chain's (+) length bonus ends below it.
inline constexpr int kMaxRating = 120;

// Stable name, lowercase with hyphens ("hidden-single-box"); a static string. These names are
// stored in corpora and are never renamed.
std::string_view TechniqueName(Technique technique);

// The technique named `name`, or nullopt.
std::optional<Technique> ParseTechnique(std::string_view name);

// Base SE rating in tenths (hidden single in a box: 12). For kXChain and kXyChain the base of a
// shortest chain; longer chains rate higher (see the top comment). kNone: 0.
int TechniqueRating(Technique technique);

struct Rating {
  int solutions = 0;    // 0, 1, or 2 meaning "two or more" (CountSolutions with limit 2)
  bool solved = false;  // true iff the puzzle is unique and was rated
  int rating = 0;       // tenths: the highest step rating (0 if nothing was needed)
  // SE's other two numbers (docs/se-rules.md), tenths: ep the highest step rating up to and
  // including the first step that places a digit, ed the first step's rating.
  int ep = 0;
  int ed = 0;
  Technique hardest = Technique::kNone;          // technique of the first step with that rating
  int guesses = 0;                               // guess steps (= uses[kGuess])
  int steps = 0;                                 // steps taken
  std::array<uint16_t, kTechniqueCount> uses{};  // uses per technique, by enum value
};

// What the rater may do beyond its default.
struct RatingOptions {
  // SE's nested forcing chains of levels 2 to 4 (dynamic chains with its forcing chains and
  // cycles inside, 9.5 and up, then with its multiple forcing chains inside too, 10.0 and up,
  // then with its dynamic forcing chains inside, 10.5 and up) where the dynamic chains (+) find
  // nothing, before a guess. Off by default: only puzzles among the hardest known need them, and
  // there each search takes a few tenths of a second (level 4: about a second).
  bool nested_chains = false;
};

// Rates `puzzle`. Returns true iff it has exactly one solution; *rating is then complete.
// A puzzle with no solution or with several (including givens that break a rule) is not rated:
// returns false with rating->solutions set (0 or 2) and the rest at defaults. Uniqueness-based
// techniques (unique rectangle, BUG) are only sound on unique puzzles, hence this choice.
bool RatePuzzle(const Grid& puzzle, Rating* rating);
bool RatePuzzle(const Grid& puzzle, const RatingOptions& options, Rating* rating);

struct SolvePath;  // sudoku/core/solve_path.h

// As above; when `path` is not null, *path also receives the steps the rating took, in order
// (solve_path.h), or none when the puzzle is not rated. A null path costs a test per step.
bool RatePuzzle(const Grid& puzzle, const RatingOptions& options, Rating* rating, SolvePath* path);

// As above, when the caller already knows the unique solution (skips the solver).
// REQUIRES: `solution` is the one and only solution of `puzzle`.
void RateUniquePuzzle(const Grid& puzzle, const Grid& solution, Rating* rating);

// As RateUniquePuzzle, for a caller with no use for a rating above `max_rating` (tenths). Returns
// true iff the rating is at most max_rating, *rating then as RateUniquePuzzle leaves it. Else
// returns false as soon as a step, or the techniques left to try, rate above max_rating, without
// searching the harder techniques (most of the time of hard puzzles); *rating then holds the
// steps taken so far.
// REQUIRES: `solution` is the one and only solution of `puzzle`.
bool RateUniquePuzzleUpTo(const Grid& puzzle, const Grid& solution, int max_rating, Rating* rating);

// A rating in tenths as SE writes it: 42 -> "4.2", 100 -> "10.0".
std::string FormatRating(int tenths);

// The uses of each technique with at least one, as a JSON object in Technique order, e.g.
// {"hidden-single-box":31,"naked-single":4,"x-wing":1} ("{}" for none). Stored in corpora.
std::string TechniqueUsesJson(const std::array<uint16_t, kTechniqueCount>& uses);

struct RatingBand {
  std::string_view name;
  int min_rating;  // tenths, inclusive
  int max_rating;  // tenths, inclusive
};

// The bands, easiest first; they cover 0 to INT_MAX without gap or overlap.
std::span<const RatingBand> RatingBands();

// The band named `name`, or nullopt.
std::optional<RatingBand> FindRatingBand(std::string_view name);

// The name of the band holding `rating_tenths` (a static string).
std::string_view RatingLevel(int rating_tenths);

}  // namespace sudoku

#endif  // SUDOKU_CORE_RATING_H_
