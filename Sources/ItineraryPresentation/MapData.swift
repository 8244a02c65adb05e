/// The land, water and borders a route map is drawn over, handed to the
/// stages that draw maps (layout, the HTML page) by their caller, so that
/// what they make depends on what they are given, not on what the machine
/// has installed. Tests give a small map of their own, or none.
package struct MapData: Sendable {
    private let basemap: @Sendable (Basemap.Resolution) -> Basemap?

    /// The data installed on this machine (`Basemap.folder`), each resolution
    /// read from disk the first time a map asks for it and kept for the process.
    package static let installed = MapData { Basemap.load($0) }

    /// No land, water or borders: a map is the route alone.
    package static let none = MapData { _ in nil }

    /// A map of given shapes at every resolution, for tests.
    package init(_ basemap: Basemap) {
        self.basemap = { _ in basemap }
    }

    private init(_ basemap: @escaping @Sendable (Basemap.Resolution) -> Basemap?) {
        self.basemap = basemap
    }

    /// The data at a resolution; nil when there is none.
    package func at(_ resolution: Basemap.Resolution) -> Basemap? {
        basemap(resolution)
    }
}
