import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to the test server, for responses that stream (a multipart
/// subscription) and that URLSession only hands over whole. A thread of its own reads the
/// socket (blocking there, not on one of the few threads the server shares with the test) and
/// hands each chunk on as it comes.
final class RawHTTPConnection {
    private let socketFD: Int32
    /// What the reader thread received, chunk by chunk; it ends when the connection does.
    private let chunks: AsyncStream<Data>
    /// Everything received so far.
    private var received = Data()

    init(port: Int) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw TestFailure("connect() failed")
        }
        socketFD = fd
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        self.chunks = chunks
        // The reader owns the descriptor's end: it closes it once reads end (the server closed,
        // or `deinit` shut the socket down).
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                continuation.yield(Data(buffer[0..<count]))
            }
            continuation.finish()
            close(fd)
        }
    }

    deinit { shutdown(socketFD, Int32(SHUT_RDWR)) }

    func send(_ text: String) async throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw TestFailure("write() failed") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// Reads until everything received so far satisfies `condition`; returns it as text. Fails
    /// after `timeout` seconds (a bound for a test that fails, not a schedule).
    func read(timeout: Double, until condition: @escaping @Sendable (String) -> Bool) async throws -> String {
        let start = received
        let chunks = chunks
        let (text, ended) = try await withTimeout(timeout) {
            var received = start
            var iterator = chunks.makeAsyncIterator()
            while true {
                let text = String(decoding: received, as: UTF8.self)
                if condition(text) { return (received, false) }
                guard let chunk = await iterator.next() else { return (received, true) }
                received.append(chunk)
            }
        }
        received = text
        let decoded = String(decoding: received, as: UTF8.self)
        if ended, !condition(decoded) { throw TestFailure("The server closed the connection; received: \(decoded.suffix(500))") }
        return decoded
    }
}
