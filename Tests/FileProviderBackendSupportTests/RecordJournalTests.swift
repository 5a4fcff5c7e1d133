import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Testing

@Suite struct RecordJournalTests {
    @Test func recordsSurviveReopening() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try RecordJournal<[String]>(url: scratch.file("j"))
        try journal.append(["a"])
        try journal.append(["b", "c"])
        let reopened = try RecordJournal<[String]>(url: scratch.file("j"))
        #expect(try reopened.load() == [["a"], ["b", "c"]])
    }

    /// A crash during an append leaves a torn tail at any byte: every cut yields exactly the
    /// records written whole before it, and the next append follows them.
    @Test(arguments: [1, 2, 3] as [UInt64]) func tornTailsAreCutOff(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try RecordJournal<Int>(url: scratch.file("j"))
        var ends: [Int] = [0]
        for value in 0..<20 {
            try journal.append(value)
            ends.append(journal.byteCount)
        }
        for _ in 0..<30 {
            let cut = Int.random(in: 0...ends.last!, using: &random)
            try FileManager.default.copyItem(at: scratch.file("j"), to: scratch.file("cut"))
            defer { try? FileManager.default.removeItem(at: scratch.file("cut")) }
            try scratch.truncate("cut", to: cut)
            let torn = try RecordJournal<Int>(url: scratch.file("cut"))
            let whole = ends.lastIndex { $0 <= cut }!
            #expect(try torn.load() == Array(0..<whole))
            try torn.append(99)
            #expect(try RecordJournal<Int>(url: scratch.file("cut")).load() == Array(0..<whole) + [99])
        }
    }

    @Test func aCorruptRecordEndsTheLoad() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try RecordJournal<Int>(url: scratch.file("j"))
        try journal.append(1)
        let firstEnd = journal.byteCount
        try journal.append(2)
        let handle = try FileHandle(forUpdating: scratch.file("j"))
        try handle.seek(toOffset: UInt64(firstEnd + 12))
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        #expect(try RecordJournal<Int>(url: scratch.file("j")).load() == [1])
        #expect(try scratch.size(of: "j") == firstEnd)
    }

    @Test func rewriteReplacesEverything() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try RecordJournal<Int>(url: scratch.file("j"))
        for value in 0..<10 { try journal.append(value) }
        try journal.rewrite([42])
        try journal.append(43)
        #expect(try RecordJournal<Int>(url: scratch.file("j")).load() == [42, 43])
    }

    @Test func anUnopenableJournalFailsWithCannotSynchronize() throws {
        do {
            _ = try RecordJournal<Int>(url: URL(fileURLWithPath: "/proc/no-such-folder/j"))
            Issue.record("opened a journal where no folder can be created")
        } catch {
            #expect(error.code == .cannotSynchronize)
        }
    }
}
