import EPUBReader
import Fonts
import PageFormat
import Testing

/// The faces an output's `layout.faces` names, found again from what the output says alone: the
/// layout's own by the family asked for (`layout.font.requested`) and their PostScript names,
/// the sans-serif faces in Liberation Sans, and each face the book brings read out of the book
/// at the `path` the output gives it (restored when obfuscated). For the independent re-measures.
enum OutputFaces {
    /// By index of `layout.faces`.
    static func load(_ layout: LayoutDescription, book: String) throws -> [FontFace] {
        let fonts = try FontSet(font: layout.font.requested)
        let own = [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic, fonts.monospace]
        guard let described = layout.faces else { return own }
        let sans = described.contains { $0.role == "sansSerif" } ? try FontSet(font: "Liberation Sans") : nil
        let files = described.contains { $0.path != nil } ? try EPUBReader.files(of: book) : nil
        return try described.enumerated().map { index, description in
            switch description.role {
            case "book":
                let path = try #require(description.path, "a face of the book's names its file")
                let bytes = try #require(try files?.read(path), "\(path) is in the book")
                let face = try FontFace(bytes: bytes, name: path)
                #expect(face.postScriptName == description.postScriptName, "\(path) is the face the output names")
                return face
            case "sansSerif":
                let sans = try #require(sans)
                let face = try #require([sans.regular, sans.italic, sans.bold, sans.boldItalic]
                    .first { $0.postScriptName == description.postScriptName })
                return face
            default:
                let face = try #require(index < own.count ? own[index] : nil, "\(description.role) is one of the five")
                #expect(face.fileName == description.file, "the output names the faces measured with")
                return face
            }
        }
    }
}
