/// The ids headings get, as GitHub makes them (`## Getting started` → `getting-started`), so
/// links written for GitHub (`[see](#getting-started)`) land on the heading here too. A repeated
/// heading gets `-1`, `-2`, … within its file.
struct HeadingAnchors {
    private var used: [String: Int] = [:]

    mutating func anchor(for text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        let count = used[slug, default: 0]
        used[slug] = count + 1
        return count == 0 ? slug : "\(slug)-\(count)"
    }
}
