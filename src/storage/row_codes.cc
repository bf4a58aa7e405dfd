// RowCodes: see row_codes.h.
#include "storage/row_codes.h"

#include <utility>

namespace sudoku::storage_internal {
namespace {

// The codes of schema/015_lean_row_table.sql (its technique_codes table and the CASE and
// replace() chains of its virtual columns), by name, so that a new or reordered Technique
// keeps the code a corpus already holds. Uppercase letters, then punctuation that no name
// nor JSON's '"', ',' and ':' holds, so that the schema's replace() chains never meet a code
// inside text they have already put in.
constexpr std::pair<std::string_view, char> kCodes[] = {
    {"none", 'A'},
    {"full-house", 'B'},
    {"hidden-single-box", 'C'},
    {"hidden-single-line", 'D'},
    {"direct-pointing", 'E'},
    {"direct-claiming", 'F'},
    {"direct-hidden-pair", 'G'},
    {"naked-single", 'H'},
    {"direct-hidden-triple", 'I'},
    {"pointing", 'J'},
    {"claiming", 'K'},
    {"naked-pair", 'L'},
    {"x-wing", 'M'},
    {"hidden-pair", 'N'},
    {"naked-triple", 'O'},
    {"swordfish", 'P'},
    {"hidden-triple", 'Q'},
    {"xy-wing", 'R'},
    {"xyz-wing", 'S'},
    {"unique-rectangle-1", 'T'},
    {"unique-rectangle-2", 'U'},
    {"unique-rectangle-3", 'V'},
    {"unique-rectangle-4", 'W'},
    {"unique-loop", 'X'},
    {"naked-quad", 'Y'},
    {"jellyfish", 'Z'},
    {"hidden-quad", '!'},
    {"bug-plus-one", '#'},
    {"bug-type-2", '$'},
    {"bug-type-4", '%'},
    {"bug-type-3", '&'},
    {"aligned-pair-exclusion", '('},
    {"y-cycle", ')'},
    {"x-cycle", '*'},
    {"skyscraper", '+'},
    {"two-string-kite", '.'},
    {"x-chain", '/'},
    {"xy-cycle", ';'},
    {"xy-chain", '<'},
    {"forcing-chain", '='},
    {"w-wing", '>'},
    {"aligned-triple-exclusion", '?'},
    {"nishio-forcing-chain", '@'},
    {"cell-forcing-chain", '['},
    {"region-forcing-chain", ']'},
    {"dynamic-forcing-chain", '^'},
    {"dynamic-forcing-chain-plus", '_'},
    {"nested-forcing-chain", '|'},
    {"guess", '~'},
};

struct CodeTables {
  std::array<char, kTechniqueCount> code_of{};  // '\0': none (a technique the schema lacks)
  std::array<int8_t, 128> technique_of{};       // -1: no code
  CodeTables() {
    technique_of.fill(-1);
    for (const auto& [name, code] : kCodes) {
      const std::optional<Technique> technique = ParseTechnique(name);
      if (!technique) continue;
      code_of[static_cast<int>(*technique)] = code;
      technique_of[static_cast<unsigned char>(code)] = static_cast<int8_t>(*technique);
    }
  }
};

const CodeTables& Tables() {
  static const CodeTables tables;
  return tables;
}

}  // namespace

PackedGrid PackGrid(const Grid& grid) {
  PackedGrid packed{};
  for (int cell = 0; cell < kCells; ++cell) {
    packed[cell / 2] |= static_cast<uint8_t>(cell % 2 == 0 ? grid[cell] << 4 : grid[cell]);
  }
  return packed;
}

std::optional<Grid> UnpackGrid(const void* bytes, int size) {
  if (bytes == nullptr || size != kPackedGridBytes) return std::nullopt;
  const auto* packed = static_cast<const uint8_t*>(bytes);
  Grid grid;
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t digit = cell % 2 == 0 ? packed[cell / 2] >> 4 : packed[cell / 2] & 0xf;
    if (digit > 9) return std::nullopt;
    grid[cell] = digit;
  }
  if ((packed[kPackedGridBytes - 1] & 0xf) != 0) return std::nullopt;
  return grid;
}

char TechniqueCode(Technique technique) { return Tables().code_of[static_cast<int>(technique)]; }

std::optional<Technique> TechniqueOfCode(char code) {
  const auto c = static_cast<unsigned char>(code);
  if (c >= 128 || Tables().technique_of[c] < 0) return std::nullopt;
  return static_cast<Technique>(Tables().technique_of[c]);
}

std::string UsesCode(const TechniqueUses& uses) {
  std::string code;
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (uses[t] == 0) continue;
    code += Tables().code_of[t];
    code += std::to_string(uses[t]);
  }
  return code;
}

bool DecodeUses(std::string_view code, TechniqueUses* uses) {
  uses->fill(0);
  size_t i = 0;
  while (i < code.size()) {
    const std::optional<Technique> technique = TechniqueOfCode(code[i++]);
    if (!technique) return false;
    uint32_t count = 0;
    const size_t digits = i;
    while (i < code.size() && code[i] >= '0' && code[i] <= '9' && count <= 0xffff) {
      count = count * 10 + static_cast<uint32_t>(code[i++] - '0');
    }
    if (i == digits || count == 0 || count > 0xffff) return false;
    (*uses)[static_cast<int>(*technique)] = static_cast<uint16_t>(count);
  }
  return true;
}

}  // namespace sudoku::storage_internal
