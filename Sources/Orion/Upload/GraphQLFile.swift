import Foundation

/// A file to upload for an `Upload` variable, read from disk as the request is sent.
public struct GraphQLFile: Sendable, Hashable {
    /// The variable path it fills: `file`, or `files.0` for an element of a list variable.
    public var variablePath: String
    public var fileURL: URL
    /// The name the server sees.
    public var filename: String
    public var mimeType: String

    public init(variablePath: String, fileURL: URL, filename: String? = nil, mimeType: String = "application/octet-stream") {
        self.variablePath = variablePath
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.mimeType = mimeType
    }
}
