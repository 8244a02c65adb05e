import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Persistence for HTTP/1.0 clients, as RFC 9112 §9.3 asks: an HTTP/1.0
/// request without `Connection: keep-alive` gets its response and then the
/// connection closes; with it, the response says `Connection: keep-alive` and
/// the connection stays. Hummingbird sees requests as HTTP types, which carry
/// no version, so this handler sits below that translation, where the version
/// is still known: ApacheBench and nginx's default upstream protocol send
/// HTTP/1.0 and would otherwise wait for a close that never comes.
final class HTTP10Persistence: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How each request still to be answered wants its connection, in order
    /// (the server answers requests one at a time, in the order they came).
    private enum Persistence { case http11, keepAlive, close }
    private var pending: [Persistence] = []
    private var closing = false

    /// Puts a handler below Hummingbird's translation to HTTP types, from a
    /// handler Hummingbird adds above it.
    static func install(above context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
        try? pipeline.addHandler(HTTP10Persistence(), position: .before(codec))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            pending.append(head.version == .http1_0 ? (head.isKeepAlive ? .keepAlive : .close) : .http11)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            let persistence = pending.isEmpty ? .http11 : pending.removeFirst()
            guard persistence != .http11 else { break }
            head.version = .http1_0
            // Without a length, an HTTP/1.0 body ends only where the connection does.
            if persistence == .keepAlive && head.headers.contains(name: "content-length") {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            } else {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                closing = true
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
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
