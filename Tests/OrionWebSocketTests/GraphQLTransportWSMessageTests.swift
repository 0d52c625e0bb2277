import Foundation
import OrionAPI
import OrionWebSocket
import Testing

/// Messages of `graphql-transport-ws`, checked against the examples of the graphql-ws protocol
/// document, and the close codes of that protocol.
@Suite struct GraphQLTransportWSMessageTests {
    typealias Message = GraphQLTransportWSMessage

    static func decodeError(_ text: String) -> WebSocketProtocolError? {
        do throws(WebSocketProtocolError) {
            _ = try Message.decode(text)
            return nil
        } catch {
            return error
        }
    }

    /// The text as `JSONSerialization` reads it: an oracle that shares no code with the encoder.
    static func foundationObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static let allMessages: [Message] = [
        .connectionInit(payload: nil),
        .connectionInit(payload: ["authToken": .string("secret"), "retries": .int(3), "debug": .bool(true)]),
        .connectionAck(payload: nil),
        .connectionAck(payload: ["server": .string("orion-test")]),
        .ping(payload: nil),
        .ping(payload: ["sentAt": .double(1712.5)]),
        .pong(payload: nil),
        .pong(payload: ["note": .null]),
        .subscribe(id: "1", payload: [
            "query": .string("subscription OnReview($episode: Episode) {\n  reviewAdded(episode: $episode) { stars }\n}"),
            "operationName": .string("OnReview"),
            "variables": .object(["episode": .string("JEDI"), "limit": .int(-5), "ratio": .double(0.25), "tags": .list([.string("a"), .null])]),
            "extensions": .object(["persistedQuery": .object(["version": .int(1), "sha256Hash": .string("abc123")])]),
        ]),
        .next(id: "1", payload: Data(#"{"data":{"reviewAdded":{"stars":5}}}"#.utf8)),
        .next(id: "é 🚀", payload: Data(#"{ "data" : null, "errors" : [ {"message": "x"} ] }"#.utf8)),
        .error(id: "1", payload: [.object(["message": .string("Cannot query field \"x\" on type \"Subscription\"."), "locations": .list([.object(["line": .int(1), "column": .int(16)])])])]),
        .complete(id: "1"),
    ]

    @Test func everyMessageRoundTrips() throws {
        for message in Self.allMessages {
            let text = message.encoded()
            #expect(try Message.decode(text) == message, "\(text)")
            let object = try Self.foundationObject(text)
            #expect(object["type"] as? String == message.type)
        }
        #expect(Set(Self.allMessages.map(\.type)) == Set(Message.messageTypes), "every type is covered")
    }

    @Test func encodedText() throws {
        #expect(Message.connectionInit(payload: nil).encoded() == #"{"type":"connection_init"}"#)
        #expect(Message.complete(id: "op-7").encoded() == #"{"type":"complete","id":"op-7"}"#)
        // Keys sorted, so the same message is always the same text.
        #expect(Message.subscribe(id: "2", payload: ["variables": .object(["b": .int(1), "a": .int(2)]), "query": .string("{ a }")]).encoded()
            == #"{"type":"subscribe","id":"2","payload":{"query":"{ a }","variables":{"a":2,"b":1}}}"#)
        // The result of `next` goes out exactly as given.
        #expect(Message.next(id: "3", payload: Data(#"{ "data": {"n": 1.50} }"#.utf8)).encoded() == #"{"type":"next","id":"3","payload":{ "data": {"n": 1.50} }}"#)
    }

    @Test func stringsAreEscaped() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{00} é 🚀 </script>"
        let text = Message.connectionInit(payload: [tricky: .string(tricky)]).encoded()
        let object = try Self.foundationObject(text)
        let payload = try #require(object["payload"] as? [String: Any])
        #expect(payload[tricky] as? String == tricky)
        #expect(try Message.decode(text) == .connectionInit(payload: [tricky: .string(tricky)]))
    }

    // MARK: - The protocol document's messages

    @Test func decodesTheDocumentedMessages() throws {
        #expect(try Message.decode(#"{"type":"connection_init","payload":{"token":"abc"}}"#) == .connectionInit(payload: ["token": .string("abc")]))
        #expect(try Message.decode(#"{"type":"connection_init","payload":null}"#) == .connectionInit(payload: nil))
        #expect(try Message.decode(#"{ "type": "connection_ack" }"#) == .connectionAck(payload: nil))
        #expect(try Message.decode(#"{"type":"ping"}"#) == .ping(payload: nil))
        #expect(try Message.decode(#"{"type":"pong","payload":{"latency":12}}"#) == .pong(payload: ["latency": .int(12)]))
        let subscribe = #"""
            {
              "id": "b8d9b2a0-7f1e-4c1a-9c3e-1a2b3c4d5e6f",
              "type": "subscribe",
              "payload": {
                "operationName": null,
                "query": "subscription { greetings }",
                "variables": null,
                "extensions": null
              }
            }
            """#
        #expect(try Message.decode(subscribe) == .subscribe(id: "b8d9b2a0-7f1e-4c1a-9c3e-1a2b3c4d5e6f", payload: [
            "operationName": .null, "query": .string("subscription { greetings }"), "variables": .null, "extensions": .null,
        ]))
        let next = try Message.decode(#"{"id":"1","type":"next","payload":{"data":{"greetings":"Hi"},"extensions":{"cost":3}}}"#)
        #expect(next == .next(id: "1", payload: Data(#"{"data":{"greetings":"Hi"},"extensions":{"cost":3}}"#.utf8)))
        let error = try Message.decode(#"{"id":"1","type":"error","payload":[{"message":"Cannot query field \"nope\" on type \"Subscription\".","locations":[{"line":1,"column":16}]}]}"#)
        #expect(error == .error(id: "1", payload: [.object([
            "message": .string("Cannot query field \"nope\" on type \"Subscription\"."),
            "locations": .list([.object(["line": .int(1), "column": .int(16)])]),
        ])]))
        #expect(try Message.decode(#"{"id":"1","type":"complete"}"#) == .complete(id: "1"))
    }

    @Test func nextPayloadIsTheResponseTheRuntimeReads() throws {
        // Field order, whitespace and an escaped key do not matter; the bytes are the payload's own.
        let text = "{\"payload\" :\n {\"data\": {\"big\": 123456789012345678901234567890, \"s\": \"a\\\"}\"}},\n \"id\":\"9\", \"type\":\"next\"}"
        guard case .next(let id, let payload) = try Message.decode(text) else {
            Issue.record("expected next")
            return
        }
        #expect(id == "9")
        #expect(String(decoding: payload, as: UTF8.self) == #"{"data": {"big": 123456789012345678901234567890, "s": "a\"}"}}"#)
        let response = try ResponseObject(jsonData: payload)
        let data = try #require(response.value(forKey: "data")).decodeObject()
        #expect(try data.value(forKey: "s")?.decodeString() == "a\"}")
        #expect(try Message.decode(#"{"type":"next","id":"1","p\u0061yload":{"data":null}}"#) == .next(id: "1", payload: Data(#"{"data":null}"#.utf8)))
    }

    @Test func fieldsAMessageDoesNotUseAreIgnored() throws {
        #expect(try Message.decode(#"{"type":"ping","id":"1","extra":[1,2]}"#) == .ping(payload: nil))
        #expect(try Message.decode(#"{"type":"complete","id":"1","payload":{"ignored":true}}"#) == .complete(id: "1"))
    }

    // MARK: - Errors

    @Test func malformedJSON() {
        let error = Self.decodeError(#"{"type":"ping""#)
        guard case .invalidJSON(let subprotocol, let reason, let excerpt) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(subprotocol == "graphql-transport-ws")
        #expect(reason.contains("end of the document"))
        #expect(excerpt == #""{"type":"ping"""#)
        #expect(error?.description.hasPrefix(#"A graphql-transport-ws message is not JSON ("#) == true)
        #expect(error?.description.hasSuffix(#"expected a JSON object with a "type"."#) == true)
        #expect(Self.decodeError("") != nil)
        #expect(Self.decodeError("ping") != nil)
    }

    @Test func notAnObject() {
        let error = Self.decodeError(#"["connection_ack"]"#)
        #expect(error == .notAnObject(subprotocol: "graphql-transport-ws", excerpt: #""["connection_ack"]""#))
        #expect(error?.description == #"A graphql-transport-ws message is JSON but not an object: "["connection_ack"]"; expected an object with a "type"."#)
    }

    @Test func missingOrUnknownType() {
        let missing = Self.decodeError(#"{"id":"1","payload":{}}"#)
        #expect(missing == .missingType(subprotocol: "graphql-transport-ws", found: nil))
        #expect(missing?.description == #"A graphql-transport-ws message has no "type"; expected a string naming the message type."#)
        #expect(Self.decodeError(#"{"type":7}"#) == .missingType(subprotocol: "graphql-transport-ws", found: "the number 7"))
        #expect(Self.decodeError(#"{"type":null}"#) == .missingType(subprotocol: "graphql-transport-ws", found: "null"))

        // A legacy graphql-ws message sent to a graphql-transport-ws peer.
        let unknown = Self.decodeError(#"{"type":"start","id":"1","payload":{"query":"{ a }"}}"#)
        #expect(unknown == .unknownType(subprotocol: "graphql-transport-ws", type: "start", known: Message.messageTypes))
        #expect(unknown?.description == #"A graphql-transport-ws message has the unknown type "start"; expected one of "connection_init", "connection_ack", "ping", "pong", "subscribe", "next", "error", "complete"."#)
        // Types are case-sensitive.
        #expect(Self.decodeError(#"{"type":"Ping"}"#) == .unknownType(subprotocol: "graphql-transport-ws", type: "Ping", known: Message.messageTypes))
    }

    @Test(arguments: [
        #"{"type":"subscribe","payload":{"query":"{ a }"}}"#,
        #"{"type":"next","payload":{"data":null}}"#,
        #"{"type":"error","payload":[{"message":"x"}]}"#,
        #"{"type":"complete"}"#,
    ])
    func missingID(text: String) throws {
        let type = try #require(try Self.foundationObject(text)["type"] as? String)
        let error = Self.decodeError(text)
        #expect(error == .missingID(subprotocol: "graphql-transport-ws", messageType: type, found: nil))
        #expect(error?.description == #"A graphql-transport-ws "\#(type)" message has no "id"; expected the id of its operation, a string."#)
    }

    @Test func idOfTheWrongKind() {
        let error = Self.decodeError(#"{"type":"next","id":1,"payload":{"data":null}}"#)
        #expect(error == .missingID(subprotocol: "graphql-transport-ws", messageType: "next", found: "the number 1"))
        #expect(error?.description == #"A graphql-transport-ws "next" message has an "id" that is the number 1; expected the id of its operation, a string."#)
        #expect(Self.decodeError(#"{"type":"complete","id":null}"#) == .missingID(subprotocol: "graphql-transport-ws", messageType: "complete", found: "null"))
    }

    @Test func payloadsOfTheWrongKind() {
        let subscribe = Self.decodeError(#"{"type":"subscribe","id":"1","payload":"subscription { a }"}"#)
        #expect(subscribe == .invalidPayload(
            subprotocol: "graphql-transport-ws", messageType: "subscribe",
            expected: #"an object with the operation's "query""#, found: #"the string "subscription { a }""#
        ))
        #expect(subscribe?.description == #"A graphql-transport-ws "subscribe" message has a "payload" that is the string "subscription { a }"; expected an object with the operation's "query"."#)

        let missing = Self.decodeError(#"{"type":"subscribe","id":"1"}"#)
        #expect(missing == .missingPayload(subprotocol: "graphql-transport-ws", messageType: "subscribe", expected: #"an object with the operation's "query""#))
        #expect(missing?.description == #"A graphql-transport-ws "subscribe" message has no "payload"; expected an object with the operation's "query"."#)

        let nextExpected = "an object, the GraphQL response (data, errors, extensions)"
        #expect(Self.decodeError(#"{"type":"next","id":"1","payload":[{"data":null}]}"#)
            == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "next", expected: nextExpected, found: "a list"))
        #expect(Self.decodeError(#"{"type":"next","id":"1","payload":null}"#)
            == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "next", expected: nextExpected, found: "null"))
        #expect(Self.decodeError(#"{"type":"next","id":"1"}"#)
            == .missingPayload(subprotocol: "graphql-transport-ws", messageType: "next", expected: nextExpected))

        let errorExpected = #"a list of GraphQL errors (objects with a "message")"#
        // The legacy protocol's single error object is not this protocol's list.
        let single = Self.decodeError(#"{"type":"error","id":"1","payload":{"message":"boom"}}"#)
        #expect(single == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "error", expected: errorExpected, found: "an object"))
        #expect(single?.description == #"A graphql-transport-ws "error" message has a "payload" that is an object; expected a list of GraphQL errors (objects with a "message")."#)
        #expect(Self.decodeError(#"{"type":"error","id":"1","payload":[{"message":"a"},"b"]}"#)
            == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "error", expected: errorExpected, found: #"a list whose element 1 is the string "b""#))

        #expect(Self.decodeError(#"{"type":"connection_init","payload":"token"}"#)
            == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "connection_init", expected: "an object or null", found: #"the string "token""#))
        #expect(Self.decodeError(#"{"type":"pong","payload":[]}"#)
            == .invalidPayload(subprotocol: "graphql-transport-ws", messageType: "pong", expected: "an object or null", found: "a list"))
    }

    // MARK: - Close codes

    @Test func closeCodes() {
        let codes: [(WebSocketCloseCode, Int, String)] = [
            (.invalidMessage, 4400, "invalid message"),
            (.unauthorized, 4401, "set a valid auth token in connectingPayload"),
            (.forbidden, 4403, "the server did not accept the connection payload; set a valid auth token in connectingPayload"),
            (.subprotocolNotAcceptable, 4406, "graphql-transport-ws and the legacy graphql-ws"),
            (.connectionInitialisationTimeout, 4408, "no connection_init in time"),
            (.subscriberAlreadyExists, 4409, "its own id"),
            (.tooManyInitialisationRequests, 4429, "send it once per connection"),
            (.internalError, 4500, "reconnect with backoff"),
            (.normalClosure, 1000, "nothing went wrong"),
            (.abnormalClosure, 1006, "without a close frame"),
        ]
        for (code, rawValue, advice) in codes {
            #expect(code.rawValue == rawValue)
            #expect(WebSocketCloseCode(rawValue: rawValue) == code)
            #expect(code.description.hasPrefix("\(rawValue) "))
            #expect(code.description.contains(advice), "\(code.description)")
        }
        #expect(Set(codes.map(\.0.description)).count == codes.count, "each code has its own explanation")
        #expect(WebSocketCloseCode(rawValue: 4999).description == "4999 a close code this client does not know; see the server's documentation")
    }
}
