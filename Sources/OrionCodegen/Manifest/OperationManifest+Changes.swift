extension OperationManifest {
    /// How the operations of one manifest differ from those of an earlier one, by name.
    public struct Changes: Sendable, Hashable {
        /// An operation in both whose id differs: as it was, and as it is.
        public struct IdentifierChange: Sendable, Hashable {
            /// The operation as the earlier manifest has it.
            public var previous: Operation
            /// The operation as it is now.
            public var current: Operation
        }

        /// Operations in both whose id differs.
        public var changed: [IdentifierChange]
        /// Operations only in the current manifest.
        public var added: [Operation]
        /// Operations only in the earlier manifest.
        public var removed: [Operation]

        /// True when the ids are the same for the same names.
        public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }
    }

    /// What changed since `previous` (a committed manifest), each list sorted by name.
    public func changes(since previous: OperationManifest) -> Changes {
        let earlier = Dictionary(previous.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(operations.map(\.name))
        var changes = Changes(changed: [], added: [], removed: [])
        for operation in operations {
            guard let old = earlier[operation.name] else { changes.added.append(operation); continue }
            if old.id != operation.id { changes.changed.append(Changes.IdentifierChange(previous: old, current: operation)) }
        }
        changes.removed = previous.operations.filter { !names.contains($0.name) }
        return changes
    }
}
