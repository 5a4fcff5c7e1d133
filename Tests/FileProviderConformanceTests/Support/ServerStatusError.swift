/// A server's status code passed on as it came, as a provider that forgets to translate errors does.
struct ServerStatusError: Error, Equatable {
    let status: Int
}
