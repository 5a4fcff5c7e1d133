import FruitBasketAPI

extension SQLValue {
    /// Refuses text holding U+0000 before any statement binds it, so that both databases accept
    /// and refuse exactly the same requests: PostgreSQL cannot store a NUL in `TEXT` at all,
    /// while SQLite can. An identifier, a name, a symlink target or a cursor key with a NUL is
    /// therefore refused the same way on both.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest` when a text value of `binds` holds a NUL.
    static func refuseNUL(in binds: [SQLValue]) throws {
        for case .text(let text) in binds where text.utf8.contains(0) {
            throw APIErrorBody(.invalidRequest, "Text with a NUL character (U+0000) is not accepted.")
        }
    }
}
