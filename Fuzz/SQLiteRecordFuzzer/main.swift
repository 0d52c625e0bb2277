// The libFuzzer target of the SQLite cache's record decoder: the bytes of a record as a damaged
// or hostile cache file may hold them. `scripts/fuzz.sh` builds it from `RecordCoding.swift` and
// this entry point, against the OrionAPI module and the record types of OrionCache; any crash,
// hang or sanitizer report fails the run.
//
// Properties checked on every input: decoding never crashes (bytes that are not a record decode
// to nil); a record that decodes encodes to bytes that decode to the same record, and encoding
// that record again gives bytes of the same length that decode to it once more.
import Foundation
import OrionAPI
import OrionCache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordCoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let record = RecordCoding.decode(bytes, key: "Fuzz:1") else { return 0 }
    let encoded = RecordCoding.encode(record)
    guard let decoded = encoded.withUnsafeBytes({ RecordCoding.decode($0, key: "Fuzz:1") }) else {
        fatalError("A decoded record encodes to bytes that do not decode: \(record)")
    }
    guard decoded.isIdentical(to: record) else {
        fatalError("A decoded record encodes to bytes that decode to another record.\n--- record ---\n\(record)\n--- decoded again ---\n\(decoded)")
    }
    let reencoded = RecordCoding.encode(decoded)
    guard reencoded.count == encoded.count,
          let again = reencoded.withUnsafeBytes({ RecordCoding.decode($0, key: "Fuzz:1") }), again.isIdentical(to: record) else {
        fatalError("Encoding a decoded record is not a fixed point: \(record)")
    }
    return 0
}

extension Record {
    /// The same record, NaN equal to itself, and expiry dates equal to within the rounding of
    /// `Date`, which keeps its time from 2001 rather than 1970.
    func isIdentical(to other: Record) -> Bool {
        guard key == other.key, fields.count == other.fields.count, expirations.count == other.expirations.count else { return false }
        for (name, value) in fields {
            guard let otherValue = other.fields[name], value.isIdentical(to: otherValue) else { return false }
        }
        for (name, date) in expirations {
            guard let otherDate = other.expirations[name] else { return false }
            let left = date.timeIntervalSince1970, right = otherDate.timeIntervalSince1970
            guard left == right || (left.isNaN && right.isNaN) || abs(left - right) <= max(1e-6, abs(left) * 1e-12) else { return false }
        }
        return true
    }
}

extension RecordValue {
    func isIdentical(to other: RecordValue) -> Bool {
        switch (self, other) {
        case (.value(let left), .value(let right)): return left.isIdentical(to: right)
        case (.reference(let left), .reference(let right)): return left == right
        case (.list(let left), .list(let right)): return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        default: return false
        }
    }
}
