import Foundation
import PageFormat

/// The `@font-face` rules that embed the layout's font files, and a class per face (`.f0` …) and
/// per stand-in face (`.s0` …) that sets a run in it. Each face gets a family name of its own,
/// declared with the weight and slant of its role, so the browser picks exactly that file and
/// never synthesizes a bold or an oblique the layout did not measure; a face the book brings is
/// declared as it is, and set bolder or slanted where the output says it synthesizes them.
enum FontFaceRules {
    static func css(layout: LayoutDescription, assets: PreviewAssets) -> String {
        var rules: [String] = []
        for (index, face) in faces(of: layout).enumerated() {
            let style = Self.style(ofRole: face.role)
            rules += faceRules(for: face, name: "b2p-face-\(index)", className: "f\(index)", bold: style.bold,
                           italic: style.italic, drawnBold: style.bold || face.synthesizesBold,
                           drawnItalic: style.italic || face.synthesizesItalic, assets: assets)
        }
        // A stand-in is the face fontconfig found in the weight and slant asked for: drawn as it is.
        for (index, face) in (layout.standIns ?? []).enumerated() {
            rules += faceRules(for: face, name: "b2p-standin-\(index)", className: "s\(index)", bold: false, italic: false,
                           drawnBold: false, drawnItalic: false, assets: assets)
        }
        return rules.joined(separator: "\n")
    }

    /// The faces runs name by index; a document from before `faces` has the body font alone.
    static func faces(of layout: LayoutDescription) -> [FaceDescription] {
        layout.faces ?? [FaceDescription(role: "regular", family: layout.font.family, file: layout.font.file,
                                         postScriptName: layout.font.postScriptName, iOSFontName: layout.font.iOSFontName)]
    }

    /// The weight and slant a face's role stands for (`boldItalic`: both).
    static func style(ofRole role: String) -> (bold: Bool, italic: Bool) {
        let lower = role.lowercased()
        return (lower.contains("bold"), lower.contains("italic"))
    }

    /// `bold`, `italic`: what the face is declared as; `drawnBold`, `drawnItalic`: what its runs
    /// ask for, which the browser synthesizes where the face is not.
    private static func faceRules(for face: FaceDescription, name: String, className: String, bold: Bool, italic: Bool,
                                  drawnBold: Bool, drawnItalic: Bool, assets: PreviewAssets) -> [String] {
        // Without the file, the installed font of that name is the nearest the browser can get.
        let source = assets.fonts[face.postScriptName].map(dataURL) ?? "local(\"\(HTMLText.escaped(face.postScriptName))\")"
        let weight = bold ? 700 : 400, slant = italic ? "italic" : "normal"
        let drawnWeight = drawnBold ? 700 : 400, drawnSlant = drawnItalic ? "italic" : "normal"
        return ["@font-face{font-family:\"\(name)\";src:\(source);font-weight:\(weight);font-style:\(slant);font-display:block}",
                ".\(className){font-family:\"\(name)\";font-weight:\(drawnWeight);font-style:\(drawnSlant)}"]
    }

    /// The file as a `data:` URL, typed by its first bytes (OpenType with CFF outlines, a
    /// collection, WOFF, WOFF2, or TrueType).
    static func dataURL(_ data: Data) -> String {
        let tag = data.prefix(4)
        let types = ["OTTO": "font/otf", "ttcf": "font/collection", "wOFF": "font/woff", "wOF2": "font/woff2"]
        let type = types.first { tag.elementsEqual($0.key.utf8) }?.value ?? "font/ttf"
        return "url(data:\(type);base64,\(data.base64EncodedString()))"
    }
}
