import Foundation
import Testing

/// The app compiles its operations against a copy of the server's schema (what the tutorial
/// downloads): it must not drift from the schema the server serves.
@Suite struct SchemaCopyTests {
    @Test func theAppsSchemaIsTheServersSchema() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = try Data(contentsOf: package.appendingPathComponent("Sources/RocketReserverApp/GraphQL/schema.graphqls"))
        let server = try Data(contentsOf: package.appendingPathComponent("Sources/RocketReserverServer/Resources/schema.graphqls"))
        #expect(app == server, "refresh it: orion fetch-schema --endpoint http://127.0.0.1:4000/graphql --output Sources/RocketReserverApp/GraphQL/schema.graphqls")
    }
}
