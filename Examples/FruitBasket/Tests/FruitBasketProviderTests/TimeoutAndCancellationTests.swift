import FileProviderKit
import Foundation
import FruitBasketProvider
import Testing

/// A server that does not answer: requests end at their deadline with serverUnreachable, or at
/// once with CancellationError when their task is cancelled; a port that refuses connections and a
/// name that does not resolve are serverUnreachable too.
@Suite struct TimeoutAndCancellationTests {
    static func client(_ baseURL: String, requestTimeout: Duration) -> FruitBasketClient {
        FruitBasketClient(
            configuration: FruitBasketConfiguration(
                baseURL: baseURL,
                account: "fruit",
                secret: "basket",
                connectTimeout: .seconds(2),
                requestTimeout: requestTimeout
            )
        )
    }

    @Test(.timeLimit(.minutes(1)))
    func aRequestPastItsDeadlineIsServerUnreachable() async throws {
        let silent = try SilentServer()
        let client = Self.client(silent.baseURL, requestTimeout: .milliseconds(300))
        let error = await #expect(throws: FileProviderError.self) { try await client.state() }
        #expect(error?.code == .serverUnreachable)
        await client.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingARequestEndsItWithCancellationError() async throws {
        let silent = try SilentServer()
        let client = Self.client(silent.baseURL, requestTimeout: .seconds(600))
        let request = Task { try await client.state() }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        await client.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefusedConnectionIsServerUnreachable() async throws {
        let port = try SilentServer().port
        let provider = FruitBasketProvider(
            configuration: FruitBasketConfiguration(
                baseURL: "http://127.0.0.1:\(port)",
                account: "fruit",
                secret: "basket"
            )
        )
        let error = await #expect(throws: FileProviderError.self) {
            try await provider.item(for: .rootContainer, request: Request())
        }
        #expect(error?.code == .serverUnreachable)
        await provider.invalidate()
    }

    @Test(.timeLimit(.minutes(1)))
    func aNameThatDoesNotResolveIsServerUnreachable() async throws {
        let client = Self.client("http://fruitbasket.invalid:8080", requestTimeout: .seconds(5))
        let error = await #expect(throws: FileProviderError.self) { try await client.state() }
        #expect(error?.code == .serverUnreachable)
        await client.shutdown()
    }
}
