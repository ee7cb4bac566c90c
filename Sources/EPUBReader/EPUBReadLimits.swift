/// How much an EPUB may inflate.
public struct EPUBReadLimits: Sendable, Equatable {
    /// The most one entry may inflate to.
    public var maximumEntrySize: Int
    /// The most all the entries read may inflate to together.
    public var maximumTotalSize: Int
    /// The most an entry over 1 MiB may inflate relative to its compressed size.
    public var maximumCompressionRatio: Int

    public init(maximumEntrySize: Int = 256 << 20, maximumTotalSize: Int = 1 << 30, maximumCompressionRatio: Int = 200) {
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
        self.maximumCompressionRatio = maximumCompressionRatio
    }
}
