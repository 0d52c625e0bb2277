import Foundation

/// The shape check `login(email:)` makes: `something@something.tld`, no spaces.
enum EmailAddress {
    static let maximumLength = 254

    /// The email trimmed and lowercased, or nil when it does not look like an address.
    static func normalized(_ text: String) -> String? {
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard email.count <= maximumLength, !email.contains(where: \.isWhitespace) else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter)
        else { return nil }
        return email
    }
}
