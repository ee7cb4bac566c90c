import CHarfBuzz

extension FontFace {
    /// The outline of glyph `id` as SVG path data, in the face's units (`unitsPerEm` to the em),
    /// y going up: for a writer that draws a glyph by id where no text can name it (a stretched
    /// bracket of a formula). Empty for a glyph that draws nothing.
    public func outlinePath(ofGlyph id: UInt32) -> String {
        let path = OutlinePath()
        guard let funcs = hb_draw_funcs_create() else { return "" }
        defer { hb_draw_funcs_destroy(funcs) }
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            OutlinePath.from(data).add("M", [x, y])
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            OutlinePath.from(data).add("L", [x, y])
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            OutlinePath.from(data).add("Q", [cx, cy, x, y])
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            OutlinePath.from(data).add("C", [c1x, c1y, c2x, c2y, x, y])
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            OutlinePath.from(data).add("Z", [])
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        withExtendedLifetime(path) {
            hb_font_get_glyph_shape(font, id, funcs, Unmanaged.passUnretained(path).toOpaque())
        }
        return path.data
    }
}

/// The path data a glyph's outline is drawn into, a command at a time.
private final class OutlinePath {
    var data = ""

    static func from(_ pointer: UnsafeMutableRawPointer?) -> OutlinePath {
        Unmanaged<OutlinePath>.fromOpaque(pointer!).takeUnretainedValue()
    }

    func add(_ command: String, _ points: [Float]) {
        data += command
        for (k, value) in points.enumerated() {
            if k > 0 { data += " " }
            // Font units are whole numbers; a variable face's may not be.
            data += value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}
