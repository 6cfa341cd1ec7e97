import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The catalogue is what the host mounts: every service in it is reached on its mount path
/// through the real server, and the paths, ids and flags it declares do not collide.
@Suite("The service catalogue", .timeLimit(TimeBudget.minutes(1)))
struct ServiceCatalogueTests {
    /// What a service's router is made with in these tests.
    static func environment() throws -> ServiceEnvironment {
        ServiceEnvironment(data: try GeneratorData.builtIn(), clock: ContinuousClock(), now: { Date() }, portraits: .shared)
    }

    @Test("every service answers on its mount path through the real server on 127.0.0.1")
    func everyServiceAnswersOnItsMount() throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
        let port = try #require(try server.start().port)
        defer { server.stop() }
        let client = try RawClient(port: UInt16(port))
        let index = try client.get("/")
        #expect(index.status == 200)
        for service in SimulatedService.all {
            let root = try #require(server.baseURL(of: service))
            #expect(root.absoluteString == "http://127.0.0.1:\(port)\(service.apiRootPath)", "\(service.id)")
            #expect(index.text.split(separator: "\n").contains(Substring(service.mountPath)), "\(service.id)")
            // A path no service mounts gets the host's plain 404; the service's own answers differ.
            let answer = try client.get(service.apiRootPath)
            #expect(!(answer.status == 404 && answer.text == "Not Found"), "\(service.id): \(answer.status) \(answer.text)")
        }
        #expect(try client.get("/nothing-mounted-here/").text == "Not Found")
    }

    @Test("under the HTML fault, each mount's block page names that service's site: routing goes by the catalogue")
    func routesByMountPath() throws {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), faults: FaultConfiguration(htmlRate: 1)))
        let port = try #require(try server.start().port)
        defer { server.stop() }
        let client = try RawClient(port: UInt16(port))
        let environment = try Self.environment()
        for service in SimulatedService.all {
            let router = service.makeRouter(ServiceSettings(), environment)
            #expect(router.mountPath == service.mountPath, "\(service.id)")
            let answer = try client.get(service.apiRootPath)
            #expect(answer.text.contains(router.siteName), "\(service.id): \(answer.status)")
            let others = SimulatedService.all.filter { $0 != service }.map { $0.makeRouter(ServiceSettings(), environment).siteName }
            #expect(others.allSatisfy { !answer.text.contains($0) }, "\(service.id)")
        }
    }

    @Test("ids, mount paths and flags are unique; mounts start and end with a slash; the API root is under the mount")
    func declarationsDoNotCollide() {
        let services = SimulatedService.all
        #expect(!services.isEmpty)
        #expect(Set(services.map(\.id)).count == services.count)
        #expect(Set(services.map(\.mountPath)).count == services.count)
        for service in services {
            #expect(service.mountPath.hasPrefix("/") && service.mountPath.hasSuffix("/"), "\(service.id)")
            #expect(service.apiRootPath.hasPrefix(service.mountPath), "\(service.id)")
            #expect(services.allSatisfy { $0 == service || !$0.mountPath.hasPrefix(service.mountPath) }, "\(service.id)")
        }
        let flags = SimulatedService.allOptions.map(\.name)
        #expect(Set(flags).count == flags.count)
    }

    @Test("settings left out are each service's defaults; set ones are kept apart by service")
    func settingsBag() {
        var settings = ServiceSettings()
        #expect(settings[ReqresServiceSettings.self].userCount == ReqresServiceSettings.defaultUserCount)
        #expect(settings == ServiceSettings(ReqresServiceSettings()))
        settings[ReqresServiceSettings.self].userCount = 40
        settings[UnsplashServiceSettings.self].rateLimit = 7
        #expect(settings[ReqresServiceSettings.self].userCount == 40)
        #expect(settings[UnsplashServiceSettings.self].rateLimit == 7)
        #expect(settings[CoinGeckoServiceSettings.self].rateLimit == nil)
        #expect(settings != ServiceSettings())
        #expect(settings == ServiceSettings(UnsplashServiceSettings(rateLimit: 7), ReqresServiceSettings(userCount: 40)))
    }
}
