import Foundation

extension ConformanceReport {
    /// The report as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The report as JUnit XML: one test suite per area, one test case per check. A failed check
    /// carries one `failure` element whose message is its first finding's (with the number of
    /// others) and whose text holds every finding; an unsupported or skipped check carries a
    /// `skipped` element with the reason.
    public func junitXML() -> String {
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        xml.append(
            #"<testsuites name="\#(escape(subjectName))" tests="\#(results.count)" failures="\#(failedCount)">"#
        )
        for area in CheckArea.allCases {
            let inArea = results.filter { $0.area == area }
            if inArea.isEmpty { continue }
            let failures = inArea.count { $0.failed }
            let skipped = inArea.count { !$0.failed && !$0.passed }
            let time = inArea.reduce(0) { $0 + $1.seconds }
            xml.append(
                #"  <testsuite name="\#(area)" tests="\#(inArea.count)" failures="\#(failures)" "#
                    + #"skipped="\#(skipped)" time="\#(String(format: "%.3f", time))">"#
            )
            for result in inArea {
                let name = escape("\(result.checkID) \(result.title)")
                let opening =
                    #"    <testcase classname="\#(area)" name="\#(name)" time="\#(String(format: "%.3f", result.seconds))""#
                switch result.outcome {
                case .passed:
                    xml.append(opening + "/>")
                case .failed(let findings):
                    let others = findings.count - 1
                    let message =
                        (findings.first?.message ?? "") + (others == 0 ? "" : " (and \(others) more)")
                    let text = findings.map(\.description).joined(separator: "\n\n")
                    xml.append(opening + ">")
                    xml.append(#"      <failure message="\#(escape(message))">\#(escape(text))</failure>"#)
                    xml.append("    </testcase>")
                case .unsupported(let reason), .skipped(let reason):
                    xml.append(opening + ">")
                    xml.append(#"      <skipped message="\#(escape(reason))"/>"#)
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
