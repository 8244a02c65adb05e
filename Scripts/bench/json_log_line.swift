// A log line of `itinerary serve` as JSONEncoder writes it (issue #34): the cost of one line,
// an encoder made for each as JSONBody.encode does.
// Run: swiftc -O Scripts/bench/json_log_line.swift -o /tmp/json_log_line && /tmp/json_log_line
import Foundation

let fields: [String: String] = [
    "request_id": "27a557ce-8e69-4e56-9042-fc45ea055eaa", "method": "POST", "route": "/v1/render", "format": "md",
    "status": "200", "bytes": "6202", "ms": "1.23", "time": "2026-11-26T22:17:05.848Z", "level": "info",
    "message": "request", "logger": "itinerary",
]
let lines = 20_000
let start = Date()
var bytes = 0
for _ in 0..<lines {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    bytes += try! encoder.encode(fields).count
}
let micros = Date().timeIntervalSince(start) / Double(lines) * 1e6
print(String(format: "%.1f µs a line (%d lines, %d bytes)", micros, lines, bytes))
