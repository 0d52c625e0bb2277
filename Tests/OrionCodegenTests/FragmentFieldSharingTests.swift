import Foundation
@testable import OrionCodegen
import Testing

/// A field that only one fragment spread selects is selected and decoded in the fragment alone:
/// the model spreading it reads it through the fragment's data (rule G of `ModelTreeBuilder`),
/// and each operation's document refers to the fragments' text instead of repeating it.
@Suite struct FragmentFieldSharingTests {
    static let sdl = """
        type Query { launch: Launch }
        type Launch { id: ID! site: String mission: Mission rocket: Rocket }
        type Mission { name: String }
        type Rocket { name: String type: String }
        """

    /// The selections of the model whose `struct` line is `declaration`, up to their `])`.
    private static func selections(of declaration: String, in swift: String) throws -> String {
        let start = try #require(swift.range(of: declaration))
        let list = try #require(swift.range(of: "__metadata = OrionAPI.SelectionSetMetadata(", range: start.upperBound..<swift.endIndex))
        let end = try #require(swift.range(of: #"\n *\]\)\n"#, options: .regularExpression, range: list.upperBound..<swift.endIndex))
        return String(swift[list.upperBound..<end.lowerBound])
    }

    @Test func aFieldOnlyAFragmentSelectsIsReadThroughTheFragment() throws {
        let swift = try Generation.run(
            sdl: Self.sdl, operations: "query Q { launch { id ...Details } } fragment Details on Launch { site rocket { name } }")
        let launch = try Self.selections(of: "struct Launch: OrionAPI.SelectionSet", in: swift)
        #expect(launch.contains(".field(\"id\""))
        #expect(!launch.contains(".field(\"site\""), "\(launch)")
        #expect(!launch.contains(".field(\"rocket\""), "\(launch)")
        #expect(launch.contains(".fragment(Details.self)"))
        // id is stored at 0 (not __typename: Launch is an object type), the fragment at 1; site
        // and rocket are its 0 and 1.
        #expect(swift.contains("public var site: Swift.String? { __data.fragment(1)[0] }"))
        #expect(swift.contains("public var rocket: Details.Rocket? { __data.fragment(1)[1] }"))
        #expect(swift.contains("public var details: Details { __data[1] }"))
    }

    @Test func aFieldAlsoSelectedDirectlyIsStoredInTheModel() throws {
        let swift = try Generation.run(
            sdl: Self.sdl, operations: "query Q { launch { site ...Details } } fragment Details on Launch { site }")
        let launch = try Self.selections(of: "struct Launch: OrionAPI.SelectionSet", in: swift)
        #expect(launch.contains(".field(\"site\""))
        #expect(swift.contains("public var site: Swift.String? { __data[0] }"))
    }

    @Test func aFieldTwoFragmentsSelectIsStoredInTheModel() throws {
        let swift = try Generation.run(
            sdl: Self.sdl,
            operations: "query Q { launch { ...A ...B } } fragment A on Launch { site } fragment B on Launch { site id }")
        let launch = try Self.selections(of: "struct Launch: OrionAPI.SelectionSet", in: swift)
        #expect(launch.contains(".field(\"site\""))
        #expect(!launch.contains(".field(\"id\""), "id comes from B alone: \(launch)")
        #expect(swift.contains("public var site: Swift.String? { __data[0] }"))
        // Stored: site; fragments A at 1 and B at 2; id is B's second field.
        #expect(swift.contains("public var id: Swift.String { __data.fragment(2)[1] }"))
    }

    @Test func aFieldOfAFragmentInAFragmentIsReadThroughBoth() throws {
        let swift = try Generation.run(
            sdl: Self.sdl,
            operations: "query Q { launch { id ...Outer } } fragment Outer on Launch { id ...Inner } fragment Inner on Launch { site }")
        // Launch: id 0, Outer 1; Outer: id 0, Inner 1; Inner: site 0.
        #expect(swift.contains("public var site: Swift.String? { __data.fragment(1).fragment(1)[0] }"))
    }

    @Test func aTypeCaseOrConditionalFragmentKeepsItsOwnFields() throws {
        let swift = try Generation.run(
            sdl: Self.sdl,
            operations: "query Q($x: Boolean!) { launch { id ...Details @include(if: $x) } } fragment Details on Launch { site }")
        // A conditional spread's fields are not the model's: only `fragments` reads them.
        #expect(!swift.contains("public var site: Swift.String? { __data.fragment("))
    }

    @Test func theDocumentRefersToTheFragmentsItUsesInOrder() throws {
        let swift = try Generation.run(
            sdl: Self.sdl,
            operations: "query Q { launch { ...Outer } } fragment Outer on Launch { id ...Inner } fragment Inner on Launch { site }")
        #expect(swift.contains("fragments: [Outer.self, Inner.self],"))
        #expect(!swift.contains("text: #\"\"\"\n      query Q"))
        #expect(swift.contains("definition: #\"\"\"\n      query Q"))
        // The fragments' text is in their own types alone.
        #expect(swift.components(separatedBy: "fragment Inner on Launch {").count == 2)
    }
}
