import Foundation

/// How the server compares names: two siblings may not have names equal under this rule.
///
/// Names compare after Unicode canonical composition (NFC) and case-sensitively, so "Café" typed
/// with a combining accent collides with the precomposed "Café", and "a.txt" does not collide with
/// "A.txt". A valid name is non-empty, at most 255 bytes of UTF-8, not "." or "..", and holds
/// neither "/" nor NUL.
public enum WireNameRule {
    /// The key names are unique by within a folder.
    public static func key(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
    }

    /// Why `name` is not a valid name, or `nil` when it is.
    public static func problem(in name: String) -> String? {
        if name.isEmpty { return "a name cannot be empty" }
        if name == "." || name == ".." { return "a name cannot be \"\(name)\"" }
        if name.utf8.count > 255 { return "a name is at most 255 bytes of UTF-8" }
        if name.contains("/") || name.contains("\0") { return "a name cannot hold \"/\" or NUL" }
        return nil
    }
}
