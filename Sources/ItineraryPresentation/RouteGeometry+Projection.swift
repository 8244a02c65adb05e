import Foundation

extension RouteGeometry {
    /// Latitude and longitude to the drawing: an equirectangular projection
    /// with a cos(latitude) correction at the stops' middle latitude, north
    /// up, fitted to the drawing's box with its padding. Longitudes are
    /// unwrapped around the first stop, so a route across the antimeridian
    /// stays together. The stops span at least `minimumSpan` degrees of
    /// latitude on the plot's shorter side, so a day in one city shows the
    /// city and its surroundings rather than a few streets.
    package struct Projection: Sendable {
        /// The drawing's height: fixed, or from the route's proportions.
        package let height: Double
        let correction: Double
        let reference: Double
        let minX: Double
        let minY: Double
        /// Drawing units per corrected degree.
        package let scale: Double
        let offsetX: Double
        let offsetY: Double

        init?(fitting stops: [Place], measures: Measures) {
            guard let first = stops.first else { return nil }
            let latitudes = stops.map(\.latitude)
            let midLatitude = (latitudes.min()! + latitudes.max()!) / 2
            let correction = max(cos(midLatitude * .pi / 180), 0.05)
            self.correction = correction
            reference = first.longitude
            let raw = stops.map {
                Self.raw(
                    latitude: $0.latitude, longitude: $0.longitude, reference: first.longitude, correction: correction)
            }
            let minX = raw.map(\.x).min()!, maxX = raw.map(\.x).max()!
            let minY = raw.map(\.y).min()!, maxY = raw.map(\.y).max()!
            // Spans below a billionth of a degree (a tenth of a millimetre) are none:
            // dividing by a subnormal span would make the scale infinite.
            let spanX = maxX - minX > 1e-9 ? maxX - minX : 0, spanY = maxY - minY > 1e-9 ? maxY - minY : 0

            let plotWidth = measures.width - 2 * measures.padX
            let height: Double
            if let fixed = measures.height {
                height = fixed
            } else if spanX <= 0 && spanY <= 0 {
                height = 200
            } else {
                let aspect = spanX > 0 ? spanY / spanX : 10
                height = min(
                    max(plotWidth * aspect + 2 * measures.padY, measures.minimumHeight), measures.maximumHeight)
            }
            let plotHeight = max(1, height - 2 * measures.padY)
            var scale: Double
            switch (spanX > 0, spanY > 0) {
            case (true, true): scale = min(plotWidth / spanX, plotHeight / spanY)
            case (true, false): scale = plotWidth / spanX
            case (false, true): scale = plotHeight / spanY
            case (false, false): scale = .infinity
            }
            let closest = min(plotWidth, plotHeight) / measures.minimumSpan
            scale = min(scale, closest)
            guard scale.isFinite, height.isFinite else { return nil }
            self.height = height
            self.minX = minX
            self.minY = minY
            self.scale = scale
            offsetX = (measures.width - spanX * scale) / 2
            offsetY = (height - spanY * scale) / 2
        }

        /// Where a latitude and longitude fall in the drawing.
        package func point(latitude: Double, longitude: Double) -> Point {
            let raw = Self.raw(latitude: latitude, longitude: longitude, reference: reference, correction: correction)
            return Point(x: offsetX + (raw.x - minX) * scale, y: offsetY + (raw.y - minY) * scale)
        }

        /// Where a point falls for a longitude taken as it is, not wrapped around the first stop.
        func point(latitude: Double, unwrappedLongitude longitude: Double) -> Point {
            Point(x: offsetX + (longitude * correction - minX) * scale, y: offsetY + (-latitude - minY) * scale)
        }

        /// The longitude at a horizontal position, unwrapped around the first stop (it may pass ±180).
        func longitude(x: Double) -> Double {
            ((x - offsetX) / scale + minX) / correction
        }

        /// The latitude at a vertical position.
        func latitude(y: Double) -> Double {
            -((y - offsetY) / scale + minY)
        }

        /// Drawing units per kilometre: exact north–south, and east–west at the stops' middle latitude.
        package var unitsPerKilometre: Double { scale / Self.kilometresPerDegree }

        /// A degree of latitude (and of longitude on the equator), in kilometres.
        static let kilometresPerDegree = 111.32

        private static func raw(
            latitude: Double, longitude: Double, reference: Double, correction: Double
        ) -> (x: Double, y: Double) {
            var longitude = longitude - reference
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return ((reference + longitude) * correction, -latitude)
        }
    }
}
