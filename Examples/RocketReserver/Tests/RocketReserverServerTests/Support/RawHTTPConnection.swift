import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to the test server, for responses that stream (a multipart
/// subscription) and that URLSession only hands over whole. Non-blocking: reads poll, so a
/// test never blocks one of the few threads the server shares with it.
final class RawHTTPConnection {
    private let socketFD: Int32
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
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        socketFD = fd
    }

    deinit { close(socketFD) }

    func send(_ text: String) async throws {
        var bytes = Array(text.utf8)[...]
        let deadline = ContinuousClock.now + .seconds(10)
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { write(socketFD, $0.baseAddress, $0.count) }
            if sent > 0 {
                bytes = bytes.dropFirst(sent)
            } else if errno == EAGAIN || errno == EWOULDBLOCK, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            } else {
                throw TestFailure("write() failed")
            }
        }
    }

    /// Reads until everything received so far satisfies `condition`; returns it as text.
    func read(timeout: Double, until condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if condition(text) { return text }
            guard ContinuousClock.now < deadline else {
                throw TestFailure("Timed out after \(timeout) s; received so far: \(text.suffix(500))")
            }
            let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                let text = String(decoding: received, as: UTF8.self)
                if condition(text) { return text }
                throw TestFailure("The server closed the connection; received: \(text.suffix(500))")
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
