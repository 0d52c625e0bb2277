import Foundation
import GraphQLLanguage
import Testing
import TestSupport

/// Orion's parser against graphql-core 3.3.2, the Python port of the reference implementation,
/// on every document of the shared data and thousands made from them by truncation and mutation
/// (`Tests/Differential/parse_oracle.py` writes them, with graphql-core's verdicts).
///
/// For each document both must agree on whether it parses, and for one that does not, on the
/// error's line, column and message. For each document that parses, graphql-core must read
/// Orion's printed text as the same document.
///
/// One known departure: graphql-core 3.3 parses empty selection sets (`{}`) by default, against
/// the spec's grammar (`SelectionSet : { Selection+ }`). The oracle asks it for the spec's
/// grammar (`allow_empty_selection_sets=False`, which gives graphql-js's and graphql-core 3.2's
/// error), marks the documents whose verdict that changes, and stops if it changes one in any
/// other way; those verdicts are compared as exactly as the others.
@Suite struct GraphQLCoreAgreementTests {
    @Test func parserAgreesWithGraphQLCore() async throws {
        let outcome = try await onOwnThread(Self.compareWithGraphQLCore)
        // A corpus this size with both kinds of document is what makes agreement mean something.
        #expect(outcome.documents >= 3_000)
        #expect(outcome.parsing >= outcome.documents / 5 && outcome.documents - outcome.parsing >= outcome.documents / 5)
        // The departure is exercised: the oracle's empty selection sets in every position, and
        // the mutants that happen to have one.
        #expect(outcome.departures >= 16)
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements.count) disagreements, the first:\n\(outcome.disagreements.prefix(30).joined(separator: "\n"))")
        #expect(outcome.printed > 0)
        #expect(outcome.mismatches.isEmpty, "printed documents graphql-core reads differently:\n\(outcome.mismatches.prefix(10))")
    }

    private struct Outcome: Sendable {
        var documents: Int
        var parsing: Int
        var departures: Int
        var disagreements: [String]
        /// Documents whose printed text graphql-core compared with the original.
        var printed: Int
        var mismatches: [[String: String]]
    }

    /// graphql-core's verdicts on the corpus, Orion's compared with them, and Orion's printed
    /// documents read back by graphql-core.
    @Sendable private static func compareWithGraphQLCore() throws -> Outcome {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("orion-parse-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        try Subprocess.python("parse_oracle.py", ["corpus", corpus.path, "--shared", TestData.sharedDirectory.path])

        let expectedData = try Data(contentsOf: corpus.appendingPathComponent("expected.json"))
        let expected = try JSONDecoder().decode([String: Verdict].self, from: expectedData)

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
                if reference.parses || !ours.isSameError(as: reference) {
                    disagreements.append("\(name): Orion: \(ours.summary); graphql-core: \(reference.summary)\n\(excerpt(text))")
                }
            }
        }

        let pairsFile = corpus.appendingPathComponent("pairs.json")
        try JSONSerialization.data(withJSONObject: pairs).write(to: pairsFile)
        let output = try Subprocess.python("parse_oracle.py", ["compare", pairsFile.path])
        let mismatches = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]] ?? []
        return Outcome(
            documents: expected.count, parsing: expected.values.filter(\.parses).count,
            departures: expected.values.filter { $0.departure == true }.count,
            disagreements: disagreements, printed: pairs.count, mismatches: mismatches)
    }

    private static func excerpt(_ text: String) -> String {
        let short = text.count > 160 ? String(text.prefix(160)) + "…" : text
        return "    " + short.debugDescription
    }
}

/// A verdict on one document, as `parse_oracle.py` writes it.
private struct Verdict: Decodable, Sendable {
    var parses: Bool
    var line: Int?
    var column: Int?
    var message: String?
    /// graphql-core 3.3.2 parses the document by default, and refuses it by the spec's grammar:
    /// it has an empty selection set.
    var departure: Bool?

    /// The same error message at the same line and column.
    func isSameError(as other: Verdict) -> Bool {
        !parses && !other.parses && line == other.line && column == other.column && message == other.message
    }

    var summary: String {
        parses ? "parses" : "\(line ?? 0):\(column ?? 0) \(message ?? "")"
    }
}
