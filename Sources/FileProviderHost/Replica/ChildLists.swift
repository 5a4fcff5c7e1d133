/// Which slot of a ``Replica`` is the parent of which: each slot's parent and a doubly linked
/// list of its children, in 16 bytes per slot, so that attaching and detaching a child cost O(1)
/// and listing children costs O(children).
struct ChildLists: Sendable {
    private var parents: [UInt32] = []
    private var firstChildren: [UInt32] = []
    private var nextSiblings: [UInt32] = []
    private var previousSiblings: [UInt32] = []

    /// Makes room for `capacity` slots.
    mutating func reserveCapacity(_ capacity: Int) {
        parents.reserveCapacity(capacity)
        firstChildren.reserveCapacity(capacity)
        nextSiblings.reserveCapacity(capacity)
        previousSiblings.reserveCapacity(capacity)
    }

    /// Drops the spare capacity of every array.
    mutating func shrinkToFit() {
        parents = parents.withUnsafeBufferPointer { Array($0) }
        firstChildren = firstChildren.withUnsafeBufferPointer { Array($0) }
        nextSiblings = nextSiblings.withUnsafeBufferPointer { Array($0) }
        previousSiblings = previousSiblings.withUnsafeBufferPointer { Array($0) }
    }

    /// Adds a slot without parent or children; slots are numbered from 0 in the order added.
    mutating func appendSlot() {
        parents.append(IdentifierTable.none)
        firstChildren.append(IdentifierTable.none)
        nextSiblings.append(IdentifierTable.none)
        previousSiblings.append(IdentifierTable.none)
    }

    /// The parent of `slot`, or `IdentifierTable.none` when it is attached to none.
    func parent(of slot: UInt32) -> UInt32 {
        parents[Int(slot)]
    }

    /// The first child of `slot`, or `nil` when it has none.
    func firstChild(of slot: UInt32) -> UInt32? {
        let child = firstChildren[Int(slot)]
        return child == IdentifierTable.none ? nil : child
    }

    /// The children of `slot`, most recently attached first.
    func children(of slot: UInt32) -> [UInt32] {
        var children: [UInt32] = []
        var child = firstChildren[Int(slot)]
        while child != IdentifierTable.none {
            children.append(child)
            child = nextSiblings[Int(child)]
        }
        return children
    }

    /// Makes `child`, which has no parent, the first child of `parent`.
    mutating func attach(_ child: UInt32, to parent: UInt32) {
        let first = firstChildren[Int(parent)]
        parents[Int(child)] = parent
        nextSiblings[Int(child)] = first
        previousSiblings[Int(child)] = IdentifierTable.none
        if first != IdentifierTable.none { previousSiblings[Int(first)] = child }
        firstChildren[Int(parent)] = child
    }

    /// Removes `child` from its parent's children; it then has no parent.
    mutating func detach(_ child: UInt32) {
        let parent = parents[Int(child)]
        guard parent != IdentifierTable.none else { return }
        let next = nextSiblings[Int(child)]
        let previous = previousSiblings[Int(child)]
        if previous == IdentifierTable.none {
            firstChildren[Int(parent)] = next
        } else {
            nextSiblings[Int(previous)] = next
        }
        if next != IdentifierTable.none { previousSiblings[Int(next)] = previous }
        parents[Int(child)] = IdentifierTable.none
        nextSiblings[Int(child)] = IdentifierTable.none
        previousSiblings[Int(child)] = IdentifierTable.none
    }
}
