import Foundation
@testable import OrionAPI
import Testing
import TestSupport

/// The JSON index responses are read into: RFC 8259 parsing, errors with positions, values.
@Suite struct JSONTapeTests {
    private func json(_ text: String) throws -> JSONValue {
        try JSONTape(data: Data(text.utf8)).root.decodeJSON()
    }

    @Test func scalarsAndContainers() throws {
        #expect(try json(#"{"a": [1, -2.5, true, false, null, "x"], "b": {}}"#) == .object([
            "a": .list([.int(1), .double(-2.5), .bool(true), .bool(false), .null, .string("x")]), "b": .object([:]),
        ]))
        #expect(try json(" [ ] ") == .list([]))
        #expect(try json("0") == .int(0))
        #expect(try json("1e3") == .double(1000))
        #expect(try json("-0.5E-2") == .double(-0.005))
        #expect(try json("18446744073709551616") == .double(18446744073709551616), "beyond Int: read as Double")
    }

    @Test func stringEscapes() throws {
        #expect(try json(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try json(#""\u00e9\u4e2d""#) == .string("é中"))
        #expect(try json(#""\ud83d\ude80 rocket""#) == .string("🚀 rocket"), "a surrogate pair is one scalar")
        #expect(try json(#""\ud83d alone""#) == .string("\u{FFFD} alone"))
        #expect(try json("\"héllo 🚀\"") == .string("héllo 🚀"))
    }

    /// Strings mixing plain runs, every escape, multi-byte text and surrogate pairs decode as
    /// `JSONSerialization` decodes them.
    @Test func escapedStringsAgreeWithJSONSerialization() throws {
        let pieces = [#"plain"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#,
                      #"\u4e2d"#, #"\ud83d\ude80"#, "é", "中", "🚀", " ", String(repeating: "x", count: 40)]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let document = Data("[\"\(text)\"]".utf8)
            let expected = try #require((try JSONSerialization.jsonObject(with: document) as? [String])?.first)
            #expect(try JSONTape(data: document).root.decodeJSON() == .list([.string(expected)]), "\(text)")
        }
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape or a control character at
    /// any offset of a word, after any run of plain or multi-byte text, and with fewer than
    /// eight bytes left in the document, is found where it is.
    @Test func specialBytesAreFoundAtEveryOffsetOfAWord() throws {
        let fillers = ["a", "é", " ", "\u{7F}", "~"]
        for filler in fillers {
            for length in 0...19 {
                let run = String(repeating: filler, count: length)
                for (escaped, decoded) in [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u0041", "A")] {
                    let text = run + escaped + run
                    #expect(try json("\"\(text)\"") == .string(run + decoded + run), "\(text)")
                    #expect(try json("[\"\(text)\",\"\(run)\"]") == .list([.string(run + decoded + run), .string(run)]))
                }
                // A raw control character is refused at the offset it is at.
                for control in ["\n", "\u{1F}", "\u{0}"] {
                    #expect {
                        _ = try JSONTape(data: Data("[\"\(run)\(control)\"]".utf8))
                    } throws: { error in
                        (error as? JSONParseError)?.offset == 2 + run.utf8.count
                    }
                }
                // Cut before its closing quote, with fewer than eight bytes left or more.
                #expect(throws: JSONParseError.self) { _ = try JSONTape(data: Data("\"\(run)".utf8)) }
            }
        }
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of the document, expected a value"),
        ("{\"a\": 1,}", 1, 9, "unexpected '}', expected a field name in quotes"),
        ("[1 2]", 1, 4, "unexpected '2', expected ',' or ']' in a list"),
        ("{\"a\" 1}", 1, 6, "unexpected '1', expected ':' after a field name"),
        ("01", 1, 2, "invalid number: leading zeros are not allowed"),
        ("1.", 1, 3, "invalid number: expected a digit after '.'"),
        ("-", 1, 2, "invalid number: expected a digit"),
        ("\"abc", 1, 5, "unexpected end of the document in a string"),
        ("\"a\\x\"", 1, 3, "invalid escape \\'x'"),
        ("\"\\u12G4\"", 1, 2, "invalid \\u escape: expected four hexadecimal digits"),
        ("\"a\nb\"", 1, 3, "unescaped control character byte 0xA in a string"),
        ("{\n  \"a\": tru\n}", 2, 8, "invalid literal, expected true"),
        ("{} x", 1, 4, "unexpected 'x' after the document"),
    ])
    func invalidJSONIsReportedWithItsPosition(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try JSONTape(data: Data(text.utf8))
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column && error.message == message
        }
    }

    @Test func tapesBuiltFromValuesReadLikeParsedOnes() throws {
        let value = JSONValue.object([
            "s": .string("héllo \"🚀\""), "i": .int(-42), "d": .double(2.5), "b": .bool(true), "n": .null,
            "l": .list([.int(1), .list([]), .object(["k": .string("v")])]),
        ])
        let tape = JSONTape(value)
        #expect(tape.root.decodeJSON() == value)
        let object = try tape.root.decodeObject()
        #expect(try object.field("s", as: String.self) == "héllo \"🚀\"")
        #expect(try object.field("d", as: Double.self) == 2.5)
        #expect(try object.field("l", as: [JSONValue].self).count == 3)
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { _ = try JSONTape(data: Data(deep.utf8)) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { _ = try JSONTape(data: Data(fine.utf8)) }
    }

    /// Every JSON file of the shared data reads as the same values as JSONSerialization gives,
    /// and the files it rejects (two manifests with unescaped quotes) are rejected too.
    @Test func agreesWithJSONSerializationOnTheSharedData() throws {
        let files = Repository.sharedFiles(extensions: ["json"])
        #expect(files.count >= 5)
        var rejected = 0
        for file in files {
            let data = try Data(contentsOf: file)
            guard let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                rejected += 1
                #expect(throws: JSONParseError.self, "\(file.lastPathComponent)") { _ = try JSONTape(data: data) }
                continue
            }
            #expect(try JSONTape(data: data).root.decodeJSON() == JSONValue(jsonObjectValue: foundation), "\(file.lastPathComponent)")
        }
        #expect(rejected < files.count)
    }

    @Test func objectsLookUpKeysAndReportMismatchesWithPaths() throws {
        let object = try ResponseObject(jsonData: Data(#"{"name": "R2", "friends": [{"name": 1}], "esc\u0061ped": true}"#.utf8))
        #expect(try object.field("name", as: String.self) == "R2")
        #expect(try object.field("escaped", as: Bool.self))
        #expect(try object.field("missing", as: String?.self) == nil)
        #expect(object.value(forKey: "nam") == nil)
        let error = try #require(throws: ResponseDecodingError.self) { try object.field("friends", as: [String].self) }
        #expect(error.path.description == "friends[0]")
        #expect(error.expected == "String")
        #expect(error.found == "an object")
        let number = try #require(throws: ResponseDecodingError.self) { try object.field("name", as: Int.self) }
        #expect(number.description == "Response data does not match the operation at name: expected Int, found \"R2\".")
    }
}

/// An object's keys have no entries: each is read from the text before its value, and only a key
/// with escapes has an entry. Keys chosen to break that reading (quotes, backslashes, a key that
/// ends another or spans the text before it, an empty key, whitespace around the colon) are
/// found, listed and missed as `JSONSerialization` reads them.
struct JSONTapeKeyTests {
    static let keys = [
        "id", "d", "aid", "", " ", "\"", "a\"b", "\\", "a\\", "é", "🚀", "x\":1,\"id", ":", "\n", "\u{1F}", "k\u{0}k",
    ]

    /// `key` as JSON text, escaped one of the ways JSON allows.
    static func written(_ key: String, using generator: inout some RandomNumberGenerator) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            // Any other character, now and then, as a \u escape (a key with escapes).
            case _ where scalar.value < 0x10000 && Int.random(in: 0..<8, using: &generator) == 0:
                text += String(format: "\\u%04X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return "\"\(text)\""
    }

    @Test func keysAreFoundListedAndMissedAsJSONSerializationReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let spaces = ["", " ", "\n\t", "  \r\n"]
        for _ in 0..<400 {
            let chosen = Array(Self.keys.shuffled(using: &generator).prefix(Int.random(in: 0...8, using: &generator)))
            let values: [String] = chosen.indices.map { index in
                ["\(index)", "\"v\(index)\"", "[\(index)]", "{\"id\": \(index)}", "null", "true"][Int.random(in: 0..<6, using: &generator)]
            }
            let members = zip(chosen, values).map { key, value in
                let before = spaces.randomElement(using: &generator) ?? ""
                let after = spaces.randomElement(using: &generator) ?? ""
                return Self.written(key, using: &generator) + before + ":" + after + value
            }
            let text = "{" + members.joined(separator: ",") + "}"
            let data = Data(text.utf8)
            let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(text)")
            let expectedValue = try #require(JSONValue(jsonObjectValue: expected))
            for tape in [try JSONTape(data: data), JSONTape(expectedValue)] {
                let object = try tape.root.decodeObject()
                var listed: [String] = []
                object.forEachField { key, _ in listed.append(key) }
                #expect(Set(listed) == Set(expected.keys) && listed.count == expected.count, "\(text)")
                for key in Self.keys {
                    let found = object.value(forKey: key)?.decodeJSON()
                    #expect(found == expected[key].flatMap(JSONValue.init(jsonObjectValue:)), "\(key) in \(text)")
                }
            }
            #expect(try JSONTape(data: data).root.decodeJSON() == expectedValue, "\(text)")
        }
    }

    /// The hinted search decoding uses finds each field where the plain search does, in any order.
    @Test func hintedLookupsFindWhatPlainLookupsFind() throws {
        let text = #"{"a" : 1, "b":2 ,"\u0061b": 3, "ab":4, "b": 5, "": 6, "c":{"a":7}}"#
        let object = try ResponseObject(jsonData: Data(text.utf8))
        for order in [["a", "b", "ab", "", "c"], ["c", "", "ab", "b", "a"], ["ab", "a", "c", "b", ""]] {
            var hint = KeySearchHint()
            for key in order {
                let field = Selection.Field(name: key, alias: nil, type: .scalar(JSONValue.self), arguments: [:], condition: nil)
                #expect(object.value(for: field, hint: &hint)?.decodeJSON() == object.value(forKey: key)?.decodeJSON(), "\(key)")
            }
        }
        // Members passed over (the first `t`) are kept for later lookups, which find a key's
        // first occurrence though the object repeats it.
        let repeating = try ResponseObject(jsonData: Data(#"{"t": 0, "a": 1, "s": 2, "b": 3, "t": 4, "s": 5, "c": 6}"#.utf8))
        var hint = KeySearchHint()
        for (key, expected) in [("a", 1), ("b", 3), ("c", 6), ("t", 0), ("s", 2), ("x", nil)] as [(String, Int?)] {
            let field = Selection.Field(name: key, alias: nil, type: .scalar(JSONValue.self), arguments: [:], condition: nil)
            #expect(try repeating.value(for: field, hint: &hint).map { try $0.decodeInt() } == expected, "\(key)")
        }
        #expect(object.value(forKey: "ab")?.decodeJSON() == .int(3), "the first member under a key, escaped or not")
        #expect(object.value(forKey: "b")?.decodeJSON() == .int(2))
        #expect(object.value(forKey: "")?.decodeJSON() == .int(6))
        #expect(object.value(forKey: "ba") == nil)
    }
}

/// The hinted lookups of distinct keys, in any order, find what lookups from the object's start
/// find, in objects that repeat keys and send keys the lookups pass over.
@Test func hintedLookupsAgreeWithPlainOnesInRandomObjects() throws {
    var generator = SystemRandomNumberGenerator()
    let pool = ["a", "b", "c", "t", "__typename", "ab", "b\"c", "é"]
    for _ in 0..<2_000 {
        let members = (0..<Int.random(in: 0...9, using: &generator)).map { index in
            (pool.randomElement(using: &generator) ?? "a", index)
        }
        let text = "{" + members.map { key, value in JSONEncoding.string(.string(key)) + ":\(value)" }.joined(separator: ",") + "}"
        let object = try ResponseObject(jsonData: Data(text.utf8))
        let order = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 1...pool.count, using: &generator)))
        var hint = KeySearchHint()
        for key in order {
            let field = Selection.Field(name: key, alias: nil, type: .scalar(JSONValue.self), arguments: [:], condition: nil)
            let hinted = try object.value(for: field, hint: &hint).map { try $0.decodeInt() }
            let expected = members.first { $0.0 == key }?.1
            #expect(hinted == expected, "\(key) after \(order) in \(text)")
            #expect(try object.value(forKey: key).map { try $0.decodeInt() } == expected, "\(key) in \(text)")
        }
    }
}

/// Offsets are 32-bit: a document longer than the tape can index is a clear error, not a trap.
struct JSONTapeLengthTests {
    @Test func aDocumentLongerThanTheTapeIndexesIsRefused() throws {
        let array = Array(#"{"data": {"launches": []}}"#.utf8)
        try array.withUnsafeBufferPointer { bytes in
            var fits = JSONTapeParser(bytes: bytes, maximumLength: bytes.count)
            _ = try fits.parse()
            var tooLong = JSONTapeParser(bytes: bytes, maximumLength: bytes.count - 1)
            let error = #expect(throws: JSONParseError.self) { _ = try tooLong.parse() }
            #expect(error?.message.contains("\(bytes.count) bytes") == true)
        }
        #expect(JSONTapeParser.maximumLength == Int(UInt32.max))
    }

    @Test func aValueLongerThanAnEntryHoldsIsRefusedAtItsPlace() throws {
        func parse(_ text: String, maximumValueLength: Int = JSONTape.Entry.maximumSecond, maximumEntryCount: Int = JSONTape.Entry.maximumSecond) throws(JSONParseError) {
            let array = Array(text.utf8)
            try array.withUnsafeBufferPointer { (bytes) throws(JSONParseError) in
                var parser = JSONTapeParser(bytes: bytes, maximumValueLength: maximumValueLength, maximumEntryCount: maximumEntryCount)
                _ = try parser.parse()
            }
        }
        try parse(#"{"a": "1234", "b": [1, 2, 3], "c": 12345}"#, maximumValueLength: 5)
        let string = #expect(throws: JSONParseError.self) { try parse(#"{"a": "123456"}"#, maximumValueLength: 5) }
        #expect(string?.message.contains("6 bytes") == true)
        let number = #expect(throws: JSONParseError.self) { try parse(#"[123456]"#, maximumValueLength: 5) }
        #expect(number?.message.contains("6 bytes") == true)
        // A key with escapes has an entry, so it is held to the same length.
        let key = #expect(throws: JSONParseError.self) { try parse(#"{"\n2345": 1}"#, maximumValueLength: 5) }
        #expect(key?.message.contains("6 bytes") == true)
        try parse(#"{"123456": 1}"#, maximumValueLength: 5)

        // Entries: the object, "1234", the list, its three numbers and 12345; keys have none.
        try parse(#"{"a": "1234", "b": [1, 2, 3], "c": 12345}"#, maximumEntryCount: 7)
        let document = #expect(throws: JSONParseError.self) {
            try parse(#"{"a": "1234", "b": [1, 2, 3], "c": 12345}"#, maximumEntryCount: 6)
        }
        #expect(document?.message.contains("more than 6 values") == true)
        #expect(document?.column == 42)
        let list = #expect(throws: JSONParseError.self) { try parse(#"[1, 2, 3, 4, 5, 6]"#, maximumEntryCount: 6) }
        #expect(list?.message.contains("more than 6 values") == true)
        #expect(list?.column == 19)
        #expect(JSONTape.Entry.maximumSecond == 268_435_455)
        #expect(MemoryLayout<JSONTape.Entry>.stride == 8)
        // An entry's kind is its three bits read as one: every value of them is a kind.
        #expect(JSONTape.Kind.allCases.map(\.rawValue) == Array(0..<8))
        #expect(MemoryLayout<JSONTape.Kind>.size == 1)
    }
}

/// A tape reads a `Data` in place, an array (a multipart part's) as it is, and a `String` (a
/// WebSocket message's) in its own storage; a slice of a larger buffer is read from its own first
/// byte.
struct JSONTapeDataTests {
    enum Text: CaseIterable {
        case dataInPlace, array, string
    }

    /// The tape of a slice's bytes, held as `text` says.
    static func tape(_ slice: Data, as text: Text) throws(JSONParseError) -> JSONTape {
        switch text {
        case .dataInPlace: try JSONTape(data: slice)
        case .array: try JSONTape(bytes: [UInt8](slice))
        case .string: try JSONTape(string: String(decoding: slice, as: UTF8.self))
        }
    }

    @Test(arguments: Text.allCases)
    func aSliceOfDataIsReadFromItsOwnStart(text: Text) throws {
        let buffer = Data(#"garbage{"name": "R2-D2", "height": 0.96, "appearsIn": [4, 5], "note": "a\u00e9"}trailer"#.utf8)
        let start = try #require(buffer.firstIndex(of: UInt8(ascii: "{")))
        let end = try #require(buffer.lastIndex(of: UInt8(ascii: "}")))
        let slice = buffer[start...end]
        #expect(slice.startIndex != 0)
        let object = try Self.tape(slice, as: text).root.decodeObject()
        #expect(try object.field("name", as: String.self) == "R2-D2")
        #expect(try object.field("height", as: Double.self) == 0.96)
        #expect(try object.field("appearsIn", as: [Int].self) == [4, 5])
        #expect(try object.field("note", as: String.self) == "a\u{e9}")
    }

    @Test(arguments: Text.allCases)
    func anErrorInASliceCountsFromTheSlice(text: Text) throws {
        let buffer = Data("[1, 2]\n{\"a\": tru}".utf8)
        let slice = buffer[7...]
        let error = #expect(throws: JSONParseError.self) { _ = try Self.tape(slice, as: text) }
        #expect(error?.line == 1)
        #expect(error?.offset == 6)
    }

    /// A string of up to 15 UTF-8 bytes is stored inside the `String` value itself, and lent to
    /// the reader from a copy on the stack: the tape must read it within each decode, and a value
    /// kept from it must read the same after the string it was parsed from is gone.
    @Test func aSmallStringIsReadWhereverItIsStored() throws {
        var kept: ResponseValue?
        do {
            let text = #"{"a":["xy",7]}"#
            #expect(text.utf8.count <= 15)
            let object = try JSONTape(string: text).root.decodeObject()
            kept = object.value(forKey: "a")
            #expect(kept?.decodeJSON() == .list([.string("xy"), .int(7)]))
        }
        let list = try #require(kept).decodeJSON()
        #expect(list == .list([.string("xy"), .int(7)]))
    }
}
