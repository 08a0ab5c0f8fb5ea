#!/usr/bin/env python3
"""The campaign survives its environment: fake IREE tools (wrapping the real
ones from the project's .venv) that hang, crash, write gigabytes, get
stopped from outside, and a disk that fills up mid-campaign.

1. Faults per case (one llvm-cpu campaign, 8 cases in batches of 4): the
   compiler hangs on @f2 (compile-timeout, no process left behind),
   segfaults on @f3 (compiler-crash), floods stderr with 64 MiB and writes
   100 MiB of module on @f5 under --max-file-size=4M (a compiler-crash that
   says so, nothing over 4 MiB on disk, logs capped), and is SIGTERMed once
   on @f1 (retried: not a finding). Every case is recorded once; no tool
   error is recorded.
2. A compiler stopped from outside every time: the campaign stops (exit 4)
   without recording it, and --resume with working tools completes it.
3. The campaign itself SIGTERMed, then SIGKILLed, while a compiler runs:
   it dies of the signal, the compiler dies with it, the database is
   intact and --resume completes the campaign.
4. A full disk (a tmpfs in a private mount namespace, `unshare -rm`): with
   the default --min-free-disk the campaign refuses to start a batch; with
   --min-free-disk=0 and the disk filled by a fake compiler at its third
   call, it stops with exit 4 naming "No space left on device", records no
   finding about it, leaves SQLite's integrity check clean and every
   recorded failure with its bundle; after freeing space, --resume
   completes it with every case exactly once.

Usage: campaign_env_test.py DIFFTEST PROJECT_ROOT WORK_DIR
       campaign_env_test.py --full-disk DIFFTEST TOOL_DIR WORK_DIR (inside
       the namespace; run by the first form)
"""
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools)


def why(ok, text):
    """The tool's output, for a check's message when the check fails."""
    return "" if ok else "\n" + text[-2000:]

# Shared by every fake compiler: $prog, $out (-o), alone (a case compiled
# on its own, program.mlir, rather than a batch's combined moduleN.mlir),
# has FN (the program defines @FN).
PRELUDE = r'''
prog="$1"; out=""; prev=""
for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
alone=0; case "$prog" in *program.mlir) alone=1;; esac
has() { grep -q "func.func @$1(" "$prog"; }
'''


def rows(db):
    return db_query(db, "SELECT case_index, target, verdict, detail FROM "
                        "cases ORDER BY case_index, target")


def integrity(db):
    return db_query(db, "PRAGMA integrity_check")[0][0]


def failure_bundles(out):
    return [b for (b,) in db_query(os.path.join(out, "campaign.db"),
                                   "SELECT bundle FROM failures")]


def fuzz(dt, tools, out, extra, timeout=900):
    argv = [dt, "fuzz", "--out=" + out, "--iree-dir=" + tools,
            "--target=llvm-cpu", "--static-twins=0", "--batch=4",
            "--seed=7"] + extra
    r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout + r.stderr


def pids_running(cmdline_part):
    """Live (non-zombie) processes whose command line contains the text."""
    found = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % p, "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open("/proc/%s/stat" % p) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if cmdline_part in cmd and state not in "ZX":
            found.append(int(p))
    return found


def wait_for(path, seconds):
    until = time.time() + seconds
    while time.time() < until:
        if os.path.exists(path) and os.path.getsize(path) > 0:
            return True
        time.sleep(0.05)
    return False


def faults_per_case(dt, rc_, rr, work):
    tools = os.path.join(work, "tools-faults")
    marker = os.path.join(work, "f1-stopped-once")
    body = PRELUDE + r'''
if [ $alone = 0 ]; then
  for f in f1 f2 f3 f5; do
    if has $f; then echo "error: fake failure without a location"; exit 1; fi
  done
else
  if has f1 && [ ! -e "%(marker)s" ]; then : > "%(marker)s"; kill -TERM $$; fi
  if has f2; then exec sleep 1237; fi
  if has f3; then kill -SEGV $$; fi
  if has f5; then
    head -c 67108864 /dev/zero | tr '\0' e >&2
    exec head -c 104857600 /dev/zero > "$out"
  fi
fi
exec "%(real)s" "$@"
''' % {"marker": marker, "real": rc_}
    fake_tools(tools, body, None, rc_, rr)
    out = os.path.join(work, "faults")
    code, text = fuzz(dt, tools, out, ["--cases=8", "--compile-timeout=15",
                                       "--max-file-size=4M"])
    check(code == 0, "faults: the campaign completes (exit %d)" % code +
          why(code == 0, text))
    got = rows(os.path.join(out, "campaign.db"))
    by_case = {}
    for case, target, verdict, detail in got:
        by_case.setdefault(case, []).append((target, verdict, detail))
    check(sorted(by_case) == list(range(8)) and
          all(len(v) == 1 and v[0][0] == "llvm-cpu" for v in by_case.values()),
          "faults: every case recorded once (%s)" %
          sorted((c, len(v)) for c, v in by_case.items()))
    verdict = {c: v[0][1] for c, v in by_case.items()}
    detail = {c: v[0][2] for c, v in by_case.items()}
    check(verdict.get(2) == "compile-timeout", "faults: hang -> %s" %
          verdict.get(2))
    check(not pids_running("sleep 1237"), "faults: no hung compiler left")
    check(verdict.get(3) == "compiler-crash" and
          "SIGSEGV" in detail.get(3, ""),
          "faults: segfault -> %s (%s)" % (verdict.get(3), detail.get(3)))
    check(verdict.get(5) == "compiler-crash" and
          "file-size limit" in detail.get(5, ""),
          "faults: 100 MiB module -> %s (%s)" % (verdict.get(5),
                                                 detail.get(5)))
    check(os.path.exists(marker) and verdict.get(1) not in (None,
                                                            "tool-error"),
          "faults: SIGTERMed once -> retried (%s)" % verdict.get(1))
    check("tool-error" not in verdict.values(), "faults: no tool-error rows")
    biggest = 0
    for root, _, files in os.walk(out):
        for f in files:
            biggest = max(biggest, os.path.getsize(os.path.join(root, f)))
    check(biggest <= 9 << 20, "faults: no file over 9 MiB under --out "
          "(largest %d bytes; the module is cut at 4 MiB, logs at 2x4 MiB)"
          % biggest)
    bundles = failure_bundles(out)
    check(len(bundles) >= 3 and
          all(os.path.isdir(os.path.join(out, b)) for b in bundles),
          "faults: every distinct failure has its bundle (%d)" % len(bundles))


def stopped_every_time(dt, rc_, rr, work):
    tools = os.path.join(work, "tools-stopped")
    body = PRELUDE + r'''
if has f1; then
  if [ $alone = 0 ]; then echo "error: fake failure"; exit 1; fi
  kill -TERM $$
fi
exec "%s" "$@"
''' % rc_
    fake_tools(tools, body, None, rc_, rr)
    out = os.path.join(work, "stopped")
    code, text = fuzz(dt, tools, out, ["--cases=4"])
    ok = code == 4 and "stopped from outside" in text and "--resume" in text
    check(ok, "stopped: the campaign stops with exit 4 (%d)" % code +
          why(ok, text))
    check(rows(os.path.join(out, "campaign.db")) == [],
          "stopped: nothing recorded")
    good = fake_tools(os.path.join(work, "tools-good"), None, None, rc_, rr)
    code, text = fuzz(dt, good, out, ["--cases=4", "--resume"])
    got = rows(os.path.join(out, "campaign.db"))
    check(code == 0 and sorted(c for c, *_ in got) == [0, 1, 2, 3],
          "stopped: --resume completes it (exit %d, %d rows)" %
          (code, len(got)))


def campaign_killed(dt, rc_, rr, work):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        name = signal.Signals(sig).name
        tools = os.path.join(work, "tools-" + name)
        pidfile = os.path.join(work, name + ".pid")
        body = PRELUDE + 'echo $$ > "%s"\nexec sleep 1238\n' % pidfile
        fake_tools(tools, body, None, rc_, rr)
        out = os.path.join(work, "killed-" + name)
        p = subprocess.Popen(
            [dt, "fuzz", "--out=" + out, "--iree-dir=" + tools,
             "--target=llvm-cpu", "--static-twins=0", "--batch=4", "--seed=7",
             "--cases=4"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        started = wait_for(pidfile, 120)
        check(started, "%s: the fake compiler started" % name)
        compiler = int(open(pidfile).read()) if started else 0
        p.send_signal(sig)
        try:
            p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
        check(p.returncode == -sig, "%s: the campaign dies of it (%s)" %
              (name, p.returncode))
        dead = False
        until = time.time() + 10
        while time.time() < until and not dead:
            dead = compiler not in pids_running("sleep 1238")
            time.sleep(0.05)
        check(compiler and dead, "%s: the compiler (pid %d) died with it" %
              (name, compiler))
        db = os.path.join(out, "campaign.db")
        check(integrity(db) == "ok" and rows(db) == [],
              "%s: database intact, nothing recorded" % name)
        good = fake_tools(os.path.join(work, "tools-good"), None, None, rc_,
                          rr)
        code, text = fuzz(dt, good, out, ["--cases=4", "--resume"])
        got = rows(db)
        check(code == 0 and sorted(c for c, *_ in got) == [0, 1, 2, 3],
              "%s: --resume completes it (exit %d, %d rows)" %
              (name, code, len(got)))
    for pid in pids_running("sleep 1238"):
        os.kill(pid, signal.SIGKILL)


def full_disk_outer(dt, work):
    """Runs the full-disk part in a private mount namespace."""
    tools = os.path.join(work, "tools-good")
    argv = ["unshare", "-rm", sys.executable, os.path.abspath(__file__),
            "--full-disk", dt, tools, os.path.join(work, "fulldisk")]
    if subprocess.run(["unshare", "-rm", "true"],
                      capture_output=True).returncode != 0:
        if os.geteuid() != 0:
            print("SKIP  full disk: no unshare -rm and not root")
            return
        argv = ["unshare", "-m"] + argv[2:]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=1200)
    sys.stdout.write(r.stdout)
    if r.returncode != 0:
        check(False, "full disk: the namespace part failed (exit %d)\n%s" %
              (r.returncode, r.stderr[-2000:]))


def full_disk_inner(dt, good_tools, work):
    shutil.rmtree(work, ignore_errors=True)
    disk = os.path.join(work, "disk")
    state = os.path.join(work, "state")
    os.makedirs(disk)
    os.makedirs(state)
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs",
                        disk], capture_output=True, text=True)
    if m.returncode != 0:
        print("SKIP  full disk: cannot mount a tmpfs: " + m.stderr.strip())
        return 0
    real_compile = os.path.join(good_tools, "iree-compile")
    real_run = os.path.join(good_tools, "iree-run-module")

    # The default --min-free-disk (1G) is more than the disk has.
    out = os.path.join(disk, "refused")
    code, text = fuzz(dt, good_tools, out, ["--cases=4"])
    ok = code == 4 and "free on the campaign's disk" in text
    check(ok, "full disk: refuses to start a batch below --min-free-disk "
          "(exit %d)" % code + why(ok, text))
    shutil.rmtree(out, ignore_errors=True)

    # The third compiler call fills the disk, then compiles for real.
    counter = os.path.join(state, "calls")
    filler = os.path.join(disk, "filler")
    body = r'''
n=$(cat "%(counter)s" 2>/dev/null || echo 0); n=$((n + 1))
echo $n > "%(counter)s"
if [ $n = 3 ]; then head -c 1073741824 /dev/zero > "%(filler)s" 2>/dev/null; fi
exec "%(real)s" "$@"
''' % {"counter": counter, "filler": filler, "real": real_compile}
    tools = fake_tools(os.path.join(state, "tools"), body, None,
                       real_compile, real_run)
    out = os.path.join(disk, "campaign")
    code, text = fuzz(dt, tools, out, ["--cases=12", "--min-free-disk=0"])
    check(os.path.exists(filler), "full disk: the disk was filled by the third compiler call")
    ok = code == 4 and "No space left on device" in text and "--resume" in text
    check(ok, "full disk: stops with exit 4 naming the full disk (exit %d)" %
          code + why(ok, text))
    os.unlink(filler)
    db = os.path.join(out, "campaign.db")
    check(integrity(db) == "ok", "full disk: SQLite integrity check ok")
    got = rows(db)
    check(not any("space" in (d or "") or v == "tool-error"
                  for _, _, v, d in got),
          "full disk: no finding recorded about the disk (%d rows)" %
          len(got))
    check(len(got) % 4 == 0 and len(got) < 12,
          "full disk: whole batches only, the failed one not committed "
          "(%d rows)" % len(got))
    bundles = failure_bundles(out)
    check(all(os.path.isdir(os.path.join(out, b)) for b in bundles),
          "full disk: every recorded failure has its bundle (%d)" %
          len(bundles))
    code, text = fuzz(dt, good_tools, out, ["--cases=12", "--resume",
                                            "--min-free-disk=0"])
    got = rows(db)
    check(code == 0 and sorted(c for c, *_ in got) == list(range(12)),
          "full disk: after freeing space, --resume records every case "
          "exactly once (exit %d, %d rows)" % (code, len(got)) +
          why(code == 0, text))
    subprocess.run(["umount", disk])
    return 1 if failures else 0


def main():
    if sys.argv[1] == "--full-disk":
        dt, tools, work = sys.argv[2:5]
        return full_disk_inner(dt, tools, work)
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    rc_, rr = tools
    faults_per_case(dt, rc_, rr, work)
    stopped_every_time(dt, rc_, rr, work)
    campaign_killed(dt, rc_, rr, work)
    full_disk_outer(dt, work)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
