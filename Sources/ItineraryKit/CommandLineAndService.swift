import ItineraryModel
import ItinerarySnapshot

// What the command line and the service use beyond the public face, named here so
// that both import ItineraryKit alone. These are package declarations: a library
// user does not see them (the public face is counted by Scripts/public-api).

/// The reader of itinerary/v1 files (and the largest file it reads).
package typealias ItineraryReader = ItineraryModel.ItineraryReader
/// A trip as read: the file's document and its trip, games, items and tombstones.
package typealias Itinerary = ItineraryModel.Itinerary
/// An instant: whole seconds since 1970, what `modifiedAt` stamps.
package typealias Instant = ItineraryModel.Instant
/// A trip's items in their one order.
package typealias OrderedItinerary = ItineraryModel.OrderedItinerary
/// One thing wrong with an input file, with its JSON path, line and column.
package typealias InputProblem = ItineraryModel.InputProblem
/// Every problem of an input file, in the order found.
package typealias InputProblems = ItineraryModel.InputProblems
/// The built-in sample trip.
package typealias SampleTrip = ItineraryModel.SampleTrip
/// JSON as the project writes it: the service's answers and log lines.
package typealias JSONValue = ItineraryModel.JSONValue
/// A JSON object, its members in order.
package typealias JSONObject = ItineraryModel.JSONObject
/// A JSON number with its literal.
package typealias JSONNumber = ItineraryModel.JSONNumber
/// How references are recorded and checked, and what a check found.
package typealias SnapshotOptions = ItinerarySnapshot.SnapshotOptions
package typealias SnapshotFormat = ItinerarySnapshot.SnapshotFormat
package typealias SnapshotLimits = ItinerarySnapshot.SnapshotLimits
package typealias SnapshotProblem = ItinerarySnapshot.SnapshotProblem
package typealias SnapshotReport = ItinerarySnapshot.SnapshotReport
