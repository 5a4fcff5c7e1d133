import Foundation
import FruitBasketAPI
import Hummingbird
import Logging

/// Times every request and reports its outcome twice: one access-log line at `info` (method,
/// path, status, duration, and the account, `-` when the request carried no valid token), and
/// one count and duration in ``ServerMetrics`` by route template, method and status. The
/// duration runs until the answer's head (a streamed body may take longer). The log leaves query
/// strings out, as cursors may be long, and logs no header and no body; the metrics name the
/// template the router matched (`/v1/items/{id}`), so identifiers never become label values.
struct RequestObservationMiddleware: RouterMiddleware {
    typealias Context = FruitBasketRequestContext

    let metrics: ServerMetrics

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            observe(request, context: context, status: Int(response.status.code), elapsed: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            observe(request, context: context, status: status, elapsed: ContinuousClock.now - start)
            throw error
        }
    }

    private func observe(_ request: Request, context: Context, status: Int, elapsed: Duration) {
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
        metrics.recordRequest(
            route: context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 },
            method: request.method.rawValue,
            status: status,
            duration: elapsed
        )
    }
}
