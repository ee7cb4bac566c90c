import Book2PagesKit
import Foundation
import PageFormat
import Synchronization
import Testing
import Targets

/// JSON Lines go out a line at a time as the pages are made, and add up to the same bytes as the
/// whole document; JSON goes out whole.
struct StreamingTests {
    /// What a sink received, one element per call.
    final class Received: Sendable {
        let chunks = Mutex<[Data]>([])
        func append(_ data: Data) { chunks.withLock { $0.append(data) } }
        var all: [Data] { chunks.withLock { $0 } }
    }

    static let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")

    @Test func jsonLinesGoOutALineAtATime() throws {
        let received = Received()
        let options = ConversionOptions(target: try! ReaderTarget(TargetRequest()), outputFormat: .ndjson)
        let conversion = try Converter.convert(.paths([Self.sample]), options: options, streamingTo: { received.append($0) })
        let chunks = received.all
        #expect(chunks.count == conversion.document.pages.count + 2)
        #expect(chunks.allSatisfy { $0.last == UInt8(ascii: "\n") && $0.filter { $0 == UInt8(ascii: "\n") }.count == 1 })
        #expect(String(decoding: chunks[0], as: UTF8.self).contains(#""line":"header""#))
        #expect(String(decoding: chunks.last!, as: UTF8.self).contains(#""line":"end""#))
        // Sent, not kept: a streamed book holds no more than a whole one.
        #expect(conversion.jsonPieces.isEmpty)
        let whole = try Converter.convert(.paths([Self.sample]), options: options)
        #expect(chunks.reduce(Data(), +) == whole.json)
    }

    @Test func jsonGoesOutInThePiecesItWasWrittenIn() throws {
        let received = Received()
        let conversion = try Converter.convert(.paths([Self.sample]), options: ConversionOptions(), streamingTo: { received.append($0) })
        // The page list's pieces (a chapter's pages each) between the members before and after it.
        #expect(received.all.count > 2)
        #expect(received.all == conversion.jsonPieces)
        #expect(received.all.reduce(Data(), +) == conversion.json)
        #expect(conversion.json == (try Converter.convert(path: Self.sample, options: ConversionOptions())).json)
        #expect(try PageDocument(jsonData: conversion.json).pages.count == conversion.document.pages.count)
    }

    @Test func indentedJSONGoesOutWhole() throws {
        let received = Received()
        let conversion = try Converter.convert(.paths([Self.sample]), options: ConversionOptions(pretty: true),
                                               streamingTo: { received.append($0) })
        #expect(received.all == [conversion.json])
    }

    @Test func aFailingSinkIsAnOutputFailureAndStopsWriting() {
        let received = Received()
        struct Full: Error {}
        #expect {
            try Converter.convert(.paths([Self.sample]), options: ConversionOptions(outputFormat: .ndjson), streamingTo: { data in
                received.append(data)
                if received.all.count == 3 { throw Full() }
            })
        } throws: { error in
            (error as? ConversionError)?.exitCode == ExitCode.outputFailed
        }
        #expect(received.all.count == 3)
    }
}
