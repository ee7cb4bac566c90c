import BookModel
import Foundation
import MarkdownReader

/// libFuzzer's entry for the Markdown reader (scripts/fuzz.sh builds it with -sanitize=fuzzer):
/// the input is one Markdown file, read as standard input is, with an empty folder for images.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? MarkdownReader.readBook(bytes: bytes, name: "fuzz.md", folder: EmptyFolder.path)
    return 0
}

enum EmptyFolder {
    static let path: String = {
        let path = NSTemporaryDirectory() + "/b2p-fuzz-md-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}

#if !FUZZING
/// Without libFuzzer, replays the files named on the command line.
@main
enum ReplayMarkdown {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            _ = [UInt8](data).withUnsafeBufferPointer { fuzzMarkdown($0.baseAddress!, $0.count) }
        }
    }
}
#endif
