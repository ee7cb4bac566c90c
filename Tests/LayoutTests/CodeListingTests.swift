import BookModel
import EPUBReader
import Foundation
@testable import Layout
import PageFormat
import Testing

/// Code listings (`CodeLines`): set in the monospace face at a line height of their own size,
/// broken only at spaces (a token cut only when it alone is wider than the line, after its
/// punctuation first), continuations indented and marked, short listings never split. A test
/// page is 260 points wide: 42 columns of code at 10.2 points, 39 on a continuation line.
@Suite struct CodeListingTests {
    let layouter: Layouter
    static let options = TestBooks.options()

    init() throws {
        layouter = try Layouter(options: Self.options)
    }

    static func listing(_ code: String, _ change: (inout BlockStyle) -> Void = { _ in }) -> Block {
        var block = Block(.preformatted([Inline(code, style: .code)]))
        change(&block.style)
        return block
    }

    func lines(_ blocks: [Block]) -> [PageLine] {
        layouter.layout(TestBooks.book([blocks])).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
    }

    /// The source lines the set lines show: each continuation joined to the line before it by
    /// the space it was broken at (or, for a cut token, by nothing).
    static func sourceLines(_ lines: [PageLine], cutTokens: Bool = false) -> [String] {
        var joined: [String] = []
        for line in lines {
            if line.continuation, let last = joined.popLast() {
                joined.append(last + (cutTokens ? "" : " ") + line.text)
            } else {
                joined.append(line.text)
            }
        }
        return joined
    }

    @Test func aLongLineBreaksAtSpacesOnlyIntoMarkedIndentedContinuations() throws {
        let code = "let package = make(application-oebps-package+xml, with: options, and: more-words, here)\nshort()"
        let set = lines([Self.listing(code)])
        #expect(set.count > 2)
        #expect(Self.sourceLines(set) == code.components(separatedBy: "\n"))
        #expect(set.map(\.continuation) == [false] + Array(repeating: true, count: set.count - 2) + [false])
        let size = try #require(set[0].runs?.first?.size)
        #expect(size == 10.2)
        // The monospace face throughout, at a line height of its own size: the body's 16.8 × 0.85.
        #expect(set.allSatisfy { $0.runs?.allSatisfy { $0.face == FaceRole.monospace.rawValue } == true })
        #expect(set.allSatisfy { abs(($0.height ?? 0) - 16.8 * 0.85) < TestBooks.precision })
        let margin = Self.options.geometry.margins.left
        for line in set {
            #expect(abs(line.x - margin - (line.continuation ? 2 * size : 0)) < TestBooks.precision)
            #expect(line.x + line.width <= margin + 260 + TestBooks.precision)
        }
        // No line ends inside a token: `oebps-package` and `more-words` stay whole.
        #expect(set.contains { $0.text.contains("application-oebps-package+xml,") })
        #expect(set.contains { $0.text.contains("more-words,") })
    }

    @Test func aTokenWiderThanTheLineIsCutAfterItsPunctuation() {
        let url = "https://example.org/a/rather/long/path/that/goes/on/and/on/for/ever/index.html"
        let set = lines([Self.listing(url)])
        #expect(set.count >= 2)
        #expect(Self.sourceLines(set, cutTokens: true) == [url])
        for line in set.dropLast() {
            #expect(line.text.last.map(CodeLines.endsPiece) == true, "\(line.text) ends inside a name")
        }
    }

    @Test func anIndentedTokenThatFitsALineIsCutRatherThanLeftAlone() {
        let code = "<rootfile\n            media-type=\"application/oebps-package+xml\"/>"
        let set = lines([Self.listing(code)])
        // No line of spaces alone: the token starts on its own line, after its indentation.
        #expect(set.allSatisfy { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(set[1].text.hasPrefix("            media-type="))
        #expect(Self.sourceLines(set, cutTokens: true) == code.components(separatedBy: "\n"))
    }

    @Test func tabsReachTheBooksTabStops() {
        #expect(lines([Self.listing("\tx\n12\ty")]).map(\.text) == ["        x", "12      y"])
        #expect(lines([Self.listing("\tx\n12\ty") { $0.tabSize = 4 }]).map(\.text) == ["    x", "12  y"])
    }

    /// A 240-point page holds eleven body lines of 16.8, or thirteen code lines of 14.28 with
    /// less above them.
    @Test func aListingOfTwelveLinesIsNeverSplit() {
        let filler = (0..<4).map { TestBooks.paragraph("Filler \($0).") }
        let code = (1...12).map { "line\($0)" }.joined(separator: "\n")
        let pages = layouter.layout(TestBooks.book([filler + [Self.listing(code)]])).pages
        let showing = pages.filter { $0.allLines.contains { $0.text.hasPrefix("line") } }
        #expect(showing.count == 1)
        #expect(showing.first?.allLines.filter { $0.text.hasPrefix("line") }.count == 12)
    }

    @Test func aLongerListingSplitsLeavingTwoLinesAndNeverBeforeAContinuation() throws {
        let filler = (0..<4).map { TestBooks.paragraph("Filler \($0).") }
        // Line 4 is long: it would be cut at the page's foot, before its continuation.
        var source = (1...16).map { "line\($0)" }
        source[3] = "line4 " + Array(repeating: "word", count: 12).joined(separator: " ")
        let pages = layouter.layout(TestBooks.book([filler + [Self.listing(source.joined(separator: "\n"))]])).pages
        let showing = pages.map { $0.allLines.filter { $0.text.hasPrefix("line") || $0.continuation } }.filter { !$0.isEmpty }
        #expect(showing.count == 2)
        for part in showing { #expect(part.count >= 2) }
        #expect(showing.last?.first?.continuation == false)
        #expect(showing.first?.count == 3)
    }

    /// The EPUB 3.0 specification's listings of XML and markup: none of them broken inside a
    /// token, none of twelve lines or fewer split between pages.
    @Test(.needsSharedCorpus) func theEPUBSpecificationsListingsKeepTheirTokensAndShortOnesTheirPage() throws {
        let corpus = try #require(Available.corpus)
        let book = try EPUBReader.read(contentsOf: corpus.appendingPathComponent("epub30-spec.epub").path).book
        let listings = book.chapters.flatMap { Self.preformatted(in: $0.blocks) }
        #expect(listings.count > 50)
        let options = LayoutOptions()
        let layouter = try Layouter(options: options)
        let contentRight = options.geometry.pageSize.width - options.geometry.margins.right
        // Its `pre` is framed (a 1 px border and 9 px of padding): a listing's measure ends
        // that padding inside the frame's right rule beside its line.
        let padding = 9 * options.fontSize / 16
        func right(of line: PageLine, on page: Page) -> Double {
            let rules = (page.shown?.boxes ?? []).filter { $0.kind == .rule && $0.height > $0.width && $0.x > line.x
                && $0.y <= line.y + 0.01 && $0.y + $0.height >= line.y + (line.height ?? 0) - 0.01 }
            return rules.map(\.x).min().map { $0 - padding } ?? contentRight
        }
        let pages = layouter.layout(book).pages
        let codeHeight = try #require(pages.lazy.flatMap(\.allLines).first { Self.isCode($0) }?.height)
        func code(_ page: Page) -> [PageLine] { page.allLines.filter { Self.isCode($0) && $0.height == codeHeight } }
        var continuations = 0, splits = 0
        for (p, page) in pages.enumerated() {
            let shown = code(page)
            for (k, line) in shown.enumerated() where line.continuation {
                continuations += 1
                let before = k > 0 ? shown[k - 1] : code(pages[p - 1]).last
                let previous = try #require(before, "a continuation at the top of page \(p) continues nothing")
                // Broken at the spaces between the two.
                let pattern = NSRegularExpression.escapedPattern(for: previous.text) + " +"
                    + NSRegularExpression.escapedPattern(for: line.text)
                let atSpace = listings.contains { $0.range(of: pattern, options: .regularExpression) != nil }
                // A cut inside a token: one wider than the continuation line (the code is
                // monospaced: its width is its characters' count times one's advance).
                let advance = previous.width / Double(previous.text.count)
                let words = previous.text.split(separator: " ")
                let token = Double(((words.last ?? "") + (line.text.split(separator: " ").first ?? "")).count) * advance
                // Wider than a continuation line, or, alone after its line's indentation, than
                // what the indentation leaves.
                let indentation = Double(previous.text.prefix { $0 == " " }.count) * advance
                let right = right(of: line, on: page)
                #expect(atSpace || token > right - line.x || (words.count == 1 && token > right - previous.x - indentation),
                        "page \(p): \(previous.text) | \(line.text) is broken inside a token")
            }
            // A listing going on over the page: one of more than twelve source lines.
            guard p + 1 < pages.count, let last = page.allLines.last(where: { !$0.text.isEmpty }), Self.isCode(last),
                  let next = code(pages[p + 1]).first, pages[p + 1].allLines.first(where: { !$0.text.isEmpty }) == next,
                  !next.continuation else { continue }
            // The listing is the one that holds the code on both sides of the break (short
            // listings repeat lines of longer ones).
            let tail = page.allLines.reversed().prefix { Self.isCode($0) || $0.text.isEmpty && $0.height == codeHeight }
            let head = pages[p + 1].allLines.prefix { Self.isCode($0) || $0.text.isEmpty && $0.height == codeHeight }
            let split = listings.filter { listing in
                listing.contains(last.text + "\n" + next.text) && (tail + head).allSatisfy { listing.contains($0.text) }
            }
            if !split.isEmpty { splits += 1 }
            for listing in split {
                #expect(listing.components(separatedBy: "\n").count > CodeLines.unsplitSourceLines,
                        "page \(p): a listing of \(listing.components(separatedBy: "\n").count) lines is split at \(last.text) | \(next.text)")
            }
        }
        #expect(continuations > 20)
        #expect(splits > 5)
    }

    static func isCode(_ line: PageLine) -> Bool {
        line.role == .body && line.height != nil && !line.text.isEmpty
            && line.runs?.allSatisfy { $0.face == FaceRole.monospace.rawValue } == true
    }

    /// Tabs as spaces to the next multiple of 8, as the layout sets them.
    static func expandingTabs(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            var expanded = ""
            for character in line {
                if character == "\t" {
                    expanded += String(repeating: " ", count: 8 - expanded.count % 8)
                } else {
                    expanded.append(character)
                }
            }
            return expanded
        }.joined(separator: "\n")
    }

    /// The text of every preformatted block, its tabs as spaces.
    static func preformatted(in blocks: [Block]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block.kind {
            case .preformatted(let inlines): [expandingTabs(inlines.map(\.text).joined())]
            case .quote(let inner), .division(let inner): preformatted(in: inner)
            case .list(let list): list.items.flatMap { preformatted(in: $0) }
            default: []
            }
        }
    }
}
