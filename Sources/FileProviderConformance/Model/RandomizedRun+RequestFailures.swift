import FileProviderKit
import Foundation

/// A write with one of its backend requests failing (``ProviderFixture/failRequest``): the item
/// must afterwards be untouched or fully changed, never half (R16.8).
extension RandomizedRun {
    /// What a failed call left of the write it was asked to make.
    enum Remains {
        /// Nothing: the item is as it was, or no item was made.
        case untouched
        /// The whole write, as the provider would have returned it.
        case applied(ItemMutationResult?)
    }

    /// Makes `inner`'s write with backend request `request` armed to fail. A success is judged as
    /// ever (the armed request may lie beyond the call's last). A failure with any error is a
    /// right answer, after which the item must be untouched or fully changed: a creation made
    /// whole or not at all, every field a modification names new or every one old, a deletion
    /// done or not. A change made whole is recorded as the call's success, as a lost response.
    mutating func failingRequest(_ inner: ModelOperation, request: Int) async throws {
        guard let failRequest, let mutation = try await mutation(for: inner) else { return }
        let provider = self.provider
        var before: ItemSnapshot?
        if let identifier = mutation.target {
            before = try await attempt { ItemSnapshot(try await provider.item(for: identifier, request: Request())) }
        }
        resolve("\(mutation), with backend request \(request) failing")
        let expectation = mutation.expectation(in: model)
        try await attempt { try await failRequest(request) }
        let outcome = await mutation.perform(on: provider)
        try await attempt { try await failRequest(nil) }
        switch outcome {
        case .failure(let error) where error is CancellationError:
            throw CancellationError()
        case .success:
            try judge(outcome, of: mutation, expecting: expectation)
        case .failure:
            let remains = try await remains(of: mutation, before: before)
            if case .applied(let result) = remains {
                try ensure(
                    expectation.success,
                    "\(mutation) failed, but made the change the model says must fail",
                    clauses: ["R16.1"],
                    expected: expectation.description
                )
                try record(.success(result), of: mutation)
                if let target = mutation.target ?? result?.item.itemIdentifier { lostResponses.insert(target) }
            } else {
                refused(mutation, clauses: ["R16.8", "R16.1"])
            }
        }
    }

    /// What `mutation`, whose call failed, left in the store; fails when it left half a change.
    private func remains(of mutation: ModelMutation, before: ItemSnapshot?) async throws -> Remains {
        switch mutation.action {
        case .create(let template, _, let content, _):
            return try await createdRemains(template, content: content)
        case .modify(let template, _, let fields, let content, _, _):
            guard let before else { return .untouched }
            return try await modifiedRemains(template, fields: fields, content: content, before: before)
        case .delete(let identifier, _, _):
            do {
                _ = try await provider.item(for: identifier, request: Request())
                return .untouched
            } catch let error as FileProviderError where error.code == .noSuchItem {
                return .applied(nil)
            }
        }
    }

    /// A failed creation made the item whole, with its kind and bytes, or made none.
    private func createdRemains(_ template: ItemSnapshot, content: Data?) async throws -> Remains {
        let parent = template.parentItemIdentifier
        let key = caseRule.collisionKey(for: template.filename)
        let children = try await attempt {
            try await provider.enumerator(for: parent, request: Request()).allItems(suggestedPageSize: 64)
        }
        guard
            let made = children.first(where: {
                model.items[$0.itemIdentifier] == nil && caseRule.collisionKey(for: $0.filename) == key
            })
        else { return .untouched }
        let identifier = made.itemIdentifier
        try ensure(
            made.contentType.isDirectory == (content == nil),
            "a failed creation left \(identifier) of the wrong kind in \(parent)",
            clauses: ["R16.8"],
            expected: content == nil ? "a folder or nothing" : "a file or nothing",
            actual: "\(made.contentType)"
        )
        if let content {
            let data = try await fetchedBytes(of: identifier)
            try ensure(
                data == content,
                "a failed creation left \(identifier) in \(parent) with part of its content",
                clauses: ["R16.8"],
                expected: "\(content.count) bytes, or no item",
                actual: "\(data.count) bytes"
            )
        }
        return .applied(ItemMutationResult(item: made))
    }

    /// A failed modification changed every field it names, or none.
    private func modifiedRemains(
        _ template: ItemSnapshot,
        fields: ItemFields,
        content: Data?,
        before: ItemSnapshot
    ) async throws -> Remains {
        let identifier = template.itemIdentifier
        let after: ItemSnapshot
        do {
            after = ItemSnapshot(try await provider.item(for: identifier, request: Request()))
        } catch {
            throw failure(
                "a failed modification of \(identifier) lost the item",
                clauses: ["R16.8"],
                expected: "the item, untouched or fully changed",
                actual: "\(error)"
            )
        }
        var changed: [String] = []
        var kept: [String] = []
        var neither: [String] = []
        for field in StoredFields.placement + StoredFields.metadata
        where !field.field.isEmpty && fields.contains(field.field) {
            let (new, old, now) = (field.value(template), field.value(before), field.value(after))
            if new == old { continue }
            if now == new {
                changed.append(field.name)
            } else if now == old {
                kept.append(field.name)
            } else {
                neither.append("\(field.name) \(now)")
            }
        }
        if fields.contains(.contents), let content, let old = model.items[identifier]?.content, content != old {
            let data = try await fetchedBytes(of: identifier)
            if data == content {
                changed.append("contents")
            } else if data == old {
                kept.append("contents")
            } else {
                neither.append("contents of \(data.count) bytes")
            }
        }
        try ensure(
            neither.isEmpty && (changed.isEmpty || kept.isEmpty),
            "a failed modification of \(identifier) changed it in part",
            clauses: ["R16.8"],
            expected: "every named field new, or every one as before",
            actual: "new: \(changed), as before: \(kept), neither: \(neither)"
        )
        return changed.isEmpty ? .untouched : .applied(ItemMutationResult(item: after))
    }
}
