#!/usr/bin/env python3
"""Writes every Swift listing of the README into a target that the generated-code package
builds (with -warnings-as-errors), so that a listing that no longer compiles against the
current API fails the build.

Each listing becomes an async throwing function; its `import` lines go to the top of the file.
A comment right before a listing's fence says what it needs or why it is not compiled:

    <!-- listing: url: URL, tokens: TokenStore -->      the function's parameters
    <!-- listing: not compiled: a Package.swift fragment -->

usage: extract.py README.md OUTPUT_DIR
"""
import pathlib
import re
import shutil
import sys

FENCE = re.compile(r"(?:<!-- listing: (?P<marker>.*?) -->\n)?```swift\n(?P<code>.*?)```", re.S)


def listings(readme):
    for number, match in enumerate(FENCE.finditer(readme)):
        line = readme.count("\n", 0, match.start("code")) + 1
        yield number, line, (match.group("marker") or "").strip(), match.group("code")


def function(number, line, parameters, code):
    body = [text for text in code.splitlines() if not text.startswith("import ")]
    # A listing shows values it makes; the function uses each so that none is an unused-value
    # warning, which the build treats as an error.
    names = re.findall(r"^let (\w+)", code, re.M)
    uses = [f"    _ = {name}" for name in names]
    return "\n".join(
        [f"// README.md:{line}", f"func readmeListing{number}({parameters}) async throws {{"]
        + ["    " + text if text else "" for text in body] + uses + ["}", ""])


def main():
    readme_path, output = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    readme = readme_path.read_text()
    imports, functions, skipped = set(), [], []
    for number, line, marker, code in listings(readme):
        if marker.startswith("not compiled"):
            skipped.append(f"// README.md:{line}: {marker}")
            continue
        imports.update(text for text in code.splitlines() if text.startswith("import "))
        functions.append(function(number, line, marker, code))
    output.mkdir(parents=True, exist_ok=True)
    text = ["// Written by ReadmeListings/extract.py from README.md: do not edit.", "// Not compiled, by name:"]
    text += skipped + [""] + sorted(imports | {"import Foundation"}) + [""] + functions
    (output / "Listings.swift").write_text("\n".join(text))
    shutil.copy(pathlib.Path(__file__).with_name("Support.swift"), output / "Support.swift")
    print(f"readme listings: {len(functions)} compiled, {len(skipped)} not compiled by name")


main()
