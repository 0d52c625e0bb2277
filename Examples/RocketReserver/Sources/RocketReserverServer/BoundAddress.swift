import Foundation

/// The address the server listens on, known only once it is bound (port 0 picks a free port).
/// Lock-protected: written once by the start-up callback, read by request handlers.
final class BoundAddress: @unchecked Sendable {
    private let lock = NSLock()
    private let host: String
    private var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    func set(port: Int) {
        lock.withLock { self.port = port }
    }

    /// `http://host:port`.
    var origin: String {
        let port = lock.withLock { self.port }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
