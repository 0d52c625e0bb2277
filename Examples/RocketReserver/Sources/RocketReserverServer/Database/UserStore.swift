import Foundation

/// Users and their login tokens.
extension RocketReserverDatabase {
    /// Finds or creates the user with this (already normalized) email and gives them a new
    /// random token; earlier tokens stay valid, so several devices can be logged in.
    func login(email: String) throws -> User {
        try connection.transaction {
            try connection.run("INSERT OR IGNORE INTO users (email) VALUES (?)", [.text(email)])
            guard let user = try user(where: "email = ?", .text(email)) else {
                throw SQLiteError(code: -1, message: "user \(email) missing after insert")
            }
            let token = Self.makeToken()
            try connection.run("INSERT INTO tokens (token, user_id) VALUES (?, ?)", [.text(token), .integer(user.id)])
            return user.with(token: token)
        }
    }

    /// The user a token belongs to, or nil for an unknown token.
    func user(token: String) throws -> User? {
        let rows = try connection.query("SELECT user_id FROM tokens WHERE token = ?", [.text(token)])
        guard let id = rows.first?.first?.integer else { return nil }
        return try user(id: id)
    }

    func user(id: Int64) throws -> User? {
        try user(where: "id = ?", .integer(id))
    }

    func setProfileImage(userID: Int64, imageName: String) throws {
        try connection.run("UPDATE users SET profile_image = ? WHERE id = ?", [.text(imageName), .integer(userID)])
    }

    private func user(where condition: String, _ value: SQLiteValue) throws -> User? {
        let rows = try connection.query("SELECT id, email, profile_image FROM users WHERE \(condition)", [value])
        guard let row = rows.first, row.count == 3, let id = row[0].integer, let email = row[1].text else { return nil }
        return User(id: id, email: email, profileImageName: row[2].text, token: nil)
    }

    /// 32 random bytes as hex: unguessable, and safe in a header.
    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
