import Foundation

/// A tiny HTTP server on 127.0.0.1 (Python's standard library, in a child process) that answers
/// every request, WebSocket upgrades included, with `403 Forbidden` and a body naming the
/// request's number and the `Origin` headers it carried: a server that refuses the upgrade, as
/// a real one does when it dislikes the Origin or the credentials.
final class RefusingServer: @unchecked Sendable {
    // Set once in init; only terminated after.
    private let process: Process
    let port: Int

    private static let script = #"""
import socketserver, sys
count = 0
class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        global count
        lines = []
        while True:
            line = self.rfile.readline()
            if line in (b"", b"\r\n", b"\n"):
                break
            lines.append(line.decode("latin-1").rstrip("\r\n"))
        count += 1
        origins = [l.split(":", 1)[1].strip() for l in lines[1:] if l.lower().startswith("origin:")]
        body = ("request %d; origins: %s" % (count, origins)).encode()
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
print("listening on %d" % server.server_address[1], flush=True)
server.serve_forever()
"""#

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line names the port, once the socket listens; the wait ends at that line or
        // at the end of the output, whichever comes first.
        var text = ""
        let handle = output.fileHandleForReading
        while !text.contains("\n") {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("listening on "), let port = Int(line.dropFirst(13)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartError(description: "the refusing server did not start; it printed: \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test process may block SIGTERM in the thread that started the child, which
        // inherits the mask and would then never end; the server has nothing to save.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
