import FileProviderKit
import Foundation

/// The ITEM checks of rule 11, *names are valid, and collisions are refused* (ITEM-01, ITEM-06, ITEM-09).
extension ItemChecks {
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
}
