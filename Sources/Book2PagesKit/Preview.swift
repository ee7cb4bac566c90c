import BookModel
import FileNames
import Fonts
import Foundation
import HTMLPreview
import PageFormat
import XHTMLReader

/// `book2pages preview`: a book converted as usual, then written as one HTML file that shows its
/// pages with the font files they were measured with and the book's images embedded, and, with
/// `--png`, a picture of each spread taken by headless Chromium.
public enum Preview {
    public struct Result: Sendable {
        public var html: Data
        public var conversion: Conversion
    }

    public static func html(of input: BookInput, options: ConversionOptions) throws(ConversionError) -> Result {
        var options = options
        options.outputFormat = .json
        options.pretty = false
        // The preview draws the lines.
        options.keepsLines = true
        let conversion = try Converter.convert(input, options: options)
        let assets = try assets(of: conversion, input: input, options: options)
        let html = HTMLPreview.html(for: conversion.document, assets: assets)
        return Result(html: Data(html.utf8), conversion: conversion)
    }

    /// The font files of the faces and stand-ins the document names, and the images it shows.
    /// A font file that can't be read is left out (the browser check then reports its face as
    /// not loaded); an image that can't be read shows as its alt text.
    static func assets(of conversion: Conversion, input: BookInput,
                       options: ConversionOptions) throws(ConversionError) -> PreviewAssets {
        // Opened by the name's bytes (`LooseFile`): a font's file name need not be UTF-8.
        var fonts = conversion.fontFiles.compactMapValues { path -> Data? in
            guard let handle = try? LooseFile.open(path, named: path) else { return nil }
            defer { try? handle.close() }
            return try? handle.readToEnd()
        }
        var images: [String: Data] = [:]
        let imagePaths = AssetWriter.imagePaths(in: conversion.document)
        // The book's own fonts, from the book (restored when obfuscated).
        let bookFonts = AssetWriter.fontPaths(in: conversion.document).filter { fonts[$0.key] == nil }
        if !imagePaths.isEmpty || !bookFonts.isEmpty {
            let files = try Converter.files(of: input, asked: options.inputFormat, limits: options.limits)
            for (name, path) in bookFonts {
                if let bytes = try? files.read(path) { fonts[name] = Data(bytes) }
            }
            for path in imagePaths {
                if let bytes = try? files.read(path) { images[path] = Data(bytes) }
            }
        }
        return PreviewAssets(fonts: fonts, images: images, glyphs: formulaGlyphs(in: conversion.document, files: conversion.fontFiles))
    }

    /// The outlines of the glyphs the document's formulas draw, by face: read from each math
    /// face's file on this machine (a face that cannot be opened is left out, and its formulas
    /// show no glyphs).
    static func formulaGlyphs(in document: PageDocument, files: [String: String]) -> [String: GlyphOutlines] {
        var wanted: [String: Set<Int>] = [:]
        for page in document.pages {
            for line in page.shown?.lines ?? [] {
                for formula in line.formulas { wanted[formula.face, default: []].formUnion(formula.glyphs.map(\.id)) }
            }
        }
        var outlines: [String: GlyphOutlines] = [:]
        for (name, glyphs) in wanted {
            guard let path = files[name], let face = try? FontFace(path: path) else { continue }
            var paths: [Int: String] = [:]
            for glyph in glyphs where glyph >= 0 && glyph <= Int(UInt32.max) {
                paths[glyph] = face.outlinePath(ofGlyph: UInt32(glyph))
            }
            outlines[name] = GlyphOutlines(unitsPerEm: face.unitsPerEm, paths: paths)
        }
        return outlines
    }

    /// Writes a PNG of every spread of the preview at `preview` into `directory` (made if
    /// missing) with headless Chromium; the files, in order.
    public static func writeImages(of document: PageDocument, preview: URL,
                                   into directory: String) throws(ConversionError) -> [String] {
        guard let browser = HeadlessBrowser.find() else {
            throw .toolUnavailable(HeadlessBrowser.Failure.notInstalled.description)
        }
        do throws(SystemError) {
            try FileSystem.createDirectory(directory)
        } catch {
            throw .outputFailed(file: directory, reason: error.description)
        }
        do {
            return try SpreadImages.write(document, preview: preview, into: directory, browser: browser)
        } catch {
            throw .outputFailed(file: directory, reason: "the spreads could not be drawn: \(error)")
        }
    }
}
