/// What an operation does, which decides how a transport may run it.
enum OperationKind: Sendable, Equatable {
    case query
    case mutation
    case subscription
}
