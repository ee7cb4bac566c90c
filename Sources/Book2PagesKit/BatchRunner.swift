import BookModel
import FileNames
import Foundation
import Layout
import PageFormat
import ProcessMemory
import Synchronization

/// What became of one book of a batch.
public struct BatchResult: Sendable {
    public enum Status: Sendable, Equatable {
        case converted
        /// `--incremental`: the output already records this input and these options.
        case unchanged
        case failed(ConversionError)
    }

    public var job: BatchJob
    public var status: Status
    /// Content pages written (or already there, for an unchanged output).
    public var pages: Int
    public var seconds: Double
    public var warnings: [Warning]
}

/// Converts the books of a batch, `jobs` at a time, each into its output file (whole or not at
/// all). A book that fails never stops the others. The books share one layouter, so fonts load
/// once; each output is the same whatever the number of jobs.
public struct BatchRunner: Sendable {
    public var options: ConversionOptions
    public var concurrentJobs: Int
    public var incremental: Bool

    public init(options: ConversionOptions, concurrentJobs: Int, incremental: Bool) {
        self.options = options
        self.concurrentJobs = max(1, concurrentJobs)
        self.incremental = incremental
    }

    /// Runs every job; `progress` hears of each as it ends (from a worker thread, one at a time).
    /// The results are in the jobs' order.
    public func run(_ jobs: [BatchJob], progress: @escaping @Sendable (BatchResult) -> Void = { _ in })
        throws(ConversionError) -> [BatchResult] {
        let layouter = try Converter.makeLayouter(options.layout)
        let next = Mutex(0)
        let results = Mutex([BatchResult?](repeating: nil, count: jobs.count))
        let reporting = Mutex(())
        let options = options, incremental = incremental
        DispatchQueue.concurrentPerform(iterations: min(concurrentJobs, max(jobs.count, 1))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < jobs.count else { return }
                let result = Self.convert(jobs[index], options: options, layouter: layouter, incremental: incremental)
                results.withLock { $0[index] = result }
                reporting.withLock { _ in progress(result) }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    static func convert(_ job: BatchJob, options: ConversionOptions, layouter: Layouter, incremental: Bool) -> BatchResult {
        var options = options
        // Each book's images in a folder of their own, named as its output.
        if options.assetsDirectory != nil { options.assetsSubfolder = job.relativeName }
        options.outputPath = job.output
        let start = DispatchTime.now()
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        if let refusal = job.refusal {
            return BatchResult(job: job, status: .failed(refusal), pages: 0, seconds: seconds(), warnings: [])
        }
        if incremental, let pages = unchangedPages(job, options: options, layouter: layouter) {
            return BatchResult(job: job, status: .unchanged, pages: pages, seconds: seconds(), warnings: [])
        }
        let memory = MemoryWatch.trips
        do throws(ConversionError) {
            let conversion = try write(job, options: options, layouter: layouter)
            return BatchResult(job: job, status: .converted,
                               pages: conversion.contentPageCount,
                               seconds: seconds(), warnings: conversion.warnings)
        } catch {
            // A book refused for its memory leaves it with the allocator: handed back, so the
            // books after it start under the bound.
            if MemoryWatch.trips != memory { MemoryWatch.release() }
            return BatchResult(job: job, status: .failed(error), pages: 0, seconds: seconds(), warnings: [])
        }
    }

    private static func write(_ job: BatchJob, options: ConversionOptions,
                              layouter: Layouter) throws(ConversionError) -> Conversion {
        _ = try OutputFolders.make(PathName.folder(of: job.relativeName), under: job.directory,
                                   for: job.output)
        let file = try OutputFile(path: job.output, followingLinks: false,
                                  replacementCheck: OtherBookCheck.make(for: job.input, options: options))
        do {
            let conversion = try Converter.convert(job.input, options: options, layouter: layouter, keepingPages: false,
                                                   streamingTo: { try file.append($0) })
            try file.commit()
            return conversion
        } catch {
            file.discard()
            throw error
        }
    }

    /// The content pages of an output that records this very input and these options; nil when
    /// there is none, it is cut short, or it is out of date.
    static func unchangedPages(_ job: BatchJob, options: ConversionOptions, layouter: Layouter? = nil) -> Int? {
        guard let recorded = RecordedOutput(path: job.output, format: options.outputFormat),
              recorded.provenance == Fingerprint.provenance(of: job.input, options: options, layouter: layouter) else { return nil }
        return recorded.contentPages
    }
}
