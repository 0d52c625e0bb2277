import Dispatch
import Foundation
import OrionAPI

/// The one entry point of an app: runs generated operations against a GraphQL server.
///
/// Each call exists as async/await and as the callback API of Apollo iOS (a `Result` delivered
/// on a queue, the main queue by default, and a `Cancellable`); the callback form runs the async
/// one, so both behave the same.
public final class OrionClient: Sendable {
    public let networkTransport: any NetworkTransport

    /// A client for the server at `url`, with the default interceptors.
    public convenience init(url: URL) {
        self.init(networkTransport: RequestChainNetworkTransport(url: url))
    }

    public init(networkTransport: any NetworkTransport) {
        self.networkTransport = networkTransport
    }

    // MARK: async/await

    /// Runs a query.
    ///
    /// - Throws: `NetworkError`, `ResponseCodeError`, `ResponseParsingError` (with the response
    ///   path for data of the wrong shape), `CancellationError`; GraphQL errors of the response
    ///   are in the result.
    public func fetch<Query: GraphQLQuery>(query: Query) async throws -> GraphQLResult<Query.Data> {
        try await networkTransport.send(query, files: [])
    }

    /// Runs a mutation.
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation) async throws -> GraphQLResult<Mutation.Data> {
        try await networkTransport.send(mutation, files: [])
    }

    /// Runs an operation with files, as a GraphQL multipart request; the files are streamed from
    /// disk.
    public func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        try await networkTransport.send(operation, files: files)
    }

    // MARK: callbacks

    /// Runs a query and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Query.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.fetch(query: query) }
    }

    /// Runs a mutation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation, queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Mutation.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.perform(mutation: mutation) }
    }

    /// Uploads files with an operation and calls `resultHandler` once on `queue`, unless cancelled.
    @discardableResult
    public func upload<Operation: GraphQLOperation>(
        operation: Operation, files: [GraphQLFile], queue: DispatchQueue = .main,
        resultHandler: @escaping @Sendable (Result<GraphQLResult<Operation.Data>, any Error>) -> Void
    ) -> any Cancellable {
        callback(queue: queue, resultHandler) { try await self.upload(operation: operation, files: files) }
    }

    private func callback<Value: Sendable>(
        queue: DispatchQueue, _ handler: @escaping @Sendable (Result<Value, any Error>) -> Void,
        _ body: @escaping @Sendable () async throws -> Value
    ) -> any Cancellable {
        let task = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            queue.async { handler(result) }
        }
        return TaskCancellable(task: task)
    }
}
