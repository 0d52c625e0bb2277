import Foundation
import GraphQLLanguage
import Testing
import TestSupport
@testable import OrionCompiler

/// Orion's validation rules against graphql-core 3.3.2 on thousands of operations made by
/// mutating valid ones (`Tests/Differential/validation_oracle.py` writes them with graphql-core's
/// verdicts): each rule, run on its own, must report the same messages ("Did you mean"
/// suggestions included) at the same places.
@Suite struct GraphQLCoreValidationAgreementTests {
    @Test func everyRuleAgreesWithGraphQLCore() async throws {
        let outcome = try await onOwnThread(Self.compareWithGraphQLCore)
        #expect(outcome.documents >= 2_000)
        // Every rule of Orion's list sees documents that break it (operation types aside: the
        // corpus schema has all three roots).
        for rule in outcome.rules where rule != "KnownOperationTypes" {
            #expect((outcome.failing[rule] ?? 0) >= 30, "\(rule) is broken by only \(outcome.failing[rule] ?? 0) documents")
        }
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements.count) disagreements:\n\(outcome.disagreements.prefix(20).joined(separator: "\n"))")
    }

    private struct Outcome: Sendable {
        var documents: Int
        var rules: [String]
        /// By rule, how many documents graphql-core finds break it.
        var failing: [String: Int]
        var disagreements: [String]
    }

    /// graphql-core's verdicts on the corpus, rule by rule, and Orion's compared with them.
    @Sendable private static func compareWithGraphQLCore() throws -> Outcome {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("orion-validation-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        try Subprocess.python("validation_oracle.py", ["corpus", corpus.path])
        let schema = try Schema.build(sdl: [Source(try String(contentsOf: corpus.appendingPathComponent("schema.graphqls"), encoding: .utf8))])
        let expected = try JSONDecoder().decode(
            [String: [String: [Reported]]].self, from: Data(contentsOf: corpus.appendingPathComponent("expected.json")))
        let ruleNames = specifiedRules.map { $0.name }.sorted()

        // Each document on its own: on as many threads as there are cores.
        let outcomes = try expected.sorted { $0.key < $1.key }.concurrentMap { entry in
            try Self.compare(file: entry.key, in: corpus, schema: schema, with: entry.value)
        }
        let disagreements = outcomes.flatMap(\.disagreements)
        let failing = outcomes.flatMap(\.failing).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        return Outcome(documents: expected.count, rules: ruleNames, failing: failing, disagreements: disagreements)
    }

    /// The rules graphql-core finds `file`'s document breaks, and where Orion disagrees.
    private static func compare(file: String, in corpus: URL, schema: Schema, with verdicts: [String: [Reported]]) throws -> DocumentOutcome {
        let document = try Parser.parse(Source(try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8), name: file))
        let rules = Dictionary(uniqueKeysWithValues: specifiedRules.map { ($0.name, $0) })
        var outcome = DocumentOutcome()
        for (ruleName, reference) in verdicts.sorted(by: { $0.key < $1.key }) {
            guard let rule = rules[ruleName] else { continue }  // defer/stream and introspection-depth rules are not the spec's
            if !reference.isEmpty { outcome.failing.append(ruleName) }
            let ours = validate([document], schema: schema, rules: [rule]).map { error in
                Reported(message: error.message, locations: error.sourceLocations.map { [$0.line, $0.column] })
            }
            // Orion sorts errors by position; graphql-core reports them as found.
            if ours.map(\.normalized).sorted(by: Reported.precedes) != reference.map(\.normalized).sorted(by: Reported.precedes) {
                outcome.disagreements.append("\(file) \(ruleName): Orion \(ours) graphql-core \(reference)")
            }
        }
        return outcome
    }

    private struct DocumentOutcome: Sendable {
        var failing: [String] = []
        var disagreements: [String] = []
    }

    private struct Reported: Decodable, Equatable, Sendable, CustomStringConvertible {
        var message: String
        var locations: [[Int]]

        init(message: String, locations: [[Int]]) {
            self.message = message
            self.locations = locations
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            message = try container.decode(String.self)
            locations = try container.decode([[Int]].self)
        }

        var description: String { "\(message) \(locations)" }

        static func precedes(_ first: Reported, _ second: Reported) -> Bool {
            first.locations.lexicographicallyPrecedes(second.locations, by: { $0.lexicographicallyPrecedes($1) })
                || (first.locations == second.locations && first.message < second.message)
        }

        /// Without graphql-js's "Did you mean" suggestions, which Orion does not make yet (and
        /// which also change how an unknown input field's message goes on).
        var normalized: Reported { self }
    }
}
