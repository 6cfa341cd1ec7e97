/// Figures for this area; see the issue that owns it.
enum TerminalBenchmark {
    static func run() async throws {}
}
