/// A user, as stored: logged in by email, identified later by one of their tokens.
struct User: Sendable, Hashable {
    let id: Int64
    let email: String
    /// The stored image's name (served at `/images/<name>`), when the user uploaded one.
    let profileImageName: String?
    /// Only set on the user `login` returns: the token it just created.
    let token: String?

    func with(token: String?) -> User {
        User(id: id, email: email, profileImageName: profileImageName, token: token)
    }
}
