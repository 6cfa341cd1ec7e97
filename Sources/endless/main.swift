// The `endless` command. Everything but process startup lives in EndlessApp.
import CBacktraceSettings
import EndlessApp
import EndlessDigest
import EndlessTerminal
import Foundation

// In a terminal, the Swift runtime was told before it started to write a crash's backtrace to
// a file in the state folder (see CBacktraceSettings): the crash handler makes that file,
// says where it is on standard error, and ends the process promptly.
if let crashReportPath = endless_crash_report_path() {
    CrashReport.install(path: String(cString: crashReportPath), program: "endless")
}
// Before anything starts libcurl: libcrypto must not tear itself down in exit() while other
// threads still use it (see Digest.initializeLibrary).
Digest.initializeLibrary()
exit(await EndlessCommand.run(Array(CommandLine.arguments.dropFirst())))
