/// What the pages were made from, so a later run can tell an output is still current
/// (`--incremental`): the tool, and digests of the input, of the options and of the fonts.
public struct Provenance: Codable, Sendable, Equatable {
    /// `book2pages 0.2.0`.
    public var tool: String
    /// `sha256:` and the hex digest of the input's bytes (every file of a Markdown folder, by path).
    public var input: String
    /// `sha256:` and the hex digest of the options that shape the output.
    public var options: String
    /// The font files of this machine the layout's own faces are (the body's four, the code
    /// font, the sans-serif four), each by name with the digest of its bytes. Nil in outputs
    /// from before fonts were recorded. (The book's own fonts are in `input`.)
    public var fonts: [FontFile]?
    /// `sha256:` and the digest of the installed fonts as fontconfig lists them (each file's
    /// path, size and time): the stand-ins for scripts the faces lack come from among them.
    public var installedFonts: String?
    /// `sha256:` and the digest of the hyphenation dictionaries installed (each file's name, size
    /// and time): which of them a book's languages take is known only once it is read. Nil in
    /// outputs from before they were recorded.
    public var hyphenation: String?
    /// Where the input is, from the output file's folder (`../books/moby-dick.epub`), each file
    /// of it when it is several: so that the pages of another book of the same name are never
    /// put in this output's place unasked. Nil when the pages went to standard output or the
    /// book came from standard input.
    public var inputPaths: [String]?

    public init(tool: String, input: String, options: String, fonts: [FontFile]? = nil, installedFonts: String? = nil,
                hyphenation: String? = nil, inputPaths: [String]? = nil) {
        self.tool = tool
        self.input = input
        self.options = options
        self.fonts = fonts
        self.installedFonts = installedFonts
        self.hyphenation = hyphenation
        self.inputPaths = inputPaths
    }

    /// One font file: its name (never its folder) and `sha256:` and the digest of its bytes.
    public struct FontFile: Codable, Sendable, Equatable {
        public var file: String
        public var sha256: String

        public init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }
    }
}
