//===- RunLines.cpp - The lit RUN lines of IREE's e2e tests ---------------===//

#include "interp/support/RunLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using llvm::StringRef;

namespace ref {

std::vector<RunLine> extractRunLines(StringRef text) {
  std::vector<RunLine> out;
  bool continuing = false;
  unsigned lineNo = 0;
  for (StringRef rest = text; !rest.empty();) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    ++lineNo;
    // lit finds "RUN:" after the comment marker anywhere on the line.
    size_t at = line.find("RUN:");
    if (at == StringRef::npos || !line.take_front(at).trim().starts_with("//"))
      continue;
    StringRef cmd = line.substr(at + 4).trim();
    if (!continuing)
      out.push_back({lineNo, ""});
    std::string &dst = out.back().command;
    continuing = cmd.ends_with("\\");
    if (continuing)
      cmd = cmd.drop_back().rtrim();
    if (!dst.empty() && !cmd.empty())
      dst += ' ';
    dst += cmd.str();
  }
  return out;
}

bool splitShellCommand(StringRef s, std::vector<std::string> &words,
                       std::vector<bool> &isOperator) {
  words.clear();
  isOperator.clear();
  std::string cur;
  bool inWord = false;
  auto flush = [&] {
    if (inWord) {
      words.push_back(cur);
      isOperator.push_back(false);
    }
    cur.clear();
    inWord = false;
  };
  auto op = [&](StringRef o) {
    flush();
    words.push_back(o.str());
    isOperator.push_back(true);
  };
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    StringRef rest = s.substr(i);
    if (c == ' ' || c == '\t') {
      flush();
    } else if (c == '\'') {
      size_t end = s.find('\'', i + 1);
      if (end == StringRef::npos)
        return false;
      cur += s.slice(i + 1, end).str();
      inWord = true;
      i = end;
    } else if (c == '"') {
      inWord = true;
      for (++i;; ++i) {
        if (i >= s.size())
          return false;
        if (s[i] == '"')
          break;
        if (s[i] == '\\' && i + 1 < s.size() &&
            StringRef("\"\\$`").contains(s[i + 1]))
          ++i;
        cur.push_back(s[i]);
      }
    } else if (c == '\\' && i + 1 < s.size()) {
      cur.push_back(s[++i]);
      inWord = true;
    } else if (!inWord && rest.starts_with("2>&1")) {
      op("2>&1");
      i += 3;
    } else if (!inWord && rest.starts_with("2>")) {
      op("2>");
      i += 1;
    } else if (rest.starts_with("||") || rest.starts_with("&&")) {
      op(rest.take_front(2));
      i += 1;
    } else if (StringRef("|;<>").contains(c)) {
      op(StringRef(&s.data()[i], 1));
    } else {
      cur.push_back(c);
      inWord = true;
    }
  }
  flush();
  return true;
}

namespace {

/// Flags of IREE's tools that make the run something the interpreter does
/// not reproduce, with why: traces of IREE's own dispatches, statistics,
/// results written to files or compared by the tool itself, parameters
/// loaded from archives. Empty when the flag is harmless.
StringRef unsupportedFlag(StringRef flag) {
  if (flag == "iree-flow-trace-dispatch-tensors" || flag == "trace_execution")
    return "checks IREE's own traces, which the interpreter does not produce";
  if (flag == "print_statistics")
    return "prints IREE's runtime statistics";
  if (flag == "output" || flag == "expected_output")
    return "sends or compares results outside the printed output";
  if (flag == "parameters")
    return "loads parameters from an archive";
  return "";
}

/// The name and value of `--name=value` / `-name=value`; `--Xcompiler,x=y`
/// and `--Xruntime,x=y` give `x`, `y` with `Xcompiler` or `Xruntime` in
/// `scope`.
void splitFlag(StringRef word, StringRef &scope, StringRef &name,
               StringRef &value) {
  StringRef w = word.ltrim('-');
  scope = "";
  if (w.starts_with("Xcompiler,") || w.starts_with("Xruntime,")) {
    std::tie(scope, w) = w.split(',');
    w = w.ltrim('-');
  }
  std::tie(name, value) = w.split('=');
}

RunPlan skip(std::string why) {
  RunPlan p;
  p.kind = RunPlan::Skip;
  p.reason = std::move(why);
  return p;
}

} // namespace

static bool isIreeTool(StringRef word) {
  StringRef tool = word.substr(word.rfind('/') + 1);
  return tool == "iree-run-mlir" || tool == "iree-run-module" ||
         tool == "iree-compile" || tool == "iree-opt";
}

bool runsIreeTool(StringRef command) {
  std::vector<std::string> words;
  std::vector<bool> isOp;
  if (!splitShellCommand(command, words, isOp))
    return false;
  // A tool is the first word of a pipeline stage.
  for (size_t i = 0; i < words.size(); ++i)
    if (!isOp[i] && (i == 0 || isOp[i - 1]) && isIreeTool(words[i]))
      return true;
  return false;
}

RunPlan planRunLine(StringRef command) {
  std::vector<std::string> words;
  std::vector<bool> isOp;
  if (!splitShellCommand(command, words, isOp))
    return skip("cannot parse the command (unterminated quote)");
  // Pipeline stages.
  std::vector<std::vector<std::string>> stages(1);
  std::vector<bool> mergesStderr(1, false);
  for (size_t i = 0; i < words.size(); ++i) {
    if (!isOp[i]) {
      stages.back().push_back(words[i]);
      continue;
    }
    if (words[i] == "|") {
      stages.emplace_back();
      mergesStderr.push_back(false);
    } else if (words[i] == "2>&1") {
      mergesStderr.back() = true;
    } else {
      return skip("shell operator '" + words[i] + "' is not supported");
    }
  }
  if (llvm::any_of(stages, [](auto &s) { return s.empty(); }))
    return skip("empty pipeline stage");

  RunPlan plan;
  size_t runStage = stages.size();
  for (size_t k = 0; k < stages.size(); ++k) {
    StringRef tool = stages[k][0];
    tool = tool.substr(tool.rfind('/') + 1);
    if (tool == "iree-run-mlir" || tool == "iree-run-module") {
      if (runStage != stages.size())
        return skip("more than one run tool in the pipeline");
      runStage = k;
      plan.tool = tool.str();
      continue;
    }
    if (tool == "FileCheck") {
      if (k + 1 != stages.size())
        return skip("FileCheck is not the last stage");
      plan.fileCheck = true;
      continue;
    }
    if (tool == "iree-opt" || tool == "iree-compile") {
      if (runStage != stages.size())
        return skip(tool.str() + " after the run tool");
      // The stage must read the test file and hand its output on.
      if (!llvm::is_contained(stages[k], "%s"))
        return skip(tool.str() + " does not read the test file (%s)");
      continue;
    }
    return skip("runs '" + tool.str() + "', which ref-run does not emulate");
  }
  if (runStage == stages.size())
    return skip("only compiles: its CHECK lines match the compiler's output "
                "(IR), not results");

  // The run tool's flags.
  const std::vector<std::string> &run = stages[runStage];
  bool afterSeparator = false, sawProgram = false;
  for (size_t i = 1; i < run.size(); ++i) {
    StringRef w = run[i];
    if (w == "--") {
      afterSeparator = true; // compiler flags follow
      continue;
    }
    if (!w.starts_with("-") || w == "-") {
      // The program: the test file, or the previous stage's output.
      bool fromPipe = w == "-" && runStage > 0;
      if (w != "%s" && !fromPipe)
        return skip("runs '" + w.str() + "' instead of the test file");
      sawProgram = true;
      continue;
    }
    StringRef scope, name, value;
    splitFlag(w, scope, name, value);
    bool hasValue = w.contains('=');
    if ((name == "function" || name == "input") && !hasValue &&
        i + 1 < run.size())
      value = run[++i];
    if (StringRef why = unsupportedFlag(name); !why.empty())
      return skip("--" + name.str() + " " + why.str());
    if (scope == "Xcompiler" || afterSeparator)
      continue;
    if (name == "function") {
      plan.function = value.str();
    } else if (name == "input") {
      plan.inputs.push_back(value.str());
    } else if (name == "module") {
      if (value != "-" || runStage == 0)
        return skip("runs module '" + value.str() +
                    "' built by another command");
      sawProgram = true;
    }
    // Any other flag (devices, targets, compiler options) does not change
    // what the program computes.
  }
  if (!sawProgram)
    return skip("the run tool has no program to run");
  plan.stderrToo = mergesStderr[runStage];

  if (plan.fileCheck) {
    const std::vector<std::string> &fc = stages.back();
    bool sawCheckFile = false;
    std::vector<std::string> prefixes;
    for (size_t i = 1; i < fc.size(); ++i) {
      StringRef w = fc[i];
      if (w == "%s") {
        sawCheckFile = true;
        continue;
      }
      StringRef scope, name, value;
      splitFlag(w, scope, name, value);
      if ((name == "check-prefix" || name == "check-prefixes") &&
          !w.contains('=') && i + 1 < fc.size())
        value = fc[++i];
      if (name == "check-prefix" || name == "check-prefixes") {
        llvm::SmallVector<StringRef> parts;
        value.split(parts, ',', -1, /*KeepEmpty=*/false);
        for (StringRef p : parts)
          prefixes.push_back(p.str());
      } else if (name == "dump-input" || name == "dump-input-filter" ||
                 name == "allow-unused-prefixes" || name == "color") {
        // Presentation only.
      } else {
        return skip("FileCheck option '" + w.str() + "' is not supported");
      }
    }
    if (!sawCheckFile)
      return skip("FileCheck does not read the test file (%s)");
    if (!prefixes.empty())
      plan.prefixes = prefixes;
  }
  plan.kind = RunPlan::Run;
  return plan;
}

} // namespace ref
