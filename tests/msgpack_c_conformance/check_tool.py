#!/usr/bin/env python3
"""Runs msgpack-gen on the conformance packages generate.py wrote (manifest.json), for ctest:

    check_tool.py --tool TOOL --manifest FILE generate PACKAGE
        the package generates: exit status 0 (its diagnostics are printed either way). The build
        runs the same generation through add_msgpack_codegen(); this test names the package and
        shows the tool's errors in ctest's output when that build step fails.

    check_tool.py --tool TOOL --manifest FILE refusal CASE
        the tool refuses the case's type: exit status 1, `<header>:<line>:<col>: error:` at the
        member (the column only when the manifest gives one), and every expected substring in
        that error.

    check_tool.py --tool TOOL --manifest FILE refusal --all
        every refusal case, one line each (for reading, not for ctest).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<text>.*)$", re.M)


def run_tool(tool, package_dir, types, out_dir):
    cmd = [tool, "-p", package_dir, "-o", out_dir, "--std=c++17", "-DMSGPACK_NO_BOOST",
           "--color=never"] + types
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return cmd, proc


def check_generate(args, manifest):
    pkg = manifest["packages"].get(args.name)
    if pkg is None:
        sys.exit("no package %r in %s" % (args.name, args.manifest))
    with tempfile.TemporaryDirectory() as out:
        cmd, proc = run_tool(args.tool, pkg["dir"], pkg["types"], out)
    print("$ " + " ".join("'%s'" % c if "<" in c or " " in c else c for c in cmd))
    sys.stdout.write(proc.stderr)
    if proc.returncode != 0:
        errors = ERROR.findall(proc.stderr)
        print("FAIL: package %s does not generate (exit status %d, %d error(s))"
              % (args.name, proc.returncode, len(errors)))
        return 1
    print("OK: package %s generates" % args.name)
    return 0


def check_refusal(case_id, case, tool):
    """(ok, report lines)."""
    with tempfile.TemporaryDirectory() as out:
        cmd, proc = run_tool(tool, case["dir"], [case["type"]], out)
    report = ["$ " + " ".join(cmd), proc.stderr.rstrip("\n")]
    problems = []
    if proc.returncode != 1:
        problems.append("exit status %d, expected 1" % proc.returncode)
    header = case["header"]
    errors = [m for m in ERROR.finditer(proc.stderr)
              if os.path.basename(m.group("file")) == header]
    at_member = [m for m in errors if int(m.group("line")) == case["line"]]
    where = "%s:%d" % (header, case["line"])
    if case.get("column"):
        at_member = [m for m in at_member if int(m.group("col")) == case["column"]]
        where += ":%d" % case["column"]
    if not at_member:
        seen = ", ".join("%s:%s:%s" % (os.path.basename(m.group("file")), m.group("line"),
                                       m.group("col")) for m in ERROR.finditer(proc.stderr))
        problems.append("no `%s: error:` (errors at: %s)" % (where, seen or "none"))
    else:
        text = at_member[0].group("text")
        for want in case["expect"]:
            if want not in text:
                problems.append("the error at %s lacks %r: %s" % (where, want, text))
    if problems:
        return False, report + ["FAIL: refusal %s (%s): %s" % (case_id, case["type"], p)
                                for p in problems]
    return True, report + ["OK: refusal %s: %s" % (case_id, at_member[0].group(0))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("mode", choices=["generate", "refusal"])
    ap.add_argument("name", nargs="?")
    ap.add_argument("--all", action="store_true")
    args = ap.parse_args()
    with open(args.manifest, encoding="utf-8") as f:
        manifest = json.load(f)
    if args.mode == "generate":
        return check_generate(args, manifest)
    cases = manifest["refusals"]
    names = sorted(cases) if args.all else [args.name]
    failed = 0
    for name in names:
        if name not in cases:
            sys.exit("no refusal case %r in %s" % (name, args.manifest))
        ok, report = check_refusal(name, cases[name], args.tool)
        if args.all:
            print(report[-1] if ok else "\n".join(report[1:]))
        else:
            print("\n".join(report))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
