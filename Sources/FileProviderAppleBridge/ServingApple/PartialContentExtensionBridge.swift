import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

#if os(macOS) || !canImport(FileProvider)
/// A ``ReplicatedExtensionBridge`` that also adopts Apple's `NSFileProviderPartialContentFetching`
/// (macOS only, as Apple's protocol is),
/// for a provider that adopts `PartialContentFetching`: subclass this one instead,
/// so that Apple's system asks for ranges only when your provider serves them.
///
/// The returned file holds the range at its own offset, as both contracts say; it crosses
/// untouched. A provider that does not adopt `PartialContentFetching` after all
/// serves the whole file, reported as the range `0..<size` (Apple's "fully materialized").
open class PartialContentExtensionBridge: ReplicatedExtensionBridge, NSFileProviderPartialContentFetching,
    @unchecked Sendable
{
    /// The provider's `fetchPartialContents(for:version:request:minimalRange:aligningTo:options:)`.
    open func fetchPartialContents(
        for itemIdentifier: NSFileProviderItemIdentifier,
        version requestedVersion: NSFileProviderItemVersion,
        request: NSFileProviderRequest,
        minimalRange requestedRange: NSRange,
        aligningTo alignment: Int,
        options: NSFileProviderFetchContentsOptions = [],
        completionHandler:
            @escaping (
                URL?, NSFileProviderItem?, NSRange, NSFileProviderMaterializationFlags, (any Error)?
            ) -> Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let version = Self.version(requestedVersion)
        let identifier = ItemIdentifier(itemIdentifier)
        let range = Int64(requestedRange.location)..<Int64(requestedRange.location + requestedRange.length)
        return AppleOperation.start(request) { request -> FetchedPartialContents in
            guard let partial = provider as? any PartialContentFetching else {
                let whole = try await provider.fetchContents(for: identifier, version: version.get(), request: request)
                let size = try FileManager.default.attributesOfItem(atPath: whole.url.path)[.size] as? Int64 ?? 0
                return FetchedPartialContents(url: whole.url, item: whole.item, range: 0..<size)
            }
            return try await partial.fetchPartialContents(
                for: identifier,
                version: version.get() ?? ItemVersion(),
                request: request,
                minimalRange: range,
                aligningTo: alignment,
                options: FetchContentsOptions(options)
            )
        } reply: { result in
            switch result {
            case .success(let fetched):
                completionHandler.value(
                    fetched.url,
                    BridgedItem(fetched.item),
                    NSRange(location: Int(fetched.range.lowerBound), length: Int(fetched.range.count)),
                    fetched.flags.apple,
                    nil
                )
            case .failure(let error):
                completionHandler.value(nil, nil, NSRange(location: NSNotFound, length: 0), [], error)
            }
        }
    }
}
#endif
