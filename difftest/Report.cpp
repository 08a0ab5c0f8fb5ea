//===- Report.cpp - difftest report: a campaign as Markdown and HTML ------===//
//
// From DIR/campaign.db: totals per verdict and target, the distinct
// failures (signature, first case, count, bundle), coverage of the
// generated space (ops x dtypes, ranks, static/dynamic, targets) and two
// charts (cases over time, failures by class) as inline SVG. The HTML page
// is self-contained: no scripts, no external resources.
//
// `difftest report --issue BUNDLE` writes a ready-to-file IREE bug report
// of one repro bundle instead: a title naming the target, the op and what
// goes wrong, the (minimized, when reduction.json says so) program, the
// exact iree-compile / iree-run-module commands (small inputs inline), the
// error or an expected-vs-actual table, the triage results (triage.json),
// the IREE version and where difftest found it.
//
//===----------------------------------------------------------------------===//

#include "difftest/Attribution.h"
#include "difftest/CampaignDB.h"
#include "difftest/Mutate.h"
#include "difftest/Common.h"
#include "difftest/Frontend.h"
#include "difftest/Fuzz.h"
#include "difftest/Signature.h"
#include "gpu/Case.h"
#include "interp/support/InputSpec.h"
#include "interp/support/Npy.h"
#include "interp/support/TextFormat.h"
#include "oracle/Oracle.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <array>
#include <map>
#include <set>

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;

namespace {

bool isFailureVerdict(StringRef v) {
  return v != "pass" && v != "undecided" && v != "compiled-only" &&
         v != "rejected-ub" && v != "unsupported-input" &&
         v != "golden-unsupported" && v != "mutant-invalid" &&
         v != "executor-limit";
}

/// A table: a title, column heads, rows of cells.
struct Table {
  std::string title;
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
  /// Per row, an optional link for the last cell (HTML only).
  std::vector<std::string> links;
};

/// Count table: rows x columns -> n.
Table countTable(std::string title, std::string corner,
                 const std::map<std::string, std::map<std::string, int64_t>> &m) {
  std::set<std::string> cols;
  for (auto &[r, cs] : m)
    for (auto &[c, n] : cs)
      cols.insert(c);
  Table t;
  t.title = std::move(title);
  t.head.push_back(corner);
  t.head.insert(t.head.end(), cols.begin(), cols.end());
  for (auto &[r, cs] : m) {
    std::vector<std::string> row = {r};
    for (const std::string &c : cols) {
      auto it = cs.find(c);
      row.push_back(it == cs.end() ? "" : std::to_string(it->second));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

void writeMarkdownTable(llvm::raw_ostream &os, const Table &t) {
  os << "\n## " << t.title << "\n\n";
  if (t.rows.empty()) {
    os << "(none)\n";
    return;
  }
  os << "|";
  for (const std::string &h : t.head)
    os << " " << mdCell(h) << " |";
  os << "\n|";
  for (size_t i = 0; i < t.head.size(); ++i)
    os << "---|";
  os << "\n";
  for (auto [i, row] : llvm::enumerate(t.rows)) {
    os << "|";
    for (auto [j, c] : llvm::enumerate(row)) {
      bool link = j + 1 == row.size() && i < t.links.size() &&
                  !t.links[i].empty();
      os << " " << (link ? "[" + mdCell(c) + "](" + t.links[i] + ")" : mdCell(c))
         << " |";
    }
    os << "\n";
  }
}

void writeHtmlTable(llvm::raw_ostream &os, const Table &t, StringRef id) {
  os << "<h2>" << html(t.title) << "</h2>\n";
  if (t.rows.empty()) {
    os << "<p>(none)</p>\n";
    return;
  }
  os << "<table id=\"" << id << "\"><thead><tr>";
  for (const std::string &h : t.head)
    os << "<th>" << html(h) << "</th>";
  os << "</tr></thead><tbody>\n";
  for (auto [i, row] : llvm::enumerate(t.rows)) {
    os << "<tr>";
    for (auto [j, c] : llvm::enumerate(row)) {
      bool link = j + 1 == row.size() && i < t.links.size() &&
                  !t.links[i].empty();
      os << "<td>"
         << (link ? "<a href=\"" + html(t.links[i]) + "\">" + html(c) + "</a>"
                  : html(c))
         << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

/// Cumulative cases over time as an SVG line.
std::string timeChart(const std::vector<double> &finish) {
  const int W = 640, H = 200, P = 40;
  std::string svg = llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                  "width=\"{0}\" height=\"{1}\" role=\"img\" "
                                  "aria-label=\"cases over time\">",
                                  W, H)
                        .str();
  svg += llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" "
                       "stroke=\"#888\"/><line x1=\"{0}\" y1=\"{3}\" "
                       "x2=\"{0}\" y2=\"{1}\" stroke=\"#888\"/>",
                       P, H - P, W - 10, 10)
             .str();
  if (finish.size() >= 1) {
    double t0 = finish.front(), t1 = std::max(finish.back(), t0 + 1e-3);
    double n = finish.size();
    std::string pts;
    for (auto [i, t] : llvm::enumerate(finish)) {
      double x = P + (t - t0) / (t1 - t0) * (W - 10 - P);
      double y = (H - P) - (i + 1) / n * (H - P - 10);
      pts += llvm::formatv("{0:f1},{1:f1} ", x, y).str();
    }
    svg += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" "
           "points=\"" + pts + "\"/>";
    svg += llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\">{2} "
                         "cases</text><text x=\"{3}\" y=\"{4}\" "
                         "font-size=\"12\">{5:f1} min</text>",
                         P + 4, 22, finish.size(), W - 80, H - P + 16,
                         (t1 - t0) / 60)
               .str();
  }
  return svg + "</svg>";
}

/// Failing rows per verdict as SVG bars.
std::string classChart(const std::map<std::string, int64_t> &byClass) {
  const int W = 640, barH = 22;
  int H = 20 + barH * std::max<int>(1, byClass.size());
  std::string svg = llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                  "width=\"{0}\" height=\"{1}\" role=\"img\" "
                                  "aria-label=\"failures by class\">",
                                  W, H)
                        .str();
  int64_t mx = 1;
  for (auto &[k, n] : byClass)
    mx = std::max(mx, n);
  int y = 10;
  for (auto &[k, n] : byClass) {
    int w = static_cast<int>(double(n) / mx * (W - 260));
    svg += llvm::formatv("<text x=\"0\" y=\"{0}\" font-size=\"12\">{1}</text>"
                         "<rect x=\"170\" y=\"{2}\" width=\"{3}\" "
                         "height=\"{4}\" fill=\"#d62728\"/><text x=\"{5}\" "
                         "y=\"{0}\" font-size=\"12\">{6}</text>",
                         y + 15, html(k), y + 2, std::max(w, 1), barH - 6,
                         175 + w, n)
               .str();
    y += barH;
  }
  if (byClass.empty())
    svg += "<text x=\"0\" y=\"25\" font-size=\"12\">no failures</text>";
  return svg + "</svg>";
}

//===----------------------------------------------------------------------===//
// report --issue BUNDLE: a ready-to-file IREE bug report
//===----------------------------------------------------------------------===//

/// The ops a program uses, in order of first appearance, and the text of
/// the statement each first appears in.
struct ProgramOps {
  std::vector<std::string> names;
  std::map<std::string, std::string> firstStatement;
};

ProgramOps scanOps(StringRef program) {
  ProgramOps ops;
  llvm::SmallVector<StringRef> lines;
  program.split(lines, '\n');
  for (size_t li = 0; li < lines.size(); ++li) {
    StringRef l = lines[li];
    l = l.split("//").first;
    for (StringRef dialect : {"iree_linalg_ext.", "linalg.", "tensor.",
                              "arith.", "math.", "scf.", "flow.", "util."}) {
      size_t pos = 0;
      while ((pos = l.find(dialect, pos)) != StringRef::npos) {
        bool startOk = pos == 0 || !(llvm::isAlnum(l[pos - 1]) ||
                                     l[pos - 1] == '_' || l[pos - 1] == '.');
        size_t end = pos + dialect.size();
        while (end < l.size() && (llvm::isAlnum(l[end]) || l[end] == '_'))
          ++end;
        if (startOk && end > pos + dialect.size()) {
          std::string name = l.slice(pos, end).str();
          if (!ops.firstStatement.count(name)) {
            ops.names.push_back(name);
            // The statement: this line and a few after (attributes of a
            // multi-line op).
            std::string stmt;
            for (size_t k = li; k < lines.size() && k < li + 4; ++k)
              stmt += lines[k].split("//").first.str() + " ";
            ops.firstStatement[name] = stmt.substr(pos);
          }
        }
        pos = end;
      }
    }
  }
  return ops;
}

/// The op a report is about: IREE's own ops first, then linalg's (not the
/// plumbing), then tensor, math and arith ops.
std::string primaryOp(const ProgramOps &ops) {
  struct Rule {
    StringRef prefix;
    std::vector<StringRef> skip;
  };
  static const Rule rules[] = {{"iree_linalg_ext.", {"yield"}},
                               {"linalg.", {"yield", "fill", "index"}},
                               {"tensor.", {"empty", "dim"}},
                               {"math.", {}},
                               {"arith.", {"constant"}},
                               {"linalg.", {"yield", "index"}}};
  for (const Rule &r : rules)
    for (const std::string &n : ops.names)
      if (StringRef(n).starts_with(r.prefix) &&
          !llvm::is_contained(r.skip, StringRef(n).drop_front(r.prefix.size())))
        return n;
  return "";
}

/// The op that defines result `index` of the program's function (the
/// operand of `return`), and its statement; empty when it cannot be told.
std::pair<std::string, std::string> returnedBy(StringRef program,
                                               unsigned index) {
  llvm::SmallVector<StringRef> lines;
  program.split(lines, '\n');
  std::string value;
  for (StringRef l : lines) {
    StringRef t = l.split("//").first.trim();
    if (!t.starts_with("return ") && !t.starts_with("func.return "))
      continue;
    StringRef operands = t.split(' ').second.split(':').first;
    llvm::SmallVector<StringRef> vs;
    operands.split(vs, ',', -1, false);
    if (index < vs.size())
      value = vs[index].trim().split('#').first.str();
  }
  if (value.empty())
    return {"", ""};
  for (size_t li = 0; li < lines.size(); ++li) {
    StringRef t = lines[li].split("//").first.trim();
    // "%v5:2 = linalg.generic ..." or "%r = iree_linalg_ext.gather ...".
    if (!t.starts_with(value))
      continue;
    StringRef rest = t.drop_front(value.size());
    if (!rest.empty() && rest[0] != ' ' && rest[0] != ':')
      continue;
    auto [lhs, rhs] = rest.split('=');
    (void)lhs;
    rhs = rhs.trim();
    StringRef name = rhs.take_while(
        [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; });
    if (!name.contains('.'))
      return {"", ""};
    std::string stmt;
    for (size_t k = li; k < lines.size() && k < li + 4; ++k)
      stmt += lines[k].split("//").first.str() + " ";
    return {name.str(), stmt};
  }
  return {"", ""};
}

/// " with dimension_map=[1,2,0]" and the like, from the op's statement.
std::string opAttributes(const std::string &op, StringRef stmt) {
  std::string out;
  auto squeeze = [](StringRef s) {
    std::string o;
    for (char c : s)
      if (c != ' ')
        o += c;
    return o;
  };
  if (op == "linalg.generic") {
    size_t it = stmt.find("iterator_types");
    if (it != StringRef::npos) {
      StringRef list = stmt.drop_front(it).split(']').first;
      if (list.contains("reduction"))
        return " reduction";
    }
    return "";
  }
  for (StringRef key : {"dimension_map", "dimension", "unique_indices",
                        "inclusive", "descending"}) {
    size_t at = stmt.find(key);
    if (at == StringRef::npos)
      continue;
    // "dimension_map" also contains "dimension".
    if (key == "dimension" && stmt.drop_front(at).starts_with("dimension_map"))
      continue;
    StringRef rest = stmt.drop_front(at + key.size()).ltrim();
    if (rest.consume_front("=")) {
      rest = rest.ltrim();
      StringRef v = rest.starts_with("[") ? rest.take_until([](char c) {
        return c == ']';
      }) : rest.take_until([](char c) { return c == ' ' || c == '{'; });
      out += " " + key.str() + "=" + squeeze(v) + (rest.starts_with("[") ? "]" : "");
    } else if (rest.consume_front("(")) {
      out += " " + key.str() + "(" + squeeze(rest.split(')').first) + ")";
    }
  }
  return out.empty() ? "" : " with" + out;
}

/// The element type in an oracle line: "output 0 (5xi32): ..." -> "i32".
std::string outputDtype(StringRef detail) {
  size_t open = detail.find('(');
  size_t close = detail.find(')');
  if (!detail.starts_with("output ") || open == StringRef::npos ||
      close == StringRef::npos || close < open)
    return "";
  StringRef type = detail.slice(open + 1, close);
  return type.rsplit('x').second.empty() ? type.str()
                                         : type.rsplit('x').second.str();
}

/// "at O0, O3" / "at every opt level" from triage.json, else the bundle's.
std::string optLevelsPhrase(const llvm::json::Object *triage,
                            StringRef bundleLevel) {
  if (triage)
    if (const llvm::json::Object *fb = triage->getObject("flag_bisection"))
      if (const llvm::json::Object *levels = fb->getObject("opt_levels"))
        if (const llvm::json::Array *same = levels->getArray("same failure")) {
          std::vector<std::string> ls;
          for (const llvm::json::Value &v : *same)
            if (auto s = v.getAsString())
              ls.push_back(s->str());
          llvm::sort(ls);
          if (ls.size() == 4)
            return "at every opt level";
          if (!ls.empty())
            return "at " + llvm::join(ls, ", ");
        }
  return ("at " + bundleLevel).str();
}

/// What went wrong, for a title: the verb phrase and, for failures with a
/// message, the message ("fails to compile", "'op' failed to bufferize").
std::pair<std::string, std::string> verdictPhrase(StringRef verdict,
                                                  StringRef detail) {
  std::string d = detail.split('\n').first.str();
  if (d.size() > 90)
    d = d.substr(0, 87) + "...";
  if (verdict == "mismatch") {
    std::string dt = outputDtype(detail);
    return {dt.empty() ? "returns wrong values"
                       : "returns wrong values (" + dt + ")",
            ""};
  }
  if (verdict == "compile-error")
    return {"fails to compile", d};
  if (verdict == "compiler-crash")
    return {"crashes the compiler", d};
  if (verdict == "compiler-oom")
    return {"runs the compiler out of memory", d};
  if (verdict == "compile-timeout")
    return {"hangs the compiler (timeout)", ""};
  if (verdict == "runtime-error")
    return {"fails at run time", d};
  if (verdict == "runtime-crash")
    return {"crashes at run time", d};
  if (verdict == "runtime-timeout")
    return {"hangs at run time (timeout)", ""};
  return {verdict.str(), d};
}

/// A value for an inline --input: the shortest decimal that round-trips.
std::string inlineElement(uint64_t bits, DType t) {
  std::string s = formatValue(bits, t);
  return StringRef(s).split(" (").first.str();
}

/// Lines of a tool log (compile.log, run.log) around its first error: the
/// log's header ("$ command", "# outcome") is skipped.
std::string logExcerpt(StringRef log, unsigned maxLines) {
  llvm::SmallVector<StringRef> lines;
  log.split(lines, '\n');
  size_t start = 0;
  while (start < lines.size() &&
         (lines[start].starts_with("$ ") || lines[start].starts_with("# ")))
    ++start;
  size_t first = start;
  for (size_t i = start; i < lines.size(); ++i)
    if (lines[i].contains("error:") || lines[i].contains("Assertion") ||
        lines[i].contains("LLVM ERROR") || lines[i].contains("; ")) {
      first = i;
      break;
    }
  std::string out;
  for (size_t i = first, n = 0; i < lines.size() && n < maxLines; ++i, ++n) {
    StringRef l = lines[i];
    std::string line = l.str();
    if (line.size() > 300)
      line = line.substr(0, 297) + "...";
    out += line + "\n";
  }
  return out;
}

/// Reads a golden or actual tensor of a bundle.
llvm::Expected<Tensor> readBundleTensor(StringRef p, DType t,
                                        llvm::ArrayRef<int64_t> shape) {
  return loadOutputFile(p, t, shape);
}

double toDouble(uint64_t bits, DType t) {
  llvm::APFloat f(floatSemantics(t), llvm::APInt(bitWidth(t), bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

bool elementsDiffer(uint64_t g, uint64_t a, DType t,
                    const OracleOptions &opts) {
  g = truncBits(g, t);
  a = truncBits(a, t);
  if (t == DType::I1)
    return (g & 1) != (a & 1);
  if (!isFloat(t))
    return g != a;
  double dg = toDouble(g, t), da = toDouble(a, t);
  if (std::isnan(dg) && std::isnan(da))
    return false;
  if (std::isnan(dg) || std::isnan(da) || std::isinf(dg) || std::isinf(da))
    return g != a;
  if (dg == da)
    return false;
  const FloatTolerance &tol = opts.tolerance(t);
  if (std::fabs(dg - da) <= tol.atol)
    return false;
  return ulpDistance(g, a, t) > tol.ulps;
}

std::string coordsText(llvm::ArrayRef<int64_t> c) {
  std::string s = "[";
  for (auto [i, x] : llvm::enumerate(c))
    s += (i ? ", " : "") + std::to_string(x);
  return s + "]";
}

/// Where the campaign found the bundle: "`difftest fuzz --seed=21`, case 21".
std::string foundBy(StringRef bundleDir, const llvm::json::Object &verdict,
                    StringRef function) {
  std::optional<int64_t> seed, caseIndex;
  if (auto s = verdict.getInteger("seed"))
    seed = *s;
  if (auto c = verdict.getInteger("case"))
    caseIndex = *c;
  // A campaign's bundle: CAMPAIGN/bundles/NAME next to CAMPAIGN/campaign.db.
  llvm::SmallString<256> abs(bundleDir);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, true);
  StringRef bundles = llvm::sys::path::parent_path(abs);
  std::string db = joinPath(llvm::sys::path::parent_path(bundles),
                            "campaign.db");
  if ((!seed || !caseIndex) && llvm::sys::path::filename(bundles) == "bundles" &&
      llvm::sys::fs::exists(db)) {
    if (auto d = CampaignDB::open(db)) {
      if (auto s = (*d)->option("seed")) {
        int64_t v;
        if (!StringRef(*s).getAsInteger(10, v))
          seed = v;
      }
      std::string rel =
          ("bundles/" + llvm::sys::path::filename(abs)).str();
      for (const FailureRow &f : (*d)->failures())
        if (f.bundle == rel)
          caseIndex = f.firstCase;
    } else {
      llvm::consumeError(d.takeError());
    }
  }
  // A corpus repro's README: "Found by `difftest fuzz --seed=21` (case 21)".
  if (!seed) {
    if (auto readme = readFile(joinPath(bundleDir, "README.md"))) {
      StringRef r(*readme);
      size_t at = r.find("--seed=");
      if (at != StringRef::npos) {
        int64_t v;
        StringRef digits = r.drop_front(at + 7).take_while(llvm::isDigit);
        if (!digits.getAsInteger(10, v))
          seed = v;
        size_t c = r.find("(case ", at);
        if (c != StringRef::npos && !caseIndex) {
          StringRef cd = r.drop_front(c + 6).take_while(llvm::isDigit);
          if (!cd.getAsInteger(10, v))
            caseIndex = v;
        }
      }
    } else {
      llvm::consumeError(readme.takeError());
    }
  }
  // Campaign functions are @f<case>.
  if (!caseIndex && function.starts_with("f")) {
    int64_t v;
    if (!function.drop_front().getAsInteger(10, v))
      caseIndex = v;
  }
  // A mutant (difftest fuzz --mutate): the real program it came from.
  std::string origin;
  if (auto mj = readFile(joinPath(bundleDir, "mutation.json"))) {
    auto v = llvm::json::parse(*mj);
    if (v && v->getAsObject())
      origin = mutantOrigin(*v->getAsObject());
    else if (!v)
      llvm::consumeError(v.takeError());
  } else {
    llvm::consumeError(mj.takeError());
  }
  if (!seed)
    return origin.empty() ? "" : "a mutant of " + origin;
  std::string s = "`difftest fuzz --seed=" + std::to_string(*seed) + "`";
  if (caseIndex)
    s += ", case " + std::to_string(*caseIndex);
  if (!origin.empty())
    s += ", a mutant of " + origin;
  return s;
}

int issueReport(StringRef bundleDir, StringRef outOpt) {
  auto fail = [](llvm::Error e, int code) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return code;
  };
  std::string vpath = joinPath(bundleDir, "verdict.json");
  auto vtext = readFile(vpath);
  if (!vtext)
    return fail(vtext.takeError(), kInvalid);
  auto vjson = llvm::json::parse(*vtext);
  if (!vjson)
    return fail(llvm::createStringError(vpath + ": " +
                                        llvm::toString(vjson.takeError())),
                kInvalid);
  const llvm::json::Object *v = vjson->getAsObject();
  if (!v)
    return fail(llvm::createStringError(vpath + ": expected an object"),
                kInvalid);
  for (StringRef key : {"verdict", "target"})
    if (!v->getString(key))
      return fail(
          llvm::createStringError(vpath + ": " + key + ": expected a string"),
          kInvalid);
  std::string verdict = v->getString("verdict")->str();
  std::string target = v->getString("target")->str();
  std::string detail = v->getString("detail").value_or("").str();
  std::string function = v->getString("function").value_or("main").str();
  std::string optLevel = v->getString("opt_level").value_or("O0").str();
  std::string iree = v->getString("iree_version").value_or("unknown").str();
  auto shortVersion = [](StringRef line) {
    // "IREE compiler version 3.13.0rc20261016 @ 89ece87b8985..." ->
    // "3.13.0rc20261016 @ 89ece87b".
    line.consume_front("IREE compiler version ");
    auto [ver, hash] = line.split(" @ ");
    return hash.empty() ? line.str() : (ver + " @ " + hash.take_front(8)).str();
  };
  std::vector<std::string> extraFlags;
  if (const llvm::json::Array *a = v->getArray("extra_flags"))
    for (const llvm::json::Value &f : *a)
      if (auto s = f.getAsString())
        extraFlags.push_back(s->str());
  // The flags the failure needs (the campaign checked the case without
  // them: the failure went away or became another).
  std::vector<std::string> needed = neededFlags(*v);
  auto program = readFile(joinPath(bundleDir, "program.mlir"));
  if (!program)
    return fail(program.takeError(), kInvalid);

  auto readJSON = [&](StringRef name,
                      std::optional<llvm::json::Value> &into) -> llvm::Error {
    std::string p = joinPath(bundleDir, name);
    if (!llvm::sys::fs::exists(p))
      return llvm::Error::success();
    auto t = readFile(p);
    if (!t)
      return t.takeError();
    auto j = llvm::json::parse(*t);
    if (!j)
      return llvm::createStringError(p + ": " + llvm::toString(j.takeError()));
    if (!j->getAsObject())
      return llvm::createStringError(p + ": expected an object");
    into = std::move(*j);
    return llvm::Error::success();
  };
  std::optional<llvm::json::Value> triageV, reductionV, attributionV;
  if (llvm::Error e = readJSON("triage.json", triageV))
    return fail(std::move(e), kInvalid);
  // A vulkan mismatch's attribution (difftest attribute): whose fault it is.
  if (llvm::Error e = readJSON("attribution.json", attributionV))
    return fail(std::move(e), kInvalid);
  if (llvm::Error e = readJSON("reduction.json", reductionV))
    return fail(std::move(e), kInvalid);
  const llvm::json::Object *triage = triageV ? triageV->getAsObject() : nullptr;
  const llvm::json::Object *reduction =
      reductionV ? reductionV->getAsObject() : nullptr;


  // Title.
  ProgramOps ops = scanOps(*program);
  std::string op = primaryOp(ops);
  std::string opStatement = ops.firstStatement[op];
  // A wrong output: the op that computes it, when the program says so
  // plainly (an unreduced program has several candidates).
  if (verdict == "mismatch" && StringRef(detail).starts_with("output ")) {
    unsigned index;
    if (!StringRef(detail).drop_front(7).take_while(llvm::isDigit)
             .getAsInteger(10, index)) {
      auto [name, stmt] = returnedBy(*program, index);
      StringRef n(name);
      if (!n.empty() && !n.ends_with(".empty") && !n.ends_with(".constant") &&
          !n.starts_with("tensor.")) {
        op = name;
        opStatement = stmt;
      }
    }
  }
  std::string subject =
      op.empty() ? "a program" : op + opAttributes(op, opStatement);
  auto [verb, message] = verdictPhrase(verdict, detail);
  std::string title = "[" + target + "] " + subject + " " + verb + " " +
                      optLevelsPhrase(triage, optLevel);
  if (!extraFlags.empty())
    title += (needed.empty() ? " with " : " only with ") +
             llvm::join(extraFlags, " ");
  if (!message.empty())
    title += ": " + message;

  // Commands, from repro.sh.
  std::vector<std::string> compileArgv, runArgv;
  if (auto script = readFile(joinPath(bundleDir, "repro.sh"))) {
    llvm::SmallVector<StringRef> lines;
    StringRef(*script).split(lines, '\n');
    for (StringRef l : lines) {
      if (l.starts_with("\"$IREE_COMPILE\""))
        compileArgv = splitShellWords(l);
      else if (l.starts_with("\"$IREE_RUN_MODULE\""))
        runArgv = splitShellWords(l);
    }
  } else {
    llvm::consumeError(script.takeError());
  }
  // The target's directory in the bundle (compile.log, run.log,
  // compare.log, actual/): where repro.sh's module goes ("llvm-cpu",
  // "cuda_sm_80", a campaign's "llvm-cpu-alone"), else the target's name.
  std::string subdir = target;
  std::replace(subdir.begin(), subdir.end(), ':', '_');
  for (size_t i = 0; i + 1 < compileArgv.size(); ++i)
    if (compileArgv[i] == "-o") {
      StringRef parent = llvm::sys::path::parent_path(compileArgv[i + 1]);
      if (!parent.empty())
        subdir = parent.str();
    }
  std::string targetDir = joinPath(bundleDir, subdir);

  std::vector<std::string> attachments;
  auto commandBlock = [&]() {
    std::string s;
    if (!compileArgv.empty()) {
      s += "iree-compile";
      for (size_t i = 1; i < compileArgv.size(); ++i) {
        StringRef w = compileArgv[i];
        if (w == "-o" && i + 1 < compileArgv.size()) {
          s += " \\\n    -o module.vmfb";
          ++i;
          continue;
        }
        s += (w.starts_with("--") ? " \\\n    " : " ") + shellQuote(w);
      }
      s += "\n";
    }
    if (!runArgv.empty() && verdict != "compile-error" &&
        verdict != "compiler-crash" && verdict != "compiler-oom" &&
        verdict != "compile-timeout") {
      s += "iree-run-module --module=module.vmfb";
      for (size_t i = 1; i < runArgv.size(); ++i) {
        StringRef w = runArgv[i];
        if (w.starts_with("--module=") || w.starts_with("--output="))
          continue;
        if (w.starts_with("--input=")) {
          StringRef val = w.drop_front(8);
          // A small input goes inline; others are attached as files.
          std::string file, typeSpec;
          if (val.starts_with("@")) {
            file = val.drop_front().str();
          } else {
            auto [ts, f] = val.split("=@");
            typeSpec = ts.str();
            file = f.str();
          }
          std::string full = joinPath(bundleDir, file);
          std::optional<Tensor> t;
          if (typeSpec.empty()) {
            auto r = readNpyFile(full);
            if (r)
              t = std::move(*r);
            else
              llvm::consumeError(r.takeError());
          }
          // Raw .bin inputs (bf16) are read with their type.
          if (!typeSpec.empty()) {
            StringRef ts(typeSpec);
            llvm::SmallVector<StringRef> parts;
            ts.split(parts, 'x');
            std::optional<DType> dt = parseDType(parts.back());
            Shape shape;
            bool ok = dt.has_value();
            for (StringRef d : llvm::ArrayRef(parts).drop_back()) {
              int64_t n;
              ok = ok && !d.getAsInteger(10, n);
              shape.push_back(n);
            }
            if (ok) {
              auto r = readRawFile(full, *dt, shape);
              if (r)
                t = std::move(*r);
              else
                llvm::consumeError(r.takeError());
            }
          }
          // iree-run-module reads i1 text only as hex, the small floats and
          // sub-byte integers not at all: those stay files.
          bool inlineOk = t && t->numElements() <= 64 &&
                          t->dtype() != DType::I1 && t->dtype() != DType::I2 &&
                          t->dtype() != DType::I4 &&
                          !(isFloat(t->dtype()) && bitWidth(t->dtype()) <= 8);
          std::string arg;
          if (inlineOk) {
            arg = "--input=" + shapeTypeString(t->shape(), t->dtype()) + "=";
            for (int64_t k = 0; k < t->numElements(); ++k)
              arg += (k ? "," : "") + inlineElement(t->load(k), t->dtype());
            if (t->numElements() == 0)
              arg += "0";
          } else {
            std::string base = llvm::sys::path::filename(file).str();
            attachments.push_back(base);
            arg = "--input=" + (typeSpec.empty() ? "" : typeSpec + "=") +
                  "@" + base;
          }
          s += " \\\n    " + shellQuote(arg);
          continue;
        }
        s += " \\\n    " + shellQuote(w);
      }
      s += "\n";
    }
    return s;
  };
  std::string commands = commandBlock();

  std::string md;
  llvm::raw_string_ostream os(md);
  os << "# " << title << "\n\n";

  // What happens, in one paragraph.
  os << "## What happens\n\n";
  if (verdict == "mismatch")
    os << "`iree-run-module` returns a result that differs from the "
          "program's semantics (no error is reported):\n\n> "
       << detail << "\n\n";
  else
    os << "`" << (StringRef(verdict).starts_with("comp") ? "iree-compile"
                                                          : "iree-run-module")
       << "` fails (" << verdict << "):\n\n> " << detail << "\n\n";
  if (!needed.empty())
    os << "It needs flag" << (needed.size() == 1 ? " " : "s ") << "`"
       << llvm::join(needed, " ")
       << "`: compiled and run without "
       << (needed.size() == 1 ? "it" : "them")
       << ", the same program and inputs do not fail this way (checked by "
          "the campaign that found it).\n\n";
  // What the family's other targets did (triage), when they agree with the
  // expected values.
  if (triage)
    if (const llvm::json::Object *fb = triage->getObject("flag_bisection"))
      if (const llvm::json::Array *cs = fb->getArray("configurations")) {
        std::vector<std::string> fine;
        for (const llvm::json::Value &cv : *cs)
          if (const llvm::json::Object *c = cv.getAsObject())
            if (c->getString("kind").value_or("") == "target" &&
                c->getString("outcome").value_or("") == "passes")
              fine.push_back("`" + c->getString("label").value_or("").str() +
                             "`");
        if (!fine.empty())
          os << "With the same program, inputs and flags, "
             << llvm::join(fine, " and ")
             << (verdict == "mismatch" ? " returns the expected values"
                 : StringRef(verdict).starts_with("comp")
                     ? " compiles it"
                     : " runs it")
             << ".\n\n";
      }
  std::vector<std::string> others;
  for (const std::string &n : ops.names)
    if (n != op && !StringRef(n).ends_with(".yield") &&
        !StringRef(n).ends_with(".constant") &&
        !StringRef(n).ends_with(".empty"))
      others.push_back("`" + n + "`");
  if (!op.empty())
    os << "The program is one `" << op << "`"
       << (others.empty() ? "" : " with " + llvm::join(others, ", "))
       << ", target `" << target << "`, `--iree-opt-level=" << optLevel
       << "`"
       << (extraFlags.empty() ? ""
                              : " and `" + llvm::join(extraFlags, " ") + "`")
       << ".\n\n";

  // The program.
  if (attributionV) {
    const llvm::json::Object &ao = *attributionV->getAsObject();
    StringRef conclusion = ao.getString("conclusion").value_or("");
    if (conclusion == kAttribExecutor || conclusion == kAttribUndecided)
      os << "> **Not for IREE's tracker as it stands:** the attribution is "
            "*"
         << conclusion
         << "*; lavapipe (the Vulkan executor here) may be at fault.\n\n";
    os << attributionMarkdown(ao);
  }

  os << "## Reproducer\n\n";
  if (reduction) {
    auto num = [&](StringRef k) -> std::string {
      if (auto i = reduction->getInteger(k))
        return std::to_string(*i);
      if (auto d = reduction->getNumber(k))
        return llvm::formatv("{0:f0}", *d).str();
      return "?";
    };
    os << "Minimized with `difftest reduce` (" << num("ops_before") << " ops, "
       << num("elements_before") << " elements -> " << num("ops_after")
       << " ops, " << num("elements_after") << " elements";
    auto ob = reduction->getString("opt_level_before");
    auto oa = reduction->getString("opt_level_after");
    if (ob && oa && *ob != *oa)
      os << ", " << *ob << " -> " << *oa;
    os << ", in " << num("seconds")
       << " s); it keeps the original failure's signature.\n\n";
  }
  os << "```mlir\n" << StringRef(*program).rtrim() << "\n```\n\n";
  // A lowered frontend program: the original beside it.
  auto lowering = gpu::readLoweringRecord(bundleDir);
  if (!lowering)
    return fail(llvm::createStringError(llvm::toString(lowering.takeError())),
                kInvalid);
  if (*lowering)
    os << frontendIssueSection(bundleDir, **lowering);

  os << "## Commands\n\n";
  if (commands.empty())
    os << "(no repro.sh in the bundle)\n\n";
  else
    os << "```sh\n" << commands << "```\n\n";
  if (!attachments.empty())
    os << "Input files (attached, NumPy .npy unless raw .bin): "
       << llvm::join(llvm::map_range(attachments,
                                     [](const std::string &a) {
                                       return "`" + a + "`";
                                     }),
                     ", ")
       << ".\n\n";

  // Expected vs actual, or the error.
  if (verdict == "mismatch" || verdict == "undecided") {
    os << "## Expected vs actual\n\n";
    std::string fpath = joinPath(bundleDir, "golden", "freedom.json");
    std::vector<OutputFreedom> outputs;
    if (llvm::sys::fs::exists(fpath)) {
      auto fr = readFreedomReportFile(fpath);
      if (fr)
        outputs = std::move(*fr);
      else
        llvm::consumeError(fr.takeError());
    }
    OracleOptions opts;
    bool anyTable = false;
    for (const OutputFreedom &of : outputs) {
      std::string name = gpu::tensorFileName("out", of.index, of.dtype);
      auto g = readBundleTensor(joinPath(bundleDir, "golden", name), of.dtype,
                                of.shape);
      auto a = readBundleTensor(joinPath(targetDir, "actual", name), of.dtype,
                                of.shape);
      if (!g || !a) {
        if (!g)
          llvm::consumeError(g.takeError());
        if (!a)
          llvm::consumeError(a.takeError());
        continue;
      }
      if (a->numElements() != g->numElements())
        continue;
      std::vector<int64_t> diff;
      for (int64_t k = 0; k < g->numElements(); ++k)
        if (!g->isUndef(k) && elementsDiffer(g->load(k), a->load(k), of.dtype,
                                             opts))
          diff.push_back(k);
      if (diff.empty())
        continue;
      bool free = !of.tieGroups.empty() || !of.multiWrites.empty();
      os << "Output " << of.index << " (`"
         << shapeTypeString(of.shape, of.dtype) << "`): " << diff.size()
         << " of " << g->numElements() << " elements differ"
         << (free ? " position by position (the op leaves some order free: "
                    "see the oracle's verdict below)"
                  : "")
         << ".\n\n";
      if (!free) {
        anyTable = true;
        os << "| element | expected | actual |\n|---|---|---|\n";
        for (size_t k = 0; k < diff.size() && k < 8; ++k)
          os << "| " << coordsText(g->coordinates(diff[k])) << " | "
             << formatValue(g->load(diff[k]), of.dtype) << " | "
             << formatValue(a->load(diff[k]), of.dtype) << " |\n";
        if (diff.size() > 8)
          os << "| ... | " << diff.size() - 8 << " more | |\n";
        os << "\n";
      }
      if (g->numElements() <= 64) {
        std::string ge, ae;
        llvm::raw_string_ostream gs(ge), as(ae);
        printBufferView(gs, *g);
        printBufferView(as, *a);
        os << "```\nexpected: " << ge << "\nactual:   " << ae << "\n```\n\n";
      }
    }
    if (auto cmp = readFile(joinPath(targetDir, "compare.log"))) {
      os << "The comparison (difftest's oracle"
         << (anyTable ? "" : ", per output")
         << "):\n\n```\n" << StringRef(*cmp).rtrim() << "\n```\n\n";
    } else {
      llvm::consumeError(cmp.takeError());
      os << "```\n" << detail << "\n```\n\n";
    }
    os << "Expected values come from difftest's reference interpreter "
          "(`ref-run`), which follows each op's documented semantics "
          "(for `iree_linalg_ext` ops, IREE's own scalar implementation, "
          "`generateScalarImplementation`) with exact float arithmetic "
          "rules; float outputs are compared with a few ULP of tolerance "
          "(more for reductions).\n\n";
  } else {
    bool compileStage = StringRef(verdict).starts_with("comp");
    std::string log = joinPath(targetDir, compileStage ? "compile.log"
                                                       : "run.log");
    os << "## Error\n\n";
    if (auto text = readFile(log)) {
      os << "```\n" << StringRef(logExcerpt(*text, 20)).rtrim() << "\n```\n\n";
    } else {
      llvm::consumeError(text.takeError());
      os << "```\n" << detail << "\n```\n\n";
    }
  }

  // Triage.
  if (triage) {
    os << "## Triage\n\n";
    if (const llvm::json::Object *fb = triage->getObject("flag_bisection")) {
      os << "Neighbouring configurations (IREE "
         << shortVersion(triage->getString("iree_version").value_or("?"))
         << "): "
         << fb->getString("summary").value_or("") << ".\n\n";
      if (const llvm::json::Array *cs = fb->getArray("configurations")) {
        os << "| configuration | outcome | verdict |\n|---|---|---|\n";
        for (const llvm::json::Value &cv : *cs) {
          const llvm::json::Object *c = cv.getAsObject();
          if (!c)
            continue;
          std::string conf = c->getString("target").value_or("").str() + " " +
                             c->getString("opt_level").value_or("").str();
          if (const llvm::json::Array *fl = c->getArray("extra_flags"))
            for (const llvm::json::Value &f : *fl)
              conf += " " + f.getAsString().value_or("").str();
          StringRef kind = c->getString("kind").value_or("");
          if (kind == "baseline")
            conf += " (as reported)";
          if (kind == "drop-flag")
            conf += " (without " +
                    c->getString("label").value_or("").str() + ")";
          std::string vd = c->getString("verdict").value_or("").str();
          std::string d = c->getString("detail").value_or("").str();
          // The same failure's detail is in "What happens" already.
          if (!d.empty() && vd != "pass" &&
              c->getString("outcome").value_or("") != "same failure")
            vd += ": " + (d.size() > 100 ? d.substr(0, 97) + "..." : d);
          os << "| " << mdCell(conf) << " | "
             << mdCell(c->getString("outcome").value_or("").str()) << " | "
             << mdCell(vd) << " |\n";
        }
        os << "\n";
      }
    }
    if (const llvm::json::Object *vb = triage->getObject("version_bisection")) {
      os << "IREE releases: " << vb->getString("summary").value_or("")
         << ".\n\n";
      if (const llvm::json::Array *tried = vb->getArray("tried")) {
        os << "| release | outcome | verdict |\n|---|---|---|\n";
        for (const llvm::json::Value &tv : *tried) {
          const llvm::json::Object *t = tv.getAsObject();
          if (!t)
            continue;
          std::string vd = t->getString("verdict").value_or("").str();
          std::string d = t->getString("detail").value_or("").str();
          if (!d.empty() && vd != "pass" &&
              t->getString("outcome").value_or("") != "same failure")
            vd += ": " + (d.size() > 100 ? d.substr(0, 97) + "..." : d);
          std::string note = t->getString("note").value_or("").str();
          os << "| " << mdCell(t->getString("label").value_or("").str())
             << " | " << mdCell(t->getString("outcome").value_or("").str())
             << " | " << mdCell(vd + (note.empty() ? "" : " (" + note + ")"))
             << " |\n";
        }
        os << "\n";
      }
    }
  }

  // Environment.
  os << "## Environment\n\n";
  os << "- IREE: " << shortVersion(iree) << " (`" << iree << "`)\n";
  os << "- Target: `" << target << "`, `--iree-opt-level=" << optLevel << "`";
  for (const std::string &f : extraFlags)
    os << ", `" << f << "`";
  os << "\n";
  if (StringRef(target).starts_with("llvm-cpu")) {
    // /proc files have no size: read them as a stream.
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);)
      if (StringRef(line).starts_with("model name")) {
        os << "- Host CPU (`--iree-llvmcpu-target-cpu=host`; where this "
              "report was written): "
           << StringRef(line).split(':').second.trim() << "\n";
        break;
      }
  }
  std::string found = foundBy(bundleDir, *v, function);
  // A reduced bundle: where the reducer's input came from.
  if (found.empty() && reduction)
    if (auto src = reduction->getString("source"))
      if (llvm::sys::fs::exists(joinPath(*src, "verdict.json")))
        if (auto sv = readFile(joinPath(*src, "verdict.json"))) {
          auto sj = llvm::json::parse(*sv);
          if (sj && sj->getAsObject())
            found = foundBy(*src, *sj->getAsObject(),
                            sj->getAsObject()
                                ->getString("function")
                                .value_or("")
                                .str());
          else if (!sj)
            llvm::consumeError(sj.takeError());
        } else {
          llvm::consumeError(sv.takeError());
        }
  os << "\nFound by difftest" << (found.empty() ? "" : " (" + found + ")")
     << ", a differential tester of IREE against a reference interpreter.\n";

  std::string outPath =
      outOpt.empty() ? joinPath(bundleDir, "issue.md") : outOpt.str();
  if (llvm::Error e = writeFile(outPath, md))
    return fail(std::move(e), kToolError);
  llvm::outs() << title << "\nissue report: " << outPath << "\n";
  return kPass;
}

} // namespace

int reportCommand(int argc, char **argv) {
  cl::OptionCategory category("difftest report options");
  cl::opt<std::string> dir(cl::Positional,
                           cl::desc("<campaign dir | repro bundle>"),
                           cl::Required, cl::cat(category));
  cl::opt<bool> issue(
      "issue",
      cl::desc("DIR is a repro bundle: write a ready-to-file IREE bug report "
               "(Markdown; BUNDLE/issue.md unless --out)"),
      cl::cat(category));
  cl::opt<std::string> out("out",
                           cl::desc("With --issue: where the report goes"),
                           cl::cat(category));
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "difftest report: a campaign's report, or (--issue) a bug report of "
      "one repro bundle\n");
  if (issue)
    return issueReport(dir, out);
  if (!out.empty()) {
    llvm::errs() << "error: --out is for --issue (a campaign's report goes "
                    "into its directory)\n";
    return kInvalid;
  }
  std::string dbPath = joinPath(dir, "campaign.db");
  if (!llvm::sys::fs::exists(dbPath)) {
    llvm::errs() << "error: " << dbPath << ": no campaign database\n";
    return kInvalid;
  }
  auto db = CampaignDB::open(dbPath);
  if (!db) {
    llvm::errs() << "error: " << llvm::toString(db.takeError()) << "\n";
    return kInvalid;
  }
  std::vector<CaseRow> rows = (*db)->cases();
  std::vector<FailureRow> failures = (*db)->failures();

  // Totals.
  std::set<int64_t> caseIds;
  std::map<std::string, std::map<std::string, int64_t>> verdictByTarget;
  std::map<std::string, int64_t> sigCount, byClass;
  std::map<int64_t, double> caseFinish;
  // Coverage, counted once per case (from its features).
  std::map<std::string, std::map<std::string, int64_t>> opDtype, opRank,
      opShape, opTarget, modes;
  std::map<int64_t, const CaseRow *> firstRow;
  for (const CaseRow &r : rows) {
    caseIds.insert(r.caseIndex);
    ++verdictByTarget[r.verdict][r.target];
    if (isFailureVerdict(r.verdict)) {
      ++sigCount[r.signature];
      ++byClass[r.verdict];
    }
    double &f = caseFinish[r.caseIndex];
    f = std::max(f, r.finishedAt);
    if (!firstRow.count(r.caseIndex))
      firstRow[r.caseIndex] = &r;
    if (r.target != "-" && r.verdict != "rejected-ub") {
      auto features = llvm::json::parse(r.features);
      if (!features) {
        llvm::consumeError(features.takeError());
        continue;
      }
      if (const llvm::json::Object *o = features->getAsObject())
        if (const llvm::json::Array *ops = o->getArray("ops")) {
          std::set<std::string> seen;
          for (const llvm::json::Value &op : *ops)
            if (const llvm::json::Object *oo = op.getAsObject()) {
              std::string kind = oo->getString("op").value_or("?").str();
              if (seen.insert(kind).second)
                ++opTarget[kind][r.target];
            }
        }
    }
  }
  for (auto &[id, r] : firstRow) {
    auto features = llvm::json::parse(r->features);
    if (!features) {
      llvm::consumeError(features.takeError());
      continue;
    }
    const llvm::json::Object *o = features->getAsObject();
    if (!o)
      continue;
    if (const llvm::json::Array *ops = o->getArray("ops"))
      for (const llvm::json::Value &op : *ops)
        if (const llvm::json::Object *oo = op.getAsObject()) {
          std::string kind = oo->getString("op").value_or("?").str();
          ++opDtype[kind][oo->getString("dtype").value_or("?").str()];
          ++opRank[kind]["rank " + std::to_string(
                                       oo->getInteger("rank").value_or(0))];
          ++opShape[kind][oo->getBoolean("dynamic").value_or(false)
                              ? "dynamic"
                              : "static"];
        }
    if (const llvm::json::Array *ms = o->getArray("value_modes"))
      for (const llvm::json::Value &m : *ms)
        if (auto s = m.getAsString())
          ++modes[s->str()]["cases"];
  }
  std::vector<double> finish;
  for (auto &[id, t] : caseFinish)
    finish.push_back(t);
  std::sort(finish.begin(), finish.end());

  Table totals = countTable("Verdicts per target (case x target rows)",
                            "verdict", verdictByTarget);
  // Where each target's verdicts came from: run on a device here, compiled
  // only (no device, or the device cannot take the target), stopped at
  // compile, or past an executor's limit (docs/gpu.md).
  Table where;
  where.title = "Targets: run here or compiled only";
  where.head = {"target", "run", "compiled only", "executor-limit",
                "stopped at compile"};
  {
    std::map<std::string, std::array<int64_t, 4>> byTarget;
    for (auto &[v, ts] : verdictByTarget)
      for (auto &[t, n] : ts) {
        if (t == "-" || StringRef(t).starts_with("-"))
          continue;
        std::optional<gpu::Verdict> verdict = gpu::parseVerdict(v);
        auto &c = byTarget[t];
        if (!verdict)
          continue;
        if (*verdict == gpu::Verdict::CompiledOnly)
          c[1] += n;
        else if (*verdict == gpu::Verdict::ExecutorLimit)
          c[0] += n, c[2] += n;
        else if (gpu::stageOf(*verdict) == gpu::Stage::Compile)
          c[3] += n;
        else
          c[0] += n;
      }
    for (auto &[t, c] : byTarget)
      where.rows.push_back({t, std::to_string(c[0]), std::to_string(c[1]),
                            std::to_string(c[2]), std::to_string(c[3])});
  }
  // A mutant's origin (--mutate): its source, function and mutations.
  std::map<int64_t, std::string> origins;
  for (auto &[id, r] : firstRow) {
    auto features = llvm::json::parse(r->features);
    if (!features) {
      llvm::consumeError(features.takeError());
      continue;
    }
    if (const llvm::json::Object *o = features->getAsObject())
      if (const llvm::json::Object *m = o->getObject("mutant"))
        origins[id] = mutantOrigin(*m);
  }
  Table fails;
  fails.title = "Distinct failures";
  fails.head = {"verdict", "target", "signature", "first case", "count",
                "bundle"};
  if (!origins.empty())
    fails.head.insert(fails.head.begin() + 4, "origin");
  for (const FailureRow &f : failures) {
    std::vector<std::string> row = {f.verdict, f.target, f.signature,
                                    std::to_string(f.firstCase),
                                    std::to_string(sigCount[f.signature]),
                                    f.bundle};
    if (!origins.empty())
      row.insert(row.begin() + 4, origins.count(f.firstCase)
                                      ? origins[f.firstCase]
                                      : "generated");
    fails.rows.push_back(std::move(row));
    fails.links.push_back(f.bundle);
  }
  // Golden suspects first: every IREE target that ran the case agreed
  // with the others bit for bit and disagreed with the golden (Fuzz.cpp).
  std::vector<SuspectRow> suspects = (*db)->goldenSuspects();
  Table suspectTable;
  suspectTable.title = "Golden suspects (audit first: every target that ran "
                       "the case agreed, bit for bit, against the golden)";
  suspectTable.head = {"case", "targets", "signature", "bundle"};
  for (const SuspectRow &g : suspects) {
    suspectTable.rows.push_back({std::to_string(g.caseIndex) + g.variant,
                                 g.targets, g.signature, g.bundle});
    suspectTable.links.push_back(g.bundle);
  }
  std::vector<Table> coverage = {
      countTable("Coverage: ops x element types (cases)", "op", opDtype),
      countTable("Coverage: ops x ranks (cases)", "op", opRank),
      countTable("Coverage: ops x static/dynamic shapes (cases)", "op",
                 opShape),
      countTable("Coverage: ops x targets (case x target rows run)", "op",
                 opTarget),
      countTable("Coverage: value modes (cases)", "mode", modes)};

  std::string seed = (*db)->option("seed").value_or("?");
  std::string targets = (*db)->option("targets").value_or("?");
  std::string iree = (*db)->option("iree_version").value_or("?");
  // Wall time since the campaign started (a resumed campaign's pause
  // counts too).
  double started = 0;
  if (auto st = (*db)->option("started"))
    StringRef(*st).getAsDouble(started);
  double minutes = !finish.empty() && started > 0
                       ? (finish.back() - started) / 60
                       : 0;
  std::string summary =
      llvm::formatv("{0} cases, {1} case x target rows, {2} distinct "
                    "failures; seed {3}; targets {4}; {5}",
                    caseIds.size(), rows.size(), failures.size(), seed,
                    targets, iree)
          .str();
  summary += llvm::formatv("; {0} golden suspect{1}", suspects.size(),
                           suspects.size() == 1 ? "" : "s")
                 .str();
  if (minutes > 0)
    summary += llvm::formatv("; {0:f1} min wall, {1:f1} cases/min", minutes,
                             caseIds.size() / minutes)
                   .str();
  // Batches stopped at --time (or by the environment): not failures, and
  // not lost.
  if (auto unfinished = (*db)->unfinishedBatches(); !unfinished.empty())
    summary += llvm::formatv("; {0} unfinished batch{1} ({2}; `difftest fuzz "
                             "--out={3} --resume` runs them)",
                             unfinished.size(),
                             unfinished.size() == 1 ? "" : "es",
                             unfinished.begin()->second, dir)
                   .str();

  // A mutation campaign: what its pool holds, and what it skipped.
  if (std::string poolFile = joinPath(dir, "mutate-sources.json");
      llvm::sys::fs::exists(poolFile)) {
    if (auto pool = loadMutatePool(poolFile))
      summary += "\n\n" + describePool(*pool);
    else
      llvm::consumeError(pool.takeError());
  }

  // A guided campaign: what IREE showed it (docs/fuzzing.md, "Guided
  // campaigns").
  if ((*db)->option("guided").value_or("0") == "1") {
    auto [features, queued] = (*db)->coverageCounts();
    summary += llvm::formatv("\n\nIREE coverage (guided, {0}% mutants of "
                             "queue entries): {1} distinct features, {2} "
                             "cases queued",
                             (*db)->option("guided_pct").value_or("?"),
                             features, queued)
                   .str();
  }

  std::string md;
  {
    llvm::raw_string_ostream os(md);
    os << "# difftest campaign report\n\n" << summary << "\n";
    if (!suspects.empty())
      writeMarkdownTable(os, suspectTable);
    writeMarkdownTable(os, where);
    writeMarkdownTable(os, totals);
    writeMarkdownTable(os, fails);
    for (const Table &t : coverage)
      writeMarkdownTable(os, t);
    os << "\n## Failures by class\n\n";
    for (auto &[k, n] : byClass)
      os << "- " << k << ": " << n << "\n";
    if (byClass.empty())
      os << "(none)\n";
  }
  std::string page;
  {
    llvm::raw_string_ostream os(page);
    os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<title>difftest campaign report</title><style>"
          "body{font-family:sans-serif;margin:2em;max-width:80em}"
          "table{border-collapse:collapse;margin-bottom:1em}"
          "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px;"
          "text-align:left}th{background:#f0f0f0}"
          "</style></head><body>\n<h1>difftest campaign report</h1>\n<p>"
       << html(summary) << "</p>\n";
    if (!suspects.empty())
      writeHtmlTable(os, suspectTable, "golden-suspects");
    writeHtmlTable(os, where, "targets");
    writeHtmlTable(os, totals, "verdicts");
    writeHtmlTable(os, fails, "failures");
    os << "<h2>Cases over time</h2>\n" << timeChart(finish) << "\n";
    os << "<h2>Failures by class</h2>\n" << classChart(byClass) << "\n";
    for (auto [i, t] : llvm::enumerate(coverage))
      writeHtmlTable(os, t, "coverage" + std::to_string(i));
    os << "</body></html>\n";
  }
  std::string mdPath = joinPath(dir, "report.md");
  std::string htmlPath = joinPath(dir, "report.html");
  if (llvm::Error e = writeFile(mdPath, md)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  if (llvm::Error e = writeFile(htmlPath, page)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  llvm::outs() << summary << "\nreport: " << mdPath << "\n        "
               << htmlPath << "\n";
  return kPass;
}

} // namespace ref::difftest
