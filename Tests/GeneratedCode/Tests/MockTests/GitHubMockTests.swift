import Foundation
import GitHubAPI
import GitHubAPIMocks
import OrionAPI
import OrionTestSupport
import Testing

/// The GitHub operations (interfaces implemented through other interfaces, a union, fragments
/// on interfaces, the URI custom scalar as `URL`) built from mocks, compared with decoding the
/// same data as JSON.
@Suite struct GitHubMockTests {
    @Test func issuesAndCommentsWithAFragmentOnAnInterface() throws {
        let user = UserMock(id: "U1", login: "octocat", name: "The Octocat")
        let comment = IssueCommentMock(author: BotMock(login: "dependabot"), body: "Bump")
        let issue = IssueMock(author: user, body: "It breaks", comments: IssueCommentConnectionMock(nodes: [comment, nil]), title: "Crash")
        let repository = RepositoryMock(issues: IssueConnectionMock(nodes: [issue]), name: "apollo-ios")
        let data = try expectMock(QueryMock(repository: repository), as: IssuesAndCommentsForRepositoryQuery.Data.self, equals: """
            {"repository": {"__typename": "Repository", "name": "apollo-ios", "issues": {"__typename": "IssueConnection", "nodes": [
              {"__typename": "Issue", "title": "Crash", "body": "It breaks",
               "author": {"__typename": "User", "login": "octocat", "id": "U1", "name": "The Octocat"},
               "comments": {"__typename": "IssueCommentConnection", "nodes": [
                 {"__typename": "IssueComment", "body": "Bump", "author": {"__typename": "Bot", "login": "dependabot"}}, null]}}]}}}
            """)
        let author = data.repository?.issues.nodes?.first??.author
        #expect(author?.fragments.authorDetails.asUser?.name == "The Octocat")
        let botAuthor = data.repository?.issues.nodes?.first??.comments.nodes?.first??.author
        #expect(botAuthor?.fragments.authorDetails.asUser == nil)
    }

    @Test func unionMembersAndInterfacesOfInterfacesWithURLs() throws {
        let author = UserMock(avatarUrl: URL(string: "https://example.com/a.png"), login: "octocat")
        let issue = IssueMock(author: author, body: "Body", url: URL(string: "https://github.com/apollographql/apollo-ios/issues/13"), viewerCanReact: true)
        let data = try expectMock(QueryMock(repository: RepositoryMock(issueOrPullRequest: issue)), as: RepositoryQuery.Data.self, equals: """
            {"repository": {"__typename": "Repository", "issueOrPullRequest": {"__typename": "Issue", "body": "Body",
              "url": "https://github.com/apollographql/apollo-ios/issues/13", "viewerCanReact": true,
              "author": {"__typename": "User", "avatarUrl": "https://example.com/a.png", "login": "octocat"}}}}
            """)
        let issueCase = data.repository?.issueOrPullRequest?.asIssue
        #expect(issueCase?.url.absoluteString == "https://github.com/apollographql/apollo-ios/issues/13")
        #expect(issueCase?.author?.avatarUrl == URL(string: "https://example.com/a.png"))

        let pullRequest = PullRequestMock(author: BotMock(login: "bot"), url: URL(string: "https://github.com/x/y/pull/1"), viewerCanReact: false)
        let pull = try expectMock(QueryMock(repository: RepositoryMock(issueOrPullRequest: pullRequest)), as: RepositoryQuery.Data.self, equals: """
            {"repository": {"__typename": "Repository", "issueOrPullRequest": {"__typename": "PullRequest", "viewerCanReact": false,
              "author": {"__typename": "Bot", "login": "bot"}}}}
            """)
        // The Issue type case is absent for a pull request.
        #expect(pull.repository?.issueOrPullRequest?.asIssue == nil)
        #expect(pull.repository?.issueOrPullRequest?.asReactable?.viewerCanReact == false)
    }

    @Test func customScalar() throws {
        try expectMock(QueryMock(repository: RepositoryMock(url: URL(string: "https://github.com/apollographql/apollo-ios"))), as: RepoURLQuery.Data.self, equals: """
            {"repository": {"__typename": "Repository", "url": "https://github.com/apollographql/apollo-ios"}}
            """)
        expectMockFails(QueryMock(repository: RepositoryMock()), as: RepoURLQuery.Data.self, at: "repository.url")
    }
}
