import OrionAPI

/// The payloads of one incrementally delivered response (a query with `@defer`), merged into one
/// JSON response as they arrive, from which each step's result is decoded.
///
/// Both formats servers speak are read, told apart by each increment's shape:
/// - the 2022-08-24 format (`Accept: multipart/mixed;deferSpec=20220824`, Apollo Router and
///   Apollo iOS): each entry of `incremental` has the `path` of the object its `data` completes
///   (and the `label` of its fragment);
/// - the later format of the incremental delivery RFC (graphql-js 17, graphql-core 3.3,
///   `incrementalSpec=v0.2`): payloads announce `pending` fragments with an `id` and a `path`,
///   each entry of `incremental` names its `id` (and a `subPath` below the pending path), and
///   `completed` ends fragments, with their errors when they failed.
///
/// Data is merged into the JSON, object into object, never into typed models; errors are
/// appended with the paths the server gave them. An increment whose path the data does not hold
/// (an object the server nulled for an error) adds its errors and nothing else, as the RFC asks.
package struct IncrementalResponse: Sendable {
    private var data: JSONValue?
    private var errors: [JSONValue] = []
    private var extensions: [String: JSONValue] = [:]
    /// The paths of the fragments still pending, by id (the later format).
    private var pendingPaths: [String: [JSONValue]] = [:]
    private var hasStarted = false
    /// Whether the server said that more payloads follow.
    package private(set) var hasNext = false

    package init() {}

    /// Adds a payload: the first one (`data`, `errors`), or a later one (`incremental`,
    /// `completed`).
    ///
    /// - Throws: ``ResponseParsingError/notAGraphQLResponse(reason:)`` for a payload of neither
    ///   shape, or an increment that names a fragment the server never announced.
    package mutating func apply(_ payload: ResponseObject) throws(ResponseParsingError) {
        let fields = payload.jsonFields
        if !hasStarted {
            guard fields["data"] != nil || fields["errors"] != nil else {
                throw .notAGraphQLResponse(reason: "its first payload has neither \"data\" nor \"errors\".")
            }
            hasStarted = true
            data = fields["data"]
        } else if fields["incremental"] == nil && fields["completed"] == nil && fields["hasNext"] == nil && fields["errors"] == nil {
            throw .notAGraphQLResponse(reason: "a payload after the first has no \"incremental\", \"completed\" or \"hasNext\".")
        }
        if case .list(let list)? = fields["errors"] { errors += list }
        if case .object(let more)? = fields["extensions"] { extensions.merge(more) { _, new in new } }
        if case .list(let announced)? = fields["pending"] {
            for entry in announced {
                guard case .object(let pending) = entry, let id = Self.id(pending["id"]), case .list(let path)? = pending["path"] else {
                    throw .notAGraphQLResponse(reason: "a \"pending\" entry has no \"id\" and \"path\".")
                }
                pendingPaths[id] = path
            }
        }
        if case .list(let increments)? = fields["incremental"] {
            for increment in increments {
                guard case .object(let entry) = increment else { throw .notAGraphQLResponse(reason: "an \"incremental\" entry is not an object.") }
                try apply(entry)
            }
        }
        if case .list(let completed)? = fields["completed"] {
            for entry in completed {
                guard case .object(let done) = entry, let id = Self.id(done["id"]) else {
                    throw .notAGraphQLResponse(reason: "a \"completed\" entry has no \"id\".")
                }
                pendingPaths[id] = nil
                if case .list(let list)? = done["errors"] { errors += list }
            }
        }
        hasNext = fields["hasNext"] == .bool(true)
    }

    /// One entry of `incremental`: data for an object, in either format.
    private mutating func apply(_ entry: [String: JSONValue]) throws(ResponseParsingError) {
        if let id = Self.id(entry["id"]) {
            guard let pendingPath = pendingPaths[id] else {
                throw .notAGraphQLResponse(reason: "an increment names the fragment \"\(id)\", which no \"pending\" entry announced.")
            }
            var subPath: [JSONValue] = []
            if case .list(let given)? = entry["subPath"] { subPath = given }
            return merge(entry, at: pendingPath + subPath)
        }
        guard case .list(let path)? = entry["path"] else {
            throw .notAGraphQLResponse(reason: "an \"incremental\" entry has neither an \"id\" nor a \"path\".")
        }
        merge(entry, at: path)
    }

    /// Merges an entry's `data` into the object at `path`, and adds its errors and extensions.
    /// (`items`, which `@stream` sends, never comes: Orion's operations do not stream.)
    private mutating func merge(_ entry: [String: JSONValue], at path: [JSONValue]) {
        if case .list(let list)? = entry["errors"] { errors += list }
        if case .object(let more)? = entry["extensions"] { extensions.merge(more) { _, new in new } }
        guard let current = data, case .object(let fields)? = entry["data"] else { return }
        data = Self.updating(current, at: path[...]) { target in
            guard case .object(var object) = target else { return nil }
            Self.merge(fields, into: &object)
            return .object(object)
        } ?? current
    }

    /// `value` with the value at `path` replaced by `update`'s, or nil when the path leads
    /// nowhere (or `update` declines).
    private static func updating(_ value: JSONValue, at path: ArraySlice<JSONValue>, _ update: (JSONValue) -> JSONValue?) -> JSONValue? {
        guard let step = path.first else { return update(value) }
        switch (value, step) {
        case (.object(var object), .string(let key)):
            guard let child = object[key], let updated = updating(child, at: path.dropFirst(), update) else { return nil }
            object[key] = updated
            return .object(object)
        case (.list(var list), .int(let index)) where list.indices.contains(index):
            guard let updated = updating(list[index], at: path.dropFirst(), update) else { return nil }
            list[index] = updated
            return .list(list)
        default:
            return nil
        }
    }

    /// Adds `fields` to `object`, merging objects key by key (a deferred fragment may select more
    /// of an object the first payload has part of) and lists of objects item by item.
    private static func merge(_ fields: [String: JSONValue], into object: inout [String: JSONValue]) {
        for (key, value) in fields {
            object[key] = object[key].map { merged($0, value) } ?? value
        }
    }

    private static func merged(_ existing: JSONValue, _ new: JSONValue) -> JSONValue {
        switch (existing, new) {
        case (.object(var object), .object(let fields)):
            merge(fields, into: &object)
            return .object(object)
        case (.list(let left), .list(let right)) where left.count == right.count:
            return .list(zip(left, right).map { merged($0, $1) })
        default:
            return new
        }
    }

    private static func id(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let id)?: return id
        case .int(let id)?: return String(id)
        default: return nil
        }
    }

    /// The result of the payloads so far: the merged data decoded as the operation's, with every
    /// error so far; ``GraphQLResult/hasNext`` says whether more payloads follow.
    package func result<Operation: GraphQLOperation>(for operation: Operation) throws(ResponseParsingError) -> GraphQLResult<Operation.Data> {
        var response: [String: JSONValue] = [:]
        if let data { response["data"] = data }
        if !errors.isEmpty { response["errors"] = .list(errors) }
        if !extensions.isEmpty { response["extensions"] = .object(extensions) }
        guard let root = try? JSONTape(.object(response)).root.decodeObject() else {
            throw .notAGraphQLResponse(reason: "its merged payloads are not an object.")
        }
        var result = try GraphQLResponse.parse(root, for: operation)
        result.hasNext = hasNext
        return result
    }
}
