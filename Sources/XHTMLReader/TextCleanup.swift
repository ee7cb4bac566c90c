/// Small text helpers for titles, alt text and attribute values (no Foundation needed).
public enum TextCleanup {
    /// White space collapsed to single spaces and trimmed, as HTML shows a title or alt text;
    /// U+00A0 is kept.
    public static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if InlineBuffer.isCollapsible(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A value as it appears in a warning, cut short when long.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(77)) + "…" : text
        return "\"\(shown)\""
    }
}

extension String {
    /// Without the ASCII white space (space, tab, newlines, form feed) at either end.
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !InlineBuffer.isCollapsible($0) }),
              let last = scalars.lastIndex(where: { !InlineBuffer.isCollapsible($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

/// Media types of the images books use, guessed from the file extension when no manifest says.
enum MediaType {
    static func guess(for path: String) -> String? {
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
