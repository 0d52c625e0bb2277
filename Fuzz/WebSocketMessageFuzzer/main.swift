// The libFuzzer target of the WebSocket message decoders of both subprotocols
// (`graphql-transport-ws` and the legacy `graphql-ws`). `scripts/fuzz.sh` builds it from the
// decoders' files of OrionWebSocket and this entry point, against the OrionAPI module and the JSON
// files of Orion; any crash, hang or sanitizer report fails the run.
//
// Properties checked on every input, read as the text of a message by both subprotocols:
// - decoding never crashes and throws nothing but `WebSocketProtocolError` (typed throws);
// - a message that decodes, encoded and decoded again, encodes to the same text;
// - the raw payload of a result (`next`, `data`) is the same JSON as the message's `payload`.
import Foundation
import OrionAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let message = try? GraphQLTransportWSMessage.decode(text) {
        checkRoundTrip(message, encode: { $0.encoded() }, decode: GraphQLTransportWSMessage.decode)
        if case .next(_, let payload) = message { checkRawPayload(payload, of: text) }
    }
    if let message = try? LegacyGraphQLWSMessage.decode(text) {
        checkRoundTrip(message, encode: { $0.encoded() }, decode: LegacyGraphQLWSMessage.decode)
        if case .data(_, let payload) = message { checkRawPayload(payload, of: text) }
    }
    return 0
}

/// A decoded message's text decodes again, to a message that encodes to the same text. (Not to an
/// equal message: JSON text does not keep whether `1.0` was a double.)
func checkRoundTrip<Message>(
    _ message: Message, encode: (Message) -> String, decode: (String) throws(WebSocketProtocolError) -> Message
) {
    let encoded = encode(message)
    let again: Message
    do {
        again = try decode(encoded)
    } catch {
        fatalError("\(message) encodes to text that does not decode: \(error)\n--- encoded ---\n\(encoded)")
    }
    let reencoded = encode(again)
    guard reencoded == encoded else {
        fatalError("Encoding is not a fixed point.\n--- encoded ---\n\(encoded)\n--- decoded and encoded again ---\n\(reencoded)")
    }
}

/// The raw payload bytes handed to the runtime are the JSON of the `payload` field the decoder read.
func checkRawPayload(_ payload: Data, of text: String) {
    guard let raw = try? JSONTape(data: payload).root.decodeJSON() else {
        fatalError("The raw payload is not JSON: \(String(decoding: payload, as: UTF8.self))")
    }
    guard let message = try? JSONTape(data: Data(text.utf8)).root.decodeObject(),
          let field = message.value(forKey: "payload") else { fatalError("A result decoded from text without a payload") }
    guard raw.isIdentical(to: field.decodeJSON()) else {
        fatalError("The raw payload is another field's.\n--- payload ---\n\(field.decodeJSON())\n--- raw ---\n\(raw)")
    }
}
