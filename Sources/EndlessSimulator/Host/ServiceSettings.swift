/// One service's settings, read from its flags: a value type with a default for each setting.
public protocol SimulatedServiceSettings: Sendable, Equatable {
    /// The settings when no flag says otherwise: the embedded simulator's.
    init()
}

extension SimulatedServiceSettings {
    /// Whether `other` is settings of the same type, equal to these.
    fileprivate func isEqual(to other: any SimulatedServiceSettings) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

/// Every service's settings, each under its own type: what ``SimulatorConfiguration`` hands the
/// services, so the host and the app carry them without knowing any service.
///
/// ```swift
/// var services = ServiceSettings()
/// services[ReqresServiceSettings.self].userCount = 1000
/// ```
public struct ServiceSettings: Sendable, Equatable {
    private var values: [ObjectIdentifier: any SimulatedServiceSettings] = [:]

    /// Every service with its default settings.
    public init() {}

    /// These settings, the other services' defaults.
    /// - Parameter settings: settings of distinct services.
    public init(_ settings: any SimulatedServiceSettings...) {
        for setting in settings { values[ObjectIdentifier(type(of: setting))] = setting }
    }

    /// One service's settings: those set, else its defaults.
    public subscript<Settings: SimulatedServiceSettings>(_ type: Settings.Type) -> Settings {
        get { values[ObjectIdentifier(type)] as? Settings ?? Settings() }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    /// Equal when every service's settings are, a service left out counting as its defaults.
    public static func == (lhs: ServiceSettings, rhs: ServiceSettings) -> Bool {
        let types = Set(lhs.values.keys).union(rhs.values.keys)
        return types.allSatisfy { key in
            guard let value = lhs.values[key] ?? rhs.values[key] else { return true }
            let defaults = type(of: value).init()
            return (lhs.values[key] ?? defaults).isEqual(to: rhs.values[key] ?? defaults)
        }
    }
}
