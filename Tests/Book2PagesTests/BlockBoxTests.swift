import Book2PagesKit
import Foundation
@testable import Layout
import PageFormat
import Testing

/// Boxes the book's CSS draws around blocks (`border`, `padding`, `background-color`), judged
/// from the pages alone: each box is the page's `boxes` of its colour (a background, a rule a
/// side), and it must enclose exactly its lines, inside its border and padding.
struct BlockBoxTests {
    static func convert(css: String, body: String, options: ConversionOptions = ConversionOptions(inputFormat: .xhtml))
        throws -> (document: PageDocument, warnings: [String]) {
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
            <head><style>\(css)</style></head><body>\(body)</body></html>
            """
        let conversion = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                               options: options)
        return (conversion.document, conversion.warnings.map(\.message))
    }

    /// The content pages, each with its lines of text.
    static func pages(_ document: PageDocument) -> [ChapterPage] {
        document.pages.compactMap(\.content)
    }

    struct Rect: CustomStringConvertible {
        var x, y, width, height: Double
        var right: Double { x + width }
        var bottom: Double { y + height }
        var description: String { "(\(x), \(y), \(width), \(height))" }

        func contains(_ other: Rect, tolerance: Double = 0.02) -> Bool {
            other.x >= x - tolerance && other.right <= right + tolerance && other.y >= y - tolerance
                && other.bottom <= bottom + tolerance
        }
    }

    /// The part of a box a page draws: the rectangle its boxes of `color` cover, and which sides
    /// have a rule.
    struct Drawn {
        var frame: Rect
        var top = false, right = false, bottom = false, left = false
        var background = false
        var ruleWidths: [Double] = []
    }

    static func drawn(_ color: String, on page: ChapterPage) -> Drawn? {
        let boxes = page.boxes.filter { $0.color.hex == color }
        guard !boxes.isEmpty else { return nil }
        let x = boxes.map(\.x).min()!, y = boxes.map(\.y).min()!
        let right = boxes.map { $0.x + $0.width }.max()!, bottom = boxes.map { $0.y + $0.height }.max()!
        var found = Drawn(frame: Rect(x: x, y: y, width: right - x, height: bottom - y))
        for box in boxes {
            if box.kind == .background {
                found.background = true
                continue
            }
            // A rule across the box is a top or bottom one, one down its height a side: the
            // longer way decides for a box of one rule.
            let across = abs(box.width - found.frame.width) < 0.02 && (box.height < found.frame.height - 0.02 || box.width > box.height)
            let down = abs(box.height - found.frame.height) < 0.02 && (box.width < found.frame.width - 0.02 || box.height > box.width)
            found.ruleWidths.append(across ? box.height : box.width)
            if across, abs(box.y - y) < 0.02 { found.top = true }
            if across, abs(box.y + box.height - bottom) < 0.02 { found.bottom = true }
            if down, abs(box.x - x) < 0.02 { found.left = true }
            if down, abs(box.x + box.width - right) < 0.02 { found.right = true }
        }
        return found
    }

    static func rect(_ line: PageLine, _ layout: LayoutDescription) -> Rect {
        Rect(x: line.x, y: line.y, width: line.width, height: layout.height(of: line))
    }

    static let px = 17.0 / 16

    // MARK: - A box and its lines

    @Test func aBoxEnclosesExactlyItsLinesInsideItsBorderAndPadding() throws {
        let (document, warnings) = try Self.convert(css: """
            .aside { border: 2px solid #112233; padding: 0.5em 1em; margin: 1em 0 }
            """, body: """
            <p>Before the box, a paragraph long enough to fill the measure from one side to the other.</p>
            <div class="aside"><p>Inside the box, a paragraph long enough to be justified across the narrower measure
            that the border and the padding leave it.</p><p>And a second one.</p></div>
            <p>After the box.</p>
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        let layout = document.layout, content = layout.contentBox
        let page = try #require(Self.pages(document).first)
        let box = try #require(Self.drawn("#112233", on: page))
        #expect(box.top && box.bottom && box.left && box.right && !box.background)
        #expect(box.ruleWidths.allSatisfy { abs($0 - 2 * Self.px) < 0.01 })
        // Across the whole measure, as a block's box is.
        #expect(abs(box.frame.x - content.x) < 0.01 && abs(box.frame.width - content.width) < 0.01)
        let inset = 2 * Self.px + 17, insetVertical = 2 * Self.px + 8.5
        let inner = Rect(x: box.frame.x + inset, y: box.frame.y + insetVertical, width: box.frame.width - 2 * inset,
                         height: box.frame.height - 2 * insetVertical)
        let text = page.lines.filter { !$0.text.isEmpty }
        let first = try #require(text.firstIndex { $0.text.hasPrefix("Inside the box") })
        let last = try #require(text.firstIndex { $0.text == "And a second one." })
        let inside = Array(text[first...last])
        #expect(inside.count >= 3)
        for line in inside {
            #expect(inner.contains(Self.rect(line, layout)), "\(line.text) \(Self.rect(line, layout)) outside \(inner)")
        }
        // Exactly its lines: its top and bottom are the padding from the first and last.
        #expect(abs(inside.first!.y - inner.y) < 0.02)
        #expect(abs(inside.last!.y + layout.height(of: inside.last!) - inner.bottom) < 0.02)
        // The measure is narrower: a justified line fills the inside, not the content box.
        let justified = try #require(inside.first { $0.justified })
        #expect(abs(justified.width - inner.width) < 0.02)
        // And the lines around it are outside it.
        for line in text where !inside.contains(where: { $0.text == line.text }) {
            let rect = Self.rect(line, layout)
            #expect(rect.bottom <= box.frame.y + 0.02 || rect.y >= box.frame.bottom - 0.02, "\(line.text) overlaps the box")
        }
    }

    @Test func aRuleUnderAHeadingSitsUnderItInTheGap() throws {
        let (document, _) = try Self.convert(css: "h1 { border-bottom: 2px solid #990000; padding-bottom: 0.2em }",
                                             body: "<h1>A Title</h1><p>The text under it.</p>")
        let layout = document.layout
        let page = try #require(Self.pages(document).first)
        let rule = try #require(page.boxes.first)
        #expect(page.boxes.count == 1 && rule.kind == .rule && rule.color.hex == "#990000")
        let heading = try #require(page.lines.first), text = try #require(page.lines.last)
        let headingBottom = heading.y + layout.height(of: heading)
        // 0.2 em of the heading's size below its line, across the measure, above the text.
        #expect(abs(rule.y - (headingBottom + 0.2 * 17 * 1.6)) < 0.02)
        #expect(abs(rule.height - 2 * Self.px) < 0.01 && rule.width == layout.contentBox.width)
        #expect(rule.y + rule.height < text.y)
        // Drawn in the gap: the text is one empty line under the heading, as without the rule.
        #expect(page.text == "A Title\n\nThe text under it.")
        let (plain, _) = try Self.convert(css: "", body: "<h1>A Title</h1><p>The text under it.</p>")
        #expect(Self.pages(plain).first?.lines == page.lines)
    }

    @Test func aBarBesideAQuotationStandsAtItsIndent() throws {
        let (document, _) = try Self.convert(css: "blockquote { border-left: 4px solid #aaaaaa; padding-left: 0.5em }",
                                             body: "<p>Said:</p><blockquote><p>A quotation of two lines at least, so that its bar is as tall as both of its lines together.</p></blockquote>")
        let layout = document.layout
        let page = try #require(Self.pages(document).first)
        let bar = try #require(Self.drawn("#AAAAAA", on: page))
        #expect(page.boxes.count == 1 && bar.left && !bar.top && !bar.bottom)
        // The layout's own indent for a quotation, 1.5 ems, is where its box stands.
        #expect(abs(bar.frame.x - (layout.contentBox.x + 1.5 * 17)) < 0.01)
        let quoted = page.lines.filter { $0.text != "Said:" && !$0.text.isEmpty }
        #expect(quoted.count >= 2)
        for line in quoted {
            #expect(abs(line.x - (bar.frame.x + 4 * Self.px + 8.5)) < 0.02)
            #expect(Rect(x: bar.frame.x, y: bar.frame.y, width: layout.contentBox.right - bar.frame.x, height: bar.frame.height)
                .contains(Self.rect(line, layout)))
        }
        #expect(abs(bar.frame.y - quoted.first!.y) < 0.02)
    }

    @Test func aBackgroundIsDrawnUnderItsLinesAndNotOnTheirRuns() throws {
        let (document, _) = try Self.convert(css: ".note { background-color: #eeeeee; padding: 0.25em 0.5em } .note p { border: 1px solid #000080 }",
                                             body: #"<div class="note"><p>Shaded.</p></div>"#)
        let page = try #require(Self.pages(document).first)
        // The background first, then the rule of the box inside it.
        #expect(page.boxes.first?.kind == .background && page.boxes.first?.color.hex == "#EEEEEE")
        let shade = try #require(Self.drawn("#EEEEEE", on: page)), frame = try #require(Self.drawn("#000080", on: page))
        #expect(shade.background && shade.frame.contains(frame.frame))
        // The inner box is inset by the outer one's padding.
        #expect(abs(frame.frame.x - (shade.frame.x + 8.5)) < 0.02 && abs(frame.frame.y - (shade.frame.y + 4.25)) < 0.02)
        let line = try #require(page.lines.first)
        #expect(frame.frame.contains(Self.rect(line, document.layout)))
        #expect(line.runs?.contains { $0.background != nil } != true)
    }

    @Test func nestedBoxesEachEncloseTheirOwn() throws {
        let (document, _) = try Self.convert(css: """
            .outer { border: 1px solid #010101; padding: 1em } .inner { border: 1px solid #020202; padding: 0.5em; margin-left: 2em }
            """, body: """
            <div class="outer"><p>Outer text before.</p><div class="inner"><p>Inner text.</p></div><p>Outer text after.</p></div>
            """)
        let layout = document.layout
        let page = try #require(Self.pages(document).first)
        let outer = try #require(Self.drawn("#010101", on: page)), inner = try #require(Self.drawn("#020202", on: page))
        #expect(outer.frame.contains(inner.frame))
        // The inner box stands at its margin inside the outer one's border and padding.
        #expect(abs(inner.frame.x - (outer.frame.x + Self.px + 17 + 34)) < 0.02)
        #expect(abs(inner.frame.right - (outer.frame.right - Self.px - 17)) < 0.02)
        let line = try #require(page.lines.first { $0.text == "Inner text." })
        #expect(inner.frame.contains(Self.rect(line, layout)))
        for text in ["Outer text before.", "Outer text after."] {
            let rect = Self.rect(try #require(page.lines.first { $0.text == text }), layout)
            #expect(outer.frame.contains(rect) && (rect.bottom <= inner.frame.y || rect.y >= inner.frame.bottom))
        }
    }

    @Test func aBorderThatIsNotDrawnChangesNothing() throws {
        let body = #"<p>One.</p><div class="x"><p class="y">A paragraph with a border of no style.</p></div><p>Two.</p>"#
        let (none, _) = try Self.convert(css: ".x { border: 5px none red } .y { border-top: 2px hidden; padding-left: 1em }", body: body)
        let (plain, _) = try Self.convert(css: ".y { padding-left: 1em }", body: body)
        #expect(Self.pages(none).allSatisfy { $0.boxes.isEmpty })
        #expect(none.pages == plain.pages)
    }

    // MARK: - Across pages

    @Test func aBoxSplitAcrossPagesDrawsItsPartOnEachWithTheSidesBetweenOpen() throws {
        let paragraphs = (1...14).map { "<p>Paragraph \($0) of the long box, which runs on for long enough to take two lines of the page.</p>" }
        let (document, _) = try Self.convert(css: ".long { border: 1px solid #445566; background-color: #fafad2; padding: 0.5em }",
                                             body: "<p>Before.</p><div class=\"long\">\(paragraphs.joined())</div><p>After.</p>")
        let layout = document.layout
        let pages = Self.pages(document).filter { Self.drawn("#445566", on: $0) != nil }
        #expect(pages.count == 2)
        let first = try #require(Self.drawn("#445566", on: pages[0])), second = try #require(Self.drawn("#445566", on: pages[1]))
        #expect(first.top && !first.bottom && first.left && first.right)
        #expect(!second.top && second.bottom && second.left && second.right)
        // The background goes with each part.
        #expect(Self.drawn("#FAFAD2", on: pages[0])?.background == true && Self.drawn("#FAFAD2", on: pages[1])?.background == true)
        // Each part encloses the box's lines on its page, and the continuation starts at its first.
        for (page, part) in [(pages[0], first), (pages[1], second)] {
            for line in page.lines where line.text.hasPrefix("Paragraph") || line.text.contains("two lines") {
                #expect(part.frame.contains(Self.rect(line, layout)), "\(line.text)")
            }
        }
        let continued = try #require(pages[1].lines.first)
        #expect(abs(second.frame.y - continued.y) < 0.02)
        let last = try #require(pages[0].lines.last { !$0.text.isEmpty })
        #expect(abs(first.frame.bottom - (last.y + layout.height(of: last))) < 0.02)
    }

    @Test func aBoxsTopAndBottomTakeWholeLinesAndStayWithItsText() throws {
        // A padding of two lines' height above and below: two empty lines each side, on the
        // page the box is on.
        let (document, _) = try Self.convert(css: ".tall { border: 1px solid #0000ff; padding: 2.8em 0 }",
                                             body: #"<p>Before.</p><div class="tall"><p>Boxed.</p></div><p>After.</p>"#)
        let page = try #require(Self.pages(document).first)
        #expect(page.text == "Before.\n\n\n\nBoxed.\n\n\n\nAfter.")
        let box = try #require(Self.drawn("#0000FF", on: page))
        let boxed = try #require(page.lines.first { $0.text == "Boxed." })
        #expect(abs(boxed.y - box.frame.y - (Self.px + 2.8 * 17)) < 0.02)
    }

    // MARK: - What is inside

    @Test func aListsMarkersStayInsideItsBox() throws {
        let (document, _) = try Self.convert(css: "ul { border: 1px solid #123456; padding: 0.25em }",
                                             body: "<ul><li>first item</li><li>second item</li></ul>")
        let page = try #require(Self.pages(document).first)
        let box = try #require(Self.drawn("#123456", on: page))
        for line in page.lines where !line.text.isEmpty {
            #expect(box.frame.contains(Self.rect(line, document.layout)) && line.x > box.frame.x + Self.px, "\(line.text)")
        }
    }

    @Test func aTableAndAFloatInABoxStayInsideIt() throws {
        let words = (1...50).map { "word\($0)" }.joined(separator: " ")
        let (document, _) = try Self.convert(css: """
            .box { border: 3px solid #654321; padding: 1em } td { border: 1px solid #999999 } .f { float: right; width: 30% }
            """, body: """
            <div class="box"><table><tr><td>a cell</td><td>another cell with a longer text in it than the first</td></tr></table>
            <p><span class="f">A float beside the text.</span>\(words)</p></div>
            """)
        let layout = document.layout
        let page = try #require(Self.pages(document).first)
        let box = try #require(Self.drawn("#654321", on: page))
        let inner = Rect(x: box.frame.x + 3 * Self.px + 17, y: box.frame.y, width: box.frame.width - 2 * (3 * Self.px + 17),
                         height: box.frame.height)
        for line in page.lines where !line.text.isEmpty {
            #expect(inner.contains(Self.rect(line, layout)), "\(line.text)")
        }
        for cell in page.cells {
            #expect(inner.contains(Rect(x: cell.x, y: cell.y, width: cell.width, height: cell.height)))
        }
        for rule in page.boxes where rule.color.hex == "#999999" {
            #expect(inner.contains(Rect(x: rule.x, y: rule.y, width: rule.width, height: rule.height)))
        }
        let float = try #require(page.lines.first { $0.text.hasPrefix("A float") })
        // At the inside's right edge, 30 % of its width.
        #expect(abs(float.x - (inner.right - inner.width * 0.3)) < 0.02, "\(float.x) \(inner)")
        // The table's boxes come after the box's: it is drawn over the box.
        let order = page.boxes.map(\.color.hex)
        #expect(order.firstIndex(of: "#654321")! < order.firstIndex(of: "#999999")!)
    }

    @Test func aBoxInRightToLeftTextKeepsItsSides() throws {
        let (document, _) = try Self.convert(css: "p { border-left: 3px solid #00aa00; padding-left: 1em; padding-right: 2em }",
                                             body: #"<p dir="rtl">שלום עולם, זוהי פסקה בעברית שנמשכת די זמן כדי למלא יותר משורה אחת בעמוד הזה.</p>"#)
        let layout = document.layout
        let page = try #require(Self.pages(document).first)
        let box = try #require(Self.drawn("#00AA00", on: page))
        #expect(box.left && abs(box.frame.x - layout.contentBox.x) < 0.01)
        let lines = page.lines.filter { !$0.text.isEmpty }
        #expect(lines.count >= 2)
        for line in lines {
            #expect(line.direction == .rightToLeft)
            // Right-aligned at the right padding, never left of the left border and padding.
            #expect(line.x >= box.frame.x + 3 * Self.px + 17 - 0.02)
            #expect(line.x + line.width <= layout.contentBox.right - 34 + 0.02)
        }
        #expect(lines.contains { abs($0.x + $0.width - (layout.contentBox.right - 34)) < 0.02 })
    }

    @Test func aBoxInAFootnoteIsNotDrawnAndItsTextStays() throws {
        let (document, _) = try Self.convert(css: "aside { border: 1px solid #ff00ff; padding: 1em; background: #ffeeff }",
                                             body: """
            <p>A call<a epub:type="noteref" href="#n1">1</a>.</p>
            <aside epub:type="footnote" id="n1"><p>The note, in a box the foot does not draw.</p></aside>
            """)
        let page = try #require(Self.pages(document).first)
        #expect(page.boxes.isEmpty)
        #expect(page.lines.contains { $0.role == .note && $0.text.contains("The note") })
    }

    // MARK: - Bad input

    @Test func hostileBoxesLeaveTheTextRoomAndSaySo() throws {
        let depth = 40
        let nested = String(repeating: #"<div style="border: 2px solid #abcdef; padding: 0 3em">"#, count: depth)
            + "<p>deep inside</p>" + String(repeating: "</div>", count: depth)
        let (document, warnings) = try Self.convert(css: """
            .huge { border: 500em solid #333333; padding: 1000em } .wide { padding: 0 40em; border-left: 1px solid red }
            """, body: """
            <div class="huge"><p>Text inside a box whose border and padding are wider than any page.</p></div>
            <p class="wide">A paragraph whose padding alone would leave it no room at all.</p>\(nested)
            """)
        let layout = document.layout, content = layout.contentBox
        let text = Self.pages(document).flatMap(\.lines).filter { !$0.text.isEmpty }
        #expect(text.map(\.text).joined(separator: " ").contains("deep inside"))
        for line in text {
            #expect(line.x >= content.x - 0.02 && line.x + line.width <= content.right + 0.02, "\(line.text)")
        }
        // The boxes leave at least a quarter of the measure.
        let inside = try #require(text.first { $0.text.hasPrefix("Text inside") })
        #expect(inside.width <= content.width * 0.25 + 0.02)
        let narrowest = try #require(text.filter { $0.justified }.map(\.width).min())
        #expect(narrowest >= content.width * 0.25 - 0.02, "\(narrowest)")
        #expect(warnings.contains { $0.contains("set narrower than the book's CSS asks") }, "\(warnings)")
        // No more than the layout's bound of nested boxes is drawn around the deepest text.
        let page = try #require(Self.pages(document).first { $0.lines.contains { $0.text == "deep inside" } })
        let line = try #require(page.lines.first { $0.text == "deep inside" })
        let around = page.boxes.filter { $0.color.hex == "#ABCDEF" && $0.kind == .rule && $0.width < $0.height
            && $0.x <= line.x && $0.y <= line.y }
        #expect(!around.isEmpty && around.count <= BoxStack.maximumDepth)
        for page in Self.pages(document) {
            for box in page.boxes {
                #expect(box.x >= content.x - 0.02 && box.x + box.width <= content.right + 0.02)
                #expect(box.y >= content.y - layout.font.lineHeight / 2 - 0.02)
                #expect(box.y + box.height <= content.bottom + layout.font.lineHeight / 2 + 0.02)
            }
        }
    }
}

private extension PageFormat.Box {
    var right: Double { x + width }
    var bottom: Double { y + height }
}
