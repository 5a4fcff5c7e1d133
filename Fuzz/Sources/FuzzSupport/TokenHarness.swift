import FileProviderKit
import Foundation
import Synchronization

/// Fuzzes a writable provider's page and sync-anchor decoding through its public API.
///
/// The harness fills the provider with a folder and files (through `createItem`, so it works for
/// any writable provider) and collects the valid pages and anchors it hands out. Each input then
/// picks a container, a page size (the largest included) and a token — the input's bytes as they
/// are, or a valid token mutated by them — and enumerates from it. The provider must:
/// - never crash;
/// - refuse what it did not hand out with exactly `pageExpired` / `syncAnchorExpired`, and accept
///   only tokens it handed out for that container (anything else is a wrong acceptance);
/// - keep pages within the suggested size;
/// - leave its items unchanged.
/// A violation stops the process with a message, which libFuzzer reports as a finding.
public final class TokenHarness: Sendable {
    /// Page and batch sizes an observer may suggest: the largest must work like any other.
    static let sizes = [1, 2, 3, 7, 200, 0, -1, 1 << 40, Int.max - 1, Int.max]

    let provider: any FileProvider
    let containers: [ItemIdentifier]
    let baseline: [String]
    private let known = Mutex<(pages: [ItemIdentifier: Set<Data>], anchors: Set<Data>)>(([:], []))

    /// Fills `provider` and collects its valid tokens; writes them as seeds (see ``SeedWriter``).
    public init(provider: any FileProvider, name: String) {
        self.provider = provider
        let (folder, anchors) = Blocking.run { await Self.populate(provider) }
        let containers: [ItemIdentifier] = [.rootContainer, folder, .workingSet]
        self.containers = containers
        baseline = Blocking.run { await Self.listing(of: provider) }
        var pages: [ItemIdentifier: Set<Data>] = [:]
        for container in containers {
            pages[container] = Blocking.run { await Self.pages(of: container, in: provider) }
        }
        known.withLock { $0 = (pages, Set(anchors)) }
        SeedWriter.write(seeds(), prefix: name)
    }

    /// Runs one input.
    public func fuzz(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let selector = Int(bytes[0])
        let isAnchor = selector & 1 == 1
        let containerIndex = (selector >> 1) % containers.count
        let container = containers[containerIndex]
        let size = Self.sizes[Int(bytes[1]) % Self.sizes.count]
        let (pages, anchors) = known.withLock { ($0.pages[container] ?? [], $0.anchors) }
        let candidates = (isAnchor ? anchors : pages).sorted { $0.lexicographicallyPrecedes($1) }
        let token = Self.token(mode: (selector >> 4) % 4, payload: Array(bytes.dropFirst(2)), candidates: candidates)
        if isAnchor {
            guard let anchor = try? SyncAnchor(token) else { return }
            let accepted = Blocking.run { [provider] in await Self.changes(from: anchor, size: size, in: provider) }
            if let accepted {
                guard anchors.contains(token) else { fatalError("wrong acceptance: anchor \(Array(token))") }
                known.withLock { _ = $0.anchors.insert(accepted) }
            }
        } else {
            guard let page = try? Page(token) else { return }
            let accepted = Blocking.run { [provider] in
                await Self.page(of: container, from: page, size: size, in: provider)
            }
            if let accepted {
                guard pages.contains(token) else {
                    fatalError("wrong acceptance: page \(Array(token)) of \(container)")
                }
                if let next = accepted { known.withLock { _ = $0.pages[container, default: []].insert(next) } }
            }
        }
        let listing = Blocking.run { [provider] in await Self.listing(of: provider) }
        guard listing == baseline else { fatalError("a refused or accepted token changed the items") }
    }

    /// The token an input stands for: its payload as it is (mode 0), or a valid token with the
    /// payload XORed in (1), cut or extended (2), or inserted (3).
    static func token(mode: Int, payload: [UInt8], candidates: [Data]) -> Data {
        guard mode != 0, let first = payload.first, !candidates.isEmpty else { return Data(payload) }
        var base = [UInt8](candidates[Int(first) % candidates.count])
        let rest = Array(payload.dropFirst())
        switch mode {
        case 1:
            for (offset, byte) in rest.enumerated() where !base.isEmpty { base[offset % base.count] ^= byte }
        case 2:
            base = Array(base.prefix(rest.count % (base.count + 1))) + rest.dropFirst(rest.count % 2)
        default:
            let position = rest.first.map { Int($0) % (base.count + 1) } ?? 0
            base.insert(contentsOf: rest.dropFirst(), at: position)
        }
        return Data(base)
    }

    /// The seeds: every valid token as it is (mode 0) and once lightly mutated (mode 1), for
    /// every container and a few sizes.
    func seeds() -> [[UInt8]] {
        let (pages, anchors) = known.withLock { ($0.pages, $0.anchors) }
        var seeds: [[UInt8]] = []
        for (index, container) in containers.enumerated() {
            let selector = UInt8(index << 1)
            for page in pages[container] ?? [] {
                seeds.append([selector, 0] + page)
                seeds.append([selector | 0x10, 9, 0, 1])
            }
            for anchor in anchors {
                seeds.append([selector | 1, 4] + anchor)
                seeds.append([selector | 0x11, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
            }
        }
        return seeds
    }

    // MARK: Talking to the provider

    /// Creates a folder with files and files beside it; returns the folder and the anchors taken
    /// before, during and after.
    static func populate(_ provider: any FileProvider) async -> (ItemIdentifier, [Data]) {
        var anchors: [Data] = []
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        do {
            anchors.append(
                try await provider.enumerator(for: .workingSet, request: Request()).currentSyncAnchor()!.rawValue
            )
            let folder = try await create("Docs", in: .rootContainer, contents: nil, provider)
            for index in 0..<6 {
                try Data("file \(index)".utf8).write(to: scratch)
                _ = try await create("f\(index).txt", in: .rootContainer, contents: scratch, provider)
                _ = try await create("g\(index).txt", in: folder, contents: scratch, provider)
                if index == 2 {
                    anchors.append(
                        try await provider.enumerator(for: .workingSet, request: Request()).currentSyncAnchor()!
                            .rawValue
                    )
                }
            }
            anchors.append(
                try await provider.enumerator(for: .workingSet, request: Request()).currentSyncAnchor()!.rawValue
            )
            try? FileManager.default.removeItem(at: scratch)
            return (folder, anchors)
        } catch {
            fatalError("cannot fill the provider: \(error)")
        }
    }

    static func create(
        _ name: String,
        in parent: ItemIdentifier,
        contents: URL?,
        _ provider: any FileProvider
    )
        async throws -> ItemIdentifier
    {
        let template = ItemSnapshot(
            itemIdentifier: "template",
            parentItemIdentifier: parent,
            filename: name,
            contentType: contents == nil ? .folder : .plainText
        )
        let result = try await provider.createItem(
            basedOn: template,
            fields: contents == nil ? [.filename] : [.filename, .contents],
            contents: contents,
            options: [],
            request: Request()
        )
        guard let result else { fatalError("the provider refused to create \(name)") }
        return result.item.itemIdentifier
    }

    /// Every page of every listing of `container` (by name and by date, pages of 2), the initial
    /// pages included.
    static func pages(of container: ItemIdentifier, in provider: any FileProvider) async -> Set<Data> {
        var pages: Set<Data> = [Page.initialPageSortedByName.rawValue, Page.initialPageSortedByDate.rawValue]
        do {
            let enumerator = try await provider.enumerator(for: container, request: Request())
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                for try await page in enumerator.pages(startingAt: start, suggestedPageSize: 2) {
                    if let next = page.nextPage { pages.insert(next.rawValue) }
                }
            }
        } catch {
            fatalError("cannot list \(container): \(error)")
        }
        return pages
    }

    /// The next page's bytes (`.some(nil)` at the end) when the provider accepts `page`, `nil`
    /// when it refuses it with `pageExpired`.
    static func page(
        of container: ItemIdentifier,
        from page: Page,
        size: Int,
        in provider: any FileProvider
    ) async
        -> Data??
    {
        do {
            let enumerator = try await provider.enumerator(for: container, request: Request())
            var iterator = enumerator.pages(startingAt: page, suggestedPageSize: size).makeAsyncIterator()
            guard let first = try await iterator.next() else { fatalError("no page came back") }
            return .some(first.nextPage?.rawValue)
        } catch let error as FileProviderError where error.code == .pageExpired {
            return nil
        } catch {
            fatalError("page \(Array(page.rawValue)) of \(container) failed with \(error), not pageExpired")
        }
    }

    /// The anchor after the batch when the provider accepts `anchor`, `nil` when it refuses it
    /// with `syncAnchorExpired`.
    static func changes(from anchor: SyncAnchor, size: Int, in provider: any FileProvider) async -> Data? {
        do {
            let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
            return try await enumerator.changeBatch(from: anchor, suggestedBatchSize: size).anchor.rawValue
        } catch let error as FileProviderError where error.code == .syncAnchorExpired {
            return nil
        } catch {
            fatalError("anchor \(Array(anchor.rawValue)) failed with \(error), not syncAnchorExpired")
        }
    }

    /// The working set: identifier, parent, name and version of every item, sorted.
    static func listing(of provider: any FileProvider) async -> [String] {
        do {
            let items = try await provider.enumerator(for: .workingSet, request: Request()).allItems(
                suggestedPageSize: 100
            )
            return items.map { "\($0.itemIdentifier) \($0.parentItemIdentifier) \($0.filename) \($0.itemVersion)" }
                .sorted()
        } catch {
            fatalError("cannot list the working set: \(error)")
        }
    }
}
