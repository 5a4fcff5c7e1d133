import Foundation

/// A filename's position in the contract's name order: Unicode scalar order of the name's
/// canonical composition (Normalization Form C).
///
/// This is the order Swift's `String` `<` intends, made total: on Linux, `String` `<` orders
/// neither of two names before the other when one, composed, is a prefix of the other written
/// precomposed (`"e\u{301}clair"` and `"\u{E9}clair2"`), so a sorted index and a keyset page
/// resuming after one of them disagree and the listing skips or repeats a child. Two keys are
/// equal exactly when their names are canonically equivalent, as `String` `==` says; every pair
/// of keys is ordered one way, consistently, whatever the names.
public struct FilenameSortKey: Hashable, Comparable, Sendable {
    /// The name in Normalization Form C; its UTF-8 bytes, compared as unsigned bytes, give the
    /// order (UTF-8 byte order is Unicode scalar order).
    public let normalizedName: String

    /// The key of `name`. A name whose scalars all lie below U+0300 (ASCII, Latin-1 and the
    /// Latin Extended letters) is its own composition and shares its storage.
    public init(_ name: String) {
        // No scalar below U+0300 decomposes or combines (the first combining mark is U+0300), so
        // such a name is already in Normalization Form C. In UTF-8 those scalars are exactly the
        // ones whose bytes all lie below 0xCC, the lead byte of U+0300 to U+033F.
        normalizedName = name.utf8.allSatisfy { $0 < 0xCC } ? name : name.precomposedStringWithCanonicalMapping
    }

    /// Whether `lhs` sorts before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let fast = lhs.normalizedName.utf8.withContiguousStorageIfAvailable { left in
            rhs.normalizedName.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
                    let order = memcmp(leftBase, rightBase, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
        return (fast ?? nil) ?? lhs.normalizedName.utf8.lexicographicallyPrecedes(rhs.normalizedName.utf8)
    }

    /// Whether the two names are canonically equivalent.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.normalizedName.utf8.elementsEqual(rhs.normalizedName.utf8)
    }

    /// Hashes the normalized name's bytes, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        for byte in normalizedName.utf8 { hasher.combine(byte) }
    }

    /// Whether `lhs` sorts before `rhs` in the contract's name order: a strict total order on
    /// names up to canonical equivalence, for sorting with `sorted(by:)`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        Self(lhs) < Self(rhs)
    }
}
