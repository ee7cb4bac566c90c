import Foundation
@testable import PageFormat
import Testing
@testable import PageJSON

/// Compact JSON is written by the package's own encoder for speed: it must give exactly the
/// bytes Foundation's `JSONEncoder` gives, for every field a page can have and every character
/// and number a string or a position can hold.
struct CompactJSONTests {
    static let awkward = "a\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\"\\/ \u{7F} é 漢 😀 \u{2028} </script>"

    func foundationJSON(_ document: PageDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    func documentWithEveryField() throws -> PageDocument {
        var document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        document.metadata.title = Self.awkward
        document.metadata.rendition = BookRendition(layout: .mixed, orientation: .portrait,
                                                    spread: RenditionSpread(rawValue: Self.awkward))
        document.chapters.append(ChapterItem(title: nil, source: Self.awkward, linear: false, page: nil, pageCount: 0))
        document.toc.append(TOCItem(title: Self.awkward, level: 2, page: 5, folio: nil))
        document.pageList = [PageListItem(label: "xii", page: 4, folio: 1), PageListItem(label: Self.awkward, page: 5, folio: nil)]
        document.target = TargetDescription(name: .pageCurl, doubleSided: true,
                                            grouping: .spreads([.init(left: nil, right: 2), .init(left: 3, right: nil),
                                                                .init(left: nil, right: nil)]),
                                            blankPages: [5, 9])
        let numbers: [Double] = [0, -0.0, 0.1, 1e-7, 123456.789, 1e21, 40, 157.81, -3.5, 2.0 / 3.0]
        let lines = numbers.enumerated().map { n, value in
            PageLine(text: Self.awkward, x: value, y: -value, width: value * 7, hyphenated: n % 2 == 0,
                     justified: n % 3 == 0, expansion: n % 3 == 0 ? 1 + value / 1e6 : 1, continuation: n % 4 == 1,
                     height: n % 2 == 1 ? value : nil,
                     runs: [PageRun(start: 0, length: n, face: 2, size: value, shift: n % 2 == 0 ? .superscript : n % 7 == 3 ? .other("raised") : .none,
                                   standIn: n % 3 == 1 ? "DroidSansFallback" : nil, orientation: n % 5 == 3 ? .sideways : n % 7 == 2 ? .combined : .upright, link: n % 3 == 2 ? "ch.xhtml#n\(n)" : nil,
                                   underline: n % 2 == 1, strikethrough: n % 3 == 0, color: n % 4 == 1 ? PageColor(red: 9, green: 8, blue: 7) : nil,
                                   background: n % 5 == 2 ? PageColor(red: 1, green: 1, blue: 1, alpha: 128) : nil,
                                   letterSpacing: n % 3 == 1 ? -value : 0, wordSpacing: n % 4 == 3 ? value : 0,
                                   features: n % 3 == 2 ? [.smallCaps, .oldstyleNumerals, OpenTypeFeature(rawValue: "ss01")] : [])],
                     direction: n % 4 == 0 ? .rightToLeft : n % 9 == 5 ? .other("ttb") : .leftToRight, bidi: n % 2 == 0 ? [.init(start: 0, length: 3, rightToLeft: true),
                                                                 .init(start: 3, length: Int.max, rightToLeft: false)] : [],
                     role: n % 5 == 0 ? .noteSeparator : n % 7 == 1 ? .other("marginNote") : n % 4 == 2 ? .table : .body,
                     cell: n % 4 == 2 ? CellPlace(table: n, row: n / 2, column: -n, repeated: n % 8 == 2) : nil,
                     vertical: n % 5 == 3,
                     ruby: n % 3 == 1 ? [PageRuby(start: 0, length: n, text: Self.awkward, x: value, y: -value, width: value,
                                                   face: n, standIn: n % 2 == 0 ? "NotoSerifCJKjp-Regular" : nil, size: value / 2,
                                                   letterSpacing: n % 4 == 1 ? value : 0)] : [])
        }
        let boxes = numbers.enumerated().map { n, value in
            PageBox(kind: n % 3 == 0 ? .rule : n % 3 == 1 ? .background : .other("shadow"), x: value, y: -value, width: value * 3,
                    height: value / 3, color: PageColor(red: UInt8(n), green: 255, blue: 0, alpha: n % 2 == 0 ? 255 : 128),
                    overPictures: n % 4 == 1)
        }
        let cells = numbers.enumerated().map { n, value in
            PageCell(table: n / 4, row: n, column: n % 3, rowSpan: n % 2 == 0 ? 1 : n, columnSpan: n % 3 == 0 ? 1 : -n,
                     x: value, y: -value, width: value * 5, height: value + 1, header: n % 2 == 0, repeated: n % 5 == 0)
        }
        document.pages += [
            Page(.content(ChapterPage(text: Self.awkward, folio: Int.max, chapter: -1, indexInChapter: 0, lines: lines,
                                      images: [PageImage(path: "x/y.png", alt: Self.awkward, x: 1.25, y: 0, width: 1e5, height: 0.01),
                                               PageImage(path: "z.png", x: 0, y: 0, width: 1, height: 1)],
                                      boxes: boxes, cells: cells,
                                      location: PageLocation(start: 1, end: 2, startCFI: "epubcfi(/6/4!/4/2,/1:0,/1:3)", endCFI: nil))),
                 title: Self.awkward, subtitle: ""),
            Page(.content(ChapterPage(folio: 0, chapter: 0, indexInChapter: 1))),
            Page(.image(ChapterPage(folio: 2, chapter: 1, indexInChapter: 0,
                                    images: [PageImage(path: "OEBPS/images/a b.png", x: 0, y: 0, width: 1, height: 1)]))),
            Page(.image(ChapterPage(folio: 2, chapter: 1, indexInChapter: 2,
                                    images: [PageImage(path: "OEBPS/images/a b.png", x: 0, y: 0, width: 1, height: 1)],
                                    boxes: Array(boxes.prefix(1))))),
            Page(.content(ChapterPage(text: "", folio: 4, chapter: 1, indexInChapter: 3, cells: Array(cells.suffix(2))))),
            Page(.image(ChapterPage(text: "kept", folio: 3, chapter: 1, indexInChapter: 1, lines: Array(lines.prefix(1)),
                                    location: PageLocation(start: 0, end: 4)))),
            Page(.content(ChapterPage(text: "designed", folio: 5, chapter: 2, indexInChapter: 0, lines: Array(lines.prefix(1)),
                                      design: DesignedPage(spineItem: Self.awkward, viewport: Dimensions(width: 1200, height: 1600.5),
                                                           scale: 2.0 / 3.0, x: -0.0, y: 31.25, side: .right)))),
            Page(.image(ChapterPage(folio: 6, chapter: 3, indexInChapter: 0,
                                    design: DesignedPage(spineItem: "p.xhtml", viewport: Dimensions(width: 1, height: 1),
                                                         scale: 1, x: 0, y: 0, side: .other("across"))))),
            Page(.cover(image: "OEBPS/images/a b.png"), title: Self.awkward),
            Page(.cover(image: nil)),
            Page(.colored(PageColor(red: 1, green: 2, blue: 3, alpha: 4)), title: "t"),
            Page(.decorative(Decoration(iconNames: ["star", Self.awkward], iconSize: 12.5, spacing: 0))),
            Page(.unknown(type: "something-new"), subtitle: "s"),
        ]
        return document
    }

    @Test func pagesWithEveryFieldGiveJSONEncodersBytes() throws {
        let document = try documentWithEveryField()
        #expect(try document.jsonData() == foundationJSON(document))
    }

    /// A long page list is written in runs side by side and joined: the same bytes.
    @Test func aLongPageListWrittenInRunsGivesJSONEncodersBytes() throws {
        var document = try documentWithEveryField()
        let pages = document.pages
        for n in 0..<3_001 {
            var page = pages[n % pages.count]
            page.shown?.folio = n
            document.pages.append(page)
        }
        #expect(try document.jsonData() == foundationJSON(document))
    }

    /// A JSON Lines page line is the page's members with `index` and `line` among them.
    @Test func pageLinesGiveJSONEncodersBytes() throws {
        struct Record: Encodable {
            let index: Int
            let page: Page
            enum Keys: String, CodingKey { case line, index }
            func encode(to encoder: any Encoder) throws {
                try page.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("page", forKey: .line)
                try container.encode(index, forKey: .index)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (index, page) in try documentWithEveryField().pages.enumerated() {
            let expected = try encoder.encode(Record(index: index, page: page)) + Data("\n".utf8)
            #expect(try JSONLines.page(page, index: index) == expected)
        }
    }

    /// The end line of JSON Lines, with every member, long enough to be written in several
    /// pieces: joined, they are the bytes `JSONEncoder` gives, and no piece is far past the size
    /// a list is cut at.
    @Test func aLongEndLineWrittenInPiecesGivesJSONEncodersBytes() throws {
        let document = try documentWithEveryField()
        let chapters = (0..<20_000).map { ChapterItem(title: "Chapter \($0) \(Self.awkward)", source: "text/\($0).xhtml",
                                                     linear: $0 % 7 != 0, page: $0 % 5 == 0 ? nil : 4 * $0, pageCount: 4) }
        let toc = (0..<20_000).map { TOCItem(title: "Chapter \($0)", level: 1 + $0 % 3, page: 4 * $0, folio: $0 % 2 == 0 ? $0 : nil) }
        let spreads = (0..<40_000).map { TargetDescription.Spread(left: 2 * $0 + 1, right: $0 % 9 == 0 ? nil : 2 * $0 + 2) }
        let target = TargetDescription(name: .bookLayout, grouping: .spreads(spreads), blankPages: [7])
        let standIns = [FaceDescription(role: "stand-in", family: Self.awkward, file: "a.ttf", postScriptName: "A", iOSFontName: "A")]
        let links = [PageLink(target: Self.awkward, page: 3, chapter: 1)]
        let pieces = try JSONLines.endPieces(chapters: chapters, toc: toc, pageList: document.pageList, target: target,
                                             standIns: standIns, links: links)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(PageDocument.EndLine(chapters: chapters, toc: toc, pageList: document.pageList,
                                                               target: target, standIns: standIns, links: links)) + Data("\n".utf8)
        #expect(pieces.joinedData() == expected)
        #expect(pieces.count >= expected.count / JSONOutput.spillSize)
        #expect(pieces.allSatisfy { $0.count < JSONOutput.spillSize + 4096 })
    }

    @Test func theMinimalDocumentGivesJSONEncodersBytes() throws {
        let document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        #expect(try document.jsonData() == foundationJSON(document))
    }

    @Test func itReadsBack() throws {
        let document = try documentWithEveryField()
        #expect(try PageDocument(jsonData: document.jsonData()) == document)
        #expect(try PageDocument(jsonLines: document.jsonLines()) == document)
    }

    /// Every stored property of the types that write themselves is written when set: a member
    /// added to the model and not to `Page+CompactJSON.swift`, `PageDocumentMembers+CompactJSON.swift` or `JSONLines.swift`
    /// fails here.
    @Test func everyMemberOfTheSelfWritingTypesIsWritten() throws {
        let run = PageRun(start: 0, length: 1, face: 1, size: 9, shift: .subscript, standIn: "NotoNaskhArabic", orientation: .combined,
                          link: "OEBPS/a.xhtml#b",
                          underline: true, strikethrough: true, color: PageColor(red: 1, green: 2, blue: 3),
                          background: PageColor(red: 4, green: 5, blue: 6, alpha: 7), letterSpacing: 1.5, wordSpacing: -0.25,
                          features: [.smallCaps])
        let piece = PageLine.BidiPiece(start: 0, length: 1, rightToLeft: true)
        let place = CellPlace(table: 1, row: 2, column: 3, repeated: true)
        let ruby = PageRuby(start: 0, length: 1, text: "か", x: 1, y: 2, width: 3, face: 1, standIn: "NotoSerifCJKjp-Regular",
                            size: 4, letterSpacing: 0.5)
        let glyph = PageFormula.Glyph(id: 7, x: 1, y: 2, size: 3)
        let rule = PageFormula.Rule(x: 1, y: 2, width: 3, height: 0.5, angle: 45)
        let formula = PageFormula(start: 0, length: 1, x: 1, y: 2, width: 3, height: 4, baseline: 5, face: "Math",
                                  glyphs: [glyph], rules: [rule], display: true, alt: "x", scale: 0.5, continues: true)
        let line = PageLine(text: "a", x: 1, y: 2, width: 3, hyphenated: true, justified: true, expansion: 1.0125, continuation: true,
                            height: 4, runs: [run],
                            direction: .rightToLeft, bidi: [piece], role: .table, cell: place, vertical: true, ruby: [ruby],
                            formulas: [formula])
        let location = PageLocation(start: 1, end: 2, startCFI: "s", endCFI: "e")
        let image = PageImage(path: "p.png", alt: "alt", x: 1, y: 2, width: 3, height: 4)
        let box = PageBox(kind: .rule, x: 1, y: 2, width: 3, height: 4, color: PageColor(red: 0, green: 0, blue: 0),
                          overPictures: true)
        let cell = PageCell(table: 1, row: 2, column: 3, rowSpan: 2, columnSpan: 3, x: 1, y: 2, width: 3, height: 4,
                            header: true, repeated: true)
        let design = DesignedPage(spineItem: "p.xhtml", viewport: Dimensions(width: 600, height: 800), scale: 0.5, x: 1, y: 2,
                                  side: .left)
        let shown = ChapterPage(text: "a", folio: 1, chapter: 0, indexInChapter: 0, lines: [line], images: [image],
                                boxes: [box], cells: [cell], location: location, design: design)
        let page = Page(.content(shown), title: "t", subtitle: "s")
        let chapter = ChapterItem(title: "t", source: "s.xhtml", linear: true, page: 4, pageCount: 1)
        let entry = TOCItem(title: "t", level: 1, page: 4, folio: 1)
        let printed = PageListItem(label: "1", page: 4, folio: 1)
        let spread = TargetDescription.Spread(left: 0, right: 1)
        let leaf = TargetDescription.Leaf(front: 0, back: 1)
        let chapterPages = TargetDescription.ChapterPages(chapter: 0, pages: [4])
        let groupings: [TargetDescription.Grouping] = [.spreads([spread]), .leaves([leaf]), .screens([4]),
                                                       .chapters([chapterPages])]
        let target = TargetDescription(name: .reader, doubleSided: false, grouping: groupings[3], blankPages: [5])
        var document = try PageDocument(jsonData: Data(PageFormatDecodingTests.minimal.utf8))
        document.pages = [page]
        document.chapters = [chapter]
        document.toc = [entry]
        document.pageList = [printed]
        document.target = target
        #expect(try document.jsonData() == foundationJSON(document))

        let json = try JSONSerialization.jsonObject(with: document.jsonData()) as! [String: Any]
        let pageJSON = (json["pages"] as! [[String: Any]])[0]
        let lineJSON = (pageJSON["lines"] as! [[String: Any]])[0]
        func keys(_ object: Any?) -> Set<String> { Set((object as! [String: Any]).keys) }
        func labels(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        // A page's keys: its type, title and subtitle, and its kind's data (`linesLeftOut` is
        // written as the absence of `lines`).
        #expect(Set(pageJSON.keys) == labels(page).subtracting(["kind"]).union(["type"]).union(labels(shown))
            .subtracting(["linesLeftOut"]))
        #expect(Set(lineJSON.keys) == labels(line))
        #expect(keys((lineJSON["runs"] as! [Any])[0]) == labels(run))
        #expect(keys((lineJSON["ruby"] as! [Any])[0]) == labels(ruby))
        let formulaJSON = (lineJSON["formulas"] as! [Any])[0] as! [String: Any]
        #expect(Set(formulaJSON.keys) == labels(formula))
        #expect(keys((formulaJSON["glyphs"] as! [Any])[0]) == labels(glyph))
        #expect(keys((formulaJSON["rules"] as! [Any])[0]) == labels(rule))
        // A Swift name that JSON spells otherwise (`rightToLeft` is `rtl`): one key for each property still.
        #expect(keys((lineJSON["bidi"] as! [Any])[0]) == ["length", "start", "rtl"] && labels(piece).count == 3)
        #expect(keys(pageJSON["location"]) == labels(location))
        #expect(keys(pageJSON["design"]) == labels(design))
        #expect(keys((pageJSON["images"] as! [Any])[0]) == labels(image))
        #expect(keys((pageJSON["boxes"] as! [Any])[0]) == labels(box))
        #expect(keys((pageJSON["cells"] as! [Any])[0]) == labels(cell))
        // A place stores its numbers as `tableIndex`… (32 bits), and JSON names them as its API does.
        #expect(keys(lineJSON["cell"]) == ["table", "row", "column", "repeated"] && labels(place).count == 4)
        #expect(keys((json["chapters"] as! [Any])[0]) == labels(chapter))
        #expect(keys((json["toc"] as! [Any])[0]) == labels(entry))
        #expect(keys((json["pageList"] as! [Any])[0]) == labels(printed))
        let targetJSON = json["target"] as! [String: Any]
        #expect(Set(targetJSON.keys) == labels(target).subtracting(["grouping"]).union(["chapters"]))
        #expect(keys((targetJSON["chapters"] as! [Any])[0]) == labels(chapterPages))
        // Every grouping under its own key, written as JSONEncoder writes it.
        let written: [(key: String, element: Set<String>)] = [("spreads", labels(spread)), ("leaves", labels(leaf)),
                                                              ("screens", []), ("chapters", labels(chapterPages))]
        for (grouping, (key, element)) in zip(groupings, written) {
            document.target = TargetDescription(name: .bookLayout, grouping: grouping)
            #expect(try document.jsonData() == foundationJSON(document))
            let object = try JSONSerialization.jsonObject(with: document.jsonData()) as! [String: Any]
            let item = ((object["target"] as! [String: Any])[key] as! [Any])[0]
            #expect(element.isEmpty ? item is Int : keys(item) == element)
        }
        // The end line of JSON Lines writes its own members too, every one when set.
        let link = PageLink(target: "OEBPS/a.xhtml#b", page: 4, chapter: 0)
        let standIn = FaceDescription(role: "stand-in", family: "F", file: "f.ttf", postScriptName: "F", iOSFontName: "F")
        let end = PageDocument.EndLine(chapters: [chapter], toc: [entry], pageList: [printed], target: target,
                                       standIns: [standIn], links: [link])
        let endPieces = try JSONLines.endPieces(chapters: end.chapters, toc: end.toc, pageList: [printed], target: target,
                                                standIns: [standIn], links: [link])
        let endJSON = try JSONSerialization.jsonObject(with: endPieces.joinedData()) as! [String: Any]
        #expect(Set(endJSON.keys) == labels(end))
        #expect(keys((endJSON["links"] as! [Any])[0]) == labels(link))
    }

    /// Numbers are written digit by digit: whole numbers, and numbers that are hundredths (every
    /// position and size in a page list) as Swift's shortest form writes them; every other number
    /// goes through that form.
    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let hundredths = (-30_000...30_000).map { Double($0) / 100 }
            + (0..<20_000).map { _ in Double(Int.random(in: -99_999_999_999...99_999_999_999, using: &generator)) / 100 }
        let others: [Double] = [0, -0.0, 0.1 + 0.2, 1.0 / 3.0, 1e-7, 5e-324, 999_999_999.995, 1e9, 1e9 + 0.5, 1e21,
                                Double.greatestFiniteMagnitude, 0.005, 72.125, -0.001]
        for number in hundredths + others {
            let output = JSONOutput()
            try output.write(number)
            let expected = try JSONEncoder().encode(number)
            #expect(output.bytes.array() == Array(expected), "\(number)")
        }
        for number in [Int64.min, -1, 0, 9, 10, 99, 100, 1_000_000, Int64.max] + (0..<1000).map({ _ in Int64.random(in: .min ... .max) }) {
            let output = JSONOutput()
            output.write(number)
            #expect(output.bytes.array() == Array(number.description.utf8))
        }
        #expect(JSONOutput.hundredths(157.81) == 15781)
        #expect(JSONOutput.hundredths(0.1 + 0.2) == nil)
        #expect(JSONOutput.hundredths(-0.0) == nil)
    }

    /// Text is passed over eight bytes at a time: a word needs escaping exactly when one of its
    /// bytes does, whatever the byte and wherever it sits, and strings of every length around
    /// that stride, escapes anywhere in them, still come out as `JSONEncoder` writes them.
    @Test func eightBytesAtATimeFindEveryByteToEscape() throws {
        let plain = UInt64(0x6161_6161_6161_6161)  // "aaaaaaaa"
        for position in 0..<8 {
            for byte in UInt64(0)...255 {
                let shift = UInt64(position * 8)
                let word = plain & ~(0xFF << shift) | byte << shift
                #expect((JSONOutput.escapeMask(word) != 0) == (byte < 0x20 || byte == 0x22 || byte == 0x5C))
            }
        }
        for length in 0..<40 {
            for place in 0..<max(length, 1) {
                var text = Array(repeating: "é", count: length / 2) + Array(repeating: "a", count: length - length / 2)
                if place < length { text[place] = "\"" }
                if place + 9 < length { text[place + 9] = "\n" }
                let string = text.joined()
                let output = JSONOutput()
                output.write(string)
                #expect(output.bytes.array() == Array(try JSONEncoder().encode(string)), "\(string)")
            }
        }
    }

    /// After a byte to escape, the word test may mark the bytes that follow it too (the borrow
    /// of a zero byte runs on): where the first byte to escape lies is still found exactly, for
    /// every pair of bytes to escape, the borrowing ones included, one after the other.
    @Test func theFirstByteToEscapeInAWordIsFoundExactly() {
        let toEscape: [UInt8] = Array(0..<0x20) + [0x22, 0x5C]
        // Bytes next to the ones to escape, which a borrow turns into matches if anything does.
        let neighbours: [UInt8] = [0x00, 0x01, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x80, 0xFF]
        for first in 0..<8 {
            for byte in toEscape {
                for after in neighbours + toEscape {
                    var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                    word[first] = byte
                    if first + 1 < 8 { word[first + 1] = after }
                    let found = word.withUnsafeBufferPointer { JSONOutput.firstToEscape($0.baseAddress!, from: 0, end: 8) }
                    #expect(found == first, "\(word)")
                }
            }
        }
        let none = Array("no escapes in this text at all".utf8)
        #expect(none.withUnsafeBufferPointer { JSONOutput.firstToEscape($0.baseAddress!, from: 3, end: none.count) } == none.count)
    }
}

