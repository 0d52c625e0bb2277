#!/usr/bin/env python3
"""Writes every Swift listing of the README and of the DocC articles into a target, `Listings`,
that the generated-code package builds (with -warnings-as-errors): a listing that no longer
compiles against the current API fails the build, with the error at its line of the Markdown
file (each listing is compiled under `#sourceLocation`).

A listing is a function by default: `async throws`, its `import` lines moved to the top of the
file. A comment right before the fence says what it needs, or why it is not compiled:

    <!-- listing: url: URL, tokens: TokenStore -->      the function's parameters
    <!-- listing: top level -->                         declarations (extensions, classes) at file scope
    <!-- listing: not compiled: a Package.swift fragment -->

DocC renders no HTML comment, so the markers show in neither GitHub's nor DocC's rendering.
A `swift` fence with no marker compiles as a function of no parameters: a new listing is
compiled unless it says why not. Every file imports Foundation, Orion and RocketReserverAPI,
which the articles take as given; a listing's own imports are added.

usage: extract.py OUTPUT_DIR FILE.md...   (paths as given are what errors and comments name)
"""
import pathlib
import re
import shutil
import sys

# A fence, and the marker on the line before it, if any.
FENCE = re.compile(r"(?:^<!-- listing: (?P<marker>[^\n]*?) -->\n)?^```swift\n(?P<code>.*?)^```", re.S | re.M)
# An import, or an import of a module some platforms lack (`#if canImport(FoundationNetworking)`).
IMPORT = re.compile(r"^(?:import \w+|#if canImport\((\w+)\)\nimport \1\n#endif)$", re.M)


def listings(text):
    for number, match in enumerate(FENCE.finditer(text)):
        line = text.count("\n", 0, match.start("code")) + 1
        yield number, line, (match.group("marker") or "").strip(), match.group("code")


def located(path, line, lines):
    """`lines` (the listing's lines from its first) compiled as if at `path`:`line`."""
    return [f'#sourceLocation(file: "{path}", line: {line})'] + lines + ["#sourceLocation()"]


def imports(code):
    return {match.group(0) for match in IMPORT.finditer(code)}


def without_imports(code):
    """The listing's lines, its imports blank: each line keeps its number in the Markdown file."""
    return IMPORT.sub(lambda match: "\n" * match.group(0).count("\n"), code).splitlines()


def function(name, path, line, parameters, code):
    body = without_imports(code)
    # A listing shows values it makes; the function uses each so that none is an unused-value
    # warning, which the build treats as an error.
    names = re.findall(r"^let (\w+)", code, re.M)
    return "\n".join(
        [f"func {name}({parameters}) async throws {{"]
        + located(path, line, ["    " + text if text else "" for text in body])
        + [f"    _ = {used}" for used in names] + ["}", ""])


def top_level(path, line, code):
    return "\n".join(located(path, line, without_imports(code)) + [""])


def swift_name(path):
    """`Sources/Orion/Orion.docc/TheCache.md` → `theCache`, `README.md` → `readme`."""
    stem = re.sub(r"[^A-Za-z0-9]", "", pathlib.Path(path).stem)
    return "readme" if stem == "README" else stem[0].lower() + stem[1:]


def main():
    output, paths = pathlib.Path(sys.argv[1]), sys.argv[2:]
    output.mkdir(parents=True, exist_ok=True)
    for stale in output.glob("*.swift"):
        stale.unlink()
    compiled = skipped = 0
    for path in paths:
        hoisted, declarations, reasons = set(), [], []
        for number, line, marker, code in listings(pathlib.Path(path).read_text()):
            if marker.startswith("not compiled"):
                reasons.append(f"// {path}:{line}: {marker}")
                continue
            hoisted.update(imports(code))
            if marker == "top level":
                declarations.append(top_level(path, line, code))
            else:
                declarations.append(function(f"{swift_name(path)}Listing{number}", path, line, marker, code))
        compiled += len(declarations)
        skipped += len(reasons)
        text = [f"// Written by Listings/extract.py from {path}: do not edit.", "// Not compiled, by name:"]
        # What every article takes as given: the client and the tutorial's generated operations.
        hoisted |= {"import Foundation", "import Orion", "import RocketReserverAPI"}
        text += (reasons or ["// (none)"]) + [""] + sorted(hoisted) + [""] + declarations
        (output / f"{swift_name(path)}.swift").write_text("\n".join(text))
    shutil.copy(pathlib.Path(__file__).with_name("Support.swift"), output / "Support.swift")
    print(f"listings of {len(paths)} files: {compiled} compiled, {skipped} not compiled by name")


main()
