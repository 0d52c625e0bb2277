import Foundation
import Orion
import OrionAPI
import Testing

/// Error messages as an app shows them: the same words in `description` and
/// `localizedDescription`, paths as `launch.rocket`, types named one way, bodies excerpted.
struct ErrorMessageTests {
    private struct Flags: SelectionSet {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Flags")), [.field("on", Bool.self), .field("ratio", Double.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
    }

    private func decodingError(_ json: String) throws -> ResponseDecodingError {
        let object = try ResponseObject(jsonData: Data(json.utf8))
        do {
            _ = try Flags(responseObject: object)
        } catch let error as ResponseDecodingError {
            return error
        }
        Issue.record("\(json) decoded")
        return ResponseDecodingError(expected: "", found: "")
    }

    /// A type is named the same way whether its value is missing or of another kind.
    @Test func typesAreNamedTheSameWayEverywhere() throws {
        #expect(try decodingError(#"{"ratio": 1}"#).expected == "Bool")
        #expect(try decodingError(#"{"on": "yes", "ratio": 1}"#).expected == "Bool")
        #expect(try decodingError(#"{"on": true}"#).expected == "Double")
        #expect(try decodingError(#"{"on": true, "ratio": "half"}"#).expected == "Double")
    }

    @Test func pathsReadAsTheyAreWritten() {
        let error = GraphQLError(message: "No rocket", path: [.key("launch"), .key("rockets"), .index(2)])
        #expect(error.description == "No rocket (at launch.rockets[2])")
        #expect(error.path.map(\.description) == ["launch", "rockets", "[2]"])
    }

    @Test func localizedDescriptionIsTheDescription() {
        let errors: [any Error & CustomStringConvertible] = [
            GraphQLError(message: "No rocket"),
            ResponseDecodingError(path: ResponsePath([.key("launch")]), expected: "String", found: "null"),
            ResponseCodeError(statusCode: 502, body: Data("Bad gateway".utf8), graphQLErrors: []),
            CacheMissError(key: "Launch:1", field: "site"),
        ]
        for error in errors { #expect(error.localizedDescription == error.description) }
    }

    /// A body that is not a GraphQL response (a proxy's page) shows its start, on one line.
    @Test func anHTTPErrorCarriesAnExcerptOfTheBody() {
        let page = "<html>\n  <body>Service unavailable</body>\n</html>\n" + String(repeating: "x", count: 500)
        let error = ResponseCodeError(statusCode: 503, body: Data(page.utf8), graphQLErrors: [])
        #expect(error.description.hasPrefix("The server answered with HTTP status 503: <html> <body>Service unavailable</body> </html> xxx"))
        #expect(error.description.hasSuffix("….") && error.description.count < 300)
        let graphQL = ResponseCodeError(statusCode: 400, body: Data(), graphQLErrors: [GraphQLError(message: "Bad query")])
        #expect(graphQL.description == "The server answered with HTTP status 400: Bad query.")
    }
}
