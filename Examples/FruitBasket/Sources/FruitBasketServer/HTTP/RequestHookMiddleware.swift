import Hummingbird

/// Runs a configuration's ``FruitBasketRequestHooks`` around every request.
struct RequestHookMiddleware<Context: RequestContext>: RouterMiddleware {
    let hooks: FruitBasketRequestHooks

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let method = request.method.rawValue
        let path = request.uri.path
        await hooks.willHandle(method, path)
        do {
            let response = try await next(request, context)
            await hooks.didHandle(method, path)
            return response
        } catch {
            await hooks.didHandle(method, path)
            throw error
        }
    }
}
