import FileProviderKit

/// The internal steps of an operation, one of which a test can make fail (see
/// ``InMemoryStore/failStep(_:)``).
extension StoreState {
    /// The size of one chunk of an upload: content counts one step per started chunk.
    static let uploadChunkSize = 64 * 1_024

    /// Counts one step; throws when it is the armed failing one, and disarms it.
    ///
    /// - Throws: `FileProviderError.Code.serverUnreachable` for the failing step.
    mutating func takeStep() throws(FileProviderError) {
        guard let remaining = failingStep else { return }
        guard remaining <= 1 else {
            failingStep = remaining - 1
            return
        }
        failingStep = nil
        throw FileProviderError(
            .serverUnreachable,
            message: "A request inside the operation failed (an injected step failure)."
        )
    }

    /// How many steps an upload of `byteCount` bytes takes: one per started chunk, at least one.
    static func uploadSteps(_ byteCount: Int) -> Int {
        max(1, (byteCount + uploadChunkSize - 1) / uploadChunkSize)
    }

    /// How many items deleting `identifier` removes: the item and, for a folder, every
    /// descendant; 0 for an unknown item.
    func treeSize(_ identifier: ItemIdentifier) -> Int {
        guard items.value(for: identifier) != nil else { return 0 }
        var count = 0
        var pending = [identifier]
        while let next = pending.popLast() {
            count += 1
            if let folder = folders[next] { pending += folder.byName.elements.map(\.value.itemIdentifier) }
        }
        return count
    }
}
