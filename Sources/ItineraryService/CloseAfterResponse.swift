import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection once a response that says `Connection: close` is
/// written. Hummingbird reads the rest of a request's body after answering
/// so the connection can be reused; for a body refused as too large, or one
/// that arrives too slowly, that is exactly what must not happen.
final class CloseAfterResponse: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closing = false

    func handlerAdded(context: ChannelHandlerContext) {
        HTTP10Persistence.install(above: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closing = head.headerFields[.connection]?.lowercased() == "close"
        case .end where closing:
            closing = false
            let written = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: written)
            context.flush()
            let isolated = context.loopBound
            written.futureResult.whenComplete { _ in
                isolated.value.close(promise: nil)
            }
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }
}
