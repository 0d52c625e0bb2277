import Foundation
@testable import OrionWebSocket
import Testing

/// The upgrade request's headers: one Host, one Origin (the app's, or the page origin of the
/// server's own host and port).
@Suite struct WebSocketUpgradeRequestTests {
    private func origins(_ request: WebSocketUpgradeRequest) -> [String] {
        request.headers.filter { $0.name.lowercased() == "origin" }.map(\.value)
    }

    @Test func theDefaultOriginIsTheHTTPOriginWithThePort() throws {
        let request = try WebSocketUpgradeRequest(url: URL(string: "ws://127.0.0.1:4000/graphql?a=1")!, subprotocol: "graphql-transport-ws", headers: [:])
        #expect(origins(request) == ["http://127.0.0.1:4000"])
        #expect(request.value(of: "Host") == "127.0.0.1:4000")
        #expect(request.value(of: "Sec-WebSocket-Protocol") == "graphql-transport-ws")
        #expect(request.target == "/graphql?a=1")
        #expect(request.port == 4000)
    }

    @Test func secureSocketsGetAnHTTPSOriginWithoutTheDefaultPort() throws {
        let request = try WebSocketUpgradeRequest(url: URL(string: "wss://api.example.com/graphql")!, subprotocol: "graphql-ws", headers: [:])
        #expect(origins(request) == ["https://api.example.com"])
        #expect(request.value(of: "Host") == "api.example.com")
        #expect(request.port == 443)
        #expect(request.usesTLS)
        let plain = try WebSocketUpgradeRequest(url: URL(string: "ws://example.com")!, subprotocol: "graphql-ws", headers: [:])
        #expect(origins(plain) == ["http://example.com"])
        #expect(plain.target == "/")
        #expect(plain.port == 80)
    }

    @Test(arguments: ["Origin", "origin", "ORIGIN"])
    func theAppsOriginReplacesTheDefault(name: String) throws {
        let request = try WebSocketUpgradeRequest(
            url: URL(string: "ws://127.0.0.1:4000/graphql")!, subprotocol: "graphql-transport-ws",
            headers: [name: "https://app.example.com", "Authorization": "Bearer t"])
        #expect(origins(request) == ["https://app.example.com"], "one Origin, the app's")
        #expect(request.value(of: "Authorization") == "Bearer t")
        #expect(request.headers.filter { $0.name.lowercased() == "host" }.count == 1)
    }

    @Test func theSubprotocolIsTheTransportsAlone() throws {
        let request = try WebSocketUpgradeRequest(
            url: URL(string: "ws://127.0.0.1:4000/")!, subprotocol: "graphql-transport-ws", headers: ["sec-websocket-protocol": "other"])
        #expect(request.headers.filter { $0.name.lowercased() == "sec-websocket-protocol" }.map(\.value) == ["graphql-transport-ws"])
    }

    @Test func aURLThatIsNotAWebSocketsIsRefusedWithWhatToDo() {
        #expect {
            try WebSocketUpgradeRequest(url: URL(string: "http://127.0.0.1:4000/graphql")!, subprotocol: "graphql-ws", headers: [:])
        } throws: { error in
            "\(error)".contains("ws://host:port/path")
        }
    }
}
