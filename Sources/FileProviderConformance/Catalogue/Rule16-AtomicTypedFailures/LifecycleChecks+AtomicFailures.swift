import FileProviderKit
import Foundation

/// The LIFE checks of rule 16, *failures are atomic and typed* (LIFE-03, LIFE-08).
extension LifecycleChecks {
    static let cancelledReads = ConformanceCheck(
        "LIFE-08",
        .lifecycle,
        "cancelled listings, change enumerations and fetches end with CancellationError, never an empty success",
        rule: "Rules 16 and 2 (cancellation, pages)",
        clauses: ["R16.3", "R2.1"],
        rationale: "The system cancels listings of folders the user left and downloads the user abandoned; a "
            + "provider that finishes them anyway wastes the network, and one that reports an empty success for "
            + "work it dropped makes the system believe the folder is empty.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "wanted.txt")
        let anchor = try await context.anchor()
        let changed = try await context.createFile(named: "changed.txt")
        let root = Set(try await context.list(.rootContainer, pageSize: 1_000).map(\.itemIdentifier))
        let lister = try await context.enumerator(.rootContainer)
        let watcher = try await context.enumerator(.workingSet)
        context.note("enumerateItems of the root (page size 1,000) in a task cancelled before it starts")
        let listing = await cancelledCall(size: 1_000) { observer in
            await lister.enumerateItems(for: observer, startingAt: .initialPageSortedByName)
        }
        expectCancelledOrComplete(context, "listing the root", listing, expected: root)
        context.note("enumerateChanges of the working set since \(anchor) in a task cancelled before it starts")
        let changes = await cancelledCall(size: 1_000) { observer in
            await watcher.enumerateChanges(for: observer, from: anchor)
        }
        expectCancelledOrComplete(
            context,
            "enumerating the working set's changes",
            changes,
            expected: [changed.itemIdentifier]
        )
        let provider = context.provider
        context.note("fetch \(file.itemIdentifier) in a task cancelled before it starts")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let fetched = try await provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
            ContentFile.remove(fetched.url)
        }
        do {
            try await task.value
            context.fail("fetching \(file.itemIdentifier) succeeded in a cancelled task", expected: "CancellationError")
        } catch is CancellationError {
        } catch {
            context.fail(
                "fetching \(file.itemIdentifier) in a cancelled task threw another error",
                expected: "CancellationError",
                actual: "\(error)"
            )
        }
    }

    static let cancellation = ConformanceCheck(
        "LIFE-03",
        .lifecycle,
        "a cancelled creation throws CancellationError promptly and creates nothing",
        rule: "Cancellation (DESIGN §2)",
        clauses: ["R16.3"],
        rationale: "The system cancels work the user abandoned; a provider that completes it anyway publishes a "
            + "file the user removed.",
        requires: .writing
    ) { context in
        let provider = context.provider
        let url = try context.file(containing: Data("cancelled".utf8))
        let template = context.template(named: "cancelled.txt", in: .rootContainer, contentType: .plainText)
        context.note("createItem(\"cancelled.txt\") in a task cancelled before it starts")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.createItem(
                basedOn: template,
                fields: [.contents, .filename],
                contents: url,
                options: [],
                request: Request()
            )
        }
        do {
            _ = try await task.value
            context.fail("a creation in a cancelled task succeeded", expected: "CancellationError")
        } catch is CancellationError {
        } catch {
            context.fail("a cancelled creation threw another error", expected: "CancellationError", actual: "\(error)")
        }
        let names = try await context.list(.rootContainer).map(\.filename)
        context.expect(!names.contains("cancelled.txt"), "the cancelled creation left an item behind")
    }
}
