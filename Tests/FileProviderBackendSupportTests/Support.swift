import FileProviderKit
import Foundation

/// SplitMix64: a deterministic generator, so every randomized test replays from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A folder of its own under the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("backend-support-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Cuts `file` to its first `length` bytes, as a crash in the middle of a write leaves it.
    func truncate(_ name: String, to length: Int) throws {
        let handle = try FileHandle(forWritingTo: file(name))
        try handle.truncate(atOffset: UInt64(length))
        try handle.close()
    }

    func size(of name: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: file(name).path)[.size] as? Int ?? 0
    }
}

func item(
    _ identifier: ItemIdentifier,
    _ name: String,
    in parent: ItemIdentifier = .rootContainer,
    folder: Bool = false,
    date: Date? = nil
) -> ItemSnapshot {
    ItemSnapshot(
        itemIdentifier: identifier,
        parentItemIdentifier: parent,
        filename: name,
        contentType: folder ? .folder : .forFilename(name),
        contentModificationDate: date
    )
}
