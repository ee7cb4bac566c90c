import BookModel
import EPUBReader
import Foundation
import ZipArchive

/// libFuzzer's entry for the EPUB reader (scripts/fuzz.sh builds it with -sanitize=fuzzer).
///
/// Input that starts like a zip is read as the book itself, which fuzzes libzip's side and
/// the archive checks. Any other input is cut at each `\u{0}---\u{0}` into the package
/// document, a chapter and a navigation document, which are zipped into a well-formed EPUB:
/// mutated zip data almost never survives the CRC check, so this is how mutations reach the
/// XML and XHTML readers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = FuzzFiles.path
    if bytes.starts(with: [0x50, 0x4B]) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    } else {
        FuzzFiles.writeBook(from: bytes, to: path)
    }
    _ = try? EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumEntrySize: 8 << 20, maximumBookSize: 32 << 20))
    return 0
}

enum FuzzFiles {
    /// One scratch file per process, so parallel fuzzing jobs don't share it.
    static let path: String = {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(directory)/b2p-fuzz-\(getpid()).epub"
    }()

    static let separator: [UInt8] = Array("\u{0}---\u{0}".utf8)
    static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    static func writeBook(from bytes: [UInt8], to path: String) {
        var parts: [[UInt8]] = []
        var rest = bytes[...]
        while parts.count < 2, let range = rest.firstRange(of: separator) {
            parts.append(Array(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Array(rest))
        let names = ["OEBPS/content.opf", "OEBPS/chapter.xhtml", "OEBPS/nav.xhtml"]
        guard let writer = try? ZipArchiveWriter(path: path) else { return }
        try? writer.add("mimetype", text: "application/epub+zip", compressed: false)
        try? writer.add("META-INF/container.xml", text: container)
        for (name, part) in zip(names, parts) { try? writer.add(name, bytes: part) }
        try? writer.close()
    }
}

#if !FUZZING
/// Without libFuzzer, the same entry replays the files named on the command line: a crash
/// the fuzzer saved can be run again in an ordinary build.
@main
enum ReplayEPUB {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            _ = [UInt8](data).withUnsafeBufferPointer { fuzzEPUB($0.baseAddress!, $0.count) }
        }
    }
}
#endif
