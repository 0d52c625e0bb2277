import Foundation
import OrionAPI

/// Finds where a top-level field's value lies in JSON text, so that a nested document (the
/// GraphQL result inside a subscription message) can be handed on as its own bytes: re-encoding it
/// would cost a second full pass and could change numbers that do not fit a `Double`.
package enum RawJSONField {
    /// The byte range of the value of `key` in the JSON object `bytes` holds; `nil` when the object
    /// has no such key or the text is not an object.
    ///
    /// Meant for text already validated (by `JSONTape`): it skips values by their brackets and
    /// quotes without checking them again, but never reads out of bounds on any input. The first
    /// of duplicate keys wins, as in `ResponseObject.value(forKey:)`.
    package static func range(of key: String, in bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            return scanner.rangeOfField(Array(key.utf8))
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func rangeOfField(_ key: [UInt8]) -> Range<Int>? {
            skipWhitespace()
            guard expect(UInt8(ascii: "{")) else { return nil }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
                let keyStart = position
                guard let keyEnd = endOfString(from: position) else { return nil }
                position = keyEnd
                skipWhitespace()
                guard expect(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                let valueStart = position
                guard let valueEnd = endOfValue(from: position) else { return nil }
                if keyMatches(keyStart..<keyEnd, key) { return valueStart..<valueEnd }
                position = valueEnd
                skipWhitespace()
                guard expect(UInt8(ascii: ",")) else { return nil }
            }
        }

        private mutating func expect(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        /// The index just past the closing quote of the string that opens at `start`.
        private func endOfString(from start: Int) -> Int? {
            var index = start + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): return index + 1
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return nil
        }

        /// The index just past the value that starts at `start`.
        private func endOfValue(from start: Int) -> Int? {
            guard start < bytes.count else { return nil }
            switch bytes[start] {
            case UInt8(ascii: "\""):
                return endOfString(from: start)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard let end = endOfString(from: index) else { return nil }
                        index = end
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return index + 1 }
                    default:
                        break
                    }
                    index += 1
                }
                return nil
            default:
                // A number or a literal: it runs to the next delimiter.
                var index = start
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return index
                    default: index += 1
                    }
                }
                return index
            }
        }

        /// Whether the quoted key at `range` (quotes included) spells `key`.
        private func keyMatches(_ range: Range<Int>, _ key: [UInt8]) -> Bool {
            let content = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
            guard content.contains(UInt8(ascii: "\\")) else { return content.elementsEqual(key) }
            // Escaped keys are rare enough to decode the slow way.
            guard let tape = try? JSONTape(data: Data(bytes[range])),
                  let decoded = try? tape.root.decodeString() else { return false }
            return decoded.utf8.elementsEqual(key)
        }
    }
}
