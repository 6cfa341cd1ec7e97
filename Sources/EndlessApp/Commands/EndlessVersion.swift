/// The version `endless --version` prints, and `endless --help` and the manual show.
///
/// To release, bump ``number`` here: it is the only place the version is written (the manual,
/// help and `--version` read it). The Swift version is the compiler's that built the binary,
/// from `#if compiler`, so a binary says what built it without a build script.
enum EndlessVersion {
    /// The release, as semantic versioning numbers it.
    static let number = "0.1.0"
    /// The day of the release, for the manual page's footer: bumped with ``number``.
    static let date = "2026-12-02"

    /// The Swift compiler that built this binary: `6.3.1`.
    static var swift: String {
        #if compiler(>=6.5)
            "6.5 or later"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3.2)
            "6.3.2"
        #elseif compiler(>=6.3.1)
            "6.3.1"
        #elseif compiler(>=6.3)
            "6.3"
        #else
            "before 6.3"
        #endif
    }

    /// `0.1.0 (built with Swift 6.3.1)`.
    static var text: String { "\(number) (built with Swift \(swift))" }
}
