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
            context.writeLast(data, promise: promise)
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }
}

extension ChannelHandlerContext {
    /// Writes a response's end, flushes it and closes the connection once it is written.
    func writeLast(_ data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? eventLoop.makePromise()
        write(data, promise: written)
        flush()
        let isolated = loopBound
        written.futureResult.whenComplete { _ in
            isolated.value.close(promise: nil)
        }
    }
}
