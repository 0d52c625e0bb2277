#if canImport(Darwin)
import Foundation

/// Opens WebSockets with `URLSessionWebSocketTask`: the client on Apple platforms.
public struct URLSessionWebSocketConnector: WebSocketConnector {
    /// The session every socket of this connector runs in.
    public let session: URLSession

    public init(configuration: URLSessionConfiguration = .default) {
        session = URLSession(configuration: configuration)
    }

    public func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection {
        // The same Host and single Origin as on Linux (see `WebSocketUpgradeRequest`).
        let upgrade = try WebSocketUpgradeRequest(url: url, subprotocol: subprotocol, headers: headers)
        var request = URLRequest(url: url)
        for (name, value) in upgrade.headers where name != "Host" { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.webSocketTask(with: request)
        task.resume()
        // The task opens the socket before it sends the first frame: a ping's answer says that
        // the upgrade succeeded, its failure that it did not, and the task's response says why.
        let pinged: (any Error)? = await withCheckedContinuation { continuation in
            task.sendPing { error in continuation.resume(returning: error) }
        }
        if let pinged {
            task.cancel()
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                throw WebSocketTransportError.upgradeRefused(
                    status: response.statusCode, reason: HTTPURLResponse.localizedString(forStatusCode: response.statusCode), body: "")
            }
            throw WebSocketTransportError.connectionFailed(reason: "\(pinged.localizedDescription)")
        }
        return URLSessionWebSocketConnection(task: task)
    }
}

/// `WebSocketConnection` over a `URLSessionWebSocketTask`, whose send and receive are already
/// async and in order.
final class URLSessionWebSocketConnection: WebSocketConnection {
    private let task: URLSessionWebSocketTask

    init(task: URLSessionWebSocketTask) {
        self.task = task
    }

    func send(text: String) async throws {
        try await task.send(.string(text))
    }

    func receive() async throws -> WebSocketFrame {
        let message: URLSessionWebSocketTask.Message
        do {
            message = try await task.receive()
        } catch {
            // A close frame from the server ends `receive` with an error; its code is on the task.
            guard task.closeCode != .invalid else { return .close(code: .abnormalClosure, reason: "\(error)") }
            let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .close(code: WebSocketCloseCode(rawValue: task.closeCode.rawValue), reason: reason)
        }
        switch message {
        case .string(let text): return .text(text)
        case .data(let data): return .text(String(decoding: data, as: UTF8.self))
        // A kind of message this SDK does not know: empty text, which the transport reports as
        // a protocol error.
        @unknown default: return .text("")
        }
    }

    func close(code: WebSocketCloseCode) async {
        task.cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: code.rawValue) ?? .normalClosure, reason: nil)
    }
}
#endif
