import Foundation

/// An error of Orion's: its `description` says what is wrong and what to do, and Foundation's
/// `localizedDescription` shows the same text (an app's `Text(error.localizedDescription)`), not
/// "The operation couldn't be completed".
public protocol OrionError: LocalizedError, CustomStringConvertible {}

extension OrionError {
    public var errorDescription: String? { description }
}
