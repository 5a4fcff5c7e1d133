extension FileProviderError {
    /// The error a validating initializer throws for a value past one of the contract's limits: an
    /// ``Code/invalidArgument`` whose ``message`` names the limit and the offending size or value,
    /// and whose ``underlyingError`` is the ``InvalidValueError`` giving the reason.
    ///
    /// ``Page``, ``SyncAnchor``, ``ItemVersion`` and ``DomainIdentifier`` throw it from their
    /// initializers and decoders, so a provider that builds one from a value too large lets the
    /// error propagate like any other; nothing is created when it is thrown.
    public static func invalidValue(_ reason: InvalidValueError.Reason) -> FileProviderError {
        let cause = InvalidValueError(reason)
        return FileProviderError(.invalidArgument, message: cause.description, underlyingError: cause)
    }

    /// Why a value was rejected, when this error is an ``invalidValue(_:)``; otherwise `nil`.
    public var invalidValueReason: InvalidValueError.Reason? {
        (underlyingError as? InvalidValueError)?.reason
    }
}
