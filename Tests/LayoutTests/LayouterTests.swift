import BookModel
import Testing
@testable import Fonts
import Layout

/// Setting up a layout: options checked, the font report filled in.
@Suite struct LayouterTests {
    @Test func reportsTheFontFound() throws {
        let layouter = try Layouter(options: LayoutOptions(font: "Times New Roman", fontSize: 17, lineHeight: 1.5))
        let report = layouter.fontReport
        var expected = FontReport(requested: "Times New Roman", family: "Liberation Serif",
                                  file: "LiberationSerif-Regular.ttf", postScriptName: "LiberationSerif",
                                  iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 25.5)
        expected.faces = report.faces
        #expect(report == expected)
        // Every role, in order, each with the face it is measured with.
        #expect(report.faces.map(\.role) == FaceRole.allCases)
        #expect(report.faces.map(\.file) == ["LiberationSerif-Regular.ttf", "LiberationSerif-Italic.ttf",
                                              "LiberationSerif-Bold.ttf", "LiberationSerif-BoldItalic.ttf",
                                              "LiberationMono-Regular.ttf"])
        #expect(report.faces[4].iOSFontName == "CourierNewPSMT")
        #expect(layouter.warnings.isEmpty)
        #expect(layouter.layout(TestBooks.book([[TestBooks.paragraph("x")]])).fonts == report)
    }

    @Test func defaultGeometryIsBookLayoutsIPadPage() throws {
        let paged = try Layouter(options: LayoutOptions()).layout(TestBooks.book([[TestBooks.paragraph("x")]]))
        #expect(paged.geometry.pageSize == Size(width: 492, height: 718))
    }

    @Test func badOptionsAreErrors() {
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(fontSize: 0)) }
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(lineHeight: -1)) }
        let noRoom = PageGeometry(pageSize: Size(width: 50, height: 50),
                                  margins: EdgeInsets(top: 30, right: 30, bottom: 30, left: 30))
        #expect(throws: LayoutError.self) { try Layouter(options: LayoutOptions(geometry: noRoom)) }
    }

    /// The report carries no paths of this machine: a font file is named without its directory.
    @Test func fontFileIsReportedByItsName() throws {
        let path = try FontLocator.locate(family: "Liberation Sans", bold: false, italic: false).path
        #expect(path.contains("/"))
        let report = try Layouter(options: LayoutOptions(font: path)).fontReport
        #expect(report.requested == "LiberationSans-Regular.ttf")
        #expect(report.file == "LiberationSans-Regular.ttf")
        #expect(report.family == "Liberation Sans")
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
