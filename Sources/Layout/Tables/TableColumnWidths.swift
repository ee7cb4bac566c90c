/// The widths of a table's columns, chosen as browsers choose them. With the automatic layout
/// (CSS 2.1 §17.5.2.2, with CSS Tables 3 §3.9 for sharing the width out) each column has a
/// minimum width (its widest unbreakable piece of content) and a maximum (its content unwrapped);
/// a table narrower than its maximum widens its columns from their minimum towards their
/// maximum, those with a width asked for first. With the fixed layout only the columns' and the
/// first row's widths count, and nothing is measured.
///
/// All widths are of the table's grid: its columns and the spacing between and around them,
/// inside the table's own borders.
struct TableColumnWidths: Equatable {
    /// A width a table, column or cell asks for.
    enum Width: Equatable {
        case auto
        case points(Double)
        /// A fraction of the width the table has to share (0.5 for `50%`).
        case fraction(Double)
    }

    /// A cell's part in the choice: the columns it spans, its content's minimum and maximum
    /// widths (with its padding and borders), and the width it asks for.
    struct Cell: Equatable {
        var columns: Range<Int>
        var minimum: Double
        var maximum: Double
        var width: Width = .auto
    }

    /// Each column's width, in order.
    let columns: [Double]
    /// The grid's narrowest and widest useful widths: columns at their minimum, and at their
    /// maximum, with the spacing.
    let minimum: Double
    let maximum: Double

    /// The grid's width: its columns and spacing.
    var width: Double { columns.reduce(0, +) + spacingTotal }
    private let spacingTotal: Double

    /// The automatic layout. `columnWidths`: what each column asks for (`col` elements), one per
    /// column; `spacing`: the space between columns and at each side; `available`: the width
    /// the table may take; `tableWidth`: what the table asks for. A table whose minimum is wider
    /// than what is available is set at its minimum, wider than asked: the caller sees it in
    /// `minimum`.
    init(cells: [Cell], columnWidths: [Width], spacing: Double, available: Double, tableWidth: Width) {
        spacingTotal = spacing * Double(columnWidths.count + 1)
        // The cells spanning one column each are joined first, then the join meets the column's
        // `col`: a cell asking for a length outweighs the others' content, and a `col`'s length
        // is kept against cells asking for none.
        var joined = [Column?](repeating: nil, count: columnWidths.count)
        for cell in cells where cell.columns.count == 1 {
            let c = cell.columns.lowerBound
            joined[c] = joined[c].map { $0.joined(with: Column(cell)) } ?? Column(cell)
        }
        var columns = columnWidths.map(Column.init(asking:))
        for c in columns.indices {
            if let cells = joined[c] { columns[c].take(cells) }
        }
        // A spanning cell wider than its columns widens them as a table's width widens its
        // columns, the narrowest spans first so that the wider ones see their effect.
        let spanning = cells.filter { $0.columns.count > 1 }
            .sorted { ($0.columns.count, $0.columns.lowerBound) < ($1.columns.count, $1.columns.lowerBound) }
        for cell in spanning {
            Self.spread(Column(cell), over: cell.columns, of: &columns, spacing: spacing)
        }
        minimum = columns.reduce(0) { $0 + $1.minimum } + spacingTotal
        maximum = Self.widest(columns) + spacingTotal

        let used: Double
        switch tableWidth {
        case .auto: used = max(minimum, min(available, maximum))
        case .points(let points): used = max(minimum, points)
        case .fraction(let fraction): used = max(minimum, fraction * available)
        }
        self.columns = Self.shared(max(0, used - spacingTotal), among: columns[...], growingLengths: true)
    }

    /// The fixed layout (`table-layout: fixed`, for a table that asks for a width; CSS sets one
    /// asking for none automatically): the columns take the widths their `col`s or first row's
    /// cells ask for, the others share what is left evenly; a table asking for less than its
    /// columns do is widened to them.
    init(fixedWithFirstRow firstRow: [Cell], columnWidths: [Width], spacing: Double, available: Double,
         tableWidth: Width) {
        let count = columnWidths.count
        spacingTotal = spacing * Double(count + 1)
        let target = switch tableWidth {
        case .auto: available
        case .points(let points): points
        case .fraction(let fraction): fraction * available
        }
        let content = max(0, target - spacingTotal)
        var widths = columnWidths.map { Self.resolved($0, in: content) }
        for cell in firstRow {
            guard let width = Self.resolved(cell.width, in: content) else { continue }
            let each = max(0, width - spacing * Double(cell.columns.count - 1)) / Double(cell.columns.count)
            for c in cell.columns where widths[c] == nil { widths[c] = each }
        }
        let given = widths.compactMap { $0 }.reduce(0, +)
        let open = widths.filter { $0 == nil }.count
        let each = open > 0 ? max(0, content - given) / Double(open) : 0
        var columns = widths.map { $0 ?? each }
        // Every column given its width and room left: the columns widen alike.
        let total = columns.reduce(0, +)
        if open == 0, total < content, count > 0 {
            columns = total > 0 ? columns.map { $0 * content / total } : columns.map { _ in content / Double(count) }
        }
        self.columns = columns
        minimum = columns.reduce(0, +) + spacingTotal
        maximum = minimum
    }

    private static func resolved(_ width: Width, in content: Double) -> Double? {
        switch width {
        case .auto: nil
        case .points(let points): max(0, points)
        case .fraction(let fraction): max(0, fraction * content)
        }
    }

    /// The widest useful grid, spacing aside: every column at its maximum, and wide enough that
    /// each column asking for a percentage gets it with its content unwrapped and the columns
    /// asking for none get what the percentages leave, as Chromium widens such a table (CSS
    /// Tables 3 leaves percentages to "try to satisfy"). A table whose percentages reach 100 %
    /// beside other columns is as wide as the room allows.
    private static func widest(_ columns: [Column]) -> Double {
        var sum = 0.0
        var least = 0.0
        var fractions = 0.0
        var others = 0.0
        var fromPercentages = 0.0
        for column in columns {
            sum += column.maximum
            least += column.minimum
            if let fraction = column.fraction {
                fractions += fraction
                fromPercentages = max(fromPercentages, column.maximum / fraction)
            } else {
                others += column.maximum
            }
        }
        var widest = sum
        if fractions > 0 {
            if others > 0 { widest = max(widest, fractions >= 1 ? Self.unbounded : others / (1 - fractions)) }
            widest = max(widest, fromPercentages)
        }
        return max(widest, least)
    }

    /// The grid's maximum when nothing bounds it but the room.
    private static let unbounded = 1_000_000.0

    /// A spanning cell's minimum and maximum shared out over its columns as a table's width is
    /// (`shared`), with the spacing between them taken off first; a percentage it asks for
    /// beyond its columns' goes to those asking for none, in proportion to their maximum.
    private static func spread(_ cell: Column, over range: Range<Int>, of columns: inout [Column], spacing: Double) {
        let inner = spacing * Double(range.count - 1)
        if let fraction = cell.fraction {
            let surplus = fraction - range.reduce(0) { $0 + (columns[$1].fraction ?? 0) }
            let open = range.filter { columns[$0].fraction == nil }
            let weight = open.reduce(0) { $0 + columns[$1].maximum }
            if surplus > 0 {
                for c in open {
                    columns[c].fraction = surplus * (weight > 0 ? columns[c].maximum / weight : 1 / Double(open.count))
                }
            }
        }
        let lows = shared(max(0, cell.minimum - inner), among: columns[range], growingLengths: true)
        for (c, width) in zip(range, lows) { columns[c].minimum = max(columns[c].minimum, width) }
        let highs = shared(max(0, cell.maximum - inner), among: columns[range], growingLengths: cell.constrained)
        for (c, width) in zip(range, highs) {
            columns[c].maximum = max(columns[c].minimum, columns[c].maximum, width)
        }
    }

    /// `target` shared out among `columns` (CSS Tables 3 §3.9.2, as Chromium does it): four
    /// guesses, from every column at its minimum, through the columns asking for a percentage
    /// at it, then those asking for a length at their maximum, to every column at its maximum;
    /// the first guess at least as wide says which columns grow, each in proportion to the way
    /// it has to go. Past the last guess the extra goes to the columns that asked for nothing,
    /// in proportion to their maximum, else (when `growingLengths`) to those that asked for a
    /// length, else to those asking for a percentage, in proportion to it.
    private static func shared(_ target: Double, among slice: ArraySlice<Column>, growingLengths: Bool) -> [Double] {
        let columns = Array(slice)
        let target = max(target, columns.reduce(0) { $0 + $1.minimum })
        let percent = columns.map { column in column.fraction.map { max(column.minimum, $0 * target) } }
        let guesses: [[Double]] = [
            columns.map(\.minimum),
            columns.indices.map { percent[$0] ?? columns[$0].minimum },
            columns.indices.map { percent[$0] ?? (columns[$0].constrained ? columns[$0].maximum : columns[$0].minimum) },
            columns.indices.map { percent[$0] ?? columns[$0].maximum },
        ]
        let sums = guesses.map { $0.reduce(0, +) }
        if let g = sums.firstIndex(where: { $0 >= target }) {
            guard g > 0 else { return guesses[0] }
            if g == 3, sums[3] == target { return guesses[3] }
            // The columns this guess grows, from where the one before left them.
            let growing = columns.indices.filter { grows(columns[$0], in: g) }
            return grown(guesses[g - 1], by: target - sums[g - 1], over: growing,
                         weights: growing.map { guesses[g][$0] - guesses[g - 1][$0] })
        }
        let extra = target - sums[3]
        let open = columns.indices.filter { columns[$0].fraction == nil && !columns[$0].constrained }
        if !open.isEmpty {
            return grown(guesses[3], by: extra, over: open, weights: open.map { columns[$0].maximum })
        }
        let lengths = columns.indices.filter { columns[$0].fraction == nil && columns[$0].constrained }
        if !lengths.isEmpty, growingLengths {
            return grown(guesses[3], by: extra, over: lengths, weights: lengths.map { columns[$0].maximum })
        }
        let percentages = columns.indices.filter { columns[$0].fraction != nil }
        return grown(guesses[3], by: extra, over: percentages, weights: percentages.map { columns[$0].fraction ?? 0 })
    }

    /// Whether guess `g` is the one that grows `column`: the percentage guess grows the columns
    /// asking for a percentage, the next those asking for a length, the last the others.
    private static func grows(_ column: Column, in g: Int) -> Bool {
        switch g {
        case 1: column.fraction != nil
        case 2: column.fraction == nil && column.constrained
        default: column.fraction == nil && !column.constrained
        }
    }

    /// `widths` with `extra` added over `columns`, in proportion to `weights` (evenly when they
    /// add up to nothing).
    private static func grown(_ widths: [Double], by extra: Double, over columns: [Int], weights: [Double]) -> [Double] {
        var widths = widths
        let total = weights.reduce(0, +)
        for (c, weight) in zip(columns, weights) {
            widths[c] += extra * (total > 0 ? weight / total : 1 / Double(columns.count))
        }
        return widths
    }
}

/// A column's part in the choice of widths: its narrowest and widest useful width, the
/// percentage it asks for, and whether it asks for a length (CSS Tables 3: "constrained").
private struct Column {
    var minimum = 0.0
    var maximum = 0.0
    var fraction: Double?
    var constrained = false

    /// A column as its `col` element makes it.
    init(asking width: TableColumnWidths.Width) {
        switch width {
        case .auto: break
        case .points(let points):
            maximum = max(0, points)
            constrained = true
        case .fraction(let fraction): if fraction > 0 { self.fraction = fraction }
        }
    }

    /// A cell's own measure: a length it asks for is its maximum, never under its minimum.
    init(_ cell: TableColumnWidths.Cell) {
        minimum = cell.minimum
        switch cell.width {
        case .auto: maximum = max(cell.minimum, cell.maximum)
        case .points(let points):
            maximum = max(cell.minimum, points)
            constrained = true
        case .fraction(let fraction):
            maximum = max(cell.minimum, cell.maximum)
            if fraction > 0 { self.fraction = fraction }
        }
    }

    /// Two cells of one column as one: the wider minimum, and the maximum of the one asking for
    /// a length if only one does (never under the minimum).
    func joined(with other: Column) -> Column {
        var join = self
        join.minimum = max(minimum, other.minimum)
        join.maximum = switch (constrained, other.constrained) {
        case (true, false): max(maximum, other.minimum)
        case (false, true): max(join.minimum, other.maximum)
        default: max(maximum, other.maximum)
        }
        if let fraction = other.fraction, fraction > (self.fraction ?? 0) { join.fraction = fraction }
        join.constrained = constrained || other.constrained
        return join
    }

    /// Takes in the cells spanning only this column. A column asking for a length keeps it
    /// against cells asking for none, widened only to their minimum.
    mutating func take(_ cell: Column) {
        minimum = max(minimum, cell.minimum)
        maximum = max(maximum, minimum, constrained && !cell.constrained ? cell.minimum : cell.maximum)
        if let fraction = cell.fraction, fraction > (self.fraction ?? 0) { self.fraction = fraction }
        constrained = constrained || cell.constrained
    }
}
