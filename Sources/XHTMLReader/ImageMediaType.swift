/// The media types of the image formats books use, by file extension: what an image is taken to
/// be when no manifest says.
public enum ImageMediaType {
    /// `image/jpeg` for `a/b.JPG`; nil for an extension that is no image format books use.
    public static func guess(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "webp": return "image/webp"
        default: return nil
        }
    }
}
