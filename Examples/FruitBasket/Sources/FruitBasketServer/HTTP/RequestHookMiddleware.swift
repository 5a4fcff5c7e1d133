import FruitBasketAPI
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
        if await hooks.refuses(method, path) {
            throw APIErrorBody(.unavailable, "The server refused this request on purpose (a test's injected failure).")
        }
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
