import BookModel
import EPUBReader
import Testing
@testable import XHTMLReader

/// Media a page cannot play show their fallback content, else a line naming them; each kind the
/// book holds is one warning, naming the first document with one.
struct UnshownMediaTests {
    func read(_ body: String) -> XHTMLContent {
        readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body>\(body)</body></html>
            """)
    }

    @Test func fallbackContentShowsAndMediaWithoutItAreNamed() {
        let content = read("""
            <p>Before.</p>
            <video src="media/launch.mp4"><source src="media/launch.webm"/><p>The launch, filmed from the pad.</p></video>
            <video title="Countdown"><source src="media/count.mp4"/><track src="media/count.vtt"/></video>
            <audio controls="controls"><source src="media/theme.ogg"/></audio>
            <object data="media/chart.swf"><param name="q" value="1"/><img src="chart.png" alt="The chart"/></object>
            <embed src="media/old.swf"/>
            <iframe src="https://example.org/map" title="The map">ignored text</iframe>
            <canvas id="canvas">Your Reading System does not support canvas.</canvas>
            <canvas aria-label="A sketch"></canvas>
            <p>After.</p>
            """)
        #expect(content.blocks.map(\.text) == [
            "Before.", "The launch, filmed from the pad.", "[Video: Countdown]", "[Audio: theme.ogg]", "[image OEBPS/text/chart.png The chart]",
            "[Embedded content: old.swf]", "[Embedded page: The map]", "Your Reading System does not support canvas.",
            "[Drawing: A sketch]", "After.",
        ])
        #expect(content.unshownMedia.counts == [.video: 2, .audio: 1, .object: 1, .embed: 1, .iframe: 1, .canvas: 2])
    }

    @Test func anEPUBSaysEachKindOnceNamingTheFirstDocument() throws {
        let spine = (0..<3).map { ("p\($0)", "p\($0).xhtml", "application/xhtml+xml", true) }
        var entries = [("META-INF/container.xml", EPUBFixture.container),
                       ("OEBPS/content.opf", FixtureBooks.package(spine: spine, version: "3.0"))]
        entries.append(("OEBPS/p0.xhtml", EPUBFixture.page("<p>Text.</p>")))
        entries.append(("OEBPS/p1.xhtml", EPUBFixture.page(#"<video src="a.mp4"/><audio src="b.mp3"/>"#)))
        entries.append(("OEBPS/p2.xhtml", EPUBFixture.page(#"<video src="c.mp4"><p>A film.</p></video>"#)))
        let result = try EPUBReader.read(contentsOf: EPUBFixture.write(entries))
        #expect(result.warnings.map(\.description).filter { $0.contains("cannot play") } == [
            "OEBPS/p1.xhtml: an audio clip: a page cannot play or run it; shown by its fallback content, or by a line naming it ([Audio: …])",
            "OEBPS/p1.xhtml: 2 videos: a page cannot play or run them; shown by their fallback content, or by a line naming each ([Video: …])",
        ])
        #expect(result.book.chapters.flatMap(\.blocks).map(\.text).contains("[Video: a.mp4]"))
    }
}
