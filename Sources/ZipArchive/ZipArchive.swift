import CLibZip
import FileNames
import Glibc

/// A zip file opened read-only. Entries are read whole, into memory, never past a size bound:
/// a book's archive is untrusted (BRIEF §6: zip bombs, corrupt entries found only on read).
public final class ZipArchive {
    /// The path the archive was opened from, for messages.
    public let path: String
    /// The entry names in archive order (directories included, as `name/`), symbolic links left
    /// out.
    public let entryNames: [String]
    /// Entries stored as symbolic links (`zip -y`), in archive order. They are not entries to
    /// read: their content is the name of a file elsewhere (`/etc/passwd`, say), so they are
    /// neither listed in `entryNames` nor found by `read`, as if missing.
    public let symbolicLinks: [String]
    /// The archive file's size in bytes: what all its entries were compressed into, however
    /// many of them claim the same bytes (entries that overlap).
    public let fileSize: Int
    private let archive: OpaquePointer
    private let indexByName: [String: Int]

    /// Opens the archive; one listing more than `maximumEntryCount` entries is refused before
    /// any name is read.
    public init(path: String, maximumEntryCount: Int = .max) throws(ZipArchiveError) {
        self.path = path
        // Opened here, without waiting, rather than by libzip from the path: it would wait for a
        // FIFO's writer, and then read a device or a FIFO forever. Only a regular file is taken.
        let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            // A socket can't be opened at all (ENXIO, "No such device or address").
            if errno == ENXIO, FileSystem.kind(of: path) == .other { throw .notRegularFile(archive: path) }
            throw .unreadable(archive: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile(archive: path)
        }
        fileSize = Int(status.st_size)
        var code: Int32 = 0
        guard let archive = zip_fdopen(descriptor, 0, &code) else {
            // libzip took the descriptor only if it opened the archive.
            close(descriptor)
            throw .unreadable(archive: path, reason: ZipArchive.message(forCode: code))
        }
        let count = zip_get_num_entries(archive, 0)
        if count > maximumEntryCount {
            zip_discard(archive)
            throw .tooManyEntries(archive: path, count: Int(count))
        }
        self.archive = archive
        var names: [String] = []
        var links: [String] = []
        var indexByName: [String: Int] = [:]
        names.reserveCapacity(Int(max(count, 0)))
        for index in 0..<max(count, 0) {
            guard let name = zip_get_name(archive, zip_uint64_t(index), ZIP_FL_ENC_GUESS) else { continue }
            let entry = String(cString: name)
            if ZipArchive.isSymbolicLink(archive, index: zip_uint64_t(index)) {
                links.append(entry)
                continue
            }
            names.append(entry)
            if indexByName[entry] == nil { indexByName[entry] = Int(index) }
        }
        self.entryNames = names
        self.symbolicLinks = links
        self.indexByName = indexByName
    }

    deinit {
        zip_discard(archive)
    }

    /// The whole inflated content of an entry, read straight into one growing buffer and
    /// abandoned as soon as it passes `limits`: a declared size over the bound is refused before
    /// inflating anything, and a size that lies is caught as the bytes arrive. CRC and
    /// decompression errors surface here (libzip checks the CRC at the end).
    public func read(_ entry: String, limits: ZipReadLimits = ZipReadLimits()) throws(ZipArchiveError) -> [UInt8] {
        guard let index = indexByName[entry] else { throw .missingEntry(archive: path, entry: entry) }
        let (declaredSize, compressedSize) = try sizes(of: index, entry: entry)
        if declaredSize > limits.maximumSize {
            throw .limitExceeded(archive: path, entry: entry, limit: .size(limits.maximumSize))
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_strerror(archive)))
        }
        var closed = false
        defer { if !closed { zip_fclose(file) } }

        // One byte more than allowed, so that passing the bound shows as a full buffer. The buffer
        // starts at the declared size (which may lie; 64 KiB when there is none) but not past
        // 16 MiB, and doubles as the bytes come: memory follows what is really inflated. (A
        // 64 KiB floor cleared six times what a book's chapters hold.)
        let capacity = limits.maximumSize < Int.max ? limits.maximumSize + 1 : Int.max
        var bytes = [UInt8](repeating: 0, count: min(declaredSize > 0 ? declaredSize : 64 << 10, 16 << 20, capacity - 1) + 1)
        var length = 0
        while true {
            if length == bytes.count {
                bytes += [UInt8](repeating: 0, count: min(bytes.count, capacity - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                zip_fread(file, buffer.baseAddress! + length, zip_uint64_t(buffer.count - length))
            }
            if count < 0 {
                throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_file_strerror(file)))
            }
            if count == 0 { break }
            length += Int(count)
            if length > limits.maximumSize {
                throw .limitExceeded(archive: path, entry: entry, limit: .size(limits.maximumSize))
            }
            if let compressedSize, length > limits.ratioThreshold, length / max(compressedSize, 1) > limits.maximumRatio {
                throw .limitExceeded(archive: path, entry: entry, limit: .ratio(limits.maximumRatio))
            }
        }
        closed = true
        let status = zip_fclose(file)
        if status != 0 {
            throw .corruptEntry(archive: path, entry: entry, reason: ZipArchive.message(forCode: status))
        }
        bytes.removeSubrange(length...)
        return bytes
    }

    /// An entry's size inflated (0 when the archive doesn't say) and compressed (nil when it
    /// doesn't say), as the central directory declares them.
    public func sizes(of entry: String) -> (inflated: Int, compressed: Int?)? {
        guard let index = indexByName[entry] else { return nil }
        return try? sizes(of: index, entry: entry)
    }

    private func sizes(of index: Int, entry: String) throws(ZipArchiveError) -> (inflated: Int, compressed: Int?) {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &stat) == 0 else {
            throw .corruptEntry(archive: path, entry: entry, reason: String(cString: zip_strerror(archive)))
        }
        let inflated = stat.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0 ? Int(clamping: stat.size) : 0
        let compressed = stat.valid & zip_uint64_t(ZIP_STAT_COMP_SIZE) != 0 ? Int(clamping: stat.comp_size) : nil
        return (inflated, compressed)
    }

    /// True for an entry made on Unix whose mode (the upper half of the external attributes)
    /// says symbolic link. The mode bits are the zip format's, the same on every system, hence
    /// the octal constants rather than this system's `S_IFLNK`.
    private static func isSymbolicLink(_ archive: OpaquePointer, index: zip_uint64_t) -> Bool {
        var system: zip_uint8_t = 0
        var attributes: zip_uint32_t = 0
        guard zip_file_get_external_attributes(archive, index, 0, &system, &attributes) == 0,
              system == ZIP_OPSYS_UNIX else { return false }
        return (attributes >> 16) & 0o170000 == 0o120000
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

    public init(maximumSize: Int = 64 << 20, maximumRatio: Int = 200, ratioThreshold: Int = 1 << 20) {
        self.maximumSize = maximumSize
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
    }
}
