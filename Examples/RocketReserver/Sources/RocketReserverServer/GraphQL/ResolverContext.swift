/// What resolvers of one request (or one WebSocket connection) can reach: the server's shared
/// state, the logged-in user and the request's uploaded files.
final class ResolverContext: Sendable {
    let services: ServerServices
    /// Nil when the request carried no valid token.
    let user: User?
    /// Files of a multipart request, by the placeholder their `Upload` variable holds.
    let uploads: [String: UploadedFile]
    /// `http://host:port`, from the request's Host header, for the URLs of profile images.
    let origin: String

    init(services: ServerServices, user: User?, uploads: [String: UploadedFile] = [:], origin: String) {
        self.services = services
        self.user = user
        self.uploads = uploads
        self.origin = origin
    }

    func profileImageURL(name: String) -> String {
        origin + "/images/" + name
    }
}
