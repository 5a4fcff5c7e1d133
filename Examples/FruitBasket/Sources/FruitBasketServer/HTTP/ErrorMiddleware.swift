import FruitBasketAPI
import Hummingbird
import NIOCore

/// Turns every error into an ``APIErrorBody`` answer: Hummingbird's own errors (a body that is
/// not the JSON expected, a route that does not exist, a body too large) and unexpected ones
/// (`internalError`). No answer carries an internal type name, a statement or a database
/// message: unexpected errors are logged and answered with a fixed sentence.
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
            case 404, 405:
                throw APIErrorBody(.noSuchRoute, "No route answers \(request.method) \(request.uri.path).")
            case 413: throw Self.tooLarge
            case 400..<500: throw APIErrorBody(.invalidRequest, "The request is malformed (\(error.status.code)).")
            default:
                context.logger.error("request failed", metadata: ["error": "\(error)"])
                throw APIErrorBody(.internalError, "The server failed.")
            }
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge
        } catch is DecodingError {
            throw APIErrorBody(.invalidRequest, "The body is not the JSON expected.")
        } catch is CancellationError {
            throw APIErrorBody(.unavailable, "The server is shutting down.")
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            throw APIErrorBody(.internalError, "The server failed.")
        }
    }

    /// The answer to a JSON body larger than the server reads.
    private static var tooLarge: APIErrorBody {
        APIErrorBody(.payloadTooLarge, "The body is larger than the server reads; send content as an upload.")
    }
}
