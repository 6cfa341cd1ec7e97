import Observation

/// A change count that stands in, for Observation, for a property of a generic observable.
///
/// In a generic `@Observable` class, every read of a tracked property instantiates its key
/// path at run time (`\Feed<Source>.store` depends on `Source`), resolving the generic
/// arguments from their mangled names: microseconds a read, and a list reads the feed's items
/// once a row. Held `j` spent 13 % of the app's CPU there. This class is not generic, so its
/// key path is a constant made once: a property kept in `@ObservationIgnored` storage calls
/// ``read()`` in its getter and ``willChange()`` before each write, and is observed exactly
/// as a tracked property would be.
@Observable
final class ObservationSignal {
    private var changes = 0

    /// Registers the read with the observation in progress, if any.
    func read() {
        _ = changes
    }

    /// Tells the observers of the reads that the value is about to change.
    func willChange() {
        changes &+= 1
    }
}
