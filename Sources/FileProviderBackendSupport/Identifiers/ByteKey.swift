/// A backend key as its UTF-8 bytes: equal only when the bytes are, unlike `String`, under which
/// canonically equivalent keys — two objects on the backend — would be one.
struct ByteKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ key: String) {
        bytes = Array(key.utf8)
    }
}
