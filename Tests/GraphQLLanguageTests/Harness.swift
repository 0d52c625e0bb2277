import GraphQLLanguage
import Testing

// The helpers every GraphQLLanguage test uses. Each takes the caller's `sourceLocation`, so a
// failure points at the test's line, not at this file.

/// Parses `text` (named `test.graphql`), failing the calling test on a syntax error.
func parse(_ text: String, options: ParseOptions = ParseOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Document {
    do {
        return try Parser.parse(Source(text, name: "test.graphql"), options: options)
    } catch {
        Issue.record("unexpected syntax error: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Parses `text` without locations: an AST that compares by structure alone.
func structure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Document {
    try parse(text, options: ParseOptions(noLocation: true), sourceLocation: sourceLocation)
}

/// The error parsing `text` throws, or nil (recorded as a failure) when it parses.
func syntaxError(_ text: String, options: ParseOptions = ParseOptions(), name: String = "test.graphql", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> GraphQLError? {
    do {
        _ = try Parser.parse(Source(text, name: name), options: options)
        Issue.record("expected a syntax error, but \(text.debugDescription) parsed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
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
        #expect(error.locations.count == 1, "a syntax error blames one place", sourceLocation: sourceLocation)
    }
}

/// Expects the printed form of `text` to parse to the same AST, and printing to be a fixed point.
func expectRoundTrip(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let original = try structure(text, sourceLocation: sourceLocation)
    let printed = Printer.print(original)
    let reparsed = try structure(printed, sourceLocation: sourceLocation)
    #expect(reparsed == original, "printed as:\n\(printed)", sourceLocation: sourceLocation)
    #expect(Printer.print(reparsed) == printed, "printing is not a fixed point", sourceLocation: sourceLocation)
}

/// The single operation of a document.
func operation(_ document: Document, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> OperationDefinition {
    guard case .operation(let operation)? = document.definitions.first else {
        Issue.record("expected an operation", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return operation
}

/// The fields of a selection set, fragments left out.
func fields(_ selectionSet: SelectionSet?) -> [Field] {
    selectionSet?.selections.compactMap { if case .field(let field) = $0 { field } else { nil } } ?? []
}

/// The value of the first argument of the first field.
func firstArgumentValue(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Value {
    let field = try #require(fields(try operation(parse(text, sourceLocation: sourceLocation), sourceLocation: sourceLocation).selectionSet).first, sourceLocation: sourceLocation)
    return try #require(field.arguments.first?.value, sourceLocation: sourceLocation)
}

/// The decoded string of the first argument of the first field (`{ f(s: "...") }`).
func stringArgument(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StringValue {
    guard case .string(let string) = try firstArgumentValue(text, sourceLocation: sourceLocation) else {
        Issue.record("the argument is not a string", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return string
}

/// The single type-system definition of a document.
func typeDefinition(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> TypeDefinition {
    let document = try parse(text, sourceLocation: sourceLocation)
    guard case .type(let definition)? = document.definitions.first else {
        Issue.record("expected a type definition", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return definition
}

/// The single type extension of a document.
func typeExtension(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> TypeExtension {
    let document = try parse(text, sourceLocation: sourceLocation)
    guard case .typeExtension(let extensionNode)? = document.definitions.first else {
        Issue.record("expected a type extension", sourceLocation: sourceLocation)
        throw HarnessError()
    }
    return extensionNode
}

/// `[start, end]`: a location's UTF-8 byte offsets, easy to compare.
func span(_ location: Location?) -> [Int]? {
    location.map { [$0.start, $0.end] }
}

/// `"line:column"` of where a location in `document` starts.
func position(_ location: Location?, in document: Document) -> String? {
    guard let location, let source = document.source else { return nil }
    return "\(location.sourceLocation(in: source))"
}

struct HarnessError: Error {}
