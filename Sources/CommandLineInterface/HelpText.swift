import Book2PagesKit
import Foundation

/// `--help`, made from the option table so it can't drift from what the parser accepts.
enum HelpText {
    static var text: String {
        var lines = [
            "book2pages \(Book2Pages.version): turn an EPUB or Markdown book into fixed-size pages, as JSON.",
            "",
            "Usage: book2pages [options] BOOK",
            "       book2pages [options] CHAPTER.md... | DIRECTORY | SUMMARY.md",
            "       book2pages [options] - < book.md",
            "       book2pages preview [options] BOOK [-o book.html] [--png DIR]",
            "       book2pages completions bash|zsh|fish",
            "",
            "BOOK is an .epub file, a Markdown file (.md), or a lone .xhtml or .html",
            "chapter. Several Markdown files make one book, in the order given; so do a",
            "directory's .md files (in natural name order) and the chapters an mdBook",
            "SUMMARY.md lists. - reads Markdown (or, with --from xhtml, XHTML) from",
            "standard input. The pages go to standard output, or to the file named by",
            "--output.",
            "",
            "preview writes one self-contained HTML file instead: the pages as the layout",
            "drew them, in the fonts it measured with (embedded), as the target's system",
            "shows them (two-page spreads turning for booklayout); with --png, also a PNG",
            "of each spread, drawn by headless Chromium.",
            "",
            "completions prints a completion script for the shell named, made from the",
            "options below.",
            "",
            "Options:",
        ]
        for spec in OptionTable.all {
            lines.append("  " + label(spec))
            lines += wrap(spec.help, width: 80 - 8).map { String(repeating: " ", count: 8) + $0 }
        }
        lines += ["", "Exit codes:"]
        lines += ExitCode.meanings.map { code, meaning in
            "  " + String(code).padding(toLength: 4, withPad: " ", startingAt: 0) + meaning
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words of `text` in lines of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func label(_ spec: OptionSpec) -> String {
        var label = spec.short.map { "-\($0), " } ?? ""
        label += "--\(spec.name)"
        if let value = spec.valueName { label += " \(value)" }
        return label
    }
}
