import FileProviderKit

/// A signal a provider sent to the system through its ``InMemoryDomainManager``.
public enum DomainSignal: Hashable, Sendable {
    /// ``InMemoryDomainManager/signalEnumerator(for:in:)``: the container's content changed.
    case enumerator(ItemIdentifier, domain: DomainIdentifier)
    /// ``InMemoryDomainManager/signalErrorResolved(_:in:)``: operations held back by errors with
    /// this code may run again.
    case errorResolved(FileProviderError.Code, domain: DomainIdentifier)
}
