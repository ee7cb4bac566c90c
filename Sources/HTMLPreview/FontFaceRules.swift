import Foundation
import PageFormat

/// The `@font-face` rules that embed the layout's font files, and a class per face (`.f0` …)
/// that sets a run in it. Each face gets a family name of its own, declared with the weight and
/// slant of its role, so the browser picks exactly that file and never synthesizes a bold or an
/// oblique the layout did not measure; the stand-in faces follow it in the family list, as the
/// layout fell back to them for characters the face lacks.
enum FontFaceRules {
    static func css(layout: LayoutDescription, assets: PreviewAssets) -> String {
        let faces = layout.faces ?? [FaceDescription(role: "regular", family: layout.font.family, file: layout.font.file,
                                                     postScriptName: layout.font.postScriptName,
                                                     iOSFontName: layout.font.iOSFontName)]
        var fallbackFamilies: [String] = []
        var rules: [String] = []
        for font in assets.fallbacks {
            if !fallbackFamilies.contains(font.family) { fallbackFamilies.append(font.family) }
            let name = "b2p-fallback-\(fallbackFamilies.firstIndex(of: font.family)!)"
            rules.append(rule(name: name, source: dataURL(font.data), bold: font.bold, italic: font.italic))
        }
        let fallbackNames = fallbackFamilies.indices.map { "\"b2p-fallback-\($0)\"" }
        for (index, face) in faces.enumerated() {
            let style = Self.style(ofRole: face.role)
            let name = "b2p-face-\(index)"
            let data = index < assets.faces.count ? assets.faces[index] : nil
            // Without the file, the installed font of that name is the nearest the browser can get.
            let source = data.map(dataURL) ?? "local(\"\(HTMLText.escaped(face.postScriptName))\")"
            rules.append(rule(name: name, source: source, bold: style.bold, italic: style.italic))
            let family = (["\"\(name)\""] + fallbackNames).joined(separator: ",")
            rules.append(".f\(index){font-family:\(family);font-weight:\(style.bold ? 700 : 400);"
                         + "font-style:\(style.italic ? "italic" : "normal")}")
        }
        return rules.joined(separator: "\n")
    }

    /// The weight and slant a face's role stands for (`boldItalic`: both).
    static func style(ofRole role: String) -> (bold: Bool, italic: Bool) {
        let lower = role.lowercased()
        return (lower.contains("bold"), lower.contains("italic"))
    }

    private static func rule(name: String, source: String, bold: Bool, italic: Bool) -> String {
        "@font-face{font-family:\"\(name)\";src:\(source);font-weight:\(bold ? 700 : 400);"
            + "font-style:\(italic ? "italic" : "normal");font-display:block}"
    }

    /// The file as a `data:` URL, typed by its first bytes (OpenType with CFF outlines, a
    /// collection, or TrueType).
    static func dataURL(_ data: Data) -> String {
        let tag = data.prefix(4)
        let type = tag.elementsEqual("OTTO".utf8) ? "font/otf" : tag.elementsEqual("ttcf".utf8) ? "font/collection" : "font/ttf"
        return "url(data:\(type);base64,\(data.base64EncodedString()))"
    }
}
