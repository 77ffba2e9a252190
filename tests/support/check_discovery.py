"""No Catch2 test case is lost between the sources, the binaries and ctest.

python3 check_discovery.py MANIFEST CTEST BUILD_DIR [TESTS_SOURCE_DIR]

MANIFEST has a line per Catch2 binary, tab-separated: name, binary path, ctest prefix, how ctest
runs it ("each": a ctest test per case, from catch_discover_tests; "whole": one test runs the
binary), its source folder and its sources (';'-separated). For every binary:
  - each TEST_CASE, TEMPLATE_TEST_CASE, SCENARIO... in its sources is in the binary's
    --list-test-names-only, or, compiled out, is a ctest test of the same name that ctest reports
    as skipped; and each listed case comes from one of those macros;
  - with "each", ctest runs each listed case under its own name, and runs nothing else (a name
    catch_discover_tests split at ';' shows here as ctest names the binary does not have), and
    each ctest test's filter selects exactly its case;
  - no test case name contains ';'.
With TESTS_SOURCE_DIR, also: every source file under it with a test case is in some binary.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

# Macros whose name argument comes first or second, and the names Catch2 v2 lists for them.
NAME_FIRST = {"TEST_CASE", "SCENARIO", "TEMPLATE_TEST_CASE", "TEMPLATE_TEST_CASE_SIG",
              "TEMPLATE_PRODUCT_TEST_CASE", "TEMPLATE_LIST_TEST_CASE"}
NAME_SECOND = {"TEST_CASE_METHOD", "METHOD_AS_TEST_CASE", "TEMPLATE_TEST_CASE_METHOD",
               "TEMPLATE_TEST_CASE_METHOD_SIG", "TEMPLATE_PRODUCT_TEST_CASE_METHOD",
               "TEMPLATE_LIST_TEST_CASE_METHOD"}
MACROS = NAME_FIRST | NAME_SECOND

problems = []


def problem(text):
    problems.append(text)


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"',
           "?": "?", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def tokens(text):
    """(kind, value, line) for identifiers, string literals and punctuation of C++ source.

    Comments, character literals and preprocessor lines are dropped: a macro in a #define is not
    a test case.
    """
    i, n, line = 0, len(text), 1
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "#":  # a directive, with its continuation lines
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^ ()\\\t\n]{0,16})\(', text[i:i + 24])
        if raw:
            close = ")" + raw.group(1) + '"'
            start = i + raw.end()
            end = text.find(close, start)
            end = n if end < 0 else end
            yield ("string", text[start:end], line)
            line += text.count("\n", i, end)
            i = end + len(close)
            continue
        prefix = re.match(r'(?:u8|u|U|L)?"', text[i:i + 3])
        if prefix:
            i += prefix.end()
            value = []
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    esc = text[i + 1]
                    hexa = re.match(r"x([0-9a-fA-F]+)", text[i + 1:i + 12])
                    octal = re.match(r"[0-7]{1,3}", text[i + 1:i + 4])
                    if hexa:
                        value.append(chr(int(hexa.group(1), 16)))
                        i += 1 + hexa.end()
                    elif octal:
                        value.append(chr(int(octal.group(0), 8)))
                        i += 1 + octal.end()
                    else:
                        value.append(ESCAPES.get(esc, esc))
                        i += 2
                    continue
                if text[i] == "\n":  # unterminated: stop at the line's end
                    break
                value.append(text[i])
                i += 1
            i += 1
            yield ("string", "".join(value), line)
            continue
        if c == "'":
            # A digit separator (1'000) follows a digit; anything else starts a character literal.
            if i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
                i += 1
                continue
            i += 1
            while i < n and text[i] != "'" and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        ident = re.match(r"[A-Za-z_][A-Za-z_0-9]*", text[i:i + 256])
        if ident:
            yield ("ident", ident.group(0), line)
            i += ident.end()
            continue
        yield ("punct", c, line)
        i += 1


def test_cases(path):
    """[(macro, name, line)] of the test-case macros in one source file."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as error:
        problem(f"{path}: cannot read: {error}")
        return []
    toks = list(tokens(text))
    found = []
    for k, (kind, value, line) in enumerate(toks):
        if kind != "ident" or value not in MACROS:
            continue
        if k + 1 >= len(toks) or toks[k + 1][1] != "(":
            continue
        j = k + 2
        if value in NAME_SECOND:  # skip the first argument
            depth = 0
            while j < len(toks) and not (depth == 0 and toks[j][1] == ","):
                depth += {"(": 1, "<": 1, ")": -1, ">": -1}.get(toks[j][1], 0)
                j += 1
            j += 1
        parts = []
        while j < len(toks) and toks[j][0] == "string":  # adjacent literals are one string
            parts.append(toks[j][1])
            j += 1
        if not parts:
            problem(f"{path}:{line}: {value} without a string literal for its name: the check "
                    "cannot follow it")
            continue
        found.append((value, "".join(parts), line))
    return found


def listed_names(name, binary):
    if not os.path.exists(binary):
        problem(f"{name}: {binary} does not exist (not built?)")
        return None
    run = subprocess.run([binary, "--list-test-names-only"], capture_output=True, text=True)
    if run.returncode < 0:
        problem(f"{name}: {binary} --list-test-names-only died with signal {-run.returncode}")
        return None
    names = []
    for entry in run.stdout.splitlines():
        if not entry.strip():
            continue
        if entry.startswith('"#') and entry.endswith('"'):  # how Catch2 lists names with '#'
            entry = entry[1:-1]
        names.append(entry)
    return names


def selected(binary, args):
    """The cases a ctest test's arguments select: its filter, listed instead of run."""
    run = subprocess.run([binary, *args, "--list-test-names-only"], capture_output=True,
                         text=True)
    return [entry for entry in run.stdout.splitlines() if entry.strip()]


def listed_for(macro, name):
    """A predicate: is a listed name one that this macro registers?"""
    if macro == "SCENARIO":
        return lambda listed: listed == "Scenario: " + name
    if macro.startswith("TEMPLATE_"):  # one case per type: "name - type"
        return lambda listed: listed.startswith(name + " - ")
    return lambda listed: listed == name


def is_skip(test):
    properties = {p["name"] for p in test.get("properties", [])}
    return bool(properties & {"SKIP_REGULAR_EXPRESSION", "SKIP_RETURN_CODE"})


def check_binary(entry, ctest_tests):
    name, binary, prefix, mode, source_dir, sources = entry
    cases = []
    for source in sources:
        path = source if os.path.isabs(source) else os.path.join(source_dir, source)
        if re.search(r"\.(c|cc|cpp|cxx|h|hh|hpp|inc|ipp)$", path) and os.path.exists(path):
            cases += [(macro, case, f"{path}:{line}") for macro, case, line in test_cases(path)]
    for macro, case, where in cases:
        if ";" in case:
            problem(f"{where}: the name \"{case}\" has a ';': catch_discover_tests splits names "
                    "there, so ctest would never run it")

    listed = listed_names(name, binary)
    if listed is None:
        return 0
    binary_real = os.path.realpath(binary)
    runs = [t for t in ctest_tests
            if t.get("command") and os.path.realpath(t["command"][0]) == binary_real]
    placeholders = {t["name"]: t for t in ctest_tests
                    if t["name"].startswith(prefix) and t not in runs and is_skip(t)}

    for listed_name in listed:
        if ";" in listed_name:
            problem(f"{name}: the case \"{listed_name}\" has a ';' in its name")
        if not any(listed_for(m, c)(listed_name) for m, c, _ in cases):
            problem(f"{name}: \"{listed_name}\" is listed by the binary but is in none of its "
                    "sources' test-case macros")
    for macro, case, where in cases:
        matches = [entry for entry in listed if listed_for(macro, case)(entry)]
        if matches:
            if prefix + case in placeholders:
                problem(f"{where}: \"{case}\" runs, and ctest also has a test of its name that "
                        "reports it skipped")
            continue
        if macro in ("TEST_CASE", "SCENARIO") and prefix + case in placeholders:
            print(f"skipped in this build (a ctest test says why): {prefix}{case}")
            continue
        problem(f"{where}: {macro} \"{case}\" is not in {name} --list-test-names-only (compiled "
                "out, or hidden with a [.] tag?) and no ctest test of its name reports it skipped")

    if mode == "each":
        ctest_names = set()
        for test in runs:
            if not test["name"].startswith(prefix):
                problem(f"ctest test \"{test['name']}\" runs {name} without the prefix {prefix}")
                continue
            ctest_names.add(test["name"][len(prefix):])
            regexes = [p["value"] for p in test.get("properties", [])
                       if p["name"] == "FAIL_REGULAR_EXPRESSION"]
            if not any("No test cases matched" in str(r) for r in regexes):
                problem(f"ctest test \"{test['name']}\" would pass if Catch2 matched no case: no "
                        "FAIL_REGULAR_EXPRESSION \"No test cases matched\"")
        # What each test's filter selects, as Catch2 parses it: a name with a '\\' (its escape
        # character) is found under its own name but selects nothing.
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            selections = pool.map(lambda test: (test, selected(binary, test["command"][1:])), runs)
            for test, chosen in selections:
                case = test["name"][len(prefix):]
                if chosen != [case]:
                    problem(f"ctest test \"{test['name']}\" runs {chosen or 'no case'} of {name}, "
                            f"not \"{case}\" (a character Catch2's filters treat specially?)")
        for missing in sorted(set(listed) - ctest_names):
            problem(f"{name}: ctest has no test for the case \"{missing}\"")
        for extra in sorted(ctest_names - set(listed)):
            problem(f"{name}: ctest runs \"{prefix}{extra}\", which is no case of the binary (a "
                    "name split at ';'?)")
    print(f"{name}: {len(cases)} test-case macros, {len(listed)} cases listed"
          + (f", {len(runs)} ctest tests" if mode == "each" else ", run whole by one ctest test"))
    return len(listed)


def main():
    manifest_path, ctest, build_dir = sys.argv[1:4]
    tests_source_dir = sys.argv[4] if len(sys.argv) > 4 else None
    entries = []
    with open(manifest_path, encoding="utf-8") as f:
        for entry in f.read().splitlines():
            if entry.strip():
                name, binary, prefix, mode, source_dir, sources = entry.split("\t")
                entries.append((name, binary, prefix, mode, source_dir,
                                [s for s in sources.split(";") if s]))
    shown = subprocess.run([ctest, "--show-only=json-v1"], cwd=build_dir, capture_output=True,
                           text=True, check=True)
    ctest_tests = json.loads(shown.stdout)["tests"]

    total = sum(check_binary(entry, ctest_tests) for entry in entries)

    if tests_source_dir:
        known = set()
        for _, _, _, _, source_dir, sources in entries:
            known |= {os.path.realpath(s if os.path.isabs(s) else os.path.join(source_dir, s))
                      for s in sources}
        for root, _, files in os.walk(tests_source_dir):
            for file in sorted(files):
                path = os.path.realpath(os.path.join(root, file))
                if file.endswith(".cpp") and path not in known and test_cases(path):
                    problem(f"{path} has test cases but is a source of no Catch2 binary")

    for text in problems:
        print("FAIL: " + text)
    print(f"{len(entries)} binaries, {total} cases listed, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
