import Foundation

/// Reads the token out of an `Authorization` header or a connection_init payload value:
/// either the raw token or `Bearer <token>`.
enum AuthorizationToken {
    static func parse(_ value: String?) -> String? {
        guard var token = value?.trimmingCharacters(in: .whitespaces), !token.isEmpty else { return nil }
        if token.lowercased().hasPrefix("bearer ") {
            token = token.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        }
        return token.isEmpty ? nil : token
    }
}
