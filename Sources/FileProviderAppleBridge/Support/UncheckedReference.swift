/// A value of Apple's framework carried across a concurrency boundary: Apple's extension objects,
/// enumerators and callbacks are called from any queue by Apple's own system, so they are
/// thread-safe by Apple's contract even where their types do not say `Sendable`.
package struct UncheckedReference<Value>: @unchecked Sendable {
    /// The value.
    package let value: Value

    /// Wraps a value.
    package init(_ value: Value) {
        self.value = value
    }
}
