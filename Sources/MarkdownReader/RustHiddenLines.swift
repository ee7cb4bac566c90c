/// The lines of a Rust code block that rustdoc, and mdBook after it, hide from the reader: a
/// line whose first non-blank characters are `# ` (or that is only `#`) is compiled but not
/// shown; `##` at that place shows one `#`. `#[derive…]` and `#![…]` are code, shown.
enum RustHiddenLines {
    /// A code block's info string names Rust: `rust`, or `rust,ignore`, `rust edition2021`…
    static func isRust(_ infoString: String) -> Bool {
        infoString.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).first == "rust"
    }

    /// The block's text without its hidden lines.
    static func shown(in code: String) -> String {
        guard code.contains("#") else { return code }
        var shown: [Substring] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " || $0 == "\t" }
            let indent = line[..<body.startIndex]
            if body == "#" || body.hasPrefix("# ") || body.hasPrefix("#\t") { continue }
            shown.append(body.hasPrefix("##") ? indent + body.dropFirst() : line)
        }
        return shown.joined(separator: "\n")
    }
}
