import EndlessHTTP
import EndlessImages
import EndlessSimulator
import EndlessTesting
import Foundation
import Testing

/// The production loader, `HTTPClient`, fetching the simulator's portraits over TCP.
@Suite("HTTPClient as the pipeline's loader", .timeLimit(TimeBudget.minutes(1)))
struct HTTPLoaderTests {
    @Test("a portrait downloads over HTTP and decodes to the requested thumbnail")
    func portraitThroughHTTP() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
        let base = try server.start()
        defer { server.stop() }
        let pipeline = ImagePipeline(
            configuration: .init(dataLoader: HTTPClient(), memoryCache: ImageMemoryCache(), diskCache: nil))
        let url = base.appendingPathComponent("portraits/women/7.jpg")
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 24, height: 24))

        let image = try await pipeline.image(for: request)

        #expect(image.width == 24 && image.height == 24)
        #expect(image.request == request)
        // A face, not a blank square: the pixels vary.
        #expect(Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }).count > 8)
        #expect(pipeline.metrics.downloads == 1)
    }

    @Test("a missing portrait is the HTTP client's 404, not a decode error")
    func missingPortrait() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
        let base = try server.start()
        defer { server.stop() }
        let pipeline = ImagePipeline(configuration: .init(dataLoader: HTTPClient(), diskCache: nil))
        let request = ImageRequest(url: base.appendingPathComponent("portraits/women/99.jpg"), targetSize: PixelSize(width: 24, height: 24))

        await #expect(throws: HTTPError.self) { try await pipeline.image(for: request) }
        do {
            _ = try await pipeline.image(for: request)
        } catch let error as HTTPError {
            #expect(error.statusCode == 404)
        }
    }
}
