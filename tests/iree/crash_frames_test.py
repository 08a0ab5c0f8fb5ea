#!/usr/bin/env python3
"""A compiler crash is signed by its top frame even when the threaded
compile dies before LLVM prints the stack.

IREE 3.13's iree-compile, crashing in a worker thread inside a process
group of its own (as difftest runs every child), prints only "Please report
issues ..." and dies: no "Stack dump", no frame, and the signature says
"killed by SIGSEGV", which lets `difftest reduce` slide from one crash to
another. difftest compiles a frameless crash again with
--mlir-disable-threading and signs it by that run's frame.

  fake A  crashes without a stack, and with a stack on one thread:
          the verdict names the frame (crash in mlir::FakeCrash::here()).
  fake B  crashes without a stack, and compiles on one thread (a crash
          that needs threads): the first crash is kept, signed by LLVM's
          generic line.

Usage: crash_frames_test.py DIFFTEST PROJECT_ROOT WORK
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fakeiree  # noqa
from fakeiree import failures, fake_tools, real_tools, run  # noqa

FRAMELESS = ('echo "Please report issues to https://github.com/iree-org/'
             'iree/issues and include the crash backtrace." >&2\n'
             'kill -SEGV $$\n')
STACK = ('echo "Please report issues to https://github.com/iree-org/iree/'
         'issues and include the crash backtrace." >&2\n'
         'echo "Stack dump:" >&2\n'
         'echo " #0 0x00007f0000000001 llvm::sys::PrintStackTrace(llvm::'
         'raw_ostream&, int) Signals.cpp:0:0" >&2\n'
         'echo " #1 0x00007f0000000002 llvm::sys::RunSignalHandlers() '
         'Signals.cpp:0:0" >&2\n'
         'echo " #2 0x00007f0000000003 SignalHandler(int, siginfo_t*, '
         'void*) Signals.cpp:0:0" >&2\n'
         'echo " #3 0x00007f0000000004 (/lib/x86_64-linux-gnu/libc.so.6+'
         '0x3c050)" >&2\n'
         'echo " #4 0x00007f0000000005 mlir::FakeCrash::here() Fake.cpp:0:0"'
         ' >&2\n'
         'kill -SEGV $$\n')


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prog = os.path.join(work, "add.mlir")
    with open(prog, "w") as f:
        f.write("func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {\n"
                "  %c = arith.addi %a, %a : tensor<4xi32>\n"
                "  return %c : tensor<4xi32>\n}\n")
    one_thread = ('for a in "$@"; do [ "$a" = --mlir-disable-threading ] && '
                  'ONE=1; done\n')
    cases = {
        "A": one_thread + 'if [ -n "$ONE" ]; then\n' + STACK + 'fi\n' +
             FRAMELESS,
        "B": one_thread + 'if [ -n "$ONE" ]; then exec "%s" "$@"; fi\n'
             % real_compile + FRAMELESS,
    }
    got = {}
    for name, body in cases.items():
        d = fake_tools(os.path.join(work, "tools" + name), body, None,
                       real_compile, real_run)
        rc, text = run([dt, "run", prog, "--target=llvm-cpu",
                        "--iree-dir=" + d,
                        "--out=" + os.path.join(work, "out" + name)])
        got[name] = text
        fakeiree.check(rc == 1 and "llvm-cpu: compiler-crash" in text,
                       "%s: a compiler crash (exit %d)\n%s" % (name, rc, text))
    fakeiree.check("crash in mlir::FakeCrash::here()" in got["A"],
                   "A: signed by the one-thread compile's frame\n" + got["A"])
    fakeiree.check("FakeCrash" not in got["B"] and
                   "Please report issues" in got["B"],
                   "B: the frameless crash is kept when one thread compiles"
                   "\n" + got["B"])
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
