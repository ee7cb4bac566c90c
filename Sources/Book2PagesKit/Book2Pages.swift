/// Facts about the tool itself.
public enum Book2Pages {
    /// Raised whenever the same input and options give different output (a layout rule, a new
    /// field): outputs record it in their provenance, so `--incremental` converts them again.
    /// 0.2.0: EPUB CFIs, lines' style runs and bidi pieces, footnotes at the page foot.
    public static let version = "0.2.0"
}
