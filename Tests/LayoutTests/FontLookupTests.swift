import Testing
@testable import Fonts

@Suite struct FontLookupTests {
    /// fontconfig answers the families the Liberation fonts are metric-compatible with by them:
    /// that is the design, so it is not worth a warning.
    @Test(arguments: [("Times New Roman", "Liberation Serif"), ("Times", "Liberation Serif"), ("Tinos", "Liberation Serif"),
                      ("Arial", "Liberation Sans"), ("Helvetica", "Liberation Sans"), ("Arimo", "Liberation Sans"),
                      ("Courier New", "Liberation Mono"), ("Courier", "Liberation Mono"), ("Cousine", "Liberation Mono")])
    func metricCompatibleFamiliesAreAcceptedSilently(family: String, liberation: String) throws {
        let fonts = try FontSet(font: family)
        // Tinos, Arimo and Cousine are real fonts: where one is installed, it is found as itself.
        #expect(fonts.regular.family == liberation || fonts.regular.family == family)
        #expect(fonts.warnings.isEmpty)
    }

    @Test func timesNewRomanAndArialAreTheirLiberationFonts() throws {
        #expect(try FontSet(font: "Times New Roman").regular.family == "Liberation Serif")
        #expect(try FontSet(font: "Arial").regular.family == "Liberation Sans")
        let code = try FontSet(font: "Liberation Serif", monospaceFamily: "Courier New")
        #expect(code.monospace.family == "Liberation Mono")
        #expect(code.warnings.isEmpty)
    }

    /// A misspelt family must not quietly set the book in whatever fontconfig falls back to.
    @Test(arguments: ["Nonexistent Family Xyz", "Liberation Serf", "serif"])
    func familyThatIsNotInstalledIsAnError(family: String) {
        let message = "font family '\(family)' is not installed (fc-list : family shows the installed ones)"
        do {
            let fonts = try FontSet(font: family)
            Issue.record("set in \(fonts.regular.family) instead of failing")
        } catch {
            #expect(String(describing: error) == message)
        }
        do {
            let fonts = try FontSet(font: "Liberation Serif", monospaceFamily: family)
            Issue.record("code set in \(fonts.monospace.family) instead of failing")
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    @Test func familyNamesIgnoreCase() throws {
        let fonts = try FontSet(font: "liberation serif", monospaceFamily: "LIBERATION MONO")
        #expect(fonts.regular.family == "Liberation Serif")
        #expect(fonts.bold.style == "Bold")
        #expect(fonts.monospace.family == "Liberation Mono")
        #expect(fonts.warnings.isEmpty)
    }

    @Test func liberationSerifIsFoundAsItself() throws {
        let fonts = try FontSet(font: "Liberation Serif")
        #expect(fonts.warnings.isEmpty)
        #expect(fonts.regular.postScriptName == "LiberationSerif")
        #expect(fonts.italic.style == "Italic")
        #expect(fonts.bold.style == "Bold")
        #expect(fonts.boldItalic.style == "Bold Italic")
        #expect(fonts.monospace.family == "Liberation Mono")
    }

    @Test func fontFileIsLoadedDirectly() throws {
        let path = try FontLocator.locate(family: "Liberation Sans", bold: false, italic: false).path
        let fonts = try FontSet(font: path)
        #expect(fonts.regular.family == "Liberation Sans")
        #expect(fonts.bold.family == "Liberation Sans")
        #expect(fonts.bold.style == "Bold")
        #expect(fonts.warnings.isEmpty)
    }

    @Test func reportsFileNameWithoutDirectory() throws {
        let fonts = try FontSet(font: "Liberation Serif")
        #expect(fonts.regular.fileName == "LiberationSerif-Regular.ttf")
        #expect(!fonts.monospace.fileName.contains("/"))
    }

    @Test func missingFileIsAnError() {
        #expect(throws: FontError.unreadableFile("missing/NoSuchFont.ttf")) {
            try FontSet(font: "missing/NoSuchFont.ttf")
        }
    }

    @Test func fileThatIsNotAFontIsAnError() throws {
        // This test file itself is a readable file that is not a font.
        let path = String(#filePath)
        #expect(throws: FontError.notAFont(path)) { try FontFace(path: path) }
        #expect(FontError.notAFont(path).description.contains("is not a font"))
    }

    @Test func iOSNamesAreMetricCompatibleSystemFonts() throws {
        let serif = try FontSet(font: "Liberation Serif")
        #expect(serif.regular.iOSFontName == "TimesNewRomanPSMT")
        #expect(serif.italic.iOSFontName == "TimesNewRomanPS-ItalicMT")
        #expect(serif.bold.iOSFontName == "TimesNewRomanPS-BoldMT")
        #expect(serif.boldItalic.iOSFontName == "TimesNewRomanPS-BoldItalicMT")
        #expect(serif.monospace.iOSFontName == "CourierNewPSMT")
        #expect(try FontSet(font: "Liberation Sans").regular.iOSFontName == "ArialMT")
    }

    @Test func otherFamiliesKeepTheirPostScriptName() throws {
        let located = try FontLocator.locate(family: "DejaVu Sans", bold: false, italic: false)
        let face = try FontFace(path: located.path, index: located.index)
        guard face.family != "DejaVu Sans" else {
            #expect(face.iOSFontName == face.postScriptName)
            return
        }
        // Without DejaVu, fontconfig answered with some other family: that must not be renamed
        // unless it is a Liberation font.
        #expect(face.iOSFontName == face.postScriptName || face.family.hasPrefix("Liberation"))
    }
}
