import Foundation
import Orion
import OrionAPI
@testable import OrionSQLite
import Testing

/// The binary form records take in the database: every kind of value survives a round trip, and
/// bytes that are not a record are refused, never misread or trapped on.
@Suite struct RecordCodingTests {
    private let record = Record(
        key: "Launch:92",
        fields: [
            "__typename": .value(.string("Launch")),
            "isBooked": .value(.bool(true)),
            "cancelled": .value(.bool(false)),
            "flight": .value(.int(92)),
            "delta": .value(.int(-7)),
            "largest": .value(.int(Int.max)),
            "smallest": .value(.int(Int.min)),
            "ratio": .value(.double(0.25)),
            "nothing": .value(.null),
            "name": .value(.string("Starlink ✦ «α»")),
            "empty": .value(.string("")),
            "custom": .value(.object(["coordinates": .list([.double(1.5), .int(-2)]), "label": .string("x"), "none": .null])),
            "mission": .reference("Launch:92.mission"),
            "rockets": .list([.reference("Rocket:1"), .value(.null), .list([.reference("Rocket:2")])]),
            "missionPatch(size:SMALL)": .value(.string("https://example.com/patch.png")),
        ],
        expirations: ["isBooked": Date(timeIntervalSince1970: 1_800_000_000.5)]
    )

    private func decode(_ bytes: [UInt8]) -> Record? {
        bytes.withUnsafeBytes { RecordCoding.decode($0, key: "Launch:92") }
    }

    @Test func everyKindOfValueRoundTrips() {
        #expect(decode(RecordCoding.encode(record)) == record)
        #expect(decode(RecordCoding.encode(Record(key: "Launch:92"))) == Record(key: "Launch:92"))
    }

    /// A buffer that encodes many records in turn grows for a large one, starting from a few
    /// bytes, and keeps no byte of the record before.
    @Test func aReusedBufferGrowsAndForgetsTheRecordBefore() {
        var fields = RecordFields()
        for index in 0..<300 { fields["field\(index)"] = .value(.string(String(repeating: "é\(index)", count: index))) }
        let large = Record(key: "Launch:92", fields: fields)
        var buffer = RecordBuffer(capacity: 1)
        for record in [record, large, Record(key: "Launch:92"), record] {
            buffer.removeAll()
            RecordCoding.encode(record, into: &buffer)
            #expect(buffer.withUnsafeBytes { RecordCoding.decode($0, key: "Launch:92") } == record)
            #expect(buffer.withUnsafeBytes { Array($0) } == RecordCoding.encode(record))
        }
    }

    @Test func truncatedOrExtendedBytesAreRefused() {
        let bytes = RecordCoding.encode(record)
        for length in 0..<bytes.count {
            #expect(decode(Array(bytes.prefix(length))) == nil, "cut at \(length) of \(bytes.count)")
        }
        #expect(decode(bytes + [0]) == nil, "trailing bytes")
    }

    @Test func unknownTagsAndHugeCountsAreRefused() {
        #expect(decode([1, 1, 0x61, 0, 42]) == nil, "an unknown value tag")
        #expect(decode([1, 1, 0x61, 7, 0]) == nil, "an unknown expiry flag")
        #expect(decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) == nil, "a count beyond the bytes")
        #expect(decode([Array(repeating: 0xFF, count: 11), [0]].flatMap { $0 }) == nil, "a varint longer than 64 bits")
        #expect(decode(Array("{\"id\":{\"v\":\"92\"}}".utf8)) == nil, "JSON is not a record")
    }

    /// Found by the fuzzer (`Fuzz/SQLiteRecordFuzzer/seeds/deep-nesting`): a damaged record of
    /// lists in lists ran the recursive reader out of stack.
    @Test func nestingDeeperThanTheLimitIsRefusedNotOverflowingTheStack() {
        func nested(_ tag: UInt8, depth: Int) -> [UInt8] {
            // One field, "", no expiry, then `depth` lists (or objects of one field "") of one element.
            [1, 0, 0] + Array(repeating: tag == 7 ? [7, 1, 0] : [tag, 1], count: depth).flatMap { $0 } + [0]
        }
        for tag: UInt8 in [6, 7, 9] {
            #expect(decode(nested(tag, depth: 100_000)) == nil, "tag \(tag) nested 100 000 deep")
            #expect(decode(nested(tag, depth: RecordCoding.maximumDepth + 1)) == nil, "tag \(tag) one level too deep")
            #expect(decode(nested(tag, depth: RecordCoding.maximumDepth)) != nil, "tag \(tag) at the limit")
        }
        let deepest = (0..<RecordCoding.maximumDepth).reduce(JSONValue.null) { inner, _ in .list([inner]) }
        let record = Record(key: "Launch:92", fields: ["custom": .value(deepest)])
        #expect(decode(RecordCoding.encode(record)) == record, "JSON as deep as the limit round-trips")
    }

    /// A cache file holding `record`, then changed behind the cache's back by `sql`.
    private func cacheFile(alteredBy sql: String...) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-coding-\(UUID().uuidString).sqlite")
        _ = try SQLiteNormalizedCache(fileURL: file).merge(records: [record.key: record])
        let database = try SQLiteDatabase(path: file.path)
        for statement in sql { try database.execute(statement) }
        return file
    }

    @Test func aDamagedRecordInTheFileIsReportedByKey() throws {
        let file = try cacheFile(alteredBy: "UPDATE records SET record = x'0105' WHERE key = 'Launch:92'")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        #expect {
            _ = try cache.loadRecord(forKey: "Launch:92")
        } throws: { error in
            guard case .damaged(let path, let reason)? = error as? SQLiteCacheError else { return false }
            return path == file.path && reason.contains("Launch:92")
        }
    }

    /// A file another version of Orion wrote, in another format, opens as an empty cache
    /// rather than failing on every record.
    @Test func recordsOfAnotherFormatVersionAreDropped() throws {
        let file = try cacheFile(alteredBy: #"UPDATE records SET record = '{"id":{"v":"92"}}'"#, "PRAGMA user_version = 0")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let cache = try SQLiteNormalizedCache(fileURL: file)
        #expect(try cache.allKeys().isEmpty)
        _ = try cache.merge(records: [record.key: record])
        #expect(try SQLiteNormalizedCache(fileURL: file).loadRecord(forKey: "Launch:92") == record, "and it works as a cache again")
    }
}
