import Book2PagesKit
import Foundation
import Layout
import PageFormat
import Synchronization
import Targets
import Testing

/// `--align-spreads`: through the whole conversion, the facing pages of a `booklayout` or
/// double-sided `pagecurl` book end on the same line, streamed or not; `off` leaves each page
/// where it fills, and targets of one page a screen are as they were.
struct AlignSpreadsTests {
    /// A Markdown book of chapters of dialogue and narration: paragraphs of one to five lines,
    /// which the widow and orphan rules keep whole or split two and two, so pages fill unevenly.
    static func writeBook(in directory: URL) throws -> String {
        var random: UInt64 = 7
        func next() -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int(random >> 33)
        }
        let words = ["the", "whale", "ship", "sea", "captain", "harpoon", "night", "said", "Ahab", "deck", "wind",
                     "and", "upon", "white", "long", "boat", "men", "voyage", "oil", "line"]
        var text = ""
        for chapter in 1...6 {
            text += "# Chapter \(chapter)\n\n"
            for _ in 0..<(70 + next() % 30) {
                let count = next() % 3 == 0 ? 40 + next() % 60 : 5 + next() % 35
                text += (0..<count).map { _ in words[next() % words.count] }.joined(separator: " ") + ".\n\n"
            }
        }
        let path = directory.appendingPathComponent("voyage.md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The spreads of two pages of one chapter, its last page on neither, and how many of them
    /// end apart: the lowest lines with text more than half a point apart.
    static func spreads(of document: PageDocument) -> (counted: Int, apart: Int) {
        guard case .spreads(let spreads) = document.target?.grouping else { return (0, 0) }
        let lineHeight = document.layout.font.lineHeight
        func bottom(_ page: ChapterPage) -> Double {
            page.lines.filter { !$0.text.isEmpty && $0.role == .body }.map { $0.y + ($0.height ?? lineHeight) }.max() ?? 0
        }
        var counted = 0, apart = 0
        for spread in spreads {
            guard let left = spread.left, let right = spread.right,
                  let a = document.pages[left].shown, let b = document.pages[right].shown, a.chapter == b.chapter,
                  let after = document.pages[max(left, right) + 1].shown, after.chapter == b.chapter else { continue }
            counted += 1
            if abs(bottom(a) - bottom(b)) > 0.5 { apart += 1 }
        }
        return (counted, apart)
    }

    final class Received: Sendable {
        let chunks = Mutex<[Data]>([])
        func append(_ data: Data) { chunks.withLock { $0.append(data) } }
        var all: Data { chunks.withLock { $0.reduce(Data(), +) } }
    }

    @Test func facingPagesEndTogetherUnlessTurnedOff() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try Self.writeBook(in: directory)
        let aligned = try Converter.convert(path: book, options: ConversionOptions()).document
        let ragged = try Converter.convert(path: book, options: ConversionOptions(
            target: try BookLayoutTarget(TargetRequest(alignSpreads: false)))).document
        let even = Self.spreads(of: aligned), uneven = Self.spreads(of: ragged)
        #expect(uneven.apart > 5, "as the pages fill, spreads end apart")
        #expect(even.counted > 30)
        #expect(even.apart * 20 <= even.counted, "\(even.apart) of \(even.counted) spreads end apart")
        // The same text, in the same order.
        func text(_ document: PageDocument) -> [Substring] {
            document.pages.compactMap(\.shown?.text).flatMap { $0.split(separator: "\n") }
        }
        #expect(text(aligned) == text(ragged))
        // Double-sided pagecurl aligns its spreads too; a target of one page a screen has none to align.
        let curl = try Converter.convert(path: book, options: ConversionOptions(
            target: try PageCurlTarget(TargetRequest(doubleSided: true)))).document
        let curlSpreads = Self.spreads(of: curl)
        #expect(curlSpreads.apart * 20 <= curlSpreads.counted)
        let reader = try Converter.convert(path: book, options: ConversionOptions(target: try ReaderTarget(TargetRequest()))).document
        let readerRagged = try Converter.convert(path: book, options: ConversionOptions(
            target: try ReaderTarget(TargetRequest(alignSpreads: false)))).document
        let samePages = reader.pages == readerRagged.pages
        #expect(samePages)
    }

    @Test func streamedPagesAreTheOnesWrittenWhole() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try Self.writeBook(in: directory)
        let options = ConversionOptions(outputFormat: .ndjson)
        let received = Received()
        _ = try Converter.convert(.paths([book]), options: options, streamingTo: { received.append($0) })
        let whole = try Converter.convert(path: book, options: options)
        #expect(received.all == whole.json)
        #expect(try PageDocument(jsonLines: received.all).pages == (try Converter.convert(path: book, options: ConversionOptions())).document.pages)
    }

    /// On a page short enough that a table's header, shown again, is all that fits above the
    /// line a spread ends on, that page is no spread's: the fuzzer found the layout making such
    /// pages for ever (the seed is the sample's chapter with a table, on its smallest page).
    @Test func aTableHeaderAloneNeverEvensASpread() throws {
        let chapter = TestPaths.repositoryFile("Samples/the-clockmakers-garden/02-the-workshop.md")
        let geometry = PageGeometry(pageSize: Dimensions(width: 200, height: 150),
                                    margins: Margins(top: 10, right: 10, bottom: 10, left: 10))
        let options = ConversionOptions(layout: LayoutOptions(geometry: geometry, fontSize: 17),
                                        target: try BookLayoutTarget(TargetRequest(pageSize: geometry.pageSize)))
        let pages = try Converter.convert(path: chapter, options: options).document.pages.compactMap(\.shown)
        let ragged = try Converter.convert(path: chapter, options: ConversionOptions(layout: options.layout,
            target: try BookLayoutTarget(TargetRequest(pageSize: geometry.pageSize, alignSpreads: false)))).document
        // Done, and with about as many pages as when each page ends where it fills.
        let filled = ragged.pages.compactMap(\.shown).count
        #expect(filled > 10)
        #expect(pages.count <= filled + filled / 4, "\(pages.count) pages, \(filled) as they fill")
    }
}
