import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Orion
import OrionAPI
@testable import OrionSQLite
import Testing
import TestSupport

/// Cache files that cannot be written or are damaged: each reported for what it is, with what
/// to do, and never at the cost of the server's data.
@Suite struct SQLiteFaultTests {
    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orion-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func record(_ index: Int) -> Record {
        Record(key: "Item:\(index)", fields: [
            "__typename": .value(.string("Item")), "id": .value(.string(String(index))),
            "text": .value(.string(String(repeating: "payload \(index) ", count: 20))),
        ])
    }

    /// A file written, closed, then made read-only; opening it reads what it holds.
    @Test func aReadOnlyFileOpensForReadingAndRefusesWrites() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        do {
            let cache = try SQLiteNormalizedCache(fileURL: file)
            _ = try cache.merge(records: ["Item:1": Self.record(1)])
        }
        try ReadOnly.make(file) {
            let cache = try SQLiteNormalizedCache(fileURL: file)
            #expect(cache.isReadOnly)
            #expect(try cache.loadRecord(forKey: "Item:1") == Self.record(1))
            #expect(try cache.allKeys() == ["Item:1"])
            let error = #expect(throws: SQLiteCacheError.self) { try cache.merge(records: ["Item:2": Self.record(2)]) }
            #expect(error?.description.contains("read-only") == true)
            #expect(error?.description.contains("damaged") == false)
            #expect(error?.description.contains("removeFile") == false, "a read-only file is not offered for deletion")
        }
    }

    /// A folder that cannot be written, with no cache file in it yet: an empty cache to read.
    @Test func aReadOnlyFolderGivesAnEmptyCacheThatRefusesWrites() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        try ReadOnly.make(folder) {
            let cache = try SQLiteNormalizedCache(fileURL: file)
            #expect(cache.isReadOnly)
            #expect(try cache.loadRecord(forKey: "Item:1") == nil)
            #expect(throws: SQLiteCacheError.readOnly(path: file.path)) { try cache.clear() }
        }
    }

    /// Pages damaged behind a valid header open, and are reported as damaged, with what to do,
    /// when read.
    @Test func damagedPagesBehindAValidHeaderAreReportedWhenRead() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        try Self.fill(file)
        try Self.damage(file)
        let cache = try SQLiteNormalizedCache(fileURL: file)
        let error = #expect(throws: SQLiteCacheError.self) { _ = try cache.allKeys() }
        guard case .damaged? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("SQLiteNormalizedCache.removeFile(at:)") == true)
    }

    /// The server's data reaches the caller whatever the cache file: read-only or damaged, the
    /// failure to keep it comes beside the result.
    @Test(arguments: [true, false])
    func theServersDataIsDeliveredWhenTheCacheCannotKeepIt(readOnly: Bool) async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache.sqlite")
        try Self.fill(file)
        let fetch = { () async throws -> GraphQLResult<ItemQuery.Data> in
            let store = OrionStore(cache: try SQLiteNormalizedCache(fileURL: file))
            let url = try #require(URL(string: "http://items.invalid/graphql"))
            let client = OrionClient(networkTransport: RequestChainNetworkTransport(url: url, client: OneItemServer()), store: store)
            return try await client.fetch(query: ItemQuery(), cachePolicy: .fetchIgnoringCacheData)
        }
        let result: GraphQLResult<ItemQuery.Data>
        if readOnly {
            result = try await ReadOnly.make(file) { try await fetch() }
        } else {
            try Self.damage(file)
            result = try await fetch()
        }
        #expect(result.data?.item.id == "7")
        switch result.cacheWriteError as? SQLiteCacheError {
        case .readOnly?: #expect(readOnly)
        case .damaged?: #expect(!readOnly)
        default: Issue.record("cacheWriteError: \(String(describing: result.cacheWriteError))")
        }
    }

    /// Writes a file of many pages: 2,000 items.
    private static func fill(_ file: URL) throws {
        let cache = try SQLiteNormalizedCache(fileURL: file)
        var records: [CacheKey: Record] = [:]
        for index in 0..<2_000 { records["Item:\(index)"] = record(index) }
        _ = try cache.merge(records: RecordSet(records))
    }

    /// Overwrites every page after the first, leaving the header (and the schema, on the first
    /// page) intact: the file opens, and any use of the records' pages finds them damaged.
    private static func damage(_ file: URL) throws {
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        // The page size, big-endian at offset 16 of the header (1 stands for 65,536).
        try handle.seek(toOffset: 16)
        let field = try #require(try handle.read(upToCount: 2))
        let pageSize = field == Data([0, 1]) ? 65_536 : Int(field[field.startIndex]) << 8 | Int(field[field.startIndex + 1])
        let size = try handle.seekToEnd()
        #expect(size > UInt64(pageSize) * 4, "a file of several pages")
        try handle.seek(toOffset: UInt64(pageSize))
        handle.write(Data(repeating: 0xFF, count: Int(size) - pageSize))
    }
}

/// Makes a file or folder read-only for the length of `body`. As root, whom file modes do not
/// stop, with the immutable attribute (`chattr +i`); otherwise with the file mode.
private enum ReadOnly {
    static func make<Result>(_ url: URL, _ body: () async throws -> Result) async throws -> Result {
        try set(url, readOnly: true)
        defer { try? set(url, readOnly: false) }
        return try await body()
    }

    static func make<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result {
        try set(url, readOnly: true)
        defer { try? set(url, readOnly: false) }
        return try body()
    }

    private static func set(_ url: URL, readOnly: Bool) throws {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if getuid() == 0 {
            let chattr = Process()
            chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            chattr.arguments = [readOnly ? "+i" : "-i", url.path]
            try chattr.runToExit(within: 60)
            try #require(chattr.terminationStatus == 0, "chattr \(readOnly ? "+i" : "-i") failed: the tests need CAP_LINUX_IMMUTABLE when run as root")
        } else {
            let mode = readOnly ? (isFolder.boolValue ? 0o555 : 0o444) : (isFolder.boolValue ? 0o755 : 0o644)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
    }
}

/// `query Item { item { __typename id } }`, hand-written as code generation writes it.
struct ItemQuery: GraphQLQuery {
    enum Metadata: SchemaMetadata {
        static func objectType(forTypename typename: String) -> ObjectType? {
            typename == "Item" ? ObjectType(typename: "Item", keyFields: ["id"]) : nil
        }
    }

    static let __operation = OperationMetadata("Item", schema: Metadata.self, document: OperationDocument(text: "query Item { item { __typename id } }", identifier: ""))
    var __variables: [String: JSONValue] { [:] }

    struct Item: SelectionSet {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Item", keyFields: ["id"])), [.field("__typename", String.self), .field("id", String.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[1] }
    }

    struct Data: RootSelectionSet {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("item", Item.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var item: Item { __data[0] }
    }
}

/// Answers every request with item 7.
private struct OneItemServer: HTTPClient {
    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        return (Data(#"{"data": {"item": {"__typename": "Item", "id": "7"}}}"#.utf8), response)
    }
}
