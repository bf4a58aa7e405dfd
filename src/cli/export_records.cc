// RecordFormatter and the export fields: see export_records.h.
#include "export_records.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>
#include <utility>

#include "cli_util.h"
#include "steps_json.h"
#include "sudoku/core/rating.h"

namespace sudoku::cli {

enum class ExportField : int {
  kId,
  kRunId,
  kGivens,
  kSolution,
  kClues,
  kFreedom,
  kLevel,
  kSymmetry,
  kGridMethod,
  kDigOrder,
  kCanonical,
  kClueLevel,
  kRating,
  kEp,
  kEd,
  kHardest,
  kGuesses,
  kTechniques,
  kItemIndex,
  kSolutionCanonical,
  kSteps,
};

namespace {

using Field = ExportField;

struct FieldName {
  std::string_view name;
  Field field;
};

// Every field, by its name in output (the corpus's column names), in the order of a JSON Lines
// record; CSV leaves out techniques, and both leave out the last three, unless --columns names
// them. steps is the solving path (steps_json.h), walked again for each record.
constexpr FieldName kFields[] = {
    {"id", Field::kId},
    {"run_id", Field::kRunId},
    {"givens", Field::kGivens},
    {"solution", Field::kSolution},
    {"clues", Field::kClues},
    {"freedom", Field::kFreedom},
    {"level", Field::kLevel},
    {"symmetry", Field::kSymmetry},
    {"grid_method", Field::kGridMethod},
    {"dig_order", Field::kDigOrder},
    {"canonical", Field::kCanonical},
    {"clue_level", Field::kClueLevel},
    {"rating", Field::kRating},
    {"ep", Field::kEp},
    {"ed", Field::kEd},
    {"hardest", Field::kHardest},
    {"guesses", Field::kGuesses},
    {"techniques", Field::kTechniques},
    {"item_index", Field::kItemIndex},
    {"solution_canonical", Field::kSolutionCanonical},
    {"steps", Field::kSteps},
};
constexpr size_t kJsonlDefaultFields = 18;
constexpr size_t kCsvDefaultFields = 17;

std::string_view NameOf(Field field) {
  for (const FieldName& f : kFields) {
    if (f.field == field) return f.name;
  }
  return "";
}

std::string FieldList() {
  std::string list;
  for (const FieldName& f : kFields) {
    if (!list.empty()) list += ", ";
    list += f.name;
  }
  return list;
}

// The fields of --columns `text`, in its order, or the format's own when `text` is empty.
// Throws UsageError naming an unknown, empty or repeated name.
std::vector<Field> ParseColumns(const std::string& format, const std::string& text) {
  std::vector<Field> fields;
  if (text.empty()) {
    if (format == "lines") return {Field::kGivens};
    const size_t count = format == "csv" ? kCsvDefaultFields : kJsonlDefaultFields;
    for (size_t i = 0; i < count; ++i) fields.push_back(kFields[i].field);
    return fields;
  }
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma - start);
    const FieldName* found = nullptr;
    for (const FieldName& f : kFields) {
      if (f.name == name) found = &f;
    }
    if (found == nullptr) {
      throw UsageError("--columns '" + name + "': unknown column; use " + FieldList());
    }
    for (Field seen : fields) {
      if (seen == found->field) throw UsageError("--columns: '" + name + "' is named twice");
    }
    if (found->field == Field::kSteps && format == "lines") {
      throw UsageError("--columns steps applies to jsonl and csv: lines has no room for a path");
    }
    fields.push_back(found->field);
    if (comma == std::string::npos) return fields;
    start = comma + 1;
  }
}

// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote or newline.
void AppendCsvField(std::string_view text, std::string* out) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out->append(text);
    return;
  }
  *out += '"';
  for (char c : text) {
    if (c == '"') *out += '"';
    *out += c;
  }
  *out += '"';
}

// The text of a string field, or nullptr for a number.
const std::string* StringField(Field field, const StoredPuzzle& p) {
  switch (field) {
    case Field::kGivens:
      return &p.givens;
    case Field::kSolution:
      return &p.solution;
    case Field::kLevel:
      return &p.level;
    case Field::kSymmetry:
      return &p.symmetry;
    case Field::kGridMethod:
      return &p.grid_method;
    case Field::kDigOrder:
      return &p.dig_order;
    case Field::kCanonical:
      return &p.canonical;
    case Field::kSolutionCanonical:
      return &p.solution_canonical;
    case Field::kClueLevel:
      return &p.clue_class;
    case Field::kHardest:
      return &p.hardest;
    case Field::kTechniques:
      return &p.techniques;
    default:
      return nullptr;
  }
}

// A rating field in tenths (rating, ep, ed), written in SE units; nullptr for another field.
const int* RatingField(Field field, const StoredPuzzle& p) {
  if (field == Field::kRating) return &p.rating;
  if (field == Field::kEp) return &p.ep;
  if (field == Field::kEd) return &p.ed;
  return nullptr;
}

// A whole-number field (REQUIRES: not a string field, not a rating).
int64_t NumberField(Field field, const StoredPuzzle& p) {
  switch (field) {
    case Field::kId:
      return p.id;
    case Field::kRunId:
      return p.run_id;
    case Field::kItemIndex:
      return p.item_index;
    case Field::kClues:
      return p.clues;
    case Field::kFreedom:
      return p.freedom;
    case Field::kGuesses:
      return p.guesses;
    default:
      return 0;
  }
}

// The solving path of `p` as JSON text (steps_json.h).
std::string StepsField(const StoredPuzzle& p) { return StepsJson(StoredPath(p)).dump(); }

// The field as CSV and lines write it: text as stored, the rating in SE units ("6.6"), the
// steps as their JSON text.
void AppendText(Field field, const StoredPuzzle& p, std::string* out) {
  if (field == Field::kSteps) {
    out->append(StepsField(p));
  } else if (const std::string* text = StringField(field, p)) {
    out->append(*text);
  } else if (const int* tenths = RatingField(field, p)) {
    out->append(FormatRating(*tenths));
  } else {
    out->append(std::to_string(NumberField(field, p)));
  }
}

// Appends `text` as a JSON string. Printable ASCII (every name and form the tool stores) is
// copied as it is; anything else is escaped by nlohmann::json, which also replaces invalid UTF-8.
void AppendJsonString(std::string_view text, std::string* out) {
  for (const unsigned char c : text) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      *out += nlohmann::json(std::string(text))
                  .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
  }
  *out += '"';
  out->append(text);
  *out += '"';
}

// Appends the field as JSON Lines writes it: the rating as an SE number (6.6), techniques as the
// JSON object it holds (a string if it is not JSON), a missing canonical form as null.
void AppendJsonValue(Field field, const StoredPuzzle& p, std::string* out) {
  if (field == Field::kSteps) {
    out->append(StepsField(p));
  } else if (const int* tenths = RatingField(field, p)) {
    out->append(FormatRating(*tenths));
  } else if (field == Field::kCanonical && p.canonical.empty()) {
    out->append("null");
  } else if (field == Field::kTechniques &&
             p.techniques.find_first_of("\r\n") == std::string::npos &&
             nlohmann::json::accept(p.techniques)) {
    out->append(p.techniques);
  } else if (const std::string* text = StringField(field, p)) {
    AppendJsonString(*text, out);
  } else {
    out->append(std::to_string(NumberField(field, p)));
  }
}

}  // namespace

bool FormatHasColumns(const std::string& format) {
  return format == "jsonl" || format == "csv" || format == "lines";
}

std::string ExportFieldNames() { return FieldList(); }

RecordFormatter::RecordFormatter(std::string format, const std::string& columns, bool crlf)
    : format_(std::move(format)),
      fields_(ParseColumns(format_, columns)),
      eol_(crlf ? "\r\n" : "\n") {}

bool RecordFormatter::NeedsCanonical() const {
  return std::find(fields_.begin(), fields_.end(), Field::kCanonical) != fields_.end();
}

bool RecordFormatter::NeedsSolutionCanonical() const {
  return std::find(fields_.begin(), fields_.end(), Field::kSolutionCanonical) != fields_.end();
}

void RecordFormatter::AppendHeader(std::string* out) const {
  if (format_ == "kaggle") {
    *out += "quizzes,solutions";
  } else if (format_ == "csv") {
    for (size_t i = 0; i < fields_.size(); ++i) {
      if (i > 0) *out += ',';
      out->append(NameOf(fields_[i]));
    }
  } else {
    return;
  }
  *out += eol_;
}

void RecordFormatter::AppendRecord(const StoredPuzzle& p, std::string* out) {
  if (format_ == "jsonl") {
    *out += '{';
    for (size_t i = 0; i < fields_.size(); ++i) {
      if (i > 0) *out += ',';
      *out += '"';
      out->append(NameOf(fields_[i]));
      out->append("\":");
      AppendJsonValue(fields_[i], p, out);
    }
    *out += '}';
  } else if (format_ == "kaggle") {  // the Kaggle corpora write an empty cell as 0
    for (char c : p.givens) *out += c == '.' ? '0' : c;
    *out += ',';
    *out += p.solution;
  } else {
    const bool csv = format_ == "csv";
    for (size_t i = 0; i < fields_.size(); ++i) {
      if (i > 0) *out += csv ? ',' : ' ';
      text_.clear();
      AppendText(fields_[i], p, &text_);
      if (csv) {
        AppendCsvField(text_, out);
      } else {
        *out += text_;
      }
    }
  }
  *out += eol_;
}

}  // namespace sudoku::cli
