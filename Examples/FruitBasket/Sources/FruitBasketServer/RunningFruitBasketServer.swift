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

    /// Stops the server abruptly, as a killed process would: the task running it is cancelled
    /// and connections drop, requests in flight included. Returns once it stopped.
    public func kill() async {
        task.cancel()
        _ = await task.result
    }
}
