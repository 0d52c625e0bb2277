import Foundation
import GraphQLLanguage
import Testing

/// Orion's parser against graphql-core 3.3.2, the Python port of the reference implementation,
/// on every document of the shared data and thousands made from them by truncation and mutation
/// (`Tests/Differential/parse_oracle.py` writes them, with graphql-core's verdicts).
///
/// For each document both must agree on whether it parses, and for one that does not, on the
/// error's line, column and message. For each document that parses, graphql-core must read
/// Orion's printed text as the same document.
@Suite struct GraphQLCoreAgreementTests {
    @Test func parserAgreesWithGraphQLCore() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("orion-parse-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        try Oracle.run(["corpus", corpus.path, "--shared", TestData.sharedDirectory.path])

        let expectedData = try Data(contentsOf: corpus.appendingPathComponent("expected.json"))
        let expected = try JSONDecoder().decode([String: Verdict].self, from: expectedData)
        // A corpus this size with both kinds of document is what makes agreement mean something.
        #expect(expected.count >= 3_000)
        let parsing = expected.values.filter(\.parses).count
        #expect(parsing >= expected.count / 5 && expected.count - parsing >= expected.count / 5)

        var disagreements: [String] = []
        var pairs: [[String: String]] = []
        for name in expected.keys.sorted() {
            guard let reference = expected[name] else { continue }
            let bytes = try Data(contentsOf: corpus.appendingPathComponent(name))
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let document = try Parser.parse(Source(text, name: name))
                if reference.parses {
                    pairs.append(["file": name, "original": text, "printed": Printer.print(document)])
                } else {
                    disagreements.append("\(name): Orion parses it; graphql-core: \(reference.summary)\n\(excerpt(text))")
                }
            } catch {
                let position = error.sourceLocations.first
                let ours = Verdict(parses: false, line: position?.line, column: position?.column, message: error.message)
                if reference.parses || ours != reference {
                    disagreements.append("\(name): Orion: \(ours.summary); graphql-core: \(reference.summary)\n\(excerpt(text))")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, the first:\n\(disagreements.prefix(30).joined(separator: "\n"))")

        let pairsFile = corpus.appendingPathComponent("pairs.json")
        try JSONSerialization.data(withJSONObject: pairs).write(to: pairsFile)
        let output = try Oracle.run(["compare", pairsFile.path])
        let mismatches = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]] ?? []
        #expect(!pairs.isEmpty)
        #expect(mismatches.isEmpty, "printed documents graphql-core reads differently:\n\(mismatches.prefix(10))")
    }

    private func excerpt(_ text: String) -> String {
        let short = text.count > 160 ? String(text.prefix(160)) + "…" : text
        return "    " + short.debugDescription
    }
}

/// A verdict on one document, as `parse_oracle.py` writes it.
private struct Verdict: Decodable, Equatable {
    var parses: Bool
    var line: Int?
    var column: Int?
    var message: String?

    var summary: String {
        parses ? "parses" : "\(line ?? 0):\(column ?? 0) \(message ?? "")"
    }
}

/// Runs `Tests/Differential/parse_oracle.py` with python3.
private enum Oracle {
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let script = TestData.repositoryDirectory.appendingPathComponent("Tests/Differential/parse_oracle.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a full pipe would block the script.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleError(description: "parse_oracle.py \(arguments.first ?? "") failed (install python3 and graphql-core==3.3.2): "
                + String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    struct OracleError: Error, CustomStringConvertible {
        var description: String
    }
}
