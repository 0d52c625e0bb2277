import Foundation
@testable import Orion
import OrionAPI
import OrionCache
import Testing

/// A query written by hand the way code generation writes it:
///
/// ```graphql
/// query Launch { launch { id ... @defer(label: "details") { site rocket { name } } } }
/// ```
private struct LaunchQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Launch", schema: CacheTestSchema.self, document: OperationDocument(text: "query Launch", identifier: ""), hasDeferredFragments: true)

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("launch", Launch?.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var launch: Launch? { __data[0] }
    }

    struct Launch: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Launch")), [.field("id", String.self), .deferred(Details.self, label: "details")])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[0] }
        var details: Deferred<Details> { __data[1] }

        struct Details: InlineFragment, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Launch")), [.field("id", String.self), .field("site", String?.self), .field("rocket", Rocket.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var site: String? { __data[1] }
            var rocket: Rocket { __data[2] }
        }

        struct Rocket: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Rocket")), [.field("name", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var name: String { __data[0] }
        }
    }
}

/// Merging the payloads of a response with deferred fragments, in both formats, into one result
/// per step: pending until a fragment's fields are there, errors kept with their paths.
@Suite struct IncrementalResponseTests {
    private func payload(_ json: String) throws -> ResponseObject {
        try JSONTape(data: Data(json.utf8)).root.decodeObject()
    }

    private func steps(_ payloads: [String]) throws -> [GraphQLResult<LaunchQuery.Data>] {
        var response = IncrementalResponse()
        return try payloads.map { json in
            try response.apply(payload(json))
            return try response.result(for: LaunchQuery())
        }
    }

    @Test func theLaterFormatMergesEachIncrementAtItsPendingPathAndSubPath() throws {
        let results = try steps([
            #"{"data": {"launch": {"id": "1"}}, "pending": [{"id": "0", "path": ["launch"], "label": "details"}], "hasNext": true}"#,
            #"{"incremental": [{"id": "0", "data": {"site": "KSC"}}], "hasNext": true}"#,
            #"{"incremental": [{"id": "0", "subPath": [], "data": {"rocket": {"name": "Falcon"}}}], "completed": [{"id": "0"}], "hasNext": false}"#,
        ])
        #expect(results.map(\.hasNext) == [true, true, false])
        #expect(results[0].data?.launch?.id == "1")
        #expect(results[0].data?.launch?.details == .pending)
        #expect(results[1].data?.launch?.details == .pending, "pending until every field of the fragment is there")
        #expect(results[2].data?.launch?.details.value?.site == "KSC")
        #expect(results[2].data?.launch?.details.value?.rocket.name == "Falcon")
    }

    @Test func the2022FormatMergesEachIncrementAtItsPath() throws {
        let results = try steps([
            #"{"data": {"launch": {"id": "1"}}, "hasNext": true}"#,
            #"{"incremental": [{"data": {"site": null, "rocket": {"name": "Falcon"}}, "path": ["launch"], "label": "details"}], "hasNext": false}"#,
        ])
        #expect(results.map(\.hasNext) == [true, false])
        #expect(results[1].data?.launch?.details.value?.rocket.name == "Falcon")
        #expect(results[1].data?.launch?.details.value?.site == nil)
    }

    @Test func errorsOfIncrementsAndCompletedFragmentsAreAppendedWithTheirPaths() throws {
        let results = try steps([
            #"{"data": {"launch": {"id": "1"}}, "errors": [{"message": "first", "path": ["launch", "x"]}], "pending": [{"id": "0", "path": ["launch"]}], "hasNext": true}"#,
            #"{"incremental": [{"id": "0", "data": {"site": null, "rocket": {"name": "F"}}, "errors": [{"message": "no site", "path": ["launch", "site"]}]}], "hasNext": true}"#,
            #"{"completed": [{"id": "0", "errors": [{"message": "gone", "path": ["launch", "rocket"]}]}], "hasNext": false}"#,
        ])
        let errors = try #require(results.last?.errors)
        #expect(errors.map(\.message) == ["first", "no site", "gone"])
        #expect(errors[1].path == [.key("launch"), .key("site")])
        #expect(results[1].errors?.count == 2)
    }

    @Test func anIncrementForAnObjectTheDataLacksAddsOnlyItsErrors() throws {
        let results = try steps([
            #"{"data": {"launch": null}, "hasNext": true}"#,
            #"{"incremental": [{"data": {"site": "KSC"}, "path": ["launch"], "errors": [{"message": "late"}]}], "hasNext": false}"#,
        ])
        #expect(results[1].data?.launch == nil)
        #expect(results[1].errors?.map(\.message) == ["late"])
    }

    @Test func anIncrementForAFragmentNeverAnnouncedIsAnError() throws {
        var response = IncrementalResponse()
        try response.apply(payload(#"{"data": {"launch": {"id": "1"}}, "hasNext": true}"#))
        let increment = try payload(#"{"incremental": [{"id": "7", "data": {}}], "hasNext": false}"#)
        #expect {
            try response.apply(increment)
        } throws: { error in
            guard case ResponseParsingError.notAGraphQLResponse(let reason) = error else { return false }
            return reason == "an increment names the fragment \"7\", which no \"pending\" entry announced."
        }
    }

    @Test func theCacheReadsADeferredFragmentItLacksAsPending() throws {
        let store = OrionStore()
        var response = IncrementalResponse()
        try response.apply(payload(#"{"data": {"launch": {"id": "1"}}, "hasNext": true}"#))
        let first = try response.result(for: LaunchQuery())
        _ = try store.write(data: try #require(first.dataObject), for: LaunchQuery())
        #expect(try store.read(query: LaunchQuery()).launch?.details == .pending, "pending, not a miss")

        try response.apply(payload(#"{"incremental": [{"data": {"site": "KSC", "rocket": {"name": "F"}}, "path": ["launch"]}], "hasNext": false}"#))
        _ = try store.write(data: try #require(response.result(for: LaunchQuery()).dataObject), for: LaunchQuery())
        #expect(try store.read(query: LaunchQuery()).launch?.details.value?.site == "KSC")
    }

    @Test func multipartPartsOfADeferredResponseAreResponseObjectsReturnedAsTheirDelimiterIsRead() throws {
        var parser = MultipartSubscriptionParser(boundary: "-", content: .incrementalDelivery)
        let first = try parser.append(Array("\r\n---\r\nContent-Type: application/json\r\n\r\n{\"data\": {\"a\": 1}, \"errors\": [{\"message\": \"e\"}], \"hasNext\": true}\r\n---".utf8))
        #expect(first == [.payload(try payload(#"{"data": {"a": 1}, "errors": [{"message": "e"}], "hasNext": true}"#))],
                "the part is whole at its delimiter, and its errors are the response's, not the transport's")
        let rest = try parser.append(Array("\r\n\r\n{}\r\n---\r\n\r\n{\"hasNext\": false}\r\n-----\r\n".utf8))
        #expect(rest == [.heartbeat, .payload(try payload(#"{"hasNext": false}"#))])
        #expect(parser.isComplete)
    }
}
