import FileProviderKit
import Foundation

/// Conflicts: stale writes that make conflict copies, and the collision rule they must respect.
extension CheckContext {
    /// Whether two names collide under the subject's rule: canonically equivalent (Swift `String`
    /// equality), and equal ignoring case unless the subject declares case-sensitive names.
    func collide(_ lhs: String, _ rhs: String) -> Bool {
        caseRule.collide(lhs, rhs)
    }

    /// Creates `name` in `folder` with "base" bytes, writes "server" bytes on it (through this
    /// provider, or as another client when `remotely`), then writes `incoming` on its first, stale
    /// version without `failOnConflict`, and returns the item and the folder's children after the
    /// conflict.
    func makeConflict(
        named name: String,
        in folder: ItemIdentifier,
        incoming: Data,
        remotely: Bool = false
    ) async throws -> (item: ItemSnapshot, children: [ItemSnapshot]) {
        let original = try await createFile(named: name, in: folder, contents: Data("base".utf8))
        if remotely {
            note("remote: write \"server\" on \(original.itemIdentifier)")
            try await remote().replaceContents(of: original.itemIdentifier, with: Data("server".utf8))
        } else {
            _ = try await write(Data("server".utf8), to: original)
        }
        _ = try await modify(
            original,
            fields: .contents,
            contents: incoming,
            description: "write \(incoming.count) bytes on the stale first version, without failOnConflict"
        )
        return (try await item(original.itemIdentifier), try await list(folder))
    }

    /// Records a finding for every pair of `children` whose names collide.
    func expectNoCollisions(_ children: [ItemSnapshot], _ situation: String) {
        for (index, child) in children.enumerated() {
            for other in children[(index + 1)...] where collide(child.filename, other.filename) {
                fail(
                    "two siblings' names collide \(situation)",
                    expected: "names distinct under the domain's case and normalisation rule",
                    actual: "\"\(child.filename)\" (\(child.itemIdentifier)) and \"\(other.filename)\" "
                        + "(\(other.itemIdentifier))"
                )
            }
        }
    }

    /// Learns the name a conflict copy of `name` gets in an empty folder, then makes the same
    /// conflict in a folder that already holds a sibling named `sibling(copyName)`, and records a
    /// finding when any two names collide, when a side's bytes are lost, or when the sibling changed.
    /// The second conflict's incoming side is over 2 MiB.
    /// With `remotely`, another client writes the server's side (see ``makeConflict(named:in:incoming:remotely:)``).
    func expectConflictCopyAvoids(
        baseName name: String,
        remotely: Bool = false,
        sibling: (String) -> String
    ) async throws {
        let learning = try await createFolder(named: "Learn")
        let (learned, children) = try await makeConflict(
            named: name,
            in: learning.itemIdentifier,
            incoming: Data("incoming".utf8),
            remotely: remotely
        )
        let copy = try require(
            children.first { $0.itemIdentifier != learned.itemIdentifier },
            "a stale write without failOnConflict made no conflict copy"
        )
        let folder = try await createFolder(named: "Crowded")
        let siblingName = sibling(copy.filename)
        let occupant = try await createFile(
            named: siblingName,
            in: folder.itemIdentifier,
            contents: Data("sibling".utf8)
        )
        // Over 2 MiB: a provider may send large content another way (chunks, a multipart session).
        let incoming = ModelState.largeContent(0)
        let (item, crowded) = try await makeConflict(
            named: name,
            in: folder.itemIdentifier,
            incoming: incoming,
            remotely: remotely
        )
        expectNoCollisions(crowded, "after a conflict next to \"\(siblingName)\"")
        let (serverBytes, _) = try await fetch(item.itemIdentifier)
        expectEqual(serverBytes, Data("server".utf8), "the conflict lost the server's bytes on the item")
        let (occupantBytes, _) = try await fetch(occupant.itemIdentifier)
        expectEqual(occupantBytes, Data("sibling".utf8), "the conflict copy overwrote the existing sibling")
        var incomingKept = false
        for child in crowded
        where ![item.itemIdentifier, occupant.itemIdentifier].contains(child.itemIdentifier)
            && !child.contentType.isDirectory
        {
            incomingKept = try await fetch(child.itemIdentifier).0 == incoming || incomingKept
        }
        expect(incomingKept, "no sibling holds the incoming bytes of the stale write")
    }
}
