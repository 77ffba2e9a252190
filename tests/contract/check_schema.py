"""The JSON Schema msgpack-gen writes is a valid 2020-12 schema, and it tells right from wrong.

python3 check_schema.py SCHEMA.json; prints SKIP when the jsonschema module is missing.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("SKIP: python3 has no jsonschema module")
    sys.exit(0)

with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)


def validator(struct_id):
    sub = {"$schema": schema["$schema"], "$defs": schema["$defs"],
           "$ref": "#/$defs/" + struct_id}
    return jsonschema.Draft202012Validator(sub)


request = validator("shop::Request")
assert request.is_valid({"user": "ann", "args": ["a", "b"]})
assert not request.is_valid({"user": 1})
assert not request.is_valid({"args": "not an array"})
row = validator("shop::UserTuple")
assert row.is_valid([7, "ann", ["admin"]])
assert not row.is_valid([-1, "ann", []])  # an unsigned id
assert not row.is_valid({"id": 7})
print("ok")
