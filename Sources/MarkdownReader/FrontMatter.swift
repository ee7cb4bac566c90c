import BookModel
import YAML

/// The YAML block at the top of a Markdown file (`---` … `---`): the book's title, authors,
/// language, date, cover and direction. Other keys are left alone: writers' tools add their own.
///
/// Malformed YAML is an error naming the file and line, not a warning: a book whose metadata
/// silently vanished, or showed up as text on its first page, is worse than one that stops.
/// A key with a value of the wrong shape is a warning, and the key is ignored.
struct FrontMatter: Equatable {
    var title: String?
    var authors: [String] = []
    var language: String?
    var date: String?
    /// The cover image as written, relative to the file.
    var cover: String?
    var direction: TextDirection?

    /// Splits the front matter off `text`. The block must open on the first line with `---` and
    /// close with `---` or `...`; without a closing line the `---` is Markdown (a rule). The body
    /// keeps one empty line for each line of front matter, so its line numbers stay the file's.
    static func split(_ text: String) -> (yaml: String, body: String)? {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2, isFence(lines[0], closing: false) else { return nil }
        var yamlLines: [Substring] = []
        var rest = lines[1]
        while !rest.isEmpty {
            let next = rest.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            if isFence(next[0], closing: true) {
                let body = next.count == 2 ? String(next[1]) : ""
                let blankLines = String(repeating: "\n", count: yamlLines.count + 2)
                return (yamlLines.joined(separator: "\n"), blankLines + body)
            }
            yamlLines.append(next[0])
            rest = next.count == 2 ? next[1] : ""
        }
        return nil
    }

    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        let trimmed = line.drop { $0 == "\u{FEFF}" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        let fence = String(trimmed.reversed())
        return fence == "---" || (closing && fence == "...")
    }

    /// Reads the YAML of a front matter block that starts on line 2 of the file: errors name it
    /// as `file`, warnings as `source`.
    static func read(_ yaml: String, file: String, source: String,
                     warnings: inout [Warning]) throws(ReadError) -> FrontMatter {
        let root: YAMLNode?
        do {
            root = try YAML.parse(yaml)
        } catch {
            throw .invalid(file: file, reason: "front matter, line \(error.line + 1): \(error.message)")
        }
        guard let root else { return FrontMatter() }
        guard case .mapping(let entries) = root.value else {
            throw .invalid(file: file, reason: "front matter, line \(root.line + 1): expected keys such as "
                           + "title: and author:, not a list or a single value")
        }
        var matter = FrontMatter()
        for entry in entries {
            let line = entry.value.line + 1
            func text() -> String? {
                guard let scalar = entry.value.scalar else {
                    warnings.append(Warning(entry: source, line: line, "front matter: \(entry.key) should be text; ignored"))
                    return nil
                }
                let trimmed = scalar.trimmingWhitespace
                return trimmed.isEmpty ? nil : trimmed
            }
            switch entry.key.lowercased() {
            case "title": matter.title = matter.title ?? text()
            case "author", "authors":
                if matter.authors.isEmpty { matter.authors = names(in: entry, source: source, warnings: &warnings) }
            case "lang", "language": matter.language = matter.language ?? text()
            case "date": matter.date = matter.date ?? text()
            case "cover", "cover-image": matter.cover = matter.cover ?? text()
            case "direction", "dir":
                guard matter.direction == nil, let value = text() else { continue }
                if let direction = TextDirection(rawValue: value.lowercased()) {
                    matter.direction = direction
                } else {
                    warnings.append(Warning(entry: source, line: line,
                                            "front matter: direction should be ltr or rtl, not \(value); ignored"))
                }
            default: continue
            }
        }
        return matter
    }

    /// One name, a list of names, or a list of `name:` mappings (as pandoc writes them).
    private static func names(in entry: YAMLNode.Entry, source: String, warnings: inout [Warning]) -> [String] {
        let items: [YAMLNode]
        if case .sequence(let list) = entry.value.value { items = list } else { items = [entry.value] }
        var names: [String] = []
        for item in items {
            if let name = (item.scalar ?? item["name"]?.scalar)?.trimmingWhitespace {
                if !name.isEmpty { names.append(name) }
            } else {
                warnings.append(Warning(entry: source, line: item.line + 1,
                                        "front matter: \(entry.key) should be a name or a list of names; ignored"))
            }
        }
        return names
    }

    /// Fills what `self` lacks from `other`: the first file of a book that says a thing wins.
    mutating func complete(with other: FrontMatter) {
        title = title ?? other.title
        if authors.isEmpty { authors = other.authors }
        language = language ?? other.language
        date = date ?? other.date
        cover = cover ?? other.cover
        direction = direction ?? other.direction
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
