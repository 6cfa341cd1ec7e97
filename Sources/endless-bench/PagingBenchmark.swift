/// Figures for this area; see the issue that owns it.
enum PagingBenchmark {
    static func run() async throws {}
}
