import Testing
@testable import Fonts

@Suite struct FontLookupTests {
    @Test func timesNewRomanFindsLiberationSerif() throws {
        let fonts = try FontSet(font: "Times New Roman")
        #expect(fonts.regular.family == "Liberation Serif")
        #expect(fonts.isSubstitute)
        #expect(fonts.warnings.contains { $0.contains("Times New Roman") && $0.contains("Liberation Serif") })
    }

    @Test func liberationSerifIsFoundAsItself() throws {
        let fonts = try FontSet(font: "Liberation Serif")
        #expect(!fonts.isSubstitute)
        #expect(fonts.warnings.isEmpty)
        #expect(fonts.regular.postScriptName == "LiberationSerif")
        #expect(fonts.italic.style == "Italic")
        #expect(fonts.bold.style == "Bold")
        #expect(fonts.boldItalic.style == "Bold Italic")
        #expect(fonts.monospace.family == "Liberation Mono")
    }

    @Test func unknownFamilyIsReportedAsSubstituted() throws {
        let fonts = try FontSet(font: "No Such Family Anywhere")
        #expect(fonts.isSubstitute)
        #expect(fonts.regular.family != "No Such Family Anywhere")
        #expect(fonts.warnings.first?.contains("No Such Family Anywhere") == true)
    }

    @Test func fontFileIsLoadedDirectly() throws {
        let path = try FontLocator.locate(family: "Liberation Sans", bold: false, italic: false).path
        let fonts = try FontSet(font: path)
        #expect(fonts.regular.family == "Liberation Sans")
        #expect(fonts.bold.family == "Liberation Sans")
        #expect(fonts.bold.style == "Bold")
        #expect(!fonts.isSubstitute)
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
        #expect(serif.regular.iOSFamilyName == "Times New Roman")
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
