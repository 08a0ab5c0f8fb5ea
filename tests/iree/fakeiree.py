"""Shared by the IREE python tests: check(), and fake IREE tools that wrap
the real ones (from the project's .venv) to plant faults.

A fake tool directory holds `iree-compile` and `iree-run-module` shell
scripts; `--iree-dir=DIR` makes difftest use them. Probing (`--help*`,
`--version`, `--list_devices`, `--compile-to=input`) always reaches the
real tools, unless `version` names a fake release for `--version` or
`input_phase` sends --compile-to=input to the fake body.
"""
import glob
import os
import stat
import subprocess

failures = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)
    return cond


def write_tool(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def real_tools(root):
    """(iree-compile, iree-run-module) of the wheels in ROOT/.venv, or None."""
    site = glob.glob(os.path.join(root, ".venv/lib/python*/site-packages/iree"))
    if not site:
        print("FAIL  no IREE wheels in %s/.venv (run scripts/setup.sh)" % root)
        return None
    return (os.path.join(site[0], "compiler/_mlir_libs/iree-compile"),
            os.path.join(site[0], "_runtime_libs/iree-run-module"))


def fake_tools(d, compile_body, run_body, real_compile, real_run,
               version=None, input_phase=False):
    """Writes the wrappers into d; a None body runs the real tool. Unless
    `input_phase`, `iree-compile --compile-to=input` (the capability probe,
    and the unsupported-input check of a failed compile) reaches the real
    compiler too: a planted codegen fault is no input the release rejects."""
    probe = ""
    if not input_phase:
        probe += ('for a in "$@"; do [ "$a" = --compile-to=input ] && '
                  'exec "%s" "$@"; done\n' % real_compile)
    if version:
        probe += ('case "$1" in --version) echo "IREE (https://iree.dev):"; '
                  'echo "  IREE compiler version %s @ fake"; exit 0;; esac\n'
                  % version)
    probe += ('case "$1" in --help*|--version) exec "%s" "$@";; esac\n' %
              real_compile)
    write_tool(os.path.join(d, "iree-compile"),
               probe + (compile_body or 'exec "%s" "$@"\n' % real_compile))
    list_devices = ('case "$1" in --list_devices) exec "%s" "$@";; esac\n' %
                    real_run)
    write_tool(os.path.join(d, "iree-run-module"),
               list_devices + (run_body or 'exec "%s" "$@"\n' % real_run))
    return d


def db_query(db, sql):
    """Every row of one SQL query on a campaign database."""
    import sqlite3
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def run(argv, timeout=900, **kw):
    """(exit code, stdout + stderr)."""
    r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                       **kw)
    return r.returncode, r.stdout + r.stderr
