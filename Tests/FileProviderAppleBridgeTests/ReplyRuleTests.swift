import FileProviderAppleBridge
import FileProviderKit
import Foundation
import Testing

/// How ``AppleExtensionProvider`` holds an extension that breaks Apple's reply rules: each call
/// ends once, with a finding instead of a hang or a crash.
@Suite("Apple's reply rules, driven from the contract")
struct ReplyRuleTests {
    @Test("a reply ends the call with its item, converted")
    func replyOnce() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .once))
        let item = try await provider.item(for: "a", request: Request())
        #expect(ItemSnapshot(item) == ScriptedExtension.item)
        #expect(provider.contractViolations.isEmpty)
    }

    @Test("a second reply is dropped and recorded; the first one stands")
    func replyTwice() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .twice))
        let item = try await provider.item(for: "a", request: Request())
        #expect(item.itemIdentifier == "a")
        #expect(provider.contractViolations.map(\.kind) == [.finishedMoreThanOnce])
    }

    @Test("a reply that never comes ends the call at the deadline with a finding")
    func neverReply() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .never), replyDeadline: .milliseconds(50))
        let error = try await #require(throws: FileProviderError.self) {
            _ = try await provider.item(for: "a", request: Request())
        }
        #expect(error.code == .unclassified)
        #expect((error.underlyingError as? ContractViolation)?.kind == .didNotFinish)
        #expect(provider.contractViolations.map(\.kind) == [.didNotFinish])
    }

    @Test("a reply with neither an item nor an error is a finding, not a success")
    func replyWithNothing() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .nothing))
        let error = try await #require(throws: FileProviderError.self) {
            _ = try await provider.item(for: "a", request: Request())
        }
        #expect(error.code == .unclassified)
        #expect(provider.contractViolations.map(\.kind) == [.didNotFinish])
    }

    @Test("cancelling the task cancels the extension's progress and ends the call with CancellationError")
    func cancellation() async throws {
        let scripted = ScriptedExtension(reply: .whenCancelled)
        let provider = AppleExtensionProvider(scripted, replyDeadline: .seconds(600))
        let call = Task { try await provider.item(for: "a", request: Request()) }
        call.cancel()
        await #expect(throws: CancellationError.self) { _ = try await call.value }
        #expect(provider.contractViolations.isEmpty)
    }

    @Test("nil from createItem and modifyItem is a nil result (Apple's 'delete it locally')")
    func nilMutationResults() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .once))
        let created = try await provider.createItem(
            basedOn: ScriptedExtension.item,
            fields: [],
            contents: nil,
            options: .mayAlreadyExist,
            request: Request()
        )
        #expect(created == nil)
        let modified = try await provider.modifyItem(
            ScriptedExtension.item,
            baseVersion: ScriptedExtension.item.itemVersion,
            changedFields: .filename,
            contents: nil,
            options: [],
            request: Request()
        )
        #expect(modified == nil)
    }

    @Test("an error outside Apple's domains is unclassified, carrying it (Apple would wrap it)")
    func foreignDomain() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .once))
        let error = try await #require(throws: FileProviderError.self) {
            try await provider.deleteItem(identifier: "a", baseVersion: ItemVersion(), options: [], request: Request())
        }
        #expect(error.code == .unclassified)
        #expect((error.underlyingError as? NSError)?.domain == "com.example.backend")
    }

    @Test("an unknown container fails with noSuchItem naming it")
    func unknownContainer() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .once))
        let error = try await #require(throws: FileProviderError.self) {
            _ = try await provider.enumerator(for: "missing", request: Request())
        }
        #expect(error.code == .noSuchItem)
        #expect(error.itemIdentifier == "missing")
    }

    @Test("an enumerator that finishes after returning still ends the page, once")
    func lateFinish() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .once))
        let items = try await provider.enumerator(for: .rootContainer, request: Request()).allItems()
        #expect(items.map(\.itemIdentifier) == ["a"])
        #expect(provider.contractViolations.isEmpty)
    }

    @Test("an enumerator that finishes twice: the page ends once, the second finish is recorded")
    func doubleFinish() async throws {
        let scripted = ScriptedExtension(reply: .twice)
        let provider = AppleExtensionProvider(scripted)
        let items = try await provider.enumerator(for: .rootContainer, request: Request()).allItems()
        #expect(items.map(\.itemIdentifier) == ["a"])
        for await _ in scripted.pagesDelivered.stream { break }
        #expect(provider.contractViolations.map(\.kind) == [.finishedMoreThanOnce])
    }

    @Test("an enumerator that never finishes ends the page at the deadline with a finding")
    func neverFinish() async throws {
        let provider = AppleExtensionProvider(ScriptedExtension(reply: .never), replyDeadline: .milliseconds(50))
        let enumerator = try await provider.enumerator(for: .rootContainer, request: Request())
        let error = try await #require(throws: FileProviderError.self) { _ = try await enumerator.allItems() }
        #expect(error.code == .unclassified)
        #expect(provider.contractViolations.map(\.kind) == [.didNotFinish])
    }
}
