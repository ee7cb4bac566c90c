import BookModel
@testable import Markup
import Testing
import XHTMLReader

/// A document's encoding comes from its XML declaration, its byte-order mark or its
/// `<meta charset>`; bytes that are not what it says become U+FFFD with a warning, never a
/// silent cut or garbled text after them.
struct EncodingTests {
    private func text(_ content: XHTMLContent) -> String {
        content.blocks.map(\.text).joined(separator: "\n")
    }

    private let sample = "Caf\u{E9} cr\u{E8}me \u{201C}quoted\u{201D} \u{8349}\u{6795}"

    @Test func utf16WithAByteOrderMarkReadsInEitherOrder() {
        let page = EPUBFixture.page("<p>\(sample)</p>").replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let little: [UInt8] = [0xFF, 0xFE] + page.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + page.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            let content = XHTMLReader.read(bytes: bytes, source: "a.xhtml")
            #expect(text(content) == sample)
            #expect(content.warnings.isEmpty)
        }
    }

    @Test func theXMLDeclarationNamesAnEightBitEncoding() {
        let page = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Caf\u{E9} na\u{EF}ve</p></body></html>"
        let content = XHTMLReader.read(bytes: page.unicodeScalars.map { UInt8($0.value) }, source: "a.xhtml")
        #expect(text(content) == "Caf\u{E9} na\u{EF}ve")
        #expect(content.warnings.isEmpty)
    }

    @Test func metaCharsetNamesTheEncodingOfHTML() {
        let head = Array("<!DOCTYPE html><html><head><meta charset=\"windows-1252\"><title>t</title></head><body><p>".utf8)
        let bytes = head + [0x93, 0x51, 0x94, 0x20, 0xE9] + Array("</p></body></html>".utf8)
        let content = XHTMLReader.read(bytes: bytes, source: "a.html")
        #expect(text(content) == "\u{201C}Q\u{201D} \u{E9}")
        #expect(!content.warnings.contains { $0.message.contains("U+FFFD") })
    }

    @Test func invalidUTF8BecomesReplacementCharactersAndAWarning() {
        var bytes = Array(EPUBFixture.page("<p>one BAD two</p>\n<p>caf\u{E9} after</p>").utf8)
        let marker = bytes.firstRange(of: Array("BAD".utf8))!
        bytes.replaceSubrange(marker, with: [0xC3, 0x28, 0xFF])
        let content = XHTMLReader.read(bytes: bytes, source: "OEBPS/a.xhtml")
        // Nothing after the bad bytes is lost, and the UTF-8 after them still reads as UTF-8.
        #expect(text(content) == "one \u{FFFD}(\u{FFFD} two\ncaf\u{E9} after")
        #expect(content.warnings == [Warning(entry: "OEBPS/a.xhtml", line: 4, "invalid UTF-8 replaced with U+FFFD in 2 places")])
    }

    @Test func invalidUTF8InADocumentDeclaredUTF8IsRepairedToo() {
        let bytes = Array("<?xml version='1.0' encoding='utf-8'?><html><body><p>a".utf8) + [0xFF] + Array("b</p></body></html>".utf8)
        let document = Markup.parse(bytes)
        #expect(document.parsedCleanly)
        #expect(document.encodingProblem == MarkupProblem(line: 1, message: "invalid UTF-8 replaced with U+FFFD in 1 place"))
    }

    /// The validity test passes over ASCII eight bytes at a time and asks about the rest in
    /// stretches: it agrees with the standard library's wherever a sequence falls.
    @Test func utf8ValidityAgreesWithTheStandardLibraryAtEveryOffset() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x80, 0x9C], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xE2, 0x80], [0x80],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC3, 0xA9, 0xE2, 0x80, 0x9C],
        ]
        for offset in 0...17 {
            for sequence in sequences {
                for after in [[], Array("z".utf8), [0xC3, 0xA9], Array("tail of ten".utf8)] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: offset) + sequence + after
                    #expect(DeclaredEncoding.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil),
                            "\(bytes)")
                }
            }
        }
    }

    @Test func declaredEncodingsAreFound() {
        #expect(DeclaredEncoding.name(in: Array("<?xml version=\"1.0\" encoding = 'Shift_JIS'?><a/>".utf8)) == "shift_jis")
        #expect(DeclaredEncoding.name(in: Array("\u{FEFF}<?xml version=\"1.0\"?><a charset=\"x\"/>".utf8)) == nil)
        #expect(DeclaredEncoding.name(in: Array("<html><meta http-equiv=\"Content-Type\" content=\"text/html; charset=KOI8-R\">".utf8)) == "koi8-r")
        #expect(DeclaredEncoding.name(in: Array("<html><meta charset=utf-8>".utf8)) == "utf-8")
        #expect(DeclaredEncoding.name(in: Array("<html><body>".utf8)) == nil)
    }
}
