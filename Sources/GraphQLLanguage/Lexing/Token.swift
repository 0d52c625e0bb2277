/// The kinds of lexical token.
enum TokenKind: UInt8, Sendable {
    case startOfFile, endOfFile
    case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
    case bracketLeft, bracketRight, braceLeft, pipe, braceRight
    case name, int, float, string, blockString

    /// How error messages name the kind: punctuators quoted, the rest by name.
    var description: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .ampersand: "'&'"
        case .parenLeft: "'('"
        case .parenRight: "')'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketLeft: "'['"
        case .bracketRight: "']'"
        case .braceLeft: "'{'"
        case .pipe: "'|'"
        case .braceRight: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// A token: its kind and the UTF-8 byte range it covers.
///
/// It holds no reference, so the parser copies it for free. A string's value is decoded from its
/// bytes when the parser takes it (`Lexer.stringValue(of:)`; escapes make it differ from its
/// bytes); a block string's when the AST is asked for it; every other token's value is its bytes.
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int

    static let startOfFile = Token(kind: .startOfFile, start: 0, end: 0)
}
