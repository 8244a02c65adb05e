/// How a render service runs: where it listens and how much work it takes on.
///
/// Every setting has a command-line flag and an environment variable
/// (`ITINERARY_PORT`, …); the flag wins.
package struct ServiceSettings: Sendable {
    /// The address to listen on; 0.0.0.0 for every interface (in a container).
    package var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one (it is logged).
    package var port = 8080
    /// Renders at once: one per core by default.
    package var workers = ServiceSettings.coreCount
    /// Requests that may wait for a worker; more are refused with 429.
    package var queue = 64
    /// The largest request body, in bytes; larger ones are refused with 413.
    package var maxBody = 32 * 1024 * 1024
    /// Seconds a request may wait and render; past them it is answered with 503.
    package var timeout: Double = 30
    /// Seconds a client has to send its whole body; past them it is answered with 408.
    package var bodyTimeout: Double = 10
    /// Seconds given to renders in flight after SIGTERM before the service stops anyway.
    package var grace: Double = 20
    /// Seconds since 1970 stamped in every document (`SOURCE_DATE_EPOCH`); nil: the time of the request.
    package var creationDate: Int?
    /// The themes `?theme=` names, by file name without `.json`; loaded at start.
    package var themes: [String: Theme] = [:]

    package init() {}

    /// The cores this process may use.
    package static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

import Foundation
import ItineraryKit
