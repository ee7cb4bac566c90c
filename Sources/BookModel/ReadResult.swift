/// What a reader hands back: the book, and what it had to recover from on the way.
public struct ReadResult: Sendable, Equatable {
    public var book: Book
    public var warnings: [Warning]

    public init(book: Book, warnings: [Warning] = []) {
        self.book = book
        self.warnings = warnings
    }
}

/// A problem the reader recovered from, such as a spine item that would not parse.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// The part of the book it concerns (an archive entry such as `OEBPS/ch3.xhtml`), if any.
    public var entry: String?
    /// The line in that entry, when known.
    public var line: Int?
    public var message: String

    public init(entry: String? = nil, line: Int? = nil, _ message: String) {
        self.entry = entry
        self.line = line
        self.message = message
    }

    /// `OEBPS/ch3.xhtml:41: message`, as compilers print it.
    public var description: String {
        var place = entry ?? ""
        if let line { place += ":\(line)" }
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

extension Warning {
    /// What the warning says with the parts that vary from one occurrence to the next left out
    /// (the entry and line, and in the message the words naming a path, an id, a number, or a
    /// quoted or parenthesized detail: `the image … does not exist; left out`), so warnings of
    /// one kind can be counted rather than printed a line each.
    public var kind: String {
        var words: [Substring] = []
        var depth = 0
        var quoted = false
        for word in message.split(separator: " ", omittingEmptySubsequences: false) {
            let opens = word.filter { $0 == "(" }.count, closes = word.filter { $0 == ")" }.count
            // A quote opens at a word's start and closes at its end (an apostrophe, `book's`, is neither).
            let isQuote: (Character?) -> Bool = { $0 == "'" || $0 == "\"" }
            let opensQuote = isQuote(word.first), closesQuote = isQuote(word.trimmingSuffix(";,:)").last)
            let inDetail = depth > 0 || opens > 0 || quoted || opensQuote
            depth = max(0, depth + opens - closes)
            if opensQuote && !(closesQuote && word.count > 1) { quoted = true }
            if closesQuote && !(opensQuote && !quoted) { quoted = false }
            if inDetail || word.contains(where: { $0.isNumber || "/.#_=%&<>[]".contains($0) }) {
                // Runs of detail are one `…`; a clause's end (`;`, `,`) stays.
                let mark = "…" + (word.last.map { ";,".contains($0) } == true ? String(word.last!) : "")
                if words.last != Substring(mark) { words.append(Substring(mark)) }
            } else {
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ characters: String) -> Substring {
        var text = self
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return text
    }
}

extension Array where Element == Warning {
    /// How many warnings of one kind are shown before the rest are counted.
    public static var shownPerKind: Int { 20 }

    /// The first `shownPerKind` warnings of each kind, in order, and for each kind with more,
    /// how many were left out (in the order the kinds first came), so one book's thousands of
    /// like warnings print as a few lines and a count, and none goes unmentioned.
    public func limitedPerKind(_ limit: Int = shownPerKind) -> (shown: [Warning], unshown: [(kind: String, count: Int)]) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var shown: [Warning] = []
        for warning in self {
            let kind = warning.kind
            let count = counts[kind, default: 0]
            if count == 0 { order.append(kind) }
            counts[kind] = count + 1
            if count < limit { shown.append(warning) }
        }
        return (shown, order.compactMap { kind in
            let count = counts[kind]! - limit
            return count > 0 ? (kind, count) : nil
        })
    }

    /// The line that stands for the `count` warnings of `kind` not shown.
    public static func unshownLine(kind: String, count: Int) -> String {
        "… and \(count) more like this (\(kind))"
    }
}
