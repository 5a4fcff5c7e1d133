import FileProviderBackendSupport
import FileProviderKit
import Foundation

/// What a page or anchor is valid for: one domain (by a fingerprint of its identifier) at one
/// store epoch. A token of another scope is refused.
///
/// Tokens use the building blocks' binary form (`TokenBytes`: magic, format version, fields, FNV-1a
/// checksum) with the scope as their first two fields.
struct TokenScope: Hashable, Sendable {
    let domain: UInt64
    let epoch: UInt64

    /// Starts a token of the kind `magic` valid in this scope.
    func writer(magic: StaticString) -> TokenBytes.Writer {
        var writer = TokenBytes.Writer(magic: magic)
        writer.append(domain)
        writer.append(epoch)
        return writer
    }

    /// A reader past the scope of `data`; `nil` when it is not a token of the kind `magic`
    /// written in this scope, or does not parse.
    func reader(of data: Data, magic: StaticString) -> TokenBytes.Reader? {
        guard var reader = TokenBytes.Reader(data, magic: magic), reader.readUInt64() == domain,
            reader.readUInt64() == epoch
        else { return nil }
        return reader
    }
}

extension StoreState {
    /// The scope of the pages and anchors the store hands out now.
    var tokenScope: TokenScope {
        TokenScope(domain: TokenBytes.fingerprint(domain.identifier.rawValue), epoch: epoch)
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
