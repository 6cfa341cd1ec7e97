/// Figures for this area; see the issue that owns it.
enum SimulatorBenchmark {
    static func run() async throws {}
}
