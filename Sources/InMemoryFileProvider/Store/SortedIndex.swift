/// An ordered map from unique keys to values, stored as a list of sorted chunks.
///
/// Lookup, insertion and removal cost O(log n) comparisons plus moving at most one chunk's
/// elements (`chunkCapacity`) and, when a chunk splits or empties, one entry per chunk — so a
/// folder of millions of items stays cheap to change, unlike one sorted array whose insertions
/// move O(n) elements. Ordered iteration from any key (a keyset page) costs O(log n) to seek and
/// O(1) per element. Keys and values are kept in separate arrays so a search touches keys only.
struct SortedIndex<Key: Comparable & Sendable, Value: Sendable>: Sendable {
    /// The most elements a chunk holds before it splits.
    static var chunkCapacity: Int { 512 }

    private struct Chunk: Sendable {
        var keys: [Key]
        var values: [Value]
    }

    private var chunks: [Chunk] = []
    /// The last (largest) key of each chunk, kept beside the chunks so that finding a chunk reads
    /// one contiguous array.
    private var lastKeys: [Key] = []

    /// The number of elements.
    private(set) var count = 0

    /// Whether the index holds no element.
    var isEmpty: Bool { count == 0 }

    /// The value stored for `key`, if any.
    func value(for key: Key) -> Value? {
        guard let (chunk, position) = find(key) else { return nil }
        return chunks[chunk].values[position]
    }

    /// Stores `value` for `key` unless the key is present.
    ///
    /// - Returns: `false`, and changes nothing, when `key` is already present.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> Bool {
        guard !chunks.isEmpty else {
            chunks = [Chunk(keys: [key], values: [value])]
            lastKeys = [key]
            count = 1
            return true
        }
        let chunkIndex = min(Self.lowerBound(of: key, in: lastKeys), chunks.count - 1)
        let position = Self.lowerBound(of: key, in: chunks[chunkIndex].keys)
        if position < chunks[chunkIndex].keys.count, chunks[chunkIndex].keys[position] == key { return false }
        chunks[chunkIndex].keys.insert(key, at: position)
        chunks[chunkIndex].values.insert(value, at: position)
        count += 1
        if position == chunks[chunkIndex].keys.count - 1 { lastKeys[chunkIndex] = key }
        if chunks[chunkIndex].keys.count > Self.chunkCapacity {
            split(chunkIndex, appendedAtEnd: position == Self.chunkCapacity)
        }
        return true
    }

    /// Replaces the value stored for `key`.
    ///
    /// - Returns: `false`, and changes nothing, when `key` is absent.
    @discardableResult
    mutating func update(_ value: Value, for key: Key) -> Bool {
        guard let (chunk, position) = find(key) else { return false }
        chunks[chunk].values[position] = value
        return true
    }

    /// Removes the element with `key` and returns its value, or `nil` when the key is absent.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let (chunkIndex, position) = find(key) else { return nil }
        chunks[chunkIndex].keys.remove(at: position)
        let value = chunks[chunkIndex].values.remove(at: position)
        count -= 1
        if let last = chunks[chunkIndex].keys.last {
            lastKeys[chunkIndex] = last
            mergeIfSmall(chunkIndex)
        } else {
            chunks.remove(at: chunkIndex)
            lastKeys.remove(at: chunkIndex)
        }
        return value
    }

    /// Calls `body` with the elements whose key is greater than `key` (every element when `key`
    /// is `nil`), in key order, at most `limit` of them.
    ///
    /// - Returns: whether elements remain after the last one passed to `body`.
    func forEach(after key: Key?, limit: Int, _ body: (Key, Value) -> Void) -> Bool {
        var chunkIndex = 0
        var position = 0
        if let key {
            chunkIndex = Self.upperBound(of: key, in: lastKeys)
            guard chunkIndex < chunks.count else { return false }
            position = Self.upperBound(of: key, in: chunks[chunkIndex].keys)
        }
        var remaining = limit
        while chunkIndex < chunks.count {
            let chunk = chunks[chunkIndex]
            let end = position + min(chunk.keys.count - position, remaining)
            for index in position..<end { body(chunk.keys[index], chunk.values[index]) }
            remaining -= end - position
            if end < chunk.keys.count { return true }
            chunkIndex += 1
            position = 0
            if remaining == 0 { return chunkIndex < chunks.count }
        }
        return false
    }

    /// Every element in key order.
    var elements: [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        result.reserveCapacity(count)
        _ = forEach(after: nil, limit: count) { result.append((key: $0, value: $1)) }
        return result
    }

    private func find(_ key: Key) -> (chunk: Int, position: Int)? {
        let chunkIndex = Self.lowerBound(of: key, in: lastKeys)
        guard chunkIndex < chunks.count else { return nil }
        let keys = chunks[chunkIndex].keys
        let position = Self.lowerBound(of: key, in: keys)
        guard position < keys.count, keys[position] == key else { return nil }
        return (chunkIndex, position)
    }

    /// Splits an overfull chunk: in halves, or — when the element went to the end of the last
    /// chunk, as in-order insertions do — by moving that element alone to a new chunk, so that
    /// in-order growth leaves full chunks behind. Both parts get arrays of exactly their size:
    /// the overfull array had doubled its capacity, and keeping it would waste half of it.
    private mutating func split(_ chunkIndex: Int, appendedAtEnd: Bool) {
        let chunk = chunks[chunkIndex]
        let cut = appendedAtEnd && chunkIndex == chunks.count - 1 ? chunk.keys.count - 1 : chunk.keys.count / 2
        chunks[chunkIndex] = Chunk(keys: Array(chunk.keys[..<cut]), values: Array(chunk.values[..<cut]))
        lastKeys[chunkIndex] = chunk.keys[cut - 1]
        chunks.insert(Chunk(keys: Array(chunk.keys[cut...]), values: Array(chunk.values[cut...])), at: chunkIndex + 1)
        lastKeys.insert(chunk.keys[chunk.keys.count - 1], at: chunkIndex + 1)
    }

    /// Merges a chunk that fell below a quarter of the capacity into its right neighbour (or its
    /// left one) when both fit in one chunk, so removals never leave many tiny chunks.
    private mutating func mergeIfSmall(_ chunkIndex: Int) {
        guard chunks[chunkIndex].keys.count < Self.chunkCapacity / 4, chunks.count > 1 else { return }
        let left = chunkIndex + 1 < chunks.count ? chunkIndex : chunkIndex - 1
        guard chunks[left].keys.count + chunks[left + 1].keys.count <= Self.chunkCapacity else { return }
        let right = chunks.remove(at: left + 1)
        chunks[left].keys += right.keys
        chunks[left].values += right.values
        lastKeys.remove(at: left)
    }

    /// The first index whose element is not less than `key`.
    private static func lowerBound(of key: Key, in keys: [Key]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index whose element is greater than `key`.
    private static func upperBound(of key: Key, in keys: [Key]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if key < keys[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
