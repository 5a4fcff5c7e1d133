import Testing

@testable import InMemoryFileProvider

@Suite("SortedIndex")
struct SortedIndexTests {
    @Test("matches a sorted-array model through random inserts, updates, removals and seeks")
    func randomOperationsMatchModel() {
        var generator = SeededGenerator(seed: 7)
        var index = SortedIndex<Int, Int>()
        var model: [Int: Int] = [:]
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<3_000, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                #expect(index.insert(step, for: key) == (model[key] == nil))
                if model[key] == nil { model[key] = step }
            case 5..<7:
                #expect(index.update(step, for: key) == (model[key] != nil))
                if model[key] != nil { model[key] = step }
            default:
                #expect(index.remove(key) == model.removeValue(forKey: key))
            }
            #expect(index.count == model.count)
            if step % 500 == 0 {
                let sorted = model.sorted { $0.key < $1.key }
                #expect(index.elements.map(\.key) == sorted.map(\.key))
                #expect(index.elements.map(\.value) == sorted.map(\.value))
                let after = Int.random(in: -1..<3_000, using: &generator)
                let limit = Int.random(in: 1..<700, using: &generator)
                var seen: [Int] = []
                let more = index.forEach(after: after, limit: limit) { key, _ in seen.append(key) }
                let expected = sorted.map(\.key).filter { $0 > after }
                #expect(seen == Array(expected.prefix(limit)))
                #expect(more == (expected.count > limit))
            }
        }
    }

    @Test("in-order insertion fills chunks completely")
    func inOrderInsertionKeepsChunksFull() {
        var index = SortedIndex<Int, Int>()
        for key in 0..<10_000 { index.insert(key, for: key) }
        #expect(index.count == 10_000)
        var count = 0
        let more = index.forEach(after: 4_999, limit: 10_000) { key, value in
            #expect(key == value)
            count += 1
        }
        #expect(count == 5_000)
        #expect(!more)
        #expect(index.value(for: 1_234) == 1_234)
        #expect(index.value(for: 10_000) == nil)
    }
}

/// SplitMix64: a small, seedable generator, so randomized tests replay exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
