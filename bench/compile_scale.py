#!/usr/bin/env python3
"""Compile time and memory at scale: one translation unit that includes the last header of a
large package (headers that include each other) and marshals one struct, built four ways:

  plain        the structs alone (the floor: what the TU costs without any codec)
  header-only  msgpack-gen without --split: every reachable codec defined inline in the headers
  split        msgpack-gen --split: declarations in the headers, definitions in .msgpack.cpp
  msgpack-c    the same structs with MSGPACK_DEFINE_MAP, marshalled with msgpack::pack

Usage: bench/compile_scale.py --build-dir build [--structs 2000] [--headers 20] [--fields 10]
                              [--skip-msgpack-c] [--cxx g++] [--opt -O2]
Prints a Markdown table (seconds and peak resident memory of the compiler, one run each) and the
ratios to the plain TU. Nothing is timed as a test: the figures go into docs/benchmarks.md.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

FIELD_TYPES = ["std::int64_t", "std::string", "std::vector<std::int32_t>", "double", "bool"]


def write_package(folder, structs, headers, fields, with_msgpack_c):
    os.makedirs(folder, exist_ok=True)
    per_header = structs // headers
    names = []
    for h in range(headers):
        lines = ["#pragma once", "#include <cstdint>", "#include <string>", "#include <vector>"]
        if with_msgpack_c:
            lines.append("#include <msgpack.hpp>")
        if h > 0:
            lines.append('#include "h%02d.hpp"' % (h - 1))
        lines.append("namespace pkg {")
        for i in range(per_header):
            name = "S%02d_%03d" % (h, i)
            members = []
            for f in range(fields):
                if f == fields - 1 and h > 0:
                    # Each struct reaches one of the previous header's: the package is one graph.
                    members.append(("S%02d_%03d" % (h - 1, i), "f%d" % f))
                else:
                    members.append((FIELD_TYPES[(i + f) % len(FIELD_TYPES)], "f%d" % f))
            lines.append("struct %s {" % name)
            for type_name, member in members:
                lines.append("  %s %s{};" % (type_name, member))
            if with_msgpack_c:
                lines.append("  MSGPACK_DEFINE_MAP(%s);" % ", ".join(m for _, m in members))
            lines.append("};")
            names.append("pkg::" + name)
        lines.append("}  // namespace pkg")
        with open(os.path.join(folder, "h%02d.hpp" % h), "w") as out:
            out.write("\n".join(lines) + "\n")
    return names


def measure(command, cwd):
    """Runs a compiler command under /usr/bin/time: (seconds, peak MiB)."""
    log = tempfile.NamedTemporaryFile(delete=False)
    log.close()
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", log.name] + command, cwd=cwd,
                            capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit("compile failed: %s\n%s" % (" ".join(command), result.stderr[-3000:]))
    with open(log.name) as f:
        peak_kib = int(f.read().strip().splitlines()[-1])
    os.unlink(log.name)
    return seconds, peak_kib / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--structs", type=int, default=2000)
    parser.add_argument("--headers", type=int, default=20)
    parser.add_argument("--fields", type=int, default=10)
    parser.add_argument("--cxx", default="g++")
    parser.add_argument("--opt", default="-O2")
    parser.add_argument("--skip-msgpack-c", action="store_true")
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "msgpack-gen-scale"))
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tool = os.path.join(os.path.abspath(args.build_dir), "tool", "msgpack-gen")
    runtime = os.path.join(root, "runtime", "include")
    shutil.rmtree(args.work, ignore_errors=True)
    plain_dir = os.path.join(args.work, "plain")
    macro_dir = os.path.join(args.work, "msgpack_c")
    # Every struct is generated, as in a service that sends all of its DTOs.
    all_types = write_package(plain_dir, args.structs, args.headers, args.fields, False)
    root_type = all_types[-1]
    write_package(macro_dir, args.structs, args.headers, args.fields, True)
    last = "h%02d" % (args.headers - 1)

    rows = []
    flags = [args.cxx, "-std=c++17", args.opt, "-c", "-o", "/dev/null", "-I", runtime]
    start = time.monotonic()
    subprocess.run([tool, "-p", plain_dir, "-o", os.path.join(args.work, "header_only")] +
                   all_types, check=True)
    generate_seconds = time.monotonic() - start
    subprocess.run([tool, "-p", plain_dir, "-o", os.path.join(args.work, "split"), "--split"] +
                   all_types, check=True)

    def tu(name, include, body):
        path = os.path.join(args.work, name + "_tu.cpp")
        with open(path, "w") as out:
            out.write('#include "%s"\n%s\n' % (include, body))
        return path

    marshal_gen = ("bool use(const %s& v, %s& w) { msgpack_gen::Buffer b; "
                   "msgpack_gen::marshal(b, v); return msgpack_gen::unmarshal(b, w).ok(); }"
                   % (root_type, root_type))
    plain_tu = tu("plain", os.path.join(plain_dir, last + ".hpp"),
                  "bool use(const %s& v) { return v.f0 == 0; }" % root_type)
    rows.append(("plain structs",) + measure(flags + [plain_tu], args.work))
    for form in ("header_only", "split"):
        path = tu(form, os.path.join(args.work, form, last + ".msgpack.hpp"), marshal_gen)
        rows.append((form.replace("_", "-"),) + measure(flags + ["-I", plain_dir, path], args.work))
    sources = sorted(f for f in os.listdir(os.path.join(args.work, "split")) if f.endswith(".cpp"))
    split_total = 0.0
    split_peak = 0.0
    for source in sources:
        seconds, peak = measure(flags + ["-I", plain_dir, os.path.join(args.work, "split", source)],
                                args.work)
        split_total += seconds
        split_peak = max(split_peak, peak)
    if not args.skip_msgpack_c:
        path = tu("msgpack_c", os.path.join(macro_dir, last + ".hpp"),
                  "bool use(const %s& v, %s& w) { msgpack::sbuffer b; msgpack::pack(b, v); "
                  "msgpack::unpack(b.data(), b.size()).get().convert(w); return true; }"
                  % (root_type, root_type))
        rows.append(("msgpack-c MSGPACK_DEFINE_MAP",) +
                    measure(flags + ["-DMSGPACK_NO_BOOST", path], args.work))

    print("%d structs in %d headers, %d fields each; %s %s; one run each" %
          (args.structs, args.headers, args.fields, args.cxx, args.opt))
    print("msgpack-gen generated the package in %.2f s" % generate_seconds)
    print()
    print("| TU that includes the last header and uses one struct | time | peak memory | "
          "vs plain |")
    print("|---|---:|---:|---:|")
    plain_seconds, plain_peak = rows[0][1], rows[0][2]
    for name, seconds, peak in rows:
        print("| %s | %.2f s | %.0f MiB | %.2fx time, %.2fx memory |" %
              (name, seconds, peak, seconds / plain_seconds, peak / plain_peak))
    print()
    print("split: the %d generated .msgpack.cpp files compile once in %.1f s in all "
          "(peak %.0f MiB)" % (len(sources), split_total, split_peak))


if __name__ == "__main__":
    main()
