#!/usr/bin/env python3
"""Generated / hand-written ratios over several code layouts of the same benchmark.

At 10-20 ns per struct, where the compiler happens to place functions and loops moves one
codec's time by up to 2x on the same source (measured: a one-instruction trampoline in front of
the hand-written Flat encoder doubled its time, docs/benchmarks.md). One binary's ratio is then
one draw from that spread. This script rebuilds the benchmark's translation unit with eight
alignment settings (each places the code differently), runs the chosen rows in each, and
reports per row the median over the layouts of the per-layout medians, with the range.

  bench/layout_sweep.py --build-dir build                        # the working tree's runtime
  bench/layout_sweep.py --build-dir build --baseline HEAD~1      # and the runtime at HEAD~1
  bench/layout_sweep.py --build-dir build --filter 'Flat/map/hot/marshal/(gen_buffer|handwritten)$'

--baseline REV compares runtime/include at REV with the working tree's, both compiled against the
build directory's generated code (it compares runtime changes, not generator changes). The build
directory must be configured with MSGPACK_GEN_BUILD_BENCH=ON and built once (the benchmark's
object files and generated headers are taken from it). Only the Python standard library is used.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Each setting places the benchmark's functions and loops at other addresses.
LAYOUTS = [
    "",
    "-falign-functions=64",
    "-falign-functions=32 -falign-loops=32",
    "-falign-loops=64",
    "-falign-jumps=32",
    "-falign-functions=1",
    "-falign-labels=16",
    "-falign-functions=64 -falign-loops=16",
]

DEFAULT_FILTER = "(unmarshal/(gen_reused|handwritten)|marshal/(gen_buffer|handwritten))$"


def die(message):
    print(f"layout_sweep.py: {message}", file=sys.stderr)
    sys.exit(1)


def bench_commands(build_dir):
    """The compile command of bench.cpp and the object file of alloc_count.cpp."""
    path = os.path.join(build_dir, "compile_commands.json")
    if not os.path.exists(path):
        die(f"no {path}: configure {build_dir} with MSGPACK_GEN_BUILD_BENCH=ON")
    compile_bench = alloc_object = None
    for entry in json.load(open(path)):
        command = entry.get("command") or " ".join(entry["arguments"])
        if "msgpack_gen_bench.dir" not in command:
            continue
        args = shlex.split(command)
        output = args[args.index("-o") + 1]
        if entry["file"].endswith("bench/bench.cpp"):
            compile_bench = (args, entry["directory"])
        elif entry["file"].endswith("bench/alloc_count.cpp"):
            alloc_object = os.path.join(entry["directory"], output)
    if compile_bench is None or alloc_object is None or not os.path.exists(alloc_object):
        die(f"build msgpack_gen_bench in {build_dir} first")
    return compile_bench, alloc_object


def build(compile_bench, alloc_object, runtime_include, layout, binary):
    args, directory = compile_bench
    args = list(args)
    runtime = os.path.join(ROOT, "runtime", "include")
    args = ["-I" + runtime_include if a == "-I" + runtime else a for a in args]
    out_index = args.index("-o") + 1
    obj = binary + ".o"
    args[out_index] = obj
    args[out_index - 1 : out_index - 1] = shlex.split(layout)
    subprocess.run(args, cwd=directory, check=True)
    subprocess.run(
        [args[0], "-O3", obj, alloc_object,
         "-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free", "-lbenchmark",
         "-lpthread", "-o", binary],
        check=True)
    os.remove(obj)


def run(binary, row_filter, repetitions):
    """{row: {codec: median cpu_time}} of one binary."""
    out = subprocess.run(
        [binary, f"--benchmark_filter={row_filter}",
         f"--benchmark_repetitions={repetitions}", "--benchmark_enable_random_interleaving=true",
         "--benchmark_min_time=0.1", "--benchmark_report_aggregates_only=true",
         "--benchmark_format=json"],
        capture_output=True, text=True, check=True).stdout
    rows = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        row, codec = b["run_name"].rsplit("/", 1)
        rows.setdefault(row, {})[codec] = b["cpu_time"]
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--baseline", help="also measure runtime/include at this git revision")
    parser.add_argument("--filter", default=DEFAULT_FILTER)
    parser.add_argument("--repetitions", type=int, default=5)
    options = parser.parse_args()

    compile_bench, alloc_object = bench_commands(os.path.abspath(options.build_dir))
    with tempfile.TemporaryDirectory(prefix="layout_sweep.") as tmp:
        runtimes = [("working tree", os.path.join(ROOT, "runtime", "include"))]
        if options.baseline:
            subprocess.run(
                f"git -C {shlex.quote(ROOT)} archive {shlex.quote(options.baseline)} "
                f"runtime/include | tar -x -C {shlex.quote(tmp)}",
                shell=True, check=True)
            runtimes.insert(0, (options.baseline, os.path.join(tmp, "runtime", "include")))
        binaries = []  # (runtime label, layout index, path)
        for label, include in runtimes:
            for i, layout in enumerate(LAYOUTS):
                binary = os.path.join(tmp, f"bench_{len(binaries)}")
                print(f"building layout {i + 1}/{len(LAYOUTS)} ({layout or 'defaults'}), "
                      f"runtime: {label}", file=sys.stderr)
                build(compile_bench, alloc_object, include, layout, binary)
                binaries.append((label, i, binary))
        # times[row][label] = [(gen time, gen / hand-written)] per layout; layouts alternate
        # between the runtimes so that a change in the machine's load hits both alike.
        times = {}
        for i in range(len(LAYOUTS)):
            for label, layout_index, binary in binaries:
                if layout_index != i:
                    continue
                print(f"running layout {i + 1}/{len(LAYOUTS)}, runtime: {label}", file=sys.stderr)
                for row, codecs in run(binary, options.filter, options.repetitions).items():
                    gen = [v for k, v in codecs.items() if k.startswith("gen")]
                    hand = codecs.get("handwritten")
                    if len(gen) != 1 or hand is None:
                        continue
                    times.setdefault(row, {}).setdefault(label, []).append((gen[0], gen[0] / hand))

    labels = [label for label, _ in runtimes]
    print(f"Medians over {len(LAYOUTS)} layouts of the per-layout medians "
          f"({options.repetitions} repetitions each); ms per pass; [range of the ratio]")
    header = "| row | " + " | ".join(f"{l}: generated ms | {l}: generated / hand-written"
                                      for l in labels) + " |"
    print(header)
    print("|---" * (1 + 2 * len(labels)) + "|")
    for row in sorted(times):
        cells = []
        for label in labels:
            samples = times[row].get(label, [])
            if not samples:
                cells += ["-", "-"]
                continue
            ratios = [r for _, r in samples]
            cells.append(f"{statistics.median(t for t, _ in samples):.3f}")
            cells.append(f"{statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}]")
        print(f"| {row} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
