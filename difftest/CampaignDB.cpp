//===- CampaignDB.cpp - A campaign's SQLite database ----------------------===//

#include "difftest/CampaignDB.h"

#include <sqlite3.h>

#include <limits>

namespace ref::difftest {

using llvm::StringRef;

namespace {

const char *kSchema = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS options (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS batches (idx INTEGER PRIMARY KEY, done_at REAL);
CREATE TABLE IF NOT EXISTS unfinished (idx INTEGER PRIMARY KEY,
  stopped_at REAL, reason TEXT);
CREATE TABLE IF NOT EXISTS cases (
  case_index INTEGER, target TEXT, seed INTEGER, program_hash TEXT,
  features TEXT, verdict TEXT, signature TEXT, detail TEXT,
  interp_s REAL, compile_s REAL, run_s REAL, batch INTEGER,
  opt_level TEXT, flags TEXT, finished_at REAL,
  PRIMARY KEY (case_index, target));
CREATE TABLE IF NOT EXISTS coverage (
  feature TEXT PRIMARY KEY, first_case INTEGER, first_function TEXT,
  batch INTEGER);
CREATE INDEX IF NOT EXISTS coverage_first ON coverage (first_case,
  first_function);
CREATE TABLE IF NOT EXISTS queue (
  case_index INTEGER, function TEXT, batch INTEGER, program TEXT,
  origin TEXT, PRIMARY KEY (case_index, function));
CREATE TABLE IF NOT EXISTS failures (
  signature TEXT PRIMARY KEY, verdict TEXT, target TEXT, first_case INTEGER,
  bundle TEXT, first_seen REAL);
CREATE TABLE IF NOT EXISTS golden_suspects (
  case_index INTEGER, variant TEXT, targets TEXT, signature TEXT,
  bundle TEXT, detail TEXT, PRIMARY KEY (case_index, variant));
)sql";

/// A feature reached by (case, function) in a batch: kept when it is new or
/// when this case comes first (case index, then function name).
const char *kUpsertFeature =
    "INSERT INTO coverage VALUES (?1, ?2, ?3, ?4) ON CONFLICT (feature) DO "
    "UPDATE SET first_case = excluded.first_case, first_function = "
    "excluded.first_function, batch = excluded.batch WHERE "
    "(excluded.first_case, excluded.first_function) < (first_case, "
    "first_function)";

/// A prepared statement, finalized on scope exit.
struct Stmt {
  sqlite3_stmt *s = nullptr;
  Stmt(sqlite3 *db, StringRef sql) {
    sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &s,
                       nullptr);
  }
  ~Stmt() { sqlite3_finalize(s); }
  explicit operator bool() const { return s != nullptr; }
  void bind(int i, StringRef v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
  }
  void bind(int i, int64_t v) { sqlite3_bind_int64(s, i, v); }
  void bind(int i, double v) { sqlite3_bind_double(s, i, v); }
  std::string text(int i) {
    const unsigned char *t = sqlite3_column_text(s, i);
    return t ? reinterpret_cast<const char *>(t) : "";
  }
  int64_t integer(int i) { return sqlite3_column_int64(s, i); }
  double real(int i) { return sqlite3_column_double(s, i); }
};

} // namespace

CampaignDB::~CampaignDB() { sqlite3_close(db); }

llvm::Error CampaignDB::error(StringRef what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "campaign database: " + what + ": " +
                                     sqlite3_errmsg(db));
}

llvm::Error CampaignDB::exec(StringRef sql) {
  char *msg = nullptr;
  std::string s = sql.str();
  if (sqlite3_exec(db, s.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string m = msg ? msg : "?";
    sqlite3_free(msg);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "campaign database: " + m);
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<CampaignDB>> CampaignDB::open(StringRef path) {
  sqlite3 *db = nullptr;
  std::string p = path.str();
  if (sqlite3_open(p.c_str(), &db) != SQLITE_OK) {
    std::string m = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + m);
  }
  sqlite3_busy_timeout(db, 10000);
  std::unique_ptr<CampaignDB> c(new CampaignDB(db));
  if (llvm::Error e = c->exec(kSchema))
    return std::move(e);
  return c;
}

llvm::Error CampaignDB::setOption(StringRef key, StringRef value) {
  std::lock_guard<std::mutex> lock(mutex);
  Stmt st(db, "INSERT OR REPLACE INTO options VALUES (?, ?)");
  st.bind(1, key);
  st.bind(2, value);
  if (sqlite3_step(st.s) != SQLITE_DONE)
    return error("setting an option");
  return llvm::Error::success();
}

std::optional<std::string> CampaignDB::option(StringRef key) {
  std::lock_guard<std::mutex> lock(mutex);
  Stmt st(db, "SELECT value FROM options WHERE key = ?");
  st.bind(1, key);
  if (sqlite3_step(st.s) == SQLITE_ROW)
    return st.text(0);
  return std::nullopt;
}

std::set<int64_t> CampaignDB::doneBatches() {
  std::lock_guard<std::mutex> lock(mutex);
  std::set<int64_t> out;
  Stmt st(db, "SELECT idx FROM batches");
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out.insert(st.integer(0));
  return out;
}

std::set<std::string> CampaignDB::knownSignatures() {
  std::lock_guard<std::mutex> lock(mutex);
  std::set<std::string> out;
  Stmt st(db, "SELECT signature FROM failures");
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out.insert(st.text(0));
  return out;
}

llvm::Error CampaignDB::markUnfinished(int64_t batch, StringRef reason) {
  std::lock_guard<std::mutex> lock(mutex);
  Stmt st(db, "INSERT OR REPLACE INTO unfinished VALUES "
              "(?, strftime('%s','now'), ?)");
  st.bind(1, batch);
  st.bind(2, reason);
  if (sqlite3_step(st.s) != SQLITE_DONE)
    return error("noting an unfinished batch");
  return llvm::Error::success();
}

std::map<int64_t, std::string> CampaignDB::unfinishedBatches() {
  std::lock_guard<std::mutex> lock(mutex);
  std::map<int64_t, std::string> out;
  Stmt st(db, "SELECT idx, reason FROM unfinished ORDER BY idx");
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out[st.integer(0)] = st.text(1);
  return out;
}

llvm::Error CampaignDB::commitBatch(int64_t batch, llvm::ArrayRef<CaseRow> rows,
                                    llvm::ArrayRef<FailureRow> failures,
                                    llvm::ArrayRef<SuspectRow> suspects,
                                    const BatchCoverage *coverage) {
  std::lock_guard<std::mutex> lock(mutex);
  if (llvm::Error e = exec("BEGIN IMMEDIATE"))
    return e;
  auto fail = [&](StringRef what) {
    llvm::Error e = error(what);
    llvm::consumeError(exec("ROLLBACK"));
    return e;
  };
  for (const CaseRow &r : rows) {
    Stmt st(db, "INSERT OR REPLACE INTO cases VALUES "
                "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    st.bind(1, r.caseIndex);
    st.bind(2, r.target);
    st.bind(3, static_cast<int64_t>(r.seed));
    st.bind(4, r.programHash);
    st.bind(5, r.features);
    st.bind(6, r.verdict);
    st.bind(7, r.signature);
    st.bind(8, r.detail);
    st.bind(9, r.interpSeconds);
    st.bind(10, r.compileSeconds);
    st.bind(11, r.runSeconds);
    st.bind(12, r.batch);
    st.bind(13, r.optLevel);
    st.bind(14, r.flags);
    st.bind(15, r.finishedAt);
    if (sqlite3_step(st.s) != SQLITE_DONE)
      return fail("writing a case");
  }
  for (const FailureRow &f : failures) {
    Stmt st(db, "INSERT OR IGNORE INTO failures VALUES (?,?,?,?,?,?)");
    st.bind(1, f.signature);
    st.bind(2, f.verdict);
    st.bind(3, f.target);
    st.bind(4, f.firstCase);
    st.bind(5, f.bundle);
    st.bind(6, f.firstSeen);
    if (sqlite3_step(st.s) != SQLITE_DONE)
      return fail("writing a failure");
  }
  for (const SuspectRow &g : suspects) {
    Stmt st(db, "INSERT OR REPLACE INTO golden_suspects VALUES (?,?,?,?,?,?)");
    st.bind(1, g.caseIndex);
    st.bind(2, g.variant);
    st.bind(3, g.targets);
    st.bind(4, g.signature);
    st.bind(5, g.bundle);
    st.bind(6, g.detail);
    if (sqlite3_step(st.s) != SQLITE_DONE)
      return fail("writing a golden suspect");
  }
  if (coverage) {
    // Each feature keeps its first (case, function); a batch that commits
    // after a later one takes over the features both reached.
    for (const CoverageHit &h : coverage->hits) {
      Stmt st(db, kUpsertFeature);
      st.bind(1, h.feature);
      st.bind(2, h.caseIndex);
      st.bind(3, h.function);
      st.bind(4, batch);
      if (sqlite3_step(st.s) != SQLITE_DONE)
        return fail("writing coverage");
    }
    for (const auto &[key, program] : coverage->programs) {
      Stmt first(db, "SELECT 1 FROM coverage WHERE first_case = ? AND "
                     "first_function = ? LIMIT 1");
      first.bind(1, key.first);
      first.bind(2, key.second);
      if (sqlite3_step(first.s) != SQLITE_ROW)
        continue;
      Stmt st(db, "INSERT OR REPLACE INTO queue VALUES (?,?,?,?,'')");
      st.bind(1, key.first);
      st.bind(2, key.second);
      st.bind(3, batch);
      st.bind(4, program);
      if (sqlite3_step(st.s) != SQLITE_DONE)
        return fail("writing the guided queue");
    }
  }
  Stmt st(db, "INSERT OR REPLACE INTO batches VALUES (?, strftime('%s','now'))");
  st.bind(1, batch);
  if (sqlite3_step(st.s) != SQLITE_DONE)
    return fail("marking a batch done");
  Stmt un(db, "DELETE FROM unfinished WHERE idx = ?");
  un.bind(1, batch);
  if (sqlite3_step(un.s) != SQLITE_DONE)
    return fail("forgetting an unfinished batch");
  if (llvm::Error e = exec("COMMIT")) {
    // A failed COMMIT (SQLITE_FULL, an I/O error) may leave the transaction
    // open: roll it back so that the batch is all or nothing.
    if (!sqlite3_get_autocommit(db))
      llvm::consumeError(exec("ROLLBACK"));
    return e;
  }
  return llvm::Error::success();
}

std::vector<CaseRow> CampaignDB::cases() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<CaseRow> out;
  Stmt st(db, "SELECT * FROM cases ORDER BY case_index, target");
  while (sqlite3_step(st.s) == SQLITE_ROW) {
    CaseRow r;
    r.caseIndex = st.integer(0);
    r.target = st.text(1);
    r.seed = static_cast<uint64_t>(st.integer(2));
    r.programHash = st.text(3);
    r.features = st.text(4);
    r.verdict = st.text(5);
    r.signature = st.text(6);
    r.detail = st.text(7);
    r.interpSeconds = st.real(8);
    r.compileSeconds = st.real(9);
    r.runSeconds = st.real(10);
    r.batch = st.integer(11);
    r.optLevel = st.text(12);
    r.flags = st.text(13);
    r.finishedAt = st.real(14);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<FailureRow> CampaignDB::failures() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<FailureRow> out;
  Stmt st(db, "SELECT * FROM failures ORDER BY first_seen, signature");
  while (sqlite3_step(st.s) == SQLITE_ROW) {
    FailureRow f;
    f.signature = st.text(0);
    f.verdict = st.text(1);
    f.target = st.text(2);
    f.firstCase = st.integer(3);
    f.bundle = st.text(4);
    f.firstSeen = st.real(5);
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<SuspectRow> CampaignDB::goldenSuspects() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<SuspectRow> out;
  Stmt st(db, "SELECT * FROM golden_suspects ORDER BY case_index, variant");
  while (sqlite3_step(st.s) == SQLITE_ROW) {
    SuspectRow g;
    g.caseIndex = st.integer(0);
    g.variant = st.text(1);
    g.targets = st.text(2);
    g.signature = st.text(3);
    g.bundle = st.text(4);
    g.detail = st.text(5);
    out.push_back(std::move(g));
  }
  return out;
}

llvm::Error CampaignDB::mergeFrom(StringRef otherPath) {
  std::string attach = "ATTACH DATABASE '";
  for (char c : otherPath)
    attach += c == '\'' ? std::string("''") : std::string(1, c);
  attach += "' AS other";
  std::lock_guard<std::mutex> lock(mutex);
  if (llvm::Error e = exec(attach))
    return e;
  llvm::Error e = exec("BEGIN IMMEDIATE;"
                       "INSERT OR IGNORE INTO cases SELECT * FROM other.cases;"
                       "INSERT OR IGNORE INTO failures SELECT * FROM "
                       "other.failures;"
                       "INSERT OR IGNORE INTO golden_suspects SELECT * FROM "
                       "other.golden_suspects;"
                       "INSERT INTO coverage SELECT * FROM other.coverage "
                       "WHERE true ON CONFLICT (feature) DO UPDATE SET "
                       "first_case = excluded.first_case, first_function = "
                       "excluded.first_function, batch = excluded.batch "
                       "WHERE (excluded.first_case, excluded.first_function)"
                       " < (first_case, first_function);"
                       "INSERT OR IGNORE INTO queue SELECT * FROM "
                       "other.queue;"
                       "COMMIT;");
  llvm::consumeError(exec("DETACH DATABASE other"));
  return e;
}

std::vector<QueueEntry> CampaignDB::guidedQueue(int64_t maxBatch) {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<QueueEntry> out;
  Stmt st(db, "SELECT case_index, function, batch, program, origin FROM "
              "queue q WHERE batch <= ? AND EXISTS (SELECT 1 FROM coverage c "
              "WHERE c.first_case = q.case_index AND c.first_function = "
              "q.function) ORDER BY case_index, function");
  st.bind(1, maxBatch);
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out.push_back({st.integer(0), st.integer(2), st.text(1), st.text(3),
                   st.text(4)});
  return out;
}

GuidedHistory CampaignDB::guidedHistory(int64_t maxBatch) {
  std::lock_guard<std::mutex> lock(mutex);
  GuidedHistory h;
  // A mutant has a row per target (or one when rejected), each with the
  // same features: one per case index.
  Stmt m(db, "SELECT case_index, MIN(features) FROM cases WHERE batch >= 0 "
             "AND batch <= ? AND features LIKE '%\"parent_case\"%' GROUP BY "
             "case_index ORDER BY case_index");
  m.bind(1, maxBatch);
  while (sqlite3_step(m.s) == SQLITE_ROW)
    h.mutants.push_back({m.integer(0), m.text(1)});
  Stmt g(db, "SELECT case_index, MIN(features) FROM cases WHERE batch >= 0 "
             "AND batch <= ? AND features NOT LIKE '%\"parent_case\"%' "
             "GROUP BY case_index ORDER BY case_index");
  g.bind(1, maxBatch);
  while (sqlite3_step(g.s) == SQLITE_ROW)
    h.generated.push_back({g.integer(0), g.text(1)});
  // A case's rows are per target, each with the flags its target got: a
  // batch flag of one backend leaves the other targets' rows without it.
  // The batch's is the longest (one flag per batch at most).
  Stmt fl(db, "SELECT case_index, MAX(COALESCE(flags, '')) FROM cases "
              "WHERE batch >= 0 AND batch <= ? GROUP BY case_index");
  fl.bind(1, maxBatch);
  while (sqlite3_step(fl.s) == SQLITE_ROW)
    h.batchFlags[fl.integer(0)] = fl.text(1);
  Stmt cost(db, "SELECT case_index, SUM(CASE WHEN verdict IN "
                "('compiler-oom', 'compile-timeout', 'runtime-timeout') "
                "THEN 1 ELSE 0 END) FROM cases WHERE batch >= 0 AND batch "
                "<= ? GROUP BY case_index");
  cost.bind(1, maxBatch);
  while (sqlite3_step(cost.s) == SQLITE_ROW)
    h.caseCost[cost.integer(0)] = 1 + kHeavyRowCost * double(cost.integer(1));
  Stmt f(db, "SELECT first_case, COUNT(*) FROM coverage WHERE batch <= ? "
             "GROUP BY first_case");
  f.bind(1, maxBatch);
  while (sqlite3_step(f.s) == SQLITE_ROW)
    h.firstTo[f.integer(0)] = f.integer(1);
  return h;
}

std::pair<int64_t, int64_t> CampaignDB::coverageCounts() {
  std::lock_guard<std::mutex> lock(mutex);
  Stmt f(db, "SELECT COUNT(*) FROM coverage");
  Stmt q(db, "SELECT COUNT(*) FROM queue q WHERE EXISTS (SELECT 1 FROM "
             "coverage c WHERE c.first_case = q.case_index AND "
             "c.first_function = q.function)");
  int64_t nf = sqlite3_step(f.s) == SQLITE_ROW ? f.integer(0) : 0;
  int64_t nq = sqlite3_step(q.s) == SQLITE_ROW ? q.integer(0) : 0;
  return {nf, nq};
}

std::vector<std::string>
CampaignDB::featuresFirstReachedBy(int64_t caseIndex, StringRef function) {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::string> out;
  Stmt st(db, "SELECT feature FROM coverage WHERE first_case = ? AND "
              "first_function = ? ORDER BY feature");
  st.bind(1, caseIndex);
  st.bind(2, function);
  while (sqlite3_step(st.s) == SQLITE_ROW)
    out.push_back(st.text(0));
  return out;
}

llvm::Expected<int64_t> CampaignDB::seedQueueFrom(StringRef otherPath) {
  auto other = CampaignDB::open(otherPath);
  if (!other)
    return other.takeError();
  std::vector<QueueEntry> entries =
      (*other)->guidedQueue(std::numeric_limits<int64_t>::max());
  std::vector<std::vector<std::string>> features;
  for (const QueueEntry &e : entries)
    features.push_back((*other)->featuresFirstReachedBy(e.caseIndex, e.function));
  std::lock_guard<std::mutex> lock(mutex);
  int64_t lowest = 0;
  {
    Stmt st(db, "SELECT MIN(case_index) FROM queue");
    if (sqlite3_step(st.s) == SQLITE_ROW)
      lowest = std::min<int64_t>(0, st.integer(0));
  }
  if (llvm::Error e = exec("BEGIN IMMEDIATE"))
    return std::move(e);
  auto fail = [&](StringRef what) {
    llvm::Error e = error(what);
    llvm::consumeError(exec("ROLLBACK"));
    return e;
  };
  // Oldest first: the seeded queue keeps the order it had.
  for (auto [k, e] : llvm::enumerate(entries)) {
    int64_t index = lowest - static_cast<int64_t>(entries.size()) +
                    static_cast<int64_t>(k);
    Stmt st(db, "INSERT INTO queue VALUES (?,?,-1,?,?)");
    st.bind(1, index);
    st.bind(2, e.function);
    st.bind(3, e.program);
    st.bind(4, e.origin.empty() ? otherPath.str() : e.origin);
    if (sqlite3_step(st.s) != SQLITE_DONE)
      return fail("seeding the guided queue");
    for (const std::string &f : features[k]) {
      Stmt up(db, kUpsertFeature);
      up.bind(1, f);
      up.bind(2, index);
      up.bind(3, e.function);
      up.bind(4, int64_t(-1));
      if (sqlite3_step(up.s) != SQLITE_DONE)
        return fail("seeding coverage");
    }
  }
  if (llvm::Error e = exec("COMMIT"))
    return std::move(e);
  return static_cast<int64_t>(entries.size());
}

} // namespace ref::difftest
