import Foundation
import GitHubAPI
import Orion
import OrionAPI
import OrionSQLite
import StarWarsAPI
import Testing

/// A result written to the cache and read back is the result the server sent, in memory and in
/// SQLite, for queries whose fields the cache must put back together: a field selected again
/// by a fragment or type case with other sub-selections, conditions, aliases of one field, type
/// cases that choose fields by `__typename`, arguments inside type cases.
@Suite struct CacheRoundTripTests {
    enum Kind: String, CaseIterable, Sendable {
        case memory, sqlite
    }

    private func roundTrip<Query: GraphQLQuery>(_ query: Query, _ response: String, in kind: Kind, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-roundtrip-\(UUID().uuidString).sqlite")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        let store = try OrionStore(cache: kind == .memory ? InMemoryNormalizedCache() : SQLiteNormalizedCache(fileURL: file))
        let object = try ResponseObject(jsonData: Data(response.utf8))
        let sent = try Query.Data(responseObject: object)
        try store.write(data: object, for: query)
        let read = try store.read(query: query)
        #expect(read == sent, sourceLocation: sourceLocation)
        #expect(try canonicalJSON(read.jsonObject) == canonicalJSON(sent.jsonObject), sourceLocation: sourceLocation)
    }

    private func canonicalJSON(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: Kind.allCases)
    func aFieldSelectedTwiceWithOtherSubselections(kind: Kind) throws {
        try roundTrip(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery(includeFriendsDetails: true), """
            {"hero": {"__typename": "Human", "friends": [
              {"__typename": "Human", "name": "Han Solo"},
              {"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"}]}}
            """, in: kind)
        try roundTrip(HeroFriendsDetailsUnconditionalAndConditionalInclusionQuery(includeFriendsDetails: false), """
            {"hero": {"__typename": "Human", "friends": [{"__typename": "Droid", "name": "C-3PO"}]}}
            """, in: kind)
    }

    @Test(arguments: Kind.allCases)
    func aFieldSelectedAgainByATypeCase(kind: Kind) throws {
        try roundTrip(HeroAndFriendsNamesWithFragmentTwiceQuery(), """
            {"hero": {"__typename": "Droid", "friends": [
              {"__typename": "Human", "name": "Luke Skywalker"}, null, {"__typename": "Droid", "name": "C-3PO"}]}}
            """, in: kind)
    }

    @Test(arguments: Kind.allCases)
    func argumentsInsideTypeCases(kind: Kind) throws {
        try roundTrip(HeroParentTypeDependentFieldQuery(), """
            {"hero": {"__typename": "Human", "name": "Luke Skywalker", "friends": [
              {"__typename": "Human", "name": "Han Solo", "height": 5.9},
              {"__typename": "Droid", "name": "R2-D2"}]}}
            """, in: kind)
    }

    @Test(arguments: Kind.allCases)
    func oneAliasFilledByTheTypeCaseThatApplies(kind: Kind) throws {
        try roundTrip(HeroTypeDependentAliasedFieldQuery(), """
            {"hero": {"__typename": "Droid", "property": "Astromech"}}
            """, in: kind)
        try roundTrip(HeroTypeDependentAliasedFieldQuery(), """
            {"hero": {"__typename": "Human", "property": "Tatooine"}}
            """, in: kind)
    }

    @Test(arguments: Kind.allCases)
    func twoAliasesOfOneField(kind: Kind) throws {
        try roundTrip(SameHeroTwiceQuery(), """
            {"hero": {"__typename": "Droid", "name": "R2-D2"}, "r2": {"__typename": "Droid", "appearsIn": ["NEWHOPE", "EMPIRE"]}}
            """, in: kind)
    }

    @Test(arguments: Kind.allCases)
    func theSharedGitHubResponse(kind: Kind) throws {
        // ../shared beside the checkout; this file is Tests/GeneratedCode/Tests/OrionClientTests/.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { url.deleteLastPathComponent() }
        url.appendPathComponent("shared/data/responses/github-issues-and-comments.json")
        let response = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let data = try JSONSerialization.data(withJSONObject: try #require(response["data"]))
        try roundTrip(IssuesAndCommentsForRepositoryQuery(), String(decoding: data, as: UTF8.self), in: kind)
    }
}
