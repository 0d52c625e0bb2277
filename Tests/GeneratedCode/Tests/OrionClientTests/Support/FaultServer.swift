import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the client's tests: each request is answered as the
/// test's handler says, including the faults a real network produces (error statuses, bodies that
/// are cut short or not GraphQL, answers that never come, connections dropped mid-body). Tests
/// wait for what it reports (`received`, `hangUps`), never for a while.
final class FaultServer: @unchecked Sendable {
    /// A request as the server received it.
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
        var body: Data

        /// The JSON body as an object (POST).
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    /// How to answer.
    indirect enum Behavior: Sendable {
        case respond(status: Int, body: String, contentType: String = "application/json", headers: [String: String] = [:])
        /// Declares `declaredLength` bytes but sends only `body`, then closes.
        case truncated(body: String, declaredLength: Int)
        /// Sends headers and part of the body, then drops the connection.
        case dropMidBody(body: String)
        /// Never answers: holds the connection until the client closes it (it timed out or
        /// cancelled), which `hangUps` counts.
        case noAnswer
    }

    private let socket: Int32
    let port: Int
    private let handler: @Sendable (Request) -> Behavior
    // `received` and `stopped` are guarded by `lock`.
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false
    /// Requests received so far, to wait for one.
    let receivedCount = EventCount()
    /// Connections the client closed while waiting for an answer (`noAnswer`).
    let hangUps = EventCount()

    var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    /// The requests received so far.
    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    init(handler: @escaping @Sendable (Request) -> Behavior) throws {
        self.handler = handler
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting connections; it may be called more than once.
    ///
    /// The accept loop owns the listening socket and closes it when it ends: closing it here,
    /// while the loop may be about to call `accept` on it, could let the loop (or a second
    /// `close`) reach a descriptor number the process has since given to another test's socket.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        // A connection of our own wakes the loop from `accept` on every platform (shutting down a
        // listening socket does on Linux only); the loop then sees `stopped` and ends.
        wake()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        defer { close(socket) }
        while !isStopped {
            let connection = accept(socket, nil, nil)
            // A signal (a child process of another test exiting) interrupts a wait, not the loop.
            if connection < 0, errno == EINTR { continue }
            guard connection >= 0 else { return }
            guard !isStopped else {
                close(connection)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func wake() {
        #if canImport(Glibc)
        let client = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let client = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard client >= 0 else { return }
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        receivedCount.record()
        answer(handler(request), on: connection)
    }

    private func answer(_ behavior: Behavior, on connection: Int32) {
        switch behavior {
        case .respond(let status, let body, let contentType, let headers):
            let bytes = Data(body.utf8)
            let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            send(connection, "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\n\(extra)Connection: close\r\n\r\n")
            send(connection, bytes)
        case .truncated(let body, let declaredLength):
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(declaredLength)\r\nConnection: close\r\n\r\n")
            send(connection, Data(body.utf8))
        case .dropMidBody(let body):
            send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count * 4)\r\nConnection: close\r\n\r\n")
            send(connection, Data(body.utf8))
            shutdown(connection, Int32(SHUT_RDWR))
        case .noAnswer:
            // The client sends nothing more: the read ends when it closes the connection.
            var byte: UInt8 = 0
            while receive(connection, &byte, 1) > 0 {}
            hangUps.record()
        }
    }

    private func send(_ connection: Int32, _ text: String) { send(connection, Data(text.utf8)) }

    private func send(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                #if canImport(Glibc)
                let sent = Glibc.send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(connection, base + offset, buffer.count - offset, 0)
                #endif
                if sent < 0, errno == EINTR { continue }
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// `recv`, again when a signal interrupted it.
    private func receive(_ connection: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let received = recv(connection, buffer, count, 0)
            if received < 0, errno == EINTR { continue }
            return received
        }
    }

    /// Reads one request: headers, then a Content-Length or chunked body.
    private func read(_ connection: Int32) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            let count = receive(connection, &chunk, chunk.count)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            guard fill() else { return nil }
            headerEnd = buffer.range(of: Data("\r\n\r\n".utf8))
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { send(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
        var body = Data(buffer[end.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init) {
            while body.count < length {
                let before = buffer.count
                guard fill() else { return nil }
                body.append(buffer[before...])
            }
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var decoded = Data()
            while true {
                guard let lineEnd = body.range(of: Data("\r\n".utf8)) else {
                    let before = buffer.count
                    guard fill() else { return nil }
                    body.append(buffer[before...])
                    continue
                }
                let size = Int(String(decoding: body[body.startIndex..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
                while body.count < body.distance(from: body.startIndex, to: lineEnd.upperBound) + size + 2 {
                    let before = buffer.count
                    guard fill() else { return nil }
                    body.append(buffer[before...])
                }
                if size == 0 { break }
                let start = lineEnd.upperBound
                decoded.append(body[start..<body.index(start, offsetBy: size)])
                body = Data(body[body.index(start, offsetBy: size + 2)...])
            }
            body = decoded
        }
        let target = String(requestLine[1])
        var query: [String: String] = [:]
        let components = URLComponents(string: target)
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return Request(method: String(requestLine[0]), path: components?.path ?? target, query: query, headers: headers, body: body)
    }
}
