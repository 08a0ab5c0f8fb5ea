//===- Report.cpp - difftest report: a campaign as Markdown and HTML ------===//
//
// From DIR/campaign.db: totals per verdict and target, the distinct
// failures (signature, first case, count, bundle), coverage of the
// generated space (ops x dtypes, ranks, static/dynamic, targets) and two
// charts (cases over time, failures by class) as inline SVG. The HTML page
// is self-contained: no scripts, no external resources.
//
//===----------------------------------------------------------------------===//

#include "difftest/CampaignDB.h"
#include "difftest/Common.h"
#include "difftest/Fuzz.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;

namespace {

std::string html(StringRef s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '&': o += "&amp;"; break;
    case '<': o += "&lt;"; break;
    case '>': o += "&gt;"; break;
    case '"': o += "&quot;"; break;
    default: o += c;
    }
  }
  return o;
}

std::string mdCell(StringRef s) {
  std::string o;
  for (char c : s)
    o += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ")
                                                    : std::string(1, c);
  return o;
}

bool isFailureVerdict(StringRef v) {
  return v != "pass" && v != "undecided" && v != "compiled-only" &&
         v != "rejected-ub";
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

} // namespace

int reportCommand(int argc, char **argv) {
  cl::OptionCategory category("difftest report options");
  cl::opt<std::string> dir(cl::Positional, cl::desc("<campaign dir>"),
                           cl::Required, cl::cat(category));
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "difftest report: a campaign's report\n");
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
  Table fails;
  fails.title = "Distinct failures";
  fails.head = {"verdict", "target", "signature", "first case", "count",
                "bundle"};
  for (const FailureRow &f : failures) {
    fails.rows.push_back({f.verdict, f.target, f.signature,
                          std::to_string(f.firstCase),
                          std::to_string(sigCount[f.signature]), f.bundle});
    fails.links.push_back(f.bundle);
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
  if (minutes > 0)
    summary += llvm::formatv("; {0:f1} min wall, {1:f1} cases/min", minutes,
                             caseIds.size() / minutes)
                   .str();

  std::string md;
  {
    llvm::raw_string_ostream os(md);
    os << "# difftest campaign report\n\n" << summary << "\n";
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
