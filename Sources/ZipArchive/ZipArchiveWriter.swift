import CLibZip
#if canImport(Glibc)
import Glibc
#endif

/// Writes a zip archive with libzip, entries in the order they are added: enough to build EPUB
/// files (`mimetype` first and stored, the rest deflated) for tests and samples.
public final class ZipArchiveWriter {
    public let path: String
    private var archive: OpaquePointer?

    /// Creates the file, replacing any file already there.
    public init(path: String) throws(ZipArchiveError) {
        self.path = path
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw .writeFailed(archive: path, reason: ZipArchive.message(forCode: code))
        }
        self.archive = archive
    }

    deinit {
        if let archive { zip_discard(archive) }
    }

    /// Adds an entry; `compressed: false` stores it as is (EPUB's `mimetype` must be stored).
    public func add(_ name: String, bytes: [UInt8], compressed: Bool = true) throws(ZipArchiveError) {
        _ = try insert(name, bytes: bytes, compressed: compressed)
    }

    /// Adds an entry; its index.
    private func insert(_ name: String, bytes: [UInt8], compressed: Bool) throws(ZipArchiveError) -> zip_uint64_t {
        guard let archive else { throw .writeFailed(archive: path, reason: "already closed") }
        // libzip reads the data only when the archive is closed, so it gets its own copy to free
        // (none for an empty entry: libzip frees no buffer of length zero).
        let copy = bytes.isEmpty ? nil : malloc(bytes.count)!
        bytes.withUnsafeBytes { if let base = $0.baseAddress, let copy { copy.copyMemory(from: base, byteCount: $0.count) } }
        guard let source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
            free(copy)
            throw .writeFailed(archive: path, reason: String(cString: zip_strerror(archive)))
        }
        let index = zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE)
        guard index >= 0 else {
            zip_source_free(source)
            throw .writeFailed(archive: path, reason: String(cString: zip_strerror(archive)))
        }
        let method = compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, zip_uint64_t(index), method, 0) == 0 else {
            throw .writeFailed(archive: path, reason: String(cString: zip_strerror(archive)))
        }
        return zip_uint64_t(index)
    }

    /// Adds an entry stored as a symbolic link to `target`, as `zip -y` writes one: made on
    /// Unix, the link's mode in the upper half of the external attributes, the target as its
    /// content. For testing that readers refuse to follow one.
    public func addSymbolicLink(_ name: String, target: String) throws(ZipArchiveError) {
        let index = try insert(name, bytes: Array(target.utf8), compressed: false)
        guard let archive else { throw .writeFailed(archive: path, reason: "already closed") }
        guard zip_file_set_external_attributes(archive, index, 0, zip_uint8_t(ZIP_OPSYS_UNIX), zip_uint32_t(0o120777) << 16) == 0 else {
            throw .writeFailed(archive: path, reason: String(cString: zip_strerror(archive)))
        }
    }

    public func add(_ name: String, text: String, compressed: Bool = true) throws(ZipArchiveError) {
        try add(name, bytes: Array(text.utf8), compressed: compressed)
    }

    /// Writes the archive out. Nothing is on disk before this returns.
    public func close() throws(ZipArchiveError) {
        guard let archive else { return }
        self.archive = nil
        if zip_close(archive) != 0 {
            let reason = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw .writeFailed(archive: path, reason: reason)
        }
    }
}
