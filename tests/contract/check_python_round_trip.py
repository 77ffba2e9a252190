#!/usr/bin/env python3
"""Generated printing, checked by a reader that is not ours.

Usage: check_python_round_trip.py CONTRACT_BYTES_TESTS CONTRACT_JSON [SCHEMA_JSON]

Runs the Catch2 test case that writes every golden DTO's values as lines of
"<struct id> TAB <marshal(value) as hex> TAB <to_json(value)>", then, for each line, decodes the
bytes with python3-msgpack (not msgpack-gen's reader), turns what it finds into the JSON value the
documented text forms give (docs/inspecting.md), reading the contract for field names, float
widths and which strings are bin, and requires it to equal json.loads() of the printed text.
With SCHEMA_JSON (--json-schema of the same types), the JSON view of each value's bytes (keys and
values as a msgpack -> JSON conversion shows them) must also be valid for its struct's schema:
the schema describes real bytes, variants and all.
Exit status 0 when every line agrees, 1 otherwise (each disagreement printed).
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from text_forms import rfc3339  # noqa: E402

try:
    import msgpack
except ImportError:
    print("python3-msgpack is missing for " + sys.executable +
          " (cmake/install-deps.sh all installs Debian's python3-msgpack)")
    sys.exit(1)

TEST_CASE = "printed values and their bytes for a reader that is not ours"


class Float32:
    """A float32 field's value: the printed number must read back as this float32."""

    def __init__(self, value):
        self.value = value

    def matches(self, printed):
        if isinstance(printed, bool) or not isinstance(printed, (int, float)):
            return False
        return struct.unpack("<f", struct.pack("<f", float(printed)))[0] == self.value

    def __repr__(self):
        return "Float32(%r)" % self.value


def parse_wire(text):
    """'map<str,struct:a::B<c::D>>' -> ('map', [('str', []), ('struct:a::B<c::D>', [])])."""

    def parse(at):
        start = at
        if text.startswith("struct:", at) or text.startswith("dependent:", at):
            depth = 0
            while at < len(text):
                c = text[at]
                if c == "<":
                    depth += 1
                elif c == ">":
                    if depth == 0:
                        break
                    depth -= 1
                elif c == "," and depth == 0:
                    break
                at += 1
            return (text[start:at], []), at
        while at < len(text) and text[at] not in "<,>":
            at += 1
        name = text[start:at]
        args = []
        if at < len(text) and text[at] == "<":
            at += 1
            while True:
                arg, at = parse(at)
                args.append(arg)
                if text[at] == ",":
                    at += 1
                    continue
                assert text[at] == ">", text
                at += 1
                break
        return (name, args), at

    wire, end = parse(0)
    assert end == len(text), text
    return wire


def number_text(value):
    """Non-finite floats print as strings: JSON has no such numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return None


def key_text(key):
    """A map key that is not a str prints as a string of its own JSON text."""
    if isinstance(key, str):
        return key
    return json.dumps(plain(key), ensure_ascii=False)


def plain(value):
    """A value with no contract to read it by (a class template's parameter): as dump() prints."""
    if isinstance(value, float):
        return number_text(value) or value
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {key_text(k): plain(v) for k, v in value.items()}
    if isinstance(value, msgpack.Timestamp):
        return rfc3339(value.seconds, value.nanoseconds)
    if isinstance(value, msgpack.ExtType):
        return {"ext": value.code, "data": base64.b64encode(value.data).decode()}
    return value


def json_view(value):
    """The value as the JSON Schema sees it: plain(), with floats kept as numbers."""
    if isinstance(value, list):
        return [json_view(v) for v in value]
    if isinstance(value, dict):
        return {key_text(k): json_view(v) for k, v in value.items()}
    return value if isinstance(value, float) else plain(value)


def schema_validators(path):
    """struct id -> a validator of its $defs entry."""
    try:
        import jsonschema
    except ImportError:
        print("python3-jsonschema is missing for " + sys.executable +
              " (cmake/install-deps.sh all installs Debian's python3-jsonschema)")
        sys.exit(1)
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return {struct_id: jsonschema.Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + struct_id})
        for struct_id in schema["$defs"]}


class Reader:
    def __init__(self, contract):
        self.structs = {s["id"]: s for s in contract["structs"]}

    def value(self, wire, decoded, bits):
        """`decoded` (python3-msgpack's value) as the text forms print it. `bits` lists the
        widths of the numbers in `wire`, left to right, as the contract records them."""
        name, args = wire
        if decoded is None and name in ("optional", "nil"):
            return None
        if name == "optional":
            return self.value(args[0], decoded, bits)
        if name == "float":
            width = bits.pop(0) if bits else 64
            text = number_text(decoded)
            if text:
                return text
            return Float32(decoded) if width == 32 else decoded
        if name in ("int", "uint"):
            if bits:
                bits.pop(0)
            return decoded
        if name in ("str", "bool", "nil"):
            return decoded
        if name == "bin":
            return base64.b64encode(decoded).decode()
        if name == "ext:-1":
            return rfc3339(decoded.seconds, decoded.nanoseconds)
        if name == "array":
            if len(args) == 1:
                return [self.value(args[0], v, list(bits)) for v in decoded]
            return [self.value(a, v, bits) for a, v in zip(args, decoded)]  # a tuple
        if name == "map":
            return {key_text(self.value(args[0], k, list(bits))): self.value(args[1], v, list(bits))
                    for k, v in decoded.items()}
        if name == "variant":
            index, alternative = decoded
            return [index, self.value(args[index], alternative, bits)]
        if name.startswith("struct:"):
            return self.struct(name[len("struct:"):], decoded)
        # A class template's parameter, ext types and custom codecs: as dump() prints them.
        return plain(decoded)

    def field(self, field, decoded):
        bits = list(field.get("element_bits", []))
        if "bits" in field:
            bits.insert(0, field["bits"])
        return self.value(parse_wire(field["wire"]), decoded, bits)

    def struct(self, struct_id, decoded):
        if struct_id not in self.structs and "<" in struct_id:
            struct_id = struct_id[:struct_id.index("<")]  # a class template's instance
        s = self.structs[struct_id]
        out = {}
        if s["mode"] == "array":
            by_position = sorted(s["fields"], key=lambda f: f["position"])
            assert len(decoded) <= len(by_position), (struct_id, decoded)
            for f, v in zip(by_position, decoded):
                out[f["name"]] = self.field(f, v)
            return out
        by_key = {}
        inline_template = None
        for f in s["fields"]:
            if "int_key" in f:
                by_key[f["int_key"]] = (f["name"], f)
            elif "key" in f:
                by_key[f["key"]] = (f["key"], f)
            elif f.get("inline_template"):
                inline_template = f
        for k, v in decoded.items():
            if k in by_key and not isinstance(k, bool):
                printed_name, f = by_key[k]
                out[printed_name] = self.field(f, v)
            else:
                # Keys only the compiler knows: an inline class template parameter's.
                assert inline_template is not None, (struct_id, k)
                out[key_text(k)] = plain(v)
        return out


def differences(expected, printed, path="$"):
    """Where `printed` (json.loads of to_json) differs from `expected`; [] when equal."""
    if isinstance(expected, Float32):
        return [] if expected.matches(printed) else ["%s: %r is not %r" % (path, printed, expected)]
    if isinstance(expected, dict):
        if not isinstance(printed, dict):
            return ["%s: %r is not an object" % (path, printed)]
        found = []
        if list(expected) != list(printed):
            found.append("%s: members %s, expected %s" % (path, list(printed), list(expected)))
        for k in expected:
            if k in printed:
                found += differences(expected[k], printed[k], "%s.%s" % (path, k))
        return found
    if isinstance(expected, list):
        if not isinstance(printed, list) or len(printed) != len(expected):
            return ["%s: %r, expected %r" % (path, printed, expected)]
        found = []
        for i, (e, p) in enumerate(zip(expected, printed)):
            found += differences(e, p, "%s[%d]" % (path, i))
        return found
    same = (expected == printed and type(expected) is type(printed)) or (
        isinstance(expected, float) and isinstance(printed, (int, float)) and
        not isinstance(printed, bool) and expected == printed)
    return [] if same else ["%s: %r, expected %r" % (path, printed, expected)]


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    tests, contract_path = sys.argv[1], sys.argv[2]
    validators = schema_validators(sys.argv[3]) if len(sys.argv) == 4 else None
    with open(contract_path, encoding="utf-8") as f:
        reader = Reader(json.load(f))
    with tempfile.TemporaryDirectory() as work:
        corpus_path = os.path.join(work, "printed.tsv")
        env = dict(os.environ, MSGPACK_GEN_PRINT_CORPUS=corpus_path)
        run = subprocess.run([tests, TEST_CASE], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, check=False)
        if run.returncode != 0 or not os.path.exists(corpus_path):
            print(run.stdout)
            print("the test case that writes the corpus failed (status %d)" % run.returncode)
            return 1
        with open(corpus_path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    failures = 0
    seen = set()
    for number, line in enumerate(lines, 1):
        struct_id, hex_bytes, text = line.split("\t")
        seen.add(struct_id)
        decoded = msgpack.unpackb(bytes.fromhex(hex_bytes), raw=False, strict_map_key=False,
                                  unicode_errors="surrogateescape")
        expected = reader.struct(struct_id, decoded)
        found = differences(expected, json.loads(text))
        if validators is not None:
            validator = validators.get(struct_id)
            if validator is None:
                found.append("no schema for %s" % struct_id)
            else:
                found += ["schema: %s at %s" % (e.message, "/".join(map(str, e.absolute_path)))
                          for e in validator.iter_errors(json_view(decoded))]
        if found:
            failures += 1
            print("line %d, %s: %s" % (number, struct_id, text))
            for problem in found:
                print("  " + problem)
    print("%d values of %d structs: %d printed as python3-msgpack reads their bytes, %d not" %
          (len(lines), len(seen), len(lines) - failures, failures))
    return 1 if failures or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
