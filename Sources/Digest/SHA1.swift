import CCrypto

/// SHA-1 with OpenSSL's libcrypto: not for security, for EPUB's font obfuscation, whose key is
/// the SHA-1 of the book's unique identifier (EPUB 3.3 OCF §4.4).
public enum SHA1 {
    /// The 20 bytes of the digest of `bytes`.
    public static func digest(of bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        // Allocation fails only when memory is gone, when nothing else would work either.
        let context = EVP_MD_CTX_new()!
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha1(), nil)
        bytes.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 { _ = EVP_DigestUpdate(context, base, buffer.count) }
        }
        EVP_DigestFinal_ex(context, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
