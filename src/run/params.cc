// The one codec of runs.params (sudoku/run/params.h): every key of the stored form is named in
// this file only.
#include "sudoku/run/params.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>

#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

constexpr char kRandomSymmetry[] = "random";
constexpr char kShardKey[] = "shard";         // only in the params of a shard
constexpr char kLevelSetKey[] = "level_set";  // only in the params of a level set's runs
constexpr char kHardestKey[] = "hardest";     // only in the params of a run with one
constexpr char kRequiresKey[] = "requires";   // only in the params of a run with some

constexpr std::array<const char*, 13> kKeys = {
    "count",        "clues",       "freedom",     "rating",    "level",    "clue_level", "minimal",
    "max_attempts", "grid_method", "grid_source", "transform", "symmetry", "dig_order"};

// [min, max] of two ints.
bool ReadBand(const nlohmann::json& value, int* min, int* max) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
      !value[1].is_number_integer()) {
    return false;
  }
  *min = value[0].get<int>();
  *max = value[1].get<int>();
  return true;
}

// A number of a stored text read as SQLite reads a JSON value as an integer: a real truncated,
// true 1, a string by its leading digits, anything else 0. Merges of older corpora read it so.
template <typename Json>
int64_t LenientInt(const Json& value) {
  if (value.is_number_integer()) return value.template get<int64_t>();
  if (value.is_number_float()) {  // clamped, as SQLite does, where the cast would overflow
    const double real = value.template get<double>();
    if (real <= -9.2e18) return std::numeric_limits<int64_t>::min();
    if (real >= 9.2e18) return std::numeric_limits<int64_t>::max();
    return static_cast<int64_t>(real);
  }
  if (value.is_boolean()) return value.template get<bool>() ? 1 : 0;
  if (value.is_string()) {
    return std::strtoll(value.template get<std::string>().c_str(), nullptr, 10);
  }
  return 0;
}

Status Bad(std::string_view key, std::string_view expected) {
  return Status::Corruption("params \"" + std::string(key) + "\": expected " +
                            std::string(expected));
}

// The fingerprint as 16 lowercase hex digits.
std::string FingerprintHex(uint64_t fingerprint) {
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(fingerprint));
  return hex;
}

nlohmann::json NullIfEmpty(const std::string& text) {
  return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
}

// A string or null key into *out ("" for null).
Status ReadOptionalName(const nlohmann::json& json, const char* key, std::string* out) {
  const nlohmann::json& value = json[key];
  if (!value.is_null() && !value.is_string()) return Bad(key, "null or a string");
  *out = value.is_string() ? value.get<std::string>() : "";
  return Status::Ok();
}

// Reads a string key through `parse` (one of the Parse* functions of the core headers).
template <typename T, typename Parse>
Status ReadName(const nlohmann::json& json, const char* key, Parse parse, T* out) {
  const nlohmann::json& value = json[key];
  if (value.is_string()) {
    if (auto parsed = parse(value.get<std::string>())) {
      *out = *parsed;
      return Status::Ok();
    }
  }
  return Bad(key, "a name this sudoku-corpus knows");
}

Status ReadGridSource(const nlohmann::json& value, RunParams* params) {
  if (value.is_null()) return Status::Ok();
  const char* expected = R"({"path": string, "grids": integer, "fingerprint": 16 hex digits})";
  if (!value.is_object() || !value.contains("path") || !value["path"].is_string() ||
      !value.contains("grids") || !value["grids"].is_number_integer() ||
      !value.contains("fingerprint") || !value["fingerprint"].is_string()) {
    return Bad("grid_source", expected);
  }
  params->grid_source_path = value["path"].get<std::string>();
  params->grid_source_grids = value["grids"].get<int64_t>();
  const std::string hex = value["fingerprint"].get<std::string>();
  auto [end, ec] =
      std::from_chars(hex.data(), hex.data() + hex.size(), params->grid_source_fingerprint, 16);
  if (hex.size() != 16 || ec != std::errc() || end != hex.data() + hex.size()) {
    return Bad("grid_source", expected);
  }
  return Status::Ok();
}

nlohmann::json LevelSetJson(const LevelSet& set) {
  nlohmann::json levels = nlohmann::json::array();
  for (const LevelSet::Level& level : set.levels) {
    levels.push_back({{"level", level.name},
                      {"clues", {level.min_clues, level.max_clues}},
                      {"minimal", level.minimal},
                      {"rating", {level.min_rating, level.max_rating}}});
  }
  return {{"seed", std::to_string(set.seed)}, {"count", set.count}, {"levels", levels}};
}

// One entry of "levels": {"level": name, "clues": [min, max], "minimal": bool, "rating": [min,
// max]}.
bool ReadLevel(const nlohmann::json& value, LevelSet::Level* level) {
  if (!value.is_object() || value.size() != 4 || !value.contains("level") ||
      !value["level"].is_string() || !FindRatingBand(value["level"].get<std::string>()) ||
      !value.contains("minimal") || !value["minimal"].is_boolean() || !value.contains("clues") ||
      !ReadBand(value["clues"], &level->min_clues, &level->max_clues) ||
      !value.contains("rating") ||
      !ReadBand(value["rating"], &level->min_rating, &level->max_rating)) {
    return false;
  }
  level->name = value["level"].get<std::string>();
  level->minimal = value["minimal"].get<bool>();
  return true;
}

// The "level_set" object into *set; the run's own level must be one of its levels.
Status ReadLevelSet(const nlohmann::json& value, const std::string& run_level, LevelSet* set) {
  const char* expected =
      R"({"seed": decimal string, "count": integer, "levels": [{"level": name, "clues": )"
      R"([min, max], "minimal": bool, "rating": [min, max]}, ...] holding the run's level})";
  if (!value.is_object() || value.size() != 3 || !value.contains("seed") ||
      !value["seed"].is_string() || !value.contains("count") ||
      !value["count"].is_number_integer() || !value.contains("levels") ||
      !value["levels"].is_array()) {
    return Bad(kLevelSetKey, expected);
  }
  const std::string seed = value["seed"].get<std::string>();
  auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), set->seed);
  if (seed.empty() || ec != std::errc() || end != seed.data() + seed.size()) {
    return Bad(kLevelSetKey, expected);
  }
  set->count = value["count"].get<int64_t>();
  for (const nlohmann::json& entry : value["levels"]) {
    if (!ReadLevel(entry, &set->levels.emplace_back())) return Bad(kLevelSetKey, expected);
  }
  if (set->IndexOf(run_level) == set->levels.size() ||
      set->count < static_cast<int64_t>(set->levels.size())) {
    return Bad(kLevelSetKey, expected);
  }
  return Status::Ok();
}

// The technique targets, as ToParamsJson writes them: each key only when set.
void WriteTechniqueTargets(const GeneratorOptions& g, nlohmann::json* json) {
  if (g.hardest) (*json)[kHardestKey] = TechniqueName(*g.hardest);
  if (g.required.none()) return;
  nlohmann::json names = nlohmann::json::array();
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (g.required[t]) names.push_back(TechniqueName(static_cast<Technique>(t)));
  }
  (*json)[kRequiresKey] = names;
}

// "hardest": a technique's name, and "requires": a non-empty array of names; each may be absent.
Status ReadTechniqueTargets(const nlohmann::json& json, GeneratorOptions* g) {
  if (json.contains(kHardestKey)) {
    Status s = ReadName(json, kHardestKey, ParseTechnique, &g->hardest.emplace());
    if (!s.ok()) return s;
  }
  if (!json.contains(kRequiresKey)) return Status::Ok();
  const nlohmann::json& names = json[kRequiresKey];
  if (!names.is_array() || names.empty()) return Bad(kRequiresKey, "an array of technique names");
  for (const nlohmann::json& name : names) {
    const auto technique =
        name.is_string() ? ParseTechnique(name.get<std::string>()) : std::nullopt;
    if (!technique) return Bad(kRequiresKey, "an array of technique names");
    g->required.set(static_cast<size_t>(*technique));
  }
  return Status::Ok();
}

}  // namespace

int64_t LevelSet::ShareOf(size_t i) const {
  const auto n = static_cast<int64_t>(levels.size());
  return count / n + (static_cast<int64_t>(i) < count % n ? 1 : 0);
}

size_t LevelSet::IndexOf(std::string_view name) const {
  size_t i = 0;
  while (i < levels.size() && levels[i].name != name) ++i;
  return i;
}

uint64_t LevelSet::SeedOf(size_t i) const {
  // The name folded into the seed byte by byte through SplitMix64, a bijective mixer: distinct
  // names give unrelated seeds.
  uint64_t state = seed;
  for (const unsigned char c : levels[i].name) {
    state ^= c;
    state = SplitMix64(state);
  }
  return state;
}

RunParams LevelRunParams(const RunParams& run, size_t i) {
  const LevelSet::Level& level = run.level_set.levels[i];
  RunParams params = run;
  params.level = level.name;
  params.count = run.level_set.ShareOf(i);
  params.generator.dig.min_clues = level.min_clues;
  params.generator.dig.max_clues = level.max_clues;
  params.generator.dig.minimal = level.minimal;
  params.generator.min_rating = level.min_rating;
  params.generator.max_rating = level.max_rating;
  return params;
}

void JoinLevelSet(uint64_t seed, int64_t count, std::vector<RunParams>* runs) {
  LevelSet set;
  set.seed = seed;
  set.count = count;
  for (const RunParams& run : *runs) {
    const GeneratorOptions& g = run.generator;
    set.levels.push_back({.name = run.level,
                          .min_clues = g.dig.min_clues,
                          .max_clues = g.dig.max_clues,
                          .minimal = g.dig.minimal,
                          .min_rating = g.min_rating,
                          .max_rating = g.max_rating});
  }
  for (RunParams& run : *runs) run.level_set = set;
}

std::string ToParamsJson(const RunParams& params) {
  const GeneratorOptions& g = params.generator;
  nlohmann::json json = {
      {"count", params.count},
      {"clues", {g.dig.min_clues, g.dig.max_clues}},
      {"freedom", {g.min_freedom, g.max_freedom}},
      {"rating", {g.min_rating, g.max_rating}},
      {"level", NullIfEmpty(params.level)},
      {"clue_level", NullIfEmpty(params.clue_class)},
      {"minimal", g.dig.minimal},
      {"max_attempts", g.max_attempts},
      {"grid_method",
       params.grid_source_path.empty() ? GridMethodName(g.grid_method) : SourceGridMethodName()},
      {"grid_source", nullptr},
      {"transform", TransformKindName(g.transform)},
      {"symmetry", g.random_symmetry ? kRandomSymmetry : SymmetryName(g.dig.symmetry)},
      {"dig_order", DigOrderName(g.dig.order)},
  };
  WriteTechniqueTargets(g, &json);
  if (!params.shard.whole()) json["shard"] = {params.shard.k, params.shard.n};
  if (!params.level_set.empty()) json[kLevelSetKey] = LevelSetJson(params.level_set);
  if (!params.grid_source_path.empty()) {
    json["grid_source"] = {{"path", params.grid_source_path},
                           {"grids", params.grid_source_grids},
                           {"fingerprint", FingerprintHex(params.grid_source_fingerprint)}};
  }
  return json.dump();
}

Status ParseParamsJson(std::string_view text, RunParams* params) {
  *params = RunParams();
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return Status::Corruption("params are not a JSON object");
  for (const auto& item : json.items()) {
    if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end() &&
        item.key() != kShardKey && item.key() != kLevelSetKey && item.key() != kHardestKey &&
        item.key() != kRequiresKey) {
      return Status::Corruption("params have an unknown key \"" + item.key() +
                                "\" (written by a newer sudoku-corpus?)");
    }
  }
  for (const char* key : kKeys) {
    if (!json.contains(key)) return Status::Corruption("params lack \"" + std::string(key) + "\"");
  }
  if (json.contains(kShardKey)) {
    int k = 0, n = 0;
    if (!ReadBand(json[kShardKey], &k, &n) || k < 1 || k > n || n < 2) {
      return Bad(kShardKey, "[K, N] with 1 <= K <= N and N >= 2");
    }
    params->shard = {k, n};
  }
  GeneratorOptions& g = params->generator;
  if (!json["count"].is_number_integer()) return Bad("count", "an integer");
  params->count = json["count"].get<int64_t>();
  if (!ReadBand(json["clues"], &g.dig.min_clues, &g.dig.max_clues)) {
    return Bad("clues", "[min, max]");
  }
  if (!ReadBand(json["freedom"], &g.min_freedom, &g.max_freedom)) {
    return Bad("freedom", "[min, max]");
  }
  if (!ReadBand(json["rating"], &g.min_rating, &g.max_rating)) return Bad("rating", "[min, max]");
  if (Status s = ReadOptionalName(json, "level", &params->level); !s.ok()) return s;
  if (Status s = ReadOptionalName(json, "clue_level", &params->clue_class); !s.ok()) return s;
  if (json.contains(kLevelSetKey)) {
    Status s = ReadLevelSet(json[kLevelSetKey], params->level, &params->level_set);
    if (!s.ok()) return s;
  }
  if (!json["minimal"].is_boolean()) return Bad("minimal", "true or false");
  g.dig.minimal = json["minimal"].get<bool>();
  if (!json["max_attempts"].is_number_integer()) return Bad("max_attempts", "an integer");
  g.max_attempts = json["max_attempts"].get<int>();
  if (Status s = ReadTechniqueTargets(json, &g); !s.ok()) return s;
  if (Status s = ReadGridSource(json["grid_source"], params); !s.ok()) return s;
  const bool from_source = !params->grid_source_path.empty();
  if (from_source != (json["grid_method"] == SourceGridMethodName())) {
    return Bad("grid_method", "\"source\" exactly when grid_source is set");
  }
  if (!from_source) {
    if (Status s = ReadName(json, "grid_method", ParseGridMethod, &g.grid_method); !s.ok()) {
      return s;
    }
  }
  if (Status s = ReadName(json, "transform", ParseTransformKind, &g.transform); !s.ok()) return s;
  g.random_symmetry = json["symmetry"] == kRandomSymmetry;
  if (!g.random_symmetry) {
    if (Status s = ReadName(json, "symmetry", ParseSymmetry, &g.dig.symmetry); !s.ok()) return s;
  }
  return ReadName(json, "dig_order", ParseDigOrder, &g.dig.order);
}

Status ReadShardOfRun(std::string_view params_json, ShardOfRun* shard) {
  *shard = ShardOfRun();
  // Ordered: the whole run's text keeps the stored order of keys, byte for byte the stored text
  // without "shard" when this codec wrote it.
  nlohmann::ordered_json json =
      nlohmann::ordered_json::parse(params_json, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Status::Corruption("its parameters are not JSON");
  if (json.is_object()) {
    shard->count = json.contains("count") ? LenientInt(json["count"]) : 0;
    const auto it = json.find(kShardKey);
    if (it != json.end() && it->is_array() && it->size() >= 2 && !(*it)[1].is_null()) {
      shard->k = LenientInt((*it)[0]);
      shard->n = LenientInt((*it)[1]);
      if (shard->n < 2 || shard->k < 1 || shard->k > shard->n || shard->count < 1) {
        return Status::Corruption("its shard parameters are not a part K of N");
      }
    }
    json.erase(kShardKey);
  }
  shard->whole_run_params = json.dump();
  return Status::Ok();
}

Status GridMethodOfRun(std::string_view params_json, std::string* method) {
  method->clear();
  const nlohmann::json json = nlohmann::json::parse(params_json, nullptr, false);
  if (json.is_discarded()) return Status::Corruption("its parameters are not JSON");
  if (json.is_object() && json.contains("grid_method") && json["grid_method"].is_string()) {
    *method = json["grid_method"].get<std::string>();
  }
  return Status::Ok();
}

}  // namespace sudoku
