import BookModel
import Testing
@testable import Fonts
import Layout
import PageFormat

/// Setting up a layout: options checked, the layout's description (its fonts) filled in.
@Suite struct LayouterTests {
    @Test func reportsTheFontFound() throws {
        let layouter = try Layouter(options: LayoutOptions(font: "Times New Roman", fontSize: 17, lineHeight: 1.5))
        let report = layouter.description.font
        #expect(report == FontDescription(requested: "Times New Roman", family: "Liberation Serif",
                                          file: "LiberationSerif-Regular.ttf", postScriptName: "LiberationSerif",
                                          iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 25.5))
        #expect(layouter.description.notes == NoteFontDescription(size: TestBooks.written(17 * LayoutOptions.noteScale),
                                                                  lineHeight: TestBooks.written(25.5 * LayoutOptions.noteScale)))
        // Every role, in order (a run's face is its index), each with the face it is measured with.
        let faces = try #require(layouter.description.faces)
        #expect(faces.map(\.role) == ["regular", "italic", "bold", "boldItalic", "monospace"])
        #expect(faces.map(\.file) == ["LiberationSerif-Regular.ttf", "LiberationSerif-Italic.ttf",
                                       "LiberationSerif-Bold.ttf", "LiberationSerif-BoldItalic.ttf",
                                       "LiberationMono-Regular.ttf"])
        #expect(faces[0].postScriptName == report.postScriptName && faces[0].iOSFontName == report.iOSFontName)
        #expect(faces[4].iOSFontName == "CourierNewPSMT")
        // Each face's file on this machine, for a writer in this process that embeds it.
        for face in faces {
            let path = try #require(layouter.faceFiles[face.postScriptName], "\(face.postScriptName)")
            #expect(path.hasSuffix("/" + face.file))
        }
        #expect(layouter.warnings.isEmpty)
    }

    @Test func defaultGeometryIsBookLayoutsIPadPage() throws {
        let layouter = try Layouter(options: LayoutOptions())
        #expect(layouter.options.geometry.pageSize == Dimensions(width: 492, height: 718))
        let description = layouter.description
        #expect(description.pageSize == Dimensions(width: 492, height: 718))
        #expect(description.margins == Margins(top: 40, right: 40, bottom: 40, left: 40))
        #expect(description.contentBox == Box(x: 40, y: 40, width: 412, height: 638))
    }

    @Test func badOptionsAreErrors() {
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(fontSize: 0)) }
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(lineHeight: -1)) }
        let noRoom = PageGeometry(pageSize: Dimensions(width: 50, height: 50),
                                  margins: Margins(top: 30, right: 30, bottom: 30, left: 30))
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(geometry: noRoom)) }
    }

    /// The report carries no paths of this machine: a font file is named without its directory.
    @Test func fontFileIsReportedByItsName() throws {
        let path = try FontLocator.locate(family: "Liberation Sans", bold: false, italic: false).path
        #expect(path.contains("/"))
        let description = try Layouter(options: LayoutOptions(font: path)).description
        let report = description.font
        #expect(report.requested == "LiberationSans-Regular.ttf")
        #expect(report.file == "LiberationSans-Regular.ttf")
        #expect(report.family == "Liberation Sans")
        #expect(description.faces?.allSatisfy { !$0.file.contains("/") } == true)
    }

    @Test func familyThatIsNotInstalledIsAFontError() {
        func message(_ family: String) -> String {
            "font family '\(family)' is not installed (fc-list : family shows the installed ones)"
        }
        #expect(throws: LayoutError.font(message("Nonexistent Family Xyz"))) {
            try Layouter(options: LayoutOptions(font: "Nonexistent Family Xyz"))
        }
        #expect(throws: LayoutError.font(message("Mono Xyz"))) {
            try Layouter(options: LayoutOptions(codeFont: "Mono Xyz"))
        }
    }

    @Test func missingFontFileIsAnErrorNamingIt() {
        do {
            _ = try Layouter(options: LayoutOptions(font: "fonts/Missing.ttf"))
            Issue.record("expected an error")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("fonts/Missing.ttf"))
            #expect(!message.contains("\n"))
        }
    }
}
