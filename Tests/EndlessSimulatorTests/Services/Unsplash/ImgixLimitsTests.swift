import Testing

@testable import EndlessSimulator

/// imgix's limits, and what one image request may cost the simulator.
@Suite("Imgix limits")
struct ImgixLimitsTests {
    static func request(_ query: String) -> Result<ImgixRequest, ImgixRequest.Invalid> {
        Result { () throws(ImgixRequest.Invalid) in try ImgixRequest(QueryParameters(query)) }
    }

    @Test("w and h past imgix's 8192, dpr past 8, and anything that is not a positive number are refused, naming the parameter")
    func refusals() {
        for query in ["w=8193", "h=8192.5", "w=1e308", "w=1e309", "w=NaN", "h=-0", "w=", "dpr=8.01", "dpr=1e309", "dpr=0", "q=-0.5", "q=1e2"] {
            guard case .failure(let invalid) = Self.request(query) else {
                Issue.record("\(query) was accepted")
                continue
            }
            #expect(query.hasPrefix(invalid.parameter + "="), "\(query)")
        }
        for query in ["w=8192", "h=0.001", "dpr=8", "q=0", "q=-0", "w=4e3"] {
            #expect((try? Self.request(query).get()) != nil, "\(query)")
        }
    }

    @Test("what is drawn stays within the limits, finite and at least a pixel, whatever the box")
    func drawn() throws {
        let plan = { (query: String) in try Self.request(query).get().plan(originalWidth: 3000, originalHeight: 2000) }
        let square = try plan("w=4096&h=4096&fit=crop")
        #expect(square.width == 2048 && square.height == 2048)
        let huge = try plan("w=8192&dpr=8")
        #expect(huge.width * huge.height <= ImgixRequest.Limits.default.maximumPixels && huge.width > 2500)
        #expect(abs(Double(huge.width) / Double(huge.height) - 1.5) < 0.01)
        let long = try plan("w=8192&h=100&fit=crop")
        #expect(long.width == 4096 && long.height == 50)
        for query in ["w=1e-300&h=8192&fit=crop", "w=8192&h=1e-300&fit=crop", "w=5e-324", "h=5e-324&dpr=8", "w=1e-300&h=1e-300&fit=max"] {
            let drawn = try plan(query)
            #expect(drawn.width >= 1 && drawn.height >= 1 && drawn.width <= 4096 && drawn.height <= 4096, "\(query)")
            let source = drawn.source
            #expect([source.x, source.y, source.width, source.height].allSatisfy(\.isFinite) && source.width > 0 && source.height > 0, "\(query)")
        }
        let small = ImgixRequest.Limits(maximumSide: 96, maximumPixels: 96 * 64)
        let limited = try Self.request("w=4000&h=4000&fit=crop").get().plan(originalWidth: 3000, originalHeight: 2000, limits: small)
        #expect(limited.width * limited.height <= 96 * 64 && limited.width == limited.height)
    }
}
