extension Range where Bound == Int {
    /// The first value of the range for which `isBefore` is false, or `upperBound` when it
    /// holds for all: a binary search, for a predicate that holds on a prefix of the range and
    /// nowhere after it (a sorted list's elements below a key, say).
    @inlinable
    package func partitionPoint(_ isBefore: (Int) throws -> Bool) rethrows -> Int {
        var low = lowerBound, high = upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if try isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
