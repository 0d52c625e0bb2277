@testable import OrionCodegen
import Testing

/// How fragments with `@defer` are generated (the whole output is in the DeferAPI golden).
///
/// Launch is an object type, so its models do not store `__typename`: `id` is at 0.
@Suite struct DeferredFragmentTests {
    static let sdl = "type Query { launch: Launch } type Launch { id: ID! site: String rocket: Rocket } type Rocket { name: String }"

    @Test func anInlineFragmentWithoutALabelIsAnErrorThatSaysToAddOne() {
        #expect {
            _ = try Generation.run(sdl: Self.sdl, operations: "query Q {\n  launch {\n    id\n    ... @defer { site }\n  }\n}")
        } throws: { error in
            guard let error = error as? CodegenError, let first = error.errors.first else { return false }
            return error.errors.count == 1
                && first.message.contains("An inline fragment with @defer has no label: add one (`@defer(label: \"name\")`)")
                && first.sourceLocations.first?.line == 4 && first.sourceLocations.first?.column == 5
        }
    }

    @Test func aLabelNamesTheDeferredPropertyAndItsModel() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { launch { id ... @defer(label: \"rocket_details\") { rocket { name } } } }")
        #expect(swift.contains(".deferred(RocketDetails.self, label: \"rocket_details\"),"))
        #expect(swift.contains("public var rocketDetails: OrionAPI.Deferred<RocketDetails> { __data[1] }"))
        #expect(swift.contains(", hasDeferredFragments: true)"))
    }

    @Test func aLabelNamedLikeAMemberOfEveryModelGetsASuffix() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { launch { id ... @defer(label: \"fragments\") { site } } }")
        #expect(swift.contains("public var fragments_: OrionAPI.Deferred<Fragments_> { __data[1] }"))
    }

    @Test func aNamedFragmentWithoutALabelIsNamedAfterTheFragment() throws {
        let swift = try Generation.run(
            sdl: Self.sdl, operations: "query Q { launch { id ...Site @defer } } fragment Site on Launch { site }")
        #expect(swift.contains(".deferred(Site.self, label: nil),"))
        #expect(swift.contains("public var site: OrionAPI.Deferred<Site> { __data[1] }"))
    }

    @Test func aFragmentSpreadBothDeferredAndNotHasTwoNames() throws {
        let swift = try Generation.run(
            sdl: Self.sdl, operations: "query Q { launch { id ...Site @defer ...Site } } fragment Site on Launch { site }")
        #expect(swift.contains("public var site: Site { __data[1] }"))
        #expect(swift.contains("public var site_: OrionAPI.Deferred<Site> { __data[2] }"))
    }

    @Test func deferIfFalseIsAnOrdinaryFragment() throws {
        let swift = try Generation.run(sdl: Self.sdl, operations: "query Q { launch { id ... @defer(label: \"later\", if: false) { site } } }")
        #expect(!swift.contains("Deferred"))
        #expect(!swift.contains("hasDeferredFragments"))
        #expect(swift.contains("public var site: Swift.String? { __data[1] }"))
    }
}
