import FileProviderKit
import Foundation

/// The folder where a host keeps the content it fetched: one file per item, at the item's
/// content version, within a byte budget.
///
/// When a new file pushes the total over the capacity, the least recently used files are
/// evicted until it fits again; the new file itself is never evicted, so one file larger than
/// the capacity is kept alone. Finding the least recently used file costs O(files held).
struct ContentCache {
    private struct Entry {
        var url: URL
        var byteCount: Int64
        var contentVersion: Data
        var lastUse: UInt64
    }

    /// The folder the cache owns; it is created empty and removed by ``removeFolder()``.
    let folder: URL
    /// The byte budget.
    let capacity: Int64

    private var entries: [ItemIdentifier: Entry] = [:]
    private var useCounter: UInt64 = 0
    private var fileCounter = 0

    /// The bytes held.
    private(set) var byteCount: Int64 = 0

    /// Creates the cache in a new folder inside `parent`.
    ///
    /// - Throws: the file system's error when the folder cannot be created.
    init(in parent: URL, capacity: Int64) throws {
        folder = parent.appendingPathComponent("FileProviderHost-\(UUID().uuidString)", isDirectory: true)
        self.capacity = capacity
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Moves `file` into the cache as the content of `identifier` at `contentVersion`, replacing
    /// what the cache held for it, and evicts least recently used files beyond the capacity.
    ///
    /// - Returns: the file's URL in the cache.
    /// - Throws: the file system's error when the file cannot be moved or measured; the cache is
    ///   then unchanged.
    mutating func store(_ file: URL, for identifier: ItemIdentifier, contentVersion: Data) throws -> URL {
        fileCounter += 1
        let destination = folder.appendingPathComponent(String(fileCounter), isDirectory: false)
        try FileManager.default.moveItem(at: file, to: destination)
        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        evict(identifier)
        useCounter += 1
        entries[identifier] = Entry(
            url: destination,
            byteCount: size,
            contentVersion: contentVersion,
            lastUse: useCounter
        )
        byteCount += size
        while byteCount > capacity,
            let victim = entries.filter({ $0.key != identifier }).min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            evict(victim)
        }
        return destination
    }

    /// The cached content of `identifier`, marking it as just used; `nil` when none is held.
    mutating func contents(of identifier: ItemIdentifier) -> URL? {
        guard entries[identifier] != nil else { return nil }
        useCounter += 1
        entries[identifier]?.lastUse = useCounter
        return entries[identifier]?.url
    }

    /// The content version of the cached content of `identifier`, if any.
    func contentVersion(of identifier: ItemIdentifier) -> Data? {
        entries.isEmpty ? nil : entries[identifier]?.contentVersion
    }

    /// Removes the cached content of `identifier`, if any.
    mutating func evict(_ identifier: ItemIdentifier) {
        guard !entries.isEmpty, let entry = entries.removeValue(forKey: identifier) else { return }
        byteCount -= entry.byteCount
        try? FileManager.default.removeItem(at: entry.url)
    }

    /// Evicts the content of every item whose current content version, as `currentVersion`
    /// tells, is not the cached one (`nil`: the item is gone).
    mutating func retainOnly(_ currentVersion: (ItemIdentifier) -> Data?) {
        for (identifier, entry) in entries where currentVersion(identifier) != entry.contentVersion {
            evict(identifier)
        }
    }

    /// Removes the cache's folder and everything in it.
    mutating func removeFolder() {
        entries.removeAll()
        byteCount = 0
        try? FileManager.default.removeItem(at: folder)
    }
}
