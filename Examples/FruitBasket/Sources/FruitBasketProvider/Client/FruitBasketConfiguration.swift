/// Where a FruitBasket server is, whose account to use, and how long to wait for it.
public struct FruitBasketConfiguration: Sendable, Hashable {
    /// The server's base URL, scheme, host and port, without a trailing slash, for example
    /// `http://127.0.0.1:8080`.
    public var baseURL: String
    /// The account's name.
    public var account: String
    /// The account's secret, exchanged for bearer tokens (`POST /v1/tokens`).
    public var secret: String
    /// How long establishing a connection may take before the server counts as unreachable.
    public var connectTimeout: Duration
    /// How long a request for metadata (an item, a page, a batch of changes, a change) may take,
    /// from sending it to its last byte.
    public var requestTimeout: Duration
    /// How long a content transfer (an upload or a download) may take, from sending the request to
    /// its last byte.
    public var transferTimeout: Duration
    /// How long the push channel asks the server to hold a long poll (1 to 60 seconds); the
    /// request itself may take `requestTimeout` more.
    public var pushWait: Duration
    /// The most connections open to the server at once (when the client makes its own
    /// `HTTPClient`); more concurrent requests wait for one, up to ``connectTimeout``.
    public var maximumConnections: Int

    /// Creates a configuration.
    public init(
        baseURL: String,
        account: String,
        secret: String,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(30),
        transferTimeout: Duration = .seconds(600),
        pushWait: Duration = .seconds(30),
        maximumConnections: Int = 32
    ) {
        self.baseURL = baseURL
        self.account = account
        self.secret = secret
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.transferTimeout = transferTimeout
        self.pushWait = pushWait
        self.maximumConnections = maximumConnections
    }
}
