import GraphQLLanguage
import Testing

/// Parses `text`, failing the calling test (not this helper) on a syntax error.
func parse(_ text: String, options: ParseOptions = ParseOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Document {
    do {
        return try Parser.parse(Source(text, name: "test.graphql"), options: options)
    } catch {
        Issue.record("unexpected syntax error: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Expects `text` to fail to parse with exactly `message` at `line`:`column`.
func expectSyntaxError(
    _ text: String, _ message: String, line: Int, column: Int, options: ParseOptions = ParseOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    do {
        _ = try Parser.parse(Source(text, name: "test.graphql"), options: options)
        Issue.record("expected \(message.debugDescription) at \(line):\(column), but it parsed", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message == message, sourceLocation: sourceLocation)
        #expect(error.sourceLocations.first == GraphQLLanguage.SourceLocation(line: line, column: column), sourceLocation: sourceLocation)
    }
}

/// The single operation of a document.
func operation(_ document: Document, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> OperationDefinition {
    guard case .operation(let operation)? = document.definitions.first else {
        Issue.record("expected an operation", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return operation
}

/// The fields of a selection set, failing on fragments.
func fields(_ selectionSet: SelectionSet?) -> [Field] {
    selectionSet?.selections.compactMap { if case .field(let field) = $0 { field } else { nil } } ?? []
}

/// The value of the first argument of the first field.
func firstArgumentValue(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Value {
    let field = try #require(fields(try operation(parse(text)).selectionSet).first, sourceLocation: sourceLocation)
    return try #require(field.arguments.first?.value, sourceLocation: sourceLocation)
}

/// The single type-system definition of a document.
func typeDefinition(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> TypeDefinition {
    let document = try parse(text)
    guard case .type(let definition)? = document.definitions.first else {
        Issue.record("expected a type definition", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return definition
}

struct HarnessError: Error {}
