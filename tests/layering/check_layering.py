#!/usr/bin/env python3
"""The interpreter builds and tests without the layers above it.

Fails (exit 1, naming each offence) when a file under interp/ includes a
header of a higher layer (gpu/: the IREE driver; oracle/: the comparator of
IREE's outputs; difftest/ and fuzz/: the campaign and the generator), or
when an interpreter target links one of their libraries, by the transitive
link lists CMake wrote at configure time (tests/CMakeLists.txt:
interp-link-closure.txt, one `target: library...` line per target).

Usage: check_layering.py SOURCE_ROOT LINK_CLOSURE_FILE
"""

import pathlib
import re
import sys

FORBIDDEN_DIRS = ("gpu", "oracle", "difftest", "fuzz")
FORBIDDEN_LIBS = ("refOracle", "refIree", "refTargets", "refSignature",
                  "refFuzz")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
SOURCE_SUFFIXES = (".h", ".cpp", ".inc", ".td", ".def")


def include_offences(root):
    offences = []
    for path in sorted((root / "interp").rglob("*")):
        if not path.is_file() or path.suffix not in SOURCE_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            m = INCLUDE.match(line)
            if m and m.group(1).split("/")[0] in FORBIDDEN_DIRS:
                offences.append(f"{path.relative_to(root)}:{number}: includes "
                                f"{m.group(1)}")
    return offences


def link_offences(closure_file):
    offences = []
    lines = pathlib.Path(closure_file).read_text().splitlines()
    if not lines:
        return [f"{closure_file}: no targets listed"]
    for line in lines:
        target, _, libs = line.partition(":")
        bad = sorted(set(libs.split()) & set(FORBIDDEN_LIBS))
        if bad:
            offences.append(f"{target} links {', '.join(bad)}")
    return offences


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    offences = include_offences(pathlib.Path(sys.argv[1]))
    offences += link_offences(sys.argv[2])
    for o in offences:
        print("layering:", o)
    if offences:
        return 1
    print("layering: interp/ includes and links no higher layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
