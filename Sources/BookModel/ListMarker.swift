/// How a list numbers or marks its items: CSS's `list-style-type` and HTML's `type`.
public enum ListMarker: Sendable, Equatable {
    /// 1. 2. 3.
    case decimal
    /// 01. 02. … 10.
    case decimalLeadingZero
    /// a. b. … z. aa.
    case lowerAlpha
    case upperAlpha
    /// i. ii. iii. iv.
    case lowerRoman
    case upperRoman
    /// α. β. γ.
    case lowerGreek
    /// •
    case disc
    /// ◦
    case circle
    /// ▪
    case square
    /// No marker at all.
    case none
    /// A string the book gives (`list-style-type: "– "`), shown as written.
    case text(String)
}
