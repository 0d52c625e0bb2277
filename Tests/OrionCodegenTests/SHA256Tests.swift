import Foundation
@testable import OrionCodegen
import Testing
import TestSupport

@Suite struct SHA256Tests {
    @Test func knownDigests() {
        #expect(SHA256.hexDigest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func agreesWithPythonOnLongAndNonASCIIText() throws {
        let text = String(repeating: "query Q { héllo wörld 🚀 }\n", count: 300)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-sha256-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())"
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == SHA256.hexDigest(text))
    }
}
