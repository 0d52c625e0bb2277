import Foundation
import OrionAPI

/// Reads the body of a multipart subscription response (a request sent with
/// `Accept: multipart/mixed;subscriptionSpec=1.0`) as it arrives, in chunks of any size, and
/// returns each part as soon as its closing delimiter has been read.
///
/// The body follows RFC 2046: a preamble (ignored), then parts each opened by a line
/// `--boundary`, with headers, an empty line and a JSON body; the final delimiter is
/// `--boundary--`, and the epilogue after it is ignored, as RFC 2046 asks. Line breaks may be CRLF
/// or a bare LF. Only the current unfinished part is buffered, and each byte is examined a bounded
/// number of times, however the stream is chunked.
///
/// A part that is delimited well but whose body cannot be read (not JSON, not one of the
/// protocol's objects, another content type) is returned in its place as
/// ``MultipartSubscriptionEvent/malformed(_:)``, and the parts after it are read as usual. Errors
/// of the framing itself end the stream, and do not depend on chunking: the events of the parts
/// before the fault are always returned, and the error is thrown by the call that would have
/// returned the next part, or, when that call had events to return, by the next call to
/// ``append(_:)`` or ``finish()``. After such an error every call throws it again.
public struct MultipartSubscriptionParser: Sendable {
    /// The longest header section accepted: a part's headers are a line or two, so more means the
    /// stream is not what it claims to be, and it must not make the parser buffer without bound.
    public static let maximumHeaderLength = 16 * 1024

    private enum State: Sendable {
        /// Before the first delimiter.
        case preamble
        /// After `--boundary`, before the end of its line.
        case delimiterLine
        /// In a part's headers; `lineStart` is where the current header line starts.
        case headers(lineStart: Int)
        /// In a part's body, which starts at `start`.
        case body(start: Int)
        /// Just after the `--boundary` that ended a body, before the bytes that say whether it is
        /// the final delimiter (`--`) or opens another part; `dashes` of the `--` read so far.
        case afterBodyDelimiter(dashes: Int)
        /// After the final delimiter or fatal transport errors: the rest is ignored.
        case complete
        case failed(MultipartSubscriptionError)
    }

    private let boundary: String
    /// `--boundary`: what a line must start with to open or close a part.
    private let dashBoundary: [UInt8]
    /// Unconsumed bytes: the current part, or the few bytes that may start a delimiter.
    private var buffer: [UInt8]
    /// The next byte to examine in `buffer`.
    private var cursor = 0
    private var state = State.preamble
    /// How many parts have started: the number of the current part.
    private var partNumber = 0
    private var headerLength = 0
    /// Why the current part cannot be read, found in its headers: its body is skipped.
    private var partFault: MultipartSubscriptionError?
    /// An error found after events that were still to be returned, thrown by the next call.
    private var pendingError: MultipartSubscriptionError?

    /// What a part's body is.
    public enum Content: Sendable {
        /// The subscription protocol's: a `payload` holding a result, top-level `errors` of the
        /// transport, or `{}` for a heartbeat.
        case subscription
        /// Incremental delivery's (`@defer`): the body is itself a GraphQL response object (its
        /// first payload, or one with `incremental`, `pending`, `completed`, `hasNext`), returned
        /// as ``MultipartSubscriptionEvent/payload(_:)``; `errors` are the response's. `{}` is
        /// still a heartbeat.
        case incrementalDelivery
    }

    private let content: Content

    /// A parser for parts separated by `boundary`, the `boundary` parameter of the response's
    /// content type (see ``boundary(fromContentType:)``); an empty boundary stands for `-`.
    /// `content` says what the parts' bodies are: the subscription protocol's by default.
    public init(boundary: String, content: Content = .subscription) {
        let boundary = boundary.isEmpty ? "-" : boundary
        self.content = content
        self.boundary = boundary
        dashBoundary = Array("--\(boundary)".utf8)
        // A line break before the stream, so that a delimiter on its very first line is found like
        // any other (RFC 2046 lets the body start with it, without a preamble).
        buffer = [Self.lineFeed]
    }

    /// The final delimiter was seen, or a part carried fatal transport errors: nothing more will
    /// come, and the rest of the stream is ignored.
    public var isComplete: Bool {
        if case .complete = state { return true }
        return false
    }

    /// How many bytes the parser holds: tests check that it never holds more than the current part.
    var bufferedByteCount: Int { buffer.count }

    /// The boundary of a `multipart/mixed` content type such as
    /// `multipart/mixed; boundary="graphql"; subscriptionSpec=1.0`: quoted or not, parameters in
    /// any order, names in any case. `-` when the parameter is absent or empty, the boundary
    /// servers use by default; `nil` when the content type is not `multipart/mixed`.
    public static func boundary(fromContentType contentType: String) -> String? {
        let parameters = splitParameters(contentType)
        guard let mediaType = parameters.first,
              mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/mixed" else { return nil }
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            guard name == "boundary" else { continue }
            let value = unquote(parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            return value.isEmpty ? "-" : value
        }
        return "-"
    }

    /// Reads the next bytes of the body and returns the parts they complete, in order.
    ///
    /// - Throws: ``MultipartSubscriptionError`` when the stream breaks the protocol (see the type's
    ///   discussion for when).
    public mutating func append(_ chunk: some Collection<UInt8>) throws(MultipartSubscriptionError) -> [MultipartSubscriptionEvent] {
        if let error = takeError() { throw error }
        if case .complete = state { return [] }
        buffer.append(contentsOf: chunk)
        var events: [MultipartSubscriptionEvent] = []
        do {
            try parse(into: &events)
        } catch {
            state = .failed(error)
            if events.isEmpty { throw error }
            pendingError = error
        }
        compact()
        return events
    }

    /// Ends the stream.
    ///
    /// - Throws: ``MultipartSubscriptionError/truncated(part:boundary:)`` when a part had started
    ///   and the final delimiter never came, or the error a previous call left to throw. A stream
    ///   that ends before its first delimiter is not an error here: it had no parts to cut.
    public mutating func finish() throws(MultipartSubscriptionError) {
        if let error = takeError() { throw error }
        switch state {
        case .preamble, .complete:
            return
        case .delimiterLine, .headers, .body:
            let error = MultipartSubscriptionError.truncated(part: partNumber, boundary: boundary)
            state = .failed(error)
            throw error
        case .afterBodyDelimiter:
            // Cut after a whole part, before the final `--` or the next part's line.
            let error = MultipartSubscriptionError.truncated(part: partNumber + 1, boundary: boundary)
            state = .failed(error)
            throw error
        case .failed(let error):
            throw error
        }
    }

    private mutating func takeError() -> MultipartSubscriptionError? {
        if let pendingError {
            self.pendingError = nil
            return pendingError
        }
        if case .failed(let error) = state { return error }
        return nil
    }

    // MARK: - States

    private mutating func parse(into events: inout [MultipartSubscriptionEvent]) throws(MultipartSubscriptionError) {
        while true {
            switch state {
            case .complete, .failed:
                return
            case .preamble:
                switch findDelimiter(from: cursor) {
                case .needMore(let resume):
                    cursor = resume
                    return
                case .found(_, let end, let isFinal):
                    cursor = end
                    startPart(isFinal: isFinal)
                }
            case .delimiterLine:
                guard try readDelimiterLine() else { return }
            case .headers(let lineStart):
                guard try readHeaderLine(from: lineStart) else { return }
            case .afterBodyDelimiter(let dashes):
                guard try readAfterBodyDelimiter(dashes: dashes) else { return }
            case .body(let start):
                switch findDelimiter(from: cursor, endingBody: true) {
                case .needMore(let resume):
                    cursor = resume
                    return
                case .found(let lineBreak, let end, _):
                    // The line break before `--boundary` belongs to the delimiter, not the body.
                    var bodyEnd = lineBreak
                    if bodyEnd > start, buffer[bodyEnd - 1] == Self.carriageReturn { bodyEnd -= 1 }
                    let event: MultipartSubscriptionEvent
                    do throws(MultipartSubscriptionError) {
                        if let partFault { throw partFault }
                        event = try Self.event(forBody: buffer[start..<max(start, bodyEnd)], part: partNumber, content: content)
                    } catch {
                        event = .malformed(error)
                    }
                    events.append(event)
                    cursor = end
                    if case .transportErrors = event {
                        state = .complete
                    } else {
                        // Whether the delimiter is the final one is read after the event is
                        // returned: servers write `--boundary` right after a part and what follows
                        // only with the next part, which may be a heartbeat interval away.
                        state = .afterBodyDelimiter(dashes: 0)
                    }
                }
            }
        }
    }

    private mutating func startPart(isFinal: Bool) {
        if isFinal {
            state = .complete
        } else {
            partNumber += 1
            headerLength = 0
            partFault = nil
            state = .delimiterLine
        }
    }

    /// Reads what follows the `--boundary` that ended a body: `--` for the final delimiter, or the
    /// padding and line break of one that opens the next part; `false` when it has not arrived yet.
    private mutating func readAfterBodyDelimiter(dashes: Int) throws(MultipartSubscriptionError) -> Bool {
        guard cursor < buffer.count else { return false }
        let byte = buffer[cursor]
        switch byte {
        case UInt8(ascii: "-"):
            cursor += 1
            state = dashes == 1 ? .complete : .afterBodyDelimiter(dashes: 1)
        case Self.carriageReturn, Self.lineFeed, Self.space, Self.tab:
            guard dashes == 0 else { throw .invalidDelimiterLine(part: partNumber + 1, excerpt: Self.describe(byte: byte)) }
            // The padding and line break are the delimiter line's.
            startPart(isFinal: false)
        default:
            throw .invalidDelimiterLine(part: partNumber + 1, excerpt: Self.describe(byte: byte))
        }
        return true
    }

    /// Skips the transport padding after a delimiter; `false` when the line has not ended yet.
    private mutating func readDelimiterLine() throws(MultipartSubscriptionError) -> Bool {
        while cursor < buffer.count {
            switch buffer[cursor] {
            case Self.lineFeed:
                cursor += 1
                state = .headers(lineStart: cursor)
                return true
            case Self.carriageReturn, Self.space, Self.tab:
                cursor += 1
            default:
                // Only the offending byte: what follows it may not have arrived yet, and the error
                // must not depend on how the stream was chunked.
                throw .invalidDelimiterLine(part: partNumber, excerpt: Self.describe(byte: buffer[cursor]))
            }
        }
        return false
    }

    /// Reads one header line, or the empty line that ends the headers; `false` when the line has
    /// not ended yet.
    private mutating func readHeaderLine(from lineStart: Int) throws(MultipartSubscriptionError) -> Bool {
        if headerLength == 0 {
            // A delimiter right after the one that opened the part: a part with neither headers
            // nor body, which RFC 2046 allows and which carries no event (strawberry-graphql ends
            // its streams with one).
            let available = min(buffer.count - lineStart, dashBoundary.count)
            if buffer[lineStart..<lineStart + available].elementsEqual(dashBoundary.prefix(available)) {
                guard available == dashBoundary.count else { return false }
                cursor = lineStart + available
                state = .afterBodyDelimiter(dashes: 0)
                return true
            }
        }
        guard let lineFeed = buffer[cursor...].firstIndex(of: Self.lineFeed) else {
            let length = headerLength + buffer.count - lineStart
            if length > Self.maximumHeaderLength { throw .headersTooLong(part: partNumber, limit: Self.maximumHeaderLength) }
            cursor = buffer.count
            return false
        }
        headerLength += lineFeed + 1 - lineStart
        if headerLength > Self.maximumHeaderLength { throw .headersTooLong(part: partNumber, limit: Self.maximumHeaderLength) }
        var lineEnd = lineFeed
        if lineEnd > lineStart, buffer[lineEnd - 1] == Self.carriageReturn { lineEnd -= 1 }
        cursor = lineFeed + 1
        if lineEnd == lineStart {
            state = .body(start: cursor)
            // From the empty line's own line feed, so that a delimiter right after it ends an
            // empty body rather than being read as body.
            cursor = lineFeed
            return true
        }
        checkHeader(buffer[lineStart..<lineEnd])
        state = .headers(lineStart: cursor)
        return true
    }

    private mutating func checkHeader(_ line: ArraySlice<UInt8>) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard name.lowercased() == "content-type" else { return }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        // application/json, application/graphql-response+json, with or without a charset.
        if !value.lowercased().contains("json") {
            partFault = .unsupportedContentType(part: partNumber, contentType: value)
        }
    }

    // MARK: - Delimiters

    private enum DelimiterSearch {
        /// The line feed before `--boundary`, the index just past the delimiter (and past `--`
        /// for the final one), and whether it is the final one.
        case found(lineBreak: Int, end: Int, isFinal: Bool)
        /// No delimiter yet; the search resumes at `resume`, the first byte that may still start one.
        case needMore(resume: Int)
    }

    /// Looks for a line that starts with `--boundary` followed by `--`, padding or a line break,
    /// from `start`. Only line feeds are candidates, so most bytes are looked at once.
    ///
    /// With `endingBody`, a line that starts with `--boundary` ends the body whatever follows:
    /// a JSON body never has a line that starts with `--`, and the part can be returned before the
    /// rest of the delimiter arrives (``readAfterBodyDelimiter(dashes:)`` checks it).
    private func findDelimiter(from start: Int, endingBody: Bool = false) -> DelimiterSearch {
        buffer.withUnsafeBufferPointer { bytes in
            dashBoundary.withUnsafeBufferPointer { delimiter in
                var index = start
                let count = bytes.count
                while index < count {
                    guard bytes[index] == Self.lineFeed else {
                        index += 1
                        continue
                    }
                    let lineBreak = index
                    let lineStart = index + 1
                    let available = min(delimiter.count, count - lineStart)
                    var matched = 0
                    while matched < available, bytes[lineStart + matched] == delimiter[matched] { matched += 1 }
                    index += 1
                    if matched < available { continue }
                    let after = lineStart + delimiter.count
                    if endingBody, matched == delimiter.count { return .found(lineBreak: lineBreak, end: after, isFinal: false) }
                    guard matched == delimiter.count, after < count else { return .needMore(resume: lineBreak) }
                    switch bytes[after] {
                    case UInt8(ascii: "-"):
                        guard after + 1 < count else { return .needMore(resume: lineBreak) }
                        if bytes[after + 1] == UInt8(ascii: "-") { return .found(lineBreak: lineBreak, end: after + 2, isFinal: true) }
                    case Self.carriageReturn, Self.lineFeed, Self.space, Self.tab:
                        return .found(lineBreak: lineBreak, end: after, isFinal: false)
                    default:
                        break
                    }
                    // `--boundaryX`: a longer word that starts like the boundary, not a delimiter.
                }
                return .needMore(resume: count)
            }
        }
    }

    /// Drops the bytes no state needs any more, so the buffer holds at most the current part.
    private mutating func compact() {
        let keep: Int
        switch state {
        case .preamble, .delimiterLine, .afterBodyDelimiter: keep = cursor
        case .headers(let lineStart): keep = min(lineStart, cursor)
        case .body(let start): keep = min(start, cursor)
        case .complete, .failed: keep = buffer.count
        }
        guard keep > 0 else { return }
        buffer.removeSubrange(0..<keep)
        cursor -= keep
        switch state {
        case .headers(let lineStart): state = .headers(lineStart: lineStart - keep)
        case .body(let start): state = .body(start: start - keep)
        default: break
        }
    }

    // MARK: - Parts

    private static func event(
        forBody body: ArraySlice<UInt8>, part: Int, content: Content
    ) throws(MultipartSubscriptionError) -> MultipartSubscriptionEvent {
        guard body.contains(where: { !isWhitespace($0) }) else { throw .emptyPart(part: part) }
        // The part's one parse: its payload is read from this tape, not re-parsed.
        let tape: JSONTape
        do {
            tape = try JSONTape(bytes: Array(body))
        } catch {
            throw .invalidJSON(part: part, reason: "\(error.message) at line \(error.line), column \(error.column)", excerpt: excerpt(body))
        }
        guard let root = try? tape.root.decodeObject() else { throw .notAnObject(part: part, excerpt: excerpt(body)) }
        if case .incrementalDelivery = content {
            var isEmpty = true
            root.forEachField { _, _ in isEmpty = false }
            return isEmpty ? .heartbeat : .payload(root)
        }
        let payload = root.value(forKey: "payload")
        if let errors = root.value(forKey: "errors"), !errors.isNull {
            guard case .list(let list) = errors.decodeJSON() else {
                throw .invalidErrors(part: part, found: describe(errors.decodeJSON()))
            }
            // Fatal errors win over a payload: the server says the subscription is broken.
            if !list.isEmpty { return .transportErrors(list) }
        }
        guard let payload else {
            var keys: [String] = []
            root.forEachField { key, _ in keys.append(key) }
            if keys.isEmpty { return .heartbeat }
            throw .unexpectedPart(part: part, keys: keys)
        }
        guard let object = try? payload.decodeObject() else { throw .invalidPayload(part: part, found: describe(payload.decodeJSON())) }
        return .payload(object)
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return String(bool)
        case .int(let int): return "the number \(int)"
        case .double(let double): return "the number \(double)"
        case .string: return "a string"
        case .list: return "a list"
        case .object: return "an object"
        }
    }

    private static func describe(byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The start of some bytes as readable text, for error messages.
    static func excerpt(_ bytes: ArraySlice<UInt8>, limit: Int = 60) -> String {
        let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": escaped += "\\r"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + (bytes.count > limit ? "…" : "") + "\""
    }

    // MARK: - Content type

    /// Splits a header value at semicolons outside quoted strings.
    private static func splitParameters(_ value: String) -> [String] {
        var parameters: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in value {
            if escaped {
                escaped = false
            } else if inQuotes, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";", !inQuotes {
                parameters.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parameters.append(current)
        return parameters
    }

    /// A parameter value without its quotes and quoting backslashes.
    private static func unquote(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }
}
