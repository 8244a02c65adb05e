import Foundation
import ItineraryModel
import ItineraryPDF

/// A render pool's worker: draws the sample (fonts loaded, the renderer working), says it is
/// ready, then draws each request until the pool closes its socket (standard input).
enum PoolWorker {
    /// How long the pool has to take an answer: one that stops reading has died or hung.
    static let answerDeadline = Duration.seconds(120)

    static func serve(socket: Int32 = 0) -> Int32 {
        var status = stat()
        guard fstat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else {
            FileHandle.standardError.write(
                Data(
                    "itinerary render-worker: standard input is not a render pool's socket; RenderPool starts it.\n"
                        .utf8))
            return 64
        }
        let ready: PoolMessage.Answer
        do {
            _ = try CheckedTrip.sample.renderPNGPage(1, options: RenderOptions(dpi: 18))
            let cairo = RenderingLibraries.versions["cairo"] ?? "unknown"
            ready = PoolMessage.Answer(
                ready: PoolMessage.Ready(cairo: cairo, locked: RenderingLibraries.drawsUnderLock))
        } catch {
            ready = PoolMessage.Answer(problem: error)
        }
        do throws(Frames.Failure) {
            try answer(ready, documents: [], to: socket)
            guard ready.ready != nil else { return 1 }
            while true {
                let header: [UInt8]
                do throws(Frames.Failure) {
                    header = try Frames.read(from: socket, limit: PoolMessage.requestLimit, .forever)
                } catch .closed {
                    return 0  // The pool closed its end: done.
                }
                let trip = try Frames.read(
                    from: socket, limit: PoolMessage.tripLimit, Frames.Wait(deadline: .now + answerDeadline))
                let (answer, documents) = draw(header, trip: trip)
                try self.answer(answer, documents: documents, to: socket)
            }
        } catch .closed {
            return 0  // The pool went away mid-answer (its program stopped): nobody is left to answer.
        } catch {
            // The pool stopped reading, or sent what it never sends.
            FileHandle.standardError.write(Data("itinerary render-worker: \(error.sentence); exiting.\n".utf8))
            return 1
        }
    }

    /// One request drawn: the answer and its documents, or the problem `render` threw.
    private static func draw(_ header: [UInt8], trip bytes: [UInt8]) -> (PoolMessage.Answer, [[UInt8]]) {
        do {
            let request: PoolMessage.Request
            do { request = try JSONDecoder().decode(PoolMessage.Request.self, from: Data(header)) } catch {
                throw Problem(code: .renderFailed, "the render pool sent a request that cannot be read: \(error).")
            }
            guard let format = OutputFormat(rawValue: request.format) else {
                throw Problem(code: .renderFailed, "the render pool asked for the format \"\(request.format)\".")
            }
            let options = try request.options.options()
            let trip = try self.trip(bytes, isSource: request.isSource)
            if let page = request.page {
                let drawn = try trip.renderPNGPage(page, options: options)
                return (
                    PoolMessage.Answer(documents: drawn.png == nil ? 0 : 1, pageCount: drawn.pageCount),
                    drawn.png.map { [$0] } ?? []
                )
            }
            let documents = try trip.render(format, options: options)
            return (PoolMessage.Answer(documents: documents.count), documents)
        } catch let problem as Problem {
            return (PoolMessage.Answer(problem: problem), [])
        } catch {
            return (
                PoolMessage.Answer(problem: Problem(code: .renderFailed, "cannot render the document: \(error).")), []
            )
        }
    }

    /// The trip as the pool's caller held it: read from its file, or an edit's JSON without a source.
    private static func trip(_ bytes: [UInt8], isSource: Bool) throws(Problem) -> CheckedTrip {
        do throws(InputProblems) {
            if isSource { return try CheckedTrip(reading: bytes) }
            return try CheckedTrip(try ItineraryReader.read(bytes: bytes), source: nil)
        } catch {
            let first = Problems(error).problems.first
            throw Problem(
                code: .renderFailed, "the trip does not check in the render worker: \(first?.description ?? "").")
        }
    }

    private static func answer(
        _ answer: PoolMessage.Answer, documents: [[UInt8]], to socket: Int32
    ) throws(Frames.Failure) {
        let wait = Frames.Wait(deadline: .now + answerDeadline)
        let header: [UInt8]
        do { header = Array(try JSONEncoder().encode(answer)) } catch {
            header = Array(
                #"{"problem":{"code":"renderFailed","location":"","detail":"an answer that cannot be written."}}"#.utf8)
        }
        try Frames.write(header, to: socket, wait)
        for document in documents { try Frames.write(document, to: socket, wait) }
    }
}
