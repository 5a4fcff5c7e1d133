import FileProviderKit
import Foundation

/// Checks of item properties (`ITEM-…`).
enum ItemChecks {
    static let all: [ConformanceCheck] =
        [
            rootItem, threeWayAgreement, unknownIdentifier, stableIdentifiers, versionSemantics, validListedNames,
            templateIdentifierIgnored, documentSize, nameRoundTrip, readsDoNotBumpVersions,
        ] + clauseChecks + reservedChecks + kindChecks + fidelityChecks

    static let rootItem = ConformanceCheck(
        "ITEM-01",
        .items,
        "the root item exists, is a folder and has a name",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.5"],
        rationale: "The system shows the root's filename and lists it as a folder; a missing root or an empty name "
            + "leaves the domain unusable.",
        tier: .smoke
    ) { context in
        let root = try await context.item(.rootContainer)
        context.expectEqual(root.itemIdentifier, .rootContainer, "item(for: root) returned another identifier")
        context.expect(
            Filename.problem(in: root.filename) == nil,
            "the root item's filename is invalid",
            actual: root.filename
        )
        context.expect(root.contentType.isFolder, "the root item is not a folder", actual: "\(root.contentType)")
    }

    static let threeWayAgreement = ConformanceCheck(
        "ITEM-02",
        .items,
        "the item returned by a creation, by a lookup and by a listing agree",
        rule: "Rules 9 and 10 (identifiers, versions)",
        clauses: ["R12.1"],
        rationale: "The system keeps whichever copy it saw last; when the three disagree on name, parent, kind or "
            + "version it re-downloads content or shows stale names."
    ) { context in
        if context.capabilities.contains(.writing) {
            let folder = try await context.createFolder(named: "Agreement")
            _ = try await context.createFile(named: "note.txt", in: folder.itemIdentifier, contents: Data("abc".utf8))
        }
        for listed in try await context.tree() {
            let looked = try await context.item(listed.itemIdentifier)
            context.expectEqual(
                ItemDigest(looked),
                ItemDigest(listed),
                "item(for: \(listed.itemIdentifier)) differs from its listing entry"
            )
        }
        if context.capabilities.contains(.writing) {
            let created = try await context.createFile(named: "direct.txt")
            let looked = try await context.item(created.itemIdentifier)
            context.expectEqual(
                ItemDigest(looked),
                ItemDigest(created),
                "item(for:) differs from what createItem returned"
            )
        }
    }

    static let unknownIdentifier = ConformanceCheck(
        "ITEM-03",
        .items,
        "looking up an unknown or deleted identifier fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "noSuchItem makes the system delete its local copy; any other error keeps a ghost item retried "
            + "forever, a success resurrects a deleted one.",
        tier: .smoke
    ) { context in
        await context.expectError(.noSuchItem, "item(for: an identifier never assigned)") {
            try await context.provider.item(for: ItemIdentifier("no-such-item-\(context.seed)"), request: Request())
        }
        guard context.capabilities.contains(.writing) else { return }
        let file = try await context.createFile(named: "doomed.txt")
        try await context.delete(file)
        await context.expectError(.noSuchItem, "item(for: the deleted \(file.itemIdentifier))") {
            try await context.provider.item(for: file.itemIdentifier, request: Request())
        }
    }

    static let stableIdentifiers = ConformanceCheck(
        "ITEM-04",
        .items,
        "identifiers survive rename and move and are never reused",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.1", "R9.2"],
        rationale: "The system keys its whole database on identifiers: one that changes on rename loses local edits, "
            + "one that is reused attaches another file's history to a new item.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let folder = try await context.createFolder(named: "Destination")
        let file = try await context.createFile(named: "draft.txt")
        let renamed = try await context.rename(file, to: "final.txt")
        context.expectEqual(renamed.itemIdentifier, file.itemIdentifier, "renaming changed the identifier")
        let moved = try await context.move(renamed, to: folder.itemIdentifier)
        context.expectEqual(moved.itemIdentifier, file.itemIdentifier, "moving changed the identifier")
        try await context.delete(moved)
        var seen: Set<ItemIdentifier> = [folder.itemIdentifier, file.itemIdentifier]
        for index in 0..<5 {
            let again = try await context.createFile(named: "final.txt", in: folder.itemIdentifier)
            context.expect(
                seen.insert(again.itemIdentifier).inserted,
                "createItem reused identifier \(again.itemIdentifier) (creation \(index + 1) after a deletion)"
            )
            try await context.delete(again)
        }
    }

    static let versionSemantics = ConformanceCheck(
        "ITEM-05",
        .items,
        "contentVersion changes exactly when content does; metadataVersion when metadata does",
        rule: "Rule 10 (versions)",
        clauses: ["R10.1", "R10.2"],
        rationale: "A spurious contentVersion change makes the system re-download the file on every open; a missing "
            + "one leaves stale content on disk.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "versions.txt", contents: Data("one".utf8))
        let renamed = try await context.rename(file, to: "versions-renamed.txt")
        context.expectEqual(
            renamed.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "a rename changed contentVersion"
        )
        context.expect(
            renamed.itemVersion.metadataVersion != file.itemVersion.metadataVersion,
            "a rename did not change metadataVersion",
            actual: "\(renamed.itemVersion)"
        )
        let written = try await context.write(Data("two".utf8), to: renamed)
        context.expect(
            written.itemVersion.contentVersion != renamed.itemVersion.contentVersion,
            "new content did not change contentVersion",
            actual: "\(written.itemVersion)"
        )
        let again = try await context.item(written.itemIdentifier)
        context.expectEqual(again.itemVersion, written.itemVersion, "the version changed with no write in between")
    }

    static let validListedNames = ConformanceCheck(
        "ITEM-06",
        .items,
        "every listed item and its parent have valid names, and a symbolic link has its target",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.5", "R8.3", "API.7"],
        rationale: "The system writes every item to disk under its name; an invalid name or a symbolic link without "
            + "a target cannot be materialized and stalls synchronization."
    ) { context in
        if context.capabilities.contains(.writing) {
            let folder = try await context.createFolder(named: "Names")
            _ = try await context.createFile(named: "inner.md", in: folder.itemIdentifier)
            if context.capabilities.contains(.symbolicLinks) {
                let link = context.template(
                    named: "link",
                    in: folder.itemIdentifier,
                    contentType: .symbolicLink,
                    symlinkTarget: "inner.md"
                )
                _ = try await context.create(link, contents: nil)
            }
        }
        let listed = try await context.list(.workingSet)
        let parents = Set(listed.map(\.parentItemIdentifier)).subtracting([.trashContainer, .workingSet])
        for parent in parents.sorted(by: { $0.rawValue < $1.rawValue }) {
            let folder = try await context.item(parent)
            context.expect(
                folder.contentType == .folder && Filename.problem(in: folder.filename) == nil,
                "the parent \(parent) is not a folder with a valid name",
                actual: "\"\(folder.filename)\" [\(folder.contentType)]"
            )
        }
        for item in listed {
            context.expect(
                Filename.problem(in: item.filename) == nil,
                "\(item.itemIdentifier) has an invalid filename",
                actual: "\"\(item.filename)\": \(Filename.problem(in: item.filename).map { "\($0)" } ?? "")"
            )
            context.expect(
                item.parentItemIdentifier != .workingSet,
                "\(item.itemIdentifier) has the working set as its parent"
            )
            if item.contentType.isSymbolicLink {
                context.expect(item.symlinkTargetPath != nil, "the symbolic link \(item.itemIdentifier) has no target")
            }
        }
    }

    static let templateIdentifierIgnored = ConformanceCheck(
        "ITEM-07",
        .items,
        "a created item carries the provider's identifier, not the template's",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.3"],
        rationale: "The template's identifier is the system's temporary one; keeping it lets two devices create "
            + "items with clashing identifiers.",
        requires: .writing
    ) { context in
        let template = context.template(named: "template.txt", in: .rootContainer, contentType: .plainText)
        let created = try await context.create(template, contents: Data("x".utf8))
        context.expect(
            created.itemIdentifier != template.itemIdentifier,
            "createItem kept the template's identifier",
            actual: "\(created.itemIdentifier)"
        )
        context.expect(!created.itemIdentifier.isReservedContainer, "createItem returned a reserved identifier")
    }

    static let documentSize = ConformanceCheck(
        "ITEM-08",
        .items,
        "a file's documentSize equals the length of its content",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.3"],
        rationale: "The system sizes downloads and partial fetches from documentSize; a wrong size truncates files "
            + "or reads past their end."
    ) { context in
        var empty: ItemIdentifier?
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "sized.bin", contents: Data(repeating: 7, count: 1_000))
            empty = try await context.createFile(named: "empty.bin", contents: Data()).itemIdentifier
        }
        let files = try await context.tree().filter { !$0.contentType.isDirectory && !$0.contentType.isSymbolicLink }
        if let empty, files.contains(where: { $0.documentSize != nil }) {
            context.expectEqual(
                files.first { $0.itemIdentifier == empty }?.documentSize,
                0,
                "the provider reports sizes, but an empty file's documentSize is not 0"
            )
        }
        for item in files {
            guard let size = item.documentSize else { continue }
            let (data, _) = try await context.fetch(item.itemIdentifier)
            context.expectEqual(
                size,
                Int64(data.count),
                "documentSize of \(item.itemIdentifier) is not its content's length"
            )
        }
    }

    static let nameRoundTrip = ConformanceCheck(
        "ITEM-09",
        .items,
        "unusual but valid names come back exactly as written",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.4"],
        rationale: "Providers that encode names for their server (percent-encoding, normalization, trimming) "
            + "often return a different name, which the system sees as a rename or a new file.",
        requires: .writing
    ) { context in
        let names = [
            "with space.txt", " leading space", "trailing dot.", ".hidden", "émoji 🎉.txt", "日本語のファイル",
            "percent%20literal", "tab\there", "Cafe\u{301}", "~tilde", String(repeating: "n", count: 255),
            "עברית.txt",
        ]
        func same(_ lhs: String, _ rhs: String) -> Bool { Array(lhs.unicodeScalars) == Array(rhs.unicodeScalars) }
        for name in names {
            let created = try await context.createFile(named: name)
            context.expect(
                same(created.filename, name),
                "createItem changed the name",
                expected: name,
                actual: created.filename
            )
            let looked = try await context.item(created.itemIdentifier)
            context.expect(
                same(looked.filename, name),
                "item(for:) returned another name",
                expected: name,
                actual: looked.filename
            )
        }
        let listed = try await context.list(.rootContainer).map(\.filename)
        for name in names where !listed.contains(where: { same($0, name) }) {
            context.fail("the listing does not contain a created name", expected: name)
        }
    }

    static let readsDoNotBumpVersions = ConformanceCheck(
        "ITEM-10",
        .items,
        "reading, listing and fetching never change an item's version",
        rule: "Rules 7 and 10 (no loops, versions)",
        clauses: ["R7.2"],
        rationale: "A version that moves on reads makes the system re-download after every open and turns the "
            + "working set into a loop of changes.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "stable.txt")
        }
        let before = ItemDigest.map(try await context.tree())
        for (identifier, digest) in before {
            let first = try await context.item(identifier)
            let second = try await context.item(identifier)
            context.expectEqual(
                second.itemVersion,
                first.itemVersion,
                "two lookups of \(identifier) returned different versions"
            )
            context.expectEqual(
                first.itemVersion,
                digest.version,
                "a lookup of \(identifier) returned another version than its listing"
            )
            if !digest.isDirectory { _ = try await context.fetch(identifier) }
        }
        let after = ItemDigest.map(try await context.tree())
        let differences = ItemDigest.differences(after, before)
        context.expect(differences.isEmpty, "reads changed items", actual: differences.joined(separator: "; "))
    }
}
