/// Where each of a paragraph's segments may be cut, as UTF-8 offsets from its start, all in one
/// list rather than a list a segment: a paragraph has thousands of words, and a list each is a
/// reference counted up and down wherever it is handed on, by both workers when they share it.
struct SegmentCuts {
    /// Segment `k`'s points are `points[starts[k]..<starts[k + 1]]`: each segment's are
    /// appended, then `closeSegment()` called.
    var points: [Int] = []
    private var starts: [Int]
    /// A segment left whole, whatever its points (a paragraph's last word, but in the
    /// emergency pass).
    var whole: Int?

    init(capacity: Int) {
        starts = [0]
        starts.reserveCapacity(capacity + 1)
    }

    /// Ends the points of the segment being added.
    mutating func closeSegment() { starts.append(points.count) }

    /// Where segment `k`'s points are in `points`: empty for the segment kept whole.
    func range(of k: Int) -> Range<Int> { k == whole ? starts[k]..<starts[k] : starts[k]..<starts[k + 1] }
}
