import Observation

/// A property of a generic `@Observable` class, observed without a generic key path.
///
/// In a generic `@Observable` class, every read of a tracked property instantiates its key
/// path at run time (`\Feed<Source>.store` depends on `Source`), resolving the generic
/// arguments from their mangled names: microseconds a read, and a list reads the feed's items
/// once a row. Held `j` spent 13–18 % of the app's CPU there. Marked `@ObservationIgnored
/// @SignalObserved`, a property is observed through an ``ObservationSignal`` instead, whose
/// class is not generic, so its key path is a constant made once; observers see reads and
/// changes as with a tracked property: setting an `Equatable` property to the value it holds
/// tells nobody, as `@Observable` does (a change made in place, through `_modify`, always
/// tells).
///
/// Every change also bumps the one shared revision that reads inside
/// `FrameObservation.coarse` observe instead (a frame), so such a read is told of every change
/// it would have been told of.
@propertyWrapper
public struct SignalObserved<Value> {
    private var value: Value
    private let signal = ObservationSignal()
    /// Whether two values are equal, for an `Equatable` value: a set to the value held then
    /// changes nothing and tells nobody. Nil for other values, whose every set tells.
    private let isSame: ((Value, Value) -> Bool)?

    /// Wraps a property's initial value.
    public init(wrappedValue: Value) {
        value = wrappedValue
        isSame = nil
    }

    /// Wraps a property's initial `Equatable` value: setting it to what it holds tells nobody.
    public init(wrappedValue: Value) where Value: Equatable {
        value = wrappedValue
        isSame = { $0 == $1 }
    }

    /// The value; reading it registers with the observation in progress, changing it tells
    /// the observers first.
    public var wrappedValue: Value {
        // Read in place: an owner's `_read` of a part copies the part, not the whole value.
        _read {
            signal.read()
            yield value
        }
        set {
            if let isSame, isSame(value, newValue) { return }
            signal.willChange()
            value = newValue
        }
        _modify {
            signal.willChange()
            yield &value
        }
    }
}

/// A change count that stands in, for Observation, for one ``SignalObserved`` property.
@Observable
final class ObservationSignal {
    private var changes = 0

    /// Registers the read with the observation in progress, if any: of this signal, or inside
    /// `FrameObservation.coarse` of the shared revision.
    func read() {
        if FrameObservation.isCoarse {
            FrameObservation.readCoarsely()
        } else {
            _ = changes
        }
    }

    /// Tells the observers of the reads, fine and coarse, that the value is about to change.
    func willChange() {
        changes &+= 1
        FrameObservation.Revision.shared.bump()
    }
}
