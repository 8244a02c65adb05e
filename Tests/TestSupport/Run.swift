import Foundation

/// What a run of the `itinerary` executable did.
package struct RunResult: Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String
    package let stdoutData: Data
}

/// Runs the built `itinerary` executable with arguments and optional standard input.
package func runItinerary(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], directory: URL? = nil
) throws -> RunResult {
    try runProcess(Fixtures.executable, arguments, stdin: stdin, environment: environment, directory: directory)
}

/// Runs a program to its end, reading its output and errors while it runs so a
/// large output cannot block it.
package func runProcess(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    directory: URL? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
}

/// A new empty folder under the system's temporary directory.
package func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("itinerary-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
