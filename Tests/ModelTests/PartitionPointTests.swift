import BookModel
import Testing

/// The binary search the layout and the writers share: on sorted lists of every size, with and
/// without repeats, it finds what a scan from the start finds; within a part of the range; and
/// on an empty range.
struct PartitionPointTests {
    @Test func findsTheFirstPlaceWhereThePredicateFails() {
        var generator = SystemRandomNumberGenerator()
        for count in 0..<40 {
            let sorted = (0..<count).map { _ in Int.random(in: 0..<12, using: &generator) }.sorted()
            for key in -1...13 {
                let scanned = sorted.firstIndex { $0 >= key } ?? sorted.count
                #expect(sorted.indices.partitionPoint { sorted[$0] < key } == scanned)
                let scannedAfter = sorted.firstIndex { $0 > key } ?? sorted.count
                #expect(sorted.indices.partitionPoint { sorted[$0] <= key } == scannedAfter)
            }
        }
    }

    @Test func searchesOnlyItsRange() {
        let values = [9, 1, 2, 2, 5, 7, 0]
        // Within 1..<6 the list is sorted; what lies outside is never asked.
        var asked: Set<Int> = []
        let found = (1..<6).partitionPoint { asked.insert($0); return values[$0] < 5 }
        #expect(found == 4)
        #expect(asked.allSatisfy { (1..<6).contains($0) })
        #expect((1..<6).partitionPoint { values[$0] < 100 } == 6)
        #expect((1..<6).partitionPoint { values[$0] < 0 } == 1)
        #expect((3..<3).partitionPoint { _ in true } == 3)
    }
}
