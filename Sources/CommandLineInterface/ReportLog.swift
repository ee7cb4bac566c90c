import Book2PagesKit
import FileNames
import Foundation

/// `--report FILE` while a batch runs: each book's line is added to the file as the book ends,
/// so a run stopped by a signal, even `kill -9`, leaves the report of the books that finished.
/// When the batch ends, the whole report, in the inputs' order, replaces it at once
/// (`OutputFile`). A report that is not a regular file (a FIFO, standard output) is written
/// once, at the end: its reader would read every line twice.
final class ReportLog: @unchecked Sendable {
    private let path: String
    private var descriptor: Int32 = -1

    init(path: String) {
        self.path = path
        var status = stat()
        let isRegular = FileName.withCString(path, { stat($0, &status) }) != 0 || status.st_mode & S_IFMT == S_IFREG
        guard isRegular, !OutputFile.namesDescriptor(path) else { return }
        descriptor = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_APPEND, 0o644) }
    }

    /// Adds `result`'s line. Called by one book at a time.
    func add(_ result: BatchResult) {
        guard descriptor >= 0 else { return }
        // A line that can't be written is lost to the log only: the whole report follows.
        try? StandardStreams.write(BatchReport.data([result]), to: descriptor)
    }

    /// The whole report, in the inputs' order, in place of the lines added as books ended.
    func finish(_ results: [BatchResult]) throws(ConversionError) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        try OutputFile.write(BatchReport.data(results), to: path)
    }
}
