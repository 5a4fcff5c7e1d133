import FileProviderKit
import Foundation

extension ProviderHost {
    /// Queues an operation. Under automatic scheduling it runs as soon as a slot is free and no
    /// earlier operation on the same item is unfinished; under manual scheduling it waits for
    /// ``run(_:)``.
    ///
    /// - Returns: the operation's identifier, for ``operation(_:)`` and ``run(_:)``.
    /// - Throws: ``HostError/stopped``.
    @discardableResult
    public func submit(_ operation: HostOperation) throws(HostError) -> OperationID {
        try ensureRunning()
        lastOperationNumber += 1
        let id = OperationID(lastOperationNumber)
        records[id] = OperationRecord(id: id, operation: operation)
        waitingOperations.insert(id)
        if let target = operation.targetItemIdentifier {
            queuesByItem[target, default: []].append(id)
        }
        schedule()
        return id
    }

    /// The record of an operation, or `nil` when no operation has `id`.
    public func operation(_ id: OperationID) -> OperationRecord? {
        records[id]
    }

    /// Every operation's record, in submission order.
    public var operations: [OperationRecord] {
        records.keys.sorted().compactMap { records[$0] }
    }

    /// The operations that may run now, in submission order: pending ones, and those whose
    /// back-off has elapsed by the host's clock.
    public var runnableOperations: [OperationRecord] {
        let now = clock.now()
        return waitingOperations.sorted().compactMap { records[$0] }.filter { isReady($0, at: now) }
    }

    /// Runs one attempt of an operation now, whatever the scheduling, and applies its outcome:
    /// the result goes into the replica; a modification that returns no item removes the
    /// replica's copy (``OperationRecord/itemLeftDomain``; a folder stays until its children have
    /// left); an error parks the operation, schedules a retry, or fails it (see
    /// ``ErrorDisposition``). Provider errors do not throw: they are in the record.
    ///
    /// - Returns: the operation's record after the attempt.
    /// - Throws: ``HostError/unknownOperation(_:)``; ``HostError/operationNotRunnable(_:_:)``
    ///   when it is not among ``runnableOperations``; under ``ContractMonitor/Policy/fatal``, a
    ///   `ContractViolation` in the result (the operation then fails with it);
    ///   `CancellationError` (the operation is pending again); ``HostError/stopped``.
    @discardableResult
    public func run(_ id: OperationID) async throws -> OperationRecord {
        try ensureRunning()
        guard let record = records[id] else { throw HostError.unknownOperation(id) }
        guard isReady(record, at: clock.now()) else { throw HostError.operationNotRunnable(id, record.state) }
        beginAttempt(id)
        let task = track { try await self.attempt(id) }
        return try await value(of: task)
    }

    /// Runs the first of ``runnableOperations``, if any; see ``run(_:)``.
    ///
    /// - Returns: its record after the attempt, or `nil` when nothing may run.
    @discardableResult
    public func runNext() async throws -> OperationRecord? {
        guard let next = runnableOperations.first else { return nil }
        return try await run(next.id)
    }

    /// Tells the host that a resolvable error was resolved, as
    /// `DomainManager.signalErrorResolved(_:in:)` does: every operation parked with its code is
    /// pending again, and a synchronization parked with it is due again.
    public func signalErrorResolved(_ error: FileProviderError) {
        guard !isStopped else { return }
        for id in records.keys where records[id]?.state == .parked(error.code) {
            records[id]?.consecutiveFailures = 0
            transition(id, to: .pending)
        }
        if syncStatus == .parked(error.code) {
            syncStatus = .idle
            syncFailures = 0
            catchUpRequested = true
        }
        schedule()
    }

    /// Forgets every operation in a final state. Unfinished operations are kept.
    public func forgetFinishedOperations() {
        records = records.filter { !$0.value.state.isFinal }
    }

    func isReady(_ record: OperationRecord, at now: Duration) -> Bool {
        switch record.state {
        case .pending: true
        case .waitingToRetry: (retryDeadlines[record.id] ?? .zero) <= now
        case .running, .parked, .succeeded, .failed, .cancelled: false
        }
    }

    func beginAttempt(_ id: OperationID) {
        transition(id, to: .running)
        records[id]?.attempts += 1
    }

    /// Moves an operation to `state`, keeping the host's indexes in step.
    func transition(_ id: OperationID, to state: OperationState) {
        guard let record = records[id] else { return }
        records[id]?.state = state
        switch state {
        case .pending, .waitingToRetry: waitingOperations.insert(id)
        case .running, .parked, .succeeded, .failed, .cancelled: waitingOperations.remove(id)
        }
        if state == .running {
            runningOperations.insert(id)
        } else {
            runningOperations.remove(id)
        }
        if state.isFinal, let target = record.submitted.targetItemIdentifier {
            queuesByItem[target]?.removeAll { $0 == id }
            if queuesByItem[target]?.isEmpty == true { queuesByItem[target] = nil }
        }
        if case .waitingToRetry = state {} else { retryDeadlines[id] = nil }
    }

    /// One attempt of an operation already marked running.
    func attempt(_ id: OperationID) async throws -> OperationRecord {
        guard let call = records[id]?.nextCall else { throw HostError.unknownOperation(id) }
        do {
            let outcome = try await perform(call)
            if syncRunning { catchUpRequested = true }
            try complete(id, call: call, with: outcome)
        } catch let violation as ContractViolation {
            records[id]?.lastError = violation
            transition(id, to: .failed)
            schedule()
            throw violation
        } catch {
            fail(id, call: call, with: error)
        }
        removeEmptiedFoldersThatLeft()
        schedule()
        if Task.isCancelled, records[id]?.state == .pending { throw CancellationError() }
        guard let record = records[id] else { throw HostError.unknownOperation(id) }
        return record
    }

    /// Applies a successful call's outcome to the replica and the record.
    private func complete(_ id: OperationID, call: HostOperation, with outcome: CallOutcome) throws {
        records[id]?.lastError = nil
        records[id]?.consecutiveFailures = 0
        switch outcome {
        case .refused:
            transition(id, to: .succeeded)
        case .leftDomain(let identifier):
            records[id]?.itemLeftDomain = true
            removeItemThatLeft(identifier)
            transition(id, to: .succeeded)
        case .deleted(let identifier):
            discard(identifier)
            transition(id, to: .succeeded)
        case .fetched(let contents):
            let item = try accept(contents.item, for: id, call: call)
            do {
                records[id]?.contentsURL = try contentCache.store(
                    contents.url,
                    for: item.itemIdentifier,
                    contentVersion: item.itemVersion.contentVersion
                )
            } catch {
                fail(id, call: call, with: error)
                return
            }
            transition(id, to: .succeeded)
        case .mutated(let result):
            let item = try accept(result.item, for: id, call: call)
            if result.shouldFetchContent {
                records[id]?.shouldFetchContent = true
                contentCache.evict(item.itemIdentifier)
            }
            resendOrFinish(id, call: call, result: result, item: item)
        }
    }

    /// Sends the fields a create or modify left pending again, unless the call sent exactly
    /// them (unsupported for this item) or none is left.
    private func resendOrFinish(_ id: OperationID, call: HostOperation, result: ItemMutationResult, item: ItemSnapshot)
    {
        let resend: (item: ItemSnapshot, sent: ItemFields, contents: URL?, options: ModifyItemOptions)
        switch call {
        case .createItem(var template, let fields, let contents, _):
            template.itemIdentifier = item.itemIdentifier
            resend = (template, fields, contents, [])
        case .modifyItem(let changed, _, let fields, let contents, let options):
            resend = (changed, fields, contents, options)
        case .deleteItem, .fetchContents:
            transition(id, to: .succeeded)
            return
        }
        let pending = result.stillPendingFields.intersection(resend.sent)
        if pending.isEmpty {
            transition(id, to: .succeeded)
        } else if pending == resend.sent {
            records[id]?.unsupportedFields = pending
            transition(id, to: .succeeded)
        } else {
            records[id]?.nextCall = .modifyItem(
                resend.item,
                baseVersion: item.itemVersion,
                changedFields: pending,
                contents: pending.contains(.contents) ? resend.contents : nil,
                options: resend.options
            )
            records[id]?.resendCount += 1
            transition(id, to: .pending)
        }
    }

    /// Applies a failed call's error to the record, and to the replica where the error says
    /// something about an item.
    private func fail(_ id: OperationID, call: HostOperation, with error: any Error) {
        records[id]?.lastError = error
        if error is CancellationError, Task.isCancelled {
            transition(id, to: isStopped ? .cancelled : .pending)
            return
        }
        switch ErrorDisposition(classifying: error) {
        case .park(let code):
            transition(id, to: .parked(code))
        case .fail:
            if let error = error as? FileProviderError { applyToReplica(error, from: call, operation: id) }
            transition(id, to: .failed)
        case .retry:
            let failures = (records[id]?.consecutiveFailures ?? 0) + 1
            records[id]?.consecutiveFailures = failures
            guard configuration.retryPolicy.allowsRetry(afterFailures: failures) else {
                transition(id, to: .failed)
                return
            }
            let delay = configuration.retryPolicy.delay(afterFailures: failures)
            let deadline = clock.now() + delay
            transition(id, to: .waitingToRetry(failures: failures, delay: delay))
            retryDeadlines[id] = deadline
            afterBackOff(until: deadline) { await $0.schedule() }
        }
    }

    /// What the system does with a definitive error: `noSuchItem` deletes the replica's copy of
    /// the item it names (by default the operation's item, or a new item's parent); a rejected
    /// deletion or a collision puts the item it carries into the replica.
    private func applyToReplica(_ error: FileProviderError, from call: HostOperation, operation id: OperationID) {
        switch error.code {
        case .noSuchItem:
            let missing: ItemIdentifier
            if let named = error.itemIdentifier {
                missing = named
            } else if case .createItem(let template, _, _, _) = call {
                missing = template.parentItemIdentifier
            } else if let target = call.targetItemIdentifier {
                missing = target
            } else {
                return
            }
            if !missing.isReservedContainer { discard(missing) }
        case .deletionRejected, .filenameCollision:
            guard let item = error.item, !isKindChange(to: item) else { return }
            integrate(item)
            records[id]?.resultItem = item
        default:
            break
        }
    }

    /// Puts the item a call returned into the replica and the record, after checking that its
    /// kind did not change.
    private func accept(
        _ returned: any FileProviderItem,
        for id: OperationID,
        call: HostOperation
    ) throws
        -> ItemSnapshot
    {
        let item = ItemSnapshot(returned)
        if isKindChange(to: item) {
            try monitor.record([ContractViolation(.itemKindChanged(item.itemIdentifier), call: call.callDescription)])
        }
        integrate(item)
        records[id]?.resultItem = item
        return item
    }

    /// Calls the provider for one attempt, off the actor.
    private nonisolated func perform(_ call: HostOperation) async throws -> CallOutcome {
        let request = Request()
        switch call {
        case .createItem(let template, let fields, let contents, let options):
            let result = try await provider.createItem(
                basedOn: template,
                fields: fields,
                contents: contents,
                options: options,
                request: request
            )
            return result.map(CallOutcome.mutated) ?? .refused
        case .modifyItem(let item, let baseVersion, let changedFields, let contents, let options):
            let result = try await provider.modifyItem(
                item,
                baseVersion: baseVersion,
                changedFields: changedFields,
                contents: contents,
                options: options,
                request: request
            )
            return result.map(CallOutcome.mutated) ?? .leftDomain(item.itemIdentifier)
        case .deleteItem(let identifier, let baseVersion, let options):
            try await provider.deleteItem(
                identifier: identifier,
                baseVersion: baseVersion,
                options: options,
                request: request
            )
            return .deleted(identifier)
        case .fetchContents(let identifier, let version):
            return .fetched(try await provider.fetchContents(for: identifier, version: version, request: request))
        }
    }
}
