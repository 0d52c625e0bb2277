// What the listings of the README and the DocC articles take as given: the app's own types they
// mention.

/// The app's store of the user's token, as the authorization interceptors of the README and
/// the articles read it.
actor TokenStore {
    var current: String?

    /// Logs in again and keeps the new token.
    func refresh() async {
        current = "a new token"
    }
}
