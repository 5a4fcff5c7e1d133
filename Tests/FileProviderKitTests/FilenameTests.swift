import FileProviderKit
import Testing

@Suite("Filename validation and collision rules")
struct FilenameTests {
    @Test(arguments: ["a", "Report.txt", ".hidden", "...", "名前.txt", "a b", String(repeating: "x", count: 255)])
    func acceptsValidNames(_ name: String) throws {
        #expect(Filename.problem(in: name) == nil)
        try Filename.validate(name)
    }

    @Test func rejectsEachKindOfInvalidName() {
        #expect(Filename.problem(in: "") == .empty)
        #expect(Filename.problem(in: ".") == .reservedName("."))
        #expect(Filename.problem(in: "..") == .reservedName(".."))
        #expect(Filename.problem(in: "a/b") == .containsSlash)
        #expect(Filename.problem(in: "/") == .containsSlash)
        #expect(Filename.problem(in: "a\u{0}b") == .containsNUL)
        #expect(Filename.problem(in: String(repeating: "x", count: 256)) == .tooLong(byteCount: 256))
    }

    @Test func countsBytesNotCharacters() {
        let eightyFiveThreeByteCharacters = String(repeating: "名", count: 85)
        #expect(Filename.problem(in: eightyFiveThreeByteCharacters) == nil)
        #expect(Filename.problem(in: eightyFiveThreeByteCharacters + "名") == .tooLong(byteCount: 258))
    }

    @Test func validateThrowsInvalidFilename() {
        #expect {
            try Filename.validate("a/b")
        } throws: { error in
            let error = error as? FileProviderError
            return error?.code == .invalidFilename && error?.message == "Invalid filename: the filename contains '/'."
        }
    }

    @Test func caseInsensitiveRuleCollidesAcrossCase() {
        let rule = FilenameCaseRule.caseInsensitive
        #expect(rule.collide("Report.txt", "report.TXT"))
        #expect(!rule.collide("Report.txt", "Report.md"))
        #expect(rule.collide("Caf\u{E9}", "Cafe\u{301}"))
    }

    @Test func caseSensitiveRuleKeepsCaseApart() {
        let rule = FilenameCaseRule.caseSensitive
        #expect(!rule.collide("Report.txt", "report.txt"))
        #expect(rule.collide("Report.txt", "Report.txt"))
        #expect(rule.collide("Caf\u{E9}", "Cafe\u{301}"))
    }
}
