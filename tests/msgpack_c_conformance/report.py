#!/usr/bin/env python3
"""The conformance matrix's state as a to-do list: runs every built conformance binary and every
generation and refusal check, and prints the failing cells, one block each.

    report.py BUILD_DIR [--tool TOOL]

BUILD_DIR is the CMake build folder (the one holding tests/msgpack_c_conformance/). TOOL defaults
to the MSGPACK_GEN_EXECUTABLE in its cache, else BUILD_DIR/tool/msgpack-gen. Exit status 1 when
anything fails. Not a ctest test: ctest runs the same checks one by one.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))


def tool_of(build):
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            m = re.search(r"^MSGPACK_GEN_EXECUTABLE:FILEPATH=(.+)$", f.read(), re.M)
            if m and m.group(1).strip():
                return m.group(1).strip()
    return os.path.join(build, "tool", "msgpack-gen")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--tool")
    args = ap.parse_args()
    here = os.path.join(os.path.abspath(args.build), "tests", "msgpack_c_conformance")
    manifest_path = os.path.join(here, "generated", "manifest.json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    tool = args.tool or tool_of(args.build)
    check = [sys.executable, os.path.join(HERE, "check_tool.py"), "--tool", tool, "--manifest",
             manifest_path]
    m = manifest["matrix"]
    print("matrix: %d structs, %d struct x kind cells (%d kinds x %d forms x (%d shapes + %d "
          "layouts))%s" % (m["structs"], m["cells"], m["kinds"], m["forms"], m["shapes"],
                           m["layouts"],
                           "; excluded kinds: " + ", ".join(manifest["excluded_kinds"])
                           if manifest["excluded_kinds"] else ""))
    failures = 0
    passed = 0
    for pkg in manifest["packages"]:
        gen = subprocess.run(check + ["generate", pkg], capture_output=True, text=True)
        if gen.returncode != 0:
            failures += 1
            errors = [l for l in gen.stdout.splitlines() if ": error: " in l]
            print("\n== package %s does not generate:" % pkg)
            for e in errors:
                print("   " + e)
        binary = os.path.join(here, "msgpack_c_conformance_" + pkg)
        if not os.path.exists(binary):
            print("\n== package %s: no test binary (not built)" % pkg)
            failures += 1
            continue
        run = subprocess.run([binary, "-r", "xml"], capture_output=True, text=True)
        try:
            root = ET.fromstring(run.stdout)
        except ET.ParseError:
            print("\n== package %s: the test binary crashed (exit status %d)\n%s"
                  % (pkg, run.returncode, run.stdout[-2000:] + run.stderr[-2000:]))
            failures += 1
            continue
        for case in root.iter("TestCase"):
            result = case.find("OverallResult")
            if result is not None and result.get("success") == "true":
                passed += 1
                continue
            failures += 1
            print("\n== %s: %s" % (pkg, case.get("name")))
            for failure in case.iter("Failure"):
                print("   " + (failure.text or "").strip().replace("\n", "\n   "))
            for expr in case.iter("Expression"):
                if expr.get("success") == "false":
                    orig = expr.find("Original")
                    exp = expr.find("Expanded")
                    print("   CHECK failed: %s (%s)" % (
                        (orig.text or "").strip() if orig is not None else "?",
                        (exp.text or "").strip() if exp is not None else "?"))
            for exc in case.iter("Exception"):
                print("   exception: " + (exc.text or "").strip())
    ref = subprocess.run(check + ["refusal", "--all"], capture_output=True, text=True)
    for line in ref.stdout.splitlines():
        if line.startswith("OK:"):
            passed += 1
    bad = [l for l in ref.stdout.splitlines() if not l.startswith("OK:")]
    if bad:
        failures += sum(1 for l in bad if l.startswith("FAIL:"))
        print("\n== refusals:")
        for l in bad:
            print("   " + l)
    print("\n%d passed, %d failing" % (passed, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
