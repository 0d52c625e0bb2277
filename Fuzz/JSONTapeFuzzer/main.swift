// The JSON tape's libFuzzer target. `scripts/fuzz.sh` builds it against the OrionAPI module (and
// Orion's JSON writer) and runs it; any crash, hang or sanitizer report fails the run.
//
// Properties checked on every input:
// - parsing throws nothing but `JSONParseError` (typed throws see to that) and never crashes;
// - of a document that parses, every value decodes with `decodeJSON()`, and each typed decoder
//   either returns or throws `ResponseDecodingError`, agreeing with the value's JSON;
// - every key `forEachField` gives is found by `value(forKey:)`, at its first occurrence, and
//   by the hinted lookup decoding uses, whatever the order of the keys looked up;
// - the value written as JSON text and parsed again is the same value, and a tape built from it
//   in memory reads back identical;
// - the text read in place (as a `Data` is), from an array (as a multipart part is) and, when it
//   is UTF-8, from a `String` (as a WebSocket message is) reads the same.
import Foundation
import Orion
import OrionAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONTape(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
    let tape: JSONTape
    do {
        tape = try JSONTape(data: bytes)
    } catch {
        // A `JSONParseError` (typed throws): no other comparison, as `JSONSerialization` reads
        // more than RFC 8259 (trailing commas, for one).
        return 0
    }
    let root = tape.root
    let value = walk(root, keysAreUTF8: isUTF8)
    guard let copied = try? JSONTape(bytes: [UInt8](bytes)).root.decodeJSON(), value.isIdentical(to: copied) else {
        fatalError("The text read in place and from an array reads differently.\n--- in place ---\n\(value)")
    }
    if isUTF8 {
        guard let fromString = try? JSONTape(string: String(decoding: bytes, as: UTF8.self)).root.decodeJSON(),
              value.isIdentical(to: fromString) else {
            fatalError("The text read in place and from a String reads differently.\n--- in place ---\n\(value)")
        }
    }

    let text = JSONEncoding.data(value)
    let reparsed: JSONValue
    do {
        reparsed = try JSONTape(data: text).root.decodeJSON()
    } catch {
        fatalError("JSON written from a parsed value does not parse: \(error)\n--- written ---\n\(String(decoding: text, as: UTF8.self))")
    }
    guard value.isEquivalentAsJSONText(to: reparsed) else {
        fatalError("JSON written and read back differs.\n--- value ---\n\(value)\n--- read back ---\n\(reparsed)")
    }
    let rebuilt = JSONTape(value).root.decodeJSON()
    guard value.isIdentical(to: rebuilt) else {
        fatalError("A tape built from a value reads back another.\n--- value ---\n\(value)\n--- read back ---\n\(rebuilt)")
    }
    return 0
}

/// Decodes `value` and everything in it every way there is, checking the decoders agree.
func walk(_ value: ResponseValue, keysAreUTF8: Bool) -> JSONValue {
    let json = value.decodeJSON()
    check("String", { try value.decodeString() }) { if case .string(let string) = json { return string } else { return nil } }
    check("Bool", { try value.decodeBool() }) { if case .bool(let bool) = json { return bool } else { return nil } }
    check("Double", { try value.decodeDouble() }) {
        switch json {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }
    check("Int", { try value.decodeInt() }) {
        switch json {
        case .int(let int): return int
        case .double(let double): return double.rounded() == double ? Int(exactly: double) : nil
        default: return nil
        }
    }
    _ = value.isNull
    if let list = try? value.decodeList() {
        guard case .list(let elements) = json, elements.count == list.count else { fatalError("decodeList and decodeJSON disagree on \(json)") }
        for (element, expected) in zip(list, elements) where !walk(element, keysAreUTF8: keysAreUTF8).isIdentical(to: expected) {
            fatalError("A list element decodes differently on its own: \(expected)")
        }
    }
    if let object = try? value.decodeObject() {
        guard case .object(let fields) = json else { fatalError("decodeObject and decodeJSON disagree on \(json)") }
        var seen: Set<String> = []
        object.forEachField { key, field in
            let decoded = walk(field, keysAreUTF8: keysAreUTF8)
            guard seen.insert(key).inserted else { return }
            // A key of bytes that are not UTF-8 is read with U+FFFD in their place, and looked up
            // by its bytes: only keys that are UTF-8 are found by their decoded text.
            if keysAreUTF8 {
                guard let found = object.value(forKey: key) else { fatalError("value(forKey: \(key.debugDescription)) finds nothing") }
                guard found.decodeJSON().isIdentical(to: decoded) else { fatalError("value(forKey: \(key.debugDescription)) is not the key's first field") }
            }
            _ = fields[key]
        }
        if keysAreUTF8, fields.count != seen.count { fatalError("forEachField gives \(seen.count) keys, decodeJSON \(fields.count)") }
        if keysAreUTF8 { checkHintedLookups(object, keys: Array(seen)) }
    }
    return json
}

/// Decoding looks a selection set's fields up with a hint kept between them: in any order of
/// distinct keys (the object's, its reverse, sorted), with a key it lacks among them, each is the
/// key's first occurrence, as `value(forKey:)` finds it.
func checkHintedLookups(_ object: ResponseObject, keys: [String]) {
    for order in [keys, keys.reversed(), keys.sorted(), ["\u{0}absent"] + keys] {
        var hint = KeySearchHint()
        for key in order {
            guard case .field(let field) = Selection.field(key, JSONValue?.self) else { fatalError("Selection.field is not a field") }
            switch (object.value(for: field, hint: &hint), object.value(forKey: key)) {
            case (nil, nil): continue
            case (let hinted?, let direct?) where hinted.decodeJSON().isIdentical(to: direct.decodeJSON()): continue
            default: fatalError("The hinted lookup of \(key.debugDescription) finds another value than value(forKey:)")
            }
        }
    }
}

/// A typed decoder returns what `decodeJSON` says the value is, or throws `ResponseDecodingError`
/// when it is of another kind.
func check<T: Equatable>(_ name: String, _ decode: () throws -> T, expected: () -> T?) {
    let wanted = expected()
    do {
        let got = try decode()
        if let wanted, got != wanted, !(got is Double && (got as? Double)?.isNaN == true) {
            fatalError("decode\(name) returns \(got), decodeJSON says \(wanted)")
        }
        if wanted == nil, name != "Double", name != "Int" { fatalError("decode\(name) returns \(got) for a value of another kind") }
    } catch is ResponseDecodingError {
        if let wanted { fatalError("decode\(name) throws, decodeJSON says \(wanted)") }
    } catch {
        fatalError("decode\(name) throws an error of an unexpected type: \(type(of: error)): \(error)")
    }
}
