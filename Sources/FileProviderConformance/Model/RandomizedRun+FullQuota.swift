import FileProviderKit
import Foundation

/// A step that leaves the account no room: writes that need some must fail with
/// insufficientQuota and change nothing, reads must keep working (R16.10).
extension RandomizedRun {
    /// Leaves the account no room for `writes` calls that each need some — a file created with
    /// content in a folder of the model, more bytes written over a file than it holds, the same
    /// with a rename — each of which must fail with insufficientQuota, while a fetch must still
    /// serve the model's bytes; then lifts the limit. The next check finds anything a refused
    /// call changed.
    mutating func fullQuotaWindow(writes: Int) async throws {
        guard let setQuota else { return }
        let provider = self.provider
        let folders = model.folders()
        let files = model.liveItems(filesOnly: true)
        var attempts: [(label: String, mutation: ModelMutation)] = []
        for index in 0..<writes {
            let draw = index + step
            let file = ModelState.pick(draw, from: files)
            if draw % 3 == 0 || file == nil {
                let parent = ModelState.pick(draw, from: folders) ?? .rootContainer
                let name = "quota-\(step)-\(index)"
                let (data, url) = try quotaContent(count: 16 + draw % 48, index: index)
                let template = ItemSnapshot(
                    itemIdentifier: ItemIdentifier("model-quota-\(step)-\(index)"),
                    parentItemIdentifier: parent,
                    filename: name,
                    contentType: .forFilename(name)
                )
                let action = ModelMutation.Action.create(
                    template: template,
                    fields: [.filename, .parentItemIdentifier, .contents],
                    content: data,
                    url: url
                )
                attempts.append(
                    (
                        "createItem \"\(name)\" in \(parent) with content",
                        ModelMutation(action: action, description: name)
                    )
                )
                continue
            }
            guard let file, let current = model.items[file], let listedItem = listed[file] else { continue }
            let renames = draw % 3 == 2
            let (data, url) = try quotaContent(count: current.content.count + 16 + draw % 48, index: index)
            var template = listedItem
            var fields: ItemFields = .contents
            if renames {
                template.filename = current.name + " full"
                fields.insert(.filename)
            }
            let action = ModelMutation.Action.modify(
                template: template,
                base: listedItem.itemVersion,
                fields: fields,
                content: data,
                url: url,
                options: []
            )
            let label = "write more bytes over \(file)\(renames ? " with a rename" : "")"
            attempts.append((label, ModelMutation(action: action, description: label)))
        }
        let read = ModelState.pick(step, from: files)
        resolve(
            "no room left for: " + attempts.map(\.label).joined(separator: ", ")
                + (read.map { ", and a fetch of \($0)" } ?? "")
        )
        try await attempt { try await setQuota(0) }
        do {
            for (label, mutation) in attempts {
                try await expectFailure(.insufficientQuota, "\(label) with no room left", clauses: ["R16.10"]) {
                    if case .failure(let error) = await mutation.perform(on: provider) { throw error }
                }
            }
            if let read, let expected = model.items[read]?.content {
                try await expectReadable(read, holding: expected)
            }
        } catch {
            try? await setQuota(nil)
            throw error
        }
        try await attempt { try await setQuota(nil) }
        stepEffects.verify.formUnion(files)
    }

    /// Fails unless `file` fetches `content` while the account has no room.
    private func expectReadable(_ file: ItemIdentifier, holding content: Data) async throws {
        let data: Data
        do {
            data = try await fetchedBytes(of: file)
        } catch let error as Failure {
            throw failure(
                "a fetch of \(file) failed with no room left: a full quota refuses writes, not reads",
                clauses: ["R16.10"],
                actual: error.actual
            )
        }
        try ensure(
            data == content,
            "a fetch of \(file) with no room left returned other bytes",
            clauses: ["R16.10"],
            expected: "\(content.count) bytes",
            actual: "\(data.count) bytes"
        )
    }

    /// `count` bytes that differ from every model content, and the scratch file holding them.
    private func quotaContent(count: Int, index: Int) throws -> (Data, URL) {
        let url = scratch.appendingPathComponent("quota-\(step)-\(index)")
        let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) })
        try ContentFile.write(data, toNewFileAt: url)
        return (data, url)
    }
}
