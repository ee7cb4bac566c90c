#!/usr/bin/env python3
"""validate-pages.py FILE... — check book2pages output against schema/book2pages.schema.json.

A FILE ending in .ndjson (or given after --ndjson) is JSON Lines: its first line is checked as
the header, its last as the end line, the rest as page lines. Prints one line per problem,
naming the file (and line), and exits 1 when there is any; prints nothing and exits 0 when all
files are valid. Needs the Python package jsonschema (Debian: python3-jsonschema).
"""
import json
import os
import sys

from jsonschema import Draft202012Validator

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schema", "book2pages.schema.json")


def validator_for(schema, definition=None):
    if definition is None:
        return Draft202012Validator(schema)
    return Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                 "$ref": "#/$defs/" + definition})


def problems(validator, value, place):
    for error in sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in error.absolute_path)
        yield f"{place}: {where or '(top)'}: {error.message}"


def check(path, ndjson, schema):
    if not ndjson:
        with open(path, encoding="utf-8") as f:
            yield from problems(validator_for(schema), json.load(f), path)
        return
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().split("\n") if line]
    if len(lines) < 2:
        yield f"{path}: JSON Lines need a header and an end line"
        return
    kinds = ["ndjsonHeader"] + ["ndjsonPage"] * (len(lines) - 2) + ["ndjsonEnd"]
    validators = {kind: validator_for(schema, kind) for kind in set(kinds)}
    for number, (line, kind) in enumerate(zip(lines, kinds), start=1):
        yield from problems(validators[kind], json.loads(line), f"{path}:{number}")


def main():
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    ndjson = False
    failed = False
    for argument in sys.argv[1:]:
        if argument == "--ndjson":
            ndjson = True
            continue
        for problem in check(argument, ndjson or argument.endswith(".ndjson"), schema):
            print(problem)
            failed = True
    sys.exit(1 if failed else 0)


main()
