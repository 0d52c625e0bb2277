import Foundation

/// An open WebSocket, as the transport uses it: text frames out, text frames and the close
/// frame in, one at a time.
///
/// Small on purpose, so that a platform's client (or a test's scripted fake) takes a few lines
/// to adapt. Implementations must be safe to call from any task: `send` and `close` may be
/// called while a `receive` is waiting.
public protocol WebSocketConnection: Sendable {
    /// Sends a text frame. Frames go out in the order of the calls.
    func send(text: String) async throws
    /// The next frame from the server. After `.close` (or a throw) the connection is over and
    /// `receive` is not called again.
    func receive() async throws -> WebSocketFrame
    /// Hands the frames from the server to `handle`, in order, until it returns `false`, after
    /// it has had `.close`, or once `close(code:)` is called.
    ///
    /// The transport reads with this. The default calls `receive()` in a loop; a client that
    /// reads its socket in a task of its own calls `handle` from that task instead, which saves
    /// a hand-off between tasks per frame.
    func receiveFrames(_ handle: @escaping @Sendable (WebSocketFrame) async -> Bool) async
    /// ``receiveFrames(_:)``, with each text message offered first to `take`, a synchronous
    /// function: a message it takes (returns `true` for) goes no further.
    ///
    /// The transport takes a subscription's results with it, so that they skip the hop onto its
    /// actor. A connection may call `take` on its socket's own thread (the NIO client calls it on
    /// the event loop, as it reads the frame), but only once `handle` has returned for every
    /// earlier frame: frames are acted on in the order they came. The default offers each text
    /// frame to `take` in the task that calls `handle`.
    func receiveFrames(
        offeringTextTo take: @escaping @Sendable (String) -> Bool, _ handle: @escaping @Sendable (WebSocketFrame) async -> Bool
    ) async
    /// Closes the socket with `code`; a `receive` in progress returns (`.close` or a throw)
    /// soon after.
    func close(code: WebSocketCloseCode) async
}

extension WebSocketConnection {
    public func receiveFrames(_ handle: @escaping @Sendable (WebSocketFrame) async -> Bool) async {
        while true {
            let frame: WebSocketFrame
            do {
                frame = try await receive()
            } catch {
                frame = .close(code: .abnormalClosure, reason: "\(error)")
            }
            guard await handle(frame), case .text = frame else { return }
        }
    }

    public func receiveFrames(
        offeringTextTo take: @escaping @Sendable (String) -> Bool, _ handle: @escaping @Sendable (WebSocketFrame) async -> Bool
    ) async {
        await receiveFrames { frame in
            if case .text(let text) = frame, take(text) { return true }
            return await handle(frame)
        }
    }
}

/// A frame received from the server.
public enum WebSocketFrame: Sendable, Equatable {
    case text(String)
    /// The socket was closed: by the server (its code and reason), or dropped without a close
    /// frame (``WebSocketCloseCode/abnormalClosure``).
    case close(code: WebSocketCloseCode, reason: String)
}

/// Opens WebSockets: the seam where a platform's client, or a test's fake, plugs in.
public protocol WebSocketConnector: Sendable {
    /// Opens a WebSocket to `url` asking for `subprotocol` in `Sec-WebSocket-Protocol`, with
    /// `headers` on the upgrade request.
    func connect(url: URL, subprotocol: String, headers: [String: String]) async throws -> any WebSocketConnection
}
