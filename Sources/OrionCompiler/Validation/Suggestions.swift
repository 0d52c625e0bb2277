/// "Did you mean …?" for unknown names, as graphql-js words and ranks them.
///
/// A. Candidates within an edit distance of `floor(0.4 × length) + 1` of the input are kept;
///    a change of letter case alone counts as one edit.
/// B. The distance is Damerau-Levenshtein (optimal string alignment: adjacent transpositions
///    count as one edit) on the lowercased strings, computed row by row with three rows, and
///    abandoned as soon as a whole row exceeds the threshold.
/// C. Suggestions are ordered by distance, then by natural order (digit runs compared as
///    numbers); at most five are shown.
///
/// `package`: the configuration reader of OrionCodegen suggests keys with it too.
package enum Suggestions {
    /// The candidates close enough to `input`, best first.
    package static func list(_ input: String, _ candidates: [String]) -> [String] {
        let threshold = input.count * 4 / 10 + 1
        let inputLowercased = Array(input.lowercased().unicodeScalars)
        var distances: [String: Int] = [:]
        for candidate in candidates where distances[candidate] == nil {
            if let distance = distance(input, inputLowercased, candidate, threshold: threshold) { distances[candidate] = distance }
        }
        return distances.keys.sorted { first, second in
            let (a, b) = (distances[first] ?? 0, distances[second] ?? 0)
            return a != b ? a < b : naturalOrder(first, second)
        }
    }

    /// ` Did you mean 'a', 'b', or 'c'?`, or "" for no suggestions; `quote` is what surrounds
    /// each (`"` for JSON keys).
    package static func didYouMean(_ suggestions: [String], subject: String? = nil, quote: String = "'") -> String {
        let quoted = suggestions.prefix(5).map { quote + $0 + quote }
        var message = " Did you mean " + (subject.map { $0 + " " } ?? "")
        switch quoted.count {
        case 0: return ""
        case 1: message += quoted[0]
        case 2: message += quoted[0] + " or " + quoted[1]
        default: message += quoted.dropLast().joined(separator: ", ") + ", or " + (quoted.last ?? "")
        }
        return message + "?"
    }

    /// B
    private static func distance(_ input: String, _ inputLowercased: [Unicode.Scalar], _ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowercased = Array(option.lowercased().unicodeScalars)
        if optionLowercased == inputLowercased { return 1 }  // A
        var a = optionLowercased
        var b = inputLowercased
        if a.count < b.count { swap(&a, &b) }
        guard a.count - b.count <= threshold else { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for j in 0...b.count { rows[0][j] = j }
        if a.isEmpty { return b.count <= threshold ? b.count : nil }
        for i in 1...a.count {
            let up = (i - 1) % 3
            let current = i % 3
            rows[current][0] = i
            var smallest = i
            if !b.isEmpty {
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    smallest = min(smallest, cell)
                    rows[current][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }

    /// C: `a2` before `a10`; otherwise by UTF-16 code units, as JavaScript compares. A number
    /// ends at its first digit after a leading zero, and a shorter string wins a tie.
    static func naturalOrder(_ first: String, _ second: String) -> Bool {
        let a = Array(first.utf16)
        let b = Array(second.utf16)
        var i = 0
        var j = 0
        func isDigit(_ units: [UInt16], _ index: Int) -> Bool { index < units.count && units[index] >= 48 && units[index] <= 57 }
        while i < a.count && j < b.count {
            if isDigit(a, i) && isDigit(b, j) {
                var numberA = 0
                repeat { numberA = numberA &* 10 &+ Int(a[i] - 48); i += 1 } while isDigit(a, i) && numberA > 0
                var numberB = 0
                repeat { numberB = numberB &* 10 &+ Int(b[j] - 48); j += 1 } while isDigit(b, j) && numberB > 0
                if numberA != numberB { return numberA < numberB }
            } else {
                if a[i] != b[j] { return a[i] < b[j] }
                i += 1
                j += 1
            }
        }
        return a.count < b.count
    }
}
