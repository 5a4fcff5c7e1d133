import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// Dates from callers are stored as they are, the extreme ones too (infinite, NaN, far away):
/// listings by date, pages and changes keep working and list every item once.
@Suite("Extreme dates")
struct ExtremeDateTests {
    static let intervals: [TimeInterval] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, .nan, 5]

    @Test("items dated NaN, ±infinity and ±1e300 list by date in pages, each once")
    func extremeDates() async throws {
        let fixture = try Fixture()
        var created: [ItemIdentifier] = []
        for (index, interval) in Self.intervals.enumerated() {
            let item = try await fixture.createFile("f\(index)")
            let result = try await fixture.modify(item, fields: .contentModificationDate) {
                $0.contentModificationDate = Date(timeIntervalSinceReferenceDate: interval)
            }
            created.append(result.item.itemIdentifier)
        }
        for pageSize in [1, 2, 3, 100] {
            let listed = try await fixture.listing(from: .initialPageSortedByDate, pageSize: pageSize)
            #expect(Set(listed.map(\.itemIdentifier)) == Set(created), "page size \(pageSize)")
            #expect(listed.count == created.count, "page size \(pageSize)")
        }
    }
}
