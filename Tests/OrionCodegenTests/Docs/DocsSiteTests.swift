import Foundation
import OrionCodegen
import OrionCompiler
import Testing
import TestSupport

/// The docs site: the same bytes for the same schema, no URL of elsewhere, and the schema data the
/// pages render.
@Suite struct DocsSiteTests {
    static let schemas = [
        "rocketreserver/schema.graphqls",
        "schemas/github-full/schema-2024-07.graphqls",
        "schemas/realworld/linear/schema.graphqls",
        "schemas/realworld/saleor/schema.graphqls",
        "schemas/realworld/artsy/schema.graphqls",
    ]

    static func load(_ path: String) throws -> Schema {
        try SchemaLoader.load([Repository.sharedData.appendingPathComponent(path).path], relativeTo: Repository.sharedData)
    }

    @Test(arguments: schemas)
    func sameSchemaSameBytes(path: String) throws {
        let first = try DocsSite.files(schema: try Self.load(path), options: DocsSite.Options(title: path))
        let second = try DocsSite.files(schema: try Self.load(path), options: DocsSite.Options(title: path))
        #expect(first.map(\.path) == ["index.html", "explorer.html", "orion-docs.css", "orion-docs.js", "orion-explorer.js"])
        #expect(first == second)
    }

    /// The pages and assets name no other site: `http` appears only in the endpoint given and in
    /// the schema's own text (descriptions, `@specifiedBy` URLs, names) inside the embedded
    /// schema data.
    @Test(arguments: schemas)
    func noExternalURL(path: String) throws {
        let endpoint = "http://127.0.0.1:4000/graphql"
        let files = try DocsSite.files(schema: try Self.load(path), options: DocsSite.Options(endpoint: endpoint))
        for file in files {
            var text = file.contents.replacingOccurrences(of: "data-endpoint=\"\(endpoint)\"", with: "")
            if let schemaJSON = Self.embeddedSchema(in: text) {
                let data = try JSONSerialization.jsonObject(with: Data(schemaJSON.utf8))
                // Every value is the schema's text (names too: Linear has a field `httpStatus`);
                // the keys are the page's format.
                let keys = Self.keys(in: data).filter { $0.lowercased().contains("http") }
                #expect(keys.isEmpty, "\(file.path): \(keys)")
                text = text.replacingOccurrences(of: schemaJSON, with: "")
            }
            #expect(!text.lowercased().contains("http"), "\(file.path) names a URL")
        }
    }

    @Test func schemaDataHasWhatTheDocsShow() throws {
        let schema = try Schema.build(sdl: [.init("""
            "The root"
            type Query { node(id: ID!): Node, search(text: String = "rocket", first: Int = 10): [Result!]! }
            interface Node { id: ID! }
            type Launch implements Node { id: ID!, site: String @deprecated(reason: "Use pad.") }
            union Result = Launch
            enum Size { SMALL, LARGE @deprecated }
            input Filter @oneOf { size: Size, name: String }
            scalar URL @specifiedBy(url: "https://url.spec.whatwg.org")
            """, name: "schema.graphqls")])
        let page = DocsSite.page(.docs, schema: schema, options: DocsSite.Options())
        let json = try #require(Self.embeddedSchema(in: page))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let types = try #require(root["types"] as? [[String: Any]])
        func type(_ name: String) -> [String: Any] { types.first { $0["name"] as? String == name } ?? [:] }
        #expect(root["query"] as? String == "Query")
        let search = (type("Query")["fields"] as? [[String: Any]])?.last
        let arguments = search?["args"] as? [[String: Any]]
        #expect(arguments?.map { $0["defaultValue"] as? String } == ["\"rocket\"", "10"])
        #expect(search?["type"] as? String == "[Result!]!")
        #expect(type("Node")["implementations"] as? [String] == ["Launch"])
        #expect(type("Launch")["interfaces"] as? [String] == ["Node"])
        #expect((type("Launch")["fields"] as? [[String: Any]])?.last?["deprecationReason"] as? String == "Use pad.")
        #expect(type("Result")["possibleTypes"] as? [String] == ["Launch"])
        #expect((type("Size")["enumValues"] as? [[String: Any]])?.last?["deprecationReason"] as? String == "No longer supported")
        #expect(type("Filter")["oneOf"] as? Bool == true)
        #expect(type("URL")["specifiedByURL"] as? String == "https://url.spec.whatwg.org")
        #expect(type("__Schema").isEmpty)
    }

    @Test func textThatWouldEndTheScriptIsEscaped() throws {
        let schema = try Schema.build(sdl: [.init(#"type Query { "</script><script>alert(1)</script>" a: Int }"#, name: "s.graphqls")])
        let page = DocsSite.page(.docs, schema: schema, options: DocsSite.Options(title: "<b>"))
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(page.contains("<title>&lt;b&gt; · Schema</title>"))
    }

    @Test func previewGeneratesTheOperationsSwift() throws {
        let schema = try Self.load("rocketreserver/schema.graphqls")
        let answer = SwiftPreview.responseJSON(operationText: "query LaunchSite { launch(id: \"1\") { site } }", schema: schema)
        let swift = try #require((try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["swift"] as? String)
        #expect(swift.hasPrefix("// Operations/"))
        #expect(swift.contains("LaunchSiteQuery"))
    }

    @Test func previewReportsErrorsWithLineAndColumn() throws {
        let schema = try Self.load("rocketreserver/schema.graphqls")
        for (text, line, column) in [("query Q {\n  nope\n}", 2, 3), ("query Q {", 1, 10)] {
            let answer = SwiftPreview.responseJSON(operationText: text, schema: schema)
            let errors = try #require((try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["errors"] as? [[String: Any]])
            #expect(errors.first?["line"] as? Int == line, "\(text)")
            #expect(errors.first?["column"] as? Int == column, "\(text)")
        }
    }

    /// The JSON of `<script id="orion-schema">` in a page.
    static func embeddedSchema(in page: String) -> String? {
        guard let start = page.range(of: "<script id=\"orion-schema\" type=\"application/json\">"),
              let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// Every key of the objects in a JSON value.
    static func keys(in value: Any) -> Set<String> {
        switch value {
        case let array as [Any]: array.reduce(into: []) { $0.formUnion(keys(in: $1)) }
        case let object as [String: Any]: object.reduce(into: Set(object.keys)) { $0.formUnion(keys(in: $1.value)) }
        default: []
        }
    }
}
