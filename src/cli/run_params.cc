#include "run_params.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

namespace sudoku::cli {
namespace {

// What this build's generator makes; a run stored with other values cannot be continued by it.
constexpr char kGridMethod[] = "search";
constexpr char kSymmetry[] = "none";

constexpr std::array<const char*, 8> kKeys = {"count",   "clues",        "freedom",     "level",
                                              "minimal", "max_attempts", "grid_method", "symmetry"};

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

Status Bad(std::string_view key, std::string_view expected) {
  return Status::Error("params \"" + std::string(key) + "\": expected " + std::string(expected));
}

}  // namespace

std::string ToParamsJson(const RunParams& params) {
  const GeneratorOptions& g = params.generator;
  nlohmann::json json = {
      {"count", params.count},
      {"clues", {g.dig.min_clues, g.dig.max_clues}},
      {"freedom", {g.min_freedom, g.max_freedom}},
      {"level", params.level.empty() ? nlohmann::json(nullptr) : nlohmann::json(params.level)},
      {"minimal", g.dig.minimal},
      {"max_attempts", g.max_attempts},
      {"grid_method", kGridMethod},
      {"symmetry", kSymmetry},
  };
  return json.dump();
}

Status ParseParamsJson(std::string_view text, RunParams* params) {
  *params = RunParams();
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return Status::Error("params are not a JSON object");
  for (const auto& item : json.items()) {
    if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end()) {
      return Status::Error("params have an unknown key \"" + item.key() +
                           "\" (written by a newer sudoku-corpus?)");
    }
  }
  for (const char* key : kKeys) {
    if (!json.contains(key)) return Status::Error("params lack \"" + std::string(key) + "\"");
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
  const nlohmann::json& level = json["level"];
  if (!level.is_null() && !level.is_string()) return Bad("level", "null or a string");
  if (level.is_string()) params->level = level.get<std::string>();
  if (!json["minimal"].is_boolean()) return Bad("minimal", "true or false");
  g.dig.minimal = json["minimal"].get<bool>();
  if (!json["max_attempts"].is_number_integer()) return Bad("max_attempts", "an integer");
  g.max_attempts = json["max_attempts"].get<int>();
  if (json["grid_method"] != kGridMethod) return Bad("grid_method", "\"search\"");
  if (json["symmetry"] != kSymmetry) return Bad("symmetry", "\"none\"");
  return Status::Ok();
}

}  // namespace sudoku::cli
