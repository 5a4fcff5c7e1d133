import Foundation
import FruitBasketAPI
import Hummingbird
import Logging

/// Writes one line per request to the server's log at `info`: method, path, status, duration
/// (until the answer's head, in milliseconds; a streamed body may take longer) and the account,
/// `-` when the request carried no valid token. Query strings are left out, as cursors may be
/// long; no header and no body is logged.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = FruitBasketRequestContext

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context: context, status: Int(response.status.code), since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            log(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method.rawValue)",
                "path": "\(request.uri.path)",
                "status": "\(status)",
                "duration_ms": "\(String(format: "%.1f", milliseconds))",
                "account": "\(context.account ?? "-")",
            ]
        )
    }
}
