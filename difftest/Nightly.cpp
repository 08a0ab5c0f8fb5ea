//===- Nightly.cpp - difftest nightly: one command for cron and CI --------===//
//
//   difftest nightly --out=DIR [--iree=DIR|RELEASE] [--target=...]
//       [--time=30m | --cases=N] [--seed=S] [--jobs=J] [--corpus=DIR|none]
//       [--known-issues=FILE] [--reduce-budget=10m] [--reduce-each=2m]
//
// DIR keeps the history of every night (DIR/history.db) and one directory
// per night (DIR/nights/<N>/). A night:
//   1. takes the IREE given: a directory (anything --iree-dir accepts) or a
//      release number, installed on first use into DIR/venvs/<release>/;
//   2. replays the corpus (difftest replay): a case that passed and now
//      fails is a regression; a known failure that no longer shows is fixed;
//   3. runs the campaign (difftest fuzz) into DIR/nights/<N>/campaign;
//   4. signs every bundle by the bug (Signature.h): compile failures are
//      compiled again with --mlir-print-ir-after-failure for the failing
//      pass; failures signed by their op set are reduced first (difftest
//      reduce, --reduce-each per bundle, --reduce-budget in all) and signed
//      on the reduced program, so that two bundles of one bug merge; a new
//      compile failure's bundle is reduced too when the budget allows; a
//      mismatch is signed by its guilty dispatch (difftest localize, in the
//      same budget) where localize names one (LocalizeSign.h);
//   5. compares with the history: each signature is new, known (seen on an
//      earlier night, or listed in known-issues.toml with its IREE issue),
//      regressed (fixed on an earlier night, back now) or fixed (open
//      before, not seen tonight, and its bundle no longer fails when re-run
//      with tonight's IREE);
//   6. writes nightly.md / nightly.html (that table first), junit.xml,
//      trend.svg (cases per minute and open signatures over the nights) and
//      issue.md drafts for new bugs without a known issue.
// Exit: 0 nothing new or regressed; 1 new or regressed failures; 2 invalid
// input; 4 the environment or a tool failed.
//
//===----------------------------------------------------------------------===//

#include "difftest/CampaignDB.h"
#include "difftest/KnownIssues.h"
#include "difftest/LocalizeSign.h"
#include "difftest/Options.h"
#include "difftest/Signature.h"
#include "difftest/Triage.h"
#include "difftest/Attribution.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <sqlite3.h>

#include <chrono>
#include <map>
#include <set>

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

//===----------------------------------------------------------------------===//
// The history database
//===----------------------------------------------------------------------===//

/// One bug signature across the nights.
struct BugRow {
  std::string signature;
  std::string status; // "open" or "fixed"
  int64_t firstNight = 0, lastSeen = 0, fixedNight = 0;
  std::string verdict, targets, bundle; // bundle: relative to DIR
  std::string rawSignature;
  /// How a mismatch was signed: "localize", "reduced-ops"; "" for other
  /// verdicts and for rows older than the column.
  std::string signatureSource;
};

struct NightRow {
  int64_t id = 0;
  double started = 0, minutes = 0, casesPerMinute = 0;
  int64_t cases = 0, open = 0, newBugs = 0, regressed = 0, fixed = 0;
  std::string ireeVersion;
};

class History {
public:
  ~History() {
    if (db)
      sqlite3_close(db);
  }
  llvm::Error open(StringRef file) {
    if (sqlite3_open(file.str().c_str(), &db) != SQLITE_OK)
      return llvm::createStringError(file + ": " + sqlite3_errmsg(db));
    return exec("PRAGMA journal_mode=WAL;"
                "CREATE TABLE IF NOT EXISTS nights(id INTEGER PRIMARY KEY, "
                "started REAL, minutes REAL, cases INTEGER, cases_per_minute "
                "REAL, open INTEGER, new INTEGER, regressed INTEGER, fixed "
                "INTEGER, iree_version TEXT, dir TEXT);"
                "CREATE TABLE IF NOT EXISTS bugs(signature TEXT PRIMARY KEY, "
                "status TEXT, first_night INTEGER, last_seen INTEGER, "
                "fixed_night INTEGER, verdict TEXT, targets TEXT, bundle TEXT, "
                "raw_signature TEXT);"
                "CREATE TABLE IF NOT EXISTS sightings(night INTEGER, signature "
                "TEXT, status TEXT, count INTEGER, bundle TEXT, PRIMARY "
                "KEY(night, signature));");
  }
  /// Columns added after the first release of the database: an older
  /// history.db gains them (NULL in its old rows).
  void upgrade() {
    bool has = false;
    llvm::consumeError(query("SELECT name FROM pragma_table_info('bugs')", {},
                             [&](sqlite3_stmt *st) {
                               has |= text(st, 0) == "signature_source";
                             }));
    if (!has)
      llvm::consumeError(
          exec("ALTER TABLE bugs ADD COLUMN signature_source TEXT"));
  }
  llvm::Error exec(StringRef sql) {
    char *err = nullptr;
    if (sqlite3_exec(db, sql.str().c_str(), nullptr, nullptr, &err) !=
        SQLITE_OK) {
      std::string m = err ? err : "?";
      sqlite3_free(err);
      return llvm::createStringError("history: " + m);
    }
    return llvm::Error::success();
  }
  /// Runs `sql` with text bindings, calling `row` per result row.
  llvm::Error query(StringRef sql, llvm::ArrayRef<std::string> binds,
                    llvm::function_ref<void(sqlite3_stmt *)> row = nullptr) {
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, sql.str().c_str(), -1, &st, nullptr) !=
        SQLITE_OK)
      return llvm::createStringError(llvm::Twine("history: ") +
                                     sqlite3_errmsg(db));
    for (auto [i, b] : llvm::enumerate(binds))
      sqlite3_bind_text(st, i + 1, b.c_str(), -1, SQLITE_TRANSIENT);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
      if (row)
        row(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
      return llvm::createStringError(llvm::Twine("history: ") +
                                     sqlite3_errmsg(db));
    return llvm::Error::success();
  }
  static std::string text(sqlite3_stmt *st, int col) {
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? reinterpret_cast<const char *>(t) : "";
  }
  std::map<std::string, BugRow> bugs() {
    std::map<std::string, BugRow> out;
    llvm::consumeError(query(
        "SELECT signature, status, first_night, last_seen, fixed_night, "
        "verdict, targets, bundle, raw_signature, signature_source FROM bugs",
        {}, [&](sqlite3_stmt *st) {
          BugRow b;
          b.signature = text(st, 0);
          b.status = text(st, 1);
          b.firstNight = sqlite3_column_int64(st, 2);
          b.lastSeen = sqlite3_column_int64(st, 3);
          b.fixedNight = sqlite3_column_int64(st, 4);
          b.verdict = text(st, 5);
          b.targets = text(st, 6);
          b.bundle = text(st, 7);
          b.rawSignature = text(st, 8);
          b.signatureSource = text(st, 9);
          out[b.signature] = b;
        }));
    return out;
  }
  std::vector<NightRow> nights() {
    std::vector<NightRow> out;
    llvm::consumeError(query(
        "SELECT id, started, minutes, cases, cases_per_minute, open, new, "
        "regressed, fixed, iree_version FROM nights ORDER BY id",
        {}, [&](sqlite3_stmt *st) {
          NightRow n;
          n.id = sqlite3_column_int64(st, 0);
          n.started = sqlite3_column_double(st, 1);
          n.minutes = sqlite3_column_double(st, 2);
          n.cases = sqlite3_column_int64(st, 3);
          n.casesPerMinute = sqlite3_column_double(st, 4);
          n.open = sqlite3_column_int64(st, 5);
          n.newBugs = sqlite3_column_int64(st, 6);
          n.regressed = sqlite3_column_int64(st, 7);
          n.fixed = sqlite3_column_int64(st, 8);
          n.ireeVersion = text(st, 9);
          out.push_back(n);
        }));
    return out;
  }
  int64_t nextNight() {
    int64_t n = 0;
    llvm::consumeError(query("SELECT COALESCE(MAX(id), 0) FROM nights", {},
                             [&](sqlite3_stmt *st) {
                               n = sqlite3_column_int64(st, 0);
                             }));
    return n + 1;
  }

private:
  sqlite3 *db = nullptr;
};

//===----------------------------------------------------------------------===//
// What a night found
//===----------------------------------------------------------------------===//

/// One bug signature tonight (or one tracked from before).
struct Finding {
  std::string signature;
  std::string status; // new, known, regressed, fixed
  std::string verdict, rawSignature, detail;
  std::set<std::string> targets;
  int64_t rows = 0;          // campaign rows with it tonight
  std::string bundle;        // representative, relative to DIR
  bool reduced = false;      // signed on a reduced program
  bool unreduced = false;    // signed by an unreduced program's op set
  std::string issueUrl, issueTitle, note;
  std::string issueDraft; // issue.md for a new bug (relative to DIR)
  /// A vulkan mismatch's attribution (difftest attribute): "IREE (SPIR-V
  /// codegen)", "executor-suspect", ...; empty when not attributed.
  std::string attribution;
  /// A mismatch's: "localize" (signed by the guilty dispatch) or
  /// "reduced-ops" (by the reduced program's op set), and why not localize.
  std::string signatureSource, sourceNote;
  /// The reduced-ops signature an earlier night gave this bundle's failure,
  /// now signed by localize: the history's row is renamed to the new one.
  std::string formerSignature;
  int64_t firstNight = 0;
  std::string source = "campaign"; // "campaign", "corpus", "history"
};

/// Writes a child's output next to the night's files; returns its exit.
struct Child {
  int exitCode = -1;
  std::string summary;
};

Child runChild(const std::vector<std::string> &argv, StringRef logPath,
               double timeoutSeconds = 0) {
  gpu::ProcessLimits limits;
  limits.timeoutSeconds = timeoutSeconds;
  limits.maxCapturedBytes = 1 << 20;
  gpu::ProcessResult r = gpu::runProcess(argv, limits);
  std::string log = "$ " + shellCommand(argv) + "\n# " + r.summary() + "\n" +
                    r.stdoutText + r.stderrText;
  llvm::consumeError(writeFile(logPath, log));
  Child c;
  c.exitCode = r.kind == gpu::ProcessResult::Kind::Exited ? r.exitCode : -1;
  c.summary = r.summary();
  return c;
}

std::string relativeTo(StringRef base, StringRef p) {
  StringRef s = p;
  if (s.consume_front(base) && s.consume_front("/"))
    return s.str();
  return p.str();
}

/// The inverse of relativeTo: a path kept relative to `base` (a bundle of
/// tonight's campaign), or absolute (a campaign signed with --campaign).
std::string underDir(StringRef base, StringRef p) {
  return path::is_absolute(p) ? p.str() : joinPath(base, p);
}

std::string xml(StringRef s) { return html(s); }

/// Cases per minute and open signatures per night, as one SVG with two
/// lines (each scaled to its own maximum, labelled at the right).
std::string trendChart(const std::vector<NightRow> &nights) {
  const int w = 640, h = 240, left = 40, right = 160, top = 20, bottom = 30;
  std::string svg = llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                  "width=\"{0}\" height=\"{1}\" "
                                  "viewBox=\"0 0 {0} {1}\">",
                                  w, h)
                        .str();
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>";
  int pw = w - left - right, ph = h - top - bottom;
  svg += llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" "
                       "stroke=\"#888\"/>",
                       left, top + ph, left + pw);
  if (nights.empty())
    return svg + "<text x=\"50\" y=\"100\">no nights yet</text></svg>";
  double maxRate = 1e-9, maxOpen = 1e-9;
  for (const NightRow &n : nights) {
    maxRate = std::max(maxRate, n.casesPerMinute);
    maxOpen = std::max(maxOpen, double(n.open));
  }
  auto x = [&](size_t i) {
    return nights.size() == 1
               ? left + pw / 2.0
               : left + pw * double(i) / double(nights.size() - 1);
  };
  auto line = [&](auto value, double maxV, StringRef color, StringRef label,
                  double last) {
    std::string pts;
    for (size_t i = 0; i < nights.size(); ++i)
      pts += llvm::formatv("{0:f1},{1:f1} ", x(i),
                           top + ph - ph * value(nights[i]) / maxV)
                 .str();
    svg += llvm::formatv("<polyline fill=\"none\" stroke=\"{0}\" "
                         "stroke-width=\"2\" points=\"{1}\"/>",
                         color, pts);
    for (size_t i = 0; i < nights.size(); ++i)
      svg += llvm::formatv("<circle cx=\"{0:f1}\" cy=\"{1:f1}\" r=\"3\" "
                           "fill=\"{2}\"/>",
                           x(i), top + ph - ph * value(nights[i]) / maxV,
                           color);
    svg += llvm::formatv("<text x=\"{0}\" y=\"{1:f1}\" font-size=\"12\" "
                         "fill=\"{2}\">{3} ({4:f1})</text>",
                         left + pw + 8,
                         top + ph - ph * value(nights.back()) / maxV + 4,
                         color, label, last);
  };
  line([](const NightRow &n) { return n.casesPerMinute; }, maxRate, "#1f77b4",
       "cases/min", nights.back().casesPerMinute);
  line([](const NightRow &n) { return double(n.open); }, maxOpen, "#d62728",
       "open signatures", double(nights.back().open));
  for (size_t i = 0; i < nights.size(); ++i)
    svg += llvm::formatv("<text x=\"{0:f1}\" y=\"{1}\" font-size=\"11\" "
                         "text-anchor=\"middle\">#{2}</text>",
                         x(i), h - 10, nights[i].id);
  return svg + "</svg>";
}

//===----------------------------------------------------------------------===//
// The night
//===----------------------------------------------------------------------===//

class Night {
public:
  std::string dir;      // DIR
  std::string nightDir; // DIR/nights/<N>
  int64_t id = 0;
  std::string self; // this difftest
  std::vector<std::string> childCommon; // options every child gets
  Settings settings;
  std::vector<KnownIssue> known;
  double reduceBudget = 600, reduceEach = 120, reduceUsed = 0;
  unsigned reducedCount = 0, reduceTried = 0, localizeTried = 0,
           localized = 0;
  std::map<std::string, Finding> findings; // by signature
  /// Campaign signatures whose bundle an earlier night reduced, and the bug
  /// signature it got: the same failure of the same program (the campaign
  /// signature of a run-stage failure holds the program's op set) needs no
  /// second reduction.
  std::map<std::string, std::string> reducedBefore;
  /// Those of reducedBefore that an earlier night signed by localize.
  std::set<std::string> localizedBefore;
  /// Campaign signatures of mismatches an earlier night signed by their
  /// (reduced or whole) program's op set, and that signature: renamed when
  /// localize signs the same failure tonight.
  std::map<std::string, std::string> opsSignedBefore;
  /// Whether mismatches are localized (--localize).
  bool localizeMismatches = true;
  std::vector<std::string> notes;          // for the report
  bool toolFailed = false;

  /// Signs one campaign bundle; adds it to `findings`.
  void signBundle(const FailureRow &f, int64_t rows, StringRef campaignDir);
  /// Folds each finding signed by an unreduced program's op set into the
  /// finding whose smaller witness program it contains (same verdict, place
  /// and message): that program alone shows the failure, so the bigger one
  /// is most likely the same bug, not a new one.
  void mergeSubsumed();
  /// The bug signature of a bundle directory (recompiling a compile failure
  /// with --mlir-print-ir-after-failure).
  std::string signDir(StringRef bundleDir, const json::Object &verdict,
                      StringRef program);
  /// Reduces a bundle into DIR/nights/<N>/reduced/<name>; the reduced
  /// bundle's path, or "" (no budget, or the reduction failed).
  std::string reduce(StringRef bundleDir);
  /// Localizes a mismatch bundle into DIR/nights/<N>/localize/<name>,
  /// within the reduce budget.
  LocalizedSignature localize(StringRef bundleDir);
  bool budgetLeft() const { return reduceUsed + 5 < reduceBudget; }
};

std::optional<json::Object> readVerdict(StringRef bundleDir) {
  auto text = readFile(joinPath(bundleDir, "verdict.json"));
  if (!text) {
    llvm::consumeError(text.takeError());
    return std::nullopt;
  }
  auto v = json::parse(*text);
  if (!v) {
    llvm::consumeError(v.takeError());
    return std::nullopt;
  }
  if (auto *o = v->getAsObject())
    return *o;
  return std::nullopt;
}

std::string Night::signDir(StringRef bundleDir, const json::Object &v,
                           StringRef program) {
  FailureEvidence e;
  e.verdict = v.getString("verdict").value_or("").str();
  e.target = v.getString("target").value_or("").str();
  e.message = v.getString("detail").value_or("").str();
  e.needsFlags = neededFlags(v);
  e.program = program.str();
  if (e.verdict == "compile-error" || e.verdict == "compiler-crash" ||
      e.verdict == "compiler-oom") {
    // The same compile with the failing pass named in IR dump headers.
    std::string work = joinPath(nightDir, "work", "sign");
    fs::remove_directories(work);
    fs::create_directories(work);
    llvm::consumeError(writeFile(joinPath(work, "program.mlir"), program));
    std::vector<std::string> flags;
    if (auto *a = v.getArray("extra_flags"))
      for (const json::Value &x : *a)
        if (auto s = x.getAsString())
          flags.push_back(s->str());
    int opt = 0;
    if (auto o = v.getString("opt_level")) {
      if (auto p = gpu::parseOptLevel(*o))
        opt = *p;
      else
        llvm::consumeError(p.takeError());
    }
    flags.push_back("--mlir-print-ir-after-failure");
    if (e.verdict == "compile-error") {
      auto parsed =
          gpu::parseTargetList(StringRef(e.target).split('+').first,
                               *settings.table, opt, flags);
      if (parsed && parsed->size() == 1) {
        TargetResult r = compileTarget(parsed->front(), "program.mlir", work,
                                       "target", settings);
        if (auto log = readFile(joinPath(work, "target", "compile.log")))
          e.compileLog = *log;
        else
          llvm::consumeError(log.takeError());
        (void)r;
      } else if (!parsed) {
        llvm::consumeError(parsed.takeError());
      }
    } else {
      // A crash prints no dumps; its own log may still name a location.
      std::error_code ec;
      for (fs::directory_iterator it(bundleDir, ec), end; !ec && it != end;
           it.increment(ec))
        if (fs::exists(joinPath(it->path(), "compile.log"))) {
          if (auto log = readFile(joinPath(it->path(), "compile.log"))) {
            e.compileLog = *log;
            break;
          } else {
            llvm::consumeError(log.takeError());
          }
        }
    }
  }
  return bugSignature(e);
}

std::string Night::reduce(StringRef bundleDir) {
  if (!budgetLeft())
    return "";
  double seconds = std::min(reduceEach, reduceBudget - reduceUsed);
  std::string out = joinPath(nightDir, "reduced", path::filename(bundleDir));
  fs::remove_directories(out);
  std::vector<std::string> argv = {self, "reduce", bundleDir.str(),
                                   "--out=" + out,
                                   "--time=" + llvm::formatv("{0:f0}s",
                                                             seconds)
                                                   .str()};
  argv.insert(argv.end(), childCommon.begin(), childCommon.end());
  double t0 = now();
  ++reduceTried;
  // The reducer stops itself at --time; the timeout is a safety net for a
  // compile in flight.
  Child c = runChild(argv, out + ".log", seconds + 600);
  reduceUsed += now() - t0;
  if (c.exitCode != 0 || !fs::exists(joinPath(out, "program.mlir")))
    return "";
  ++reducedCount;
  return out;
}

LocalizedSignature Night::localize(StringRef bundleDir) {
  LocalizedSignature none;
  if (!budgetLeft()) {
    none.reason = "no reduce budget left for localize";
    return none;
  }
  double seconds = std::min(reduceEach, reduceBudget - reduceUsed);
  ++localizeTried;
  LocalizedSignature ls = localizeMismatch(
      self, bundleDir,
      joinPath(nightDir, "localize", path::filename(bundleDir)), seconds,
      childCommon);
  reduceUsed += ls.seconds;
  localized += !ls.signature.empty();
  return ls;
}

void Night::signBundle(const FailureRow &f, int64_t rows,
                       StringRef campaignDir) {
  std::string bdir = joinPath(campaignDir, f.bundle);
  auto v = readVerdict(bdir);
  auto program = readFile(joinPath(bdir, "program.mlir"));
  std::string sig, bundle = bdir, detail;
  std::string source, sourceNote, former;
  bool reduced = false, unreduced = false;
  if (!program)
    llvm::consumeError(program.takeError());
  if (!v || !program) {
    // A bundle of our own (generator-error, interpreter-error): no
    // verdict.json, the interpreter's message instead.
    auto log = readFile(joinPath(bdir, "interpreter.log"));
    std::string msg = log ? *log : f.signature;
    if (!log)
      llvm::consumeError(log.takeError());
    FailureEvidence e;
    e.verdict = f.verdict;
    e.target = f.target;
    e.message = StringRef(msg).trim().split('\n').first.str();
    sig = bugSignature(e);
    detail = e.message;
  } else {
    detail = v->getString("detail").value_or("").str();
    sig = signDir(bdir, *v, *program);
    bool mismatch = v->getString("verdict").value_or("") == "mismatch";
    auto earlier = reducedBefore.find(f.signature);
    if (mismatch && earlier != reducedBefore.end() &&
        localizedBefore.count(f.signature)) {
      // The same failure of the same program, localized on an earlier night.
      sig = earlier->second;
      source = "localize";
      sourceNote = "localized on an earlier night";
    } else if (mismatch && localizeMismatches) {
      // Signed by the dispatch whose own output first goes wrong.
      LocalizedSignature ls = localize(bdir);
      if (!ls.signature.empty()) {
        // An earlier night's reduced-ops signature of this failure: the
        // history's row takes the new name.
        auto old = opsSignedBefore.find(f.signature);
        if (old != opsSignedBefore.end() && old->second != ls.signature)
          former = old->second;
        sig = ls.signature;
        source = "localize";
        sourceNote = "dispatch `" + ls.dispatchName + "`";
        // The dispatch alone is the representative when it fails alone;
        // one that fails only in context keeps the campaign's bundle.
        if (ls.failsAlone)
          bundle = ls.dispatchBundle;
        else
          sourceNote += " (fails only in context: the campaign's bundle is "
                        "the repro)";
      } else {
        source = "reduced-ops";
        sourceNote = ls.reason;
      }
    } else if (mismatch) {
      source = "reduced-ops";
      sourceNote = "--localize=false";
    }
  }
  if (source == "localize") {
    // Signed; nothing to reduce.
  } else if (!v || !program) {
    // (handled above)
  } else {
    // Signed by the op set (a mismatch, a runtime failure, a timeout, a
    // failure without a location): the bug's ops are those the reduced
    // program keeps. A signature seen tonight, or a program of one op,
    // needs no reduction.
    SignatureParts parts = splitSignature(sig);
    std::vector<std::string> ops = programOps(*program);
    bool signedByOps = ops.size() > 1 && parts.ops == llvm::join(ops, " ");
    // A failure that takes long to show (a compiler exhausting memory for a
    // minute) leaves too few candidates in the per-bundle time to reduce.
    double failSeconds = v->getNumber("compile_seconds").value_or(0) +
                         v->getNumber("run_seconds").value_or(0);
    bool tooSlow = failSeconds * 8 > reduceEach;
    if (signedByOps && !findings.count(sig) && tooSlow)
      notes.push_back(llvm::formatv("{0}: not reduced, its failure takes "
                                    "{1:f0} s to show",
                                    path::filename(bdir), failSeconds)
                          .str());
    auto before = reducedBefore.find(f.signature);
    if (signedByOps && before != reducedBefore.end()) {
      sig = before->second;
      signedByOps = false; // signed by an earlier night's reduction
    }
    if (signedByOps && !findings.count(sig) && !tooSlow) {
      std::string red = reduce(bdir);
      if (!red.empty()) {
        auto rv = readVerdict(red);
        auto rp = readFile(joinPath(red, "program.mlir"));
        // A reduction that kept every op (out of time at its first
        // candidates) says nothing more than the bundle.
        if (rv && rp && programOps(*rp) != ops) {
          sig = signDir(red, *rv, *rp);
          bundle = red;
          reduced = true;
        } else if (!rp) {
          llvm::consumeError(rp.takeError());
        }
      }
    }
    unreduced = signedByOps && !reduced;
  }
  Finding &fd = findings[sig];
  if (fd.signature.empty()) {
    fd.signature = sig;
    fd.verdict = f.verdict;
    fd.rawSignature = f.signature;
    fd.detail = detail;
    fd.bundle = relativeTo(dir, bundle);
    fd.reduced = reduced;
    fd.unreduced = unreduced;
    fd.signatureSource = source;
    fd.sourceNote = sourceNote;
  } else if (reduced && !fd.reduced) {
    fd.bundle = relativeTo(dir, bundle);
    fd.reduced = true;
    fd.unreduced = false;
  }
  if (!former.empty())
    fd.formerSignature = former;
  fd.targets.insert(f.target);
  fd.rows += rows;
}

void Night::mergeSubsumed() {
  std::vector<std::string> witnesses;
  for (auto &[sig, f] : findings)
    if (!f.unreduced && f.source == "campaign")
      witnesses.push_back(sig);
  std::vector<std::string> gone;
  for (auto &[sig, u] : findings) {
    if (!u.unreduced || u.source != "campaign")
      continue;
    std::string into = subsumingSignature(sig, witnesses);
    if (into.empty())
      continue;
    Finding &r = findings[into];
    r.targets.insert(u.targets.begin(), u.targets.end());
    r.rows += u.rows;
    notes.push_back(llvm::formatv("{0}: unreduced, merged into `{1}` (its "
                                  "program holds that witness's ops)",
                                  path::filename(u.bundle), into)
                        .str());
    gone.push_back(sig);
  }
  for (const std::string &sig : gone)
    findings.erase(sig);
}

/// Reads the corpus replay's JSON summary into findings: a passing case
/// that fails is regressed, a known failure that is gone is fixed, one
/// that still fails is known (with its case.json issue), a golden that
/// differs is our own regression.
void corpusFindings(Night &n, StringRef jsonPath) {
  auto text = readFile(jsonPath);
  if (!text) {
    n.notes.push_back("corpus replay: no summary (" +
                      llvm::toString(text.takeError()) + ")");
    n.toolFailed = true;
    return;
  }
  auto root = json::parse(*text);
  const json::Object *o = root ? root->getAsObject() : nullptr;
  if (!o) {
    if (!root)
      llvm::consumeError(root.takeError());
    n.notes.push_back("corpus replay: unreadable summary " + jsonPath.str());
    n.toolFailed = true;
    return;
  }
  const json::Array *cases = o->getArray("cases");
  int64_t total = 0, ok = 0;
  for (const json::Value &cv : cases ? *cases : json::Array()) {
    const json::Object *c = cv.getAsObject();
    if (!c)
      continue;
    std::string name = c->getString("case").value_or("?").str();
    std::string cdir = c->getString("dir").value_or("").str();
    if (auto *interp = c->getObject("interpreter"))
      if (interp->getString("status").value_or("ok") != "ok") {
        Finding &f = n.findings["corpus|" + name + "|interpreter"];
        f.signature = "corpus|" + name + "|interpreter";
        f.source = "corpus";
        f.status = "regressed";
        f.verdict = "golden-differs";
        f.detail = interp->getString("detail").value_or("").str();
        f.targets.insert("-");
        f.rows = 1;
        f.bundle = cdir;
      }
    const json::Array *ts = c->getArray("targets");
    for (const json::Value &tv : ts ? *ts : json::Array()) {
      const json::Object *t = tv.getAsObject();
      if (!t)
        continue;
      ++total;
      std::string status = t->getString("status").value_or("").str();
      std::string target = t->getString("target").value_or("").str();
      std::string verdict = t->getString("verdict").value_or("").str();
      std::string expected = t->getString("expected").value_or("pass").str();
      bool expectedFailure = expected != "pass" && expected != "compiled-only";
      if (status == "tool-error") {
        n.toolFailed = true;
        n.notes.push_back("corpus replay: " + name + " on " + target + ": " +
                          t->getString("detail").value_or("").str());
        continue;
      }
      if (status == "ok" && !expectedFailure) {
        ++ok;
        continue;
      }
      std::string sig = "corpus|" + name + "|" + target;
      Finding &f = n.findings[sig];
      f.signature = sig;
      f.source = "corpus";
      f.verdict = status == "fixed" ? expected : verdict;
      f.detail = t->getString("detail").value_or("").str();
      f.targets.insert(target);
      f.rows = 1;
      f.bundle = cdir;
      if (status == "ok") {
        ++ok;
        f.status = "known";
      } else if (status == "fixed") {
        f.status = "fixed";
      } else {
        f.status = "regressed";
        f.note = "expected " + expected;
      }
      // The case's own issue link for known failures.
      if (auto cj = readFile(joinPath(cdir, "case.json"))) {
        if (auto doc = json::parse(*cj)) {
          if (auto *e = doc->getAsObject()
                            ? doc->getAsObject()->getObject("expect")
                            : nullptr)
            if (auto *x = e->getObject(target))
              f.issueUrl = x->getString("issue").value_or("").str();
        } else {
          llvm::consumeError(doc.takeError());
        }
      } else {
        llvm::consumeError(cj.takeError());
      }
    }
  }
  n.notes.push_back(llvm::formatv("corpus replay: {0} of {1} target runs as "
                                  "recorded",
                                  ok, total)
                        .str());
}

} // namespace

int nightlyCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> out("out",
                           cl::desc("The nightly directory: history.db and "
                                    "nights/<N>/ (kept between nights)"),
                           cl::Required, cl::cat(common.category));
  cl::opt<std::string> iree(
      "iree",
      cl::desc("The IREE to test: a directory (as --iree-dir) or a release "
               "number such as 3.13.0, installed on first use into "
               "<out>/venvs/<release>/ (default: as --iree-dir)"),
      cl::cat(common.category));
  cl::opt<std::string> targets(
      "target",
      cl::desc("Targets (GPU targets without a device here are compiled "
               "only)"),
      cl::init("llvm-cpu,vulkan,cuda:sm_80,hip:gfx942"), cl::cat(common.category));
  cl::opt<std::string> time("time", cl::desc("The campaign's duration"),
                            cl::init("30m"), cl::cat(common.category));
  cl::opt<int64_t> cases("cases", cl::desc("Cases instead of --time"),
                         cl::init(0), cl::cat(common.category));
  cl::opt<int64_t> seed("seed",
                        cl::desc("Campaign seed (default: the night's number, "
                                 "so that each night runs new cases)"),
                        cl::init(-1), cl::cat(common.category));
  cl::opt<unsigned> jobs("jobs", cl::desc("Batches in flight"), cl::init(1),
                         cl::cat(common.category));
  cl::opt<std::string> corpus(
      "corpus",
      cl::desc("The corpus to replay (default: the project's corpus/; "
               "'none' skips it)"),
      cl::cat(common.category));
  cl::opt<std::string> knownFile(
      "known-issues",
      cl::desc("The team's known-issues.toml (default: the project's)"),
      cl::cat(common.category));
  cl::opt<std::string> reduceBudget(
      "reduce-budget",
      cl::desc("Time for reducing new bundles in all (default: a quarter of "
               "--time, 5m with --cases)"),
      cl::cat(common.category));
  cl::opt<std::string> reduceEach(
      "reduce-each", cl::desc("Time for reducing one bundle"),
      cl::init("2m"), cl::cat(common.category));
  cl::opt<bool> localizeOpt(
      "localize",
      cl::desc("Sign a mismatch by the dispatch whose own output first goes "
               "wrong (difftest localize, within the reduce budget; "
               "--localize=false: by the reduced program's op set)"),
      cl::init(true), cl::cat(common.category));
  cl::opt<unsigned> batch("batch", cl::desc("Cases per batch (difftest fuzz)"),
                          cl::init(16), cl::cat(common.category));
  cl::opt<std::string> fromCampaign(
      "campaign",
      cl::desc("Sign an existing campaign directory (run elsewhere, on a "
               "device machine, or put together with `difftest merge`) "
               "instead of running one"),
      cl::cat(common.category));
  cl::opt<std::string> opsList(
      "ops",
      cl::desc("The op kinds the campaign's generator draws (difftest fuzz "
               "--ops; `all`: every kind, the off-by-default ones included)"),
      cl::cat(common.category));
  cl::opt<std::string> mutate(
      "mutate",
      cl::desc("DIR[,DIR...]: the campaign also runs mutants of the real "
               "programs there (difftest fuzz --mutate)"),
      cl::cat(common.category));
  cl::opt<int> mutatePct(
      "mutate-pct",
      cl::desc("Percent of the campaign's cases that are mutants (default "
               "100 with --mutate)"),
      cl::init(-1), cl::cat(common.category));
  cl::opt<bool> guided(
      "guided", cl::desc("A coverage-guided campaign (difftest fuzz --guided)"),
      cl::cat(common.category));
  cl::opt<int> guidedPct(
      "guided-pct",
      cl::desc("With --guided: percent of the cases that are mutants of queue "
               "entries (difftest fuzz --guided-pct; default 30)"),
      cl::init(-1), cl::cat(common.category));
  cl::opt<std::string> guidedSeed(
      "guided-seed",
      cl::desc("With --guided: seed the queue from earlier campaigns "
               "(difftest fuzz --guided-seed: directories or campaign.db "
               "files, comma-separated); `previous`: the campaign of the "
               "latest earlier night in --out"),
      cl::cat(common.category));

  cl::HideUnrelatedOptions(common.category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "difftest nightly: replay the corpus, run a campaign, sign each "
      "failure by its bug and compare with the nights before\n");

  Night n;
  llvm::SmallString<256> absOut(out);
  fs::make_absolute(absOut);
  n.dir = std::string(absOut);
  fs::create_directories(n.dir);
  n.self = toolPath("difftest");

  // 1. The IREE.
  std::string ireeDir = common.ireeDir;
  if (!iree.empty()) {
    if (fs::is_directory(iree)) {
      ireeDir = iree;
    } else {
      if (StringRef(iree).contains('/') || !llvm::isDigit(iree[0])) {
        llvm::errs() << "error: --iree=" << iree
                     << ": neither a directory nor a release number such as "
                        "3.13.0\n";
        return kInvalid;
      }
      std::string venv = joinPath(n.dir, "venvs", iree);
      if (!fs::exists(joinPath(venv, "bin", "python"))) {
        llvm::errs() << "installing IREE " << iree << " into " << venv
                     << "\n";
        if (llvm::Error e = installIreeRelease(iree, venv, 1800)) {
          llvm::errs() << "error: --iree=" << iree << ": "
                       << llvm::toString(std::move(e)) << "\n";
          return kToolError;
        }
      }
      ireeDir = venv;
    }
  }
  if (!ireeDir.empty()) {
    llvm::SmallString<256> a(ireeDir);
    fs::make_absolute(a);
    ireeDir = std::string(a);
    common.ireeDir = ireeDir;
  }
  std::optional<Settings> settings =
      common.settings(common.toolsStorage, common.tableStorage);
  if (!settings)
    return ireeDir.empty() ? kToolError : kInvalid;
  n.settings = *settings;
  if (!ireeDir.empty())
    n.childCommon.push_back("--iree-dir=" + ireeDir);
  if (!common.targetsFile.empty())
    n.childCommon.push_back("--targets-file=" + common.targetsFile);
  n.childCommon.push_back(
      llvm::formatv("--compile-timeout={0}", double(common.compileTimeout)));
  n.childCommon.push_back(
      llvm::formatv("--run-timeout={0}", double(common.runTimeout)));
  n.childCommon.push_back("--memory-limit=" + common.memoryLimit);
  n.childCommon.push_back("--compile-memory-limit=" +
                          common.compileMemoryLimit);
  if (!common.targetConfigs(targets, *settings))
    return kInvalid;

  std::optional<double> seconds = parseDuration(time);
  if (!seconds) {
    llvm::errs() << "error: --time=" << time << ": expected 30m, 90s, 2h\n";
    return kInvalid;
  }
  std::optional<double> each = parseDuration(reduceEach);
  std::optional<double> budget =
      reduceBudget.empty()
          ? std::optional<double>(cases > 0 ? 300 : *seconds / 4)
          : parseDuration(reduceBudget);
  if (!each || !budget) {
    llvm::errs() << "error: --reduce-budget/--reduce-each: expected 10m, "
                    "90s\n";
    return kInvalid;
  }
  n.reduceBudget = *budget;
  n.reduceEach = *each;
  n.localizeMismatches = localizeOpt;

  // The known issues.
  std::string knownPath = knownFile.empty()
                              ? joinPath(gpu::projectRoot(), "known-issues.toml")
                              : std::string(knownFile);
  if (fs::exists(knownPath)) {
    auto text = readFile(knownPath);
    if (!text) {
      llvm::errs() << "error: " << llvm::toString(text.takeError()) << "\n";
      return kInvalid;
    }
    auto parsed = parseKnownIssues(*text, knownPath);
    if (!parsed) {
      llvm::errs() << "error: " << llvm::toString(parsed.takeError()) << "\n";
      return kInvalid;
    }
    n.known = std::move(*parsed);
  } else if (!knownFile.empty()) {
    llvm::errs() << "error: --known-issues=" << knownFile << ": no such file\n";
    return kInvalid;
  }

  History hist;
  if (llvm::Error e = hist.open(joinPath(n.dir, "history.db"))) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  hist.upgrade();
  n.id = hist.nextNight();
  n.nightDir = joinPath(n.dir, "nights", std::to_string(n.id));
  fs::remove_directories(n.nightDir);
  fs::create_directories(n.nightDir);
  double started = now();
  std::string version = settings->tools->compilerVersion();
  llvm::errs() << "night " << n.id << ": " << version << "\n";

  // 2. The corpus.
  std::string corpusDir = corpus.empty()
                              ? joinPath(gpu::projectRoot(), "corpus")
                              : std::string(corpus);
  if (corpusDir != "none") {
    if (!fs::is_directory(corpusDir)) {
      llvm::errs() << "error: --corpus=" << corpusDir << ": not a directory\n";
      return kInvalid;
    }
    std::vector<std::string> argv = {
        n.self, "replay", corpusDir, "--target=" + targets,
        "--jobs=" + std::to_string(std::max(1u, unsigned(jobs))),
        "--json=" + joinPath(n.nightDir, "replay.json"),
        "--out=" + joinPath(n.nightDir, "work", "replay")};
    argv.insert(argv.end(), n.childCommon.begin(), n.childCommon.end());
    llvm::errs() << "replaying " << corpusDir << "\n";
    Child c = runChild(argv, joinPath(n.nightDir, "replay.log"));
    if (c.exitCode == kInvalid || c.exitCode < 0) {
      n.notes.push_back("corpus replay failed (" + c.summary +
                        "): see replay.log");
      n.toolFailed = true;
    } else {
      corpusFindings(n, joinPath(n.nightDir, "replay.json"));
    }
  } else {
    n.notes.push_back("corpus replay: skipped (--corpus=none)");
  }

  // 3. The campaign.
  std::string campaignDir = joinPath(n.nightDir, "campaign");
  int64_t campaignSeed = seed >= 0 ? int64_t(seed) : n.id;
  if (!fromCampaign.empty()) {
    llvm::SmallString<256> abs(fromCampaign);
    fs::make_absolute(abs);
    campaignDir = std::string(abs);
    if (!fs::exists(joinPath(campaignDir, "campaign.db"))) {
      llvm::errs() << "error: --campaign=" << fromCampaign
                   << ": no campaign.db there\n";
      return kInvalid;
    }
    llvm::errs() << "campaign: " << campaignDir << " (run before)\n";
  } else {
    std::vector<std::string> argv = {
        n.self, "fuzz", "--out=" + campaignDir, "--target=" + targets,
        "--seed=" + std::to_string(campaignSeed),
        "--jobs=" + std::to_string(std::max(1u, unsigned(jobs))),
        "--batch=" + std::to_string(std::max(1u, unsigned(batch)))};
    if (cases > 0)
      argv.push_back("--cases=" + std::to_string(cases));
    else
      argv.push_back("--time=" + std::string(time));
    if (!opsList.empty())
      argv.push_back("--ops=" + opsList);
    if (!mutate.empty())
      argv.push_back("--mutate=" + mutate);
    if (mutatePct >= 0)
      argv.push_back("--mutate-pct=" + std::to_string(mutatePct));
    if (guided)
      argv.push_back("--guided");
    if (guidedPct >= 0)
      argv.push_back("--guided-pct=" + std::to_string(guidedPct));
    // "previous": the campaign of the latest earlier night that has one.
    std::string seedFrom = guidedSeed;
    if (seedFrom == "previous") {
      seedFrom.clear();
      for (int64_t id = n.id - 1; id >= 0 && seedFrom.empty(); --id) {
        std::string d = joinPath(n.dir, "nights", std::to_string(id),
                                 "campaign");
        if (fs::exists(joinPath(d, "campaign.db")))
          seedFrom = d;
      }
      llvm::errs() << "guided: "
                   << (seedFrom.empty() ? "no earlier night to seed from"
                                        : "queue seeded from " + seedFrom)
                   << "\n";
    }
    if (!seedFrom.empty())
      argv.push_back("--guided-seed=" + seedFrom);
    argv.insert(argv.end(), n.childCommon.begin(), n.childCommon.end());
    llvm::errs() << "campaign: " << campaignDir << " (seed " << campaignSeed
                 << ")\n";
    Child c = runChild(argv, joinPath(n.nightDir, "campaign.log"));
    if (c.exitCode != 0) {
      n.notes.push_back("campaign stopped (" + c.summary +
                        "): see campaign.log; the batches it committed count");
      n.toolFailed = true;
    }
  }
  double campaignSeconds = 0;
  int64_t caseCount = 0;
  std::vector<FailureRow> failures;
  std::vector<SuspectRow> suspects; // golden suspects: listed first
  std::map<std::string, int64_t> rowsPer;
  if (fs::exists(joinPath(campaignDir, "campaign.db"))) {
    auto db = CampaignDB::open(joinPath(campaignDir, "campaign.db"));
    if (!db) {
      llvm::errs() << "error: " << llvm::toString(db.takeError()) << "\n";
      return kToolError;
    }
    if (!fromCampaign.empty())
      if (auto s = (*db)->option("seed"); s && !s->empty())
        (void)StringRef(*s).getAsInteger(10, campaignSeed);
    std::set<int64_t> caseIds;
    double first = 0, last = 0;
    if (auto s = (*db)->option("started"))
      StringRef(*s).getAsDouble(first);
    for (const CaseRow &r : (*db)->cases()) {
      caseIds.insert(r.caseIndex);
      last = std::max(last, r.finishedAt);
      if (!r.signature.empty())
        ++rowsPer[r.signature];
    }
    caseCount = caseIds.size();
    campaignSeconds = first > 0 && last > first ? last - first : 0;
    failures = (*db)->failures();
    suspects = (*db)->goldenSuspects();
    // A report of the campaign itself (its coverage and raw signatures).
    runChild({n.self, "report", campaignDir},
             joinPath(n.nightDir, "campaign-report.log"));
  }

  std::map<std::string, BugRow> bugs = hist.bugs();
  for (auto &[sig, b] : bugs)
    if (StringRef(b.bundle).contains("/reduced/") && !b.rawSignature.empty())
      n.reducedBefore[b.rawSignature] = sig;
  for (auto &[sig, b] : bugs)
    if (b.signatureSource == "localize" && !b.rawSignature.empty()) {
      n.reducedBefore[b.rawSignature] = sig;
      n.localizedBefore.insert(b.rawSignature);
    } else if (b.verdict == "mismatch" && !b.rawSignature.empty()) {
      n.opsSignedBefore[b.rawSignature] = sig;
    }

  // 4. Sign: bundles signed by their op set first (they need the budget to
  // be reduced), then the others.
  llvm::errs() << "signing " << failures.size() << " bundles\n";
  auto needsOps = [](const FailureRow &f) {
    return f.verdict == "mismatch" || StringRef(f.verdict).starts_with("runtime-") ||
           f.verdict == "compile-timeout" || f.verdict == "compiler-crash" ||
           f.verdict == "compiler-oom";
  };
  std::stable_partition(failures.begin(), failures.end(), needsOps);
  for (const FailureRow &f : failures)
    n.signBundle(f, rowsPer[f.signature], campaignDir);
  n.mergeSubsumed();

  // 5. Compare with the history.
  std::map<std::string, std::string> renamed; // old signature -> new
  for (auto &[sig, f] : n.findings) {
    if (f.source == "corpus")
      continue;
    auto it = bugs.find(sig);
    const KnownIssue *k =
        findKnownIssue(n.known, sig, f.rawSignature, f.verdict);
    if (k) {
      f.issueUrl = k->url;
      f.issueTitle = k->title;
    }
    // Signed by its reduced program's op set on an earlier night, by the
    // guilty dispatch tonight: the same bug under its new name.
    if (it == bugs.end() && !f.formerSignature.empty()) {
      auto old = bugs.find(f.formerSignature);
      if (old != bugs.end() && !n.findings.count(f.formerSignature)) {
        it = old;
        renamed[f.formerSignature] = sig;
        f.note = "signed `" + f.formerSignature +
                 "` (its reduced program's op set) before";
      }
    }
    if (it == bugs.end()) {
      f.status = k ? "known" : "new";
      f.firstNight = n.id;
    } else {
      f.status = it->second.status == "fixed" ? "regressed" : "known";
      f.firstNight = it->second.firstNight;
    }
  }
  // Open signatures not seen tonight: re-run their bundles to tell fixed
  // from not hit.
  for (auto &[sig, b] : bugs) {
    if (b.status != "open" || n.findings.count(sig) || renamed.count(sig))
      continue;
    Finding f;
    f.signature = sig;
    f.source = "history";
    f.verdict = b.verdict;
    f.rawSignature = b.rawSignature;
    f.bundle = b.bundle;
    f.firstNight = b.firstNight;
    llvm::SmallVector<StringRef> ts;
    StringRef(b.targets).split(ts, ',', -1, false);
    for (StringRef t : ts)
      f.targets.insert(t.str());
    if (const KnownIssue *k =
            findKnownIssue(n.known, sig, b.rawSignature, b.verdict)) {
      f.issueUrl = k->url;
      f.issueTitle = k->title;
    }
    std::string bdir = underDir(n.dir, b.bundle);
    auto r = rerunBundle(bdir, joinPath(n.nightDir, "work", "rerun"),
                         n.settings);
    if (!r) {
      f.status = "known";
      f.note = "not seen tonight; its bundle could not be re-run: " +
               llvm::toString(r.takeError());
    } else if (r->toolError) {
      f.status = "known";
      f.note = "not seen tonight; re-run: " + r->words;
      n.toolFailed = true;
    } else if (r->reproduces) {
      f.status = "known";
      f.note = "not hit tonight; its bundle still fails the same way";
    } else if (r->passes) {
      f.status = "fixed";
      f.note = "its bundle " + r->words + " with this IREE";
    } else {
      f.status = "known";
      f.note = "not seen tonight; its bundle: " + r->words;
    }
    n.findings[sig] = std::move(f);
  }

  // New compile failures were signed without reduction (their root op is
  // at the error's location); reduce their bundles too while the budget
  // lasts, so that the issue draft shows the small program.
  for (auto &[sig, f] : n.findings) {
    if (f.status != "new" || f.reduced || f.source != "campaign" ||
        !StringRef(f.verdict).starts_with("compile") || !n.budgetLeft())
      continue;
    if (auto v = readVerdict(underDir(n.dir, f.bundle)))
      if (v->getNumber("compile_seconds").value_or(0) * 8 > n.reduceEach)
        continue;
    std::string red = n.reduce(underDir(n.dir, f.bundle));
    if (red.empty())
      continue;
    auto rv = readVerdict(red);
    auto rp = readFile(joinPath(red, "program.mlir"));
    if (!rv || !rp) {
      if (!rp)
        llvm::consumeError(rp.takeError());
      continue;
    }
    std::string again = n.signDir(red, *rv, *rp);
    if (again == sig) {
      f.bundle = relativeTo(n.dir, red);
      f.reduced = true;
    } else {
      f.note = "its reduced program signs as `" + again + "`";
    }
  }

  // Every vulkan signature is attributed before it is reported: lavapipe's
  // own bugs and limits are never filed against IREE (Attribution.h).
  for (auto &[sig, f] : n.findings) {
    if (f.source != "campaign" || f.bundle.empty() ||
        (f.verdict != "mismatch" && f.verdict != "undecided"))
      continue;
    std::string bdir = underDir(n.dir, f.bundle);
    auto v = readVerdict(bdir);
    if (!v || !StringRef(v->getString("target").value_or("")).starts_with(
                  "vulkan"))
      continue;
    std::string log = joinPath(n.nightDir, "attribution",
                               path::filename(f.bundle).str() + ".log");
    fs::create_directories(path::parent_path(log));
    std::vector<std::string> argv = {n.self, "attribute", bdir};
    argv.insert(argv.end(), n.childCommon.begin(), n.childCommon.end());
    Child c = runChild(argv, log, 1800);
    auto text = readFile(joinPath(bdir, "attribution.json"));
    if (c.exitCode != 0 || !text) {
      if (!text)
        llvm::consumeError(text.takeError());
      f.attribution = "not attributed (" + c.summary + ")";
      continue;
    }
    if (auto j = llvm::json::parse(*text)) {
      if (const llvm::json::Object *o = j->getAsObject())
        f.attribution = o->getString("conclusion").value_or("?").str();
    } else {
      llvm::consumeError(j.takeError());
    }
  }

  // Issue drafts for new bugs nobody has filed (an executor-suspect is
  // not IREE's: no draft).
  for (auto &[sig, f] : n.findings)
    if ((f.status == "new" || f.status == "regressed") && f.issueUrl.empty() &&
        f.source == "campaign" && !f.bundle.empty() &&
        f.attribution != kAttribExecutor) {
      std::string draft = joinPath(n.nightDir, "issues",
                                   path::filename(f.bundle).str() + ".md");
      fs::create_directories(path::parent_path(draft));
      Child c = runChild({n.self, "report", "--issue", underDir(n.dir, f.bundle),
                          "--out=" + draft},
                         draft + ".log");
      if (c.exitCode == 0)
        f.issueDraft = relativeTo(n.dir, draft);
    }

  // 6. Record the night.
  int64_t newCount = 0, regressedCount = 0, fixedCount = 0, knownCount = 0;
  for (auto &[sig, f] : n.findings) {
    newCount += f.status == "new";
    regressedCount += f.status == "regressed";
    fixedCount += f.status == "fixed";
    knownCount += f.status == "known";
  }
  double minutes = campaignSeconds / 60;
  NightRow tonight;
  tonight.id = n.id;
  tonight.started = started;
  tonight.minutes = minutes;
  tonight.cases = caseCount;
  tonight.casesPerMinute = minutes > 0 ? caseCount / minutes : 0;
  tonight.newBugs = newCount;
  tonight.regressed = regressedCount;
  tonight.fixed = fixedCount;
  tonight.ireeVersion = version;
  llvm::Error dbErr = hist.exec("BEGIN");
  for (auto &[old, now] : renamed) {
    if (!dbErr)
      dbErr = hist.query("UPDATE bugs SET signature = ?2 WHERE signature = ?1",
                         {old, now});
    if (!dbErr)
      dbErr = hist.query(
          "UPDATE sightings SET signature = ?2 WHERE signature = ?1", {old, now});
  }
  for (auto &[sig, f] : n.findings) {
    if (f.source == "corpus")
      continue;
    std::string status = f.status == "fixed" ? "fixed" : "open";
    std::string targetsText = llvm::join(f.targets, ",");
    if (!dbErr)
      dbErr = hist.query(
          "INSERT INTO bugs(signature, status, first_night, last_seen, "
          "fixed_night, verdict, targets, bundle, raw_signature, "
          "signature_source) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?12) "
          "ON CONFLICT(signature) DO UPDATE "
          "SET status = ?2, last_seen = CASE WHEN ?10 = 'seen' THEN ?4 ELSE "
          "last_seen END, fixed_night = ?5, targets = ?7, bundle = CASE WHEN "
          "?10 = 'seen' AND (bundle IS NULL OR ?11 = '1') THEN ?8 ELSE bundle "
          "END, raw_signature = CASE WHEN ?10 = 'seen' AND ?12 = 'localize' "
          "THEN ?9 ELSE raw_signature END, signature_source = CASE WHEN ?10 "
          "= 'seen' AND ?12 <> '' THEN ?12 ELSE signature_source END",
          {sig, status, std::to_string(f.firstNight), std::to_string(n.id),
           status == "fixed" ? std::to_string(n.id) : "0", f.verdict,
           targetsText, f.bundle, f.rawSignature,
           f.source == "campaign" ? "seen" : "rerun",
           f.reduced || f.signatureSource == "localize" ? "1" : "0",
           f.signatureSource});
    if (!dbErr)
      dbErr = hist.query("INSERT OR REPLACE INTO sightings(night, signature, "
                         "status, count, bundle) VALUES(?1, ?2, ?3, ?4, ?5)",
                         {std::to_string(n.id), sig, f.status,
                          std::to_string(f.rows), f.bundle});
  }
  int64_t open = 0;
  for (auto &[sig, f] : n.findings)
    open += f.source != "corpus" && f.status != "fixed";
  tonight.open = open;
  if (!dbErr)
    dbErr = hist.query(
        "INSERT INTO nights(id, started, minutes, cases, cases_per_minute, "
        "open, new, regressed, fixed, iree_version, dir) VALUES(?1, ?2, ?3, "
        "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        {std::to_string(n.id), llvm::formatv("{0:f3}", started).str(),
         llvm::formatv("{0:f3}", minutes).str(), std::to_string(caseCount),
         llvm::formatv("{0:f3}", tonight.casesPerMinute).str(),
         std::to_string(open), std::to_string(newCount),
         std::to_string(regressedCount), std::to_string(fixedCount), version,
         relativeTo(n.dir, n.nightDir)});
  if (!dbErr)
    dbErr = hist.exec("COMMIT");
  if (dbErr) {
    llvm::errs() << "error: " << llvm::toString(std::move(dbErr)) << "\n";
    return kToolError;
  }

  // 7. The report, JUnit XML and the trend chart.
  static const char *const kOrder[] = {"regressed", "new", "fixed", "known"};
  std::vector<const Finding *> sorted;
  for (const char *st : kOrder)
    for (auto &[sig, f] : n.findings)
      if (f.status == st)
        sorted.push_back(&f);
  std::vector<NightRow> nights = hist.nights();
  std::string svg = trendChart(nights);
  llvm::consumeError(writeFile(joinPath(n.nightDir, "trend.svg"), svg));

  auto issueText = [&](const Finding &f) {
    if (!f.issueUrl.empty())
      return f.issueUrl + (f.issueTitle.empty() ? "" : " (" + f.issueTitle + ")");
    if (!f.issueTitle.empty())
      return "known-issues.toml: " + f.issueTitle;
    if (!f.issueDraft.empty())
      return "draft: " + f.issueDraft;
    return std::string("-");
  };
  auto whatText = [&](const Finding &f) {
    std::string s = f.detail;
    if (s.size() > 160)
      s = s.substr(0, 157) + "...";
    std::string tags;
    if (!f.attribution.empty())
      tags += "attribution: " + f.attribution + "; ";
    if (f.reduced)
      tags += "reduced; ";
    if (f.unreduced)
      tags += "unreduced (op set of the whole program); ";
    if (!f.signatureSource.empty())
      tags += "signature_source: " + f.signatureSource +
              (f.sourceNote.empty() ? "" : " (" + f.sourceNote + ")") + "; ";
    if (!f.note.empty())
      tags += f.note + "; ";
    if (!tags.empty())
      s = "[" + StringRef(tags).drop_back(2).str() + "] " + s;
    return s;
  };
  std::string md;
  llvm::raw_string_ostream os(md);
  os << "# Nightly " << n.id << ": " << newCount << " new, " << regressedCount
     << " regressed, " << fixedCount << " fixed, " << knownCount
     << " known\n\n";
  // The golden is audited before IREE is blamed: cases where every target
  // that ran agreed bit for bit against the interpreter (docs/nightly.md).
  if (!suspects.empty()) {
    os << "## Golden suspects: " << suspects.size()
       << " (audit these first)\n\nEvery IREE target that ran each case "
          "agreed with the others bit for bit, and all disagreed with the "
          "interpreter's golden. Each stays a mismatch below until "
          "audited.\n\n| case | targets | signature | bundle |\n"
          "|---|---|---|---|\n";
    for (const SuspectRow &g : suspects)
      os << "| " << g.caseIndex << g.variant << " | " << mdCell(g.targets)
         << " | `" << mdCell(g.signature) << "` | "
         << mdCell(relativeTo(n.dir, joinPath(campaignDir, g.bundle)))
         << " |\n";
    os << "\n## Signatures\n\n";
  }
  os << "| status | signature | targets | rows | first night | issue | "
        "what | bundle |\n|---|---|---|---|---|---|---|---|\n";
  for (const Finding *f : sorted)
    os << "| " << f->status << " | `" << mdCell(f->signature) << "` | "
       << mdCell(llvm::join(f->targets, ", ")) << " | " << f->rows << " | "
       << (f->firstNight ? std::to_string(f->firstNight) : "-") << " | "
       << mdCell(issueText(*f)) << " | " << mdCell(whatText(*f)) << " | "
       << mdCell(f->bundle) << " |\n";
  if (sorted.empty())
    os << "| - | no failures | | | | | | |\n";
  os << "\n## The night\n\n"
     << "- IREE: " << version << "\n"
     << "- targets: " << targets << "\n"
     << llvm::formatv("- campaign: {0} cases in {1:f1} min ({2:f1} cases/min), "
                      "seed {3}; {4} bundles; report: {5}\n",
                      caseCount, minutes, tonight.casesPerMinute,
                      campaignSeed, failures.size(),
                      relativeTo(n.dir, joinPath(campaignDir, "report.md")))
     << llvm::formatv("- reduction: {0} of {1} tried reduced in {2:f0} s "
                      "(budget {3:f0} s, {4:f0} s each)\n",
                      n.reducedCount, n.reduceTried, n.reduceUsed,
                      n.reduceBudget, n.reduceEach)
     << llvm::formatv("- localize: {0} of {1} mismatch bundles signed by "
                      "their guilty dispatch\n",
                      n.localized, n.localizeTried)
     << "- open signatures: " << open << "\n"
     << "- golden suspects: " << suspects.size() << "\n";
  for (const std::string &note : n.notes)
    os << "- " << note << "\n";
  os << "\n![cases per minute and open signatures](trend.svg)\n\n"
     << "| night | IREE | cases | cases/min | open | new | regressed | fixed "
        "|\n|---|---|---|---|---|---|---|---|\n";
  for (const NightRow &r : nights)
    os << llvm::formatv("| {0} | {1} | {2} | {3:f1} | {4} | {5} | {6} | {7} "
                        "|\n",
                        r.id, mdCell(r.ireeVersion), r.cases,
                        r.casesPerMinute, r.open, r.newBugs, r.regressed,
                        r.fixed);
  os.flush();
  llvm::consumeError(writeFile(joinPath(n.nightDir, "nightly.md"), md));

  std::string page;
  llvm::raw_string_ostream hs(page);
  hs << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Nightly "
     << n.id << "</title><style>body{font-family:sans-serif}table{border-"
        "collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;"
        "vertical-align:top}.new,.regressed{background:#fdd}.fixed{"
        "background:#dfd}</style></head><body>";
  hs << "<h1>Nightly " << n.id << ": " << newCount << " new, "
     << regressedCount << " regressed, " << fixedCount << " fixed, "
     << knownCount << " known</h1>";
  if (!suspects.empty()) {
    hs << "<h2>Golden suspects: " << suspects.size()
       << " (audit these first)</h2><table id=\"golden-suspects\"><tr><th>"
          "case</th><th>targets</th><th>signature</th><th>bundle</th></tr>";
    for (const SuspectRow &g : suspects)
      hs << "<tr><td>" << g.caseIndex << html(g.variant) << "</td><td>"
         << html(g.targets) << "</td><td><code>" << html(g.signature)
         << "</code></td><td>"
         << html(relativeTo(n.dir, joinPath(campaignDir, g.bundle)))
         << "</td></tr>";
    hs << "</table>";
  }
  hs << "<table id=\"signatures\"><tr><th>status</th><th>signature</th><th>"
        "targets</th><th>rows</th><th>first night</th><th>issue</th><th>"
        "what</th><th>bundle</th></tr>";
  for (const Finding *f : sorted) {
    std::string issue = f->issueUrl.empty()
                            ? html(issueText(*f))
                            : "<a href=\"" + html(f->issueUrl) + "\">" +
                                  html(issueText(*f)) + "</a>";
    hs << "<tr class=\"" << f->status << "\"><td>" << f->status
       << "</td><td><code>" << html(f->signature) << "</code></td><td>"
       << html(llvm::join(f->targets, ", ")) << "</td><td>" << f->rows
       << "</td><td>" << f->firstNight << "</td><td>" << issue << "</td><td>"
       << html(whatText(*f)) << "</td><td>" << html(f->bundle)
       << "</td></tr>";
  }
  hs << "</table><h2>The night</h2><ul><li>IREE: " << html(version)
     << "</li><li>"
     << llvm::formatv("{0} cases in {1:f1} min ({2:f1} cases/min), seed {3}",
                      caseCount, minutes, tonight.casesPerMinute,
                      campaignSeed)
     << "</li>";
  for (const std::string &note : n.notes)
    hs << "<li>" << html(note) << "</li>";
  hs << "</ul>" << svg << "</body></html>\n";
  hs.flush();
  llvm::consumeError(writeFile(joinPath(n.nightDir, "nightly.html"), page));

  std::string junit;
  llvm::raw_string_ostream js(junit);
  int64_t failing = newCount + regressedCount;
  js << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<testsuites><testsuite name=\"difftest-nightly\" tests=\""
     << sorted.size() << "\" failures=\"" << failing << "\" errors=\""
     << (n.toolFailed ? 1 : 0) << "\">\n";
  for (const Finding *f : sorted) {
    js << "  <testcase classname=\"" << xml(f->source + "." + f->verdict)
       << "\" name=\"" << xml(f->signature) << "\">";
    if (f->status == "new" || f->status == "regressed")
      js << "<failure type=\"" << f->status << "\" message=\""
         << xml(f->status + ": " + f->detail) << "\">" << xml(f->bundle)
         << "</failure>";
    js << "<system-out>" << xml(f->status + "; " + issueText(*f))
       << "</system-out></testcase>\n";
  }
  if (n.toolFailed) {
    js << "  <testcase classname=\"nightly\" name=\"environment\"><error "
          "message=\"a tool failed\">"
       << xml(llvm::join(n.notes, "\n")) << "</error></testcase>\n";
  }
  js << "</testsuite></testsuites>\n";
  js.flush();
  llvm::consumeError(writeFile(joinPath(n.nightDir, "junit.xml"), junit));
  fs::remove_directories(joinPath(n.nightDir, "work"));

  llvm::outs() << llvm::formatv("night {0}: {1} new, {2} regressed, {3} "
                                "fixed, {4} known\n",
                                n.id, newCount, regressedCount, fixedCount,
                                knownCount);
  llvm::outs() << "report: " << joinPath(n.nightDir, "nightly.md") << "\n";
  if (failing > 0)
    return kFail;
  if (n.toolFailed)
    return kToolError;
  return kPass;
}

} // namespace ref::difftest
