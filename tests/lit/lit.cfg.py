# lit configuration for the CLI and diagnostic tests of the project's tools.
import os
import lit.formats

config.name = "ref"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ref_bin_dir, "..", "tests", "lit")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

config.environment["PATH"] = os.pathsep.join(
    [config.ref_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%ref-run", os.path.join(config.ref_bin_dir, "ref-run")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%expect-exit", os.path.join(config.test_source_root, "Inputs", "expect-exit")))

# Under ASan (REF_SANITIZE=ON) ref-run sets no address-space limit (ASan
# reserves terabytes of shadow memory): --max-memory tests are skipped.
if getattr(config, "ref_sanitize", "").upper() in ("ON", "TRUE", "1", "YES"):
    config.available_features.add("asan")
