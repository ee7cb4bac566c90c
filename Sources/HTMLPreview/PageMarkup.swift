import Foundation
import PageFormat

/// One page of the document as an HTML section the size of the page: a content page's boxes
/// (tables' backgrounds and rules, in their order, under everything else), pictures, cells and
/// lines where the layout put them, the cover's title, authors and picture, a colored page's
/// colour. Invisible pages are there, but show nothing, as in BookLayout.
struct PageMarkup {
    let layout: LayoutDescription
    /// `data:` URLs of the book's pictures, by their path in the book.
    let imageURLs: [String: String]
    /// Where a linked run leads (`PageDocument.destination(of:)`).
    var destination: (PageRun) -> LinkDestination? = { _ in nil }

    func html(_ page: Page, index: Int) -> String {
        var body = ""
        var style = ""
        switch page.kind {
        case .content(let shown), .image(let shown):
            body += shown.boxes.filter { !$0.overPictures }.map(box).joined()
            body += shown.images.map(image).joined()
            body += shown.boxes.filter(\.overPictures).map(box).joined()
            body += shown.cells.map(cell).joined()
            body += shown.lines.map { LineMarkup.html($0, layout: layout, destination: destination) }.joined()
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

    /// A box filled with its colour.
    private func box(_ box: PageBox) -> String {
        let kind = HTMLText.escaped(box.kind.rawValue)
        return "<div class=\"box\" data-kind=\"\(kind)\" style=\"left:\(HTMLText.px(box.x));top:\(HTMLText.px(box.y));"
            + "width:\(HTMLText.px(box.width));height:\(HTMLText.px(box.height));background:\(box.color.hex)\"></div>"
    }

    /// A cell's box, drawn as nothing: it is where the browser check finds the cell, and its
    /// lines are to lie inside it.
    private func cell(_ cell: PageCell) -> String {
        "<div class=\"cell\" \(LineMarkup.cellAttributes(cell.place)) style=\"left:\(HTMLText.px(cell.x));"
            + "top:\(HTMLText.px(cell.y));width:\(HTMLText.px(cell.width));height:\(HTMLText.px(cell.height))\"></div>"
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
