import BookModel
import FileNames
import ZipArchive

/// mdBook's file directives, expanded in a Markdown file's text before it is parsed, as mdBook's
/// `links` preprocessor expands them: `{{#include path}}`, `{{#rustdoc_include path}}` and
/// `{{#playground path attributes…}}` put the file's text in the directive's place, `{{#title …}}`
/// is taken out (it names an HTML page), and a directive written `\{{#…}}` is text.
///
/// After the path, `:N` takes line N, `:N:M` lines N to M, `:N:` from N on, `::M` up to M, and
/// `:name` the lines between `ANCHOR: name` and `ANCHOR_END: name`; the lines that mark anchors
/// are left out wherever an anchor is asked for. `rustdoc_include` takes the same part, and
/// what mdBook would hide around it (the rest of the file, as `# ` lines) is left out, as the
/// book shows it. `playground` puts the whole file in a `rust` code block.
///
/// Paths resolve against the file that names them, inside `IncludeFolder` only, and count
/// against the book's limits; included text is expanded in turn, up to `maximumDepth` files
/// deep. A file that cannot be included is a warning naming it, and the directive is left out.
struct IncludeDirectives {
    let includes: IncludeFolder
    private(set) var warnings: [Warning] = []

    /// How many files deep included text is itself expanded, as in mdBook.
    static let maximumDepth = 10

    init(_ includes: IncludeFolder) {
        self.includes = includes
    }

    private var folder: BookFolder { includes.folder }

    /// `text`, the contents of the chapter at `source` (relative to the chapters' folder), with
    /// its directives expanded. `firstLine`: the file's line the text starts on, for warnings.
    mutating func expand(_ text: String, source: String, firstLine: Int = 1) throws(ReadError) -> String {
        let path = includes.chapterFolder.isEmpty ? source : includes.chapterFolder + "/" + source
        return try expand(text, path: path, shownAs: source, firstLine: firstLine, depth: 0, including: [path])
    }

    /// `path`: the file's, in the include folder; `shownAs`: its name in warnings.
    private mutating func expand(_ text: String, path source: String, shownAs: String, firstLine: Int, depth: Int,
                                 including: Set<String>) throws(ReadError) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")), text.contains("{{") else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var line = firstLine
        var copied = 0, index = 0
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{"),
                  let directive = Directive(bytes, at: index) else {
                index += 1
                continue
            }
            if index > 0, bytes[index - 1] == UInt8(ascii: "\\") {
                // Escaped: the directive is text, without its backslash.
                output += bytes[copied..<(index - 1)]
                copied = index
                index = directive.end
                continue
            }
            output += bytes[copied..<index]
            let place = Warning(entry: shownAs, line: line, "")
            output += Array(try replacement(of: directive, source: source, place: place, depth: depth,
                                            including: including).utf8)
            copied = directive.end
            index = directive.end
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// What the directive stands for; "" (and a warning) when its file cannot be included.
    private mutating func replacement(of directive: Directive, source: String, place: Warning, depth: Int,
                                      including: Set<String>) throws(ReadError) -> String {
        func warn(_ message: String) -> String {
            var warning = place
            warning.message = "\(directive.written): \(message); left out"
            warnings.append(warning)
            return ""
        }
        if directive.kind == .title { return "" }
        guard let target = directive.target else { return warn("it names no file") }
        guard depth < Self.maximumDepth else { return warn("includes are nested more than \(Self.maximumDepth) deep") }
        let path: String
        switch folder.resolve(target.path, from: source) {
        case .file(let found): path = found
        case .remote: return warn("\(target.path) is on the web, not in the book (never fetched)")
        case .outside: return warn("\(target.path) is outside the book's folder")
        case .missing: return warn("\(target.path) does not exist")
        }
        guard !including.contains(path) else { return warn("\(target.path) includes itself") }
        guard let decoded = MarkdownText.decode(try folder.read(path), source: path) else {
            return warn("\(target.path) is binary data, not text")
        }
        warnings += decoded.warnings
        let lines = Self.lines(of: decoded.text)
        let taken: [Substring]
        switch target.part {
        case .whole: taken = lines
        case .lines(let first, let last):
            let from = max(first, 1) - 1, to = min(last ?? lines.count, lines.count)
            taken = from < to ? Array(lines[from..<to]) : []
        case .anchor(let name):
            guard let anchored = Self.lines(of: lines, anchored: name) else {
                return warn("\(target.path) has no anchor \(name)")
            }
            taken = anchored
        }
        let text = taken.joined(separator: "\n")
        if directive.kind == .playground {
            let info = (["rust"] + directive.attributes).joined(separator: ",")
            return "```\(info)\n\(text)\n```\n"
        }
        return try expand(text, path: path, shownAs: path, firstLine: 1, depth: depth + 1, including: including.union([path]))
    }

    private static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The lines between the anchor's start and its end (or the file's end), without any line
    /// that marks an anchor; nil when the anchor never starts.
    private static func lines(of lines: [Substring], anchored name: String) -> [Substring]? {
        guard let start = lines.firstIndex(where: { marker(in: $0, end: false) == name }) else { return nil }
        var taken: [Substring] = []
        for line in lines[(start + 1)...] {
            if marker(in: line, end: true) == name { break }
            if marker(in: line, end: false) != nil || marker(in: line, end: true) != nil { continue }
            taken.append(line)
        }
        return taken
    }

    /// The name after `ANCHOR:` (or `ANCHOR_END:`) on the line, if it has one.
    private static func marker(in line: Substring, end: Bool) -> String? {
        let tag = end ? "ANCHOR_END:" : "ANCHOR:"
        guard let found = line.range(of: tag) else { return nil }
        let name = line[found.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { Self.isNameCharacter($0) || $0 == "-" }
        return name.isEmpty ? nil : String(name)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }
}

/// The folder includes may read from, and where the chapters are in it.
struct IncludeFolder {
    let folder: BookFolder
    /// The chapters' folder, relative to `folder`: "" or `src`.
    let chapterFolder: String
}

/// One `{{#name arguments}}` in a file's text.
private struct Directive {
    enum Kind: String {
        case include, rustdocInclude = "rustdoc_include", playground, title
    }

    enum Part: Equatable {
        case whole
        /// Lines counted from 1, both ends included; no last: to the end.
        case lines(first: Int, last: Int?)
        case anchor(String)
    }

    let kind: Kind
    /// The file and the part of it, when the directive names one.
    let target: (path: String, part: Part)?
    /// What follows the path (a playground's `editable`).
    let attributes: [String]
    /// The directive as written, for warnings.
    let written: String
    /// Where the text after it starts.
    let end: Int

    /// The directive starting at `start` (its `{{`), if one does: `{{`, spaces, `#`, a name
    /// mdBook knows, spaces, arguments without `}` on the same line, `}}`.
    init?(_ bytes: [UInt8], at start: Int) {
        var index = start + 2
        func skipSpaces() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return nil }
        index += 1
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard let kind = Kind(rawValue: name == "playpen" ? "playground" : name) else { return nil }
        let argumentStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "\n") { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") else { return nil }
        let arguments = String(decoding: bytes[argumentStart..<index], as: UTF8.self)
        let words = arguments.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // A name glued to its arguments (`{{#includefile}}`) is no directive.
        guard words.isEmpty || arguments.first == " " || arguments.first == "\t" else { return nil }
        self.kind = kind
        end = index + 2
        written = String(decoding: bytes[start..<end], as: UTF8.self)
        attributes = Array(words.dropFirst())
        target = kind == .title ? nil : words.first.map(Self.target)
    }

    /// ASCII letters, digits and `_`, as mdBook's directive names are made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// `file.rs`, `file.rs:2:10` or `file.rs:name`: the path and the part.
    private static func target(_ word: String) -> (path: String, part: Part) {
        // A URL's colon is no part's: it is refused whole, as on the web.
        if ArchivePath.isExternal(word) { return (word, .whole) }
        let pieces = word.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        guard pieces.count > 1 else { return (path, .whole) }
        let first = pieces[1], last = pieces.count > 2 ? pieces[2] : nil
        if let last {
            // `:N:M`, `:N:`, `::M`; anything else after a second colon reads as mdBook reads it:
            // the whole file.
            guard first.isEmpty || Int(first) != nil, last.isEmpty || Int(last) != nil else { return (path, .whole) }
            return (path, .lines(first: Int(first) ?? 1, last: Int(last)))
        }
        if let line = Int(first) { return (path, .lines(first: line, last: line)) }
        return first.isEmpty ? (path, .whole) : (path, .anchor(String(first)))
    }
}
