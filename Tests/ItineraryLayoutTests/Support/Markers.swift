import ItineraryLayout
import ItineraryPresentation

/// A numbered marker of a route diagram: its pill and the stop numbers it stands for.
struct Marker {
    let role: Role
    let frame: Rect
    let fill: Color?
    let label: String

    var center: Point { Point(frame.x + frame.width / 2, frame.y + frame.height / 2) }

    /// "1–3, 8" → [1, 2, 3, 8]; a trailing "…" adds nothing.
    var numbers: [Int] {
        label.components(separatedBy: ", ").flatMap { part -> [Int] in
            let ends = part.split(separator: "–").compactMap { Int($0) }
            guard let first = ends.first else { return [] }
            return Array(first...(ends.last ?? first))
        }
    }
}

extension Page {
    static let markerRoles: Set<Role> = [.startMarker, .endMarker, .marker]

    /// The markers on the page; a round trip's end ring is left out (it has no number of its own).
    var markers: [Marker] {
        let numbers = texts(.markerNumber)
        return rects.filter { Page.markerRoles.contains($0.role) }.compactMap { rect in
            guard
                let number = numbers.first(where: {
                    rect.frame.contains($0.frame)
                        && abs(($0.frame.y + $0.frame.height / 2) - (rect.frame.y + rect.frame.height / 2)) < 0.5
                }),
                rect.frame.height <= 14.001
            else { return nil }
            return Marker(role: rect.role, frame: rect.frame, fill: rect.fill, label: number.text)
        }
    }

    /// The texts and marks drawn inside a route frame.
    func route(in frame: Rect) -> (labels: [TextBox], markers: [Marker], polylines: [PolylineBox]) {
        let labels = texts(.mapLabel).filter { frame.contains($0.frame) }
        let markers = self.markers.filter { frame.contains($0.frame) }
        let polylines = boxes.compactMap { box -> PolylineBox? in
            if case .polyline(let line) = box, frame.contains(box.frame) { return line }
            return nil
        }
        return (labels, markers, polylines)
    }
}
