import FileProviderKit

/// What a successful provider call returned.
enum CallOutcome: Sendable {
    /// A create or modify returned this result.
    case mutated(ItemMutationResult)
    /// A create returned no item: the provider refused it.
    case refused
    /// A modify returned no item: the item left the domain.
    case leftDomain(ItemIdentifier)
    /// A delete of this identifier succeeded.
    case deleted(ItemIdentifier)
    /// A fetch returned this content.
    case fetched(FetchedContents)
}
