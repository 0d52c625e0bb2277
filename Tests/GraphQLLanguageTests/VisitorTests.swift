import GraphQLLanguage
import Testing

/// Records the kinds of the nodes it enters and leaves.
private struct Recorder: ASTVisitor {
    var events: [String] = []
    var skip: String?
    var stopAt: String?

    mutating func enter(_ node: ASTNode) -> VisitAction {
        let name = Self.name(node)
        events.append("enter \(name)")
        if name == stopAt { return .stop }
        return name == skip ? .skipChildren : .continue
    }

    mutating func leave(_ node: ASTNode) {
        events.append("leave \(Self.name(node))")
    }

    static func name(_ node: ASTNode) -> String {
        switch node {
        case .document: "document"
        case .operation: "operation"
        case .selectionSet: "selectionSet"
        case .field(let field): "field \(field.name.value)"
        case .argument(let argument): "argument \(argument.name.value)"
        case .value(let value): "value \(Printer.print(value))"
        case .fragmentSpread(let spread): "spread \(spread.name.value)"
        default: "other"
        }
    }
}

@Suite struct VisitorTests {
    @Test func visitsDepthFirstEnteringAndLeaving() throws {
        var recorder = Recorder()
        try parse("{ a(x: 1) { b } ...F }").walk(&recorder)
        #expect(recorder.events == [
            "enter document", "enter operation", "enter selectionSet",
            "enter field a", "enter argument x", "enter value 1", "leave value 1", "leave argument x",
            "enter selectionSet", "enter field b", "leave field b", "leave selectionSet", "leave field a",
            "enter spread F", "leave spread F",
            "leave selectionSet", "leave operation", "leave document",
        ])
    }

    @Test func skipsChildrenButStillLeaves() throws {
        var recorder = Recorder(skip: "field a")
        try parse("{ a { b } c }").walk(&recorder)
        #expect(recorder.events.contains("leave field a"))
        #expect(!recorder.events.contains("enter field b"))
        #expect(recorder.events.contains("enter field c"))
    }

    @Test func stopsAtOnce() throws {
        var recorder = Recorder(stopAt: "field b")
        try parse("{ a { b } c }").walk(&recorder)
        #expect(recorder.events.last == "enter field b")
        #expect(!recorder.events.contains("enter field c"))
    }
}
