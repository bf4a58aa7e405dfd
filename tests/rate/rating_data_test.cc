// Tests of rating.h on whole puzzles: soundness of every step against the known solution, the
// data sets in tests/data and ../shared/data, and one generated puzzle per technique.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "common/samples.h"
#include "common/test_data.h"
#include "core/rate/memory.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

// Sanitizer builds are about ten times slower: the largest files are sampled there.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kSlowStride = 25;
constexpr int kGenerated = 600;
#else
constexpr size_t kSlowStride = 1;
constexpr int kGenerated = 3000;
#endif

// Every `stride`-th puzzle, from the `first`-th.
std::vector<Grid> Sample(const std::vector<Grid>& puzzles, size_t stride, size_t first = 0) {
  std::vector<Grid> out;
  for (size_t i = first; i < puzzles.size(); i += stride) out.push_back(puzzles[i]);
  return out;
}

// Solves `puzzle` step by step as RatePuzzle does (guessing the solution's digit in the first
// empty cell when stuck) and checks after every step that each placed digit is the solution's
// and that each empty cell keeps its solution digit as a candidate.
void ExpectEveryStepSound(const Grid& puzzle) {
  Grid solution;
  ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1) << ToString(puzzle);
  core_internal::State s;
  ASSERT_TRUE(core_internal::InitState(puzzle, &s));
  core_internal::Memory memory;  // as RateUniquePuzzle: the step loop's memory is checked too
  memory.sound = true;
  core_internal::Step step;
  while (s.empty.Any()) {
    if (!core_internal::ApplyEasiestStep(s, &memory, &step)) {
      const int cell = s.empty.First();
      core_internal::PlaceDigit(s, cell, solution[cell] - 1);
      continue;
    }
    for (int cell = 0; cell < kCells; ++cell) {
      const bool ok =
          s.grid[cell] != 0 ? s.grid[cell] == solution[cell] : s.cand[solution[cell] - 1].Has(cell);
      ASSERT_TRUE(ok) << TechniqueName(step.technique) << " broke cell " << cell << " of "
                      << ToString(puzzle);
    }
  }
  EXPECT_EQ(s.grid, solution);
}

void ExpectAllSound(const std::vector<Grid>& puzzles) {
  ASSERT_FALSE(puzzles.empty());
  for (const Grid& puzzle : puzzles) {
    ExpectEveryStepSound(puzzle);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

std::vector<Grid> Generated(int n, const DigOptions& options, uint64_t seed) {
  Rng rng(seed);
  return samples::DugPuzzles(rng, n, options);
}

TEST(RatingSoundness, GeneratedMinimalPuzzles) {
  ExpectAllSound(Generated(kGenerated, {17, 80, true}, 61));
}

TEST(RatingSoundness, Generated26To31CluePuzzles) {
  ExpectAllSound(Generated(kGenerated, {26, 31, false}, 62));
}

TEST(RatingSoundness, GoldenFiles) {
  for (const char* name :
       {"puzzles2_17_clue_golden", "puzzles3_magictour_golden", "puzzles6_forum_hardest_golden"}) {
    SCOPED_TRACE(name);
    ExpectAllSound(ReadPuzzles(GoldenPath(name)));
  }
}

TEST(RatingSoundness, SharedFiles) {
  SUDOKU_REQUIRE_SHARED(magictour, "puzzles3_magictour_top1465");
  ExpectAllSound(Sample(ReadPuzzles(magictour), kSlowStride));
  SUDOKU_REQUIRE_SHARED(hardest, "puzzles6_forum_hardest_1106");
  ExpectAllSound(Sample(ReadPuzzles(hardest), kSlowStride));
  SUDOKU_REQUIRE_SHARED(seventeen, "puzzles2_17_clue");
  ExpectAllSound(Sample(ReadPuzzles(seventeen), kSlowStride));
}

TEST(RatingSoundness, SharedForumHardest1905) {
  SUDOKU_REQUIRE_SHARED(path, "puzzles5_forum_hardest_1905_11+");
  // 48,766 puzzles that mostly need guesses: every 48th (every 1,200th under sanitizers); the
  // band test below takes the puzzles halfway between.
  ExpectAllSound(Sample(ReadPuzzles(path), 48 * kSlowStride));
}

// Pins every Rating field on generated puzzles, so that an optimisation of the solver cannot
// change a stored rating. FNV-1a over the puzzles (to tell a changed generator from a changed
// rating) and over all Rating fields of each puzzle, in order.
class Fingerprint {
 public:
  void Add(uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ = (hash_ ^ ((value >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    }
  }
  void Add(const Grid& grid) {
    for (uint8_t digit : grid.cells) Add(digit);
  }
  void Add(const Rating& r) {
    for (int field :
         {r.solutions, int{r.solved}, r.rating, static_cast<int>(r.hardest), r.guesses, r.steps}) {
      Add(static_cast<uint64_t>(field));
    }
    for (uint16_t n : r.uses) Add(n);
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ull;
};

struct PinnedSet {
  const char* name;
  DigOptions options;
  uint64_t seed;
  uint64_t puzzles;  // fingerprint of the generated puzzles
  uint64_t ratings;  // fingerprint of their ratings
};

// 5,000 puzzles per set. The rating fingerprints were produced by RatePuzzle, whose rating,
// hardest technique and guesses match a solve in SE's order with a fresh search at every step
// (rating_reference_test.cc checks); any change of behaviour fails here. If only `puzzles` differs,
// the generator changed: recompute `ratings` with a trusted solver. Last recomputed when the
// chain step became SE's first hint of its forcing chains and cycles (X-, Y- and mixed cycles
// searched, no chain taken out of SE's order, a placing chain setting its digit, a multiple
// chain's conclusions in SE's order): 49 of the 10,000 ratings fell by 0.1, to SE's own (serate
// 1.2.1.3 rated those 49), and 453 hardest steps changed (most to xy-cycle).
constexpr PinnedSet kPinnedSets[] = {
    {"minimal", {17, 80, true}, 4242, 0x777b660e6a7f1201ull, 0x8830de1b1f77ea5aull},
    {"clues_26_31", {26, 31, false}, 4343, 0xe9771004efcc7644ull, 0x4cb2d33ac061bfccull},
};

TEST(RatingPin, GeneratedRatingsMatchPreOptimisationFingerprint) {
  for (const PinnedSet& set : kPinnedSets) {
    SCOPED_TRACE(set.name);
    Fingerprint puzzles, ratings;
    for (const Grid& puzzle : Generated(5000, set.options, set.seed)) {
      puzzles.Add(puzzle);
      Rating rating;
      ASSERT_TRUE(RatePuzzle(puzzle, &rating)) << ToString(puzzle);
      ratings.Add(rating);
    }
    std::printf("%s puzzles 0x%016llxull ratings 0x%016llxull\n", set.name,
                static_cast<unsigned long long>(puzzles.value()),
                static_cast<unsigned long long>(ratings.value()));
    ASSERT_EQ(puzzles.value(), set.puzzles) << "the generator changed, not the rating";
    EXPECT_EQ(ratings.value(), set.ratings);
  }
}

// The same over the golden files, harder puzzles that mostly need guesses (fingerprint produced
// as above).
TEST(RatingPin, GoldenFileRatingsMatchPreOptimisationFingerprint) {
  Fingerprint ratings;
  for (const char* name :
       {"puzzles2_17_clue_golden", "puzzles3_magictour_golden", "puzzles6_forum_hardest_golden"}) {
    for (const Grid& puzzle : ReadPuzzles(GoldenPath(name))) {
      Rating rating;
      ASSERT_TRUE(RatePuzzle(puzzle, &rating)) << ToString(puzzle);
      ratings.Add(rating);
    }
  }
  std::printf("golden ratings 0x%016llxull\n", static_cast<unsigned long long>(ratings.value()));
  EXPECT_EQ(ratings.value(), 0xd5f4c580becf62baull);
}

// A rating with a cap is the full rating where that is within the cap, else it stops early:
// after a prefix of the full solve's steps, at a step above the cap or before searching the
// techniques that all rate above it.
void ExpectCapsAgree(const Grid& puzzle, int* stopped_before_search) {
  Grid solution;
  ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
  Rating full;
  RateUniquePuzzle(puzzle, solution, &full);
  std::vector<int> caps = {0, full.rating - 1, full.rating};
  for (const RatingBand& band : RatingBands()) caps.push_back(std::min(band.max_rating, 200));
  for (const int cap : caps) {
    SCOPED_TRACE(ToString(puzzle) + " cap " + std::to_string(cap));
    Rating got;
    const bool within = RateUniquePuzzleUpTo(puzzle, solution, cap, &got);
    ASSERT_EQ(within, full.rating <= cap);
    if (within) {
      EXPECT_EQ(got.rating, full.rating);
      EXPECT_EQ(got.hardest, full.hardest);
      EXPECT_EQ(got.guesses, full.guesses);
      EXPECT_EQ(got.steps, full.steps);
      EXPECT_EQ(got.uses, full.uses);
      continue;
    }
    EXPECT_LE(got.rating, full.rating);
    EXPECT_LE(got.steps, full.steps);
    for (int t = 0; t < kTechniqueCount; ++t) EXPECT_LE(got.uses[t], full.uses[t]) << t;
    if (got.rating <= cap) ++*stopped_before_search;
  }
}

TEST(RatingCap, RatesAsWithoutACapUpToIt) {
  std::vector<Grid> puzzles = Generated(kGenerated / 10, {17, 80, true}, 64);
  const size_t stride = kSlowStride == 1 ? 1 : 5;
  for (const Grid& p : Sample(ReadPuzzles(GoldenPath("puzzles3_magictour_golden")), stride)) {
    puzzles.push_back(p);
  }
  const std::vector<Grid> hardest = ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden"));
  for (const Grid& p : Sample(hardest, 3 * stride)) puzzles.push_back(p);
  int stopped_before_search = 0;
  for (const Grid& puzzle : puzzles) {
    ExpectCapsAgree(puzzle, &stopped_before_search);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // Stops come before the search of the techniques above the cap too (more than one a puzzle),
  // not only after a step above it.
  EXPECT_GT(stopped_before_search, static_cast<int>(puzzles.size()));
}

TEST(RatingData, RatesEveryPuzzleItSolves) {
  const std::vector<Grid> puzzles = ReadPuzzles(GoldenPath("puzzles3_magictour_golden"));
  for (const Grid& puzzle : puzzles) {
    Rating rating;
    ASSERT_TRUE(RatePuzzle(puzzle, &rating));
    EXPECT_TRUE(rating.solved);
    EXPECT_EQ(rating.solutions, 1);
    EXPECT_GE(rating.rating, TechniqueRating(rating.hardest));
    EXPECT_GT(rating.uses[static_cast<int>(rating.hardest)], 0);
    EXPECT_EQ(rating.guesses, rating.uses[static_cast<int>(Technique::kGuess)]);
    int uses = 0;
    for (uint16_t n : rating.uses) uses += n;
    EXPECT_GE(uses, rating.steps);
    // A guess rates 10.0; so could the longest dynamic chains, but none of these.
    EXPECT_EQ(rating.guesses > 0, rating.rating == kGuessRating);
    if (rating.guesses > 0) {
      EXPECT_EQ(rating.hardest, Technique::kGuess);
    }
  }
}

TEST(RatingData, SergPuzzlesAreNotUniqueSoNotRated) {
  for (const Grid& puzzle : ReadPuzzles(GoldenPath("puzzles7_serg_golden"))) {
    Rating rating;
    EXPECT_FALSE(RatePuzzle(puzzle, &rating));
    EXPECT_EQ(rating.solutions, 2);
    EXPECT_FALSE(rating.solved);
  }
}

// The Kaggle puzzles (data/kaggle_golden.csv and ../shared/data) need singles only.
void ExpectSinglesOnly(const std::vector<Grid>& puzzles) {
  ASSERT_FALSE(puzzles.empty());
  for (const Grid& puzzle : puzzles) {
    Rating rating;
    ASSERT_TRUE(RatePuzzle(puzzle, &rating)) << ToString(puzzle);
    EXPECT_LE(rating.rating, TechniqueRating(Technique::kNakedSingle)) << ToString(puzzle);
  }
}

std::vector<Grid> KaggleQuizzes(const std::string& csv) {
  std::ifstream in(csv);
  std::vector<Grid> puzzles;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const ParseResult parsed = ParseGrid(line.substr(0, 81));
    EXPECT_TRUE(parsed.ok) << line;
    if (parsed.ok) puzzles.push_back(parsed.grid);
  }
  return puzzles;
}

TEST(RatingData, KaggleGoldenNeedsSinglesOnly) {
  ExpectSinglesOnly(KaggleQuizzes(GoldenPath("kaggle_golden.csv")));
}

TEST(RatingData, KaggleSharedNeedsSinglesOnly) {
  SUDOKU_REQUIRE_SHARED(path, "puzzles0_kaggle_first10k");
  ExpectSinglesOnly(ReadPuzzles(path));
}

// The forum "hardest" puzzles (SE 9+, the 1905 list SE 11+) are all extreme here (most need a
// guess).
void ExpectTopBand(const std::vector<Grid>& puzzles) {
  ASSERT_FALSE(puzzles.empty());
  const std::string_view top = RatingBands().back().name;
  for (const Grid& puzzle : puzzles) {
    Rating rating;
    ASSERT_TRUE(RatePuzzle(puzzle, &rating)) << ToString(puzzle);
    EXPECT_EQ(RatingLevel(rating.rating), top) << ToString(puzzle);
  }
}

TEST(RatingData, ForumHardestGoldenInTopBand) {
  ExpectTopBand(ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden")));
}

TEST(RatingData, ForumHardestSharedInTopBand) {
  SUDOKU_REQUIRE_SHARED(path, "puzzles6_forum_hardest_1106");
  ExpectTopBand(Sample(ReadPuzzles(path), kSlowStride));
}

TEST(RatingData, ForumHardest1905SharedInTopBand) {
  SUDOKU_REQUIRE_SHARED(path, "puzzles5_forum_hardest_1905_11+");
  // Every 48th of the 48,766 (every 1,200th under sanitizers), halfway between those of the
  // soundness test: each stuck step of these puzzles searches every forcing chain, multiple and
  // dynamic forcing chain, the last with the easier rules inside too, before it guesses, about
  // 25 milliseconds a puzzle.
  ExpectTopBand(Sample(ReadPuzzles(path), 48 * kSlowStride, 24 * kSlowStride));
}

// One minimal puzzle per technique, made by this project's generator (GenerateGrid and
// DigUniquePuzzle, minimal, Rng seed 777): the first whose hardest step is that technique. No
// puzzle needs a direct claiming (tests/rate/rating_direct_test.cc says why). The unique
// rectangle, loop and BUG types 2-4, the naked quad and the XY-chain come from
// `generate --minimal --seed 1` (30,000 puzzles) instead: the first of the highest rating for
// each; the Y-cycle, the cell and the dynamic forcing chain are puzzles 330, 79 and 232 of its
// first 1,000 (tests/data/se_ratings_minimal.txt); the guess is the last of
// tests/data/se_ratings_forum_hardest.txt. The 2-string kite, the XY-chain and the cycles on one
// digit and through cells and houses both are from Berthier's controlled-bias collection (SE's
// ratings published beside it, docs/se-rules.md), where SE's path names them. Sudoku Explainer
// 1.2.1 rates every puzzle as here but the guess's; checked with the serate build of
// docs/se-rules.md.
struct HardestCase {
  Technique technique;
  int rating;
  const char* puzzle;
};

constexpr HardestCase kHardestCases[] = {
    {Technique::kHiddenSingleBox, 12,
     "13....8..86.1.5........7.5...6.98...7.8..25..21....37..8.4........2......2..5..1."},
    {Technique::kHiddenSingleLine, 15,
     ".89....3.5...7.........4..9..27........9.674.9.35..8.......3....916....84.8......"},
    {Technique::kDirectPointing, 17,
     "6.............123...489..7.2...8..1........253..5.....4.....1...5.6..4..76.92...."},
    {Technique::kDirectHiddenPair, 20,
     "..3........13......58...63..1..37..9.4..9.28..9.1....5.....2......8..5.....5.694."},
    {Technique::kNakedSingle, 23,
     ".6.5..9.8..4..9........4.62.2.3......4..1.2.7..6.5..141827...............9.....7."},
    {Technique::kDirectHiddenTriple, 25,
     "....4.3.6..1.5...........4...3..6..9....14..2.7.8..6.314....5...3....2....7.9...."},
    {Technique::kPointing, 26,
     "6.9........4...7...3....19..2...8.....5..1.82.9.4....3.8...4......9675...6..1...."},
    {Technique::kClaiming, 28,
     "2....6.5..3..4...98...29.6..6..1.......4..7...9...7..1.5..........9.8...9.7...8.4"},
    {Technique::kNakedPair, 30,
     "..1.....58..2.....95...86....7......2.6..94.3.83..1.76..96..7...7.9...4.....1...."},
    {Technique::kXWing, 32,
     ".7..........5.7...5...4...23.4.9...8.1.68.....6....1.9....2...5..19....47.3..4..."},
    {Technique::kHiddenPair, 34,
     "97..1......8....6...692...5.........28......3...6...18.9...547.....7...11...4.3.."},
    {Technique::kNakedTriple, 36,
     ".865.94..4...1236............2.6...596........15...........1...1..98...754....2.."},
    {Technique::kSwordfish, 38,
     "........2..567.8....9..4...2.1.354...5.8.......4..67.......7..94...6.178.......4."},
    {Technique::kHiddenTriple, 40,
     ".21.8.4..53...6..9..4.9..8......872.7.3..........6...8........336....5......2...4"},
    {Technique::kXyWing, 42,
     "12............8.7....4..953..4.3.......2...6...1......7..8.9..5..8.6.7.9.45......"},
    {Technique::kXyzWing, 44,
     "58.713...1.......................45.....4..9..1..3...2...9...23.26.8.....49..687."},
    {Technique::kUniqueRectangle1, 45,
     "7.....8.5.1......7..25.6..9...43.5....56.7.....1.......4..8..........7.8.97.5.42."},
    {Technique::kUniqueRectangle2, 45,
     ".......1...4...659..6...3.2.7.1...3.......52.832..57...9.6.4..7.....8...6...72..."},
    {Technique::kUniqueRectangle4, 45,
     "..2...81..5...62.9..8.1...7..46.2...7......9.9..4...2.4.....5.........7....873..."},
    {Technique::kUniqueLoop, 47,
     "7....9..3....5..7.91..73.4..3..482....2.3..54.....26............28..4...6...9.4.."},
    {Technique::kUniqueRectangle3, 48,
     "...8..5......67.2.8...2.9.........5..3.17.8....5.8.47..1........2..3..959..6.1..."},
    {Technique::kNakedQuad, 50,
     "....1.5..614.....3.7..........7..2.91..49.7....738.......8..39..2......5.3..7.48."},
    {Technique::kJellyfish, 52,
     "6...3.2.7...8.6.9...9.4............2.32..8....985...3..7.96...8.........3..2...61"},
    {Technique::kHiddenQuad, 54,
     ".3.....8.8........17.....64...7..89..2.3..........6.1....1.....6....2..1..3.5.4.2"},
    {Technique::kBugPlusOne, 56,
     "6....4..9.51...4.........3.........4.4..93.2..7..15..8.........3..78..16.8.2.1..."},
    {Technique::kBugType2, 57,
     ".273........2...3...3.87......4..2.5.6.8.2.......694........95..92...1..6.4.7...2"},
    {Technique::kBugType4, 57,
     "..9...5.68..16.4.9....8..1.67.8.3......5.6.......9.....83...261.........5.1..47.."},
    {Technique::kBugType3, 58,
     "3.4.....8...7.6.......5.4.2.2....1...4538....8..4....6..6...9...1....6.......9.21"},
    {Technique::kAlignedPairExclusion, 62,
     "517....2628......9......5.........7..6.8.4.....8.51.....1.4..3..9...2.1....6.8.5."},
    {Technique::kYCycle, 68,
     "1..5......6..2........79..33.2.1.8.751....2..........1.2..6.7..7..39.....54......"},
    {Technique::kSkyscraper, 66,
     ".58.21......7..93............5.4.2.9...1.2..587.........6.........27.15..4.6..7.."},
    {Technique::kXCycle, 65,
     "12.4................9.325.4..56..9..378.2....6...17........8.....7...2.393.....56"},
    {Technique::kTwoStringKite, 66,
     "..3....8.45.7.9..2.8.2...5.2....7..1.9...4...8...95..3.......9..3..4821....5....."},
    {Technique::kXChain, 68,
     "2...5...4....6..9...57.3......2..87..5.3.......7.9.6..97.6......6.932.....3..7..."},
    {Technique::kXyCycle, 71,
     "1.3.56...4.7....36.8.......2...1...8.............28174......9.....9.78...965.23.."},
    {Technique::kXyChain, 72,
     ".2..5....457...2.6.8.32...1........37..6.8.1.......87.3..8......1.9......92.13.6."},
    {Technique::kForcingChain, 71,
     ".4..7..588.....2.......6....8.9.......1.8.7...96.54......5....465.3..12........7."},
    {Technique::kWWing, 71,
     "..8...3.6..9675.8.1.4..8....1.8....7.......983..4.........6.7.9....4......1..76.3"},
    {Technique::kAlignedTripleExclusion, 75,
     ".3..4.2.....76....25...8...72...1.......7....8.....94....39.1.8....8..7.9........"},
    {Technique::kNishioChain, 78,
     "..17...8...4...9..6....1....4..3..7...7...5.92....64.......57..4....2..59..4....1"},
    {Technique::kRegionForcingChain, 84,
     "..2.6.84.......7.......3..67....9.5...14..92..9....6....8.4..915..38........17..."},
    {Technique::kCellForcingChain, 84,
     "3..2....4149...7.........9......85..78.1.........3.9..........985....67..1..7..32"},
    {Technique::kDynamicForcingChain, 90,
     ".5..6.1....45....817...3...39.1.5...5.7.........6..2...4....8....9....5...63....4"},
    // SE 10.2: dynamic forcing chains with easier techniques inside (9.0+), not tried here.
    {Technique::kGuess, kGuessRating,
     "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4.."},
};

TEST(RatingData, GeneratedPuzzlePerTechnique) {
  for (const HardestCase& c : kHardestCases) {
    SCOPED_TRACE(TechniqueName(c.technique));
    const ParseResult parsed = ParseGrid(c.puzzle);
    ASSERT_TRUE(parsed.ok);
    Rating rating;
    ASSERT_TRUE(RatePuzzle(parsed.grid, &rating));
    EXPECT_EQ(rating.hardest, c.technique);
    EXPECT_EQ(rating.rating, c.rating);
    EXPECT_EQ(RatingLevel(rating.rating), RatingLevel(c.rating));
    ExpectEveryStepSound(parsed.grid);
  }
}

}  // namespace
}  // namespace sudoku
