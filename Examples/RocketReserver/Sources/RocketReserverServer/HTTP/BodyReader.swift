import Hummingbird

/// Reads a request body up to a size limit.
enum BodyReader {
    /// The whole body, or nil when it is larger than `limit` bytes. The rest of a too-large
    /// body is left unread: Hummingbird drains it after the response.
    static func read(_ body: RequestBody, limit: Int) async throws -> ByteBuffer? {
        var collected = ByteBuffer()
        for try await var chunk in body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return nil }
            collected.writeBuffer(&chunk)
        }
        return collected
    }
}
