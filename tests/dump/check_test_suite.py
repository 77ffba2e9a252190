#!/usr/bin/env python3
"""msgpack-gen --dump on the msgpack-test-suite corpus: every form of every value prints JSON
that Python parses, and that is the value the corpus says the bytes encode, in the documented
text forms (docs/inspecting.md): bin as base64, timestamps in RFC 3339, integers exactly, floats
as the same double, other ext values as {"ext": type, "data": base64}. The corpus' ext values
(types 1 to 7, arbitrary payloads) are also dumped with --ext-as-data, which prints every ext
value that way: without it, types 1, 2 and 4 are read as Tarantool's decimal, uuid and datetime
where their payload is one (then only "Python parses it" is checked).

Usage: check_test_suite.py MSGPACK_GEN CORPUS_TGZ
CORPUS_TGZ is msgpack-test-suite-1.0.0.tgz as `npm pack` fetches it (cmake/install-deps.sh all).
"""
import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
import tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from text_forms import rfc3339  # noqa: E402

TARANTOOL_EXT_TYPES = (1, 2, 4)  # decimal, uuid, datetime
CORPUS_SHA256 = "e4edef9dbaed2b68f7de52b27626e1798402812d45fa08a35b6005c68a90542d"


def hex_bytes(text):
    return bytes.fromhex(text.replace("-", ""))


def expected_value(case):
    """The JSON value the corpus entry's bytes print as."""
    if "nil" in case:
        return None
    if "bool" in case:
        return case["bool"]
    if "binary" in case:
        return base64.b64encode(hex_bytes(case["binary"])).decode()
    if "bignum" in case:
        return int(case["bignum"])
    if "number" in case:
        return case["number"]
    if "string" in case:
        return case["string"]
    if "array" in case:
        return case["array"]
    if "map" in case:
        return case["map"]
    if "timestamp" in case:
        return rfc3339(*case["timestamp"])
    if "ext" in case:
        ext_type, data = case["ext"]
        return {"ext": ext_type, "data": base64.b64encode(hex_bytes(data)).decode()}
    raise ValueError("a corpus entry of no known kind: %r" % case)


def as_float32(number):
    return struct.unpack("<f", struct.pack("<f", float(number)))[0]


def same(expected, printed, float32=False):
    """Equal as JSON values: numbers by value (1 and 1.0 alike), no bool for a number. A float32
    prints as the shortest text that reads back as the same float32 (docs/inspecting.md):
    2^48 as "281474980000000.0", which a float32 reads as 2^48 and a double does not."""
    if isinstance(expected, bool) or isinstance(printed, bool):
        return type(expected) is type(printed) and expected == printed
    if isinstance(expected, (int, float)):
        if not isinstance(printed, (int, float)):
            return False
        return as_float32(expected) == as_float32(printed) if float32 else expected == printed
    if isinstance(expected, list):
        return (isinstance(printed, list) and len(expected) == len(printed) and
                all(same(e, p) for e, p in zip(expected, printed)))
    if isinstance(expected, dict):
        return (isinstance(printed, dict) and list(expected) == list(printed) and
                all(same(expected[k], printed[k]) for k in expected))
    return type(expected) is type(printed) and expected == printed


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    tool, corpus_path = sys.argv[1], sys.argv[2]
    if not corpus_path or not os.path.exists(corpus_path):
        print("the msgpack-test-suite corpus is missing (%r): cmake/install-deps.sh all fetches "
              "it, then configure the build again" % corpus_path)
        return 1
    with open(corpus_path, "rb") as f:
        packed = f.read()
    if hashlib.sha256(packed).hexdigest() != CORPUS_SHA256:
        print("%s is not the pinned msgpack-test-suite 1.0.0" % corpus_path)
        return 1
    with tarfile.open(corpus_path) as tar:
        member = tar.extractfile("package/dist/msgpack-test-suite.json")
        corpus = json.load(member)

    checked = failed = 0
    for group, cases in corpus.items():
        for case in cases:
            expected = expected_value(case)
            runs = [[]]
            if "ext" in case:
                runs = [["--ext-as-data"]]
                if case["ext"][0] in TARANTOOL_EXT_TYPES:
                    runs.append([])
            for encoding, options in ((e, o) for e in case["msgpack"] for o in runs):
                checked += 1
                run = subprocess.run([tool, "--dump", "-", "--hex"] + options,
                                     input=encoding.replace("-", " "), capture_output=True,
                                     text=True, check=False)
                problem = None
                if run.returncode != 0:
                    problem = "exit status %d: %s" % (run.returncode, run.stderr.strip())
                else:
                    try:
                        printed = json.loads(run.stdout)
                    except ValueError as error:
                        problem = "not JSON (%s): %r" % (error, run.stdout)
                    else:
                        compared = options or "ext" not in case
                        float32 = encoding.startswith("ca")
                        if compared and not same(expected, printed, float32):
                            problem = "printed %r, the corpus says %r" % (printed, expected)
                if problem:
                    failed += 1
                    print("%s %s %s: %s" % (group, encoding, " ".join(options), problem))
    print("%d encodings of the msgpack-test-suite: %d print the value they encode, %d do not" %
          (checked, checked - failed, failed))
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
