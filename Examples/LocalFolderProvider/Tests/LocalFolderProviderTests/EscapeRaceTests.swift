import FileProviderKit
import Foundation
import LocalFolderProvider
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another program swaps a folder inside the root for a symbolic link to an outside folder — and a
/// file for a link to an outside file — over and over, while the provider creates, writes, dates,
/// renames, deletes and fetches there. Nothing outside may change and no outside byte may be
/// served: every such event is an escape, and the test expects none.
///
/// The race runs for `LOCALFOLDER_ESCAPE_SECONDS` seconds (2 by default);
/// `Scripts/escape-race.sh` runs it long.
@Suite("Escape race")
struct EscapeRaceTests {
    static let marker = "OUTSIDE-ONLY"

    static var duration: Duration {
        let seconds = ProcessInfo.processInfo.environment["LOCALFOLDER_ESCAPE_SECONDS"].flatMap(Double.init) ?? 2
        return .milliseconds(Int(max(0.1, seconds) * 1_000))
    }

    @Test("a folder or file swapped for a link to the outside, again and again, never leads outside")
    func swappedEntriesNeverLeadOutside() async throws {
        let (provider, folders) = try LocalFolderProvider.temporary()
        defer { folders.remove() }
        let outside = folders.base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for name in ["note.txt", "new-0.txt", "kept.txt"] {
            try Data("\(Self.marker) \(name)".utf8).write(to: outside.appendingPathComponent(name))
        }
        let secret = folders.base.appendingPathComponent("secret.txt")
        try Data("\(Self.marker) secret".utf8).write(to: secret)
        let before = try Self.fingerprint(of: [outside, secret])

        let docs = try await provider.create("Docs")
        let kept = try await provider.create("kept.txt", in: docs.itemIdentifier, text: "inside")
        let top = try await provider.create("top.txt", text: "inside")
        let swapper = Swapper(
            swaps: [
                (folders.root.appendingPathComponent("Docs"), outside),
                (folders.root.appendingPathComponent("top.txt"), secret),
            ]
        )
        swapper.start()
        var operations = 0
        var servedOutsideBytes = 0
        let deadline = ContinuousClock.now.advanced(by: Self.duration)
        while ContinuousClock.now < deadline {
            operations += await Self.exercise(
                provider,
                folder: docs.itemIdentifier,
                files: [kept, top],
                round: operations
            )
            for file in [kept.itemIdentifier, top.itemIdentifier] {
                if let text = try? await provider.text(of: file), text.contains(Self.marker) { servedOutsideBytes += 1 }
            }
        }
        let swaps = await swapper.stop()
        let after = try Self.fingerprint(of: [outside, secret])
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        print("escape race: \(operations) operations, \(swaps) swaps, \(changed.count + servedOutsideBytes) escapes")
        #expect(changed == [], "entries outside the root changed")
        #expect(servedOutsideBytes == 0, "fetches served bytes from outside the root")
        #expect(swaps > 0)
        await provider.invalidate()
    }

    /// One round of operations in and around the swapped entries; failures are expected while
    /// the disk is being swapped and are ignored. Returns the number of operations attempted.
    static func exercise(
        _ provider: LocalFolderProvider,
        folder: ItemIdentifier,
        files: [ItemSnapshot],
        round: Int
    ) async -> Int {
        let created = try? await provider.create("new-\(round % 3).txt", in: folder, text: "inside \(round)")
        for file in files {
            guard let current = try? await provider.item(for: file.itemIdentifier, request: Request()) else { continue }
            var changed = ItemSnapshot(current)
            changed.contentModificationDate = Date(timeIntervalSince1970: 1_000 + Double(round))
            let contents = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try? Data("inside \(round)".utf8).write(to: contents)
            _ = try? await provider.modifyItem(
                changed,
                baseVersion: current.itemVersion,
                changedFields: round % 2 == 0 ? [.contents, .contentModificationDate] : .contentModificationDate,
                contents: contents,
                options: [],
                request: Request()
            )
            try? FileManager.default.removeItem(at: contents)
        }
        if let created {
            _ = try? await provider.rename(created, to: "renamed-\(round % 3).txt")
            let latest = try? await provider.item(for: created.itemIdentifier, request: Request())
            try? await provider.deleteItem(
                identifier: created.itemIdentifier,
                baseVersion: latest?.itemVersion ?? created.itemVersion,
                options: [],
                request: Request()
            )
        }
        return 2 + 2 * files.count
    }

    /// Every entry below `urls` (not following links): kind, size, modification time and bytes.
    static func fingerprint(of urls: [URL]) throws -> [String: String] {
        var result: [String: String] = [:]
        var pending = urls
        while let url = pending.popLast() {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            let bytes = isFolder ? Data() : ((try? Data(contentsOf: url)) ?? Data())
            result[url.path] =
                "\(status.st_mode) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(bytes.hashValue)"
            if isFolder {
                pending += try FileManager.default.contentsOfDirectory(atPath: url.path).map {
                    url.appendingPathComponent($0)
                }
            }
        }
        return result
    }
}

/// The hostile program: on a thread of its own, moves each entry aside, puts a symbolic link to
/// its target in its place for a random moment, then puts the entry back, until stopped.
final class Swapper: Sendable {
    private let swaps: [(entry: String, target: String)]
    private let stopping = Atomic<Bool>(false)
    private let finished = Mutex<(count: Int, waiter: CheckedContinuation<Int, Never>?, done: Bool)>((0, nil, false))

    init(swaps: [(entry: URL, target: URL)]) {
        self.swaps = swaps.map { ($0.entry.path, $0.target.path) }
    }

    func start() {
        let thread = Thread { [self] in
            var count = 0
            while !stopping.load(ordering: .relaxed) {
                for (entry, target) in swaps {
                    let aside = entry + ".aside"
                    guard rename(entry, aside) == 0 else { continue }
                    symlink(target, entry)
                    usleep(UInt32.random(in: 0...200))
                    unlink(entry)
                    rename(aside, entry)
                    usleep(UInt32.random(in: 0...200))
                    count += 1
                }
            }
            let waiter = finished.withLock { state in
                state.count = count
                state.done = true
                return state.waiter
            }
            waiter?.resume(returning: count)
        }
        thread.start()
    }

    /// Stops the swapping, waits until every entry is back in place, and returns the number of swaps.
    func stop() async -> Int {
        stopping.store(true, ordering: .relaxed)
        return await withCheckedContinuation { continuation in
            let count = finished.withLock { state -> Int? in
                if state.done { return state.count }
                state.waiter = continuation
                return nil
            }
            if let count { continuation.resume(returning: count) }
        }
    }
}
