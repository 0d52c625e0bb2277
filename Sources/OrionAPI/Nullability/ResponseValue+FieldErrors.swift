extension ResponseValue {
    /// The response's `data` with its GraphQL errors located: each error is found again at the
    /// `null` its path leads to (the field's own null, or the null of the nearest nullable field
    /// above it when a non-null field failed), for the fields that catch errors to look up.
    ///
    /// Run once per response that has errors, before decoding; a response without errors is
    /// decoded as it is. Errors whose path leads to no null (a path into a value the server
    /// sent, or one outside `data`) concern no field, and stay in the result's `errors` only.
    package func locatingFieldErrors(_ errors: [GraphQLError]) -> ResponseValue {
        var located: [Int: GraphQLError] = [:]
        for error in errors where !error.path.isEmpty {
            if let null = nullEntry(along: error.path), located[null] == nil { located[null] = error }
        }
        guard !located.isEmpty else { return self }
        return ResponseValue(tape: JSONTape(bytes: tape.bytes, entries: tape.entries, fieldErrors: located), index: index)
    }

    /// The entry of the first null on `path` from this value, or nil when the path leads
    /// elsewhere.
    private func nullEntry(along path: [ResponsePath.Component]) -> Int? {
        tape.withReader { reader in
            var current = index
            for component in path {
                let entry = reader.entries[current]
                if entry.kind == .null { return current }
                switch component {
                case .key(let key):
                    guard entry.kind == .object, let child = TapeObject(reader: reader, index: current).value(forKey: key) else { return nil }
                    current = child.index
                case .index(let position):
                    guard entry.kind == .array, position >= 0 else { return nil }
                    let elements = TapeList(reader: reader, index: current)
                    guard let element = elements.index(elements.startIndex, offsetBy: position, limitedBy: elements.endIndex),
                          element < elements.endIndex else { return nil }
                    current = element
                }
            }
            return reader.entries[current].kind == .null ? current : nil
        }
    }
}
