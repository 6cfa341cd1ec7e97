import Foundation

/// CPython's `json` module (a C parser and encoder) on the same bytes, timed inside Python so
/// the interpreter's start is not counted: the baseline a person reaches for to read or write
/// JSON fast without a schema.
enum PythonBaseline {
    /// Seconds per `json.loads(body)` (bytes in, dicts out), one value per run.
    static func loads(_ body: Data, repetitions: Int, runs: Int = Bench.minimumRuns) throws -> Bench.Samples? {
        try time(body, statement: "json.loads(data)", repetitions: repetitions, runs: runs)
    }

    /// Seconds per `json.dumps` of the parsed body, compact and with non-ASCII kept, as a
    /// server writes it.
    static func dumps(_ body: Data, repetitions: Int, runs: Int = Bench.minimumRuns) throws -> Bench.Samples? {
        try time(
            body, statement: "json.dumps(value, ensure_ascii=False, separators=(',', ':')).encode()",
            repetitions: repetitions, runs: runs)
    }

    /// Runs `statement` (with `data` the bytes and `value` their parsed form) `repetitions`
    /// times per run, after one warm-up, and returns seconds per statement.
    private static func time(_ body: Data, statement: String, repetitions: Int, runs: Int) throws -> Bench.Samples? {
        guard let python = ExternalTool.find("python3", installedBy: "python3", area: "decode") else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-python-\(getpid()).json")
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys, time
            data = open(sys.argv[1], 'rb').read()
            value = json.loads(data)
            repetitions, runs = int(sys.argv[2]), int(sys.argv[3])
            \(statement)
            for _ in range(runs):
                start = time.perf_counter()
                for _ in range(repetitions):
                    \(statement)
                print((time.perf_counter() - start) / repetitions)
            """
        let output = try python.run(["-c", script, file.path, String(repetitions), String(runs)])
        let values = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        guard values.count == runs else { throw ExternalTool.Failure(description: "python3 printed \(values.count) timings") }
        return Bench.Samples(values)
    }
}
