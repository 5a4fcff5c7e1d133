import FruitBasketAPI
import Hummingbird

/// Turns every error into an ``APIErrorBody`` answer: Hummingbird's own errors (a body that is
/// not the JSON expected, a route that does not exist) and unexpected ones (`internalError`).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIErrorBody {
            throw error
        } catch let error as HTTPError {
            switch error.status.code {
            case 404: throw APIErrorBody(.noSuchItem, "No route answers \(request.method) \(request.uri.path).")
            case 400..<500: throw APIErrorBody(.invalidRequest, error.body ?? "The request is malformed.")
            default: throw APIErrorBody(.internalError, error.body ?? "The server failed.")
            }
        } catch is DecodingError {
            throw APIErrorBody(.invalidRequest, "The body is not the JSON expected.")
        } catch is CancellationError {
            throw APIErrorBody(.unavailable, "The server is shutting down.")
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            throw APIErrorBody(.internalError, "The server failed: \(error)")
        }
    }
}
