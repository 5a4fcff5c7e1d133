import FileProviderKit

/// Item identifiers interned as dense slot numbers, so that a ``Replica`` indexes its items by a
/// 4-byte slot instead of hashing and storing a string key in several places.
///
/// An open-addressing table with linear probing: each bucket packs the upper 32 bits of the
/// identifier's hash with its slot, so a probe compares strings only when the hashes match, and
/// growing the table never hashes a string again. Removal shifts the following buckets back
/// (no tombstones). The hash is a fixed multiply-and-xorshift mix of the UTF-8 bytes: fast, and
/// the same in every run. Released slots are reused.
struct IdentifierTable: Sendable {
    /// The slot number that stands for no slot.
    static let none = UInt32.max

    /// The identifier of each slot; a released slot holds an empty identifier.
    private(set) var identifiers: [ItemIdentifier] = []
    private var buckets: [UInt64] = []
    private var bucketBits = 0
    private var freeSlots: [UInt32] = []
    /// The number of slots in use.
    private(set) var count = 0

    /// The number of slots ever allocated, released ones included: slot numbers are below it.
    var slotCount: Int { identifiers.count }

    /// The identifier of `slot`.
    subscript(slot: UInt32) -> ItemIdentifier {
        identifiers[Int(slot)]
    }

    /// The slot of `identifier`, or `nil` when it is not interned.
    func slot(of identifier: ItemIdentifier) -> UInt32? {
        guard !buckets.isEmpty else { return nil }
        return find(identifier, tag: Self.tag(of: identifier)).slot
    }

    /// The slot of `identifier`, interning it first if needed.
    ///
    /// - Returns: the slot, and whether it was allocated by this call (its slot number is then
    ///   either `slotCount - 1` or a released slot reused).
    mutating func intern(_ identifier: ItemIdentifier) -> (slot: UInt32, inserted: Bool) {
        intern(identifier, tag: Self.tag(of: identifier))
    }

    /// Hints for interning `identifiers` one after the other with ``intern(_:hint:)``: each
    /// identifier's hash, computed once, and whether its home bucket was occupied. Reading the
    /// home buckets of a whole page in one tight loop lets the processor fetch them from memory
    /// in parallel, instead of one miss at a time between the work done for each item.
    func hints(for identifiers: some Sequence<ItemIdentifier>) -> [UInt64] {
        var hints: [UInt64] = []
        hints.reserveCapacity(identifiers.underestimatedCount)
        for identifier in identifiers {
            hints.append(UInt64(Self.tag(of: identifier)))
        }
        guard !buckets.isEmpty else { return hints }
        for index in hints.indices where buckets[Int(hints[index]) >> (32 - bucketBits)] != 0 {
            hints[index] |= 1 << 32
        }
        return hints
    }

    /// ``intern(_:)`` with a hint from ``hints(for:)``, taken while this table held the same
    /// identifiers or fewer.
    mutating func intern(_ identifier: ItemIdentifier, hint: UInt64) -> (slot: UInt32, inserted: Bool) {
        intern(identifier, tag: UInt32(truncatingIfNeeded: hint))
    }

    private mutating func intern(_ identifier: ItemIdentifier, tag: UInt32) -> (slot: UInt32, inserted: Bool) {
        if !buckets.isEmpty {
            let found = find(identifier, tag: tag)
            if let slot = found.slot { return (slot, false) }
            if (count + 1) * 4 <= buckets.count * 3 {
                return (insert(identifier, tag: tag, at: found.bucket), true)
            }
        }
        grow(toHold: count + 1)
        return (insert(identifier, tag: tag, at: find(identifier, tag: tag).bucket), true)
    }

    /// Releases `slot`: its identifier is no longer interned and the slot may be reused.
    mutating func release(_ slot: UInt32) {
        let identifier = identifiers[Int(slot)]
        var hole = find(identifier, tag: Self.tag(of: identifier)).bucket
        let mask = buckets.count - 1
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            let home = self.home(of: buckets[next])
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        identifiers[Int(slot)] = ItemIdentifier("")
        freeSlots.append(slot)
        count -= 1
    }

    /// Makes room for `capacity` slots without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        identifiers.reserveCapacity(capacity)
        if capacity * 4 > buckets.count * 3 { grow(toHold: capacity) }
    }

    /// Drops the spare capacity of the slot storage (the buckets keep theirs: they need it).
    mutating func shrinkToFit() {
        identifiers = identifiers.withUnsafeBufferPointer { Array($0) }
        freeSlots = freeSlots.withUnsafeBufferPointer { Array($0) }
    }

    private func find(_ identifier: ItemIdentifier, tag: UInt32) -> (bucket: Int, slot: UInt32?) {
        let mask = buckets.count - 1
        var bucket = Int(tag) >> (32 - bucketBits)
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return (bucket, nil) }
            if UInt32(truncatingIfNeeded: entry >> 32) == tag {
                let slot = UInt32(truncatingIfNeeded: entry) - 1
                if identifiers[Int(slot)] == identifier { return (bucket, slot) }
            }
            bucket = (bucket + 1) & mask
        }
    }

    private mutating func insert(_ identifier: ItemIdentifier, tag: UInt32, at bucket: Int) -> UInt32 {
        let slot: UInt32
        if let free = freeSlots.popLast() {
            slot = free
            identifiers[Int(slot)] = identifier
        } else {
            slot = UInt32(identifiers.count)
            identifiers.append(identifier)
        }
        buckets[bucket] = UInt64(tag) << 32 | UInt64(slot + 1)
        count += 1
        return slot
    }

    private mutating func grow(toHold capacity: Int) {
        var bits = max(bucketBits, 4)
        while capacity * 4 > (1 << bits) * 3 { bits += 1 }
        let old = buckets
        buckets = Array(repeating: 0, count: 1 << bits)
        bucketBits = bits
        let mask = buckets.count - 1
        for entry in old where entry != 0 {
            var bucket = home(of: entry)
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = entry
        }
    }

    private func home(of entry: UInt64) -> Int {
        Int(entry >> 32) >> (32 - bucketBits)
    }

    /// The upper 32 bits of the identifier's 64-bit hash.
    private static func tag(of identifier: ItemIdentifier) -> UInt32 {
        var string = identifier.rawValue
        let hash = string.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var state = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                state = mix(state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            return mix(state ^ tail)
        }
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
