extension CheckContext {
    /// Records a finding naming `clauses` unless `condition` holds.
    func expect(
        _ condition: Bool,
        _ message: @autoclosure () -> String,
        clauses: [String],
        expected: String? = nil,
        actual: String? = nil
    ) {
        if !condition { fail(message(), clauses: clauses, expected: expected, actual: actual) }
    }
}
