// The multipart subscription parser's libFuzzer target. `scripts/fuzz.sh` builds it against the
// OrionAPI module and the parser's files of Orion, and runs it; any crash, hang or sanitizer
// report fails the run.
//
// An input is a small header and a body:
//
//     byte 0        the boundary: "graphql", "-" or "b" (byte 0 modulo 3)
//     byte 1        how many chunk sizes follow (modulo 8)
//     that many     chunk sizes, used in turn to cut the body (0 stands for 256)
//     the rest      the body, as a server would stream it
//
// Properties checked on every input: the parser never crashes and throws nothing but
// `MultipartSubscriptionError` (typed throws see to that); the body fed whole, a byte at a time
// and in the input's chunks gives the same events, the same first error and the same end
// state; after an error every call throws that error again.
import Orion
import OrionAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 2 else { return 0 }
    let boundary = ["graphql", "-", "b"][Int(input[0]) % 3]
    let sizeCount = Int(input[1]) % 8
    guard input.count >= 2 + sizeCount else { return 0 }
    let sizes = input[2..<2 + sizeCount].map { $0 == 0 ? 256 : Int($0) }
    let body = Array(input[(2 + sizeCount)...])

    let whole = feed(body, boundary: boundary, chunkSizes: [body.count])
    let byByte = feed(body, boundary: boundary, chunkSizes: [1])
    guard byByte == whole else {
        fatalError("Fed a byte at a time the body gives another outcome.\n--- whole ---\n\(whole)\n--- a byte at a time ---\n\(byByte)")
    }
    if !sizes.isEmpty {
        let chunked = feed(body, boundary: boundary, chunkSizes: sizes)
        guard chunked == whole else {
            fatalError("Fed in chunks of \(sizes) the body gives another outcome.\n--- whole ---\n\(whole)\n--- chunked ---\n\(chunked)")
        }
    }
    return 0
}

/// What feeding a whole body gave: the events, then the first error, if any.
struct Outcome: Equatable, CustomStringConvertible {
    var events: [MultipartSubscriptionEvent] = []
    var error: MultipartSubscriptionError?
    var isComplete = false

    var description: String { "events: \(events), error: \(error.map(\.description) ?? "none"), complete: \(isComplete)" }
}

/// Feeds `body` in chunks of `chunkSizes`, in turn, then finishes.
func feed(_ body: [UInt8], boundary: String, chunkSizes: [Int]) -> Outcome {
    var parser = MultipartSubscriptionParser(boundary: boundary)
    var outcome = Outcome()
    var start = 0
    var turn = 0
    do throws(MultipartSubscriptionError) {
        while start < body.count {
            let end = min(body.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
            outcome.events += try parser.append(body[start..<end])
            start = end
            turn += 1
        }
        try parser.finish()
    } catch {
        outcome.error = error
        // After an error, every call throws it again.
        do throws(MultipartSubscriptionError) {
            _ = try parser.append([UInt8]("--\(boundary)\r\n\r\n{}\r\n".utf8))
            fatalError("append after \(error) returns instead of throwing it again")
        } catch let again {
            guard again == error else { fatalError("append after \(error) throws another error: \(again)") }
        }
        do throws(MultipartSubscriptionError) {
            try parser.finish()
            fatalError("finish after \(error) returns instead of throwing it again")
        } catch let again {
            guard again == error else { fatalError("finish after \(error) throws another error: \(again)") }
        }
    }
    outcome.isComplete = parser.isComplete
    return outcome
}
