//===- Smoke.cpp - Does the device still behave as recorded? --------------===//

#include "difftest/Smoke.h"
#include "difftest/Options.h"
#include "gpu/Device.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace cl = llvm::cl;

namespace {

struct SmokeProgram {
  std::string name;
  std::string text;
  std::vector<std::string> inputs;
  std::vector<double> expected;
  /// The result must differ from `expected` (a limit that must still hold).
  bool mustBeWrong = false;
};

std::string sortProgram(int64_t n) {
  std::string t = "tensor<1x" + std::to_string(n) + "xi32>";
  return "func.func @main(%arg0: " + t + ") -> " + t +
         " {\n"
         "  %0 = iree_linalg_ext.sort dimension(1) outs(%arg0 : " +
         t +
         ") {\n"
         "  ^bb0(%a: i32, %b: i32):\n"
         "    %c = arith.cmpi slt, %a, %b : i32\n"
         "    iree_linalg_ext.yield %c : i1\n"
         "  } -> " +
         t + "\n  return %0 : " + t + "\n}\n";
}

/// n-1 down to 0, as an iree-run-module input; the sorted result is 0..n-1.
SmokeProgram sortCase(StringRef name, int64_t n, bool mustBeWrong) {
  SmokeProgram p;
  p.name = name.str();
  p.text = sortProgram(n);
  std::string values;
  for (int64_t i = n - 1; i >= 0; --i) {
    values += std::to_string(i);
    if (i)
      values += " ";
    p.expected.push_back(static_cast<double>(n - 1 - i));
  }
  p.inputs.push_back("1x" + std::to_string(n) + "xi32=" + values);
  p.mustBeWrong = mustBeWrong;
  return p;
}

std::vector<SmokeProgram> smokePrograms(int64_t loopCap) {
  std::vector<SmokeProgram> out;
  SmokeProgram mm;
  mm.name = "matmul";
  mm.text =
      "func.func @main(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>) -> "
      "tensor<64x32xf32> {\n"
      "  %cst = arith.constant 0.0 : f32\n"
      "  %e = tensor.empty() : tensor<64x32xf32>\n"
      "  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x32xf32>) -> "
      "tensor<64x32xf32>\n"
      "  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, "
      "tensor<128x32xf32>) outs(%f : tensor<64x32xf32>) -> "
      "tensor<64x32xf32>\n"
      "  return %r : tensor<64x32xf32>\n}\n";
  mm.inputs = {"64x128xf32=1", "128x32xf32=0.5"};
  mm.expected.assign(64 * 32, 64.0); // 128 * 1 * 0.5
  out.push_back(mm);
  out.push_back(sortCase("sort-1x256", 256, false));
  SmokeProgram rs;
  rs.name = "row-sum-16x256";
  rs.text =
      "func.func @main(%arg0: tensor<16x256xf32>) -> tensor<16xf32> {\n"
      "  %cst = arith.constant 0.0 : f32\n"
      "  %e = tensor.empty() : tensor<16xf32>\n"
      "  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<16xf32>) -> "
      "tensor<16xf32>\n"
      "  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, "
      "d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", "
      "\"reduction\"]} ins(%arg0 : tensor<16x256xf32>) outs(%f : "
      "tensor<16xf32>) {\n"
      "  ^bb0(%x: f32, %acc: f32):\n"
      "    %s = arith.addf %x, %acc : f32\n"
      "    linalg.yield %s : f32\n"
      "  } -> tensor<16xf32>\n"
      "  return %r : tensor<16xf32>\n}\n";
  rs.inputs = {"16x256xf32=1"};
  rs.expected.assign(16, 256.0);
  out.push_back(rs);
  // The sort's inner loop runs n * (n - 1) times: 300 * 299 = 89,700.
  if (loopCap > 0 && loopCap < 300 * 299)
    out.push_back(sortCase("loop-cap-sort-1x300", 300, true));
  return out;
}

/// The numbers of iree-run-module's first result ("16xf32=256 256 ...",
/// "1x4xi32=[0 1][2 3]").
std::vector<double> parseResult(StringRef text) {
  std::vector<double> v;
  size_t at = text.find("result[0]");
  if (at == StringRef::npos)
    return v;
  StringRef rest = text.drop_front(at);
  // "result[0]: hal.buffer_view", then the values' line.
  rest = rest.drop_until([](char c) { return c == '\n'; }).drop_front();
  rest = rest.split('\n').first;
  std::string values = rest.split('=').second.str();
  std::replace(values.begin(), values.end(), '[', ' ');
  std::replace(values.begin(), values.end(), ']', ' ');
  llvm::SmallVector<StringRef> parts;
  StringRef(values).split(parts, ' ', -1, false);
  for (StringRef p : parts) {
    double d;
    if (p.getAsDouble(d))
      return {};
    v.push_back(d);
  }
  return v;
}

} // namespace

llvm::Error runSmokeTests(llvm::ArrayRef<gpu::TargetConfig> configs,
                          const Settings &settings, StringRef workDir,
                          llvm::raw_ostream &os) {
  std::vector<std::string> failed;
  for (const gpu::TargetConfig &config : configs) {
    if (!config.desc->checkDevice || config.desc->compileOnly)
      continue;
    std::optional<gpu::DeviceInfo> device =
        gpu::probeDevice(*settings.tools, config.desc->device);
    if (!device)
      continue;
    if (config.derivedFamily().empty()) {
      auto info =
          gpu::compilerTargetInfo(config, *settings.table, *settings.tools);
      if (!info)
        return info.takeError();
      if (auto why = gpu::subgroupMismatch(config, *info, *device)) {
        os << "smoke " << config.name() << ": skipped (" << *why << ")\n";
        continue;
      }
    }
    gpu::ExecutorLimits limits = gpu::executorLimits(config, *device);
    for (const SmokeProgram &p : smokePrograms(limits.loopIterations)) {
      std::string sub = config.name() + "-" + p.name;
      std::replace(sub.begin(), sub.end(), ':', '_');
      std::string file = sub + ".mlir";
      if (llvm::Error e = writeFile(joinPath(workDir, file), p.text))
        return e;
      TargetResult c = compileTarget(config, file, workDir, sub, settings);
      std::string line = "smoke " + config.name() + " " + p.name + ": ";
      if (c.verdict != gpu::Verdict::Pass) {
        line += "FAILED: does not compile: " + c.detail;
        os << line << "\n";
        failed.push_back(config.name() + " " + p.name);
        continue;
      }
      std::vector<std::string> argv = {
          settings.tools->runModule, "--device=" + config.desc->device,
          "--module=" + joinPath(sub, "module.vmfb"), "--function=main",
          "--output_max_element_count=100000"};
      for (const std::string &in : p.inputs)
        argv.push_back("--input=" + in);
      gpu::RunOptions ro;
      ro.workingDir = workDir.str();
      gpu::ProcessResult r = runLogged(argv, settings.runLimits, ro,
                                       joinPath(workDir, sub, "run.log"));
      std::vector<double> got = parseResult(r.stdoutText);
      bool ran = r.kind == gpu::ProcessResult::Kind::Exited && r.exitCode == 0;
      bool right = ran && got == p.expected;
      bool ok = ran && (p.mustBeWrong ? !right : right);
      line += llvm::formatv("{0} (compile {1:f2} s, run {2:f2} s)",
                            ok ? (p.mustBeWrong ? "ok (wrong, as the loop cap "
                                                  "makes it)"
                                                : "ok")
                               : "FAILED",
                            c.compileSeconds, r.wallSeconds)
                  .str();
      if (!ok) {
        if (!ran)
          line += ": iree-run-module " + r.summary() + ": " +
                  StringRef(r.stderrText).trim().take_front(300).str();
        else if (p.mustBeWrong)
          line += ": came out right, so the loop cap recorded in "
                  "targets.json (executor_limits) no longer holds on " +
                  limits.device + ": Mesa changed; re-measure it";
        else
          line += ": wrong result on " + limits.device +
                  " (the IREE wheel or Mesa changed; see " +
                  joinPath(workDir, sub, "run.log") + ")";
        failed.push_back(config.name() + " " + p.name);
      }
      os << line << "\n";
    }
  }
  if (failed.empty())
    return llvm::Error::success();
  return llvm::createStringError(
      "device smoke test failed (" + llvm::join(failed, ", ") +
      "): the device no longer behaves as docs/gpu.md records; verdicts on "
      "it would not be sound");
}

int smokeCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> targets(
      "target",
      cl::desc("Targets to check (those with check_device in "
               "targets.json whose device is here)"),
      cl::init("vulkan,vulkan:rdna3-lavapipe"), cl::cat(common.category));
  cl::opt<std::string> out("out", cl::desc("Work directory (kept)"),
                           cl::init(""), cl::cat(common.category));
  std::optional<Settings> settings = common.parse(
      argc, argv,
      "difftest smoke: known programs on each target's device (docs/gpu.md)\n");
  if (!settings)
    return kInvalid;
  auto configs = common.targetConfigs(targets, *settings);
  if (!configs)
    return kInvalid;
  llvm::SmallString<128> dir(out);
  if (dir.empty()) {
    if (std::error_code ec = fs::createUniqueDirectory("difftest-smoke", dir)) {
      llvm::errs() << "error: " << ec.message() << "\n";
      return kToolError;
    }
  } else {
    fs::create_directories(dir);
  }
  bool ran = false;
  for (const gpu::TargetConfig &c : *configs)
    ran |= c.desc->checkDevice && settings->tools->hasDevice(c.desc->device);
  // Asked for and nothing to check is no pass: a smoke test that cannot
  // fail tells nothing.
  if (!ran) {
    llvm::errs() << "error: smoke: no checked target has its device here "
                    "(scripts/setup.sh installs lavapipe: "
                    "mesa-vulkan-drivers)\n";
    return kFail;
  }
  llvm::Error e = runSmokeTests(*configs, *settings, dir, llvm::outs());
  if (e) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kFail;
  }
  if (out.empty())
    fs::remove_directories(dir);
  return kPass;
}

} // namespace ref::difftest
