// The libFuzzer target of `SelectionSet.init(jsonObject:variables:)`, which builds a generated
// model from what `JSONSerialization` parsed (fixtures, tests, migrated models). `scripts/fuzz.sh`
// builds it against the OrionAPI module with the hand-written model of `Model.swift`; any crash,
// hang or sanitizer report fails the run.
//
// Properties checked on every input that `JSONSerialization` reads as an object, without the
// operation's variables and with `$extra` true and false:
// - building the model throws nothing but `ResponseDecodingError` and never crashes;
// - every property of a model that was built reads without trapping;
// - the model's `jsonObject` builds an equal model with the same variables (dates equal to the
//   millisecond: see `FuzzData.isEquivalent(to:)`).
import Foundation
import OrionAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONObject(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let object = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] else { return 0 }
    for variables: [String: JSONValue]? in [nil, ["extra": .bool(true)], ["extra": .bool(false)]] {
        let model: FuzzData
        do {
            model = try FuzzData(jsonObject: object, variables: variables)
        } catch is ResponseDecodingError {
            continue
        } catch {
            fatalError("init(jsonObject:) throws an error of an unexpected type: \(type(of: error)): \(error)")
        }
        _ = model.readEverything()
        let written = model.jsonObject
        let again: FuzzData
        do {
            again = try FuzzData(jsonObject: written, variables: variables)
        } catch {
            fatalError("A model's jsonObject does not build it again (variables \(String(describing: variables))): \(error)\n--- jsonObject ---\n\(written)")
        }
        guard again.isEquivalent(to: model) else {
            fatalError("A model's jsonObject builds another model (variables \(String(describing: variables))).\n--- model ---\n\(model)\n--- built again ---\n\(again)")
        }
    }
    return 0
}
