// The parse floor (docs/PERFORMANCE.md): what any converter built on libzip and libxml2 must
// spend on a book — inflate every XHTML entry and parse it — and nothing else. The benchmark
// (scripts/bench.py) times this program beside book2pages on the same book.
//
// Entries are read through `ZipArchive`, whose read is one libzip inflate into one buffer.
// The parse calls libxml2 directly: `Markup.parse` also rewrites entities, checks encodings and
// copies the tree into Swift values, which is our work, not the floor's (`--markup` times that
// instead). This target is the one place outside `Markup` that calls libxml2, and it only
// parses and frees.
import CLibXML2
import Foundation
import Markup
import ZipArchive

let arguments = Array(CommandLine.arguments.dropFirst())
let throughMarkup = arguments.contains("--markup")
guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: ParseFloor [--markup] BOOK.epub\n".utf8))
    exit(64)
}

let start = DispatchTime.now().uptimeNanoseconds
var documents = 0
var bytes = 0
do {
    let archive = try ZipArchive(path: path)
    let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
    for entry in archive.entryNames {
        let lowered = entry.lowercased()
        guard lowered.hasSuffix(".xhtml") || lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") else { continue }
        let content = try archive.read(entry)
        bytes += content.count
        if throughMarkup {
            documents += Markup.parse(content).nodes.isEmpty ? 0 : 1
        } else {
            let parsed = content.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, nil, options)
                }
            }
            if let parsed {
                documents += 1
                xmlFreeDoc(parsed)
            }
        }
    }
} catch {
    FileHandle.standardError.write(Data("ParseFloor: \(path): \(error)\n".utf8))
    exit(1)
}
let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
print("\(documents) documents, \(bytes) bytes of XHTML, \(String(format: "%.1f", milliseconds)) ms")
