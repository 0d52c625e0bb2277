import Foundation
import OrionAPI
import OrionWebSocket
import Testing

/// Messages of the legacy `graphql-ws` subprotocol, checked against the examples of the
/// subscriptions-transport-ws protocol document.
@Suite struct LegacyGraphQLWSMessageTests {
    typealias Message = LegacyGraphQLWSMessage

    static func decodeError(_ text: String) -> WebSocketProtocolError? {
        do throws(WebSocketProtocolError) {
            _ = try Message.decode(text)
            return nil
        } catch {
            return error
        }
    }

    static let allMessages: [Message] = [
        .connectionInit(payload: nil),
        .connectionInit(payload: ["authToken": .string("secret"), "headers": .object(["x-app": .string("ios")])]),
        .connectionAck,
        .connectionError(payload: .object(["message": .string("Authentication failed")])),
        .connectionError(payload: .string("plain text reason")),
        .connectionError(payload: .null),
        .keepAlive,
        .connectionTerminate,
        .start(id: "1", payload: [
            "query": .string("subscription { tripsBooked }"),
            "variables": .object(["n": .int(1), "x": .double(-2.5e-3), "list": .list([.bool(false), .null])]),
            "operationName": .null,
        ]),
        .data(id: "1", payload: Data(#"{"data":{"tripsBooked":2}}"#.utf8)),
        .data(id: "2", payload: Data("{\n  \"data\": null,\n  \"errors\": [{\"message\": \"resolver failed\"}]\n}".utf8)),
        .error(id: "1", payload: ["message": .string("Validation failed: \"x\" is unknown"), "locations": .list([])]),
        .complete(id: "1"),
        .stop(id: "1"),
    ]

    @Test func everyMessageRoundTrips() throws {
        for message in Self.allMessages {
            let text = message.encoded()
            #expect(try Message.decode(text) == message, "\(text)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["type"] as? String == message.type)
        }
        #expect(Set(Self.allMessages.map(\.type)) == Set(Message.messageTypes), "every type is covered")
    }

    @Test func encodedText() {
        #expect(Message.keepAlive.encoded() == #"{"type":"ka"}"#)
        #expect(Message.connectionTerminate.encoded() == #"{"type":"connection_terminate"}"#)
        #expect(Message.stop(id: "7").encoded() == #"{"type":"stop","id":"7"}"#)
        #expect(Message.start(id: "8", payload: ["query": .string("{ a }"), "variables": .object([:])]).encoded()
            == #"{"type":"start","id":"8","payload":{"query":"{ a }","variables":{}}}"#)
    }

    // MARK: - The protocol document's messages

    @Test func decodesTheDocumentedMessages() throws {
        #expect(try Message.decode(#"{"type":"connection_init","payload":{"authToken":"abc"}}"#) == .connectionInit(payload: ["authToken": .string("abc")]))
        #expect(try Message.decode(#"{"type":"connection_init"}"#) == .connectionInit(payload: nil))
        #expect(try Message.decode(#"{"type":"connection_ack"}"#) == .connectionAck)
        #expect(try Message.decode(#"{"type":"ka"}"#) == .keepAlive)
        #expect(try Message.decode(#"{"type":"connection_error","payload":{"message":"Authentication failed"}}"#)
            == .connectionError(payload: .object(["message": .string("Authentication failed")])))
        #expect(try Message.decode(#"{"type":"connection_terminate"}"#) == .connectionTerminate)
        #expect(try Message.decode(#"{"id":"1","type":"start","payload":{"query":"subscription { tripsBooked }","variables":{},"operationName":null}}"#)
            == .start(id: "1", payload: ["query": .string("subscription { tripsBooked }"), "variables": .object([:]), "operationName": .null]))
        #expect(try Message.decode(#"{"id":"1","type":"data","payload":{"data":{"tripsBooked":1},"errors":[{"message":"partial"}]}}"#)
            == .data(id: "1", payload: Data(#"{"data":{"tripsBooked":1},"errors":[{"message":"partial"}]}"#.utf8)))
        #expect(try Message.decode(#"{"id":"1","type":"error","payload":{"message":"Cannot query field \"x\"."}}"#)
            == .error(id: "1", payload: ["message": .string("Cannot query field \"x\".")]))
        #expect(try Message.decode(#"{"id":"1","type":"complete"}"#) == .complete(id: "1"))
        #expect(try Message.decode(#"{"id":"1","type":"stop"}"#) == .stop(id: "1"))
    }

    @Test func lenientWhereTheDocumentIsVague() throws {
        // The server's reason for refusing is kept whatever its shape.
        #expect(try Message.decode(#"{"type":"connection_error","payload":"Unauthorized"}"#) == .connectionError(payload: .string("Unauthorized")))
        #expect(try Message.decode(#"{"type":"connection_error"}"#) == .connectionError(payload: .null))
        // An acknowledgement with a payload is still an acknowledgement.
        #expect(try Message.decode(#"{"type":"connection_ack","payload":{"server":"x"}}"#) == .connectionAck)
    }

    @Test func dataPayloadIsTheResponseTheRuntimeReads() throws {
        guard case .data(_, let payload) = try Message.decode(#"{"type":"data","payload":{"data":{"trips":[{"id":"1"},{"id":"2"}]}},"id":"5"}"#) else {
            Issue.record("expected data")
            return
        }
        let response = try ResponseObject(jsonData: payload)
        let trips = try #require(try response.value(forKey: "data")?.decodeObject().value(forKey: "trips")).decodeList()
        #expect(try trips.map { try $0.decodeObject().value(forKey: "id")?.decodeString() } == ["1", "2"])
    }

    // MARK: - Errors

    @Test func malformedJSONAndNonObjects() {
        guard case .invalidJSON(let subprotocol, _, let excerpt) = Self.decodeError(#"{"type":"ka",}"#) else {
            Issue.record("expected invalidJSON")
            return
        }
        #expect(subprotocol == "graphql-ws")
        #expect(excerpt == #""{"type":"ka",}""#)
        #expect(Self.decodeError("null") == .notAnObject(subprotocol: "graphql-ws", excerpt: #""null""#))
        #expect(Self.decodeError(#"{"payload":{}}"#) == .missingType(subprotocol: "graphql-ws", found: nil))
        #expect(Self.decodeError(#"{"type":["ka"]}"#) == .missingType(subprotocol: "graphql-ws", found: "a list"))
    }

    @Test func unknownTypes() {
        // graphql-transport-ws messages are not legacy ones.
        for type in ["next", "subscribe", "ping", "pong", "GQL_DATA", ""] {
            #expect(Self.decodeError(#"{"type":"\#(type)","id":"1"}"#) == .unknownType(subprotocol: "graphql-ws", type: type, known: Message.messageTypes))
        }
        #expect(Self.decodeError(#"{"type":"next","id":"1"}"#)?.description
            == #"A graphql-ws message has the unknown type "next"; expected one of "connection_init", "connection_ack", "connection_error", "ka", "connection_terminate", "start", "data", "error", "complete", "stop"."#)
    }

    @Test(arguments: ["start", "data", "error", "complete", "stop"])
    func missingID(type: String) {
        let error = Self.decodeError(#"{"type":"\#(type)","payload":{"query":"{ a }"}}"#)
        #expect(error == .missingID(subprotocol: "graphql-ws", messageType: type, found: nil))
        #expect(error?.description == #"A graphql-ws "\#(type)" message has no "id"; expected the id of its operation, a string."#)
        #expect(Self.decodeError(#"{"type":"\#(type)","id":{"n":1},"payload":{}}"#) == .missingID(subprotocol: "graphql-ws", messageType: type, found: "an object"))
    }

    @Test func payloadsOfTheWrongKind() {
        // This protocol's error is one object, not graphql-transport-ws's list.
        let list = Self.decodeError(#"{"type":"error","id":"1","payload":[{"message":"boom"}]}"#)
        #expect(list == .invalidPayload(subprotocol: "graphql-ws", messageType: "error", expected: #"an object, the error (with a "message")"#, found: "a list"))
        #expect(list?.description == #"A graphql-ws "error" message has a "payload" that is a list; expected an object, the error (with a "message")."#)
        #expect(Self.decodeError(#"{"type":"error","id":"1"}"#)
            == .missingPayload(subprotocol: "graphql-ws", messageType: "error", expected: #"an object, the error (with a "message")"#))

        let dataExpected = "an object, the GraphQL response (data, errors)"
        #expect(Self.decodeError(#"{"type":"data","id":"1","payload":"{\"data\":{}}"}"#)
            == .invalidPayload(subprotocol: "graphql-ws", messageType: "data", expected: dataExpected, found: #"the string "{"data":{}}""#))
        #expect(Self.decodeError(#"{"type":"data","id":"1"}"#) == .missingPayload(subprotocol: "graphql-ws", messageType: "data", expected: dataExpected))

        #expect(Self.decodeError(#"{"type":"start","id":"1","payload":true}"#)
            == .invalidPayload(subprotocol: "graphql-ws", messageType: "start", expected: #"an object with the operation's "query""#, found: "true"))
        #expect(Self.decodeError(#"{"type":"connection_init","payload":42}"#)
            == .invalidPayload(subprotocol: "graphql-ws", messageType: "connection_init", expected: "an object or null", found: "the number 42"))
    }
}
