import Glibc
import Testing

@testable import EndlessTerminal

@Suite("Events")
struct EventTests {
    @Test("termination signals carry their numbers")
    func signals() {
        #expect([TerminationSignal.hangup, .interrupt, .terminate].map(\.number) == [SIGHUP, SIGINT, SIGTERM])
        #expect("\(KeyEvent(.up, modifiers: [.control, .shift]))" == "Ctrl-Shift-up")
        #expect("\(KeyEvent(.function(5), modifiers: .alt))" == "Alt-F5")
    }
}
