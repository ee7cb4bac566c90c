import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Targets

/// A book of designed pages made by hand (until the EPUB reader makes them from a fixed-layout
/// EPUB): a page with a centred title line, a text box and a picture; a page left blank that
/// asks for the right side as the first did, so a blank goes before it in spreads; a flowed
/// chapter after them.
enum DesignedSampleBook {
    static var book: Book {
        let title = DesignItem.textLine(DesignTextLine(x: 600, baseline: 120, anchor: .middle, fontSize: 64,
                                                       runs: [Inline("Chapter One")]))
        let story = "The lamp was lit at dusk, as it had been every night for forty years, and the keeper climbed "
            + "the hundred and twelve steps with the oil can in one hand and the rail in the other."
        let box = DesignItem.textBox(DesignTextBox(frame: DesignFrame(x: 100, y: 200, width: 1000, height: 500),
                                                   blocks: [Block(.paragraph([Inline(story)]))], fontSize: 40, lineHeight: 1.4))
        let picture = DesignItem.image(Image(source: ImageReference(path: "OEBPS/p.png"), alt: "the lighthouse"),
                                       frame: DesignFrame(x: 100, y: 800, width: 1000, height: 700))
        var metadata = Metadata(title: "Designed", authors: ["A"], language: "en")
        metadata.rendition = Rendition(orientation: .portrait, spread: .both)
        return Book(metadata: metadata, chapters: [
            Chapter(source: "OEBPS/p1.xhtml", blocks: [], design: PageDesign(width: 1200, height: 1600, side: .right,
                                                                             items: [title, box, picture])),
            Chapter(source: "OEBPS/p2.xhtml", blocks: [], design: PageDesign(width: 1200, height: 1600, side: .right)),
            Chapter(source: "OEBPS/p3.xhtml", blocks: [Block(.paragraph([Inline("A flowed page.")]))]),
        ])
    }

    /// The book laid out for BookLayout's default page, and the files of the faces it names.
    static func document() throws -> (document: PageDocument, fontFiles: [String: String]) {
        let layouter = try Layouter(options: LayoutOptions())
        let book = book
        let document = PageListBuilder.document(for: book, paged: layouter.layout(book), layout: layouter.description,
                                                target: try BookLayoutTarget(TargetRequest()))
        return (document, layouter.faceFiles)
    }
}
