"""The Swift test file of a swept schema: each operation's mocks decoded with the variables
and written back as JSON, which must be the mock exactly."""


def swift_raw_string(text: str) -> str:
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'{hashes}"{text}"{hashes}'


def swift_test_file(namespace: str, suite: str, cases) -> str:
    """`cases`: (operation's Swift type name, [(mock JSON text, variables JSON text)])."""
    lines = [
        "// Written by Tests/SchemaSweep/sweep.py from the schema alone: do not edit.",
        "import Foundation",
        "import OrionAPI",
        f"import {namespace}",
        "import Testing",
        "",
        f"@Suite struct {suite} {{",
    ]
    for type_name, mocks in cases:
        lines.append(f"    @Test func {type_name[0].lower()}{type_name[1:]}() throws {{")
        for index, (mock, variables) in enumerate(mocks):
            lines.append(f"        let mock{index} = try sweepJSONObject({swift_raw_string(mock)})")
            lines.append(f"        let variables{index} = try sweepVariables({swift_raw_string(variables)})")
            lines.append(f"        let data{index} = try {type_name}.Data(jsonObject: mock{index}, variables: variables{index})")
            lines.append(f"        try expectSameJSON(data{index}.jsonObject, mock{index})")
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"
