import Foundation
import OrionCompiler

extension Configuration {
    /// Each key of orion.json that Orion does not read, at the top level and inside `output` and `testMocks`,
    /// as a sentence naming it and, when a known key is close, the one probably meant:
    /// `unknown key "scalarTypes". Did you mean "scalars"?`, sorted by key.
    ///
    /// Empty when the data is not a JSON object: decoding reports that.
    static func unknownKeys(in data: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        var problems = unknownKeys(of: object, known: CodingKeys.allCases.map(\.stringValue), in: nil)
        if let output = object[CodingKeys.output.stringValue] as? [String: Any] {
            problems += unknownKeys(of: output, known: Output.CodingKeys.allCases.map(\.stringValue), in: CodingKeys.output.stringValue)
        }
        if let testMocks = object[CodingKeys.testMocks.stringValue] as? [String: Any] {
            problems += unknownKeys(of: testMocks, known: TestMocks.CodingKeys.allCases.map(\.stringValue), in: CodingKeys.testMocks.stringValue)
        }
        return problems
    }

    private static func unknownKeys(of object: [String: Any], known: [String], in parent: String?) -> [String] {
        object.keys.sorted().filter { !known.contains($0) }.map { key in
            let place = parent.map { " in \"\($0)\"" } ?? ""
            let suggestion = Suggestions.didYouMean(Suggestions.list(key, known), quote: "\"")
            let fallback = " The keys\(place) are " + known.map { "\"\($0)\"" }.joined(separator: ", ") + "."
            return "unknown key \"\(key)\"\(place)." + (suggestion.isEmpty ? fallback : suggestion)
        }
    }
}
