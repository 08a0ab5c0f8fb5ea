//===- Targets.cpp - IREE targets as descriptions -------------------------===//

#include "gpu/Targets.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include "gpu/TargetsJson.inc"

namespace ref::gpu {

using llvm::createStringError;
using llvm::Expected;
using llvm::StringRef;
using FlagGroups = std::vector<std::vector<std::vector<std::string>>>;

namespace {

llvm::Error fieldError(StringRef file, const std::string &field,
                       const llvm::Twine &what) {
  return createStringError(llvm::inconvertibleErrorCode(),
                           file + ": " + field + ": " + what);
}

/// Parses a list whose entries are a flag or {"any_of": [[flags], ...]}.
Expected<FlagGroups> parseFlagGroups(const llvm::json::Value *v,
                                     StringRef file, const std::string &field) {
  FlagGroups groups;
  if (!v)
    return groups;
  const llvm::json::Array *arr = v->getAsArray();
  if (!arr)
    return fieldError(file, field, "expected an array");
  for (auto [i, e] : llvm::enumerate(*arr)) {
    std::string at = field + "[" + std::to_string(i) + "]";
    if (auto s = e.getAsString()) {
      groups.push_back({{s->str()}});
      continue;
    }
    const llvm::json::Object *o = e.getAsObject();
    const llvm::json::Array *alts = o ? o->getArray("any_of") : nullptr;
    if (!alts || alts->empty())
      return fieldError(file, at,
                        "expected a flag or {\"any_of\": [[flags], ...]}");
    std::vector<std::vector<std::string>> group;
    for (auto [j, alt] : llvm::enumerate(*alts)) {
      const llvm::json::Array *flags = alt.getAsArray();
      if (!flags)
        return fieldError(file, at + ".any_of[" + std::to_string(j) + "]",
                          "expected an array of flags");
      std::vector<std::string> list;
      for (const llvm::json::Value &f : *flags) {
        auto s = f.getAsString();
        if (!s)
          return fieldError(file, at + ".any_of[" + std::to_string(j) + "]",
                            "expected strings");
        list.push_back(s->str());
      }
      group.push_back(std::move(list));
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

std::string substitute(StringRef flag, const TargetConfig &c) {
  std::string s = flag.str();
  auto replace = [&](StringRef key, const std::string &value) {
    size_t pos;
    while ((pos = s.find(key.str())) != std::string::npos)
      s.replace(pos, key.size(), value);
  };
  // A derived architecture compiles with its family's flags; the program
  // carries the derived #iree_gpu.target (gpu/Device.h), which wins.
  std::string family = c.derivedFamily();
  replace("{arch}", family.empty() ? c.arch : family);
  replace("{opt}", "O" + std::to_string(c.optLevel));
  return s;
}

} // namespace

Expected<TargetTable> TargetTable::parse(StringRef json, StringRef file) {
  Expected<llvm::json::Value> root = llvm::json::parse(json);
  if (!root)
    return fieldError(file, "(document)", llvm::toString(root.takeError()));
  const llvm::json::Object *top = root->getAsObject();
  if (!top)
    return fieldError(file, "(document)", "expected an object");
  TargetTable table;
  auto common = parseFlagGroups(top->get("common_flags"), file, "common_flags");
  if (!common)
    return common.takeError();
  table.commonFlags = std::move(*common);
  const llvm::json::Object *targets = top->getObject("targets");
  if (!targets)
    return fieldError(file, "targets", "expected an object of targets");
  for (const auto &kv : *targets) {
    std::string field = "targets." + kv.first.str();
    const llvm::json::Object *o = kv.second.getAsObject();
    if (!o)
      return fieldError(file, field, "expected an object");
    TargetDesc d;
    d.name = kv.first.str();
    d.description = o->getString("description").value_or("").str();
    auto device = o->getString("device");
    if (!device)
      return fieldError(file, field + ".device", "expected a string");
    d.device = device->str();
    d.compileOnly = o->getBoolean("compile_only").value_or(false);
    d.checkDevice = o->getBoolean("check_device").value_or(false);
    if (const llvm::json::Object *da = o->getObject("derived_archs"))
      for (const auto &a : *da) {
        const llvm::json::Object *ao = a.second.getAsObject();
        auto family = ao ? ao->getString("family") : std::nullopt;
        if (!family)
          return fieldError(file, field + ".derived_archs." + a.first.str(),
                            "expected {\"family\": NAME}");
        d.derivedArchs[a.first.str()] = family->str();
      }
    if (const llvm::json::Object *el = o->getObject("executor_limits"))
      for (const auto &a : *el) {
        const llvm::json::Object *ao = a.second.getAsObject();
        if (!ao)
          return fieldError(file, field + ".executor_limits." + a.first.str(),
                            "expected an object");
        ExecutorLimitDesc l;
        l.loopIterations = ao->getInteger("loop_iterations").value_or(0);
        l.why = ao->getString("why").value_or("").str();
        d.executorLimits[a.first.str()] = l;
      }
    d.defaultArch = o->getString("default_arch").value_or("").str();
    d.archPattern = o->getString("arch_pattern").value_or("").str();
    if (!d.archPattern.empty()) {
      std::string err;
      if (!llvm::Regex(d.archPattern).isValid(err))
        return fieldError(file, field + ".arch_pattern", err);
    }
    auto flags =
        parseFlagGroups(o->get("compile_flags"), file, field + ".compile_flags");
    if (!flags)
      return flags.takeError();
    d.compileFlags = std::move(*flags);
    table.targets[d.name] = std::move(d);
  }
  return table;
}

Expected<TargetTable> TargetTable::load(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return createStringError(buf.getError(),
                             path + ": " + buf.getError().message());
  return parse((*buf)->getBuffer(), path);
}

const TargetTable &TargetTable::builtin() {
  static const TargetTable table = [] {
    auto t = parse(kBuiltinTargetsJson, "gpu/targets.json");
    if (!t)
      llvm::report_fatal_error(llvm::Twine("built-in target table: ") +
                               llvm::toString(t.takeError()));
    return std::move(*t);
  }();
  return table;
}

std::string TargetConfig::name() const {
  if (!desc)
    return "?";
  if (arch.empty() || desc->defaultArch.empty())
    return desc->name;
  return desc->name + ":" + arch;
}

std::string TargetConfig::derivedFamily() const {
  if (!desc)
    return "";
  auto it = desc->derivedArchs.find(arch);
  return it == desc->derivedArchs.end() ? "" : it->second;
}

Expected<int> parseOptLevel(StringRef text) {
  StringRef t = text;
  t.consume_front("O");
  unsigned level;
  if (t.getAsInteger(10, level) || level > 3)
    return createStringError(llvm::inconvertibleErrorCode(),
                             "--opt-level=" + text + ": expected O0..O3");
  return static_cast<int>(level);
}

Expected<std::vector<TargetConfig>>
parseTargetList(StringRef list, const TargetTable &table, int optLevel,
                llvm::ArrayRef<std::string> extraFlags) {
  std::vector<TargetConfig> configs;
  llvm::SmallVector<StringRef> parts;
  list.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef p : parts) {
    p = p.trim();
    auto [name, arch] = p.split(':');
    auto it = table.targets.find(name.str());
    if (it == table.targets.end()) {
      std::string known;
      for (const auto &kv : table.targets)
        known += (known.empty() ? "" : ", ") + kv.first;
      return createStringError(llvm::inconvertibleErrorCode(),
                               "--target: unknown target '" + name +
                                   "' (known: " + known + ")");
    }
    TargetConfig c;
    c.desc = &it->second;
    if (!arch.empty() && c.desc->defaultArch.empty())
      return createStringError(llvm::inconvertibleErrorCode(),
                               "--target: '" + name +
                                   "' takes no architecture (got '" + arch +
                                   "')");
    c.arch = arch.empty() ? c.desc->defaultArch : arch.str();
    if (!c.arch.empty() && !c.desc->archPattern.empty() &&
        !llvm::Regex(c.desc->archPattern).match(c.arch))
      return createStringError(llvm::inconvertibleErrorCode(),
                               "--target: '" + c.arch +
                                   "' is not an architecture of " + name +
                                   " (expected " + c.desc->archPattern + ")");
    c.optLevel = optLevel;
    c.extraFlags.assign(extraFlags.begin(), extraFlags.end());
    configs.push_back(std::move(c));
  }
  if (configs.empty())
    return createStringError(llvm::inconvertibleErrorCode(),
                             "--target: no target given");
  return configs;
}

bool compilerAcceptsFlag(StringRef helpText, StringRef flag) {
  if (helpText.empty())
    return true;
  StringRef name = flag.split('=').first;
  // Help lines look like "  --iree-rocm-target=<string>  - ..." or
  // "  --iree-foo  - ...".
  size_t pos = 0;
  while ((pos = helpText.find(name, pos)) != StringRef::npos) {
    size_t end = pos + name.size();
    bool startOk = pos == 0 || helpText[pos - 1] == ' ';
    bool endOk = end == helpText.size() || helpText[end] == '=' ||
                 helpText[end] == ' ' || helpText[end] == '\n';
    if (startOk && endOk)
      return true;
    pos = end;
  }
  return false;
}

Expected<std::vector<std::string>>
compileFlags(const TargetConfig &config, const TargetTable &table,
             StringRef helpText) {
  std::vector<std::string> out;
  auto resolve = [&](const FlagGroups &groups) -> llvm::Error {
    for (const auto &group : groups) {
      const std::vector<std::string> *chosen = nullptr;
      for (const auto &alt : group) {
        bool ok = llvm::all_of(alt, [&](const std::string &f) {
          return compilerAcceptsFlag(helpText, f);
        });
        if (ok) {
          chosen = &alt;
          break;
        }
      }
      if (!chosen) {
        std::string tried;
        for (const auto &alt : group)
          tried += (tried.empty() ? "" : " | ") + llvm::join(alt, " ");
        return createStringError(
            llvm::inconvertibleErrorCode(),
            "target " + config.name() +
                ": the installed iree-compile accepts none of: " + tried);
      }
      for (const std::string &f : *chosen)
        out.push_back(substitute(f, config));
    }
    return llvm::Error::success();
  };
  if (llvm::Error e = resolve(config.desc->compileFlags))
    return std::move(e);
  if (llvm::Error e = resolve(table.commonFlags))
    return std::move(e);
  if (config.optLevel != 0 &&
      !llvm::any_of(out, [](const std::string &f) {
        return StringRef(f).starts_with("--iree-opt-level=");
      }))
    return createStringError(llvm::inconvertibleErrorCode(),
                             "the installed iree-compile has no "
                             "--iree-opt-level: only O0 can be tested");
  for (const std::string &f : config.extraFlags)
    out.push_back(f);
  return out;
}

} // namespace ref::gpu
