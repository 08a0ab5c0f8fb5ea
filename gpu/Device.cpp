//===- Device.cpp - The device a target runs on, and what it cannot do ----===//

#include "gpu/Device.h"
#include "ireetools/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

#include <mutex>

#include <unistd.h>

namespace ref::gpu {

using llvm::StringRef;

std::optional<DeviceInfo> parseDeviceDump(StringRef text) {
  DeviceInfo d;
  bool any = false;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (line.consume_front("name: ")) {
      if (any)
        break; // the second device
      any = true;
      d.name = line.str();
    } else if (line.consume_front("driver: ")) {
      d.driver = line.str();
    } else if (line.consume_front("features: ")) {
      llvm::SmallVector<StringRef> fs;
      line.split(fs, ' ', -1, false);
      for (StringRef f : fs) {
        auto [k, v] = f.split('=');
        d.features[k.str()] = v == "yes";
      }
    } else if (line.consume_front("subgroup: ")) {
      llvm::SmallVector<StringRef> fs;
      line.split(fs, ' ', -1, false);
      for (StringRef f : fs) {
        auto [k, v] = f.split('=');
        int64_t n = 0;
        if (v.getAsInteger(10, n))
          continue;
        if (k == "size" && !d.subgroupMin)
          d.subgroupMin = d.subgroupMax = n;
        else if (k == "minSubgroupSize")
          d.subgroupMin = n;
        else if (k == "maxSubgroupSize")
          d.subgroupMax = n;
      }
    }
  }
  if (!any)
    return std::nullopt;
  return d;
}

void parseVulkaninfo(StringRef text, DeviceInfo &info) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  bool seen = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i].trim();
    auto [key, value] = line.split('=');
    key = key.trim();
    value = value.trim();
    int64_t n = 0;
    bool number = !value.empty() && !value.getAsInteger(10, n);
    // The first device's block only: stop at its second appearance.
    if (key == "maxComputeSharedMemorySize" && number) {
      if (seen)
        break;
      seen = true;
      info.sharedMemoryBytes = n;
    } else if (key == "maxComputeWorkGroupInvocations" && number) {
      info.maxInvocations = n;
    } else if (key == "maxStorageBufferRange" && number) {
      info.storageBufferRange = n;
    } else if (key.starts_with("maxComputeWorkGroupSize:") ||
               key.starts_with("maxComputeWorkGroupCount:")) {
      std::vector<int64_t> v;
      for (size_t j = i + 1; j < lines.size() && v.size() < 3; ++j) {
        int64_t x;
        if (lines[j].trim().getAsInteger(10, x))
          break;
        v.push_back(x);
      }
      if (v.size() == 3)
        (key.starts_with("maxComputeWorkGroupSize") ? info.maxWorkgroupSize
                                                    : info.maxWorkgroupCount) =
            v;
    }
  }
  info.limitsFromVulkaninfo = seen;
}

std::optional<DeviceInfo> probeDevice(const IreeTools &tools,
                                      StringRef driver) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<DeviceInfo>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto key = tools.runModule + "|" + driver.str();
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  std::optional<DeviceInfo> info;
  if (tools.hasDevice(driver)) {
    ProcessLimits limits;
    limits.timeoutSeconds = 60;
    ProcessResult r = runProcess(
        {tools.runModule, ("--dump_devices=" + driver).str()}, limits);
    info = parseDeviceDump(r.stdoutText);
    if (info && driver == "vulkan")
      if (auto vi = llvm::sys::findProgramByName("vulkaninfo")) {
        ProcessResult v = runProcess({*vi}, limits);
        parseVulkaninfo(v.stdoutText, *info);
      }
  }
  cache[key] = info;
  return info;
}

ExecutorLimits executorLimits(const TargetConfig &config,
                              const DeviceInfo &info) {
  ExecutorLimits l;
  l.device = info.name.empty() ? info.driver : info.name;
  if (auto it = config.desc->executorLimits.find(info.driver);
      it != config.desc->executorLimits.end()) {
    l.loopIterations = it->second.loopIterations;
    l.loopWhy = it->second.why;
  }
  if (config.desc->checkDevice) {
    l.storageBindingBytes = info.storageBufferRange;
    l.deviceSharedMemory = info.sharedMemoryBytes;
  }
  return l;
}

std::optional<std::string> exceedsLimits(const ExecutorLimits &limits,
                                         StringRef workJsonPath) {
  if (limits.targetSharedMemory > limits.deviceSharedMemory &&
      limits.deviceSharedMemory > 0)
    return llvm::formatv("the target may use {0} bytes of workgroup memory, "
                         "{1} has {2}",
                         limits.targetSharedMemory, limits.device,
                         limits.deviceSharedMemory)
        .str();
  if (workJsonPath.empty())
    return std::nullopt;
  auto buf = llvm::MemoryBuffer::getFile(workJsonPath);
  if (!buf)
    return std::nullopt;
  auto root = llvm::json::parse((*buf)->getBuffer());
  if (!root) {
    llvm::consumeError(root.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *o = root->getAsObject();
  if (!o)
    return std::nullopt;
  int64_t iterations = o->getInteger("loop_iterations").value_or(0);
  int64_t bytes = o->getInteger("largest_tensor_bytes").value_or(0);
  if (limits.loopIterations > 0 && iterations >= limits.loopIterations) {
    std::string top;
    if (const llvm::json::Array *ops = o->getArray("ops"))
      if (!ops->empty())
        if (const llvm::json::Object *op = ops->front().getAsObject())
          top = (" (" + op->getString("op").value_or("") + ": " +
                 op->getString("why").value_or("") + ")")
                    .str();
    return llvm::formatv("one thread may loop {0} times{1}; {2} {3}",
                         iterations, top, limits.device, limits.loopWhy)
        .str();
  }
  if (limits.storageBindingBytes > 0 && bytes > limits.storageBindingBytes)
    return llvm::formatv("a tensor of {0} bytes ({1}) exceeds {2}'s storage "
                         "buffer range of {3} bytes",
                         bytes, o->getString("largest_tensor").value_or(""),
                         limits.device, limits.storageBindingBytes)
        .str();
  return std::nullopt;
}

bool isDeviceRefusal(StringRef message) {
  return message.contains("outside device range") ||
         message.contains("subgroupSizeControl is not enabled");
}

/// The balanced `#iree_gpu.target<...>` starting at `pos`.
static std::string balancedTarget(StringRef text, size_t pos) {
  int depth = 0;
  for (size_t i = pos; i < text.size(); ++i) {
    if (text[i] == '<')
      ++depth;
    else if (text[i] == '>' && --depth == 0)
      return text.slice(pos, i + 1).str();
  }
  return "";
}

llvm::Expected<std::string> compilerTargetInfo(const TargetConfig &config,
                                               const TargetTable &table,
                                               const IreeTools &tools) {
  auto flags = compileFlags(config, table, tools.compilerHelp());
  if (!flags)
    return flags.takeError();
  std::string key = tools.compile + "|" + llvm::join(*flags, " ");
  static std::mutex mutex;
  static std::map<std::string, std::string> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  llvm::SmallString<128> src;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("target-probe", "mlir", fd, src))
    return llvm::createStringError(ec, "temporary file: " + ec.message());
  ::close(fd);
  std::string program =
      "func.func @probe(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = arith.addf %a, %a : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n}\n";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(src, ec);
    os << program;
  }
  std::vector<std::string> argv = {tools.compile, src.str().str()};
  argv.insert(argv.end(), flags->begin(), flags->end());
  argv.push_back("--compile-to=executable-targets");
  argv.push_back("-o");
  argv.push_back("-");
  ProcessLimits limits;
  limits.timeoutSeconds = 120;
  ProcessResult r = runProcess(argv, limits);
  llvm::sys::fs::remove(src);
  size_t pos = StringRef(r.stdoutText).find("#iree_gpu.target<");
  if (r.kind != ProcessResult::Kind::Exited || r.exitCode != 0 ||
      pos == StringRef::npos)
    return llvm::createStringError(
        "target " + config.name() +
        ": iree-compile --compile-to=executable-targets shows no "
        "#iree_gpu.target (" +
        r.summary() + "): " + StringRef(r.stderrText).trim().take_front(300));
  std::string info = balancedTarget(r.stdoutText, pos);
  cache[key] = info;
  return info;
}

/// Where the value of field `key` starts ("key = " after ' ' or '<'),
/// npos when absent.
static size_t fieldStart(StringRef info, StringRef key) {
  std::string needle = (key + " = ").str();
  for (size_t pos = info.find(needle); pos != StringRef::npos;
       pos = info.find(needle, pos + 1))
    if (pos > 0 && (info[pos - 1] == ' ' || info[pos - 1] == '<'))
      return pos + needle.size();
  return StringRef::npos;
}

std::string targetField(StringRef info, StringRef key) {
  size_t start = fieldStart(info, key);
  if (start == StringRef::npos)
    return "";
  int depth = 0;
  for (size_t i = start; i < info.size(); ++i) {
    char c = info[i];
    if (c == '[' || c == '<')
      ++depth;
    else if ((c == ']' || c == '>') && depth > 0)
      --depth;
    else if ((c == ',' || c == '>') && depth == 0)
      return info.slice(start, i).trim().str();
  }
  return "";
}

std::vector<int64_t> subgroupChoices(StringRef info) {
  std::vector<int64_t> out;
  std::string field = targetField(info, "subgroup_size_choices");
  StringRef f = StringRef(field).trim("[] ");
  llvm::SmallVector<StringRef> parts;
  f.split(parts, ',', -1, false);
  for (StringRef p : parts) {
    int64_t n;
    if (!p.trim().getAsInteger(10, n))
      out.push_back(n);
  }
  return out;
}

/// Replaces field `key`'s value (adds nothing when absent).
static std::string setField(StringRef info, StringRef key, StringRef value) {
  std::string old = targetField(info, key);
  size_t start = fieldStart(info, key);
  if (start == StringRef::npos)
    return info.str();
  return (info.take_front(start) + value + info.drop_front(start + old.size()))
      .str();
}

static std::string list(llvm::ArrayRef<int64_t> v) {
  return "[" +
         llvm::join(
             llvm::map_range(v, [](int64_t x) { return std::to_string(x); }),
             ", ") +
         "]";
}

std::string deriveTargetInfo(StringRef familyInfo, const DeviceInfo &d) {
  std::vector<int64_t> sizes;
  for (int64_t s = std::max<int64_t>(d.subgroupMin, 1); s <= d.subgroupMax;
       s *= 2)
    sizes.push_back(s);
  std::string t = familyInfo.str();
  t = setField(t, "subgroup_size_choices", list(sizes));
  t = setField(t, "max_workgroup_memory_bytes",
               std::to_string(d.sharedMemoryBytes));
  t = setField(t, "max_workgroup_sizes", list(d.maxWorkgroupSize));
  t = setField(t, "max_thread_count_per_workgroup",
               std::to_string(d.maxInvocations));
  t = setField(t, "max_workgroup_counts", list(d.maxWorkgroupCount));
  if (!d.feature("cooperativeMatrix", false))
    t = setField(t, "mma", "[]");
  std::string compute = targetField(t, "compute");
  llvm::SmallVector<StringRef> bits;
  StringRef(compute).split(bits, '|', -1, false);
  std::vector<std::string> kept;
  for (StringRef b : bits) {
    b = b.trim();
    if ((b == "fp16" && !d.feature("shaderFloat16")) ||
        (b == "int8" && !d.feature("shaderInt8")))
      continue;
    kept.push_back(b.str());
  }
  if (!compute.empty())
    t = setField(t, "compute", llvm::join(kept, "|"));
  return t;
}

std::optional<std::string> subgroupMismatch(const TargetConfig &config,
                                            StringRef targetInfo,
                                            const DeviceInfo &device) {
  std::vector<int64_t> choices = subgroupChoices(targetInfo);
  if (choices.empty() || device.subgroupMax == 0)
    return std::nullopt;
  for (int64_t c : choices)
    if (c >= device.subgroupMin && c <= device.subgroupMax)
      return std::nullopt;
  return llvm::formatv(
             "not run: {0} assumes subgroup size {1}, the {2} device ({3}) "
             "has [{4}, {5}]; its reductions would be wrong by design (use "
             "a target derived from the device)",
             config.name(),
             llvm::join(
                 llvm::map_range(choices,
                                 [](int64_t x) { return std::to_string(x); }),
                 "/"),
             config.desc->device, device.name, device.subgroupMin,
             device.subgroupMax)
      .str();
}

std::string withVulkanTarget(StringRef program, StringRef targetInfo) {
  std::string attr =
      ("hal.device.targets = [#hal.device.target<\"vulkan\", "
       "[#hal.executable.target<\"vulkan-spirv\", \"vulkan-spirv-fb\", "
       "{iree_codegen.target_info = " +
       targetInfo + "}>]> : !hal.device]")
          .str();
  // A top-level `module` (at the start of a line, not in a comment) gets
  // the attribute; otherwise the program is wrapped in one.
  llvm::Regex moduleLine("(^|\n)module( @[A-Za-z0-9_$.]+)?( attributes \\{)?");
  llvm::SmallVector<StringRef> m;
  if (moduleLine.match(program, &m)) {
    size_t end = m[0].data() - program.data() + m[0].size();
    if (!m[3].empty()) {
      bool empty = program.drop_front(end).ltrim().starts_with("}");
      return (program.take_front(end) + attr + (empty ? " " : ", ") +
              program.drop_front(end))
          .str();
    }
    return (program.take_front(end) + " attributes {" + attr + "}" +
            program.drop_front(end))
        .str();
  }
  // Attribute and type aliases (`#map = ...`, `!t = ...`) are top-level
  // definitions, not operations: they stay before the module.
  std::string aliases, body;
  llvm::Regex alias("^[#!][A-Za-z_][A-Za-z0-9_$.-]* *=");
  llvm::SmallVector<StringRef> lines;
  program.split(lines, '\n');
  for (StringRef l : lines)
    ((alias.match(l) ? aliases : body) += l.str()) += "\n";
  return aliases + "module attributes {" + attr + "} {\n" + body + "}\n";
}

} // namespace ref::gpu
