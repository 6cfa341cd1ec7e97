// The control for `make tsan`'s suppressions: is a report inside Mutex.withLock ours, or the
// toolchain's? Two threads increment one counter 20,000 times each.
//
//   mutex-control mutex   every increment inside Synchronization.Mutex.withLock: correct
//                         code, 40,000 at the end, yet ThreadSanitizer reports a race,
//                         because the Mutex locks with a futex it cannot see.
//   mutex-control tuple   the same with a tuple as the Mutex's state, whose withLock
//                         closure Swift mangles differently (HTTPDate's cache is one).
//   mutex-control plain   no lock at all: a real race, which must still be reported with
//                         the suppressions on (they must not hide real races).
//
// scripts/tsan/control compiles it with -sanitize=thread and checks both verdicts.
//
// A few thousand increments are plenty: ThreadSanitizer reports two accesses that nothing it
// sees orders, overlapping or not. A million each once took over five minutes on 2 cores
// under the sanitizer (both threads handing the lock back and forth through the kernel).
import Foundation
import Synchronization

final class Guarded: Sendable {
    let value = Mutex(0)
    let pair = Mutex((count: 0, label: ""))
}

/// A counter with no protection at all; `@unchecked` is the point of this control.
final class Unguarded: @unchecked Sendable {
    var value = 0
}

let mode = CommandLine.arguments.dropFirst().first ?? "mutex"
let guarded = Guarded()
let unguarded = Unguarded()
/// Both threads wait here until both run, so their increments overlap. Relaxed, so that the
/// start itself orders nothing for ThreadSanitizer.
let started = Atomic<Int>(0)
let done = DispatchSemaphore(value: 0)
for _ in 0..<2 {
    Thread {
        started.add(1, ordering: .relaxed)
        while started.load(ordering: .relaxed) < 2 {}
        for _ in 0..<20_000 {
            if mode == "plain" {
                unguarded.value += 1
            } else if mode == "tuple" {
                guarded.pair.withLock { $0.count += 1 }
            } else {
                guarded.value.withLock { $0 += 1 }
            }
        }
        done.signal()
    }.start()
}
done.wait()
done.wait()
let total = mode == "plain" ? unguarded.value : mode == "tuple" ? guarded.pair.withLock { $0.count } : guarded.value.withLock { $0 }
print(mode, total)
