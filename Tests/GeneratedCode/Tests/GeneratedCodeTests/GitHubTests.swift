import Foundation
import GitHubAPI
import OrionAPI
import Testing

/// The real GitHub response Apollo iOS's performance tests use, read through generated models.
@Suite struct GitHubTests {
    @Test func realResponseDecodesAndRoundTrips() throws {
        let bytes = try Data(contentsOf: sharedData.appendingPathComponent("responses/github-issues-and-comments.json"))
        let response = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let json = try #require(response["data"] as? [String: Any])
        let data = try IssuesAndCommentsForRepositoryQuery.Data(jsonObject: json)
        let repository = try #require(data.repository)
        #expect(repository.name == "apollo-ios")
        let issues = try #require(repository.issues.nodes)
        #expect(issues.count == 100)
        let comments = issues.compactMap { $0?.comments.nodes?.count }.reduce(0, +)
        #expect(comments == 508)
        let first = try #require(issues.first.flatMap { $0 })
        #expect(first.title == "Xcode 12 Beta Archive issue ")
        #expect(first.author?.login == "nkmrh")
        #expect(first.author?.fragments.authorDetails.asUser?.name == "Hajime Nakamura")
        #expect(first.author?.fragments.authorDetails.asUser?.id == "MDQ6VXNlcjU2NDQ0MjA=")
        #expect(try canonical(data.jsonObject) == canonical(json))
    }

    @Test func customScalarsMapToSwiftTypes() throws {
        // RepoURL selects `url: URI!`, mapped to Foundation's URL by the generator's --scalar.
        let json = try jsonObject(#"{"repository": {"__typename": "Repository", "url": "https://github.com/apollographql/apollo-ios"}}"#)
        let data = try RepoURLQuery.Data(jsonObject: json)
        #expect(data.repository?.url == URL(string: "https://github.com/apollographql/apollo-ios"))
        #expect(try canonical(data.jsonObject) == canonical(json))

        let bad = try jsonObject(#"{"repository": {"__typename": "Repository", "url": 12}}"#)
        let error = try #require(throws: ResponseDecodingError.self) { try RepoURLQuery.Data(jsonObject: bad) }
        #expect(error.path.description == "repository.url")
        #expect(error.expected == "a URL")
    }

    @Test func interfacesAndNestedTypeCases() throws {
        let json = try jsonObject("""
            {"repository": {"__typename": "Repository", "issueOrPullRequest": {"__typename": "Issue", "body": "text",
              "url": "https://github.com/x/y/issues/13", "author": {"__typename": "User", "avatarUrl": "https://a", "login": "me"},
              "viewerCanReact": true}}}
            """)
        let data = try RepositoryQuery.Data(jsonObject: json)
        let issue = try #require(data.repository?.issueOrPullRequest?.asIssue)
        #expect(issue.body == "text")
        #expect(issue.url == URL(string: "https://github.com/x/y/issues/13"))
        #expect(issue.author?.avatarUrl == URL(string: "https://a"))
        #expect(data.repository?.issueOrPullRequest?.asReactable?.viewerCanReact == true)
        #expect(try canonical(data.jsonObject) == canonical(json))
    }
}
