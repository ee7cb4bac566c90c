import BookModel
import Testing
import Layout

/// Setting up a layout: options checked, the font report filled in.
@Suite struct LayouterTests {
    @Test func reportsTheFontFound() throws {
        let layouter = try Layouter(options: LayoutOptions(font: "Times New Roman", fontSize: 17, lineHeight: 1.5))
        let report = layouter.fontReport
        #expect(report == FontReport(requested: "Times New Roman", family: "Liberation Serif",
                                     file: "LiberationSerif-Regular.ttf", postScriptName: "LiberationSerif",
                                     iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 25.5))
        #expect(layouter.warnings.count == 1)
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
