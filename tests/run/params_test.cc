// The codec of runs.params (sudoku/run/params.h): every field round-trips, the forms stored by
// earlier versions still decode, a missing, renamed or mistyped key is refused by name, and the
// lenient readers of the storage layer (merge, stats) read what they need.
#include "sudoku/run/params.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sudoku {
namespace {

// A run with every field away from its default.
RunParams EveryField() {
  RunParams params;
  params.count = 1234;
  params.level = "hard";
  params.clue_class = "hard";
  GeneratorOptions& g = params.generator;
  g.dig.min_clues = 22;
  g.dig.max_clues = 31;
  g.dig.minimal = true;
  g.dig.symmetry = Symmetry::kRot90;
  g.dig.order = DigOrder::kPerRow;
  g.min_freedom = 100;
  g.max_freedom = 300;
  g.min_rating = 35;
  g.max_rating = 64;
  g.max_attempts = 77;
  g.transform = TransformKind::kFull;
  g.hardest = Technique::kXWing;
  g.required.set(static_cast<size_t>(Technique::kPointing));
  g.required.set(static_cast<size_t>(Technique::kNakedPair));
  params.grid_source_path = "/data/grids.txt";
  params.grid_source_grids = 120;
  params.grid_source_fingerprint = 0x5dbf8517562942dfULL;
  params.shard = {3, 8};
  return params;
}

void ExpectSameParams(const RunParams& a, const RunParams& b) {
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.level, b.level);
  EXPECT_EQ(a.clue_class, b.clue_class);
  const GeneratorOptions &x = a.generator, &y = b.generator;
  EXPECT_EQ(x.dig.min_clues, y.dig.min_clues);
  EXPECT_EQ(x.dig.max_clues, y.dig.max_clues);
  EXPECT_EQ(x.dig.minimal, y.dig.minimal);
  EXPECT_EQ(x.dig.symmetry, y.dig.symmetry);
  EXPECT_EQ(x.dig.order, y.dig.order);
  EXPECT_EQ(x.random_symmetry, y.random_symmetry);
  EXPECT_EQ(x.grid_method, y.grid_method);
  EXPECT_EQ(x.transform, y.transform);
  EXPECT_EQ(x.min_freedom, y.min_freedom);
  EXPECT_EQ(x.max_freedom, y.max_freedom);
  EXPECT_EQ(x.min_rating, y.min_rating);
  EXPECT_EQ(x.max_rating, y.max_rating);
  EXPECT_EQ(x.max_attempts, y.max_attempts);
  EXPECT_EQ(x.hardest, y.hardest);
  EXPECT_EQ(x.required, y.required);
  EXPECT_EQ(a.grid_source_path, b.grid_source_path);
  EXPECT_EQ(a.grid_source_grids, b.grid_source_grids);
  EXPECT_EQ(a.grid_source_fingerprint, b.grid_source_fingerprint);
  EXPECT_EQ(a.shard.k, b.shard.k);
  EXPECT_EQ(a.shard.n, b.shard.n);
  EXPECT_EQ(a.level_set.seed, b.level_set.seed);
  EXPECT_EQ(a.level_set.count, b.level_set.count);
  ASSERT_EQ(a.level_set.levels.size(), b.level_set.levels.size());
  for (size_t i = 0; i < a.level_set.levels.size(); ++i) {
    const LevelSet::Level &p = a.level_set.levels[i], &q = b.level_set.levels[i];
    EXPECT_EQ(p.name, q.name);
    EXPECT_EQ(p.min_clues, q.min_clues);
    EXPECT_EQ(p.max_clues, q.max_clues);
    EXPECT_EQ(p.minimal, q.minimal);
    EXPECT_EQ(p.min_rating, q.min_rating);
    EXPECT_EQ(p.max_rating, q.max_rating);
  }
}

// Decodes `json` and expects it to fail with a message naming `key`.
void ExpectRefusedNaming(const std::string& json, const std::string& key) {
  RunParams params;
  const Status s = ParseParamsJson(json, &params);
  EXPECT_EQ(s.code(), StatusCode::kCorruption) << json;
  EXPECT_NE(s.message().find("\"" + key + "\""), std::string::npos) << s.message();
}

// The forms earlier versions stored (the fuzzer's seeds): a relative grid source path, the
// rating band of the older 0-100 scale, a shard.
const std::vector<std::string> kStoredForms = {
    R"({"clue_level":null,"clues":[26,56],"count":3,"dig_order":"random","freedom":[0,729],"grid_method":"search","grid_source":null,"level":null,"max_attempts":1000,"minimal":false,"rating":[0,100],"symmetry":"none","transform":"relabel"})",
    R"({"clue_level":"hard","clues":[26,31],"count":3,"dig_order":"random","freedom":[0,729],"grid_method":"search","grid_source":null,"level":"hard","max_attempts":1000,"minimal":true,"rating":[35,64],"symmetry":"random","transform":"relabel"})",
    R"({"clue_level":null,"clues":[26,56],"count":3,"dig_order":"per-row","freedom":[0,729],"grid_method":"source","grid_source":{"fingerprint":"5dbf8517562942df","grids":6,"path":"../../../examples/grids.txt"},"level":null,"max_attempts":1000,"minimal":false,"rating":[0,100],"symmetry":"none","transform":"full"})",
    R"({"clue_level":null,"clues":[26,56],"count":4,"dig_order":"random","freedom":[100,300],"grid_method":"search","grid_source":null,"level":null,"max_attempts":1000,"minimal":false,"rating":[20,40],"shard":[2,3],"symmetry":"none","transform":"relabel"})",
};

TEST(RunParamsCodec, RoundTripsEveryField) {
  const RunParams params = EveryField();
  const std::string json = ToParamsJson(params);
  RunParams read;
  ASSERT_TRUE(ParseParamsJson(json, &read).ok()) << json;
  ExpectSameParams(params, read);
  EXPECT_EQ(ToParamsJson(read), json);
  EXPECT_TRUE(read.generator.grid_source.empty());  // the grids themselves are not stored
}

TEST(RunParamsCodec, RoundTripsRandomSymmetryAndGridMethod) {
  RunParams params;
  params.count = 5;
  params.generator.random_symmetry = true;
  params.generator.grid_method = GridMethod::kPattern;
  params.generator.dig.order = DigOrder::kControlledBias;
  RunParams read;
  ASSERT_TRUE(ParseParamsJson(ToParamsJson(params), &read).ok());
  ExpectSameParams(params, read);
}

TEST(RunParamsCodec, RoundTripsALevelSet) {
  std::vector<RunParams> runs(2);
  runs[0].level = "beginner";
  runs[0].count = 4;
  runs[1].level = "hard";
  runs[1].count = 3;
  runs[1].generator.dig.minimal = true;
  runs[1].generator.min_rating = 35;
  runs[1].generator.max_rating = 64;
  JoinLevelSet(18446744073709551615ULL, 7, &runs);  // a seed above INT64_MAX
  const std::string json = ToParamsJson(runs[1]);
  EXPECT_NE(json.find(R"("seed":"18446744073709551615")"), std::string::npos) << json;
  RunParams read;
  ASSERT_TRUE(ParseParamsJson(json, &read).ok()) << json;
  ExpectSameParams(runs[1], read);
  EXPECT_EQ(read.level_set.ShareOf(0), 4);
  EXPECT_EQ(read.level_set.ShareOf(1), 3);
  ExpectSameParams(LevelRunParams(read, 0), [&] {
    RunParams level = runs[0];
    level.level_set = read.level_set;
    return level;
  }());
}

TEST(RunParamsCodec, DecodesTheFormsOfEarlierVersions) {
  for (const std::string& stored : kStoredForms) {
    RunParams params;
    ASSERT_TRUE(ParseParamsJson(stored, &params).ok()) << stored;
    EXPECT_EQ(ToParamsJson(params), stored);  // written again byte for byte
  }
  RunParams source;
  ASSERT_TRUE(ParseParamsJson(kStoredForms[2], &source).ok());
  EXPECT_EQ(source.grid_source_path, "../../../examples/grids.txt");
  EXPECT_EQ(source.grid_source_fingerprint, 0x5dbf8517562942dfULL);
  RunParams shard;
  ASSERT_TRUE(ParseParamsJson(kStoredForms[3], &shard).ok());
  EXPECT_EQ(shard.shard.k, 2);
  EXPECT_EQ(shard.shard.n, 3);
}

TEST(RunParamsCodec, StoresTechniqueTargetsByName) {
  RunParams params;
  params.generator.hardest = Technique::kXyChain;
  params.generator.required.set(static_cast<size_t>(Technique::kXWing));
  const nlohmann::json json = nlohmann::json::parse(ToParamsJson(params));
  EXPECT_EQ(json["hardest"], "xy-chain");
  EXPECT_EQ(json["requires"], nlohmann::json::array({"x-wing"}));
}

TEST(RunParamsCodec, ReadsNoTechniqueTargetFromAnEarlierForm) {
  RunParams params;
  ASSERT_TRUE(ParseParamsJson(kStoredForms[1], &params).ok());
  EXPECT_FALSE(params.generator.hardest.has_value());
  EXPECT_TRUE(params.generator.required.none());
}

TEST(RunParamsCodec, RefusesAMissingKeyByName) {
  const nlohmann::json whole = nlohmann::json::parse(ToParamsJson(EveryField()));
  for (const auto& item : whole.items()) {
    // optional: absent means no shard, no hardest technique, no required technique
    if (item.key() == "shard" || item.key() == "hardest" || item.key() == "requires") continue;
    nlohmann::json json = whole;
    json.erase(item.key());
    ExpectRefusedNaming(json.dump(), item.key());
  }
}

TEST(RunParamsCodec, RefusesARenamedKeyByName) {
  nlohmann::json json = nlohmann::json::parse(ToParamsJson(EveryField()));
  json["clue_band"] = json["clues"];
  json.erase("clues");
  ExpectRefusedNaming(json.dump(), "clue_band");  // the unknown name
  json.erase("clue_band");
  ExpectRefusedNaming(json.dump(), "clues");  // the lost one
}

TEST(RunParamsCodec, RefusesAMistypedValueByName) {
  const nlohmann::json whole = nlohmann::json::parse(ToParamsJson(EveryField()));
  for (const char* key :
       {"count", "clues", "freedom", "rating", "level", "minimal", "max_attempts", "grid_method",
        "grid_source", "transform", "symmetry", "dig_order", "shard", "hardest", "requires"}) {
    nlohmann::json json = whole;
    json[key] = nlohmann::json::array({"x"});
    ExpectRefusedNaming(json.dump(), key);
  }
  nlohmann::json json = whole;
  json["symmetry"] = "spiral";
  ExpectRefusedNaming(json.dump(), "symmetry");
  json = whole;
  json["hardest"] = "x-wings";
  ExpectRefusedNaming(json.dump(), "hardest");
  json = whole;
  json["requires"] = nlohmann::json::array({"pointing", "x-wings"});
  ExpectRefusedNaming(json.dump(), "requires");
  json["requires"] = nlohmann::json::array();
  ExpectRefusedNaming(json.dump(), "requires");
  RunParams params;
  EXPECT_FALSE(ParseParamsJson("[1, 2]", &params).ok());
  EXPECT_FALSE(ParseParamsJson("{not json", &params).ok());
}

TEST(RunParamsStored, ReadsTheShardAndTheWholeRun) {
  RunParams params = EveryField();
  const std::string stored = ToParamsJson(params);
  params.shard = Shard();
  ShardOfRun shard;
  ASSERT_TRUE(ReadShardOfRun(stored, &shard).ok());
  EXPECT_EQ(shard.k, 3);
  EXPECT_EQ(shard.n, 8);
  EXPECT_EQ(shard.count, 1234);
  // Merging the shards gives the run the parameters it would have had on one machine.
  EXPECT_EQ(shard.whole_run_params, ToParamsJson(params));
}

TEST(RunParamsStored, ReadsARunThatIsNoShard) {
  ShardOfRun shard;
  ASSERT_TRUE(ReadShardOfRun(kStoredForms[0], &shard).ok());
  EXPECT_EQ(shard.k, 0);
  EXPECT_EQ(shard.n, 0);
  EXPECT_EQ(shard.count, 3);
  EXPECT_EQ(shard.whole_run_params, kStoredForms[0]);
  // Keys in the stored order, whatever wrote them; a run of a test holds any object.
  ASSERT_TRUE(ReadShardOfRun(R"({"z":1, "count":10,"a":[1,2]})", &shard).ok());
  EXPECT_EQ(shard.whole_run_params, R"({"z":1,"count":10,"a":[1,2]})");
}

TEST(RunParamsStored, RefusesWhatIsNoShardOrNoJson) {
  ShardOfRun shard;
  EXPECT_EQ(ReadShardOfRun("{not json", &shard).message(), "its parameters are not JSON");
  const Status s = ReadShardOfRun(R"({"count":4,"shard":[5,3]})", &shard);
  EXPECT_EQ(s.message(), "its shard parameters are not a part K of N");
  EXPECT_EQ(shard.k, 5);
  EXPECT_EQ(shard.n, 3);
  EXPECT_FALSE(ReadShardOfRun(R"({"shard":[1,2]})", &shard).ok());  // no count
}

TEST(RunParamsStored, ReadsTheGridMethod) {
  std::string method;
  ASSERT_TRUE(GridMethodOfRun(kStoredForms[2], &method).ok());
  EXPECT_EQ(method, "source");
  ASSERT_TRUE(GridMethodOfRun(R"({"count":10})", &method).ok());
  EXPECT_EQ(method, "");
  EXPECT_FALSE(GridMethodOfRun("{not json", &method).ok());
}

}  // namespace
}  // namespace sudoku
