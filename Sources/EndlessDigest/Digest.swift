import CCrypto
import Synchronization

/// Message digests from OpenSSL's libcrypto (EVP), for the places that need a stable hash:
/// the simulator's md5/sha1/sha256 login fields and seeding, the image disk cache's file
/// names, and the content identity of users without a uuid.
public enum Digest: Sendable {
    /// MD5: 16 bytes. For the simulator's `login.md5` field, never for security.
    case md5
    /// SHA-1: 20 bytes. For the simulator's `login.sha1` field.
    case sha1
    /// SHA-256: 32 bytes.
    case sha256

    /// The digest of `bytes`.
    /// - Parameter bytes: the message, e.g. `Array(string.utf8)`.
    /// - Returns: the raw digest (16, 20 or 32 bytes).
    public func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Self.initializeLibrary()
        // The message read where it is when it is contiguous (an array, a string's UTF-8), and
        // the digest made on the stack: one array a hash, the result (the simulator hashes
        // each user's password three times).
        let result: [UInt8]? =
            if let inPlace = bytes.withContiguousStorageIfAvailable({ digest(of: UnsafeRawBufferPointer($0)) }) {
                inPlace
            } else {
                Array(bytes).withUnsafeBytes { digest(of: $0) }
            }
        // EVP_Digest fails only when the library cannot allocate a context: there is no
        // result a caller could use instead, and continuing would hand out a wrong hash.
        guard let result else { preconditionFailure("libcrypto EVP_Digest failed") }
        return result
    }

    /// The digest of `message`, nil when libcrypto fails.
    private func digest(of message: UnsafeRawBufferPointer) -> [UInt8]? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { output -> [UInt8]? in
            var length: UInt32 = 0
            guard EVP_Digest(message.baseAddress, message.count, output.baseAddress, &length, algorithm, nil) == 1 else { return nil }
            return Array(output.prefix(Int(length)))
        }
    }

    /// Initializes libcrypto so that it stays usable until the process is gone. By default the
    /// first initialization registers a cleanup with `atexit`, and `exit` then frees the
    /// library's locks while other threads may still be hashing (an image being cached, the
    /// simulator answering): they crashed in `pthread_rwlock_rdlock` or saw `EVP_Digest` fail
    /// as `endless` quit. Only the first initialization in a process decides, and
    /// FoundationNetworking's libcurl initializes OpenSSL when the first URLSession starts, so
    /// a program calls this first thing in `main`; ``hash(_:)`` calls it too.
    public static func initializeLibrary() {
        // A flag rather than a lazy global, whose unused initializer the optimizer may drop;
        // after the first call, a hash costs one relaxed load here.
        guard !libraryInitialized.load(ordering: .relaxed) else { return }
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
        libraryInitialized.store(true, ordering: .relaxed)
    }

    /// The digest of `bytes` as lowercase hexadecimal.
    /// - Parameter bytes: the message.
    /// - Returns: 32, 40 or 64 lowercase hex digits.
    public func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        for byte in hash(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of a string's UTF-8 bytes as lowercase hexadecimal.
    /// - Parameter string: the message.
    /// - Returns: 32, 40 or 64 lowercase hex digits.
    public func hex(_ string: String) -> String {
        hex(string.utf8)
    }

    /// The algorithm, fetched from libcrypto's provider once for the process. `EVP_md5()` and
    /// the like name an algorithm that `EVP_Digest` fetches again at every call (a lookup by
    /// name under a lock): the simulator hashes each user's password three times, and the
    /// fetches were most of its hashing.
    private var algorithm: OpaquePointer? {
        switch self {
        case .md5: FetchedAlgorithms.shared.md5 ?? EVP_md5()
        case .sha1: FetchedAlgorithms.shared.sha1 ?? EVP_sha1()
        case .sha256: FetchedAlgorithms.shared.sha256 ?? EVP_sha256()
        }
    }
}

/// The digest algorithms, fetched once (nil where a fetch failed: the named algorithm is used
/// instead, which `EVP_Digest` fetches itself).
///
/// Unchecked `Sendable`: a fetched `EVP_MD` is immutable and reference counted by libcrypto,
/// which documents it as safe to use from any number of threads at once; these are never
/// freed, so they outlive every hash.
private struct FetchedAlgorithms: @unchecked Sendable {
    let md5: OpaquePointer?
    let sha1: OpaquePointer?
    let sha256: OpaquePointer?

    static let shared: FetchedAlgorithms = {
        Digest.initializeLibrary()
        return FetchedAlgorithms(md5: EVP_MD_fetch(nil, "MD5", nil), sha1: EVP_MD_fetch(nil, "SHA1", nil), sha256: EVP_MD_fetch(nil, "SHA256", nil))
    }()
}

/// Whether ``Digest/initializeLibrary()`` has run (running it twice is harmless).
private let libraryInitialized = Atomic<Bool>(false)
