import FileProviderConformance
import Foundation

/// `fileprovider-conformance`: the conformance suite against the in-memory reference provider.
@main
struct ConformanceCommand {
    static func main() async {
        exit(await ConformanceCommandLine.run(.referenceProvider()))
    }
}
