// The `endless` command. Everything but process startup lives in EndlessApp.
import CBacktraceSettings
import EndlessApp
import EndlessDigest
import EndlessShared
import EndlessTerminal
import Foundation
@_spi(ExperimentalCustomExecutors) import _Concurrency

// Before any thread allocates: freed memory is kept for the next allocation up to a couple of
// megabytes a heap, rather than given back to the kernel and faulted in again (FreedMemory).
FreedMemory.keep()

// The main actor runs on the main thread's own loop (MainRunLoop), which also reads the
// terminal: a key is read, handled and drawn on one thread. Installed before anything uses
// Swift concurrency; the task-pool executor stays the platform's.
_createExecutors(factory: EndlessExecutors.self)

// In a terminal, the Swift runtime was told before it started to write a crash's backtrace to
// a file in the state folder (see CBacktraceSettings): the crash handler makes that file,
// says where it is on standard error, and ends the process promptly.
if let crashReportPath = endless_crash_report_path() {
    CrashReport.install(path: String(cString: crashReportPath), program: "endless")
}
// Before anything starts libcurl: libcrypto must not tear itself down in exit() while other
// threads still use it (see Digest.initializeLibrary).
Digest.initializeLibrary()
let arguments = Array(CommandLine.arguments.dropFirst())
Task { @MainActor in exit(await EndlessCommand.run(arguments)) }
do {
    try MainActor.executor.run()
} catch {
    FileHandle.standardError.write(Data("endless: the main loop failed: \(error)\n".utf8))
}
exit(1)

/// The executors `endless` runs on: the main actor on ``MainRunLoop``, tasks on the platform's
/// pool.
struct EndlessExecutors: ExecutorFactory {
    static var mainExecutor: any MainExecutor {
        MainRunLoop.installMain() ?? PlatformExecutorFactory.mainExecutor
    }
    static var defaultExecutor: any TaskExecutor { PlatformExecutorFactory.defaultExecutor }
}
