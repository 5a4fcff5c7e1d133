/// The name of an entry in a folder on disk, compared byte for byte.
///
/// The file system tells entries apart by the bytes of their names, while Swift's `String`
/// compares canonically equivalent spellings (`"caf\u{E9}"` and `"cafe\u{301}"`) as equal: a set of
/// strings keeps one of two such entries and a dictionary keyed by strings finds one for the other.
/// Wherever names stand for entries on disk — what the watcher reports, what a scan looks at, the
/// record at a place — they are kept as entry names.
struct EntryName: Hashable, Sendable {
    /// The name as the file system spells it.
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: EntryName, rhs: EntryName) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
    }
}
