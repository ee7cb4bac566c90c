import Foundation
import PageFormat
import PageJSON
import Testing

/// A line as Swift reads it: plain `Bool`s and enums, what JSON leaves out read as the default,
/// values a newer version writes kept as `other`, and the layout's helpers for what lines leave
/// unsaid.
struct LineValuesTests {
    static func line(_ json: String) throws -> PageLine {
        try JSONDecoder().decode(PageLine.self, from: Data(json.utf8))
    }

    @Test func whatJSONLeavesOutIsTheDefault() throws {
        let line = try Self.line(#"{"text":"a b","x":40,"y":40,"width":12.5}"#)
        #expect(!line.hyphenated && !line.justified && line.height == nil && line.runs == nil)
        #expect(line.direction == .leftToRight && line.bidi.isEmpty && line.role == .body && !line.isRightToLeft)
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(line)) as! [String: Any]
        #expect(Set(written.keys) == ["text", "x", "y", "width"])
    }

    @Test func valuesANewerVersionWritesAreKept() throws {
        let json = #"{"text":"a","x":0,"y":0,"width":1,"direction":"ttb","role":"marginNote","runs":[{"start":0,"length":1,"face":0,"size":9,"shift":"raised"}]}"#
        let line = try Self.line(json)
        #expect(line.direction == .other("ttb") && line.role == .other("marginNote") && line.runs?.first?.shift == .other("raised"))
        // Written back as they came.
        let again = try Self.line(String(decoding: JSONEncoder().encode(line), as: UTF8.self))
        #expect(again == line)
        let known = try Self.line(#"{"text":"a","x":0,"y":0,"width":1,"direction":"rtl","role":"note","hyphenated":true,"runs":[{"start":0,"length":1,"face":2,"size":9,"shift":"subscript"}]}"#)
        #expect(known.direction == .rightToLeft && known.role == .note && known.hyphenated && known.runs?.first?.shift == .subscript)
    }

    @Test func theLayoutSpellsOutWhatALineLeavesUnsaid() throws {
        let regular = FaceDescription(role: "regular", family: "Liberation Serif", file: "LiberationSerif-Regular.ttf",
                                      postScriptName: "LiberationSerif", iOSFontName: "TimesNewRomanPSMT")
        let bold = FaceDescription(role: "bold", family: "Liberation Serif", file: "LiberationSerif-Bold.ttf",
                                   postScriptName: "LiberationSerif-Bold", iOSFontName: "TimesNewRomanPS-BoldMT")
        let naskh = FaceDescription(role: "standIn", family: "Noto Naskh Arabic", file: "NotoNaskhArabic-Regular.ttf",
                                    postScriptName: "NotoNaskhArabic", iOSFontName: "NotoNaskhArabic")
        let layout = LayoutDescription(
            bounds: nil, pageSize: Dimensions(width: 492, height: 718), margins: Margins(top: 40, right: 40, bottom: 40, left: 40),
            contentBox: Box(x: 40, y: 40, width: 412, height: 638),
            font: FontDescription(requested: "Liberation Serif", family: "Liberation Serif", file: "LiberationSerif-Regular.ttf",
                                  postScriptName: "LiberationSerif", iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 23.8),
            faces: [regular, regular, bold], standIns: [naskh])
        let plain = PageLine(text: "héllo 😀", x: 40, y: 40, width: 50)
        #expect(layout.height(of: plain) == 23.8)
        #expect(layout.runs(of: plain) == [PageRun(start: 0, length: 8, face: 0, size: 17)])
        #expect(layout.runs(of: PageLine(text: "", x: 40, y: 63.8, width: 0)).isEmpty)
        let heading = PageLine(text: "T", x: 40, y: 40, width: 9, height: 33.32, runs: [PageRun(start: 0, length: 1, face: 2, size: 23.8)])
        #expect(layout.height(of: heading) == 33.32 && layout.runs(of: heading) == heading.runs)
        #expect(layout.face(of: PageRun(start: 0, length: 1, face: 2, size: 17)) == bold)
        #expect(layout.face(of: PageRun(start: 0, length: 1, face: 0, size: 17, standIn: "NotoNaskhArabic")) == naskh)
        #expect(layout.face(of: PageRun(start: 0, length: 1, face: 7, size: 17)) == nil)
    }
}
