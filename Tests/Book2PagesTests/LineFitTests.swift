import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// An independent check of the layout, from its output alone: every line of every book is
/// shaped again, run by run, in the faces and sizes the output names and in the directions of
/// its bidi pieces (one HarfBuzz pass over each stretch of one face and one direction, in a
/// fresh measurer, not the layout's cached word-by-word measuring; a run the output says a
/// stand-in face set, in that face, which must have its characters; a run's OpenType features
/// and spacing applied as `docs/FORMAT.md` says a renderer applies them), and must fit the
/// content box; every page's lines and images must fit its height. Only a line or image taller
/// than the page itself may overflow (it is cut, the one thing that ever is).
struct LineFitTests {
    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/chapter.xhtml", "Samples/the-clockmakers-garden",
         "Samples/boxes.xhtml", "Samples/typography.xhtml", "Samples/the-tide-clock.epub", "Samples/formulas.xhtml"]
            .map(TestPaths.repositoryFile)
    }

    /// Output positions are rounded to hundredths of a point; sums of rounded values drift a
    /// little more.
    static let tolerance = 0.05

    @Test(arguments: books)
    func everyLineFitsWhenShapedAgain(book: String) throws {
        try checkEveryLine(of: book, options: ConversionOptions())
    }

    /// The book of spacing and features in a font that has small capitals and old-style numerals:
    /// its runs shaped with them.
    @Test(.needsTeXGyreTermes) func spacedAndFeaturedLinesFitInAFontWithTheFeatures() throws {
        var options = ConversionOptions()
        options.layout.font = "TeX Gyre Termes"
        let features = try checkEveryLine(of: TestPaths.repositoryFile("Samples/typography.xhtml"), options: options)
        #expect(features.isSuperset(of: ["smcp", "c2sc", "onum", "pnum", "tnum", "lnum", "zero", "frac"]))
    }

    /// Checks every line of `book`; returns the features its runs were shaped with.
    @discardableResult
    func checkEveryLine(of book: String, options: ConversionOptions) throws -> Set<String> {
        let document = try Converter.convert(path: book, options: options).document
        let layout = document.layout
        let faces = try OutputFaces.load(layout, book: book)
        let standIns = try Self.standInFaces(of: layout)
        let measurer = TextMeasurer(language: document.metadata.language)
        var lines = 0
        var styledLines = 0
        var spacedLines = 0
        var features: Set<String> = []
        for (index, page) in document.pages.enumerated() {
            // A designed page's text is inside its viewport, scaled onto the page.
            let box = page.shown?.design.map { design in
                Box(x: design.x, y: design.y, width: design.viewport.width * design.scale,
                    height: design.viewport.height * design.scale)
            } ?? layout.contentBox
            for line in page.shown?.lines ?? [] where !line.text.isEmpty {
                let runs = layout.runs(of: line)
                if line.runs != nil { styledLines += 1 }
                #expect(runs.reduce(0) { $0 + $1.length } == line.text.utf16.count, "page \(index): runs cover the line")
                var natural = 0.0
                // What the line's spaces measure, of which a justified line may give back up to
                // a third (docs/FORMAT.md, "Justified lines").
                var spaces = 0.0
                if runs.contains(where: { $0.letterSpacing != 0 || $0.wordSpacing != 0 || !$0.features.isEmpty }) { spacedLines += 1 }
                for formula in line.formulas {
                    // A formula is drawn in its run's place, as wide as it says, inside the box
                    // and the line's box.
                    #expect(runs.contains { $0.start == formula.start && $0.length == formula.length },
                            "page \(index): a formula of \(line.text) has a run of its own")
                    #expect(formula.x >= box.x - Self.tolerance && formula.x + formula.width <= box.x + box.width + Self.tolerance,
                            "page \(index): a formula of \(line.text) is outside the box")
                    #expect(formula.y >= line.y - Self.tolerance
                            && formula.y + formula.height <= line.y + layout.height(of: line) + Self.tolerance,
                            "page \(index): a formula of \(line.text) is outside its line's box")
                }
                for run in Self.shapedTogether(runs, formulas: line.formulas) {
                    if let formula = line.formulas.first(where: { $0.start == run.start && $0.length == run.length }) {
                        natural += formula.width
                        continue
                    }
                    // Combined upright: one em down the column, and its room after it once.
                    if line.vertical, run.orientation == .combined {
                        natural += run.size + run.letterSpacing
                        continue
                    }
                    var face = try Self.shaped(run.standIn.map { try #require(standIns[$0], "page \(index): \($0) is not in layout.standIns") }
                        ?? faces[run.face], as: run)
                    // Upright in a column: shaped top to bottom, by the face's vertical advances.
                    if line.vertical, run.orientation == .upright { face = face.upright() }
                    features.formUnion(run.features.map(\.rawValue))
                    if run.standIn != nil {
                        let text = Self.slice(line.text, start: run.start, length: run.length)
                        #expect(text.unicodeScalars.allSatisfy(face.hasGlyph), "page \(index): \(face.fileName) lacks some of \(text)")
                    }
                    for piece in Self.pieces(of: line, within: run) {
                        let text = Self.slice(line.text, start: piece.start, length: piece.length)
                        natural += measurer.width(of: text, in: face, size: run.size,
                                                  rightToLeft: line.bidi.isEmpty ? nil : piece.rightToLeft, remembering: false)
                            + Self.spacing(of: text, in: run)
                    }
                    if line.justified {
                        let text = Self.slice(line.text, start: run.start, length: run.length)
                        let count = text.unicodeScalars.filter { $0 == " " || $0 == "\u{A0}" }.count
                        if count > 0 {
                            let space = measurer.width(of: " ", in: face, size: run.size, remembering: false)
                                + run.letterSpacing + run.wordSpacing
                            spaces += Double(count) * space
                        }
                    }
                }
                // An expanded line is drawn scaled as a whole, its spaces with it: only a
                // justified line with spaces to fill the rest, never past the default's 2 %, and
                // never so far that its spaces would have to shrink (docs/FORMAT.md).
                if line.expansion != 1 {
                    #expect(line.justified && spaces > 0 && line.expansion > 1 && line.expansion <= 1.02,
                            "page \(index): \(line.text) is expanded by \(line.expansion)")
                    natural *= line.expansion
                    spaces *= line.expansion
                    #expect(natural <= line.width + Self.tolerance,
                            "page \(index): \(line.text) expanded past its width: \(natural) to \(line.width)")
                }
                // A justified line is drawn `width` long, its spaces shrunk by what its text is
                // longer, never past a third of their width.
                let drawn = line.justified ? line.width : natural
                if line.justified {
                    #expect(natural - line.width <= spaces / 3 + Self.tolerance,
                            "page \(index): \(line.text) shrinks its spaces past a third: \(natural) to \(line.width)")
                }
                if line.vertical {
                    // A column runs down the page, its box across it.
                    #expect(line.y >= box.y - Self.tolerance, "page \(index): \(line.text) starts above the box")
                    #expect(line.y + drawn <= box.y + box.height + Self.tolerance,
                            "page \(index): \(line.text) is \(drawn) long at y \(line.y)")
                    #expect(line.x >= box.x - Self.tolerance && line.x + layout.height(of: line) <= box.x + box.width + Self.tolerance,
                            "page \(index): \(line.text) stands outside the box")
                } else {
                    #expect(line.x >= box.x - Self.tolerance, "page \(index): \(line.text) starts left of the box")
                    #expect(line.x + drawn <= box.x + box.width + Self.tolerance,
                            "page \(index): \(line.text) is \(drawn) wide at x \(line.x)")
                }
                #expect(line.justified || natural <= line.width + Self.tolerance, "page \(index): \(line.text) is wider than said")
                lines += 1
            }
            let bottom = box.y + box.height + Self.tolerance
            for line in page.shown?.lines ?? [] {
                let height = layout.height(of: line)
                guard height <= box.height else { continue }
                #expect(line.y + height <= bottom, "page \(index): a line overflows the page")
            }
            for image in page.shown?.images ?? [] where image.height <= box.height {
                #expect(image.y + image.height <= bottom, "page \(index): \(image.path) overflows the page")
            }
        }
        #expect(lines > 0)
        print("LineFitTests: \((book as NSString).lastPathComponent) in \(layout.font.requested): \(lines) lines shaped again, "
              + "\(styledLines) with runs, \(spacedLines) spaced or with features")
        return features
    }

    /// The face `run` is drawn in: `face` with the run's features, and without ligatures where
    /// its letters are spaced, as `docs/FORMAT.md` asks of a renderer.
    static func shaped(_ face: FontFace, as run: PageRun) -> FontFace {
        var features = run.features.map { ShapingFeature($0.rawValue) }
        if run.letterSpacing != 0 { features += [ShapingFeature("liga", 0), ShapingFeature("clig", 0)] }
        return face.variant(with: features)
    }

    /// What `run`'s spacing adds to `text`, as `docs/FORMAT.md` gives it: the letter spacing after
    /// each character but those that show nothing, the word spacing after each space.
    static func spacing(of text: String, in run: PageRun) -> Double {
        guard run.letterSpacing != 0 || run.wordSpacing != 0 else { return 0 }
        let characters = text.filter { character in
            character.unicodeScalars.first.map { $0.value >= 0x20 && !$0.properties.isDefaultIgnorableCodePoint } ?? false
        }
        let spaces = text.filter { $0 == " " || $0 == "\u{A0}" }
        return run.letterSpacing * Double(characters.count) + run.wordSpacing * Double(spaces.count)
    }

    /// The same, for every corpus book with text.
    @Test(.needsSharedCorpus,
          .outsideTheSanitizerPass("it converts every corpus book elsewhere; here it checks the samples"),
          arguments: CorpusTests.booksWithText.map(\.path))
    func everyCorpusLineFitsWhenShapedAgain(book: String) throws {
        try checkEveryLine(of: book, options: ConversionOptions())
    }

    /// The stand-in faces the output names, found again through fontconfig by their family and
    /// PostScript name, by that name.
    static func standInFaces(of layout: LayoutDescription) throws -> [String: FontFace] {
        var faces: [String: FontFace] = [:]
        for description in layout.standIns ?? [] {
            let family = try FontSet(font: description.family)
            let face = [family.regular, family.italic, family.bold, family.boldItalic].first { $0.postScriptName == description.postScriptName }
            let found = try #require(face, "\(description.postScriptName) is found again")
            #expect(found.fileName == description.file)
            faces[description.postScriptName] = found
        }
        return faces
    }

    /// The parts of a style run in each of the line's bidi pieces (the whole run, in no set
    /// direction, when the line has none), in UTF-16 units of the line's text.
    /// `runs` with those side by side that differ in nothing shaping sees (a link, a colour, an
    /// underline) made one: a renderer shapes them together, kerned where they meet. A formula's
    /// run stays alone.
    static func shapedTogether(_ runs: [PageRun], formulas: [PageFormula]) -> [PageRun] {
        var merged: [PageRun] = []
        for run in runs {
            if let last = merged.last, last.start + last.length == run.start, last.face == run.face, last.size == run.size,
               last.shift == run.shift, last.standIn == run.standIn, last.orientation == run.orientation,
               last.letterSpacing == run.letterSpacing, last.wordSpacing == run.wordSpacing, last.features == run.features,
               !formulas.contains(where: { $0.start == run.start || $0.start == last.start }) {
                merged[merged.count - 1].length += run.length
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    static func pieces(of line: PageLine, within run: PageRun) -> [(start: Int, length: Int, rightToLeft: Bool)] {
        guard !line.bidi.isEmpty else { return [(run.start, run.length, false)] }
        return line.bidi.compactMap { piece in
            let start = max(piece.start, run.start)
            let end = min(piece.start + piece.length, run.start + run.length)
            return end > start ? (start, end - start, piece.rightToLeft) : nil
        }
    }

    private static func slice(_ text: String, start: Int, length: Int) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[start..<(start + length)], as: UTF16.self)
    }
}
