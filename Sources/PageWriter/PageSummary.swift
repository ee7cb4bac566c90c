import PageFormat

extension Page {
    /// The page as what follows its writing needs it (the target's grouping, the places of
    /// chapters and blanks, the pictures to copy, the content pages to count): its kind, chapter,
    /// place and folio, pictures and design. Its text, lines, boxes, cells and location are
    /// dropped: once written, holding them would keep the whole book's pages in memory.
    public var summary: Page {
        guard var shown else { return self }
        shown.text = ""
        shown.lines = []
        shown.boxes = []
        shown.cells = []
        shown.location = nil
        var page = self
        page.shown = shown
        return page
    }
}
