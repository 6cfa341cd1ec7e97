/// Figures for this area; see the issue that owns it.
enum AppBenchmark {
    static func run() async throws {}
}
