import Dispatch
import Foundation
import Testing
@testable import Fonts

/// The layout workers of one book share what they have shaped: a measurer that finds a width
/// another one shaped gets exactly what shaping would give it, for each face and direction.
@Suite struct SharedWidthsTests {
    let fonts: FontSet
    init() throws { fonts = try FontSet(font: "Liberation Serif") }

    private let words = ["whale", "Ahab", "leviathan,", "“Call", "harpooneer", "sea-captain", "ocean.", "Queequeg"]

    private func widths(_ measurer: TextMeasurer) -> [Double] {
        words.flatMap { word in
            [fonts.regular, fonts.italic, fonts.bold].flatMap { face in
                [nil, false].map { direction in
                    measurer.width(of: word, in: face, size: 17, rightToLeft: direction)
                }
            }
        }
    }

    @Test func aSharedWidthIsTheWidthShapingGives() {
        let alone = widths(TextMeasurer(language: "en"))
        let shared = SharedWidths()
        let first = TextMeasurer(language: "en", shared: shared)
        let second = TextMeasurer(language: "en", shared: shared)
        #expect(widths(first) == alone)
        // The second measurer's widths are the ones the first shaped.
        #expect(widths(second) == alone)
        // Faces are told apart: the italic and bold widths differ from the regular ones.
        #expect(Set(alone).count > words.count)
    }

    @Test func measurersOnSeveralThreadsAgree() {
        let alone = widths(TextMeasurer(language: "en"))
        let shared = SharedWidths()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { n in
            results.set(n, widths(TextMeasurer(language: "en", shared: shared)))
        }
        for n in 0..<4 { #expect(results.get(n) == alone) }
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: [Double]] = [:]
    func set(_ n: Int, _ value: [Double]) { lock.withLock { values[n] = value } }
    func get(_ n: Int) -> [Double]? { lock.withLock { values[n] } }
}
