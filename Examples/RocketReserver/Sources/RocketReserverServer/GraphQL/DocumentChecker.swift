import GraphQLLanguage
import OrionCompiler

/// Checks every request document with Orion before GraphQLSwift sees it.
///
/// GraphQLSwift 4.3 aborts the process on two identical operations, overflows the stack on
/// deeply nested selections and misses some validation rules (field selection merging, single
/// root field subscriptions). Orion parses with a depth limit and runs all of the spec's rules,
/// so only documents that are valid, shallow and unambiguous reach the executor.
struct DocumentChecker: Sendable {
    /// The deepest selection nesting a document may have, in its text and with its
    /// fragments expanded (the introspection query needs about 13).
    static let maxDepth = 64

    let schema: Schema

    /// Builds the Orion schema from the server's SDL.
    init(sdl: String, name: String) throws {
        schema = try Schema.build(sdl: [Source(sdl, name: name)])
    }

    /// The kind of the operation the request selects, or the request errors: syntax errors,
    /// validation errors (all of them), an operation name that matches nothing.
    func check(query: String, operationName: String?) -> Result<OperationKind, RequestErrors> {
        let document: Document
        do {
            document = try Parser.parse(query, options: ParseOptions(mode: .executableOnly, maxDepth: Self.maxDepth))
        } catch {
            return .failure(RequestErrors([Self.responseError(error, code: ErrorCode.parseFailed)]))
        }
        let errors = validate([document], schema: schema)
        guard errors.isEmpty else {
            return .failure(RequestErrors(errors.map { Self.responseError($0, code: ErrorCode.validationFailed) }))
        }
        let operation: OperationDefinition
        switch Self.selectOperation(in: document, named: operationName) {
        case .success(let selected): operation = selected
        case .failure(let error): return .failure(RequestErrors([error]))
        }
        let depth = Self.expandedDepth(of: operation, in: document)
        guard depth <= Self.maxDepth else {
            return .failure(RequestErrors([ResponseError(
                message: "The operation nests selections \(depth) deep with its fragments expanded; the limit is \(Self.maxDepth).",
                code: ErrorCode.validationFailed
            )]))
        }
        switch operation.operation {
        case .query: return .success(.query)
        case .mutation: return .success(.mutation)
        case .subscription: return .success(.subscription)
        }
    }

    private static func selectOperation(in document: Document, named name: String?) -> Result<OperationDefinition, ResponseError> {
        let operations = document.definitions.compactMap { definition -> OperationDefinition? in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
        if let name {
            guard let operation = operations.first(where: { $0.name?.value == name }) else {
                return .failure(ResponseError(message: "Unknown operation named \"\(name)\".", code: ErrorCode.operationNotFound))
            }
            return .success(operation)
        }
        guard let operation = operations.first else {
            return .failure(ResponseError(message: "Must provide an operation.", code: ErrorCode.operationNotFound))
        }
        guard operations.count == 1 else {
            return .failure(ResponseError(
                message: "Must provide operation name if query contains multiple operations.",
                code: ErrorCode.operationNotFound
            ))
        }
        return .success(operation)
    }

    /// The nesting depth of the operation with every fragment spread replaced by its fragment.
    ///
    /// Fragments are measured once each, leaves first, with an explicit stack: a long chain of
    /// fragments must not recurse as deep as it is long.
    private static func expandedDepth(of operation: OperationDefinition, in document: Document) -> Int {
        var fragments: [String: SelectionSet] = [:]
        for definition in document.definitions {
            if case .fragment(let fragment) = definition { fragments[fragment.name.value] = fragment.selectionSet }
        }
        var depths: [String: Int] = [:]
        for name in fragments.keys where depths[name] == nil {
            var stack = [name]
            var visiting: Set<String> = []
            while let top = stack.last {
                if depths[top] != nil {
                    stack.removeLast()
                    continue
                }
                var missing: [String] = []
                let depth = localDepth(fragments[top], depths: depths, missing: &missing)
                // A cycle cannot get here (validation rejects it), but must not loop forever.
                let pending = missing.filter { depths[$0] == nil && fragments[$0] != nil && !visiting.contains($0) }
                if pending.isEmpty {
                    depths[top] = depth
                    stack.removeLast()
                } else {
                    visiting.insert(top)
                    stack.append(contentsOf: pending)
                }
            }
        }
        var missing: [String] = []
        return localDepth(operation.selectionSet, depths: depths, missing: &missing)
    }

    /// The depth of a selection set, with known fragment depths; unknown spreads are added
    /// to `missing` and count as 0. Recursion is bounded by the parser's depth limit.
    private static func localDepth(_ selectionSet: SelectionSet?, depths: [String: Int], missing: inout [String]) -> Int {
        guard let selectionSet else { return 0 }
        var deepest = 0
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                deepest = max(deepest, 1 + localDepth(field.selectionSet, depths: depths, missing: &missing))
            case .inlineFragment(let fragment):
                deepest = max(deepest, localDepth(fragment.selectionSet, depths: depths, missing: &missing))
            case .fragmentSpread(let spread):
                if let depth = depths[spread.name.value] {
                    deepest = max(deepest, depth)
                } else {
                    missing.append(spread.name.value)
                }
            }
        }
        return deepest
    }

    private static func responseError(_ error: GraphQLError, code: String) -> ResponseError {
        ResponseError(
            message: error.message,
            locations: error.sourceLocations.map { ResponseError.Position(line: $0.line, column: $0.column) },
            code: code
        )
    }
}
