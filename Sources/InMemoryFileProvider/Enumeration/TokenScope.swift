import FileProviderKit

/// What a page or anchor is valid for: one domain (by a fingerprint of its identifier) at one
/// store epoch. A token of another scope is refused.
struct TokenScope: Hashable, Sendable {
    let domain: UInt64
    let epoch: UInt64
}

extension StoreState {
    /// The scope of the pages and anchors the store hands out now.
    var tokenScope: TokenScope {
        TokenScope(domain: TokenCodec.fingerprint(domain.identifier.rawValue), epoch: epoch)
    }

    /// The anchor of a change-log position in the current scope.
    ///
    /// - Throws: `FileProviderError.Code.cannotSynchronize` should it exceed 500 bytes, which
    ///   the bound on identifiers rules out.
    func anchor(at position: UInt64, marker: ItemIdentifier?) throws(FileProviderError) -> SyncAnchor {
        guard let anchor = AnchorToken(scope: tokenScope, position: position, marker: marker).anchor else {
            throw FileProviderError(.cannotSynchronize, message: "The anchor would be too large.")
        }
        return anchor
    }
}
