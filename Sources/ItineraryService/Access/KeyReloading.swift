import Logging
import ServiceLifecycle
import UnixSignals

/// Reads the keys file again on SIGHUP, so keys are added and revoked without a restart; a file that has
/// become broken keeps the keys there were, and the log says why.
struct KeyReloading: Service {
    let keys: ApiKeys?
    let logger: Logger

    func run() async throws {
        guard let keys else { return try await gracefulShutdown() }
        let hangUps = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            for await _ in hangUps {
                switch keys.reload() {
                case .success(let count):
                    logger.info("API keys read again", metadata: ["file": .string(keys.path), "keys": "\(count)"])
                case .failure(let problem):
                    logger.error(
                        "the API keys file cannot be used; the keys before it are kept",
                        metadata: ["error": .string(problem.description)])
                }
            }
        }
    }
}
