import EndlessShared
import Foundation
import Synchronization

/// A coin's price as a reproducible random walk in real time, from its seed and the instant
/// alone, so the same instant gives the same price in every run and prices move while a person
/// watches (enough that neighbours in the ranking change places between two pages).
///
/// The log price is three parts:
/// - slow drift: smooth noise at periods of two months, two weeks and three days;
/// - an hourly random walk, each hour a seeded step, pinned to zero every three days (a
///   Brownian bridge), so it costs one block of steps to evaluate, not the coin's history;
/// - a little fast noise (ten minutes, a minute, ten seconds), for movement between hours.
enum PriceWalk {
    /// The slow scales: period in seconds, amplitude relative to the daily volatility.
    static let slowScales: [(period: Double, amplitude: Double)] = [5_184_000, 1_209_600, 259_200].map {
        ($0, pow($0 / 86_400, 0.4))
    }
    /// The fast scales, small enough that a week of hourly points reads as a price, not noise.
    static let fastScales: [(period: Double, amplitude: Double)] = [600, 60, 10].map { ($0, 0.4 * pow($0 / 86_400, 0.4)) }
    /// Hours between the points where the hourly walk is pinned to zero.
    static let blockHours = 72
    /// An hourly step's size, relative to the daily volatility: a uniform draw of this half-width
    /// has the standard deviation of a day's volatility spread over 24 hours.
    static let hourlyStep = (1 / 24.0).squareRoot() * 3.0.squareRoot()

    /// The log-price offset of a coin at an instant.
    /// - Parameters:
    ///   - seed: the coin's seed.
    ///   - seconds: the instant, in seconds since 1970.
    ///   - volatility: the coin's daily volatility (0.04 for 4 %).
    /// - Returns: the natural logarithm of price ÷ base price.
    static func logOffset(seed: UInt64, at seconds: Double, volatility: Double) -> Double {
        var memo = Memo()
        return logOffset(seed: seed, at: seconds, volatility: volatility, memo: &memo)
    }

    /// The log-price offsets at many instants, sharing what they have in common: the hourly
    /// steps (a week of hourly points costs three blocks, not 168) and the slow scales' points.
    static func logOffsets(seed: UInt64, at instants: [Double], volatility: Double) -> [Double] {
        var memo = Memo()
        return instants.map { logOffset(seed: seed, at: $0, volatility: volatility, memo: &memo) }
    }

    /// What instants close together share.
    private struct Memo {
        var blocks: [Int64: [Double]] = [:]
        var slowPoints: [Int64: Double] = [:]
    }

    private static func logOffset(seed: UInt64, at seconds: Double, volatility: Double, memo: inout Memo) -> Double {
        var sum = 0.0
        // Plain index loops: this runs for every point of every coin of every page.
        for index in 0..<slowScales.count {
            let scale = slowScales[index]
            let position = seconds / scale.period
            let cell = position.rounded(.down)
            let lattice = Int64(cell)
            func slowPoint(_ at: Int64) -> Double {
                let key = at &* 8 &+ Int64(index)
                if let known = memo.slowPoints[key] { return known }
                let value = point(seed: seed, scale: index, lattice: at)
                memo.slowPoints[key] = value
                return value
            }
            let a = slowPoint(lattice)
            let b = slowPoint(lattice &+ 1)
            let fraction = position - cell
            sum += (a + (b - a) * fraction * fraction * (3 - 2 * fraction)) * scale.amplitude
        }
        for index in 0..<fastScales.count {
            let scale = fastScales[index]
            sum += noise(seed: seed, scale: 10 + index, position: seconds / scale.period) * scale.amplitude
        }
        sum += bridge(seed: seed, hours: seconds / 3600, blocks: &memo.blocks) * hourlyStep
        return sum * volatility
    }

    /// Smooth noise in -1...1: seeded values at whole positions, eased between.
    static func noise(seed: UInt64, scale: Int, position: Double) -> Double {
        let cell = position.rounded(.down)
        let fraction = position - cell
        let lattice = Int64(cell)
        let a = point(seed: seed, scale: scale, lattice: lattice)
        let b = point(seed: seed, scale: scale, lattice: lattice &+ 1)
        let eased = fraction * fraction * (3 - 2 * fraction)
        return a + (b - a) * eased
    }

    /// The hourly walk at a fractional hour: the sum of the block's steps so far, less the
    /// share of the block's total that pins both ends to zero.
    private static func bridge(seed: UInt64, hours: Double, blocks: inout [Int64: [Double]]) -> Double {
        let length = Double(blockHours)
        let blockPosition = (hours / length).rounded(.down)
        let block = Int64(blockPosition)
        let within = hours - blockPosition * length
        let sums: [Double]
        if let cached = blocks[block] {
            sums = cached
        } else {
            sums = BlockCache.shared.sums(seed: seed, block: block) {
                // Running sums of the block's steps: sums[k] is the walk after k hours.
                var running = [0.0]
                running.reserveCapacity(blockHours + 1)
                for step in 0..<blockHours {
                    running.append(running[step] + point(seed: seed ^ 0xB21D_6E0F, scale: 20, lattice: block &* 1000 &+ Int64(step)))
                }
                return running
            }
            blocks[block] = sums
        }
        let hour = min(blockHours - 1, Int(within))
        let walked = sums[hour] + (sums[hour + 1] - sums[hour]) * (within - Double(hour))
        return walked - within / length * sums[blockHours]
    }

    /// A uniform draw in -1...1 for one lattice point of one scale.
    static func point(seed: UInt64, scale: Int, lattice: Int64) -> Double {
        var random = ChaosRandom(
            seed: seed ^ (UInt64(scale + 1) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: lattice) &* 0xC2B2_AE3D_27D4_EB4F))
        return random.unit() * 2 - 1
    }
}

/// The hourly walk's blocks already summed, shared by every request: a block changes only every
/// three days, and every request prices the whole market. Bounded: the least recently used
/// blocks go first once it holds more than a few days of a large market.
final class BlockCache: Sendable {
    static let shared = BlockCache()
    /// The most blocks kept (about 4 MB).
    static let capacity = 8192

    private struct Key: Hashable {
        let seed: UInt64
        let block: Int64
    }

    private let blocks = Mutex(LRUList<Key, [Double]>(costLimit: BlockCache.capacity, countLimit: BlockCache.capacity))

    /// The running sums of a coin's block, computed by `make` when not kept yet.
    func sums(seed: UInt64, block: Int64, make: () -> [Double]) -> [Double] {
        let key = Key(seed: seed, block: block)
        if let cached = blocks.withLock({ $0.value(for: key) }) { return cached }
        let sums = make()
        blocks.withLock { $0.insert(sums, for: key, cost: 1) }
        return sums
    }
}
