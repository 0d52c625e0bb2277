import Foundation
@testable import Orion
import OrionAPI
import Testing

/// The incremental reader of multipart subscription responses: the same events however the bytes
/// are chunked, every protocol error with its message, bounded memory.
@Suite struct MultipartSubscriptionParserTests {
    /// What feeding a whole stream gave: the events, then the first error, if any.
    struct Outcome: Equatable, CustomStringConvertible {
        var events: [MultipartSubscriptionEvent] = []
        var error: MultipartSubscriptionError?
        var isComplete = false

        var description: String { "events: \(events.map(Self.show)), error: \(error.map(\.description) ?? "none"), complete: \(isComplete)" }

        static func show(_ event: MultipartSubscriptionEvent) -> String {
            switch event {
            case .heartbeat: return "heartbeat"
            case .payload(let object): return "payload(\(JSONValue.object(object.jsonFields)))"
            case .transportErrors(let errors): return "transportErrors(\(errors))"
            case .malformed(let error): return "malformed(\(error))"
            }
        }

        /// Why the one malformed part of a stream that otherwise ended well was malformed.
        var malformed: MultipartSubscriptionError? {
            guard error == nil, isComplete else { return nil }
            let faults = events.compactMap { event -> MultipartSubscriptionError? in
                if case .malformed(let fault) = event { return fault }
                return nil
            }
            return faults.count == 1 ? faults[0] : nil
        }
    }

    /// Feeds `bytes` in the chunks that `splits` (ascending offsets) cut it into, then finishes.
    static func feed(_ bytes: [UInt8], splits: [Int] = [], boundary: String = "graphql") -> Outcome {
        var parser = MultipartSubscriptionParser(boundary: boundary)
        var outcome = Outcome()
        var start = 0
        do throws(MultipartSubscriptionError) {
            for end in splits + [bytes.count] {
                outcome.events += try parser.append(bytes[start..<end])
                start = end
            }
            try parser.finish()
        } catch {
            outcome.error = error
        }
        outcome.isComplete = parser.isComplete
        return outcome
    }

    static func feed(_ text: String, splits: [Int] = [], boundary: String = "graphql") -> Outcome {
        feed(Array(text.utf8), splits: splits, boundary: boundary)
    }

    // MARK: - A realistic stream

    static let reviewPayload = #"{"data":{"reviewAdded":{"id":"1","stars":5,"commentary":"Great \u00e9 🚀 --graphql"}}}"#
    static let errorsPayload = #"{"data": {"reviewAdded": null}, "errors": [{"message": "Review not found", "path": ["reviewAdded"], "locations": [{"line": 1, "column": 22}]}]}"#
    static let transportErrors: [JSONValue] = [
        .object(["message": .string("Subgraph reviews is unreachable"), "extensions": .object(["code": .string("SUBSCRIPTION_ERROR")])]),
    ]

    /// The payload of the fourth part: line breaks inside the JSON, and a line that starts with a
    /// dash as a delimiter would, so that the delimiter search meets near misses.
    static func multilinePayload(_ lineBreak: String) -> String {
        #"{"data":{"count":"# + lineBreak + "-1," + lineBreak + #""big":123456789012345678901234567890,"text":"a\r\nb"}}"#
    }

    /// A stream as a router sends it: preamble, heartbeats, payloads with data and with errors,
    /// a transport error, the final boundary and an epilogue.
    static func realisticStream(_ lineBreak: String) -> String {
        let part = "--graphql" + lineBreak + "content-type: application/json" + lineBreak + lineBreak
        return "This is the preamble; it is ignored" + lineBreak + "--graphqlx is not a delimiter, nor is" + lineBreak + "--graphq" + lineBreak
            + part + "{}" + lineBreak
            + "--graphql" + lineBreak + "Content-Type: application/json; charset=utf-8" + lineBreak + lineBreak
            + #"{"payload":"# + reviewPayload + "}" + lineBreak
            + part + "  {}  " + lineBreak
            + part + #"{"payload": "# + errorsPayload + " }" + lineBreak
            + part + #"{"payload":"# + multilinePayload(lineBreak) + "}" + lineBreak
            + part + #"{"payload":null,"errors":[{"message":"Subgraph reviews is unreachable","extensions":{"code":"SUBSCRIPTION_ERROR"}}]}"# + lineBreak
            + "--graphql--" + lineBreak + "epilogue, ignored"
    }

    static func expectedEvents(_ lineBreak: String) -> [MultipartSubscriptionEvent] {
        [
            .heartbeat,
            .payloadJSON(reviewPayload),
            .heartbeat,
            .payloadJSON(errorsPayload),
            .payloadJSON(multilinePayload(lineBreak)),
            .transportErrors(transportErrors),
        ]
    }

    @Test func wholeStream() throws {
        let outcome = Self.feed(Self.realisticStream("\r\n"))
        #expect(outcome == Outcome(events: Self.expectedEvents("\r\n"), error: nil, isComplete: true))
        // The payloads are GraphQL responses as the runtime reads them.
        guard case .payload(let response) = outcome.events[3] else { Issue.record("expected a payload"); return }
        #expect(response.value(forKey: "errors") != nil)
        #expect(response.value(forKey: "data")?.isNull == false)
    }

    @Test func oneByteAtATime() {
        let bytes = Array(Self.realisticStream("\r\n").utf8)
        let outcome = Self.feed(bytes, splits: Array(1..<bytes.count))
        #expect(outcome == Outcome(events: Self.expectedEvents("\r\n"), isComplete: true))
    }

    @Test(arguments: ["\r\n", "\n"])
    func everySingleSplitPoint(lineBreak: String) {
        let bytes = Array(Self.realisticStream(lineBreak).utf8)
        let expected = Outcome(events: Self.expectedEvents(lineBreak), isComplete: true)
        var failures = 0
        for split in 0...bytes.count {
            let outcome = Self.feed(bytes, splits: [split])
            if outcome != expected {
                failures += 1
                if failures <= 3 { Issue.record("split at \(split): \(outcome)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func everyPairOfSplitPoints() {
        let stream = "--graphql\r\ncontent-type: application/json\r\n\r\n{}\r\n--graphql\r\n\r\n{\"payload\":{\"data\":{\"a\":1}}}\r\n--graphql--\r\n"
        let bytes = Array(stream.utf8)
        let expected = Outcome(events: [.heartbeat, .payloadJSON(#"{"data":{"a":1}}"#)], isComplete: true)
        var failures = 0
        for first in 0...bytes.count {
            for second in first...bytes.count {
                let outcome = Self.feed(bytes, splits: [first, second])
                if outcome != expected {
                    failures += 1
                    if failures <= 3 { Issue.record("splits at \(first), \(second): \(outcome)") }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func lineFeedOnlyStream() {
        #expect(Self.feed(Self.realisticStream("\n")) == Outcome(events: Self.expectedEvents("\n"), isComplete: true))
    }

    // MARK: - Delimiters

    @Test func delimiterDetails() {
        // No preamble, no headers, padding after the boundary, no line break after the final one.
        #expect(Self.feed("--graphql  \t\r\n\r\n{}\r\n--graphql--") == Outcome(events: [.heartbeat], isComplete: true))
        // The router's own layout: a line break before the first delimiter.
        #expect(Self.feed("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}\r\n--graphql--\r\n")
            == Outcome(events: [.heartbeat], isComplete: true))
        // A boundary of dashes (the default `-`): `---` opens a part, `-----` ends the stream.
        #expect(Self.feed("---\r\n\r\n{\"payload\":{\"data\":null}}\r\n-----\r\n", boundary: "-")
            == Outcome(events: [.payloadJSON(#"{"data":null}"#)], isComplete: true))
        // In a body, a line that starts with the boundary ends it (JSON has no line that starts
        // with `--`), so the part is whole at once; a longer word there is a broken delimiter line.
        let nearMiss = Self.feed("--b\r\n\r\n{\"payload\":{\"data\":{\"s\":1}}}\r\n--bc\r\n--b--", boundary: "b")
        #expect(nearMiss == Outcome(events: [.payloadJSON(#"{"data":{"s":1}}"#)], error: .invalidDelimiterLine(part: 2, excerpt: #""c""#)))
        // Everything after the final boundary, even a well-formed part, is epilogue.
        #expect(Self.feed("--graphql\r\n\r\n{}\r\n--graphql--\r\n--graphql\r\n\r\n{\"payload\":{}}\r\n--graphql--")
            == Outcome(events: [.heartbeat], isComplete: true))
    }

    @Test func completionState() throws {
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        #expect(try parser.append(Array("--graphql\r\n\r\n{}".utf8)) == [])
        #expect(!parser.isComplete)
        // The part is whole at `--graphql`, before the bytes that say whether the stream ends
        // (servers write the next bytes only with the next part).
        #expect(try parser.append(Array("\r\n--graphql".utf8)) == [.heartbeat])
        #expect(try parser.append(Array("-".utf8)) == [])
        #expect(!parser.isComplete)
        #expect(try parser.append(Array("-".utf8)) == [])
        #expect(parser.isComplete)
        #expect(try parser.append(Array("anything at all".utf8)) == [])
        try parser.finish()
    }

    @Test func transportErrorsEndTheStream() throws {
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        let events = try parser.append(Array(#"--graphql\#r\#n\#r\#n{"errors":[{"message":"boom"}],"payload":null}\#r\#n--graphql\#r\#n\#r\#n{}"#.utf8))
        #expect(events == [.transportErrors([.object(["message": .string("boom")])])])
        #expect(parser.isComplete)
        try parser.finish()
    }

    @Test func transportErrorsWinOverAPayload() {
        let outcome = Self.feed(#"--graphql\#r\#n\#r\#n{"payload":{"data":{}},"errors":[{"message":"lost"}]}\#r\#n--graphql--"#)
        #expect(outcome.events == [.transportErrors([.object(["message": .string("lost")])])])
        // An empty list of errors is no error.
        #expect(Self.feed(#"--graphql\#r\#n\#r\#n{"payload":{"data":{}},"errors":[]}\#r\#n--graphql--"#).events == [.payloadJSON(#"{"data":{}}"#)])
    }

    // MARK: - Content type

    @Test func boundaryFromContentType() {
        #expect(MultipartSubscriptionParser.boundary(fromContentType: #"multipart/mixed; boundary="graphql"; subscriptionSpec=1.0"#) == "graphql")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "multipart/mixed;subscriptionSpec=\"1.0\";boundary=graphql") == "graphql")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: #"Multipart/Mixed; BOUNDARY="gc0p4Jq0M2Yt08jU534c0p""#) == "gc0p4Jq0M2Yt08jU534c0p")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: #"multipart/mixed ;  boundary = "a;b=c" "#) == "a;b=c")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: #"multipart/mixed; boundary="say \"hi\"""#) == #"say "hi""#)
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "multipart/mixed") == "-")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "multipart/mixed; subscriptionSpec=1.0") == "-")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: #"multipart/mixed; boundary="""#) == "-")
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "application/json") == nil)
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "multipart/form-data; boundary=x") == nil)
        #expect(MultipartSubscriptionParser.boundary(fromContentType: "") == nil)
    }

    @Test func quotedBoundaryWorksEndToEnd() throws {
        let contentType = #"multipart/mixed; boundary="a'(+_,-./:=?)b"; subscriptionSpec=1.0"#
        let boundary = try #require(MultipartSubscriptionParser.boundary(fromContentType: contentType))
        let stream = "--\(boundary)\r\n\r\n{}\r\n--\(boundary)--\r\n"
        #expect(Self.feed(stream, boundary: boundary) == Outcome(events: [.heartbeat], isComplete: true))
    }

    // MARK: - Malformed parts

    static func part(_ body: String, headers: String = "content-type: application/json\r\n") -> String {
        "--graphql\r\n" + headers + "\r\n" + body + "\r\n"
    }

    @Test func invalidJSON() {
        let outcome = Self.feed(Self.part("{}") + Self.part(#"{"payload": {"data": }"#) + "--graphql--")
        let expected = MultipartSubscriptionError.invalidJSON(part: 2, reason: "unexpected '}', expected a value at line 1, column 22", excerpt: #""{"payload": {"data": }""#)
        #expect(outcome == Outcome(events: [.heartbeat, .malformed(expected)], isComplete: true))
        #expect(outcome.malformed?.description == #"Part 2 of the multipart subscription response is not JSON (unexpected '}', expected a value at line 1, column 22): "{"payload": {"data": }"; expected {} (a heartbeat), {"payload": {...}} or {"payload": null, "errors": [...]}."#)
    }

    @Test func longBodiesAreExcerpted() {
        let body = "<html>" + String(repeating: "x", count: 200)
        guard case .invalidJSON(_, _, let excerpt) = Self.feed(Self.part(body) + "--graphql--").malformed else {
            Issue.record("expected invalidJSON")
            return
        }
        #expect(excerpt == "\"<html>" + String(repeating: "x", count: 54) + "…\"")
    }

    @Test func notAnObject() {
        let error = Self.feed(Self.part("[1, 2]") + "--graphql--").malformed
        #expect(error == .notAnObject(part: 1, excerpt: #""[1, 2]""#))
        #expect(error?.description.contains("is JSON but not an object: \"[1, 2]\"; expected {} (a heartbeat)") == true)
    }

    @Test func emptyPart() {
        let error = Self.feed(Self.part("{}") + Self.part(" \r\n ") + "--graphql--").malformed
        #expect(error == .emptyPart(part: 2))
        #expect(error?.description.hasPrefix("Part 2 of the multipart subscription response has an empty body; expected {}") == true)
        #expect(Self.feed("--graphql\r\n\r\n\r\n--graphql--").malformed == .emptyPart(part: 1))
        #expect(Self.feed("--graphql\r\n\r\n--graphql--").malformed == .emptyPart(part: 1))
    }

    @Test func unexpectedPart() {
        // The incremental-delivery shape, not the subscription one.
        let error = Self.feed(Self.part(#"{"data": {"a": 1}, "hasNext": true}"#) + "--graphql--").malformed
        #expect(error == .unexpectedPart(part: 1, keys: ["data", "hasNext"]))
        #expect(error?.description.contains(#"is an object with the fields "data", "hasNext"; expected {} (a heartbeat)"#) == true)
        #expect(error?.description.contains("not speaking subscriptionSpec=1.0") == true)
    }

    @Test func invalidPayload() {
        let string = Self.feed(Self.part(#"{"payload": "hello"}"#) + "--graphql--").malformed
        #expect(string == .invalidPayload(part: 1, found: "a string"))
        #expect(string?.description == #"Part 1 of the multipart subscription response has a "payload" that is a string; expected an object (a GraphQL response), or null together with a list of "errors"."#)
        #expect(Self.feed(Self.part(#"{"payload": null}"#) + "--graphql--").malformed == .invalidPayload(part: 1, found: "null"))
        #expect(Self.feed(Self.part(#"{"payload": [1]}"#) + "--graphql--").malformed == .invalidPayload(part: 1, found: "a list"))
        #expect(Self.feed(Self.part(#"{"payload": 42}"#) + "--graphql--").malformed == .invalidPayload(part: 1, found: "the number 42"))
    }

    @Test func invalidErrors() {
        let error = Self.feed(Self.part(#"{"payload": null, "errors": {"message": "x"}}"#) + "--graphql--").malformed
        #expect(error == .invalidErrors(part: 1, found: "an object"))
        #expect(error?.description.contains(#"has top-level "errors" that are an object; expected a list of errors."#) == true)
    }

    @Test func unsupportedContentType() {
        let error = Self.feed(Self.part("<h1>Bad gateway</h1>", headers: "Content-Type: text/html\r\n") + "--graphql--").malformed
        #expect(error == .unsupportedContentType(part: 1, contentType: "text/html"))
        #expect(error?.description == #"Part 1 of the multipart subscription response has the content type "text/html"; expected application/json."#)
        // Other headers, and JSON types with parameters, are fine.
        let fine = Self.part("{}", headers: "X-Trace: 1\r\ncontent-type: application/graphql-response+json; charset=utf-8\r\n") + "--graphql--"
        #expect(Self.feed(fine) == Outcome(events: [.heartbeat], isComplete: true))
    }

    /// A part that cannot be read is delivered in its place, and the parts around it as usual,
    /// however the stream is cut.
    @Test func partsAfterAMalformedPartAreRead() {
        let stream = Array((Self.part(#"{"payload":{"data":{"n":1}}}"#) + Self.part("oops") + Self.part("<p>", headers: "Content-Type: text/html\r\n")
            + Self.part(#"{"payload":{"data":{"n":2}}}"#) + "--graphql--").utf8)
        let expected = Outcome(events: [
            .payloadJSON(#"{"data":{"n":1}}"#),
            .malformed(.invalidJSON(part: 2, reason: "unexpected 'o', expected a value at line 1, column 1", excerpt: #""oops""#)),
            .malformed(.unsupportedContentType(part: 3, contentType: "text/html")),
            .payloadJSON(#"{"data":{"n":2}}"#),
        ], isComplete: true)
        for split in 0...stream.count {
            let outcome = Self.feed(stream, splits: [split])
            #expect(outcome == expected, "split at \(split)")
            if outcome != expected { break }
        }
    }

    /// strawberry-graphql's streams: the first part without a delimiter before it (a preamble, as
    /// RFC 2046 reads it), and an empty part before the final delimiter, both without an event.
    @Test func aPartWithNeitherHeadersNorBodyHasNoEvent() {
        let json = "Content-Type: application/json; charset=utf-8\r\n"
        let stream = Array(("\r\n" + json + "Content-Length: 2\r\n\r\n{}\r\n--graphql\r\n" + json + "\r\n"
            + #"{"payload":{"data":{"count":1}}}"# + "\r\n--graphql\r\n--graphql--\r\n").utf8)
        let expected = Outcome(events: [.payloadJSON(#"{"data":{"count":1}}"#)], isComplete: true)
        for split in 0...stream.count {
            let outcome = Self.feed(stream, splits: [split])
            #expect(outcome == expected, "split at \(split)")
            if outcome != expected { break }
        }
        #expect(Self.feed("--graphql\r\n--graphql\r\n\r\n{}\r\n--graphql--") == Outcome(events: [.heartbeat], isComplete: true))
    }

    // MARK: - Errors that end the stream

    @Test func invalidDelimiterLine() {
        let stream = Self.part("{}") + "--graphql junk\r\n\r\n{}\r\n--graphql--"
        let error = Self.feed(stream).error
        #expect(error == .invalidDelimiterLine(part: 2, excerpt: "\"j\""))
        #expect(error?.description == #"The boundary line before part 2 of the multipart subscription response goes on with "j"; expected only spaces and a line break after the boundary."#)
    }

    @Test func headersTooLong() {
        let limit = MultipartSubscriptionParser.maximumHeaderLength
        let stream = "--graphql\r\nx-padding: " + String(repeating: "a", count: limit) + "\r\n\r\n{}\r\n--graphql--"
        let error = Self.feed(stream).error
        #expect(error == .headersTooLong(part: 1, limit: limit))
        #expect(error?.description.contains("are longer than \(limit) bytes") == true)
        // Without a line break in sight, the parser does not wait for one forever.
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        var thrown: MultipartSubscriptionError?
        do throws(MultipartSubscriptionError) {
            _ = try parser.append(Array("--graphql\r\nx: ".utf8))
            for _ in 0..<100 { _ = try parser.append([UInt8](repeating: UInt8(ascii: "a"), count: 1024)) }
        } catch {
            thrown = error
        }
        #expect(thrown == .headersTooLong(part: 1, limit: limit))
        #expect(parser.bufferedByteCount <= limit + 1024 + 16)
    }

    @Test func truncatedStreams() {
        let complete = Self.part("{}") + Self.part(#"{"payload":{"data":{}}}"#) + "--graphql--"
        let body = Self.feed(Array(complete.utf8.dropLast(30)))
        #expect(body.events == [.heartbeat])
        #expect(body.error == .truncated(part: 2, boundary: "graphql"))
        #expect(body.error?.description == #"The multipart subscription response ended inside part 2: expected the rest of the part and the final boundary "--graphql--". The connection was probably cut."#)
        #expect(Self.feed("--graphql\r\ncontent-ty").error == .truncated(part: 1, boundary: "graphql"))
        #expect(Self.feed(Self.part("{}") + "--graphql\r\n").error == .truncated(part: 2, boundary: "graphql"))
        // Part 1 is whole at `--graphql`; the stream was cut before the final `--` or part 2.
        #expect(Self.feed(Self.part("{}") + "--graphql") == Outcome(events: [.heartbeat], error: .truncated(part: 2, boundary: "graphql")))
        #expect(Self.feed(Self.part("{}") + "--graphql-") == Outcome(events: [.heartbeat], error: .truncated(part: 2, boundary: "graphql")))
        // A stream that never reached a delimiter has no part to cut short.
        #expect(Self.feed("no parts here") == Outcome())
    }

    @Test func eventsBeforeAnErrorAreDeliveredThenTheErrorIsThrown() {
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        var events: [MultipartSubscriptionEvent] = []
        var errors: [MultipartSubscriptionError] = []
        do throws(MultipartSubscriptionError) {
            events = try parser.append(Array((Self.part(#"{"payload":{"data":{"n":1}}}"#) + "--graphql oops\r\n\r\n{}\r\n--graphql--").utf8))
        } catch {
            errors.append(error)
        }
        #expect(events == [.payloadJSON(#"{"data":{"n":1}}"#)])
        #expect(errors.isEmpty)
        let expected = MultipartSubscriptionError.invalidDelimiterLine(part: 2, excerpt: "\"o\"")
        // Thrown by the next call, and by every call after it.
        for _ in 0..<2 {
            do throws(MultipartSubscriptionError) {
                _ = try parser.append(Array("more".utf8))
            } catch {
                errors.append(error)
            }
        }
        do throws(MultipartSubscriptionError) { try parser.finish() } catch { errors.append(error) }
        #expect(errors == [expected, expected, expected])
    }

    @Test func errorsDoNotDependOnChunking() {
        let stream = Array((Self.part("{}") + Self.part(#"{"payload":{"data":{}}}"#) + "--graphql  x\r\n" + Self.part("{}") + "--graphql--").utf8)
        let expected = Outcome(events: [.heartbeat, .payloadJSON(#"{"data":{}}"#)], error: .invalidDelimiterLine(part: 3, excerpt: "\"x\""))
        for split in 0...stream.count {
            let outcome = Self.feed(stream, splits: [split])
            #expect(outcome == expected, "split at \(split)")
            if outcome != expected { break }
        }
    }

    // MARK: - Size

    @Test func largePayloadInSmallChunks() throws {
        var items: [String] = []
        var size = 0
        var index = 0
        while size < 1_048_576 {
            let item = #"{"id":"\#(index)","name":"item \#(index) \u00e9","tags":["a","b"],"score":\#(Double(index) / 7)}"#
            items.append(item)
            size += item.utf8.count + 1
            index += 1
        }
        let payload = #"{"data":{"items":["# + items.joined(separator: ",") + "]}}"
        let stream = Array((Self.part("{}") + Self.part(#"{"payload":"# + payload + "}") + Self.part("{}") + "--graphql--\r\n").utf8)
        let splits = Array(stride(from: 4096, to: stream.count, by: 4096))
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        var events: [MultipartSubscriptionEvent] = []
        var largestBuffer = 0
        var start = 0
        for end in splits + [stream.count] {
            events += try parser.append(stream[start..<end])
            largestBuffer = max(largestBuffer, parser.bufferedByteCount)
            start = end
        }
        try parser.finish()
        #expect(events == [.heartbeat, .payloadJSON(payload), .heartbeat])
        #expect(parser.isComplete)
        // The unfinished part, plus at most a chunk: never the whole stream, nor a copy of it.
        #expect(largestBuffer <= payload.utf8.count + 64 + 4096)
        #expect(largestBuffer > payload.utf8.count - 4096, "the part is kept until its delimiter arrives")
    }

    @Test func memoryStaysBoundedAcrossManyParts() throws {
        var parser = MultipartSubscriptionParser(boundary: "graphql")
        let heartbeat = Array(Self.part("{}").utf8)
        var count = 0
        var largestBuffer = 0
        // A long preamble without line breaks is not kept either.
        _ = try parser.append([UInt8](repeating: UInt8(ascii: "p"), count: 100_000))
        #expect(parser.bufferedByteCount <= 16)
        _ = try parser.append(Array("\r\n".utf8))
        for _ in 0..<5_000 {
            // Chunks of 7 bytes split parts, delimiters and line breaks everywhere.
            for chunk in stride(from: 0, to: heartbeat.count, by: 7) {
                count += try parser.append(heartbeat[chunk..<min(chunk + 7, heartbeat.count)]).count
                largestBuffer = max(largestBuffer, parser.bufferedByteCount)
            }
        }
        count += try parser.append(Array("--graphql--".utf8)).count
        try parser.finish()
        #expect(count == 5_000)
        #expect(largestBuffer <= heartbeat.count + 7)
    }
}

extension MultipartSubscriptionEvent {
    /// The payload event of a JSON object's text; an event no parser returns when the text is not
    /// one, so that the comparison fails and shows it.
    static func payloadJSON(_ text: String) -> MultipartSubscriptionEvent {
        guard let object = try? ResponseObject(jsonData: Data(text.utf8)) else { return .transportErrors([.string("not a JSON object: \(text)")]) }
        return .payload(object)
    }
}
