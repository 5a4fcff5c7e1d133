import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* — the resolvable failures of an
/// account rather than a network: a full quota (ERR-65) and invalid credentials (ERR-66, ERR-67).
extension ErrorChecks {
    static let fullQuotaWrites = ConformanceCheck(
        "ERR-65",
        .errors,
        "with no room left, creations and content writes (alone and with a rename) fail with exactly "
            + "insufficientQuota and change nothing, reads keep working, and the same writes succeed once room is made",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.10", "R16.1"],
        rationale: "The host parks a write that failed with insufficientQuota until the user makes room, then retries "
            + "it; cannotSynchronize makes the system give up on the item for good, another code retries it in a "
            + "loop, and a write stored in part — renamed but not written, or truncated — loses the user's data.",
        requires: [.writing, .quotaLimits]
    ) { context in
        let folder = try await context.createFolder(named: "Full")
        let small = Data("abc".utf8)
        let file = try await context.createFile(named: "small.txt", in: folder.itemIdentifier, contents: small)
        let before = ItemDigest.map(try await context.tree())
        let anchor = try await context.anchor()
        let large = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try await context.setQuota(0)
        await context.expectError(.insufficientQuota, "createItem of 4,096 bytes in the root with no room left") {
            try await context.createFile(named: "large.bin", contents: large)
        }
        await context.expectError(.insufficientQuota, "createItem of 4,096 bytes in a folder with no room left") {
            try await context.createFile(named: "large.bin", in: folder.itemIdentifier, contents: large)
        }
        await context.expectError(.insufficientQuota, "write 4,096 bytes over 3 with no room left") {
            try await context.write(large, to: file)
        }
        await context.expectError(.insufficientQuota, "rename and write 4,096 bytes at once with no room left") {
            try await context.modify(
                file,
                fields: [.filename, .contents],
                contents: large,
                description: "rename to \"renamed.txt\" and write 4,096 bytes"
            ) { $0.filename = "renamed.txt" }
        }
        await expectReadable(context, file: file.itemIdentifier, holding: small, in: folder.itemIdentifier)
        try await context.setQuota(nil)
        try await context.expectTreeUnchanged(before, since: anchor, "after writes refused for want of room")
        let created = try await context.createFile(named: "large.bin", contents: large)
        let (createdData, _) = try await context.fetch(created.itemIdentifier)
        context.expectEqual(createdData, large, "a creation once room was made did not store its bytes")
        let written = try await context.write(large, to: try await context.item(file.itemIdentifier))
        let (writtenData, _) = try await context.fetch(written.itemIdentifier)
        context.expectEqual(writtenData, large, "a write once room was made did not store its bytes")
    }

    /// Records a finding unless `file` still looks up, fetches `content` and is listed in `parent`.
    private static func expectReadable(
        _ context: CheckContext,
        file: ItemIdentifier,
        holding content: Data,
        in parent: ItemIdentifier
    ) async {
        do {
            _ = try await context.item(file)
            let (data, _) = try await context.fetch(file)
            context.expectEqual(data, content, "with no room left, a fetch returned other bytes")
            context.expectEqual(
                try await context.list(parent).map(\.itemIdentifier),
                [file],
                "with no room left, the folder lists other items"
            )
        } catch {
            context.fail(
                "with no room left, a read failed: a full quota refuses writes, not reads",
                clauses: ["R16.10"],
                expected: "the file looked up, fetched and listed",
                actual: "\(error)"
            )
        }
    }

    static let invalidCredentialsCalls = ConformanceCheck(
        "ERR-66",
        .errors,
        "while the credentials are invalid, lookups, listings, changes, fetches and every kind of write fail with "
            + "exactly notAuthenticated — also for items read just before — change nothing, and work once valid again",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.9", "R16.1"],
        rationale: "An expired token is the commonest failure of a cloud provider. The host parks on notAuthenticated "
            + "and asks the user to sign in; noSuchItem instead (a server that answers 404 to hide items) makes "
            + "the system delete its copies, an empty listing or an expired anchor makes it drop its replica, and "
            + "cannotSynchronize makes it give up.",
        requires: [.writing, .expiringCredentials]
    ) { context in
        let folder = try await context.createFolder(named: "Signed out")
        let file = try await context.createFile(named: "kept.txt", in: folder.itemIdentifier)
        let other = try await context.createFile(named: "other.txt")
        let anchor = try await context.anchor()
        context.note("read the items just before, so that a cache holds them")
        _ = try await context.item(file.itemIdentifier)
        _ = try await context.fetch(file.itemIdentifier)
        _ = try await context.list(folder.itemIdentifier)
        let before = ItemDigest.map(try await context.tree())
        try await context.setAuthenticated(false)
        let code = FileProviderError.Code.notAuthenticated
        await context.expectError(code, "item(for:) of a file while signed out") {
            try await context.item(file.itemIdentifier)
        }
        await context.expectError(code, "item(for:) of a folder while signed out") {
            try await context.item(folder.itemIdentifier)
        }
        await context.expectError(code, "list a folder while signed out") {
            try await context.list(folder.itemIdentifier)
        }
        await context.expectError(code, "list the root while signed out") { try await context.list(.rootContainer) }
        await context.expectError(code, "changes since an anchor while signed out") {
            try await context.changes(since: anchor)
        }
        await context.expectError(code, "fetch while signed out") { try await context.fetch(file.itemIdentifier) }
        await context.expectError(code, "createItem of a file while signed out") {
            try await context.createFile(named: "new.txt", in: folder.itemIdentifier)
        }
        await context.expectError(code, "createItem of a folder while signed out") {
            try await context.createFolder(named: "New folder")
        }
        await context.expectError(code, "write while signed out") {
            try await context.write(Data("signed-out edit".utf8), to: file)
        }
        await context.expectError(code, "rename while signed out") { try await context.rename(other, to: "moved.txt") }
        await context.expectError(code, "move while signed out") {
            try await context.move(other, to: folder.itemIdentifier)
        }
        if context.capabilities.contains(.trash) {
            await context.expectError(code, "trash while signed out") {
                try await context.move(other, to: .trashContainer)
            }
        }
        await context.expectError(code, "delete while signed out") { try await context.delete(other) }
        try await context.setAuthenticated(true)
        try await context.expectTreeUnchanged(before, since: anchor, "after calls refused while signed out")
        let written = try await context.write(
            Data("signed-in edit".utf8),
            to: try await context.item(file.itemIdentifier)
        )
        let (data, _) = try await context.fetch(written.itemIdentifier)
        context.expectEqual(data, Data("signed-in edit".utf8), "a write once signed in again was not stored")
    }

    static let invalidCredentialsHeldState = ConformanceCheck(
        "ERR-67",
        .errors,
        "while the credentials are invalid, a listing's next page and the changes of enumerators made before fail "
            + "with exactly notAuthenticated; once valid again the same page finishes the listing and the anchors "
            + "work, the folder's and the working set's reporting the edit made before",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.9", "R2.7"],
        rationale: "The system keeps its enumerators, pages and anchors while the user signs in again; a provider "
            + "that expires them, or ends a listing with success, makes it drop its replica and re-list the domain "
            + "or show a folder cut short each time a token expires.",
        requires: [.writing, .expiringCredentials]
    ) { context in
        let folder = try await context.createFolder(named: "Held")
        var inFolder: Set<ItemIdentifier> = []
        for name in ["a.txt", "b.txt", "c.txt"] {
            inFolder.insert(try await context.createFile(named: name, in: folder.itemIdentifier).itemIdentifier)
        }
        let edited = try await context.item(inFolder.sorted { $0.rawValue < $1.rawValue }[0])
        let listingEnumerator = try await context.enumerator(folder.itemIdentifier)
        let page = try await EnumerationChecks.firstPage(
            context,
            listingEnumerator,
            folder.itemIdentifier,
            from: .initialPageSortedByName,
            pageSize: 1
        )
        let first = page.map { $0.items.map(\.itemIdentifier) } ?? []
        let next = try context.require(
            page?.nextPage,
            "the first page of a folder of 3 items, size 1, had no next page"
        )
        var held: [(ItemIdentifier, any Enumerator, SyncAnchor)] = []
        for container in [folder.itemIdentifier, .rootContainer, .workingSet] {
            let enumerator = try await context.enumerator(container)
            guard let anchor = try await context.changeAnchor(of: enumerator, for: container) else { continue }
            held.append((container, enumerator, anchor))
        }
        _ = try await context.write(Data("edited before signing out".utf8), to: edited)
        try await context.setAuthenticated(false)
        await context.expectError(.notAuthenticated, "the listing's next page while signed out") {
            try await listingEnumerator.allItems(startingAt: next, suggestedPageSize: 1)
        }
        for (container, enumerator, anchor) in held {
            await context.expectError(.notAuthenticated, "changes of \(container) while signed out") {
                try await enumerator.changes(since: anchor, suggestedBatchSize: 50)
            }
        }
        try await context.setAuthenticated(true)
        do {
            context.note("the listing's next page once signed in again")
            let rest = try await listingEnumerator.allItems(startingAt: next, suggestedPageSize: 1)
            let listed = first + rest.map(\.itemIdentifier)
            context.expect(
                EnumerationChecks.isComplete(listed, inFolder, folder.itemIdentifier),
                "once signed in again, the listing continued at the page handed out before is not complete",
                expected: "each of 3 items once",
                actual: "\(listed.count) items, \(inFolder.subtracting(listed).count) missing"
            )
        } catch {
            context.fail(
                "once signed in again, the listing's next page handed out before failed",
                clauses: ["R16.9"],
                expected: "the rest of the listing",
                actual: "\(error)"
            )
        }
        for (container, enumerator, anchor) in held {
            context.note("changes of \(container) since its anchor once signed in again")
            do {
                let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 50)
                // The root's changes need not name an edit two levels below it; they must work.
                context.expect(
                    container == .rootContainer
                        || changes.updatedItems.contains { $0.itemIdentifier == edited.itemIdentifier },
                    "once signed in again, the changes of \(container) since its anchor miss the edit made before"
                )
            } catch {
                context.fail(
                    "once signed in again, the changes of \(container) since an anchor from before failed",
                    clauses: ["R16.9"],
                    expected: "the edit made before signing out",
                    actual: "\(error)"
                )
            }
        }
    }
}
