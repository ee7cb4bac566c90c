import Book2PagesKit

/// `--help`, made from the option table so it can't drift from what the parser accepts.
public enum HelpText {
    public static var text: String {
        var lines = [
            "book2pages \(Book2Pages.version): turn an EPUB or XHTML book into fixed-size pages, as JSON.",
            "",
            "Usage: book2pages [options] BOOK",
            "",
            "BOOK is an .epub file, or a lone .xhtml or .html chapter. The pages go to standard",
            "output, or to the file named by --output.",
            "",
            "Options:",
        ]
        let labels = OptionTable.all.map(label)
        let width = labels.map(\.count).max() ?? 0
        for (spec, label) in zip(OptionTable.all, labels) {
            lines.append("  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.help)
        }
        lines += [
            "",
            "Exit codes:",
            "  0   the book was converted",
            "  64  bad usage: an unknown option or a bad value",
            "  65  the input is not a book that can be converted",
            "  66  the input is missing or can't be read",
            "  69  the font asked for can't be found or loaded",
            "  70  an internal error (a bug: please report it)",
            "  73  the output can't be written",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(_ spec: OptionSpec) -> String {
        var label = spec.short.map { "-\($0), " } ?? "    "
        label += "--\(spec.name)"
        if let value = spec.valueName { label += " \(value)" }
        return label
    }
}
