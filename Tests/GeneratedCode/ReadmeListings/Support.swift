// What the README's listings take as given: the app's own types they mention.

/// The app's store of the user's token, as the README's authorization interceptor reads it.
actor TokenStore {
    var current: String?
}
