import FileProviderKit
import Foundation
import Testing

/// Dates cross the wire as `Date`'s own seconds since 2001, so fractional dates come back bit for
/// bit: seconds since 1970 would round about half of them.
@Suite struct DatePrecisionTests {
    @Test func fractionalDatesComeBackExactly() async throws {
        var generator = SystemRandomNumberGenerator()
        let dates = (0..<50).map { _ in
            Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &generator))
        }
        try await LoopbackServer.withProvider { provider, _ in
            for (index, date) in dates.enumerated() {
                var template = ItemSnapshot(
                    itemIdentifier: "template",
                    parentItemIdentifier: .rootContainer,
                    filename: "dated-\(index).txt",
                    contentType: .plainText
                )
                template.creationDate = date
                template.contentModificationDate = date.addingTimeInterval(0.001)
                template.lastUsedDate = date.addingTimeInterval(-0.000_001)
                let created = try await provider.createItem(
                    basedOn: template,
                    fields: [.filename, .creationDate, .contentModificationDate, .lastUsedDate],
                    contents: nil,
                    options: [],
                    request: Request()
                )
                let identifier = try #require(created?.item.itemIdentifier)
                let stored = try await provider.item(for: identifier, request: Request())
                #expect(stored.creationDate == template.creationDate, "\(date.timeIntervalSinceReferenceDate)")
                #expect(stored.contentModificationDate == template.contentModificationDate)
                #expect(stored.lastUsedDate == template.lastUsedDate)
            }
        }
    }
}
