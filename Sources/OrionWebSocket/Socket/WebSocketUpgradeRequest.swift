import Foundation

/// The HTTP request that opens a WebSocket: its target and its headers, with exactly one `Host`
/// (the app's, or the URL's authority) and exactly one `Origin`.
///
/// ## Origin
/// Servers that guard against cross-site WebSocket hijacking compare `Origin` with `Host` and
/// refuse the upgrade (403) when they differ; a second `Origin` is refused too, or read as the
/// first. So the request carries one `Origin`: the app's, when ``headers`` has one (in any
/// letter case), or else the origin a page served by the same server would send: `http` for
/// `ws`, `https` for `wss`, the host, and the port unless it is the scheme's default.
struct WebSocketUpgradeRequest: Equatable {
    /// `ws` or `wss`.
    var scheme: String
    var host: String
    var port: Int
    /// The path and query of the request line (`/graphql?x=1`).
    var target: String
    /// In order: `Host`, `Origin`, `Sec-WebSocket-Protocol`, then the app's headers. The
    /// WebSocket handshake's own headers (`Upgrade`, `Connection`, `Sec-WebSocket-Key`,
    /// `Sec-WebSocket-Version`) are the socket library's to add.
    var headers: [(name: String, value: String)]

    var usesTLS: Bool { scheme == "wss" }

    /// - Throws: ``WebSocketTransportError/connectionFailed(reason:)`` for a URL that is not
    ///   `ws://` or `wss://` with a host.
    init(url: URL, subprotocol: String, headers appHeaders: [String: String]) throws {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
              let host = components.host, !host.isEmpty
        else {
            throw WebSocketTransportError.connectionFailed(
                reason: "\(url.absoluteString) is not a WebSocket URL; give one of the form ws://host:port/path or wss://host/path")
        }
        self.scheme = scheme
        self.host = host
        let defaultPort = scheme == "wss" ? 443 : 80
        port = components.port ?? defaultPort
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        target = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        // IPv6 literals go in brackets in Host and Origin.
        let hostForHeaders = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let authority = port == defaultPort ? hostForHeaders : "\(hostForHeaders):\(port)"

        let reserved: Set<String> = ["host", "sec-websocket-protocol", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version"]
        let appOrigin = appHeaders.first { $0.key.lowercased() == "origin" }?.value
        let appHost = appHeaders.first { $0.key.lowercased() == "host" }?.value
        var headers: [(name: String, value: String)] = [
            ("Host", appHost ?? authority),
            ("Origin", appOrigin ?? "\(scheme == "wss" ? "https" : "http")://\(authority)"),
            ("Sec-WebSocket-Protocol", subprotocol),
        ]
        // Sorted, so that the request is the same bytes each time.
        for (name, value) in appHeaders.sorted(by: { $0.key < $1.key }) where name.lowercased() != "origin" && !reserved.contains(name.lowercased()) {
            headers.append((name, value))
        }
        self.headers = headers
    }

    /// The value of the header `name` (any letter case), if the request has one.
    func value(of name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port && lhs.target == rhs.target
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}
