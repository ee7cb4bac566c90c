import CLibZip

/// A zip file opened read-only. Entries are read whole, into memory, never past a size bound:
/// a book's archive is untrusted (BRIEF §6: zip bombs, corrupt entries found only on read).
public final class ZipArchive {
    /// The path the archive was opened from, for messages.
    public let path: String
    /// The entry names in archive order (directories included, as `name/`).
    public let entryNames: [String]
    private let archive: OpaquePointer
    private let indexByName: [String: Int]

    public init(path: String) throws(ZipArchiveError) {
        self.path = path
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            throw .unreadable(archive: path, reason: ZipArchive.message(forCode: code))
        }
        self.archive = archive
        let count = zip_get_num_entries(archive, 0)
        var names: [String] = []
        var indexByName: [String: Int] = [:]
        names.reserveCapacity(Int(max(count, 0)))
        for index in 0..<max(count, 0) {
            guard let name = zip_get_name(archive, zip_uint64_t(index), ZIP_FL_ENC_GUESS) else { continue }
            let entry = String(cString: name)
            names.append(entry)
            if indexByName[entry] == nil { indexByName[entry] = Int(index) }
        }
        self.entryNames = names
        self.indexByName = indexByName
    }

    deinit {
        zip_discard(archive)
    }

    /// The whole inflated content of an entry, read in chunks and abandoned as soon as it passes
    /// `limits`. CRC and decompression errors surface here (libzip checks the CRC at the end).
    public func read(_ entry: String, limits: ZipReadLimits = ZipReadLimits()) throws(ZipArchiveError) -> [UInt8] {
        guard let index = indexByName[entry] else { throw .missingEntry(archive: path, entry: entry) }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &stat) == 0 else {
            throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_strerror(archive)))
        }
        let declaredSize = stat.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0 ? Int(clamping: stat.size) : 0
        let compressedSize = stat.valid & zip_uint64_t(ZIP_STAT_COMP_SIZE) != 0 ? Int(clamping: stat.comp_size) : nil
        if declaredSize > limits.maximumSize {
            throw .limitExceeded(archive: path, entry: entry,
                                 reason: "inflates to \(declaredSize) bytes, more than the \(limits.maximumSize) allowed")
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_strerror(archive)))
        }
        var closed = false
        defer { if !closed { zip_fclose(file) } }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(declaredSize, 16 << 20))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
            if count < 0 {
                throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_file_strerror(file)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<Int(count)])
            if bytes.count > limits.maximumSize {
                throw .limitExceeded(archive: path, entry: entry,
                                     reason: "inflates past the \(limits.maximumSize) bytes allowed")
            }
            if let compressedSize, bytes.count > limits.ratioThreshold,
               bytes.count / max(compressedSize, 1) > limits.maximumRatio {
                throw .limitExceeded(archive: path, entry: entry,
                                     reason: "inflates more than \(limits.maximumRatio) times its compressed size")
            }
        }
        closed = true
        let status = zip_fclose(file)
        if status != 0 {
            throw .corruptEntry(archive: path, entry: entry, reason: ZipArchive.message(forCode: status))
        }
        return bytes
    }

    static func message(forCode code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}

/// How far one entry may inflate. Real books hold tiny images that inflate 400:1, so the ratio
/// only counts once an entry has passed `ratioThreshold` bytes (BRIEF §6).
public struct ZipReadLimits: Sendable, Equatable {
    public var maximumSize: Int
    public var maximumRatio: Int
    public var ratioThreshold: Int

    public init(maximumSize: Int = 256 << 20, maximumRatio: Int = 200, ratioThreshold: Int = 1 << 20) {
        self.maximumSize = maximumSize
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
    }
}
