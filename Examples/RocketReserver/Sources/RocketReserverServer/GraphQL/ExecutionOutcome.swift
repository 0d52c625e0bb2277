import GraphQL

/// The result of running one operation, or of one subscription event.
struct ExecutionOutcome: Sendable {
    /// Whether the response has a `data` entry: false for request errors (nothing ran),
    /// true once execution started, even when `data` is null after a field error.
    let hasData: Bool
    let data: Map?
    let errors: [ResponseError]

    /// A request error: nothing was executed.
    static func requestErrors(_ errors: [ResponseError]) -> ExecutionOutcome {
        ExecutionOutcome(hasData: false, data: nil, errors: errors)
    }
}
