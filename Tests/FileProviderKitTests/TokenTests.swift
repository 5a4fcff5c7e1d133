import FileProviderKit
import Foundation
import Testing

@Suite("Pages and anchors holding a provider's Codable token")
struct TokenTests {
    struct Position: Codable, Equatable {
        var epoch: UInt64
        var container: String
        var afterName: String?
        var modified: Date?
    }

    let position = Position(
        epoch: 7,
        container: "docs",
        afterName: "b.txt",
        modified: Date(timeIntervalSince1970: 1_700_000_000.5)
    )

    @Test func aPageGivesBackItsToken() throws {
        let page = try Page(encoding: position)
        #expect(try page.decode(Position.self) == position)
    }

    @Test func anAnchorGivesBackItsToken() throws {
        let anchor = try SyncAnchor(encoding: position)
        #expect(try anchor.decode(Position.self) == position)
    }

    @Test func equalTokensMakeEqualBytesWithSortedKeys() throws {
        let anchors = try (0..<20).map { _ in try SyncAnchor(encoding: position) }
        #expect(Set(anchors).count == 1)
        let text = String(decoding: anchors[0].rawValue, as: UTF8.self)
        #expect(text == #"{"afterName":"b.txt","container":"docs","epoch":7,"modified":721692800.5}"#)
    }

    @Test(arguments: [1.0 / 3.0, 763_000_000.123_456_789, -1e-9, 1_700_000_000.000_001])
    func datesComeBackExactly(_ seconds: Double) throws {
        for date in [Date(timeIntervalSinceReferenceDate: seconds), Date(timeIntervalSince1970: seconds)] {
            let token = Position(epoch: 1, container: "c", modified: date)
            #expect(try Page(encoding: token).decode(Position.self).modified == date)
        }
    }

    @Test func aTokenTooLargeIsAnInvalidValue() {
        let large = Position(epoch: 1, container: String(repeating: "x", count: 500))
        for make in [{ _ = try Page(encoding: large) }, { _ = try SyncAnchor(encoding: large) }] {
            #expect {
                try make()
            } throws: { error in
                guard let error = error as? FileProviderError, error.code == .invalidArgument else { return false }
                return error.invalidValueReason == .pageTooLarge(byteCount: 526)
                    || error.invalidValueReason == .syncAnchorTooLarge(byteCount: 526)
            }
        }
    }

    @Test(arguments: [Data("garbage".utf8), Data(#"{"epoch":"seven"}"#.utf8), Data()])
    func bytesWithoutTheTokenExpire(_ bytes: Data) throws {
        let page = try Page(bytes)
        #expect { try page.decode(Position.self) } throws: { ($0 as? FileProviderError)?.code == .pageExpired }
        let anchor = try SyncAnchor(bytes)
        #expect { try anchor.decode(Position.self) } throws: { ($0 as? FileProviderError)?.code == .syncAnchorExpired }
    }

    @Test func anInitialPageHoldsNoToken() {
        #expect {
            try Page.initialPageSortedByName.decode(Position.self)
        } throws: {
            ($0 as? FileProviderError)?.code == .pageExpired
        }
    }
}
