import Foundation

/// A file part of a multipart request, waiting for the `Upload` argument that names it.
struct UploadedFile: Sendable {
    let filename: String?
    let contentType: String
    let data: Data
}
