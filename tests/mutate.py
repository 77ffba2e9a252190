#!/usr/bin/env python3
"""Mutation check: how many hand-written bugs in the runtime and the emitter the tests catch.

Not run in CI. Each mutant is one small edit a real bug would look like (a bounds check flipped, a
length check dropped, a marker byte or an endianness wrong, two emitted fields swapped...). The
script applies the mutants one at a time to a copy of the source, rebuilds only what includes the
mutated file, runs the tests of those binaries and records which test, if any, fails first.

    python3 tests/mutate.py                 # every mutant (30 to 60 minutes on 2 cores)
    python3 tests/mutate.py --list          # the mutants, and whether each still applies
    python3 tests/mutate.py --only R05,E03  # some of them

The user's working tree is never modified: the tracked files (`git ls-files`, with uncommitted
changes) are copied to <work>/src and built in <work>/obj (Ninja, Debug, -O0 -g0: fast compiles).
<work> defaults to build-mutate/ in the repository (git-ignored by /build*/).

Per mutant:
  runtime mutants (runtime/include/...): the Catch2 binaries of the runtime, the extension types,
    the standard types, generated code, hostile input and msgpack-c compatibility whose objects
    include the mutated header (ninja's dependency log says which), built and run one binary at a
    time, cheapest and likeliest killer first, until one fails;
  emitter mutants (tool/emitter/, templates/): msgpack-gen, then emitter_tests and the binaries
    that compile generated code, as above; then, separately, the golden-file checks, which any
    change to the emitted text fails ("with goldens").
Results: killed (the first failing test), timeout (counts as killed), survived, compile (the
mutated code does not build: reported apart and left out of the score), not-covered (no binary
includes the file). A mutant whose `find` text is not in its file exactly once is stale: the script
stops before building anything (with --keep-going it reports it and runs the others).

Exit status: 0 when every mutant not marked equivalent was killed, 1 when some survived, 2 for
stale mutants, a failing baseline or a usage error.
"""

import argparse
import datetime
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Set

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Mutant:
    id: str
    file: str  # relative to the repository
    category: str
    find: str  # must occur exactly once in `file`
    replace: str
    equivalent: Optional[str] = None  # why no test can tell this mutant from the original

    @property
    def kind(self) -> str:
        return "emitter" if self.file.startswith(("tool/emitter/", "templates/")) else "runtime"


W = "runtime/include/msgpack_gen/writer.hpp"
R = "runtime/include/msgpack_gen/reader.hpp"
RT = "runtime/include/msgpack_gen/"
T = "templates/"
SE = "tool/emitter/struct_emitter.cpp"

# The mutants. Keep `find` exact (whitespace included) and small: when the code moves on, the
# mutant goes stale and the script says so.
MUTANTS: List[Mutant] = [
    # ---- writer.hpp: encodings -----------------------------------------------------------------
    Mutant("W01", W, "off-by-one threshold (uint8)",
           "if (v <= 0xff) {\n    p[0] = 0xcc;", "if (v < 0xff) {\n    p[0] = 0xcc;"),
    Mutant("W02", W, "off-by-one threshold (positive fixint)",
           "MSGPACK_GEN_LIKELY(v < 0x80)", "MSGPACK_GEN_LIKELY(v <= 0x80)"),
    Mutant("W03", W, "off-by-one threshold (negative fixint)",
           "if (v >= -32) {", "if (v >= -33) {"),
    Mutant("W04", W, "float32 vs float64 (marker)",
           "*p = 0xca;", "*p = 0xcb;"),
    Mutant("W05", W, "wrong endianness (float64)",
           "*p = 0xcb;\n  return endian::store(p + 1, bits);",
           "*p = 0xcb;\n  std::memcpy(p + 1, &bits, sizeof bits);\n  return p + 9;"),
    Mutant("W06", W, "off-by-one header threshold (fixarray 15)",
           "return header(p, n, 0x90, 15, 0xdc);", "return header(p, n, 0x90, 16, 0xdc);"),
    Mutant("W07", W, "off-by-one header threshold (array16/map16 -> 32)",
           "if (n <= 0xffff) {\n    *p = marker16;", "if (n < 0xffff) {\n    *p = marker16;"),
    Mutant("W08", W, "off-by-one header threshold (fixstr 31 -> 32)",
           "MSGPACK_GEN_LIKELY(n < 32)", "MSGPACK_GEN_LIKELY(n <= 32)"),
    Mutant("W09", W, "off-by-one header threshold (str8 0xff -> 0x100)",
           "if (n <= 0xff) {\n    p[0] = 0xd9;", "if (n <= 0x100) {\n    p[0] = 0xd9;"),
    Mutant("W10", W, "wrong marker byte (bin8 written as str8)",
           "p[0] = 0xc4;", "p[0] = 0xd9;"),
    Mutant("W11", W, "wrong marker byte (fixext16 as fixext8)",
           "case 16:\n      *p++ = 0xd8;", "case 16:\n      *p++ = 0xd7;"),
    Mutant("W12", W, "bool marker swapped (Writer)",
           "put1(v ? 0xc3 : 0xc2)", "put1(v ? 0xc2 : 0xc3)"),
    Mutant("W13", W, "capacity check too small (str header not reserved)",
           "std::uint8_t* p = out_.prepare(encode::kMaxHeaderSize + n);\n"
           "    p = encode::str_header",
           "std::uint8_t* p = out_.prepare(n);\n    p = encode::str_header"),
    # ---- reader.hpp: decoding and bounds -------------------------------------------------------
    Mutant("R01", R, "nil handling (any byte accepted as nil)",
           '    if (*pos_ != 0xc0) return mismatch("nil");\n', ""),
    Mutant("R02", R, "bounds check flipped (wide int fast path)",
           "width < remaining() &&", "width <= remaining() &&"),
    Mutant("R03", R, "signed/unsigned confusion (uint64 read as int64)",
           "if (m <= 0xcf) {\n            if (holds<T>(bits)) {",
           "if (m < 0xcf) {\n            if (holds<T>(bits)) {"),
    Mutant("R04", R, "signed/unsigned confusion (negative fixint)",
           "store_int(out, static_cast<std::int64_t>(static_cast<std::int8_t>(m)), 1)",
           "store_int(out, static_cast<std::int64_t>(m), 1)"),
    Mutant("R05", R, "length check off by one (float32)",
           'if (!need(5, "float32")) return false;', 'if (!need(4, "float32")) return false;'),
    Mutant("R06", R, "limit check dropped (fixstr vs max_str_length)",
           "remaining() > n && n <= limits_.by_kind[kStr]", "remaining() > n"),
    Mutant("R07", R, "off-by-one in header size (str16/bin16)",
           "header = 3;", "header = 2;"),
    Mutant("R08", R, "wrong endianness (str32/bin32 length)",
           "header = 5;\n        n = endian::load<std::uint32_t>(pos_ + 1);",
           "header = 5;\n        std::memcpy(&n, pos_ + 1, sizeof n);"),
    Mutant("R09", R, "bounds check off by one (str/bin payload)",
           "remaining() - header < n", "remaining() - header + 1 < n"),
    Mutant("R10", R, "length check off by one (ext type byte)",
           "if (remaining() - header < 1 + static_cast<std::size_t>(n)) {",
           "if (remaining() - header < static_cast<std::size_t>(n)) {"),
    # (Dropping this check outright does not compile: min_bytes would be unused, an error.)
    Mutant("R11", R, "length check against the whole input, not what remains (array/map)",
           "if (MSGPACK_GEN_UNLIKELY(n * min_bytes > remaining())) {",
           "if (MSGPACK_GEN_UNLIKELY(n * min_bytes > static_cast<std::size_t>(end_ - begin_))) {"),
    Mutant("R12", R, "limit of the wrong kind (array/map count vs max_str_length)",
           "if (MSGPACK_GEN_UNLIKELY(n > limits_.by_kind[kind])) {",
           "if (MSGPACK_GEN_UNLIKELY(n > limits_.by_kind[kStr])) {"),
    Mutant("R13", R, "skip miscounts (fixmap pairs as single values)",
           "children = (m <= 0x8f) ? 2u * (m & 0x0f) : (m & 0x0f);", "children = m & 0x0f;"),
    Mutant("R14", R, "depth limit ignores enclosing levels (skip)",
           "if (depth_ + levels + 1 > max_depth_ ||", "if (levels + 1 > max_depth_ ||"),
    Mutant("R15", R, "depth limit not decremented",
           "void leave() noexcept { --depth_; }", "void leave() noexcept {}"),
    Mutant("R16", R, "bounds check flipped (match_key needs a value byte)",
           "remaining() > n && std::memcmp(pos_, encoded, n) == 0",
           "remaining() >= n && std::memcmp(pos_, encoded, n) == 0"),
    Mutant("R17", R, "allocation limit off by one",
           "bytes > allocation_left_)) return over_budget(bytes);",
           "bytes >= allocation_left_)) return over_budget(bytes);"),
    Mutant("R18", R, "limit raised instead of lowered (LimitScope)",
           "for (std::uint32_t& l : in.limits_.by_kind) l = l < limit ? l : limit;",
           "for (std::uint32_t& l : in.limits_.by_kind) l = limit;"),
    Mutant("R19", R, "depth cap ignored (max_depth above kDepthLimit)",
           "max_depth_(options.max_depth < kDepthLimit ? options.max_depth : kDepthLimit),",
           "max_depth_(options.max_depth),"),
    # ---- buffer.hpp, pool.hpp ------------------------------------------------------------------
    Mutant("B01", RT + "buffer.hpp", "bounds check flipped (grows when the room is exact)",
           "capacity_ - size_ < n", "capacity_ - size_ <= n"),
    Mutant("B02", RT + "buffer.hpp", "bounds check flipped (truncate)",
           "if (n < size_) size_ = n;", "if (n <= size_) size_ = n;",
           equivalent="truncate(n) with n == size() stores the value size_ already holds: "
                      "no state, return value or allocation differs."),
    Mutant("B03", RT + "buffer.hpp", "moved-from state (capacity kept without its memory)",
           "capacity_(std::exchange(other.capacity_, 0))", "capacity_(other.capacity_)"),
    Mutant("P01", RT + "pool.hpp", "pool limit ignored (max_idle_bytes, shared list)",
           "    if (shared_bytes_ + reserved_bytes_ + capacity > options_.max_idle_bytes) return;\n",
           ""),
    Mutant("P02", RT + "pool.hpp", "pool limit ignored (max_buffer_capacity)",
           "if (capacity > options_.max_buffer_capacity || options_.max_idle_buffers == 0) return;",
           "if (options_.max_idle_buffers == 0) return;"),
    Mutant("P03", RT + "pool.hpp", "pool limit off by one (the slot not counted)",
           "idle_.size() + 1 < options_.max_idle_buffers",
           "idle_.size() < options_.max_idle_buffers"),
    Mutant("P04", RT + "pool.hpp", "accounting dropped (acquire keeps the idle bytes)",
           "        shared_bytes_ -= buffer->capacity();\n", ""),
    Mutant("P05", RT + "pool.hpp", "pool limit ignored (max_idle_buffers, no thread slots)",
           "if (idle_.size() < options_.max_idle_buffers) push_idle_locked(buffer);",
           "push_idle_locked(buffer);",
           equivalent="compiled only where MSGPACK_GEN_POOL_THREAD_SLOTS is 0 (MinGW-w64's "
                      "GCC): this native build compiles the thread-slot path instead, so none of "
                      "its tests can run the mutated line; the MinGW cross build's runtime_tests "
                      "(tests/run.sh) do."),
    # ---- bounded.hpp, containers.hpp and the other codecs --------------------------------------
    Mutant("D01", RT + "bounded.hpp", "bool marker swapped (bounded put)",
           "*p = v ? 0xc3 : 0xc2;", "*p = v ? 0xc2 : 0xc3;"),
    Mutant("D02", RT + "bounded.hpp", "capacity bound misses the str/bin header",
           "return encode::kMaxHeaderSize + n;", "return n;"),
    Mutant("C01", RT + "containers.hpp", "length check weakened (std::array takes fewer)",
           "if (n != N) {", "if (n > N) {"),
    Mutant("C02", RT + "containers.hpp", "nil handling (optional keeps its old value)",
           "in.read_nil();\n      value.reset();", "in.read_nil();"),
    Mutant("C03", RT + "containers.hpp", "depth not decremented (vector)",
           "value.resize(n);\n      if (!detail::decode_elements(in, value.begin(), n)) "
           "return false;\n      in.leave();",
           "value.resize(n);\n      if (!detail::decode_elements(in, value.begin(), n)) "
           "return false;"),
    Mutant("C04", RT + "containers.hpp", "allocation accounting by count, not bytes (vector)",
           "!in.charge(std::size_t{n} * sizeof(T))", "!in.charge(std::size_t{n})"),
    Mutant("C05", RT + "containers.hpp", "fields swapped (map entry value before key)",
           "p = encode::put(p, key);\n          p = encode::put(p, item);",
           "p = encode::put(p, item);\n          p = encode::put(p, key);"),
    Mutant("C06", RT + "sequences.hpp", "old content kept (set decode does not clear)",
           "    value.clear();\n", ""),
    Mutant("C07", RT + "tuples.hpp", "length check weakened (tuple takes longer arrays)",
           "if (n != N) {", "if (n < N) {"),
    Mutant("C08", RT + "variant.hpp", "bounds check flipped (variant index)",
           "if (index >= kAlternatives) {", "if (index > kAlternatives) {"),
    Mutant("C09", RT + "codec.hpp", "skip dropped (a non-str key's value is not skipped)",
           "if (!in.skip() || !in.skip()) return false;  // a key of another type, and its value",
           "if (!in.skip()) return false;  // a key of another type, and its value"),
    Mutant("X01", RT + "chrono.hpp", "off-by-one threshold (timestamp32 vs timestamp64)",
           "if ((packed >> 32) == 0) {", "if ((packed >> 33) == 0) {"),
    Mutant("X02", RT + "chrono.hpp", "bounds check flipped (timestamp nanoseconds)",
           "if (time.nanoseconds >= Timestamp::kNanosPerSecond) {",
           "if (time.nanoseconds > Timestamp::kNanosPerSecond) {"),
    Mutant("X03", RT + "ext/uuid.hpp", "ext type code (uuid 2 -> 3)",
           "static constexpr std::int8_t kExtType = 2;", "static constexpr std::int8_t kExtType = 3;"),
    Mutant("X04", RT + "detail/ext.hpp", "bounds check flipped (ext type byte)",
           "if (available <= header) return in.fail(ErrorCode::incomplete, what);",
           "if (available < header) return in.fail(ErrorCode::incomplete, what);"),
    Mutant("X05", RT + "detail/ext_header.hpp", "off-by-one in header size (ext16)",
           "case 0xc8:\n      return 3;", "case 0xc8:\n      return 2;"),
    Mutant("X06", RT + "detail/payload.hpp", "off-by-one threshold (4 GiB payload)",
           "return n <= 0xffffffffu;", "return n < 0xffffffffu;"),
    Mutant("X07", RT + "detail/copy.hpp", "off-by-one threshold (short copy of 4 bytes)",
           "} else if (n >= 4) {", "} else if (n > 4) {"),
    # ---- the emitter and its templates ---------------------------------------------------------
    Mutant("E01", T + "map_decode.tmpl", "key compare skipped (lookup by key length only)",
           "      if (std::memcmp(key.data(), $literal$, $length$) == 0) {  // $comment$",
           "      {  // $comment$"),
    Mutant("E02", T + "map_encode.tmpl", "fields swapped (value written before its key)",
           "    p = encode::put_raw(p, $constant$);\n    p = encode::put(p, $member$);\n"
           "%% bounded_omitempty_field",
           "    p = encode::put(p, $member$);\n    p = encode::put_raw(p, $constant$);\n"
           "%% bounded_omitempty_field"),
    Mutant("E03", T + "map_encode.tmpl", "omitempty count inverted",
           "if (is_empty($member$)) --count;", "if (!is_empty($member$)) --count;"),
    Mutant("E04", SE, "off-by-one bounds check (as_array field read only when count > i + 1)",
           'body += print("array_decode.field", {{"index", std::to_string(i)},',
           'body += print("array_decode.field", {{"index", std::to_string(i + 1)},'),
    Mutant("E05", T + "array_decode.tmpl", "extra elements: one fewer skipped",
           "for (std::uint32_t i = $count$; i < count; ++i) {",
           "for (std::uint32_t i = $count$ + 1; i < count; ++i) {"),
    Mutant("E06", T + "map_decode.tmpl", "skip dropped (a non-str key's value is not skipped)",
           "    if (!in.skip() || !in.skip()) return false;\n  }",
           "    if (!in.skip()) return false;\n  }"),
    Mutant("E07", T + "map_decode.tmpl", "bounds check dropped (omitempty key predicted past the map)",
           "if (i != count && in.match_key($constant$)) {", "if (in.match_key($constant$)) {"),
    Mutant("E08", T + "map_decode.tmpl", "index offset dropped (inlined template fields)",
           "return field < 0 ? field : field + $offset$;", "return field;"),
    Mutant("E09", T + "map_decode.tmpl", "off-by-one condition (all keys predicted)",
           "if (i == count) {  // the usual case", "if (i >= count) {  // the usual case",
           equivalent="the predicted loop stops at i == count (each field checks i == count "
                      "first), so i > count never happens: the generated code behaves the "
                      "same; only the golden files see the new text."),
    Mutant("E10", SE, "off-by-one in header size (emitted map header)",
           '{"size", std::to_string(bytes.size())},', '{"size", std::to_string(bytes.size() + 1)},'),
    Mutant("E11", SE, "fields swapped (as_array decoded in reverse order)",
           "for (std::size_t i = 0; i < fields.size(); ++i) {\n    body += print(\"array_decode.field\"",
           "for (std::size_t i = fields.size(); i-- > 0;) {\n    body += print(\"array_decode.field\""),
    Mutant("E12", SE, "strict check skipped (strict structs take the plain decoder)",
           "bool plain = int_cases.empty() && !any_required && !s.strict && !s.has_read_extra_field;",
           "bool plain = int_cases.empty() && !any_required && !s.has_read_extra_field;"),
    Mutant("E13", SE, "required bookkeeping skipped (predicted keys not marked seen)",
           "    if (f.required) {\n      std::size_t index = std::stoul(wire.index);\n"
           "      mark = print(",
           "    if (false) {\n      std::size_t index = std::stoul(wire.index);\n"
           "      mark = print("),
    Mutant("E14", SE, "off-by-one field index (decode_field)",
           "wire.index = std::to_string(own++);", "wire.index = std::to_string(++own);"),
    Mutant("E15", SE, "msgpack-c float mode inverted",
           "return s.from_msgpack_c && floats ?", "return s.from_msgpack_c && !floats ?"),
    Mutant("E16", SE, "wrong name in the error path (field name for a renamed key)",
           "std::string path = cpp_literal(f.has_int_key ? wire.path : f.key);",
           "std::string path = cpp_literal(wire.path);"),
    Mutant("E17", "tool/emitter/encoding.cpp", "signed/unsigned confusion (negative int keys)",
           "return encoded([key](Writer& w) { w.sint(key); });",
           "return encoded([key](Writer& w) { w.uint(static_cast<std::uint64_t>(key)); });"),
    Mutant("E18", "tool/emitter/encoding.cpp", "wrong escape (hex digits swapped in key literals)",
           "out += kHex[u >> 4];\n      out += kHex[u & 15];",
           "out += kHex[u & 15];\n      out += kHex[u >> 4];"),
    Mutant("E19", T + "map_decode.tmpl", "bounds check of one word, not the field count",
           "if (field < $own_fields$) seen[field / 64]", "if (field < 64) seen[field / 64]"),
]

# The binaries a mutant's tests run in, in the order they are built and run: the likeliest and
# cheapest killers first. (target, ctest regex of its tests)
RUNTIME_BINARIES = [
    ("runtime_tests", "^runtime_tests:"),
    ("std_types_tests", "^std_types_tests:"),
    ("ext_tests", "^ext_tests:"),
    ("generated_code_tests", "^generated_code_tests:"),
    ("hostile_tests", "^hostile_tests:"),
    ("msgpack_c_compat_tests", "^msgpack_c_compat_tests:"),
    ("runtime_allocation_tests", "^runtime_allocation_tests:"),
    ("hostile_memory_tests", "^hostile_memory_tests:"),
    ("fuzz_replay", "^fuzz:replay_corpus_and_regressions$"),
    ("msgpack_c_compat_semantics_tests", "^msgpack_c_compat_semantics_tests:"),
    ("msgpack_c_compat_base_names_tests", "^msgpack_c_compat_base_names_tests:"),
    ("msgpack_c_compat_cxx20_tests", "^msgpack_c_compat_cxx20_tests:"),
    ("std_types_tests_cxx20", "^std_types_tests_cxx20:"),
]
EMITTER_BINARIES = [
    ("generated_code_tests", "^generated_code_tests:"),
    ("hostile_tests", "^hostile_tests:"),
    ("msgpack_c_compat_tests", "^msgpack_c_compat_tests:"),
    ("msgpack_c_compat_semantics_tests", "^msgpack_c_compat_semantics_tests:"),
    ("msgpack_c_compat_base_names_tests", "^msgpack_c_compat_base_names_tests:"),
    ("msgpack_c_compat_cxx20_tests", "^msgpack_c_compat_cxx20_tests:"),
    ("hostile_memory_tests", "^hostile_memory_tests:"),
    ("fuzz_replay", "^fuzz:replay_corpus_and_regressions$"),
    # Last: besides the printer and line wrapping it checks the emitted text, as the goldens do.
    ("emitter_tests", "^emitter_tests:"),
]
# Targets a binary's ctest tests run besides the binary itself, built with it when they exist.
EXTRA_TARGETS = {"ext_tests": ("ext_tarantool_vectors",)}  # ext_tests:tarantool_interop
# What the golden files would say about an emitter mutant: any change to the emitted text.
GOLDEN_REGEX = "^generator:golden_files|^msgpack_c_compat:golden_files"

KILLED = ("killed", "timeout")


@dataclass
class Result:
    mutant: Mutant
    result: str  # killed, timeout, survived, compile, not-covered, stale
    killer: str = ""  # the first failing test, or the target that did not build
    golden: str = ""  # emitter mutants: the first failing golden test, or "survived"
    detail: str = ""
    seconds: float = 0.0

    @property
    def behavioural_kill(self) -> bool:
        return self.result in KILLED

    @property
    def golden_kill(self) -> bool:
        return self.behavioural_kill or (bool(self.golden) and self.golden != "survived")

    @property
    def scored(self) -> bool:
        return self.result not in ("compile", "stale") and self.mutant.equivalent is None


# ---- processes -----------------------------------------------------------------------------------

def run(cmd: List[str], cwd: Optional[Path] = None, timeout: Optional[float] = None) -> (int, str):
    """Runs cmd in its own process group (killed whole on timeout); returns (status, output)."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return -9, out.decode(errors="replace") + "\n[mutate.py: killed after %ss]" % timeout
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    return proc.returncode, out.decode(errors="replace")


def check_output(cmd: List[str], cwd: Optional[Path] = None) -> str:
    return subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.PIPE).stdout.decode()


# ---- the copy of the source ----------------------------------------------------------------------

def sync_source(src: Path) -> int:
    """Makes src hold exactly the repository's tracked files as they are in the working tree.
    Files whose content did not change keep their mtime (no rebuild); changed ones get a new one
    (a copy that kept the original's older mtime could leave a stale object file built)."""
    names = [n for n in check_output(["git", "ls-files", "-z"], cwd=REPO).split("\0") if n]
    wanted: Set[str] = set()
    changed = 0
    for name in names:
        origin = REPO / name
        if not origin.exists() and not origin.is_symlink():
            continue  # deleted in the working tree, not yet committed
        wanted.add(name)
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_symlink():
            link = os.readlink(origin)
            if target.is_symlink() and os.readlink(target) == link:
                continue
            if target.exists() or target.is_symlink():
                target.unlink()
            os.symlink(link, target)
            changed += 1
            continue
        data = origin.read_bytes()
        if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
            continue
        if target.is_symlink():
            target.unlink()
        target.write_bytes(data)
        shutil.copymode(origin, target)
        changed += 1
    for root, dirs, files in os.walk(src):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), src)
            if rel not in wanted:
                os.unlink(os.path.join(root, f))
    return changed


def configure(src: Path, obj: Path) -> None:
    if (obj / "build.ninja").exists():
        return  # ninja re-runs CMake itself when a CMakeLists.txt changed
    cmd = ["cmake", "-S", str(src), "-B", str(obj), "-G", "Ninja",
           "-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_CXX_FLAGS=-O0 -g0",
           "-DCMAKE_CXX_FLAGS_DEBUG=",  # Debug's own -g would come after -g0
           "-DMSGPACK_GEN_BUILD_TESTS=ON", "-DMSGPACK_GEN_BUILD_EXAMPLES=OFF",
           "-DMSGPACK_GEN_BUILD_BENCH=OFF"]
    print("configuring:", " ".join(cmd), flush=True)
    status, out = run(cmd)
    if status != 0:
        sys.exit("mutate.py: configuring failed:\n" + out)


# ---- building and testing ------------------------------------------------------------------------

def build(obj: Path, targets: List[str], jobs: int) -> (bool, str):
    status, out = run(["ninja", "-C", str(obj), "-j", str(jobs)] + targets)
    return status == 0, out


def first_error(build_output: str) -> str:
    for line in build_output.splitlines():
        if "error:" in line or "Error" in line:
            return line.strip()[:200]
    return "the build failed"


@dataclass
class TestRun:
    names: List[str] = field(default_factory=list)  # every test that ran, in completion order
    failed: List[str] = field(default_factory=list)  # in completion order
    timed_out: Set[str] = field(default_factory=set)
    seconds: Dict[str, float] = field(default_factory=dict)
    output: str = ""


# " 12/86 Test #12: <name, cut by ctest when long> .....***Failed    0.01 sec"
LINE = re.compile(r"^\s*\d+/\d+ Test\s+#(\d+): (.*?)\s+([\d.]+) sec\s*$")


def split_status(body: str) -> (str, str):
    """(name as shown, status) of a progress line's text before its time."""
    for status in ("Passed", "Skipped"):
        if body.endswith(status):
            return re.sub(r"[\s.*]*$", "", body[:-len(status)]), status
    cut = body.rfind("***")
    if cut < 0:
        return body, "?"
    return re.sub(r"[\s.]*$", "", body[:cut]), body[cut:]


def ctest(obj: Path, regex: str, jobs: int, timeout: float, stop_on_failure: bool) -> TestRun:
    failed_log = obj / "Testing" / "Temporary" / "LastTestsFailed.log"
    if failed_log.exists():
        failed_log.unlink()
    cmd = ["ctest", "--test-dir", str(obj), "-R", regex, "-j", str(jobs), "--timeout",
           str(int(timeout)), "--output-on-failure"]
    if stop_on_failure:
        cmd.append("--stop-on-failure")
    # A test that ignores ctest's timeout (it should not) cannot hang the run.
    status, out = run(cmd, timeout=max(3600, 20 * timeout))
    result = TestRun(output=out)
    by_number: Dict[str, str] = {}
    if failed_log.exists():  # "<number>:<name>" of each failed test: exact names
        for line in failed_log.read_text(errors="replace").splitlines():
            number, _, name = line.partition(":")
            by_number[number.strip()] = name
    for line in out.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        number, body, seconds = m.group(1), m.group(2), m.group(3)
        shown, status_text = split_status(body)
        name = by_number.get(number, shown)
        result.names.append(name)
        result.seconds[name] = float(seconds)
        if number in by_number or status_text not in ("Passed", "Skipped"):
            result.failed.append(name)
            if "Timeout" in status_text:
                result.timed_out.add(name)
    # Failures ctest logged that the progress lines did not show (should not happen).
    for name in by_number.values():
        if name not in result.failed:
            result.failed.append(name)
    if status != 0 and not result.failed:
        result.failed.append("(ctest exited with %d)" % status)
        if status == -9:  # the whole run outlived its limit: a mutant that loops
            result.timed_out.add(result.failed[0])
    return result


def target_exists(obj: Path, target: str) -> bool:
    status, _ = run(["ninja", "-C", str(obj), "-t", "query", target])
    return status == 0


def dependencies(obj: Path, targets: List[str]) -> Dict[str, Set[str]]:
    """The files each target's object files were compiled from (ninja's dependency log)."""
    out = check_output(["ninja", "-C", str(obj), "-t", "deps"])
    deps: Dict[str, Set[str]] = {t: set() for t in targets}
    current: Optional[Set[str]] = None
    for line in out.splitlines():
        if not line.strip():
            continue
        if not line.startswith((" ", "\t")):
            output = line.split(":", 1)[0]
            current = None
            for t in targets:
                if "/CMakeFiles/%s.dir/" % t in "/" + output:
                    current = deps[t]
                    break
            continue
        if current is not None:
            path = line.strip()
            if not os.path.isabs(path):
                path = os.path.join(obj, path)
            current.add(os.path.normpath(path))
    return deps


# ---- one mutant ----------------------------------------------------------------------------------

class Runner:
    def __init__(self, work: Path, jobs: int, timeout: float, logs: Path):
        self.src = work / "src"
        self.obj = work / "obj"
        self.jobs = jobs
        self.timeout = timeout
        self.logs = logs
        self.deps: Dict[str, Set[str]] = {}
        self.available: Set[str] = set()
        self.extras: Dict[str, List[str]] = {}

    def targets_of(self, target: str) -> List[str]:
        return [target] + self.extras.get(target, [])

    def log(self, mutant: Mutant, text: str) -> None:
        with open(self.logs / (mutant.id + ".log"), "a", encoding="utf-8") as f:
            f.write(text + "\n")

    def binaries_for(self, mutant: Mutant):
        if mutant.kind == "emitter":
            return [b for b in EMITTER_BINARIES if b[0] in self.available]
        path = os.path.normpath(str(self.src / mutant.file))
        return [b for b in RUNTIME_BINARIES if b[0] in self.available
                and any(path in self.deps[t] for t in self.targets_of(b[0]))]

    def evaluate(self, mutant: Mutant) -> Result:
        (self.logs / (mutant.id + ".log")).write_text(
            "%s %s: %s\n" % (mutant.id, mutant.file, mutant.category), encoding="utf-8")
        if mutant.kind == "emitter":
            ok, out = build(self.obj, ["msgpack-gen"], self.jobs)
            if not ok:
                self.log(mutant, out)
                return Result(mutant, "compile", "msgpack-gen", detail=first_error(out))
        binaries = self.binaries_for(mutant)
        if not binaries:
            return Result(mutant, "not-covered", detail="no test binary includes " + mutant.file)
        result = None
        for target, regex in binaries:
            ok, out = build(self.obj, self.targets_of(target), self.jobs)
            if not ok and "Error running test executable" in out:
                # It built, and crashed when catch_discover_tests listed its test cases.
                self.log(mutant, out)
                result = Result(mutant, "killed", target + " (crashed listing its tests)")
                break
            if not ok:
                self.log(mutant, out)
                result = Result(mutant, "compile", target, detail=first_error(out))
                break
            tests = ctest(self.obj, regex, self.jobs, self.timeout, stop_on_failure=True)
            if tests.failed:
                self.log(mutant, tests.output)
                killer = tests.failed[0]
                result = Result(mutant, "timeout" if killer in tests.timed_out else "killed",
                                killer)
                break
        if result is None:
            result = Result(mutant, "survived",
                            detail="ran " + ", ".join(t for t, _ in binaries))
        if mutant.kind == "emitter":
            golden = ctest(self.obj, GOLDEN_REGEX, self.jobs, self.timeout, stop_on_failure=True)
            result.golden = golden.failed[0] if golden.failed else "survived"
            if golden.failed:
                self.log(mutant, golden.output)
        return result

    def run_mutant(self, mutant: Mutant) -> Result:
        path = self.src / mutant.file
        original = path.read_bytes()
        text = original.decode()
        count = text.count(mutant.find)
        if count != 1:
            return Result(mutant, "stale", detail="find text occurs %d times" % count)
        start = time.monotonic()
        try:
            path.write_bytes(text.replace(mutant.find, mutant.replace, 1).encode())
            result = self.evaluate(mutant)
        finally:
            path.write_bytes(original)  # a new mtime: the next build rebuilds what it touched
        result.seconds = time.monotonic() - start
        return result


# ---- reporting -----------------------------------------------------------------------------------

def describe(r: Result) -> str:
    text = r.result
    if r.mutant.equivalent is not None:
        text += " (equivalent)" if r.result == "survived" else " (marked equivalent!)"
    return text


def summary(results: List[Result], wall: float, command: str, revision: str) -> (str, str, int):
    """The text summary, the Markdown report and the exit status."""
    scored = [r for r in results if r.scored]
    emitter = [r for r in scored if r.mutant.kind == "emitter"]
    runtime = [r for r in scored if r.mutant.kind == "runtime"]
    compile_failures = [r for r in results if r.result == "compile"]
    equivalents = [r for r in results if r.mutant.equivalent is not None]
    stale = [r for r in results if r.result == "stale"]
    survivors = [r for r in scored if not r.behavioural_kill]
    def killed_of(rs: List[Result], with_golden: bool = False) -> str:
        k = sum(r.golden_kill if with_golden else r.behavioural_kill for r in rs)
        return "killed %d of %d (%.1f%%)" % (k, len(rs), 100.0 * k / len(rs) if rs else 0.0)

    scores = [
        "behavioural score: " + killed_of(scored),
        "with goldens: " + killed_of(scored, with_golden=True),
        "  runtime mutants: " + killed_of(runtime),
        "  emitter mutants: %s; with goldens %s" % (killed_of(emitter),
                                                    killed_of(emitter, with_golden=True)),
        "%d mutants: %d scored, %d marked equivalent, %d did not compile, %d stale" % (
            len(results), len(scored), len(equivalents), len(compile_failures), len(stale)),
    ]

    rows = [(r.mutant.id, r.mutant.kind, r.mutant.category, describe(r), r.killer,
             r.golden or "-", "%.0f" % r.seconds) for r in results]
    headers = ("id", "kind", "category", "result", "killer (first failing test)", "goldens", "s")
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    widths = [min(w, 70) for w in widths]

    def fmt_row(row):
        return "  ".join(str(c)[:w].ljust(w) for c, w in zip(row, widths)).rstrip()

    text = [fmt_row(headers), fmt_row(["-" * w for w in widths])]
    text += [fmt_row(row) for row in rows]
    text += [""] + scores
    if survivors:
        text.append("survivors: " + ", ".join(r.mutant.id for r in survivors))
    text.append("wall time: %s" % datetime.timedelta(seconds=int(wall)))

    md = ["# Mutation report", "",
          "`%s`, %s, source at %s. Wall time %s." % (
              command, datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), revision,
              datetime.timedelta(seconds=int(wall))), ""]
    md += ["- " + s.strip() for s in scores] + [""]
    md.append("| " + " | ".join(headers) + " |")
    md.append("|" + "---|" * len(headers))
    for row in rows:
        md.append("| " + " | ".join(c.replace("|", "\\|") if c else "" for c in row) + " |")
    md.append("")
    if survivors or equivalents or compile_failures or stale:
        md += ["## Not killed", ""]
        for r in survivors:
            md.append("- **%s** (%s, `%s`): survived. %s" % (
                r.mutant.id, r.mutant.category, r.mutant.file,
                "Killed by the goldens (%s)." % r.golden if r.golden_kill else r.detail))
        for r in equivalents:
            md.append("- **%s** (%s, `%s`): %s. Marked equivalent: %s" % (
                r.mutant.id, r.mutant.category, r.mutant.file, describe(r), r.mutant.equivalent))
        for r in compile_failures:
            md.append("- **%s** (%s): does not compile (%s: %s)" % (
                r.mutant.id, r.mutant.category, r.killer, r.detail))
        for r in stale:
            md.append("- **%s**: stale, %s in `%s`" % (r.mutant.id, r.detail, r.mutant.file))
        md.append("")
    status = 0
    if survivors:
        status = 1
    if stale:
        status = 2
    return "\n".join(text), "\n".join(md), status


def source_revision() -> str:
    try:
        rev = check_output(["git", "rev-parse", "--short", "HEAD"], cwd=REPO).strip()
        dirty = check_output(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO)
        return rev + (" plus uncommitted changes" if dirty.strip() else "")
    except (subprocess.CalledProcessError, OSError):
        return "unknown revision"


# ---- main ----------------------------------------------------------------------------------------

def stale_count(m: Mutant) -> int:
    path = REPO / m.file
    if not path.exists():
        return 0
    return path.read_text().count(m.find)


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Apply hand-written mutants to the runtime and the emitter, one at a time, "
                    "and report which ones the tests kill.")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--only", metavar="ID[,ID]", help="run only these mutants")
    parser.add_argument("--work", metavar="DIR", default=str(REPO / "build-mutate"),
                        help="where the copy of the source and its build go (default: "
                             "build-mutate/ in the repository)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N",
                        help="parallel compile and test jobs (default 2)")
    parser.add_argument("--keep-going", action="store_true",
                        help="run the other mutants when some are stale (still exits 2)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="per-test timeout in seconds (default: 10 times the slowest "
                             "baseline test, at least 60)")
    args = parser.parse_args()

    ids = [m.id for m in MUTANTS]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        sys.exit("mutate.py: duplicate mutant ids: " + ", ".join(duplicates))
    selected = MUTANTS
    if args.only:
        wanted = [i.strip() for i in args.only.split(",") if i.strip()]
        unknown = [i for i in wanted if i not in ids]
        if unknown:
            print("mutate.py: no mutant " + ", ".join(unknown), file=sys.stderr)
            return 2
        selected = [m for m in MUTANTS if m.id in wanted]

    stale = [m for m in selected if stale_count(m) != 1]
    if args.list:
        for m in selected:
            n = stale_count(m)
            state = "ok" if n == 1 else "STALE (find text occurs %d times)" % n
            print("%-4s %-7s %-46s %-40s %s%s" % (
                m.id, m.kind, m.file.replace("runtime/include/msgpack_gen/", "runtime/"),
                m.category[:40], state, "  [equivalent]" if m.equivalent else ""))
        print("%d mutants (%d runtime, %d emitter), %d stale" % (
            len(selected), sum(m.kind == "runtime" for m in selected),
            sum(m.kind == "emitter" for m in selected), len(stale)))
        return 2 if stale else 0
    if stale:
        for m in stale:
            print("STALE %s: its find text occurs %d times in %s (the code moved on: update "
                  "the mutant)" % (m.id, stale_count(m), m.file), file=sys.stderr)
        if not args.keep_going:
            return 2

    started = time.monotonic()
    work = Path(args.work).resolve()
    src, obj, logs = work / "src", work / "obj", work / "logs"
    for d in (src, obj, logs):
        d.mkdir(parents=True, exist_ok=True)
    revision = source_revision()  # what is copied: the run may outlast the repository's HEAD
    print("copying the source to %s: %d files changed" % (src, sync_source(src)), flush=True)
    configure(src, obj)

    runnable = [m for m in selected if m not in stale]
    groups = []
    if any(m.kind == "runtime" for m in runnable):
        groups += RUNTIME_BINARIES
    if any(m.kind == "emitter" for m in runnable):
        groups += EMITTER_BINARIES
    runner = Runner(work, args.jobs, args.timeout or 60, logs)
    # The configuration decides which binaries exist (no C++20 std_types under a sanitizer...).
    for target, _ in groups:
        if target in runner.available:
            continue
        if target_exists(obj, target):
            runner.available.add(target)
            runner.extras[target] = [x for x in EXTRA_TARGETS.get(target, ())
                                     if target_exists(obj, x)]
        else:
            print("note: no target %s in this configuration" % target)
    targets = sorted(t for target in runner.available for t in runner.targets_of(target))
    if any(m.kind == "emitter" for m in runnable):
        targets.append("msgpack-gen")
    regexes = sorted({regex for target, regex in groups if target in runner.available})
    if any(m.kind == "emitter" for m in runnable):
        regexes.append(GOLDEN_REGEX)

    print("baseline: building %d targets" % len(targets), flush=True)
    ok, out = build(obj, targets, args.jobs)
    if not ok:
        (logs / "baseline.log").write_text(out)
        print(out[-5000:])
        print("mutate.py: the unmutated source does not build; see %s" % (logs / "baseline.log"),
              file=sys.stderr)
        return 2
    # CMake's regular expressions allow few groups: alternatives only.
    tests = ctest(obj, "|".join(regexes), args.jobs, args.timeout or 600,
                  stop_on_failure=False)
    (logs / "baseline.log").write_text(tests.output)
    if tests.failed or not tests.names:
        print(tests.output[-5000:])
        print("mutate.py: the baseline must pass, and these failed: %s" % (
            ", ".join(tests.failed) or "(no test ran)"), file=sys.stderr)
        return 2
    slowest = max(tests.seconds.items(), key=lambda kv: kv[1])
    if args.timeout is None:
        runner.timeout = max(60.0, 10 * slowest[1])
    print("baseline: %d tests pass in %.0f s (slowest %.1f s: %s); per-test timeout %.0f s" % (
        len(tests.names), time.monotonic() - started, slowest[1], slowest[0], runner.timeout),
        flush=True)
    runner.deps = dependencies(obj, targets)

    results: List[Result] = [Result(m, "stale", detail="find text occurs %d times" % stale_count(m))
                             for m in stale]
    try:
        for n, m in enumerate(runnable, 1):
            r = runner.run_mutant(m)
            results.append(r)
            golden = ""
            if m.kind == "emitter":
                golden = "  goldens: " + ("killed" if r.golden not in ("", "survived") else
                                          r.golden or "-")
            print("[%2d/%d] %-4s %-8s %-12s %s%s  (%.0f s)" % (
                n, len(runnable), m.id, m.kind, describe(r), r.killer or r.detail, golden,
                r.seconds), flush=True)
    except KeyboardInterrupt:
        print("\ninterrupted: the report covers the mutants that finished", file=sys.stderr)

    order = {m.id: i for i, m in enumerate(MUTANTS)}
    results.sort(key=lambda r: order[r.mutant.id])
    command = "python3 tests/mutate.py " + " ".join(sys.argv[1:])
    text, md, status = summary(results, time.monotonic() - started, command.strip(), revision)
    print()
    print(text)
    (work / "mutation-report.md").write_text(md + "\n")
    print("report: %s" % (work / "mutation-report.md"))
    return status


if __name__ == "__main__":
    sys.exit(main())
