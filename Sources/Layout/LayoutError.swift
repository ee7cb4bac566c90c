/// Why a layout could not be set up. Each description is one line.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// The body or code font could not be found or loaded (the font layer's own message).
    case font(String)
    /// An option that cannot make a page, such as a zero font size or margins wider than the page.
    case invalidOptions(String)
    /// ICU's line breaker could not be opened.
    case lineBreakingUnavailable

    public var description: String {
        switch self {
        case .font(let message): message
        case .invalidOptions(let message): "invalid layout options: \(message)"
        case .lineBreakingUnavailable: "ICU line breaking is unavailable"
        }
    }
}
