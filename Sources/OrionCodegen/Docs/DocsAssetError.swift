/// An asset of the docs pages that cannot be read.
public struct DocsAssetError: Error, Sendable, CustomStringConvertible {
    /// The asset's file name.
    public var name: String
    /// What is wrong, and what to do.
    public var reason: String

    /// The problem as a sentence for the user.
    public var description: String { "The docs asset \(name) cannot be loaded: \(reason)." }
}
