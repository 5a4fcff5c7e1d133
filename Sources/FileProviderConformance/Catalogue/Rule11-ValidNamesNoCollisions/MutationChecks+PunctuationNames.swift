import FileProviderKit
import Foundation

/// The MUT check of rule 11 on names other file systems reserve (MUT-105).
extension MutationChecks {
    /// Valid names that Windows, SMB or OneDrive-style backends refuse: each reserved punctuation
    /// character, leading and trailing spaces and dots, reserved device names and shell files.
    static let foreignReservedNames = [
        "a:b.txt", "what?", "star*.txt", "say \"hi\".txt", "<angle>.txt", "pipe|d.txt", "back\\slash.txt",
        "all <>:\"|?*\\ of them", " leading space.txt", "trailing space.txt ", "trailing dot.", "..leading dots",
        "CON", "nul.txt", "LPT1", "desktop.ini", "Thumbs.db", "~$lock.docx", "#hash%percent&amp;",
    ]

    static let foreignReservedNamesAccepted = ConformanceCheck(
        "MUT-105",
        .mutations,
        "names with : ? * \" < > | \\, leading or trailing spaces and dots, or Windows device names are valid: "
            + "created, renamed to and listed exactly as written, for files and folders",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.1", "R11.4"],
        rationale: "Only an empty name, \"/\", NUL, \".\", \"..\" and names over 255 bytes are invalid; a provider "
            + "that applies another file system's rules refuses documents a Mac or Linux user saves every day.",
        requires: .writing
    ) { context in
        func expectName(_ item: ItemSnapshot, _ name: String, _ call: String) {
            context.expect(
                Array(item.filename.unicodeScalars) == Array(name.unicodeScalars),
                "\(call) returned another name",
                expected: name.debugDescription,
                actual: item.filename.debugDescription
            )
        }
        let created = try await context.createFolder(named: "Created").itemIdentifier
        let renamed = try await context.createFolder(named: "Renamed").itemIdentifier
        let folders = try await context.createFolder(named: "Folders").itemIdentifier
        for (index, name) in foreignReservedNames.enumerated() {
            let shown = name.debugDescription
            for (container, kind) in [(created, "file"), (folders, "folder")] {
                do {
                    let item =
                        kind == "file"
                        ? try await context.createFile(named: name, in: container)
                        : try await context.createFolder(named: name, in: container)
                    expectName(item, name, "createItem of a \(kind) named \(shown)")
                } catch let error as FileProviderError {
                    context.fail(
                        "createItem of a \(kind) named \(shown) failed",
                        expected: "success",
                        actual: "\(error)"
                    )
                }
            }
            let plain = try await context.createFile(named: "plain-\(index).txt", in: renamed)
            do {
                let item = try await context.rename(plain, to: name)
                expectName(item, name, "renaming to \(shown)")
            } catch let error as FileProviderError {
                context.fail("renaming a file to \(shown) failed", expected: "success", actual: "\(error)")
            }
        }
        let expected = foreignReservedNames.map { $0.unicodeScalars.map(\.value) }.sorted {
            $0.lexicographicallyPrecedes($1)
        }
        for (container, what) in [(created, "created files"), (renamed, "renamed files"), (folders, "created folders")]
        {
            let listed = try await context.list(container, pageSize: 7).map { $0.filename.unicodeScalars.map(\.value) }
            context.expect(
                listed.sorted { $0.lexicographicallyPrecedes($1) } == expected,
                "the listing of the \(what) does not hold exactly the names they were given",
                expected: "\(foreignReservedNames.map(\.debugDescription))",
                actual:
                    "\(listed.map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))).debugDescription })"
            )
        }
    }
}
