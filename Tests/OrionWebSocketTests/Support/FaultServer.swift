import Foundation
import TestSupport

/// A tiny server on 127.0.0.1 (Python's standard library, in a child process) that misbehaves
/// in one of two ways a real server does:
/// - `.refuse`: answers every request, WebSocket upgrades included, with `403 Forbidden` and a
///   body naming the request's number and the `Origin` headers it carried, as a server does when
///   it dislikes the Origin or the credentials;
/// - `.acknowledgeAndDrop`: accepts the upgrade, answers `connection_init` with
///   `connection_ack`, reads the first operation's message, then drops the TCP connection
///   without a close frame, every time;
/// - `.fragments`: accepts and acknowledges as well, then answers the operation (`graphql-transport-ws`)
///   with a result sent in three frames, split inside a two-byte character, a result in one
///   frame, and a message of 4,096 bytes in two frames, and reads until the client closes;
/// - `.resultAfterError`: accepts and acknowledges, then answers the operation with, in one
///   write, a result (`count` 1), a ping, an `error` for it and then another result (`count` 99),
///   which a client must drop, and reads until the client closes.
final class FaultServer: @unchecked Sendable {
    enum Fault: String {
        case refuse
        case acknowledgeAndDrop = "ack-drop"
        case fragments
        case resultAfterError = "result-after-error"
    }

    // Set once in init; only terminated after.
    private let process: Process
    private let exit: ProcessExit
    let port: Int

    var webSocketURL: URL { URL(string: "ws://127.0.0.1:\(port)/graphql")! }

    private static let script = #"""
import base64, hashlib, socketserver, struct, sys
fault = sys.argv[1]
count = 0
def read_frame(stream):
    head = stream.read(2)
    if len(head) < 2:
        return None
    length = head[1] & 0x7F
    if length == 126:
        length = struct.unpack("!H", stream.read(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", stream.read(8))[0]
    mask = stream.read(4) if head[1] & 0x80 else b"\0\0\0\0"
    data = stream.read(length)
    return bytes(b ^ mask[i % 4] for i, b in enumerate(data))
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
        headers = [l.split(":", 1) for l in lines[1:] if ":" in l]
        if fault == "refuse":
            origins = [v.strip() for k, v in headers if k.lower() == "origin"]
            body = ("request %d; origins: %s" % (count, origins)).encode()
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
            return
        key = next(v.strip() for k, v in headers if k.lower() == "sec-websocket-key")
        protocol = next(v.strip() for k, v in headers if k.lower() == "sec-websocket-protocol")
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        self.wfile.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "
                         + accept + b"\r\nSec-WebSocket-Protocol: " + protocol.encode() + b"\r\n\r\n")
        read_frame(self.rfile)  # connection_init
        ack = b'{"type":"connection_ack"}'
        self.wfile.write(bytes([0x81, len(ack)]) + ack)
        self.wfile.flush()
        start = read_frame(self.rfile)  # the operation's subscribe (or start)
        if fault == "fragments":
            import json
            id = json.loads(start)["id"]
            def send(fin, opcode, data):
                head = bytes([(0x80 if fin else 0) | opcode])
                head += bytes([len(data)]) if len(data) < 126 else bytes([126]) + struct.pack("!H", len(data))
                self.wfile.write(head + data)
            first = json.dumps({"type": "next", "id": id, "payload": {"data": {"count": 1}, "extensions": {"note": "caf\u00e9"}}},
                               ensure_ascii=False).encode()
            split = first.index("é".encode()) + 1  # between the two bytes of é
            send(False, 0x1, first[:10])
            send(False, 0x0, first[10:split])
            send(True, 0x0, first[split:])
            send(True, 0x1, json.dumps({"type": "next", "id": id, "payload": {"data": {"count": 2}}}).encode())
            large = json.dumps({"type": "next", "id": id, "payload": {"data": {"count": 3}, "extensions": {"padding": "x" * 4000}}}).encode()
            send(False, 0x1, large[:2048])
            send(True, 0x0, large[2048:])
            self.wfile.flush()
            while read_frame(self.rfile) is not None:
                pass
            return
        if fault == "result-after-error":
            import json
            id = json.loads(start)["id"]
            def frame(message):
                data = json.dumps(message).encode()
                return bytes([0x81, len(data)]) + data
            self.wfile.write(frame({"type": "next", "id": id, "payload": {"data": {"count": 1}}})
                             + frame({"type": "ping"})
                             + frame({"type": "error", "id": id, "payload": [{"message": "the counter broke"}]})
                             + frame({"type": "next", "id": id, "payload": {"data": {"count": 99}}}))
            self.wfile.flush()
            while read_frame(self.rfile) is not None:
                pass
            return
        # Returning closes the socket: a drop, without a close frame.
class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
server = Server(("127.0.0.1", 0), Handler)
print("listening on %d" % server.server_address[1], flush=True)
server.serve_forever()
"""#

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ fault: Fault) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, fault.rawValue]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        exit = ProcessExit(of: process)
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
            throw StartError(description: "the fault server did not start; it printed: \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test process may block SIGTERM in the thread that started the child, which
        // inherits the mask and would then never end; the server has nothing to save.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // Bounded: a wait here must never hang the suite.
        exit.wait(seconds: 10)
    }
}
