import EndlessSimulator
import Foundation

/// `portraits draw`: drawing every face the simulator serves (197 people at 128, 72 and 48
/// pixels) into RGB pixels, the work a person's first minute of scrolling the people feed pays
/// once, against the strategy it replaced: the same renderer evaluating every shape at every
/// pixel of its bounds (mostly the whole canvas), as it did before shapes knew their reach and
/// their covered and empty spans. Both must give identical pixels for every face, or the bench
/// fails. JPEG encoding, the same for both, is left out.
enum PortraitBenchmark {
    static let sizes = [128, 72, 48]

    static func run() throws {
        let faces = PortraitKey.Gender.allCases.flatMap { gender in
            (0...gender.maxIndex).map { PortraitFeatures(gender: gender, index: $0) }
        }
        for face in faces {
            for size in sizes where PortraitRenderer.render(face, size: size) != PortraitRenderer.render(face, size: size, scanningEveryPixel: true) {
                throw BenchFailure("portraits: the renderer and its baseline draw a face differently at \(size) px")
            }
        }
        // Bytes drawn by each side, so no run can be optimized away and both drew the same.
        var oursBytes = 0
        var baselineBytes = 0
        let times = Bench.interleaved(
            ours: {
                Bench.seconds {
                    for face in faces {
                        for size in sizes { oursBytes += PortraitRenderer.render(face, size: size).count }
                    }
                }
            },
            baseline: {
                Bench.seconds {
                    for face in faces {
                        for size in sizes { baselineBytes += PortraitRenderer.render(face, size: size, scanningEveryPixel: true).count }
                    }
                }
            })
        guard oursBytes == baselineBytes else { throw BenchFailure("portraits: the two renderers drew different amounts") }
        Bench.figure(
            "portraits", "draw", unit: "ms_for_all_faces", ours: times.ours.scaled(1000),
            baseline: .init(name: "every_pixel_of_the_bounds", samples: times.baseline.scaled(1000)),
            better: .lower, decimals: 1,
            details: [
                "faces": faces.count, "sizes": "128,72,48", "identical_pixels": "yes",
                "us_per_face_at_all_sizes": Bench.fixed(times.ours.median * 1e6 / Double(faces.count), 0),
            ])
    }
}
