import BookModel
import Digest
import FileNames
import Fonts
import Foundation
import Hyphenation
import Layout
import PageFormat
import XHTMLReader

/// Digests that tell whether an output is still current: one of the input's bytes, one of the
/// options (and the tool's version) that shape the output, and the fonts of this machine the
/// pages are measured with.
enum Fingerprint {
    /// The most bytes read to fingerprint one input; past it, the input gets no fingerprint and
    /// is always converted again.
    static let maximumBytes = 1 << 30

    /// `layouter`: one made for `options.layout`, whose faces are then not looked up again.
    static func provenance(of input: BookInput, options: ConversionOptions, layouter: Layouter? = nil) -> Provenance? {
        provenance(of: input, options: options, faceFiles: { layouter?.ownFaceFiles })
    }

    /// `provenance(of:options:faceFiles:)` worked out on a thread of its own (`Pending`), which
    /// frees libcrypto's state for itself before it hands the value on: a process exiting once
    /// it is handed on would otherwise count that state as leaked.
    static func pendingProvenance(of input: BookInput, options: ConversionOptions,
                                  faceFiles: @escaping @Sendable () -> [String]?) -> Pending<Provenance?> {
        Pending {
            defer { SHA256.releaseThreadState() }
            return provenance(of: input, options: options, faceFiles: faceFiles)
        }
    }

    /// `faceFiles`: the files of the layout's own faces (`Layouter.ownFaceFiles`), asked for
    /// only once all that needs no layouter is done, so that a layouter still being made is
    /// waited for last; nil looks them up.
    static func provenance(of input: BookInput, options: ConversionOptions, faceFiles: () -> [String]?) -> Provenance? {
        guard let bytes = digest(of: input) else { return nil }
        let fonts = Self.fonts(of: options.layout, faceFiles: faceFiles)
        return Provenance(tool: "book2pages \(Book2Pages.version)", input: "sha256:" + bytes,
                          options: "sha256:" + digest(of: options), fonts: fonts?.files, installedFonts: fonts?.installed,
                          hyphenation: hyphenation, inputPaths: inputPaths(of: input, writtenTo: options.outputPath))
    }

    /// The installed hyphenation dictionaries' digest, worked out once a process.
    static let hyphenation: String = {
        var hasher = SHA256()
        hasher.update(HyphenationDictionaries().listing)
        return "sha256:" + hasher.finalize()
    }()

    /// The way from the output file's folder to each of the input's files (`Provenance.inputPaths`):
    /// the same however the run was started (from which folder, by which name).
    static func inputPaths(of input: BookInput, writtenTo output: String?) -> [String]? {
        guard let output, case .paths(let paths) = input else { return nil }
        let parent = PathName.folder(of: output)
        let folder = RealPath.of(parent.isEmpty ? "." : parent)
        return paths.map { RealPath.route(from: folder, to: RealPath.of($0)) }
    }

    /// The layout's own font files (the body's, the code font's, the sans-serif faces', the math
    /// face's) by name
    /// with the digest of each one's bytes, and the digest of the installed fonts' list; nil when
    /// the fonts can't be found (the conversion then fails on them). Worked out once a process
    /// for each body and code font: hashing the files takes milliseconds, and a batch asks for
    /// every book.
    static func fonts(of layout: LayoutOptions, faceFiles: () -> [String]? = { nil }) -> (files: [Provenance.FontFile], installed: String)? {
        let key = "\(layout.font)\n\(layout.codeFont)\n\(layout.mathFont ?? "")"
        return fontsLock.withLock {
            if let known = knownFonts[key] { return known }
            let found = measuredFonts(of: layout, faceFiles: faceFiles)
            knownFonts[key] = .some(found)
            return found
        }
    }

    private static let fontsLock = NSLock()
    nonisolated(unsafe) private static var knownFonts: [String: (files: [Provenance.FontFile], installed: String)?] = [:]

    /// The sans-serif faces (found, not loaded: only their files count here), the math face and
    /// the installed fonts' list come first, then the layout's own faces (`faceFiles`), so that
    /// this can run beside the making of a layouter and take its faces once it is made.
    private static func measuredFonts(of layout: LayoutOptions,
                                      faceFiles: () -> [String]?) -> (files: [Provenance.FontFile], installed: String)? {
        guard let sans = try? FontSet.faceFiles(ofFamily: LayoutOptions.defaultSansSerifFont) else { return nil }
        var paths = Set(sans)
        // The math face, when there is one: formulas are set in it.
        if let math = try? MathFont.load(layout.mathFont ?? LayoutOptions.defaultMathFont) { paths.insert(math.face.path) }
        var digests: [String: String] = [:]
        for path in paths {
            guard let digest = digest(ofFile: path) else { return nil }
            digests[path] = digest
        }
        var hasher = SHA256()
        hasher.update(InstalledFonts.listing())
        let installed = "sha256:" + hasher.finalize()
        let own: [String]
        if let given = faceFiles() {
            own = given
        } else {
            guard let fonts = try? FontSet(font: layout.font, monospaceFamily: layout.codeFont) else { return nil }
            own = [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic, fonts.monospace].map(\.path)
        }
        for path in own where digests[path] == nil {
            guard let digest = digest(ofFile: path) else { return nil }
            digests[path] = digest
        }
        let files = digests.map { path, digest in
            Provenance.FontFile(file: FontFace.fileName(ofPath: path), sha256: "sha256:" + digest)
        }.sorted { ($0.file, $0.sha256) < ($1.file, $1.sha256) }
        return (files, installed)
    }

    /// The digest of a file's bytes, hashed as they are read, a piece at a time (a font file
    /// is hundreds of kilobytes, never copied whole); nil when it can't be read.
    private static func digest(ofFile path: String) -> String? {
        guard let handle = try? LooseFile.open(path, named: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                chunk.withUnsafeBytes { hasher.update($0) }
            }
        } catch {
            return nil
        }
        return hasher.finalize()
    }

    /// Every option that shapes the output, with the version. The read limits and `--strict`
    /// only decide whether there is an output, never what it holds, so they are left out: the
    /// same pages carry the same fingerprint.
    static func digest(of options: ConversionOptions) -> String {
        var hasher = SHA256()
        hasher.update("book2pages \(Book2Pages.version)\n\(description(of: options))")
        return hasher.finalize()
    }

    /// The shaping options one per line, by the command's names for them: written out rather
    /// than reflected, so that the digest changes when an option does and never when only the
    /// code's types are renamed or reshaped.
    static func description(of options: ConversionOptions) -> String {
        let layout = options.layout
        let page = layout.geometry.pageSize
        let margins = layout.geometry.margins
        let shaping: [String?] = [
            "page-size \(page.width) \(page.height)",
            "margins \(margins.top) \(margins.right) \(margins.bottom) \(margins.left)",
            "bounds \(options.bounds.map { "\($0.width) \($0.height)" } ?? "none")",
            "font \(layout.font)",
            "font-chosen \(layout.bodyFontChosen)",
            "book-fonts \(layout.usesBookFonts ? "on" : "off")",
            "font-size \(layout.fontSize)",
            "line-height \(layout.lineHeight)",
            "code-font \(layout.codeFont)",
            "align \(layout.alignment.rawValue)",
            "glyph-scaling \(layout.glyphScaling)",
            "writing-mode \(layout.writingMode.rawValue)",
            // Written only when given, so that the outputs made before it keep their digest.
            layout.mathFont.map { "math-font \($0)" },
            layout.language.map { setting -> String in
                if case .override(let tag) = setting { return "lang \(tag)!" }
                return "lang \(setting.tag)"
            },
        ]
        // Typed apart: one literal of all the lines is too much for the type checker.
        let metadata: [String?] = layout.metadata.settings.map { "metadata \($0)" }
        // Each stylesheet by its content, not its path: the same rules from another file make
        // the same pages. None given, no line, so the outputs made before `--css` keep their digest.
        let stylesheets: [String?] = options.stylesheets.map { "css sha256:" + SHA256.hex(of: Array($0.text.utf8)) }
        let output: [String?] = [
            "from \(options.inputFormat?.rawValue ?? "any")",
            "pretty \(options.pretty)",
            "target \(options.target.name.rawValue)",
            "double-sided \(options.target.doubleSided)",
            options.target.chapterStart == .any ? nil : "chapter-start \(options.target.chapterStart.rawValue)",
            // Only where spreads are aligned: pages that face none are as they were before it.
            options.target.alignsSpreads ? "align-spreads on" : nil,
            "format \(options.outputFormat.rawValue)",
            options.keepsLines ? nil : "lines none",
            "assets \(options.assetsDirectory ?? "none")",
            "assets-subfolder \(options.assetsSubfolder ?? "none")",
        ]
        return (shaping + metadata + stylesheets + output).compactMap { $0 }.joined(separator: "\n")
    }

    /// The input's bytes: a file's, or every regular file under a folder (with its path, in
    /// sorted order), or what came on standard input.
    static func digest(of input: BookInput) -> String? {
        var hasher = SHA256()
        switch input {
        case .standardInput(let bytes, _):
            hasher.update(bytes)
        case .paths(let paths):
            var total = 0
            for path in paths {
                // A book that is not there has no digest: its conversion says why.
                guard let files = files(under: path) else { return nil }
                for file in files {
                    // No fingerprint for what is not a regular file: the conversion refuses it.
                    guard let handle = try? LooseFile.open(file.absolute, named: file.relative) else { return nil }
                    defer { try? handle.close() }
                    hasher.update("\(file.relative)\n")
                    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                        total += chunk.count
                        if total > maximumBytes { return nil }
                        chunk.withUnsafeBytes { hasher.update($0) }
                    }
                }
            }
        }
        return hasher.finalize()
    }

    /// Nil when nothing is at `path`.
    private static func files(under path: String) -> [(relative: String, absolute: String)]? {
        guard let kind = FileSystem.kind(of: path) else { return nil }
        guard kind == .directory else { return [((path as NSString).lastPathComponent, path)] }
        return FileSystem.subpaths(of: path).sorted().compactMap { name in
            let absolute = (path as NSString).appendingPathComponent(name)
            guard let kind = FileSystem.kind(of: absolute), kind != .directory else { return nil }
            return (name, absolute)
        }
    }
}
