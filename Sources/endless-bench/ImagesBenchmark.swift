/// Figures for this area; see the issue that owns it.
enum ImagesBenchmark {
    static func run() async throws {}
}
