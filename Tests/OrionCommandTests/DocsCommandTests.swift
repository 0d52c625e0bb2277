import Foundation
import Testing
import TestSupport

/// `orion docs`, run as a process from a directory of its own.
@Suite struct DocsCommandTests {
    @Test func writesTheSiteOnceAndKeepsItWhenUnchanged() throws {
        let directory = try Orion.temporaryDirectory()
        let schema = Repository.sharedData.appendingPathComponent("rocketreserver/schema.graphqls").path
        let first = try Orion.run(["docs", "--schema", schema, "--output", "Site"], in: directory)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("(5 written, 0 unchanged)"))
        let page = try String(contentsOf: directory.appendingPathComponent("Site/index.html"), encoding: .utf8)
        #expect(page.contains("<title>schema · Schema</title>"))
        #expect(page.contains("\"name\":\"bookTrips\""))
        for asset in ["explorer.html", "orion-docs.css", "orion-docs.js", "orion-explorer.js"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Site/\(asset)").path), "\(asset)")
        }
        let second = try Orion.run(["docs", "--schema", schema, "--output", "Site"], in: directory)
        #expect(second.output.contains("(0 written, 5 unchanged)"))
    }

    @Test func needsAnOutputOrServe() throws {
        let result = try Orion.run(["docs", "--schema", "schema.graphqls"], in: try Orion.temporaryDirectory())
        #expect(result.status != 0)
        #expect(result.errors.contains("Pass --output DIR to write the site, or --serve to serve it (or both)."))
    }

    @Test func servingNeedsAnAbsoluteEndpoint() throws {
        let result = try Orion.run(["docs", "--schema", "schema.graphqls", "--serve", "--endpoint", "/graphql"], in: try Orion.temporaryDirectory())
        #expect(result.status != 0)
        #expect(result.errors.contains("--endpoint /graphql: with --serve, give the server's absolute http:// or https:// URL"))
    }

    @Test func schemaErrorsPrintLikeACompilerAndFail() throws {
        let directory = try Orion.temporaryDirectory()
        try "type Query { a: Missing }".write(to: directory.appendingPathComponent("schema.graphqls"), atomically: true, encoding: .utf8)
        let result = try Orion.run(["docs", "--schema", "schema.graphqls", "--output", "Site"], in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("schema.graphqls:1:17: error:"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Site").path))
    }
}
