import Book2PagesKit
import Dispatch
import Foundation

/// A run stopped by Ctrl-C or `kill` removes its unfinished outputs before it goes, so no
/// half-written file is left behind (complete ones are already in place).
enum Interruption {
    /// Kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func removeUnfinishedOutputs() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // The default action would end the process before the handler runs.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                OutputFile.discardUnfinished()
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
