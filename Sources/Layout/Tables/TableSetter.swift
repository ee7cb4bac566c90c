import BookModel
import PageFormat

/// Sets a table as browsers lay one out (CSS 2.1 §17, with CSS Tables 3 for the widths): each
/// cell's content measured for its narrowest and widest useful width, the columns chosen from
/// those (`TableColumnWidths`), each cell's paragraphs set by the same line breaker at its
/// column's width, rows as tall as their tallest cell, and the grid's rules and backgrounds as
/// boxes. Then cut into slices for the paginator (`SetTable`).
///
/// A table whose narrowest setting is wider than the page is set smaller, down to
/// `smallestScale` of its type size; past that its columns are narrowed to fit, and the line
/// breaker cuts what no longer fits a cell's line, so no line leaves its cell.
struct TableSetter {
    let setter: ParagraphSetter
    /// The space between two paragraphs of a cell, as between two of the page.
    let gapHeight: Double
    let contentSize: Dimensions

    static let smallestScale = 0.6
    /// A header taller than this share of the page is not repeated: it would leave too little
    /// room for the rows it heads.
    static let repeatedHeaderShare = 0.5

    /// The table set, and the scale its type was set at (1 unless it was too wide).
    func set(_ table: FlatTable) -> (table: SetTable, scale: Double) {
        guard let laidOut = layOut(table) else { return (SetTable(slices: []), 1) }
        return (slice(laidOut.placed, table: table, grid: laidOut.grid, spacing: laidOut.spacing), laidOut.scale)
    }

    /// The narrowest and widest the table can be, its own borders in: for a table in a cell.
    func widths(of table: FlatTable) -> (minimum: Double, maximum: Double) {
        let grid = TableGrid(rows: table.rows.map { $0.cells.map(\.span) }, groupEnds: table.groupEnds)
        guard grid.columnCount > 0 else { return (0, 0) }
        let geometry = Geometry(table: table, grid: grid)
        let widths = columnWidths(of: table, measured: measure(table, grid: grid, geometry: geometry, scale: 1),
                                  geometry: geometry)
        return (widths.minimum + geometry.outside, widths.maximum + geometry.outside)
    }

    private func layOut(_ table: FlatTable) -> (placed: Placed, grid: TableGrid, spacing: Double, scale: Double)? {
        let grid = TableGrid(rows: table.rows.map { $0.cells.map(\.span) }, groupEnds: table.groupEnds)
        guard grid.columnCount > 0 else { return nil }
        let geometry = Geometry(table: table, grid: grid)
        var scale = 1.0
        var measured = measure(table, grid: grid, geometry: geometry, scale: scale)
        var widths = columnWidths(of: table, measured: measured, geometry: geometry)
        let available = contentSize.width - geometry.outside
        if widths.minimum > available + 1e-9 {
            scale = max(Self.smallestScale, available / widths.minimum)
            measured = measure(table, grid: grid, geometry: geometry, scale: scale)
            widths = columnWidths(of: table, measured: measured, geometry: geometry)
        }
        var columns = widths.columns
        if widths.width > available + 1e-9 {
            // Still too wide at the smallest type: every column narrowed alike.
            let spacing = widths.width - columns.reduce(0, +)
            let factor = max(0, available - spacing) / max(columns.reduce(0, +), 1e-9)
            columns = columns.map { $0 * factor }
        }
        let placed = place(table, grid: grid, geometry: geometry, columns: columns, measured: measured)
        return (placed, grid, geometry.spacing.vertical, scale)
    }

    // MARK: - Borders and spacing

    /// How far each cell's content is from its box, and the grid's spacing, with the borders
    /// resolved: each cell's own when they are separate; when they collapse, each edge the wider
    /// of the two rules that meet there (the table's own on the outer edges), half of it inside
    /// each cell it parts, the whole of it inside a cell on the table's edge.
    private struct Geometry {
        var borders: [[FlatTable.Edges<FlatTable.Border>]]
        /// The share of each cell's borders inside its box.
        var insideBorders: [[FlatTable.Edges<Double>]]
        /// Which of each cell's edges it shares with a cell beyond (collapsed borders only): a
        /// shared edge's rule is drawn once, centred on the edge, by the cell right of or below it.
        var sharedEdges: [[FlatTable.Edges<Bool>]]
        var spacing: (horizontal: Double, vertical: Double)
        /// The table's own border widths outside the grid (separate borders only).
        var tableBorders: FlatTable.Edges<Double>
        /// The width the table takes besides its grid.
        var outside: Double { tableBorders.left + tableBorders.right }

        init(table: FlatTable, grid: TableGrid) {
            borders = table.rows.map { $0.cells.map(\.borders) }
            guard table.collapsesBorders else {
                insideBorders = borders.map { $0.map { b in FlatTable.Edges(top: b.top.width, right: b.right.width,
                                                                            bottom: b.bottom.width, left: b.left.width) } }
                sharedEdges = borders.map { $0.map { _ in FlatTable.Edges(all: false) } }
                spacing = (max(0, table.spacing.horizontal), max(0, table.spacing.vertical))
                let t = table.borders
                tableBorders = FlatTable.Edges(top: t.top.width, right: t.right.width, bottom: t.bottom.width, left: t.left.width)
                return
            }
            spacing = (0, 0)
            tableBorders = FlatTable.Edges(all: 0)
            // Which cell covers each slot of the grid.
            var owner = Array(repeating: Array(repeating: (-1, -1), count: grid.columnCount), count: grid.rowCount)
            for (r, slots) in grid.slots.enumerated() {
                for (k, slot) in slots.enumerated() {
                    for row in slot.rowRange { for column in slot.columnRange { owner[row][column] = (r, k) } }
                }
            }
            let own = borders
            func wider(_ a: FlatTable.Border, _ b: FlatTable.Border) -> FlatTable.Border { b.width > a.width ? b : a }
            func neighbour(_ row: Int, _ column: Int) -> FlatTable.Edges<FlatTable.Border>? {
                guard grid.rowCount > row, row >= 0, grid.columnCount > column, column >= 0 else { return nil }
                let (r, k) = owner[row][column]
                return r >= 0 ? own[r][k] : nil
            }
            var resolved = own
            var inside = own.map { $0.map { _ in FlatTable.Edges(all: 0.0) } }
            var shared = own.map { $0.map { _ in FlatTable.Edges(all: false) } }
            for (r, slots) in grid.slots.enumerated() {
                for (k, slot) in slots.enumerated() {
                    var edges = own[r][k]
                    let top = slot.row == 0, bottom = slot.row + slot.rows == grid.rowCount
                    let left = slot.column == 0, right = slot.column + slot.columns == grid.columnCount
                    edges.top = top ? wider(edges.top, table.borders.top)
                        : slot.columnRange.compactMap { neighbour(slot.row - 1, $0)?.bottom }.reduce(edges.top, wider)
                    edges.bottom = bottom ? wider(edges.bottom, table.borders.bottom)
                        : slot.columnRange.compactMap { neighbour(slot.row + slot.rows, $0)?.top }.reduce(edges.bottom, wider)
                    edges.left = left ? wider(edges.left, table.borders.left)
                        : slot.rowRange.compactMap { neighbour($0, slot.column - 1)?.right }.reduce(edges.left, wider)
                    edges.right = right ? wider(edges.right, table.borders.right)
                        : slot.rowRange.compactMap { neighbour($0, slot.column + slot.columns)?.left }.reduce(edges.right, wider)
                    resolved[r][k] = edges
                    // An edge with a cell beyond it is shared; one without is the table's edge there.
                    let share = FlatTable.Edges(
                        top: !top && slot.columnRange.contains { neighbour(slot.row - 1, $0) != nil },
                        right: !right && slot.rowRange.contains { neighbour($0, slot.column + slot.columns) != nil },
                        bottom: !bottom && slot.columnRange.contains { neighbour(slot.row + slot.rows, $0) != nil },
                        left: !left && slot.rowRange.contains { neighbour($0, slot.column - 1) != nil })
                    shared[r][k] = share
                    inside[r][k] = FlatTable.Edges(top: edges.top.width / (share.top ? 2 : 1), right: edges.right.width / (share.right ? 2 : 1),
                                                   bottom: edges.bottom.width / (share.bottom ? 2 : 1),
                                                   left: edges.left.width / (share.left ? 2 : 1))
                }
            }
            borders = resolved
            insideBorders = inside
            sharedEdges = shared
        }
    }

    // MARK: - Measuring

    /// A cell's paragraphs at a scale, with its narrowest and widest width (its insets in).
    private struct MeasuredCell {
        var paragraphs: [StyledParagraph]
        var minimum: Double
        var maximum: Double
    }

    private func measure(_ table: FlatTable, grid: TableGrid, geometry: Geometry, scale: Double) -> [[MeasuredCell]] {
        table.rows.enumerated().map { r, row in
            row.cells.enumerated().map { k, cell in
                let paragraphs = scale == 1 ? cell.paragraphs : cell.paragraphs.map { Self.scaled($0, by: scale) }
                var minimum = 0.0, maximum = 0.0
                for paragraph in paragraphs {
                    if let nested = paragraph.table {
                        let widths = widths(of: nested)
                        minimum = max(minimum, widths.minimum)
                        maximum = max(maximum, widths.maximum)
                    } else if let image = paragraph.image, let pixels = image.source.pixelSize {
                        let width = ImageScaling.size(of: pixels, toFit: contentSize).width
                        minimum = max(minimum, width)
                        maximum = max(maximum, width)
                    } else {
                        let widths = setter.contentWidths(of: paragraph)
                        minimum = max(minimum, widths.minimum)
                        maximum = max(maximum, widths.maximum)
                    }
                }
                if cell.noWrap { minimum = maximum }
                let inset = cell.padding.left + cell.padding.right + geometry.insideBorders[r][k].left + geometry.insideBorders[r][k].right
                return MeasuredCell(paragraphs: paragraphs, minimum: minimum + inset, maximum: maximum + inset)
            }
        }
    }

    private func columnWidths(of table: FlatTable, measured: [[MeasuredCell]], geometry: Geometry) -> TableColumnWidths {
        let grid = TableGrid(rows: table.rows.map { $0.cells.map(\.span) }, groupEnds: table.groupEnds)
        var asked = Array(table.columnWidths.prefix(grid.columnCount))
        asked += Array(repeating: .auto, count: grid.columnCount - asked.count)
        let available = contentSize.width - geometry.outside
        let tableWidth: TableColumnWidths.Width = switch table.width {
        case .points(let points): .points(max(0, points - geometry.outside))
        default: table.width
        }
        var cells: [TableColumnWidths.Cell] = []
        for (r, slots) in grid.slots.enumerated() {
            for (k, slot) in slots.enumerated() {
                cells.append(TableColumnWidths.Cell(columns: slot.columnRange, minimum: measured[r][k].minimum,
                                                    maximum: measured[r][k].maximum, width: table.rows[r].cells[k].width))
            }
        }
        if table.isFixed, tableWidth != .auto {
            return TableColumnWidths(fixedWithFirstRow: Array(cells.prefix(grid.slots.first?.count ?? 0)),
                                     columnWidths: asked, spacing: geometry.spacing.horizontal, available: available,
                                     tableWidth: tableWidth)
        }
        return TableColumnWidths(cells: cells, columnWidths: asked, spacing: geometry.spacing.horizontal,
                                 available: available, tableWidth: tableWidth)
    }

    /// A paragraph's type and lines `scale` times their size.
    private static func scaled(_ paragraph: StyledParagraph, by scale: Double) -> StyledParagraph {
        var paragraph = paragraph
        // At sizes the output can write, as all text is measured (`StyledParagraph.writtenSize`).
        for r in paragraph.runs.indices { paragraph.runs[r].size = StyledParagraph.writtenSize(paragraph.runs[r].size * scale) }
        paragraph.lineHeight *= scale
        paragraph.indent *= scale
        paragraph.firstLineIndent *= scale
        paragraph.scaleFormulas(by: scale)
        return paragraph
    }

    // MARK: - Placing

    /// The table's content placed from its top-left corner.
    private struct Placed {
        var width: Double
        var height: Double
        var lines: [SetLine] = []
        var images: [PageImage] = []
        var boxes: [PageBox] = []
        var cells: [PageCell] = []
        /// Each row's top and bottom, spacing aside.
        var rowTops: [Double]
        var rowBottoms: [Double]
    }

    private func place(_ table: FlatTable, grid: TableGrid, geometry: Geometry, columns: [Double],
                       measured: [[MeasuredCell]]) -> Placed {
        let h = geometry.spacing.horizontal, v = geometry.spacing.vertical
        var columnX: [Double] = []
        var x = geometry.tableBorders.left + h
        for width in columns {
            columnX.append(x)
            x += width + h
        }
        let tableWidth = x + geometry.tableBorders.right
        func span(_ slot: TableGrid.Slot) -> Double {
            slot.columnRange.reduce(0) { $0 + columns[$1] } + h * Double(slot.columns - 1)
        }

        var contents: [[Content]] = []
        for (r, slots) in grid.slots.enumerated() {
            var row: [Content] = []
            for (k, slot) in slots.enumerated() {
                let cell = table.rows[r].cells[k]
                let inside = geometry.insideBorders[r][k]
                let width = max(1, span(slot) - cell.padding.left - cell.padding.right - inside.left - inside.right)
                row.append(setContent(measured[r][k].paragraphs, width: width))
            }
            contents.append(row)
        }

        // Rows as tall as their tallest cell, and the height they ask for; then each cell
        // spanning rows makes its last row taller if they are not tall enough for it.
        var heights = table.rows.map { $0.height ?? 0 }
        var spanning: [(r: Int, k: Int)] = []
        for (r, slots) in grid.slots.enumerated() {
            for (k, slot) in slots.enumerated() {
                let needed = outerHeight(contents[r][k].height, of: table.rows[r].cells[k], inside: geometry.insideBorders[r][k])
                if slot.rows == 1 { heights[r] = max(heights[r], needed) } else { spanning.append((r, k)) }
            }
        }
        for (r, k) in spanning.sorted(by: { grid.slots[$0.r][$0.k].rows < grid.slots[$1.r][$1.k].rows }) {
            let slot = grid.slots[r][k]
            let needed = outerHeight(contents[r][k].height, of: table.rows[r].cells[k], inside: geometry.insideBorders[r][k])
            let have = slot.rowRange.reduce(0) { $0 + heights[$1] } + v * Double(slot.rows - 1)
            if needed > have { heights[slot.row + slot.rows - 1] += needed - have }
        }
        var rowTops: [Double] = []
        var y = geometry.tableBorders.top + v
        for height in heights {
            rowTops.append(y)
            y += height + v
        }
        let tableHeight = y + geometry.tableBorders.bottom
        var placed = Placed(width: tableWidth, height: tableHeight, rowTops: rowTops,
                            rowBottoms: zip(rowTops, heights).map { $0 + $1 })

        let tableBox = (x: 0.0, y: 0.0, width: tableWidth, height: tableHeight)
        var backgrounds: [PageBox] = []
        var rules: [PageBox] = []
        // A table inside a cell is drawn over its cell.
        var nestedBoxes: [PageBox] = []
        var nestedCells: [PageCell] = []
        if let color = table.background {
            backgrounds.append(PageBox(kind: .background, x: 0, y: 0, width: tableWidth, height: tableHeight, color: color))
        }
        // Collapsed, the table's own borders are its outer cells' (`Geometry`).
        rules += Self.rules(around: tableBox, borders: table.collapsesBorders ? FlatTable.Edges(all: .none) : table.borders)
        for (r, slots) in grid.slots.enumerated() {
            for (k, slot) in slots.enumerated() {
                let cell = table.rows[r].cells[k]
                let box = (x: columnX[slot.column], y: rowTops[slot.row], width: span(slot),
                           height: slot.rowRange.reduce(0) { $0 + heights[$1] } + v * Double(slot.rows - 1))
                for color in [table.rows[r].background, cell.background].compactMap({ $0 }) {
                    backgrounds.append(PageBox(kind: .background, x: box.x, y: box.y, width: box.width, height: box.height, color: color))
                }
                let inside = geometry.insideBorders[r][k]
                rules += Self.rules(around: box, borders: geometry.borders[r][k], shared: geometry.sharedEdges[r][k])
                placed.cells.append(PageCell(table: table.index, row: slot.row, column: slot.column, rowSpan: slot.rows,
                                             columnSpan: slot.columns, x: box.x, y: box.y, width: box.width,
                                             height: box.height, header: cell.isHeader || slot.row < table.headerRows))
                let content = contents[r][k]
                let innerTop = box.y + cell.padding.top + inside.top
                let innerHeight = box.height - cell.padding.top - cell.padding.bottom - inside.top - inside.bottom
                let offset = switch cell.verticalAlignment {
                case .top: 0.0
                case .middle: max(0, (innerHeight - content.height) / 2)
                case .bottom: max(0, innerHeight - content.height)
                }
                let left = box.x + cell.padding.left + inside.left
                let place = CellPlace(table: table.index, row: slot.row, column: slot.column)
                for var line in content.lines {
                    line.x += left
                    line.y += innerTop + offset
                    line.role = .table
                    // A line of a table inside the cell keeps its own cell.
                    if line.cell == nil { line.cell = place }
                    placed.lines.append(line)
                }
                for var image in content.images {
                    image.x += left
                    image.y += innerTop + offset
                    placed.images.append(image)
                }
                for var box in content.boxes {
                    box.x += left
                    box.y += innerTop + offset
                    nestedBoxes.append(box)
                }
                for var inner in content.cells {
                    inner.x += left
                    inner.y += innerTop + offset
                    nestedCells.append(inner)
                }
            }
        }
        placed.boxes = backgrounds + rules + nestedBoxes
        placed.cells += nestedCells
        return placed
    }

    /// A cell's height for content `height` tall: its padding and borders around it.
    private func outerHeight(_ height: Double, of cell: FlatTable.Cell, inside: FlatTable.Edges<Double>) -> Double {
        height + cell.padding.top + cell.padding.bottom + inside.top + inside.bottom
    }

    /// A cell's content set at its width, from its content box's top.
    private struct Content {
        var lines: [SetLine] = []
        var images: [PageImage] = []
        /// A table inside the cell: its boxes and cells.
        var boxes: [PageBox] = []
        var cells: [PageCell] = []
        var height = 0.0
    }

    /// A cell's paragraphs set at `width`, one under another, the book's gaps between them.
    private func setContent(_ paragraphs: [StyledParagraph], width: Double) -> Content {
        var content = Content()
        var y = 0.0
        let narrow = setter.setting(width: width)
        for (p, paragraph) in paragraphs.enumerated() {
            if p > 0 { y += Double(paragraph.breaks.gapLines ?? (paragraph.gapBefore ? 1 : 0)) * gapHeight }
            if let nested = paragraph.table {
                let inner = TableSetter(setter: narrow, gapHeight: gapHeight,
                                        contentSize: Dimensions(width: width, height: contentSize.height))
                guard let laidOut = inner.layOut(nested) else { continue }
                let top = y
                content.lines += laidOut.placed.lines.map { line in var line = line; line.y += top; return line }
                content.images += laidOut.placed.images.map { image in var image = image; image.y += top; return image }
                content.boxes += laidOut.placed.boxes.map { box in var box = box; box.y += top; return box }
                content.cells += laidOut.placed.cells.map { cell in var cell = cell; cell.y += top; return cell }
                y += laidOut.placed.height
                continue
            }
            if let image = paragraph.image, let pixels = image.source.pixelSize {
                var placed = ImageScaling.placed(image, pixels: pixels, in: Dimensions(width: width, height: contentSize.height))
                placed.y = y
                content.images.append(placed)
                y += placed.height
                continue
            }
            for var line in narrow.lines(for: paragraph) {
                line.y = y
                y += line.height
                content.lines.append(line)
            }
        }
        content.height = y
        return content
    }

    /// The rules of a box's sides that have one, inside it: top and bottom across it, left and
    /// right between. A shared edge (collapsed borders) is drawn once, centred on it, by the box
    /// below or right of it; its other side leaves it to that box.
    private static func rules(around box: (x: Double, y: Double, width: Double, height: Double),
                              borders: FlatTable.Edges<FlatTable.Border>,
                              shared: FlatTable.Edges<Bool> = FlatTable.Edges(all: false)) -> [PageBox] {
        var rules: [PageBox] = []
        let top = borders.top.width, bottom = borders.bottom.width, left = borders.left.width, right = borders.right.width
        if top > 0 {
            rules.append(PageBox(kind: .rule, x: box.x, y: box.y - (shared.top ? top / 2 : 0), width: box.width, height: top,
                                 color: borders.top.color))
        }
        if bottom > 0, !shared.bottom {
            rules.append(PageBox(kind: .rule, x: box.x, y: box.y + box.height - bottom, width: box.width,
                                 height: bottom, color: borders.bottom.color))
        }
        if left > 0 {
            rules.append(PageBox(kind: .rule, x: box.x - (shared.left ? left / 2 : 0), y: box.y, width: left, height: box.height,
                                 color: borders.left.color))
        }
        if right > 0, !shared.right {
            rules.append(PageBox(kind: .rule, x: box.x + box.width - right, y: box.y, width: right,
                                 height: box.height, color: borders.right.color))
        }
        return rules
    }

    // MARK: - Slicing

    /// The placed table cut into slices: a band of rows each (`TableGrid.rowBlocks`), a band
    /// starting with the spacing above its first row; a band taller than a page cut again
    /// wherever no line or picture of it is cut, so that its cells go on at the same height.
    private func slice(_ placed: Placed, table: FlatTable, grid: TableGrid, spacing: Double) -> SetTable {
        let bands = grid.rowBlocks
        var bandTops = bands.enumerated().map { k, band in k == 0 ? 0 : placed.rowTops[band.lowerBound] - spacing }
        bandTops.append(placed.height)
        let headerBands = table.headerRows > 0 ? (bands.firstIndex { $0.upperBound == table.headerRows }).map { $0 + 1 } ?? 0 : 0
        var tops: [Double] = []
        var breakable: [Bool] = []
        var headerSlices = 0
        for k in bands.indices {
            let cuts = bandTops[k + 1] - bandTops[k] > contentSize.height
                ? safeCuts(placed, from: bandTops[k], to: bandTops[k + 1]) : [bandTops[k]]
            for (i, cut) in cuts.enumerated() {
                tops.append(cut)
                breakable.append(i == 0 && k > headerBands)
            }
            if k < headerBands { headerSlices = tops.count }
        }
        tops.append(placed.height)
        var slices = (0..<tops.count - 1).map { SetTable.Slice(height: tops[$0 + 1] - tops[$0], breakable: breakable[$0]) }
        /// The slice a point at `y` down the table falls in.
        func index(of y: Double) -> Int {
            min(slices.indices.partitionPoint { tops[$0 + 1] <= y + 1e-9 }, slices.count - 1)
        }
        for var line in placed.lines {
            let s = index(of: line.y)
            line.y -= tops[s]
            slices[s].lines.append(line)
        }
        for var image in placed.images {
            let s = index(of: image.y)
            image.y -= tops[s]
            slices[s].images.append(image)
        }
        // Boxes and cells go, cut to it, on each slice they reach into.
        for box in placed.boxes {
            for s in index(of: box.y)...index(of: max(box.y, box.y + box.height - 1e-9)) {
                let top = max(box.y, tops[s]), bottom = min(box.y + box.height, tops[s + 1])
                guard bottom > top else { continue }
                var part = box
                part.y = top - tops[s]
                part.height = bottom - top
                slices[s].boxes.append(part)
            }
        }
        for cell in placed.cells {
            for s in index(of: cell.y)...index(of: max(cell.y, cell.y + cell.height - 1e-9)) {
                let top = max(cell.y, tops[s]), bottom = min(cell.y + cell.height, tops[s + 1])
                guard bottom > top else { continue }
                var part = cell
                part.y = top - tops[s]
                part.height = bottom - top
                slices[s].cells.append(part)
            }
        }
        return SetTable(slices: slices, header: repeatedHeader(of: slices.prefix(headerSlices), before: slices.count),
                        headerSlices: headerSlices)
    }

    /// The header's slices as one to show again, marked repeated: its lines out of the page's
    /// text and location (they were read on the page they first showed on).
    private func repeatedHeader(of slices: ArraySlice<SetTable.Slice>, before count: Int) -> SetTable.Slice? {
        let height = slices.reduce(0) { $0 + $1.height }
        guard !slices.isEmpty, slices.count < count, height <= contentSize.height * Self.repeatedHeaderShare else { return nil }
        var header = SetTable.Slice(height: height)
        var y = 0.0
        for slice in slices {
            header.lines += slice.lines.map { line in
                var line = line
                line.y += y
                line.source = nil
                line.cell?.repeated = true
                return line
            }
            header.images += slice.images.map { image in
                var image = image
                image.y += y
                return image
            }
            header.boxes += slice.boxes.map { box in
                var box = box
                box.y += y
                return box
            }
            header.cells += slice.cells.map { cell in
                var cell = cell
                cell.y += y
                cell.repeated = true
                return cell
            }
            y += slice.height
        }
        return header
    }

    /// Where a band from `top` to `bottom` may be cut: its top, and each place below it that
    /// no line or picture crosses.
    private func safeCuts(_ placed: Placed, from top: Double, to bottom: Double) -> [Double] {
        var spans = placed.lines.filter { $0.y >= top - 1e-9 && $0.y < bottom }.map { ($0.y, $0.y + $0.height) }
        spans += placed.images.filter { $0.y >= top - 1e-9 && $0.y < bottom }.map { ($0.y, $0.y + $0.height) }
        spans.sort { $0.0 < $1.0 }
        var cuts = [top]
        var reach = top
        for (start, end) in spans {
            if start >= reach - 1e-9, reach > cuts.last! + 1e-9 { cuts.append(reach) }
            reach = max(reach, end)
        }
        return cuts
    }
}
