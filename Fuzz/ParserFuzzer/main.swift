// The parser's libFuzzer target. `scripts/fuzz.sh` builds it with the GraphQLLanguage sources
// into one binary and runs it; any crash, hang or sanitizer report fails the run.
//
// Properties checked on every input: parsing never crashes (errors are fine: the input is
// hostile), and for a document that parses, its printed text parses again and prints the same.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for mode in [ParseOptions.Mode.all, .executableOnly] {
        guard let document = try? Parser.parse(Source(text, name: "fuzz"), options: ParseOptions(mode: mode)) else {
            continue
        }
        let printed = Printer.print(document)
        let reparsed: Document
        do {
            reparsed = try Parser.parse(Source(printed, name: "printed"))
        } catch {
            fatalError("Printed document does not parse: \(error)\n--- printed ---\n\(printed)")
        }
        let reprinted = Printer.print(reparsed)
        if reprinted != printed {
            fatalError("Printing is not a fixed point.\n--- printed ---\n\(printed)\n--- reprinted ---\n\(reprinted)")
        }
        let withoutLocations = ParseOptions(noLocation: true)
        if (try? Parser.parse(Source(text), options: withoutLocations)) != (try? Parser.parse(Source(printed), options: withoutLocations)) {
            fatalError("Printed document parses to a different AST.\n--- printed ---\n\(printed)")
        }
    }
    return 0
}
