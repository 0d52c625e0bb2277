import GraphQLLanguage
import Testing

/// Records the nodes it enters and leaves, and can skip or stop at a named one.
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
        case .operation(let node): "operation \(node.name?.value ?? "-")"
        case .variableDefinition(let node): "variableDefinition \(node.variable.name.value)"
        case .selectionSet: "selectionSet"
        case .field(let field): "field \(field.name.value)"
        case .argument(let argument): "argument \(argument.name.value)"
        case .fragmentSpread(let spread): "spread \(spread.name.value)"
        case .inlineFragment(let inline): "inline \(inline.typeCondition?.name.value ?? "-")"
        case .fragment(let fragment): "fragment \(fragment.name.value)"
        case .directive(let directive): "directive \(directive.name.value)"
        case .value(let value): "value \(Printer.print(value))"
        case .objectField(let field): "objectField \(field.name.value)"
        case .type(let reference): "typeRef \(reference)"
        case .schema: "schema"
        case .schemaExtension: "schemaExtension"
        case .operationTypeDefinition(let node): "operationType \(node.operation.rawValue)"
        case .typeDefinition(let node): "\(node.kind.keyword) \(node.name.value)"
        case .typeExtension(let node): "extend \(node.kind.keyword) \(node.name.value)"
        case .fieldDefinition(let node): "fieldDefinition \(node.name.value)"
        case .inputValueDefinition(let node): "inputValue \(node.name.value)"
        case .enumValueDefinition(let node): "enumValue \(node.name.value)"
        case .directiveDefinition(let node): "directiveDefinition \(node.name.value)"
        case .directiveExtension(let node): "extend directive \(node.name.value)"
        }
    }
}

@Suite struct VisitorTests {
    @Test func visitsDepthFirstEnteringAndLeaving() throws {
        var recorder = Recorder()
        try parse("{ a(x: 1) { b } ...F }").walk(&recorder)
        #expect(recorder.events == [
            "enter document", "enter operation -", "enter selectionSet",
            "enter field a", "enter argument x", "enter value 1", "leave value 1", "leave argument x",
            "enter selectionSet", "enter field b", "leave field b", "leave selectionSet", "leave field a",
            "enter spread F", "leave spread F",
            "leave selectionSet", "leave operation -", "leave document",
        ])
    }

    @Test func visitsVariablesDirectivesFragmentsAndNestedValues() throws {
        var recorder = Recorder()
        try parse("query Q($a: [Int]! = [1] @d) @e { f(o: {k: $a}) @g ... on T { h } } fragment F on T { i }").walk(&recorder)
        #expect(recorder.events == [
            "enter document", "enter operation Q",
            "enter variableDefinition a", "enter value $a", "leave value $a",
            "enter typeRef [Int]!", "enter typeRef [Int]", "enter typeRef Int", "leave typeRef Int", "leave typeRef [Int]", "leave typeRef [Int]!",
            "enter value [1]", "enter value 1", "leave value 1", "leave value [1]",
            "enter directive d", "leave directive d", "leave variableDefinition a",
            "enter directive e", "leave directive e",
            "enter selectionSet",
            "enter field f", "enter argument o", "enter value { k: $a }", "enter objectField k", "enter value $a", "leave value $a",
            "leave objectField k", "leave value { k: $a }", "leave argument o", "enter directive g", "leave directive g", "leave field f",
            "enter inline T", "enter typeRef T", "leave typeRef T", "enter selectionSet", "enter field h", "leave field h",
            "leave selectionSet", "leave inline T",
            "leave selectionSet", "leave operation Q",
            "enter fragment F", "enter typeRef T", "leave typeRef T", "enter selectionSet", "enter field i", "leave field i",
            "leave selectionSet", "leave fragment F",
            "leave document",
        ])
    }

    @Test func visitsTypeSystemDefinitionsInSourceOrder() throws {
        var recorder = Recorder()
        let text = """
            schema @s { query: Q }
            type T implements I @d { f(a: Int = 1): [T!] @e }
            enum E { A @x }
            union U = B
            input In { i: Int }
            directive @r(a: Int) on FIELD
            extend type T @y
            extend schema @z
            extend directive @r @w
            """
        try parse(text).walk(&recorder)
        #expect(recorder.events == [
            "enter document",
            "enter schema", "enter directive s", "leave directive s", "enter operationType query", "enter typeRef Q", "leave typeRef Q",
            "leave operationType query", "leave schema",
            "enter type T", "enter typeRef I", "leave typeRef I", "enter directive d", "leave directive d",
            "enter fieldDefinition f", "enter inputValue a", "enter typeRef Int", "leave typeRef Int", "enter value 1", "leave value 1",
            "leave inputValue a", "enter typeRef [T!]", "enter typeRef T!", "enter typeRef T", "leave typeRef T", "leave typeRef T!",
            "leave typeRef [T!]", "enter directive e", "leave directive e", "leave fieldDefinition f", "leave type T",
            "enter enum E", "enter enumValue A", "enter directive x", "leave directive x", "leave enumValue A", "leave enum E",
            "enter union U", "enter typeRef B", "leave typeRef B", "leave union U",
            "enter input In", "enter inputValue i", "enter typeRef Int", "leave typeRef Int", "leave inputValue i", "leave input In",
            "enter directiveDefinition r", "enter inputValue a", "enter typeRef Int", "leave typeRef Int", "leave inputValue a",
            "leave directiveDefinition r",
            "enter extend type T", "enter directive y", "leave directive y", "leave extend type T",
            "enter schemaExtension", "enter directive z", "leave directive z", "leave schemaExtension",
            "enter extend directive r", "enter directive w", "leave directive w", "leave extend directive r",
            "leave document",
        ])
    }

    @Test func skipsChildrenButStillLeaves() throws {
        var recorder = Recorder(skip: "field a")
        try parse("{ a { b } c }").walk(&recorder)
        #expect(recorder.events == [
            "enter document", "enter operation -", "enter selectionSet", "enter field a", "leave field a",
            "enter field c", "leave field c", "leave selectionSet", "leave operation -", "leave document",
        ])
    }

    @Test func skippingTheDocumentVisitsNothingElse() throws {
        var recorder = Recorder(skip: "document")
        try parse("{ a } type T").walk(&recorder)
        #expect(recorder.events == ["enter document", "leave document"])
    }

    @Test func stopsAtOnce() throws {
        var recorder = Recorder(stopAt: "field b")
        try parse("{ a { b } c }").walk(&recorder)
        #expect(recorder.events == [
            "enter document", "enter operation -", "enter selectionSet", "enter field a", "enter selectionSet", "enter field b",
        ])
    }

    @Test func stoppingAtTheFirstNodeVisitsNothingElse() throws {
        var recorder = Recorder(stopAt: "document")
        try parse("{ a }").walk(&recorder)
        #expect(recorder.events == ["enter document"])
    }

    @Test func aVisitorNeedsOnlyWhatItUses() throws {
        struct FieldCounter: ASTVisitor {
            var count = 0
            mutating func enter(_ node: ASTNode) -> VisitAction {
                if case .field = node { count += 1 }
                return .continue
            }
        }
        struct Silent: ASTVisitor {}
        var counter = FieldCounter()
        try parse("{ a { b c } ... on T { d } } fragment F on T { e }").walk(&counter)
        #expect(counter.count == 5)
        var silent = Silent()
        try parse("{ a }").walk(&silent)
    }

    @Test func childrenAndLocationsOfNodes() throws {
        let document = try parse("{ a(x: 1) @d }")
        let root = ASTNode.document(document)
        #expect(root.children.count == 1)
        #expect(span(root.location) == [0, 14])
        guard case .operation(let operation)? = root.children.first else { Issue.record("not an operation"); return }
        guard case .field(let field)? = ASTNode.selectionSet(operation.selectionSet).children.first else { Issue.record("not a field"); return }
        let children = ASTNode.field(field).children
        #expect(children.map(Recorder.name) == ["argument x", "directive d"])
        #expect(children.map { span($0.location) } == [[4, 8], [10, 12]])
    }
}
