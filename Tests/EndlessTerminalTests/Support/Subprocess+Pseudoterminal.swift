import EndlessTesting
import Glibc

extension Subprocess {
    /// Waits for a child while reading what it writes to `pty`; past `deadline` the child is
    /// killed with SIGKILL. Returns the raw wait status.
    static func wait(_ pid: pid_t, collecting pty: Pseudoterminal, deadline: Duration) -> Int32 {
        let end = ContinuousClock.now + deadline
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return status }
            if ContinuousClock.now >= end {
                kill(pid, SIGKILL)
                return wait(pid)
            }
            // Waits on the child's output; the timeout only bounds how late its exit is seen.
            pty.waitForOutput(milliseconds: 20)
        }
    }
}
