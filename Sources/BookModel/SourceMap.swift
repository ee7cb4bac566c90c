/// Where a block came from in its XHTML document, in the terms of an EPUB CFI (Canonical
/// Fragment Identifier), so that a page can name the place in the book where it starts in a
/// form other reading systems understand. Paths are CFI steps from the document's root element:
/// even steps count element children (`/4` is the root's second element, the body), an odd step
/// is the text between two of them (`/1` before the first, `/3` after it), and an element with an
/// `id` carries it as an assertion (`/10[para05]`).
public struct SourceMap: Sendable, Equatable {
    /// The path of the element that makes the block: `/4/2[intro]/6`.
    public var element: String
    /// The pieces of the block's text that were read in one stretch from one text node, in order.
    /// Text the reader made up (a quotation mark for `q`, a list marker) belongs to none.
    public var spans: [TextSpan]

    public init(element: String, spans: [TextSpan] = []) {
        self.element = element
        self.spans = spans
    }

    /// The place of the scalar at `offset` of the block's text (or just past the end): in the
    /// span holding it, else at the end of the last span before it, else the element itself.
    public func position(at offset: Int) -> DocumentPosition {
        let after = spans.indices.partitionPoint { spans[$0].start <= offset }
        guard after > 0 else { return DocumentPosition(path: element) }
        return spans[after - 1].position(at: offset)
    }
}

/// A stretch of a block's text that maps one to one onto a stretch of a text node: each Unicode
/// scalar of the block is one character of the document, with nothing dropped or added between.
public struct TextSpan: Sendable, Equatable {
    /// The first scalar's offset in the block's text (its runs one after another).
    public var start: Int
    /// How many scalars it holds.
    public var length: Int
    /// The CFI path of the text: the element's path and an odd step, `/4/2[intro]/3`.
    public var path: String
    /// Where in that text it starts, and how long it is there, in UTF-16 code units (what a
    /// CFI's `:offset` counts, as the DOM does). Only a span's last scalar may lie outside the
    /// Basic Multilingual Plane (two units for one scalar): the reader starts a new span after
    /// each such character, so inside a span scalars and units advance together.
    public var utf16Offset: Int
    public var utf16Length: Int

    public init(start: Int, length: Int, path: String, utf16Offset: Int, utf16Length: Int? = nil) {
        self.start = start
        self.length = length
        self.path = path
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length ?? length
    }

    public var end: Int { start + length }

    /// The place of the scalar at `offset`, kept within the span (past its end: its end).
    func position(at offset: Int) -> DocumentPosition {
        let into = min(max(offset - start, 0), length)
        return DocumentPosition(path: path, utf16Offset: utf16Offset + (into == length ? utf16Length : into))
    }
}

/// A place in an XHTML document as a CFI path and, inside text, a character offset: what follows
/// `!` in `epubcfi(/6/4[chap01]!/4/2/3:10)`.
public struct DocumentPosition: Sendable, Equatable {
    public var path: String
    /// The offset in the text the path names, in UTF-16 code units; nil when the path names an
    /// element.
    public var utf16Offset: Int?

    public init(path: String, utf16Offset: Int? = nil) {
        self.path = path
        self.utf16Offset = utf16Offset
    }

    /// The position `units` UTF-16 code units further on in the same text (an element's stays).
    public func advanced(by units: Int) -> DocumentPosition {
        DocumentPosition(path: path, utf16Offset: utf16Offset.map { $0 + units })
    }

    /// The CFI form: `/4/2/3:10`, or `/4/2` for an element.
    public var cfi: String {
        guard let utf16Offset else { return path }
        return "\(path):\(utf16Offset)"
    }
}

extension SourceMap {
    /// The CFI step to the element child at `index` (from 0) of its parent: `/2` for the first,
    /// with its `id` as an assertion, its special characters escaped with `^` (`/4[a^[1^]]`).
    public static func elementStep(index: Int, id: String?) -> String {
        let step = "/\((index + 1) * 2)"
        guard let id, !id.isEmpty else { return step }
        var escaped = ""
        for character in id {
            if "^[](),;=".contains(character) { escaped.append("^") }
            escaped.append(character)
        }
        return "\(step)[\(escaped)]"
    }

    /// The CFI step to the text after the element child at `index` (from 0), or before the
    /// first element child when `index` is -1: `/1`, `/3`, …
    public static func textStep(afterElement index: Int) -> String {
        "/\((index + 1) * 2 + 1)"
    }
}
