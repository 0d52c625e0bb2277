import Foundation

extension NSNumber {
    /// Whether `JSONSerialization` made this number from `true` or `false`: on Apple platforms
    /// booleans bridge to `Int` too, so they must be told apart before reading numbers.
    var isBoolean: Bool {
        #if canImport(Darwin)
        return CFGetTypeID(self) == CFBooleanGetTypeID()
        #else
        return String(cString: objCType) == "c"
        #endif
    }

    /// The number as an `Int` when it is one exactly (not a boolean, no fraction, in range).
    var exactInt: Int? {
        guard !isBoolean else { return nil }
        let type = String(cString: objCType)
        if type == "d" || type == "f" {
            let double = doubleValue
            guard double.rounded() == double, let int = Int(exactly: double) else { return nil }
            return int
        }
        return Int(exactly: int64Value)
    }
}
