import BookModel

/// Fills in the natural size of every image a book's chapters show, from the image's bytes,
/// each file read once however often it is shown.
///
/// - An image whose bytes can't be read, or aren't an image in a known format, keeps no size:
///   the layout shows its alt text in its place. A warning says why.
/// - An SVG that gives no size is taken to be `fallbackSize`, as browsers do for a picture with
///   no size of its own (CSS 2.1 §10.3.2: 300×150), and a warning says so.
public enum BookImageSizes {
    public static let fallbackSize = PixelSize(width: 300, height: 150)

    public static func measure(_ book: inout Book, files: BookFiles) -> [Warning] {
        var sizes: [String: PixelSize?] = [:]
        var warnings: [Warning] = []
        func measure(_ image: inout Image) {
            let path = image.source.path
            if sizes[path] == nil {
                sizes[path] = size(of: path, read: files.read, warnings: &warnings)
            }
            image.source.pixelSize = sizes[path] ?? nil
        }
        // Only a chapter showing images is changed: writing to any other would copy its blocks.
        for c in book.chapters.indices {
            if showsImages(book.chapters[c].blocks) { mapImages(in: &book.chapters[c].blocks, measure) }
            if var design = book.chapters[c].design {
                self.measure(&design, measure)
                book.chapters[c].design = design
            }
        }
        return warnings
    }

    /// Sizes a designed page's pictures, and gives those left at `auto` (a size of 0) their
    /// own: both sides, or the one missing kept in proportion. A page drawn as one picture (a
    /// picture as a spine item, its viewport 0 by 0) takes the picture's size.
    private static func measure(_ design: inout PageDesign, _ size: (inout Image) -> Void) {
        for index in design.items.indices {
            switch design.items[index] {
            case .image(var image, var frame):
                size(&image)
                if let natural = image.source.pixelSize, natural.width > 0, natural.height > 0 {
                    let (width, height) = (Double(natural.width), Double(natural.height))
                    switch (frame.width > 0, frame.height > 0) {
                    case (false, false): (frame.width, frame.height) = (width, height)
                    case (true, false): frame.height = frame.width * height / width
                    case (false, true): frame.width = frame.height * width / height
                    case (true, true): break
                    }
                    if design.width == 0 || design.height == 0 { (design.width, design.height) = (frame.width, frame.height) }
                }
                design.items[index] = .image(image, frame: frame)
            case .textBox(var box):
                mapImages(in: &box.blocks, size)
                design.items[index] = .textBox(box)
            case .textLine: break
            }
        }
    }

    private static func size(of path: String, read: (String) throws -> [UInt8], warnings: inout [Warning]) -> PixelSize? {
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            warnings.append(Warning(entry: path, "the image could not be read (\(error)); its alt text is shown instead"))
            return nil
        }
        do {
            let header = try ImageHeader.read(bytes)
            if let size = header.pixelSize { return size }
            warnings.append(Warning(entry: path, "the \(header.format.displayName) gives no size of its own; "
                                    + "laid out at \(fallbackSize) px"))
            return fallbackSize
        } catch {
            warnings.append(Warning(entry: path, "the image \(error); its alt text is shown instead"))
            return nil
        }
    }

    /// Whether `blocks` hold an image block that `measure` would size: such a chapter is final
    /// only once the book's images are measured.
    public static func showsImages(_ blocks: [Block]) -> Bool {
        blocks.contains { block in
            switch block.kind {
            case .image: true
            case .quote(let inner), .division(let inner): showsImages(inner)
            case .list(let list): list.items.contains(where: showsImages)
            case .table(let table):
                showsImages(table.caption?.blocks ?? []) || table.rows.contains { $0.cells.contains { showsImages($0.blocks) } }
            case .float(let box): showsImages(box.blocks)
            case .heading, .paragraph, .preformatted, .rule: false
            }
        }
    }

    /// Calls `change` on every image block, those in lists, quotations, table cells and floats included. The readers
    /// bound how deep blocks nest, as the layout's walk also relies on.
    static func mapImages(in blocks: inout [Block], _ change: (inout Image) -> Void) {
        for index in blocks.indices {
            switch blocks[index].kind {
            case .image(var image):
                change(&image)
                blocks[index].kind = .image(image)
            case .quote(var inner):
                mapImages(in: &inner, change)
                blocks[index].kind = .quote(inner)
            case .division(var inner):
                mapImages(in: &inner, change)
                blocks[index].kind = .division(inner)
            case .list(var list):
                for item in list.items.indices { mapImages(in: &list.items[item], change) }
                blocks[index].kind = .list(list)
            case .table(var table):
                if var caption = table.caption {
                    mapImages(in: &caption.blocks, change)
                    table.caption = caption
                }
                for g in table.groups.indices {
                    for r in table.groups[g].rows.indices {
                        for c in table.groups[g].rows[r].cells.indices {
                            mapImages(in: &table.groups[g].rows[r].cells[c].blocks, change)
                        }
                    }
                }
                blocks[index].kind = .table(table)
            case .float(var box):
                mapImages(in: &box.blocks, change)
                blocks[index].kind = .float(box)
            case .heading, .paragraph, .preformatted, .rule:
                break
            }
        }
    }
}

