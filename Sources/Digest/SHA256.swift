import CCrypto

/// SHA-256 with OpenSSL's libcrypto, fed piece by piece (libcrypto is touched by this module alone).
/// Used to recognise an input already converted with the same options (`--incremental`).
public struct SHA256: ~Copyable {
    private let context: OpaquePointer

    public init() {
        // Allocation fails only when memory is gone, when nothing else would work either.
        context = EVP_MD_CTX_new()!
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit { EVP_MD_CTX_free(context) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress, bytes.count > 0 { EVP_DigestUpdate(context, base, bytes.count) }
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// Frees what libcrypto keeps for the calling thread, for a thread about to end: libcrypto
    /// frees it itself only once the thread has ended, which a process exiting meanwhile does not
    /// wait for.
    public static func releaseThreadState() {
        OPENSSL_thread_stop()
    }

    /// The digest as 64 lowercase hex digits.
    public consuming func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The digest of `bytes` in one go.
    public static func hex(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
