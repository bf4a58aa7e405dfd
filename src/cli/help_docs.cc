#include "help_docs.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string_view>

#include "cli_util.h"
#include "commands.h"
#include "entry_points.h"
#include "run_params.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/techniques.h"
#include "sudoku/core/transform.h"

namespace sudoku::cli {
namespace {

using Kind = ValueCompletion::Kind;

// CLI11 hides what is in the empty group from --help; so do the man page and the completion.
bool Listed(const CLI::Option* option) { return !option->get_group().empty(); }

std::vector<const CLI::App*> Commands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

// The listed options of `command` that have names (-x, --name), or the positional ones.
std::vector<const CLI::Option*> Options(const CLI::App& command, bool positional) {
  return command.get_options([positional](const CLI::Option* option) {
    return Listed(option) && option->nonpositional() != positional;
  });
}

// "-n", "--count": short names first, as --help lists them.
std::vector<std::string> Names(const CLI::Option& option) {
  std::vector<std::string> names;
  for (const std::string& name : option.get_snames()) names.push_back("-" + name);
  for (const std::string& name : option.get_lnames()) names.push_back("--" + name);
  return names;
}

// A flag (--minimal, --help) expects no value; --resume [RUN_ID] expects up to one.
bool TakesValue(const CLI::Option& option) { return option.get_expected_max() > 0; }

// The type as --help prints it, up to its first check: "INT" of "INT:1-1000".
std::string BaseType(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  return type.substr(0, type.find(':'));
}

// The set of a CLI::IsMember check, read from the type --help prints ("TEXT:{jsonl,csv}").
std::vector<std::string> MemberSet(const CLI::Option& option) {
  std::vector<std::string> words;
  std::stringstream checks(option.get_type_name());
  std::string check;
  while (std::getline(checks, check, ':')) {
    if (check.size() < 2 || check.front() != '{' || check.back() != '}') continue;
    std::stringstream set(check.substr(1, check.size() - 2));
    std::string word;
    while (std::getline(set, word, ',')) words.push_back(word);
  }
  return words;
}

// The values of the options the commands check by hand (cmd_generate.cc, cli_util.cc), from
// the core's tables; empty for any other option.
std::vector<std::string> HandCheckedValues(const CLI::App& command, const CLI::Option& option) {
  // generate makes grids and symmetries; the read commands filter by what is stored, which
  // includes grids drawn from a file ("source") and excludes generate's "random" symmetry (a
  // draw per puzzle, stored as the symmetry drawn).
  const bool generate = command.get_name() == "generate";
  std::vector<std::string> words;
  if (option.check_lname("level")) {
    for (const RatingBand& band : RatingBands()) words.emplace_back(band.name);
    if (generate) words.emplace_back(kAllLevels);  // a list (easy,hard) is typed by hand
  } else if (option.check_lname("clue-class")) {
    for (const ClueClass& clue_class : ClueClasses()) words.emplace_back(clue_class.name);
  } else if (option.check_lname("grid-method")) {
    for (GridMethod method : kGridMethods) words.emplace_back(GridMethodName(method));
    if (!generate) words.emplace_back(SourceGridMethodName());
  } else if (option.check_lname("symmetry")) {
    for (int i = 0; i < kSymmetryCount; ++i) {
      words.emplace_back(SymmetryName(static_cast<Symmetry>(i)));
    }
    if (generate) words.emplace_back("random");
  } else if (option.check_lname("dig-order")) {
    for (DigOrder order : kDigOrders) words.emplace_back(DigOrderName(order));
  } else if (option.check_lname("transform")) {
    for (TransformKind kind : kTransformKinds) words.emplace_back(TransformKindName(kind));
  } else if (option.check_lname("hardest") || option.check_lname("requires")) {
    for (const std::string_view name : TechniqueNames()) words.emplace_back(name);
  }
  return words;
}

// Whether the value of `option` is a path: by name, or by the type --help shows (FILE, DIR).
// Every positional argument is a file: the inputs of solve, rate and merge.
bool NamesFolder(const CLI::Option& option) {
  return option.check_lname("plot") || BaseType(option) == "DIR";
}

bool NamesFile(const CLI::Option& option) {
  const std::string type = BaseType(option);
  return !option.nonpositional() || option.check_lname("db") || option.check_lname("output") ||
         option.check_lname("grid-source") || type.starts_with("FILE");
}

// --- roff ---

// `text` as roff body text: backslashes escaped, every '-' an ASCII hyphen-minus (\-, so that
// options copied from the page work), and a line starting with a control character ('.' or
// '\'') made text.
std::string Roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Bold(std::string_view text) { return "\\fB" + Roff(text) + "\\fR"; }
std::string Italic(std::string_view text) { return "\\fI" + Roff(text) + "\\fR"; }

// "\fBsudoku-corpus merge\fR [\fIOPTIONS\fR] \fIinputs\fR..." as one roff line.
std::string Usage(const CLI::App& command) {
  std::string usage =
      Bold(std::string(kToolName) + " " + command.get_name()) + " [" + Italic("OPTIONS") + "]";
  for (const CLI::Option* positional : Options(command, true)) {
    std::string item = Italic(positional->get_name(true, false));
    if (positional->get_expected_max() > 1) item += "...";
    usage += " " + (positional->get_required() ? item : "[" + item + "]");
  }
  return usage;
}

// Other options' names, sorted: CLI11 keeps them in a set of pointers, whose order varies.
std::string OptionList(const std::set<CLI::Option*>& options) {
  std::vector<std::string> names;
  for (const CLI::Option* option : options) names.push_back(option->get_name());
  std::sort(names.begin(), names.end());
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

// One .TP entry: names and type as --help shows them, then the description, the default and
// the constraints.
void WriteManOption(const CLI::Option& option, std::ostream& out) {
  std::string tag;
  if (option.nonpositional()) {
    for (const std::string& name : Names(option)) tag += (tag.empty() ? "" : ", ") + Bold(name);
  } else {
    tag = Italic(option.get_name(true, false));
  }
  if (TakesValue(option) && !option.get_type_name().empty()) {
    tag += " " + Italic(option.get_type_name());
  }
  out << ".TP\n" << tag << "\n" << Roff(option.get_description()) << "\n";
  std::vector<std::string> notes;
  if (TakesValue(option) && !option.get_default_str().empty()) {
    notes.push_back("Default: " + Bold(option.get_default_str()) + ".");
  }
  if (option.get_required()) notes.push_back("Required.");
  if (!option.get_excludes().empty()) {
    notes.push_back("Not with " + Roff(OptionList(option.get_excludes())) + ".");
  }
  if (!option.get_needs().empty()) {
    notes.push_back("Needs " + Roff(OptionList(option.get_needs())) + ".");
  }
  for (const std::string& note : notes) out << ".br\n" << note << "\n";
}

void WriteManCommand(const CLI::App& command, std::ostream& out) {
  out << ".SS " << Roff(command.get_name()) << "\n"
      << Usage(command) << "\n.PP\n"
      << Roff(command.get_description()) << "\n";
  if (!command.get_footer().empty()) out << ".PP\n" << Roff(command.get_footer()) << "\n";
  for (const CLI::Option* positional : Options(command, true)) WriteManOption(*positional, out);
  for (const CLI::Option* option : Options(command, false)) {
    if (option != command.get_help_ptr()) WriteManOption(*option, out);
  }
}

// The file the commands read or write without --db: its default, wherever --db has one.
std::string DefaultCorpus(const CLI::App& app) {
  for (const CLI::App* command : Commands(app)) {
    for (const CLI::Option* option : Options(*command, false)) {
      if (option->check_lname("db") && !option->get_default_str().empty()) {
        return option->get_default_str();
      }
    }
  }
  return "corpus.db";
}

// What RunSudokuCorpus (commands.cc) returns.
constexpr const char* kExitStatus = R"(.TP
.B 0
Success.
.TP
.B 1
A request that cannot be done (a damaged or foreign file, an unreadable input line), or an I/O
error.
.TP
.B 2
A bad command line: an unknown command or option, a malformed value, one out of its range.
.TP
.B 70
An internal error: a bug, to be reported.
.TP
.B 130
A \fBgenerate\fR run stopped by Ctrl\-C or SIGTERM: the batches it committed are kept, and
\fBgenerate \-\-resume\fR finishes the run.
)";

constexpr const char* kDescription =
    R"(\fBsudoku\-corpus\fR makes corpora of Sudoku puzzles: finished
grids, transformed and dug to puzzles with exactly one solution, rated by the techniques a person
needs to solve them, and stored in a SQLite database that other programs read. The same seed and
options give the same corpus on any number of threads or machines.
.PP
Each command below takes its own options, as \fBsudoku\-corpus\fR \fICOMMAND\fR \fB\-\-help\fR
lists them. An error is one line on standard error that starts with \fBsudoku\-corpus:\fR and
names what was wrong.
)";

// The comment, .TH, NAME (from the app's description) and SYNOPSIS (a line per command).
void WriteManHead(const CLI::App& app, std::ostream& out) {
  const std::string name = kToolName;
  std::string summary = app.get_description();
  if (summary.starts_with(name + ": ")) summary.erase(0, name.size() + 2);
  out << ".\\\" Generated by sudoku-corpus-docs from the command line (src/cli/commands.cc and\n"
      << ".\\\" help_docs.cc); edit those, not this file.\n"
      << ".TH " << Roff("SUDOKU-CORPUS") << " 1 \"\" \"" << Roff(kToolVersion)
      << "\" \"User Commands\"\n"
      << ".SH NAME\n"
      << Roff(name) << " \\- " << Roff(summary) << "\n"
      << ".SH SYNOPSIS\n"
      << Bold(name) << " " << Italic("COMMAND") << " [" << Italic("OPTIONS") << "]\n";
  for (const CLI::App* command : Commands(app)) out << ".br\n" << Usage(*command) << "\n";
  out << ".br\n" << Bold(name) << " " << Bold("--help") << " | " << Bold("--version") << "\n";
}

// FILES: the default corpus (--db's default) and the files beside it, and the documentation.
void WriteManFiles(const CLI::App& app, std::ostream& out) {
  const std::string corpus = DefaultCorpus(app);
  out << ".SH FILES\n.TP\n"
      << Italic(corpus) << "\nThe corpus a command reads or writes when " << Bold("--db")
      << " is not given.\n.TP\n"
      << Italic(corpus + "-wal") << ", " << Italic(corpus + "-shm")
      << "\nSQLite's write\\-ahead log and its index, beside a corpus being written.\n.TP\n"
      << Italic(corpus + "-lock") << "\nBeside a corpus: a writer locks byte " << Italic("N")
      << " of it while it writes run " << Italic("N") << ".\n.TP\n"
      << Italic("share/doc/sudoku-corpus/") << "\nUnder the installation prefix (" << Italic("/usr")
      << " for the Debian package): README.md, the guides in " << Italic("docs/")
      << ", and the corpus schema in " << Italic("schema/") << ", one SQL file per version.\n";
}

// EXAMPLES: a command of each kind, in the order a corpus is made and used.
constexpr const char* kExamples = R"(.PP
A balanced corpus for an app, 1,000 puzzles of each level, the same for the same seed:
.RS
.nf
\fBsudoku\-corpus generate \-\-db app.db \-\-level all \-\-count 6000 \-\-seed 1\fR
.fi
.RE
.PP
The app pack (one small SQLite file an app bundles), and 50 hard puzzles as lines on standard
output:
.RS
.nf
\fBsudoku\-corpus export \-\-db app.db \-\-format sqlite \-o pack.db\fR
\fBsudoku\-corpus export \-\-db app.db \-\-level hard \-\-limit 50 \-f lines\fR
.fi
.RE
.PP
Finish a run that Ctrl\-C stopped, then check the corpus:
.RS
.nf
\fBsudoku\-corpus generate \-\-db app.db \-\-resume\fR
\fBsudoku\-corpus verify \-\-db app.db\fR
.fi
.RE
.PP
One run in two shards (on two machines, say), merged into the corpus one machine would make:
.RS
.nf
\fBsudoku\-corpus generate \-\-db s1.db \-\-shard 1/2 \-\-count 2000 \-\-seed 7\fR
\fBsudoku\-corpus generate \-\-db s2.db \-\-shard 2/2 \-\-count 2000 \-\-seed 7\fR
\fBsudoku\-corpus merge \-\-db all.db s1.db s2.db\fR
.fi
.RE
.PP
Solve and rate puzzles of a file, one 81\-character line each; the corpus's distributions:
.RS
.nf
\fBsudoku\-corpus solve puzzles.txt\fR
\fBsudoku\-corpus rate puzzles.txt\fR
\fBsudoku\-corpus stats \-\-db app.db \-\-plot plots/\fR
.fi
.RE
)";

// TECHNIQUES: the rater's table of techniques (sudoku/core/techniques.h), in SE's order.
void WriteManTechniques(std::ostream& out) {
  out << ".SH TECHNIQUES\n"
      << "The techniques the rater tries, easiest first, as stored in a corpus (the hardest "
         "technique and the uses of each), with their family and Sudoku Explainer rating; a "
         "technique that rates by its size or length (chains, loops) shows the least it rates.\n";
  for (const TechniqueInfo& info : TechniqueTable()) {
    if (info.technique == Technique::kNone) continue;
    out << ".TP\n"
        << Bold(info.name) << " (" << Roff(TechniqueFamilyName(info.family)) << ", "
        << Roff(FormatRating(info.rating)) << ")\n"
        << Roff(info.description) << "\n";
  }
}

}  // namespace

ValueCompletion CompleteValue(const CLI::App& command, const CLI::Option& option) {
  ValueCompletion completion;
  completion.words = MemberSet(option);
  if (completion.words.empty()) completion.words = HandCheckedValues(command, option);
  if (!completion.words.empty()) {
    completion.kind = Kind::kWords;
  } else if (NamesFolder(option)) {
    completion.kind = Kind::kFolders;
  } else if (NamesFile(option)) {
    completion.kind = Kind::kFiles;
  }
  return completion;
}

std::string ManPage(const CLI::App& app) {
  std::ostringstream out;
  WriteManHead(app, out);
  out << ".SH DESCRIPTION\n" << kDescription << ".SH OPTIONS\n";
  for (const CLI::Option* option : Options(app, false)) WriteManOption(*option, out);
  out << ".SH COMMANDS\n";
  for (const CLI::App* command : Commands(app)) WriteManCommand(*command, out);
  WriteManTechniques(out);
  out << ".SH \"EXIT STATUS\"\n" << kExitStatus;
  WriteManFiles(app, out);
  out << ".SH EXAMPLES\n" << kExamples;
  out << ".SH \"SEE ALSO\"\n" << Bold("sqlite3") << "(1), " << Bold("gnuplot") << "(1)\n";
  return out.str();
}

namespace {

// `word` in single quotes for the shell.
std::string ShellQuote(std::string_view word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The words of `words` in one shell word, space-separated, for compgen -W.
std::string WordList(const std::vector<std::string>& words) {
  std::string list;
  for (const std::string& word : words) list += (list.empty() ? "" : " ") + word;
  return ShellQuote(list);
}

// The arm of `case $prev` that completes the value of `option`.
std::string ValueArm(const CLI::App& command, const CLI::Option& option) {
  std::string pattern;
  for (const std::string& name : Names(option)) {
    pattern += (pattern.empty() ? "" : "|") + ShellQuote(name);
  }
  const ValueCompletion completion = CompleteValue(command, option);
  std::string action;
  switch (completion.kind) {
    case Kind::kWords:
      action = "COMPREPLY=($(compgen -W " + WordList(completion.words) + " -- \"$cur\"))";
      break;
    case Kind::kFiles:
      action = "_sudoku_corpus_paths -f";
      break;
    case Kind::kFolders:
      action = "_sudoku_corpus_paths -d";
      break;
    case Kind::kNothing:
      action = ":";  // a number or a band: nothing to offer
      break;
  }
  return "        " + pattern + ") " + action + "; return ;;\n";
}

void WriteCompletionCommand(const CLI::App& command, std::ostream& out) {
  out << "    " << ShellQuote(command.get_name()) << ")\n";
  std::vector<std::string> names;
  std::string arms;
  for (const CLI::Option* option : Options(command, false)) {
    for (const std::string& name : Names(*option)) names.push_back(name);
    if (TakesValue(*option)) arms += ValueArm(command, *option);
  }
  // After an option that takes a value, the word is that value, unless it starts with '-'.
  if (!arms.empty()) out << "      [[ $cur == -* ]] || case $prev in\n" << arms << "      esac\n";
  out << "      options=" << WordList(names) << "\n";
  const std::vector<const CLI::Option*> positionals = Options(command, true);
  if (!positionals.empty()) {
    const ValueCompletion completion = CompleteValue(command, *positionals.front());
    if (completion.kind == Kind::kFiles) out << "      paths=-f\n";
    if (completion.kind == Kind::kFolders) out << "      paths=-d\n";
  }
  out << "      ;;\n";
}

constexpr const char* kCompletionHead = R"(
# Sets COMPREPLY to the files (-f) or folders (-d) whose names start with $cur.
_sudoku_corpus_paths() {
  compopt -o filenames 2>/dev/null
  local IFS=$'\n'
  COMPREPLY=($(compgen "$1" -- "$cur"))
}

_sudoku_corpus() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= options= paths= i
  COMPREPLY=()
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # bash splits --option=value at the '='.
  if [[ $cur == = ]]; then
    cur=
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ ${COMP_WORDS[i]} != -* ]]; then
      cmd=${COMP_WORDS[i]}
      break
    fi
  done
)";

}  // namespace

std::string BashCompletion(const CLI::App& app) {
  std::vector<std::string> commands;
  for (const CLI::App* command : Commands(app)) commands.push_back(command->get_name());
  std::vector<std::string> top_options;
  for (const CLI::Option* option : Options(app, false)) {
    for (const std::string& name : Names(*option)) top_options.push_back(name);
  }
  std::ostringstream out;
  out << "# bash completion for " << kToolName << " (" << kToolVersion << ")\n"
      << "# Generated by sudoku-corpus-docs from the command line (src/cli/commands.cc and\n"
      << "# help_docs.cc); edit those, not this file.\n"
      << kCompletionHead << "  if [[ -z $cmd ]]; then\n"
      << "    if [[ $cur == -* ]]; then\n"
      << "      COMPREPLY=($(compgen -W " << WordList(top_options) << " -- \"$cur\"))\n"
      << "    else\n"
      << "      COMPREPLY=($(compgen -W " << WordList(commands) << " -- \"$cur\"))\n"
      << "    fi\n"
      << "    return\n"
      << "  fi\n"
      << "  case $cmd in\n";
  for (const CLI::App* command : Commands(app)) WriteCompletionCommand(*command, out);
  out << "    *) return ;;\n"
      << "  esac\n"
      << "  # Positional arguments are paths; a word starting with '-' is an option.\n"
      << "  if [[ $cur == -* || -z $paths ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
      << "  else\n"
      << "    _sudoku_corpus_paths \"$paths\"\n"
      << "  fi\n"
      << "}\n\n"
      << "complete -F _sudoku_corpus " << kToolName << "\n";
  return out.str();
}

int RunSudokuCorpusDocs(int argc, char** argv) {
  const std::string kind = argc == 3 ? argv[1] : "";
  if (kind != "man" && kind != "bash") {
    std::cerr << "sudoku-corpus-docs: usage: sudoku-corpus-docs man|bash OUTPUT\n";
    return 2;
  }
  int exit_code = 0;
  CLI::App app;
  SetupCommands(app, &exit_code);
  app.name(kToolName);
  const std::string text = kind == "man" ? ManPage(app) : BashCompletion(app);
  // Through a temporary file and a rename: a failed or interrupted build leaves the old file
  // or none, never half of one that a later build would take as up to date.
  const std::string output = argv[2];
  const std::string temporary = output + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out || std::rename(temporary.c_str(), output.c_str()) != 0) {
    std::cerr << "sudoku-corpus-docs: cannot write " << output << ": " << std::strerror(errno)
              << "\n";
    std::remove(temporary.c_str());
    return 1;
  }
  return 0;
}

}  // namespace sudoku::cli
