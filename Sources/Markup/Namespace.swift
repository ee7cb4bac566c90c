/// The namespace URIs books use.
public enum Namespace {
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    /// EPUB's `epub:` attributes (`epub:type`).
    public static let ops = "http://www.idpf.org/2007/ops"
    public static let opf = "http://www.idpf.org/2007/opf"
    public static let dublinCore = "http://purl.org/dc/elements/1.1/"
    public static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let xlink = "http://www.w3.org/1999/xlink"

    /// The namespace a prefix conventionally stands for. Books often use `epub:type` without
    /// declaring `xmlns:epub`, and the HTML parser knows no namespaces at all; both then leave
    /// the prefix in the name, and this map gives such names the namespace the author meant.
    static func conventional(prefix: String) -> String? {
        switch prefix {
        case "xml": xml
        case "epub": ops
        case "opf": opf
        case "dc": dublinCore
        case "svg": svg
        case "xlink": xlink
        case "ncx": ncx
        default: nil
        }
    }
}
