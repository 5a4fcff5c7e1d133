import FileProviderKit
import Foundation

/// How items, versions, names and errors cross a broken provider's boundary.
extension BrokenProvider {
    /// Runs `body`, the way the bug runs it: detached from cancellation for
    /// ``Bug/cancellationIgnored``, its errors translated by ``outgoing(_:)-(any Error)``.
    func perform<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        do {
            if bug == .cancellationIgnored { return try await Task { try await body() }.value }
            return try await body()
        } catch {
            throw outgoing(error)
        }
    }

    /// Runs `body` like ``perform(_:)``, handing a `FileProviderError` it throws to `recover`.
    func perform<Value: Sendable>(
        _ body: @escaping @Sendable () async throws -> Value,
        recovering recover: (FileProviderError) async throws -> Value
    ) async throws -> Value {
        do {
            return try await perform(body)
        } catch let error as FileProviderError {
            return try await recover(error)
        }
    }

    /// `item` as the bug hands it out.
    func outgoing(_ item: any FileProviderItem) -> ItemSnapshot {
        var snapshot = ItemSnapshot(item)
        let version = snapshot.itemVersion
        switch bug {
        case .metadataEditBumpsContentVersion:
            snapshot.itemVersion = Self.version(
                content: version.contentVersion + version.metadataVersion,
                metadata: version.metadataVersion
            )
        case .contentVersionNeverChanges:
            snapshot.itemVersion = Self.version(
                content: Data("v1".utf8),
                metadata: version.contentVersion + version.metadataVersion
            )
        case .emptyFileSizeUnknown where snapshot.documentSize == 0:
            snapshot.documentSize = nil
        case .documentSizeInBlocks:
            snapshot.documentSize = snapshot.documentSize.map { ($0 + 4_095) / 4_096 * 4_096 }
        case .modificationDateFrozen:
            snapshot.contentModificationDate = snapshot.creationDate
        case .childCountNeverDecreases where snapshot.contentType == .folder:
            snapshot.childItemCount = memory.createdChildren(of: snapshot.itemIdentifier)
        case .normalisationTwinsAllowed:
            snapshot.filename = snapshot.filename.removingPercentEncoding ?? snapshot.filename
        case .rootHasNoName where snapshot.itemIdentifier == .rootContainer:
            snapshot.filename = ""
        case .symlinkTargetDropped:
            snapshot.symlinkTargetPath = nil
        default:
            break
        }
        return snapshot
    }

    /// `error` as the bug reports it.
    func outgoing(_ error: any Error) -> any Error {
        guard var error = error as? FileProviderError else { return error }
        switch (bug, error.code) {
        case (.collisionWithoutExistingItem, .filenameCollision), (.rejectedDeletionWithoutItem, .deletionRejected):
            return FileProviderError(error.code, message: error.message)
        case (.unknownItemGenericError, .noSuchItem):
            return ServerStatusError(status: 404)
        case (.offlineWrongCode, .serverUnreachable), (.quotaWrongCode, .insufficientQuota):
            return FileProviderError(.cannotSynchronize, message: error.message)
        case (.signedOutHidesItems, .notAuthenticated):
            return FileProviderError(.noSuchItem, message: error.message)
        default:
            error.item = error.item.map { outgoing($0) }
            return error
        }
    }

    /// The provider's own version for one the bug handed out.
    func incoming(_ version: ItemVersion) -> ItemVersion {
        switch bug {
        case .metadataEditBumpsContentVersion where version.contentVersion.count > version.metadataVersion.count:
            return Self.version(
                content: version.contentVersion.prefix(version.contentVersion.count - version.metadataVersion.count),
                metadata: version.metadataVersion
            )
        case .contentVersionNeverChanges where version.metadataVersion.count.isMultiple(of: 2):
            let half = version.metadataVersion.count / 2
            return Self.version(
                content: version.metadataVersion.prefix(half),
                metadata: version.metadataVersion.suffix(half)
            )
        default:
            return version
        }
    }

    /// `name` as the bug stores it.
    func incoming(name: String) -> String {
        switch bug {
        case .slashReplacedInNames:
            name.replacingOccurrences(of: "/", with: ":")
        case .normalisationTwinsAllowed:
            name.addingPercentEncoding(withAllowedCharacters: Self.unescaped) ?? name
        case .namesNormalisedToNFC:
            name.precomposedStringWithCanonicalMapping
        case .overlongNamesTruncated:
            Self.truncated(name)
        default:
            name
        }
    }

    /// For ``Bug/overlongNamesTruncated``: the longest prefix of whole characters of `name` that
    /// fits in 255 UTF-8 bytes.
    static func truncated(_ name: String) -> String {
        var kept = ""
        for character in name {
            guard kept.utf8.count + String(character).utf8.count <= Filename.maximumByteCount else { break }
            kept.append(character)
        }
        return kept
    }

    /// `item` with its name and dates as the bug stores them.
    func incoming(_ item: any FileProviderItem) -> ItemSnapshot {
        var snapshot = ItemSnapshot(item)
        snapshot.filename = incoming(name: snapshot.filename)
        if bug == .xattrsAsUTF8 {
            snapshot.extendedAttributes = snapshot.extendedAttributes.mapValues {
                Data(String(decoding: $0, as: UTF8.self).utf8)
            }
        }
        if bug == .datesTruncatedToSeconds {
            let whole = { (date: Date?) in
                date.map { Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down)) }
            }
            snapshot.creationDate = whole(snapshot.creationDate)
            snapshot.contentModificationDate = whole(snapshot.contentModificationDate)
            snapshot.lastUsedDate = whole(snapshot.lastUsedDate)
        }
        return snapshot
    }

    private static let unescaped = CharacterSet(charactersIn: Unicode.Scalar(0x20)...Unicode.Scalar(0x7E))
        .subtracting(CharacterSet(charactersIn: "%"))

    private static func version(content: Data, metadata: Data) -> ItemVersion {
        (try? ItemVersion(contentVersion: content, metadataVersion: metadata)) ?? ItemVersion()
    }
}
