import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Synchronization
import Testing

@Suite struct IdentifierMapTests {
    /// Identifiers `id1`, `id2`, … so that tests can name them.
    static func counting() -> @Sendable () -> ItemIdentifier {
        let counter = Mutex(0)
        return {
            counter.withLock {
                $0 += 1
                return ItemIdentifier("id\($0)")
            }
        }
    }

    @Test func assignIsStableAndSurvivesRestarts() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"), makeIdentifier: Self.counting())
        let a = try map.assign("docs/a.txt")
        #expect(try map.assign("docs/a.txt") == a)
        let reopened = try IdentifierMap(journalAt: scratch.file("ids"))
        #expect(reopened.identifier(forKey: "docs/a.txt") == a)
        #expect(reopened.key(for: a) == "docs/a.txt")
    }

    @Test func aFolderMoveCarriesEveryDescendantInOneUpdate() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"), makeIdentifier: Self.counting())
        let folder = try map.assign("a")
        let child = try map.assign("a/b")
        let grandchild = try map.assign("a/b/c")
        let sibling = try map.assign("ab")
        let before = try scratch.size(of: "ids")
        try map.move("a", to: "x/y")
        #expect(map.key(for: folder) == "x/y")
        #expect(map.key(for: child) == "x/y/b")
        #expect(map.key(for: grandchild) == "x/y/b/c")
        #expect(map.key(for: sibling) == "ab")
        #expect(map.identifier(forKey: "a/b") == nil)
        // A crash during the move's one write: the move is entirely absent.
        try scratch.truncate("ids", to: before + 5)
        let torn = try IdentifierMap(journalAt: scratch.file("ids"))
        #expect(torn.key(for: folder) == "a")
        #expect(torn.key(for: grandchild) == "a/b/c")
        #expect(torn.descendants(of: "a") == ["a/b", "a/b/c"])
    }

    @Test func removalForgetsDescendantsAndIdentifiersAreNotReused() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"))
        let old = try map.assign("a")
        _ = try map.assign("a/b")
        try map.remove("a")
        #expect(map.count == 0)
        #expect(try map.assign("a") != old)
    }

    /// S3 and most backends hold "Café" precomposed and decomposed as two objects.
    @Test func canonicallyEquivalentKeysAreDistinct() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"))
        let composed = try map.assign("Caf\u{E9}")
        let decomposed = try map.assign("Cafe\u{301}")
        #expect(composed != decomposed)
        #expect(try IdentifierMap(journalAt: scratch.file("ids")).count == 2)
    }

    @Test func moveOfAnUnknownKeyFailsWithNoSuchItem() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"))
        #expect(throws: FileProviderError.self) { try map.move("missing", to: "x") }
        do { try map.move("missing", to: "x") } catch { #expect(error.code == .noSuchItem) }
        do { try map.bind("k", to: .rootContainer) } catch { #expect(error.code == .invalidArgument) }
        #expect(map.count == 0)
    }

    /// Many updates compact the journal; the map read back is the same, with a seeded mix.
    @Test(arguments: [7, 8] as [UInt64]) func compactionKeepsTheMap(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let map = try IdentifierMap(journalAt: scratch.file("ids"))
        var model: [String: ItemIdentifier] = [:]
        for step in 0..<600 {
            let key = "k\(Int.random(in: 0..<40, using: &random))"
            if model[key] != nil, Bool.random(using: &random) {
                let destination = "m\(step)"
                try map.move(key, to: destination)
                model[destination] = model.removeValue(forKey: key)
            } else {
                model[key] = try map.assign(key)
            }
        }
        let reopened = try IdentifierMap(journalAt: scratch.file("ids"))
        #expect(reopened.count == model.count)
        for (key, identifier) in model { #expect(reopened.identifier(forKey: key) == identifier) }
        #expect(try scratch.size(of: "ids") < 600 * 60)
    }
}
