import FruitBasketAPI

/// A server started by ``FruitBasketServer/start(configuration:database:)``, running in the
/// background.
public struct RunningFruitBasketServer: Sendable {
    /// The server.
    public let server: FruitBasketServer
    /// The port it listens on.
    public let port: Int
    let task: Task<Void, any Error>

    /// `http://<host>:<port>`.
    public var baseURL: String { "http://\(server.configuration.host):\(port)" }

    /// Stops the server (see ``FruitBasketServer/shutdown()``) and returns once it stopped, its
    /// port free again.
    public func stop() async {
        await server.shutdown()
        _ = await task.result
    }
}
