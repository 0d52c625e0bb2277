import Foundation
import Orion
import OrionAPI
import OrionSQLite
import Testing
import TestSupport

/// A process killed while it writes the SQLite cache leaves the last committed state, readable,
/// and never a damaged file.
@Suite struct SQLiteCrashTests {
    static let writerFileVariable = "ORION_SQLITE_CRASH_WRITER_FILE"
    static let recordCount = 200
    static let committedLine = "orion-crash-writer: committed"

    /// The records of one generation: every record carries the generation's number, so a torn
    /// write shows as records of different generations.
    static func generation(_ number: Int) -> [CacheKey: Record] {
        let padding = RecordValue.value(.string(String(repeating: "x", count: 400)))
        return Dictionary(uniqueKeysWithValues: (0..<recordCount).map { index in
            ("Launch:\(index)", Record(key: "Launch:\(index)", fields: ["generation": .value(.int(number)), "padding": padding]))
        })
    }

    /// How long the child writes at most, should its parent never kill it: a bound, not a
    /// schedule. Generous, because the parent's task can be held up for a long time while other
    /// suites run under the thread sanitizer on two cores (over 300 s once, beside a compile);
    /// the child also stops when its parent ends, and CI ends a test run at 1200 s.
    static let patience: TimeInterval = 1200

    /// The child's part: writes generation after generation until it is killed, or its parent
    /// is gone, or `patience` passes.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[writerFileVariable] != nil))
    func writeUntilKilled() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.writerFileVariable])
        let cache = try SQLiteNormalizedCache(fileURL: URL(fileURLWithPath: path))
        let end = Date().addingTimeInterval(Self.patience)
        let parent = getppid()
        var number = 0
        while Date() < end, getppid() == parent {
            number += 1
            _ = try cache.merge(records: RecordSet(Self.generation(number)))
            // The parent kills only a writer that has committed, after a number of commits.
            FileHandle.standardOutput.write(Data("\(Self.committedLine)\n".utf8))
        }
    }

    // The child is this test binary run again with a filter, which is how the Linux runner takes
    // arguments; Apple platforms run tests inside Xcode's `xctest` host instead.
    #if os(Linux)
    @Test func aProcessKilledMidWriteLeavesTheLastCommittedState() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orion-crash-\(UUID().uuidString).sqlite")
        defer { try? SQLiteNormalizedCache.removeFile(at: file) }
        var generations: [Int] = []
        for round in 0..<4 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--testing-library", "swift-testing", "--filter", "writeUntilKilled"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.writerFileVariable: file.path]) { $1 }
            let log = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".child-\(round).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: log) }
            let output = try FileHandle(forWritingTo: log)
            let commits = Pipe()
            let (chunks, continuation) = AsyncStream<Data>.makeStream()
            commits.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty { continuation.finish() } else { continuation.yield(data) }
            }
            child.standardOutput = commits
            child.standardError = output
            let exit = ProcessExit(of: child)
            try child.run()
            // Kill it once it has committed, at a moment that varies by round: after its 1st,
            // 4th, 7th and 10th commit, while it writes the next.
            let (committed, printed) = await Self.waitForCommits(1 + 3 * round, in: chunks)
            let childOutput = { printed + String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self).suffix(2000) }
            #expect(committed && child.isRunning, "round \(round): the writer was still writing when killed; it printed:\n\(childOutput())")
            kill(child.processIdentifier, SIGKILL)
            try #require(exit.wait(seconds: 60), "round \(round): the killed writer did not exit")
            commits.fileHandleForReading.readabilityHandler = nil
            try output.close()
            #expect(child.terminationReason == .uncaughtSignal)

            let reopened = try SQLiteNormalizedCache(fileURL: file)
            let records = try reopened.loadRecords(forKeys: Set(Self.generation(0).keys))
            #expect(records.count == Self.recordCount, "round \(round): every record of the last commit")
            let numbers = Set(records.values.map { $0.fields["generation"] })
            #expect(numbers.count == 1, "round \(round): one generation, not a torn write: \(numbers)")
            if case .value(.int(let number))? = numbers.first { generations.append(number) }
        }
        #expect(generations.count == 4)
        #expect(generations.allSatisfy { $0 > 0 }, "each writer committed before it was killed")
    }

    /// Reads the writer's output until it has said `count` times that it committed (true), or
    /// until it ends (false: the writer stopped); and what it printed.
    private static func waitForCommits(_ count: Int, in chunks: AsyncStream<Data>) async -> (Bool, String) {
        var text = ""
        for await chunk in chunks {
            text += String(decoding: chunk, as: UTF8.self)
            if text.components(separatedBy: committedLine).count - 1 >= count { return (true, text) }
        }
        return (false, text)
    }
    #endif
}
