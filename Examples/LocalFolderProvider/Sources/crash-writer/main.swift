// crash-writer: performs a long series of operations on a LocalFolderProvider and prints one line
// per acknowledged operation, for the crash test to kill at an arbitrary moment.
//
//     crash-writer <root> <state> <run> <operations>
//
// Each operation is announced before it starts, `BEGIN <identifier> <filename> <content>` (the
// identifier of the item it modifies, `-` for a creation), and acknowledged right after the
// provider returns, `ACK <identifier> <filename> <content>`: tab-separated lines written straight
// to the file descriptor (no buffering). Whatever the test has read as acknowledged must survive
// the kill; the one operation begun and not acknowledged may or may not have taken effect.

import FileProviderKit
import Foundation
import LocalFolderProvider

let arguments = CommandLine.arguments
guard arguments.count == 5, let run = Int(arguments[3]), let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: crash-writer <root> <state> <run> <operations>\n".utf8))
    exit(64)
}
let provider = try LocalFolderProvider(
    rootDirectory: URL(fileURLWithPath: arguments[1]),
    stateDirectory: URL(fileURLWithPath: arguments[2])
)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("crash-writer-\(UUID().uuidString)")

/// Writes `text` to a scratch file and returns it, as the system hands content to a provider.
func contents(_ text: String) throws -> URL {
    try Data(text.utf8).write(to: scratch)
    return scratch
}

func announce(_ identifier: ItemIdentifier?, _ filename: String, _ content: String) {
    FileHandle.standardOutput.write(Data("BEGIN\t\(identifier?.rawValue ?? "-")\t\(filename)\t\(content)\n".utf8))
}

func acknowledge(_ item: any FileProviderItem, _ content: String) {
    FileHandle.standardOutput.write(Data("ACK\t\(item.itemIdentifier.rawValue)\t\(item.filename)\t\(content)\n".utf8))
}

// Two creations, then a rename and rewrite of the second one in a single modification, and so on.
var previous: (any FileProviderItem)?
for index in 0..<count {
    if index % 3 == 2, let item = previous {
        var renamed = ItemSnapshot(item)
        renamed.filename = "r-\(run)-\(index).txt"
        let content = "edited \(run)-\(index)"
        announce(item.itemIdentifier, renamed.filename, content)
        let result = try await provider.modifyItem(
            renamed,
            baseVersion: item.itemVersion,
            changedFields: [.filename, .contents],
            contents: try contents(content),
            options: [],
            request: Request()
        )
        guard let result else { fatalError("modifyItem returned no item for \(item.itemIdentifier), which exists") }
        acknowledge(result.item, content)
    } else {
        let content = "payload \(run)-\(index)"
        announce(nil, "f-\(run)-\(index).txt", content)
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("template-\(index)"),
            parentItemIdentifier: .rootContainer,
            filename: "f-\(run)-\(index).txt",
            contentType: .plainText
        )
        let created = try await provider.createItem(
            basedOn: template,
            fields: [.filename, .contents],
            contents: try contents(content),
            options: [],
            request: Request()
        )
        guard let item = created?.item else { exit(1) }
        acknowledge(item, content)
        previous = item
    }
}
