import BookModel
import Testing

/// `OutOfLine` keeps a value on the heap and must still behave as a value: copies never see
/// each other's changes, and nil takes no box.
struct OutOfLineTests {
    struct Holder: Equatable {
        @OutOfLine var numbers: [Int]? = nil
    }

    @Test func aCopyDoesNotSeeTheOriginalsChanges() {
        var original = Holder(numbers: [1, 2])
        let copy = original
        original.numbers?.append(3)
        #expect(original.numbers == [1, 2, 3])
        #expect(copy.numbers == [1, 2])
        #expect(original != copy)
    }

    @Test func changesInPlaceAndBackToNil() {
        var holder = Holder()
        #expect(holder.numbers == nil)
        holder.numbers = []
        for n in 0..<100 { holder.numbers?.append(n) }
        #expect(holder.numbers == Array(0..<100))
        holder.numbers = nil
        #expect(holder == Holder())
    }

    @Test func equalValuesInDifferentBoxesAreEqual() {
        #expect(Holder(numbers: [7]) == Holder(numbers: [7]))
        #expect(Holder(numbers: [7]) != Holder(numbers: nil))
    }
}
