// Comparisons of JSON values for the fuzz targets, where `==` is too strict or too loose: NaN is
// not equal to itself, and JSON text does not keep whether a whole number was written `1` or `1.0`.
import OrionAPI

extension JSONValue {
    /// The same value, doubles compared by bit pattern (so that NaN equals NaN).
    func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.double(let left), .double(let right)): return left.bitPattern == right.bitPattern || left == right
        case (.list(let left), .list(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map(value.isIdentical) ?? false }
        default: return self == other
        }
    }

    /// The same value once written as JSON text and read back: numbers compared as numbers
    /// (`1.0` reads back as `1`), and a number that is not finite written as `null`.
    func isEquivalentAsJSONText(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.double(let double), _) where !double.isFinite: return other == .null
        case (.int(let left), .double(let right)), (.double(let right), .int(let left)): return Double(left) == right
        case (.double(let left), .double(let right)): return left == right
        case (.list(let left), .list(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isEquivalentAsJSONText(to: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map(value.isEquivalentAsJSONText) ?? false }
        default: return self == other
        }
    }
}
