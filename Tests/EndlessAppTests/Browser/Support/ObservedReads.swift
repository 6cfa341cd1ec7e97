@_spi(SwiftUI) import Observation
import Synchronization

/// What a piece of code reads through Observation: the objects whose registrars it registered
/// with and the key paths it read of each, as `withObservationTracking` would observe them.
///
/// Read from the tracking's access list by reflection (Observation keeps it internal), so it
/// says nothing when the layout changes: ``measure(_:)`` then finds no list and fails.
struct ObservedReads: CustomStringConvertible {
    /// Per object: its type (the root type of the key paths read of it) and the key paths read.
    var objects: [(type: String, keyPaths: [String])]

    /// How many objects were read.
    var objectCount: Int { objects.count }
    /// How many key paths were read, over all objects.
    var keyPathCount: Int { objects.reduce(0) { $0 + $1.keyPaths.count } }

    var description: String {
        objects.map { "\($0.type): \($0.keyPaths.joined(separator: ", "))" }.sorted().joined(separator: "\n")
    }

    /// The reads of `body`, or nil when the access list could not be found.
    @MainActor
    static func measure(_ body: () -> Void) -> ObservedReads? {
        let probe = Probe()
        let found = Mutex<ObservedReads?>(nil)
        withObservationTracking {
            body()
            _ = probe.value
        } willSet: { tracking in
            found.withLock { $0 = reads(of: tracking) }
        }
        probe.value += 1
        guard var reads = found.withLock({ $0 }) else { return nil }
        reads.objects.removeAll { $0.type.hasSuffix("Probe") }
        return reads
    }

    private static func reads(of tracking: ObservationTracking) -> ObservedReads? {
        guard let list = child(of: tracking, named: "list"), let entries = child(of: list, named: "entries") else { return nil }
        var objects: [(type: String, keyPaths: [String])] = []
        for element in Mirror(reflecting: entries).children {
            let pair = Mirror(reflecting: element.value).children.map(\.value)
            // An entry is keyed by its registrar's storage, not by the object that owns the
            // registrar (on Swift 6.3 every key is a `LockedBuffer`): the object is named by the
            // root type of the key paths read of it instead.
            guard pair.count == 2, pair[0] is ObjectIdentifier,
                let properties = child(of: pair[1], named: "properties") as? Set<AnyKeyPath>, !properties.isEmpty
            else { return nil }
            let owners = Set(properties.map { String(reflecting: type(of: $0).rootType) })
            objects.append((owners.sorted().joined(separator: "+"), properties.map { String(describing: $0) }.sorted()))
        }
        return ObservedReads(objects: objects)
    }

    private static func child(of value: Any, named name: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            if let found = current.children.first(where: { $0.label == name }) {
                // An optional is unwrapped.
                let inner = Mirror(reflecting: found.value)
                if inner.displayStyle == .optional { return inner.children.first?.value }
                return found.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }

}

/// A value every measured piece of code reads last, changed to make the tracking report.
@Observable
private final class Probe {
    var value = 0
}
