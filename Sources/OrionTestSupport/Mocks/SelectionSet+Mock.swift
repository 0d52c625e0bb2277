import OrionAPI

extension SelectionSet {
    /// Builds the model from a mock, as if a server had answered with the mock's data: the
    /// mock becomes the JSON object the model's selections would receive (``MockObject/responseObject(for:)``),
    /// which is decoded as a response is.
    ///
    /// ```swift
    /// let data = try LaunchDetailsQuery.Data(QueryMock(launch: LaunchMock(id: "92", site: "KSC")))
    /// ```
    ///
    /// - Parameters:
    ///   - mock: the object the model selects from: a mock of the operation's root type for an
    ///     operation's `Data`, of a type the fragment or type case applies to otherwise.
    ///   - variables: as in `init(jsonObject:variables:)`: with the operation's variables, an
    ///     @include/@skip condition decides whether a field is included, and an included field
    ///     must be set; `nil` (the default): a conditional field is included when it is set.
    /// - Throws: `ResponseDecodingError` naming the path of the first problem: a non-null field
    ///   that was not set, or a value of another type set through ``MockObject/subscript(field:)``.
    public init(_ mock: MockObject, variables: [String: JSONValue]? = nil) throws {
        let object = try mock.responseObject(for: Self.__selections)
        try self.init(jsonData: JSONEncoding.data(.object(object)), variables: variables)
    }
}
