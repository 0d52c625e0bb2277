/// An error a resolver throws: the field's error in the response, with a code.
///
/// Resolvers throw this rather than GraphQLSwift's `GraphQLError`, which GraphQLSwift 4.3
/// passes through without the field's path and location; it wraps any other error with
/// both, and keeps this one as `originalError`, where the code is read back.
struct FieldError: Error, CustomStringConvertible, Sendable {
    let message: String
    var code: String? = nil

    var description: String { message }

    static func badUserInput(_ message: String) -> FieldError {
        FieldError(message: message, code: ErrorCode.badUserInput)
    }
}
