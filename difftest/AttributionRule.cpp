//===- AttributionRule.cpp - whose fault is a vulkan mismatch? ------------===//
//
// The evidence and the rule that turns it into a conclusion; the re-runs of
// the bundle's case live with triage (TriageCmd.cpp, attributeBundle), which
// already knows how to run a bundle on another configuration.
//
// The rule, in order (docs/gpu.md, "Attribution"):
//  1. A known-executor entry matches: executor-suspect (lavapipe's own bug
//     or limit, with the entry's evidence).
//  2. spirv-val rejects a module for a reason outside the known classes:
//     IREE (SPIR-V codegen). A Vulkan driver may do anything with invalid
//     SPIR-V, so the wrong value is IREE's whatever lavapipe did with it.
//  3. llvm-cpu or vmvx is wrong too: IREE (shared pipeline). The error was
//     made before code generation split (dispatch formation, linalg_ext's
//     scalar lowerings, bufferization ...).
//  4. The result depends on lavapipe's thread count, or differs between two
//     runs of the same module: a race. When a module IREE emitted writes and
//     reads workgroup memory with no OpControlBarrier at all, the race is in
//     the kernel as written (invocations exchange data with nothing ordering
//     the writes before the reads; Vulkan's memory model makes that a data
//     race on every device): IREE (SPIR-V codegen). Otherwise undecided (a
//     barrier IREE left out some other way, or lavapipe's scheduling; one
//     executor cannot tell which).
//  5. Neither CPU target ran to a verdict (both failed otherwise): undecided.
//  6. Otherwise (valid SPIR-V, CPU right, deterministic): IREE (SPIR-V
//     codegen). lavapipe is a conformant Vulkan 1.3 implementation and the
//     only one here, so the report says so; a miscompile by lavapipe's own
//     LLVM JIT would look the same and goes in the known-executor list when
//     one is shown (e.g. by a second driver on a machine that has one).
//
//===----------------------------------------------------------------------===//

#include "difftest/AttributionRule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

using llvm::StringRef;

std::string knownSpirvClass(StringRef message) {
  // IREE's SPIR-V targets say v1.6 (llvmpipe: "spirv:v1.6,..."), and code
  // generation uses 1.4+ forms accordingly, but the serialized module
  // declares the smallest version its ops need (spirv.vce<v1.3, ...> after
  // MLIR's UpdateVCE), below the forms it uses. spirv-val then rejects
  //  - NoSignedWrap/NoUnsignedWrap decorations without
  //    SPV_KHR_no_integer_wrap_decoration (core from 1.4): iree#24724;
  //  - StorageBuffer variables in OpEntryPoint's interface (listed there
  //    from 1.4 on; MLIR's LowerABIAttributes adds them for a >= 1.4
  //    target env): no issue found.
  // Neither changes a value: the decorations only promise no wrap-around,
  // and lavapipe (Vulkan 1.3, SPIR-V up to 1.6) takes both forms.
  if ((message.contains("NoSignedWrap") ||
       message.contains("NoUnsignedWrap")) &&
      message.contains("SPV_KHR_no_integer_wrap_decoration"))
    return "iree#24724 (NoSignedWrap/NoUnsignedWrap without "
           "SPV_KHR_no_integer_wrap_decoration: the module declares SPIR-V "
           "1.3 for a v1.6 target)";
  if (message.contains("OpEntryPoint interfaces must be OpVariables with "
                       "Storage Class of Input(1) or Output(3)"))
    return "SPIR-V version below its forms (a 1.4 entry-point interface in a "
           "module that declares 1.3 for a v1.6 target; no issue found)";
  return "";
}

bool unsyncedWorkgroupMemory(StringRef text) {
  // spirv-dis prints one instruction per line, "%id = OpX operands..." or
  // "OpX operands...". Types and global variables come before the
  // functions, so one pass sees each Workgroup pointer before its uses.
  llvm::StringSet<> wgTypes, wgPointers;
  bool stores = false, loads = false;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef raw : lines) {
    StringRef line = raw.trim();
    StringRef id, inst = line;
    if (line.starts_with("%") && line.contains(" = ")) {
      auto [lhs, rhs] = line.split(" = ");
      id = lhs.trim();
      inst = rhs.trim();
    }
    llvm::SmallVector<StringRef> tok;
    inst.split(tok, ' ', -1, /*KeepEmpty=*/false);
    if (tok.empty())
      continue;
    StringRef op = tok[0];
    if (op == "OpControlBarrier")
      return false;
    if (op == "OpTypePointer" && tok.size() >= 2 && tok[1] == "Workgroup") {
      wgTypes.insert(id);
    } else if ((op == "OpVariable" || op == "OpAccessChain" ||
                op == "OpInBoundsAccessChain" || op == "OpPtrAccessChain" ||
                op == "OpCopyObject" || op == "OpBitcast") &&
               tok.size() >= 2 && wgTypes.contains(tok[1])) {
      wgPointers.insert(id);
    } else if (op == "OpStore" && tok.size() >= 2 &&
               wgPointers.contains(tok[1])) {
      stores = true;
    } else if (op == "OpLoad" && tok.size() >= 3 &&
               wgPointers.contains(tok[2])) {
      loads = true;
    }
  }
  return stores && loads;
}

//===----------------------------------------------------------------------===//
// The rule
//===----------------------------------------------------------------------===//

Attribution decideAttribution(const AttributionEvidence &e) {
  Attribution a;
  auto say = [&](std::string s) { a.reasons.push_back(std::move(s)); };

  if (!e.knownExecutor.empty()) {
    a.conclusion = kAttribExecutor;
    say("matches the known-executor list: " + e.knownExecutor);
    return a;
  }
  if (!e.spirv.invalid.empty()) {
    a.conclusion = kAttribSpirv;
    say("spirv-val rejects " + std::to_string(e.spirv.invalid.size()) +
        " of " + std::to_string(e.spirv.modules) +
        " SPIR-V module(s) IREE emitted: " + e.spirv.invalid.front());
    return a;
  }
  std::vector<std::string> wrongCpu, rightCpu;
  bool cpuSameValues = false;
  for (const NeighbourRun &n : e.cpu) {
    if (n.wrong) {
      wrongCpu.push_back(n.target);
      cpuSameValues |= n.sameValues;
    }
    if (n.passes)
      rightCpu.push_back(n.target);
  }
  if (!wrongCpu.empty()) {
    a.conclusion = kAttribShared;
    say("also wrong on " + llvm::join(wrongCpu, " and ") +
        (cpuSameValues ? ", with the very same output bytes" : "") +
        ": the error is made before SPIR-V code generation");
    return a;
  }
  auto raced = [&](const std::optional<NeighbourRun> &r) {
    return r && (r->passes || (r->wrong && !r->sameValues));
  };
  if (raced(e.oneThread) || raced(e.again)) {
    a.conclusion = kAttribUndecided;
    if (!e.spirv.unsynced.empty()) {
      a.conclusion = kAttribSpirv;
      say(llvm::join(e.spirv.unsynced, ", ") +
          ": the kernel writes and reads workgroup memory (shared by the "
          "workgroup's invocations) with no OpControlBarrier, a data race "
          "under Vulkan's memory model: the barrier IREE left out");
    }
    if (raced(e.oneThread))
      say("with LP_NUM_THREADS=1 lavapipe gives " + e.oneThread->words +
          ": the result depends on the thread count (a race: a barrier IREE "
          "left out, or lavapipe's scheduling)");
    if (raced(e.again))
      say("a second run of the same module gives " + e.again->words +
          ": the result is not deterministic");
    return a;
  }
  if (rightCpu.empty()) {
    a.conclusion = kAttribUndecided;
    std::vector<std::string> what;
    for (const NeighbourRun &n : e.cpu)
      what.push_back(n.target + ": " + n.words);
    say("no CPU target ran to a verdict (" +
        (what.empty() ? std::string("none tried") : llvm::join(what, "; ")) +
        "), so the shared pipeline cannot be cleared");
    return a;
  }
  a.conclusion = kAttribSpirv;
  say(llvm::join(rightCpu, " and ") +
      " compute the golden: the shared pipeline is right");
  if (e.spirv.ran)
    say("spirv-val accepts " +
        (e.spirv.knownInvalid.empty()
             ? std::string("all ")
             : std::string("all but the known class of ")) +
        std::to_string(e.spirv.modules) + " module(s)");
  else
    say("spirv-val did not run (" + e.spirv.note + ")");
  if (e.oneThread)
    say("deterministic: the same wrong output with LP_NUM_THREADS=1" +
        std::string(e.again ? " and on a second run" : ""));
  std::vector<std::string> vk;
  for (const NeighbourRun &n : e.vulkan)
    vk.push_back(n.target + " " + n.words);
  if (!vk.empty())
    say("other vulkan targets: " + llvm::join(vk, "; ") +
        (llvm::any_of(e.vulkan, [](const NeighbourRun &n) { return n.passes; })
             ? " (the same executor runs another kernel configuration of "
               "the program right)"
             : ""));
  say("lavapipe (Mesa's conformant CPU Vulkan) is the only Vulkan "
      "implementation here; a bug of its own would look the same");
  return a;
}

//===----------------------------------------------------------------------===//
// The known-executor list
//===----------------------------------------------------------------------===//

llvm::Expected<std::vector<KnownExecutorEntry>>
readKnownExecutor(StringRef file) {
  std::vector<KnownExecutorEntry> out;
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf)
    return llvm::createStringError(file + ": " + buf.getError().message());
  auto v = llvm::json::parse((*buf)->getBuffer());
  if (!v)
    return llvm::createStringError(file + ": " +
                                   llvm::toString(v.takeError()));
  const llvm::json::Object *root = v->getAsObject();
  const llvm::json::Array *entries = root ? root->getArray("entries") : nullptr;
  if (!entries)
    return llvm::createStringError(file + ": expected {\"entries\": [...]}");
  for (auto [i, ev] : llvm::enumerate(*entries)) {
    std::string where = (file + ": entries[" + llvm::Twine(i) + "]").str();
    const llvm::json::Object *o = ev.getAsObject();
    if (!o)
      return llvm::createStringError(where + ": expected an object");
    KnownExecutorEntry k;
    for (auto [key, into] :
         {std::pair<StringRef, std::string *>{"id", &k.id},
          {"target", &k.targetRegex},
          {"program", &k.programRegex},
          {"evidence", &k.evidence}}) {
      auto s = o->getString(key);
      if (!s || s->empty())
        return llvm::createStringError(where + ": " + key +
                                       ": expected a non-empty string");
      *into = s->str();
    }
    for (StringRef re : {StringRef(k.targetRegex), StringRef(k.programRegex)}) {
      std::string err;
      if (!llvm::Regex(re).isValid(err))
        return llvm::createStringError(where + " (" + k.id +
                                       "): bad regex '" + re + "': " + err);
    }
    out.push_back(std::move(k));
  }
  return out;
}

const KnownExecutorEntry *
matchKnownExecutor(const std::vector<KnownExecutorEntry> &entries,
                   StringRef target, StringRef program) {
  for (const KnownExecutorEntry &k : entries)
    if (llvm::Regex(k.targetRegex).match(target) &&
        llvm::Regex(k.programRegex).match(program))
      return &k;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

static llvm::json::Object neighbourJSON(const NeighbourRun &n) {
  return llvm::json::Object{{"target", n.target},
                            {"outcome", n.words},
                            {"passes", n.passes},
                            {"wrong", n.wrong},
                            {"same_values", n.sameValues}};
}

llvm::json::Object attributionJSON(const AttributionEvidence &e,
                                   const Attribution &a) {
  llvm::json::Array cpu, vk, reasons;
  for (const NeighbourRun &n : e.cpu)
    cpu.push_back(neighbourJSON(n));
  for (const NeighbourRun &n : e.vulkan)
    vk.push_back(neighbourJSON(n));
  for (const std::string &r : a.reasons)
    reasons.push_back(r);
  llvm::json::Object spirv{
      {"ran", e.spirv.ran},
      {"modules", (int64_t)e.spirv.modules},
      {"invalid", llvm::json::Array(e.spirv.invalid)},
      {"known_invalid", llvm::json::Array(e.spirv.knownInvalid)},
      {"unsynced_workgroup_memory", llvm::json::Array(e.spirv.unsynced)}};
  if (!e.spirv.note.empty())
    spirv["note"] = e.spirv.note;
  llvm::json::Object o{{"target", e.target},
                       {"conclusion", a.conclusion},
                       {"reasons", std::move(reasons)},
                       {"spirv_val", std::move(spirv)},
                       {"cpu", std::move(cpu)},
                       {"vulkan", std::move(vk)}};
  if (e.oneThread)
    o["one_thread"] = neighbourJSON(*e.oneThread);
  if (e.again)
    o["again"] = neighbourJSON(*e.again);
  if (!e.knownExecutor.empty())
    o["known_executor"] = e.knownExecutor;
  return o;
}

std::string attributionMarkdown(const llvm::json::Object &o) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "## Attribution\n\n";
  os << "**" << o.getString("conclusion").value_or("?") << "**\n\n";
  if (const llvm::json::Array *r = o.getArray("reasons"))
    for (const llvm::json::Value &v : *r)
      if (auto t = v.getAsString())
        os << "- " << *t << "\n";
  os << "\n| check | outcome |\n|---|---|\n";
  if (const llvm::json::Object *sv = o.getObject("spirv_val")) {
    std::string w;
    if (!sv->getBoolean("ran").value_or(false))
      w = "not run: " + sv->getString("note").value_or("").str();
    else {
      int64_t n = sv->getInteger("modules").value_or(0);
      const llvm::json::Array *inv = sv->getArray("invalid");
      const llvm::json::Array *known = sv->getArray("known_invalid");
      w = std::to_string(n) + " module(s): " +
          std::to_string(inv ? inv->size() : 0) + " invalid";
      if (inv)
        for (const llvm::json::Value &v : *inv)
          w += "; " + v.getAsString().value_or("").str();
      if (known && !known->empty())
        w += "; " + std::to_string(known->size()) + " in a known class (" +
             known->front().getAsString().value_or("").str() + ")";
      if (const llvm::json::Array *u =
              sv->getArray("unsynced_workgroup_memory"))
        if (!u->empty())
          w += "; " + std::to_string(u->size()) +
               " share workgroup memory with no barrier";
    }
    os << "| spirv-val | " << w << " |\n";
  }
  auto rows = [&](StringRef key, StringRef label) {
    if (const llvm::json::Array *a = o.getArray(key))
      for (const llvm::json::Value &v : *a)
        if (const llvm::json::Object *n = v.getAsObject())
          os << "| " << label << " " << n->getString("target").value_or("")
             << " | " << n->getString("outcome").value_or("") << " |\n";
  };
  rows("cpu", "same case on");
  rows("vulkan", "same case on");
  if (const llvm::json::Object *n = o.getObject("one_thread"))
    os << "| LP_NUM_THREADS=1 | " << n->getString("outcome").value_or("")
       << " |\n";
  if (const llvm::json::Object *n = o.getObject("again"))
    os << "| second run | " << n->getString("outcome").value_or("") << " |\n";
  if (auto k = o.getString("known_executor"))
    os << "| known-executor list | " << *k << " |\n";
  os << "\n";
  return s;
}

} // namespace ref::difftest
