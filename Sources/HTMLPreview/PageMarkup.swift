import Foundation
import PageFormat

/// One page of the document as an HTML section the size of the page: a content page's lines and
/// pictures where the layout put them, the cover's title, authors and picture, a colored page's
/// colour. Invisible pages are there, but show nothing, as in BookLayout.
struct PageMarkup {
    let layout: LayoutDescription
    /// `data:` URLs of the book's pictures, by their path in the book.
    let imageURLs: [String: String]

    func html(_ page: Page, index: Int) -> String {
        var body = ""
        var style = ""
        switch page.kind {
        case .content(let shown), .image(let shown):
            body += shown.images.map(image).joined()
            body += shown.lines.map { LineMarkup.html($0, layout: layout) }.joined()
        case .cover(let path):
            if let path, let url = imageURLs[path] {
                body += "<img class=\"cover-image\" src=\"\(url)\" alt=\"\">"
            }
            body += "<div class=\"cover-text\"><h1>\(HTMLText.escaped(page.title ?? ""))</h1>"
                + "<p>\(HTMLText.escaped(page.subtitle ?? ""))</p></div>"
        case .colored(let color):
            style = " style=\"background:\(HTMLText.escaped(color.hex))\""
            if let title = page.title { body += "<div class=\"cover-text\"><h1>\(HTMLText.escaped(title))</h1></div>" }
        case .invisible, .blank, .decorative, .unknown:
            break
        }
        let type = if case .unknown = page.kind { "blank" } else { page.kind.type }
        return "<section class=\"page \(type)\" id=\"p\(index)\" data-i=\"\(index)\"\(style)>\(body)</section>\n"
    }

    private func image(_ image: PageImage) -> String {
        let box = "left:\(HTMLText.px(image.x));top:\(HTMLText.px(image.y));"
            + "width:\(HTMLText.px(image.width));height:\(HTMLText.px(image.height))"
        guard let url = imageURLs[image.path] else {
            return "<div class=\"img missing\" style=\"\(box)\">\(HTMLText.escaped(image.alt ?? image.path))</div>"
        }
        return "<img class=\"img\" style=\"\(box)\" src=\"\(url)\" alt=\"\(HTMLText.escaped(image.alt ?? ""))\">"
    }

    /// The pictures as `data:` URLs, typed by their names' extensions.
    static func imageURLs(_ images: [String: Data]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: images.map { path, data in
            let type = switch (path as NSString).pathExtension.lowercased() {
            case "jpg", "jpeg": "image/jpeg"
            case "gif": "image/gif"
            case "webp": "image/webp"
            case "svg": "image/svg+xml"
            default: "image/png"
            }
            return (path, "data:\(type);base64,\(data.base64EncodedString())")
        })
    }
}
