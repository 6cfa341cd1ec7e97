/// Figures for this area; see the issue that owns it.
enum DecodeBenchmark {
    static func run() async throws {}
}
