import Foundation

/// The `uploadProfileImage` mutation: checks the uploaded file, stores it and points the
/// user's `profileImage` at the URL that serves it.
enum ProfileImageUpload {
    /// Content types accepted, with the extension the stored name gets.
    static let imageTypes = ["image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp"]

    static func upload(placeholder: String?, context: ResolverContext) async throws -> User {
        let user = try TripBooking.loggedInUser(context, "upload a profile image")
        guard let placeholder, let file = context.uploads[placeholder] else {
            throw badInput("No file was sent for `file`: send it as a part of a GraphQL multipart request.")
        }
        let limit = context.services.limits.maxImageBytes
        guard file.data.count <= limit else {
            throw badInput("The image is too large: \(file.data.count) bytes, the limit is \(limit) bytes (\(limit >> 20) MB).")
        }
        guard !file.data.isEmpty else { throw badInput("The image is empty.") }
        let contentType = file.contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard let fileExtension = imageTypes[contentType] else {
            throw badInput("The file must be a PNG, JPEG, GIF or WebP image, not \(file.contentType).")
        }
        let name = UUID().uuidString.lowercased() + "." + fileExtension
        try await context.services.database.storeImage(name: name, contentType: contentType, data: file.data)
        try await context.services.database.setProfileImage(userID: user.id, imageName: name)
        return try await context.services.database.user(id: user.id) ?? user
    }

    /// Whether a name is one this server gives images (so `/images/NAME` can reject others early).
    static func isImageName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    private static func badInput(_ message: String) -> FieldError {
        FieldError(message: message, code: ErrorCode.badUserInput)
    }
}
