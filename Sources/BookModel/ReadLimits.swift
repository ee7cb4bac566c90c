/// How much a reader takes in before it refuses a book (`ReadError.limitExceeded`). Books are
/// untrusted (BRIEF §6): these bounds keep a zip bomb or a runaway file from costing unbounded
/// memory or time, and are generous enough that no real book meets them. Each has a name, the
/// one `--limit` takes, so a user whose book needs more can say so.
public struct ReadLimits: Sendable, Equatable {
    /// The most one archive entry (or a lone document) may hold, inflated. Held in memory whole,
    /// so it bounds a zip bomb's cost: the largest content document of the shared corpus is
    /// 0.4 MB, War and Peace whole 3.7 MB.
    public var maximumEntrySize: Int
    /// The most all the entries read from one book may inflate to together: its documents, and
    /// the images its pages show (read for their sizes); never fonts or audio. Picture books are
    /// large, hence a bound well past the entry's.
    public var maximumBookSize: Int
    /// The most an entry, or the book's read entries together, may inflate relative to their
    /// compressed size, once past `ratioThreshold`. XHTML deflates about 5:1; tiny images inflate
    /// 400:1, hence the threshold.
    public var maximumCompressionRatio: Int
    /// The most entries the archive may list.
    public var maximumEntryCount: Int
    /// The most text (UTF-8 bytes) the book's chapters may hold together: it bounds the layout's
    /// time and memory. War and Peace holds 3.2 MB.
    public var maximumTextSize: Int
    /// The most resident memory a conversion may take, whatever the book's shape: a Markdown
    /// file of a million headings or one 50 MB paragraph cost far more than their text. Held
    /// where the process's memory is watched (`MemoryWatch`), which the command does.
    public var maximumMemory: Int

    /// Inflated size past which the compression ratio is checked.
    public static let ratioThreshold = 1 << 20

    public init(maximumEntrySize: Int = 64 << 20, maximumBookSize: Int = 1 << 30,
                maximumCompressionRatio: Int = 200, maximumEntryCount: Int = 10_000,
                maximumTextSize: Int = 48 << 20, maximumMemory: Int = 1 << 30) {
        self.maximumEntrySize = maximumEntrySize
        self.maximumBookSize = maximumBookSize
        self.maximumCompressionRatio = maximumCompressionRatio
        self.maximumEntryCount = maximumEntryCount
        self.maximumTextSize = maximumTextSize
        self.maximumMemory = maximumMemory
    }

    /// The limits by the names `--limit` takes, in the order `--help` lists them.
    public enum Name: String, CaseIterable, Sendable {
        case entrySize = "entry-size"
        case bookSize = "book-size"
        case ratio
        case entries
        case text
        case memory

        /// True for a size in bytes (written with K, M or G), false for a plain count.
        public var isSize: Bool {
            switch self {
            case .entrySize, .bookSize, .text, .memory: true
            case .ratio, .entries: false
            }
        }
    }

    public subscript(name: Name) -> Int {
        get {
            switch name {
            case .entrySize: maximumEntrySize
            case .bookSize: maximumBookSize
            case .ratio: maximumCompressionRatio
            case .entries: maximumEntryCount
            case .text: maximumTextSize
            case .memory: maximumMemory
            }
        }
        set {
            switch name {
            case .entrySize: maximumEntrySize = newValue
            case .bookSize: maximumBookSize = newValue
            case .ratio: maximumCompressionRatio = newValue
            case .entries: maximumEntryCount = newValue
            case .text: maximumTextSize = newValue
            case .memory: maximumMemory = newValue
            }
        }
    }

    /// `the entry-size limit (64 MiB)`: how a refusal names the bound it met.
    public func describe(_ name: Name) -> String {
        "the \(name.rawValue) limit (\(name.isSize ? ByteCount.describe(self[name]) : String(self[name])))"
    }
}

/// Sizes as people write them.
public enum ByteCount {
    /// `64 MiB`, `1 GiB`, `1536 KiB`, `100 bytes`: the largest binary unit that divides the
    /// size exactly, so the text is exact.
    public static func describe(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
