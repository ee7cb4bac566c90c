import BookModel
import Foundation
import Fonts
import Testing
@testable import Layout

/// `BlockFlattener.pieces(of:in:faces:otherwise:)` cuts a run of the book's family where its
/// face stops serving the text. It reads the text's UTF-8 and skips Unicode look-ups for ASCII,
/// so it is held to the plain reading of the rule, kept here: scalar by scalar, every property
/// asked.
@Suite struct BookFacePiecesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Fonts")

    /// The layout's faces (Liberation Serif, 0–4) and a book's face with ASCII glyphs alone (5).
    static let faces: BookFaces = {
        let bytes = (try? [UInt8](Data(contentsOf: fixtures.appendingPathComponent("liberation-serif-ascii.ttf")))) ?? []
        let book = BookFonts(faces: [BookFonts.Face(family: "Subset", path: "OEBPS/fonts/subset.ttf", bytes: bytes)])
        return BookFaces(fonts: try! FontSet(font: "Liberation Serif"), book: book, useBookFonts: true, bodyFontChosen: false)
    }()

    static func reference(_ text: String, in face: BookFaces.Pick, faces: BookFaces,
                          otherwise: Int) -> [(text: String, face: Int)] {
        let font = faces.faces[face.number]
        var pieces: [(text: String, face: Int)] = []
        var current = ""
        var currentFace: Int?
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let follows = properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
                || properties.generalCategory == .spacingMark
            let number = (follows ? currentFace : nil)
                ?? (face.serves(scalar) && font.hasGlyph(for: scalar) ? face.number : otherwise)
            if number != currentFace, let currentFace, !current.isEmpty {
                pieces.append((current, currentFace))
                current = ""
            }
            currentFace = number
            current.unicodeScalars.append(scalar)
        }
        if let currentFace, !current.isEmpty { pieces.append((current, currentFace)) }
        return pieces
    }

    static let asciiAll = String(String.UnicodeScalarView((0..<128).map { Unicode.Scalar(UInt8($0)) }))

    static let texts: [String] = [
        "", " ", "\t", "a", "é", "\u{0301}", "\u{200D}", "  leading and trailing  ",
        "Call me Ishmael. Some years ago—never mind how long precisely—having little or no money…",
        "“Quoted,” she said; ‘inner’ — done.",
        asciiAll, String(asciiAll.reversed()), "a\u{1C}b\u{1D}c\u{1E}d\u{1F}e\u{7F}f\u{0}g\u{85}h\u{A0}i\u{2028}j\u{3000}k",
        "e\u{0301}\u{0327} cafe\u{0301} a\u{20DD} क्षि \u{093F}x \u{0E33}",
        "👨\u{200D}👩\u{200D}👧 ❤\u{FE0F} ☺\u{FE0E} 👍🏽 🇫🇷 a\u{200D}b \u{200C}c \u{00AD}soft\u{00AD}hy",
        "漢字かなカナ，日本語。한국어 \u{115F}\u{1160}\u{3164}\u{FFA0} 葛\u{E0100} \u{2065}\u{FFF0}\u{E0001}",
        "\u{1F600}abc\u{1F600}\u{1F600} x\u{10FFFF}y\u{E000}z",
        "مرحبا بالعالم \u{200F}(abc)\u{200E} שלום",
        "ﬁ ﬂ Œuvre Ærø ß ÀÉÎÕÜ ¿¡ «» ‹›",
        "\u{0301}starts with a mark", "\u{200D}starts with a joiner", "\u{3000}starts with space",
        "\r\nCRLF\r\nlines\n",
    ]

    static var picks: [(pick: BookFaces.Pick, otherwise: Int)] {
        [(BookFaces.Pick(number: 5, ranges: []), 0),
         (BookFaces.Pick(number: 5, ranges: [0x41...0x5A, 0x20...0x20]), 0),
         (BookFaces.Pick(number: 0, ranges: []), 3),
         (BookFaces.Pick(number: 0, ranges: [0x0...0x7F, 0x300...0x36F, 0x3000...0x9FFF]), 1),
         (BookFaces.Pick(number: 0, ranges: [0x80...0x10FFFF]), 2),
         (BookFaces.Pick(number: 0, ranges: [0x61...0x61, 0x1F600...0x1F64F]), 2)]
    }

    @Test func piecesAreTheReferencesOnVariedText() {
        var texts = Self.texts
        // Every pair of the texts, so that each starts in the middle of another's face.
        for a in Self.texts.prefix(12) { for b in Self.texts.suffix(12) { texts.append(a + b) } }
        for (pick, otherwise) in Self.picks {
            for text in texts {
                let got = BlockFlattener.pieces(of: text, in: pick, faces: Self.faces, otherwise: otherwise)
                let expected = Self.reference(text, in: pick, faces: Self.faces, otherwise: otherwise)
                // Compared scalar by scalar: `==` on String would let canonical equivalents pass.
                #expect(got.map { Array($0.text.unicodeScalars) } == expected.map { Array($0.text.unicodeScalars) },
                        "\(Array(text.unicodeScalars)) in \(pick.number) \(pick.ranges)")
                #expect(got.map(\.face) == expected.map(\.face))
            }
        }
    }

    /// The property look-ups are narrowed by general category: the rule is held for every scalar.
    @Test func whatFollowsTheCharacterBeforeIsTheRuleForEveryScalar() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let category = properties.generalCategory
            let follows = properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            if BlockFlattener.followsCharacterBefore(scalar) != follows { differing.append(value) }
        }
        #expect(differing.isEmpty)
    }

    @Test func aRunInOneFaceIsItsText() {
        let text = "one face throughout, of a length past the small-string form"
        let pieces = BlockFlattener.pieces(of: text, in: BookFaces.Pick(number: 5, ranges: []), faces: Self.faces,
                                           otherwise: 0)
        #expect(pieces.count == 1 && pieces[0].face == 5)
        let same = pieces[0].text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
            == text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(same, "the text itself, not a copy")
    }
}
