import Book2PagesKit
import Foundation
import Layout
import PageFormat
import PageJSON
import ProcessMemory
import Targets

/// libFuzzer's entry for the whole conversion (scripts/fuzz.sh builds it with -sanitize=fuzzer):
/// a document through its reader, the layout with the real fonts, the page list and the writer,
/// as `Converter.convert` runs them for standard input.
///
/// The first byte of the input says how; the rest is the document.
///
/// | bits | choose |
/// | --- | --- |
/// | 0 | the reader: 0 XHTML (a lone chapter), 1 Markdown |
/// | 1 | the output: 0 JSON, 1 JSON Lines |
/// | 2–3 | the page: one of `FuzzLayouters.geometries`, all small, so lines and pages break often |
/// | 4 | alignment: 0 justified, 1 ragged |
/// | 5 | JSON indented (`--pretty`); for `pagecurl`, two pages a screen |
/// | 6–7 | the target: `OutputTarget.allCases` |
///
/// A `ConversionError` is an answer, not a finding, except `internalError` (a bug by its own
/// definition). The conversion runs under the memory watch the command starts
/// (`FuzzMemory`), bounded below libFuzzer's own limit: a document that needs more is refused,
/// as the command refuses it, and passing libFuzzer's limit means the watch failed to stop it. What is checked of a conversion: the output decodes (`PageDocument(jsonData:)`
/// or `PageDocument(jsonLines:)`) with the pages the document has, in the fixed structure (an
/// even count, two invisible pages, the cover third), each content page in one of the chapters;
/// and compact JSON is the bytes Foundation's `JSONEncoder` writes of the same document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConversion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let shape = FuzzShape(data[0])
    let document = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let options = shape.options
    FuzzMemory.watch
    let trips = MemoryWatch.trips
    let conversion: Conversion
    do {
        conversion = try Converter.convert(.standardInput(document, folder: FuzzFolder.path), options: options,
                                           layouter: FuzzLayouters.all[shape.layouterIndex])
    } catch {
        if case .internalError = error { fatalError("\(shape): \(error)") }
        // As the batch does: what a refused conversion held goes back before the next.
        if MemoryWatch.trips != trips { MemoryWatch.release() }
        return 0
    }
    FuzzCheck.output(of: conversion, shape: shape)
    return 0
}

/// What the first byte of an input chose.
struct FuzzShape: CustomStringConvertible {
    var markdown: Bool
    var jsonLines: Bool
    var geometry: Int
    var ragged: Bool
    var flag: Bool
    var target: any PageTarget.Type

    init(_ byte: UInt8) {
        markdown = byte & 1 != 0
        jsonLines = byte & 2 != 0
        geometry = Int(byte >> 2 & 3)
        ragged = byte & 16 != 0
        flag = byte & 32 != 0
        target = PageTargets.all[Int(byte >> 6) % PageTargets.all.count]
    }

    var layouterIndex: Int { geometry * 2 + (ragged ? 1 : 0) }

    var options: ConversionOptions {
        let layout = FuzzLayouters.all[layouterIndex].options
        // The layouter's own page size, given directly: every target takes one.
        let request = TargetRequest(pageSize: layout.geometry.pageSize, doubleSided: flag && target is any DoubleSidedTarget.Type)
        return ConversionOptions(layout: layout, target: try! target.init(request), inputFormat: markdown ? .markdown : .xhtml,
                                 pretty: flag && !jsonLines, outputFormat: jsonLines ? .ndjson : .json)
    }

    var description: String {
        "\(markdown ? "markdown" : "xhtml") → \(jsonLines ? "ndjson" : flag ? "pretty json" : "json"), "
            + "page \(geometry), \(ragged ? "ragged" : "justified"), \(target.name.rawValue)\(flag ? " (flag)" : "")"
    }
}

/// One layouter for each page and alignment, made once per process: loading the fonts is most
/// of the time of a small conversion.
enum FuzzLayouters {
    /// Small pages, so that a short input still makes many lines and pages: a narrow measure (a
    /// long word must be cut), room for two lines, a footnote that can't fit.
    static let geometries: [(page: Dimensions, margin: Double, fontSize: Double)] = [
        (Dimensions(width: 200, height: 150), 10, 17),
        (Dimensions(width: 120, height: 90), 8, 12),
        (Dimensions(width: 320, height: 240), 20, 15),
        (Dimensions(width: 80, height: 64), 4, 9),
    ]

    static let all: [Layouter] = geometries.flatMap { geometry in
        LineAlignment.allCases.map { alignment in
            let margins = Margins(top: geometry.margin, right: geometry.margin, bottom: geometry.margin,
                                     left: geometry.margin)
            let options = LayoutOptions(geometry: PageGeometry(pageSize: geometry.page, margins: margins),
                                        fontSize: geometry.fontSize, alignment: alignment)
            do {
                return try Converter.makeLayouter(options)
            } catch {
                fatalError("no layouter for the fuzzer (are the Liberation fonts installed?): \(error)")
            }
        }
    }
}

enum FuzzCheck {
    static func output(of conversion: Conversion, shape: FuzzShape) {
        let bytes = conversion.json
        let decoded: PageDocument
        do {
            decoded = shape.jsonLines ? try PageDocument(jsonLines: bytes) : try PageDocument(jsonData: bytes)
        } catch {
            fatalError("\(shape): the output does not decode: \(error)")
        }
        let pages = decoded.pages
        precondition(pages.count == conversion.document.pages.count,
                     "\(shape): \(pages.count) pages decoded of \(conversion.document.pages.count)")
        precondition(pages.count >= 4 && pages.count % 2 == 0, "\(shape): \(pages.count) pages, not an even count of 4 or more")
        precondition(pages.prefix(3).map(\.kind.type) == ["invisible", "invisible", "cover"],
                     "\(shape): the page list starts \(pages.prefix(3).map(\.kind.type))")
        for (index, page) in pages.enumerated() {
            guard case .content(let shown) = page.kind else { continue }
            precondition(decoded.chapters.indices.contains(shown.chapter),
                         "\(shape): content page \(index) is in chapter \(shown.chapter) of \(decoded.chapters.count)")
        }
        // Compact JSON is written by the package's own encoder, which promises Foundation's bytes.
        // Checked up to a size, past which Foundation's encoder takes most of the exec.
        if !shape.jsonLines, !shape.flag, bytes.count <= 1 << 18 {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let expected = try? encoder.encode(conversion.document) + Data("\n".utf8) else {
                fatalError("\(shape): JSONEncoder can't encode the document")
            }
            if expected != bytes {
                let (ours, theirs) = (Array(bytes), Array(expected))
                let at = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(ours.count, theirs.count)
                let context = { (data: [UInt8]) in String(decoding: data.dropFirst(max(0, at - 60)).prefix(120), as: UTF8.self) }
                fatalError("\(shape): compact JSON differs from JSONEncoder's at byte \(at):\n  ours: \(context(ours))\n  JSONEncoder: \(context(theirs))")
            }
        }
    }
}

/// The memory watch, started once, at three quarters of the `-rss_limit_mb` libFuzzer was given
/// (its default, 2048 MB, without one): the room above is for what is allocated between the
/// watch's samples and the layout's checks of them.
enum FuzzMemory {
    static let watch: Void = {
        let flag = "-rss_limit_mb="
        let megabytes = CommandLine.arguments.last { $0.hasPrefix(flag) }.flatMap { Int($0.dropFirst(flag.count)) } ?? 2048
        guard megabytes > 0 else { return }
        MemoryWatch.watch(bytes: megabytes << 20 / 4 * 3)
    }()
}

/// An empty folder of this process's own: where a Markdown document's images are looked for.
enum FuzzFolder {
    static let path: String = {
        let path = NSTemporaryDirectory() + "/b2p-fuzz-conversion-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}

#if !FUZZING
/// Without libFuzzer, replays the files named on the command line, each with how long it took.
@main
enum ReplayConversion {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { continue }
            let start = Date()
            _ = [UInt8](data).withUnsafeBufferPointer { fuzzConversion($0.baseAddress!, $0.count) }
            print("\(path): \(FuzzShape(data[0])), \(String(format: "%.3f", Date().timeIntervalSince(start))) s")
        }
    }
}
#endif
