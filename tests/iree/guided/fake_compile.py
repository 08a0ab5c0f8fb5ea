#!/usr/bin/env python3
"""A fake iree-compile for guided_campaign_test.py: writes a dummy module
and, given --iree-hal-dump-executable-configurations-to=DIR, one
configuration file per (function, op kind) in the form iree-compile 3.13
writes them (export `<function>_dispatch_<k>_<op>_4x<type>`, a
translation_info pipeline named after the function's first element type, a
lowering_config on the op). So the features of a function are its op kinds
times its first argument's element type: what ref-mutate's dtype mutations
change."""
import os
import re
import sys

args = sys.argv[1:]
out = args[args.index("-o") + 1]
src = [a for a in args if a.endswith(".mlir") and not a.startswith("-")][0]
dump = None
for a in args:
    if a.startswith("--iree-hal-dump-executable-configurations-to="):
        dump = a.split("=", 1)[1]
text = open(src).read()
# GUIDED_COMPILE_LOG: one JSON line per compile, its flags and functions
# (the test checks that a flag mutant compiles alone with its flag).
if os.environ.get("GUIDED_COMPILE_LOG"):
    import json
    with open(os.environ["GUIDED_COMPILE_LOG"], "a") as log:
        log.write(json.dumps({
            "flags": [a for a in args if a.startswith("--iree-") and
                      not a.startswith(("--iree-hal-", "--iree-opt-level"))],
            "functions": re.findall(r"func\.func @(\w+)\(", text)}) + "\n")
with open(out, "wb") as f:
    f.write(b"fake vmfb\n")
if dump:
    os.makedirs(dump, exist_ok=True)
    starts = [m for m in re.finditer(r"func\.func @(\w+)\(", text)]
    for i, m in enumerate(starts):
        name = m.group(1)
        body = text[m.start():starts[i + 1].start() if i + 1 < len(starts)
                    else len(text)]
        t = re.search(r"tensor<(?:[0-9?]+x)*([a-z0-9]+)>", body)
        elt = t.group(1) if t else "none"
        ops = sorted(set(re.findall(
            r"\b((?:linalg|iree_linalg_ext|tensor)\.[a-z_]+)", body)))
        ops = [o for o in ops if not o.endswith((".yield", ".index", ".dim",
                                                 ".empty"))]
        for k, op in enumerate(ops):
            kind = op.split(".", 1)[1]
            sym = "%s_dispatch_%d_%s_4x%s" % (name, k, kind, elt)
            with open(os.path.join(dump, "configured_module_%s_dispatch_%d.mlir"
                                   % (name, k)), "w") as f:
                f.write(
                    "hal.executable public @%s_dispatch_%d {\n"
                    "  hal.executable.export public @%s ordinal(0)\n"
                    "  builtin.module {\n"
                    "    func.func @%s() attributes {translation_info = "
                    "#iree_codegen.translation_info<pipeline = "
                    "#fake.pipeline<%s>>} {\n"
                    "      %%0 = %s {lowering_config = #iree_cpu.lowering_"
                    "config<distribution = [0, 8]>} : () -> ()\n"
                    "      return\n    }\n  }\n}\n"
                    % (name, k, sym, sym, elt, op))
