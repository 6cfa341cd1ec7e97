import EndlessDigest
import Foundation
import Testing

@testable import EndlessSimulator

@Suite("Generated passwords (GENERATOR.md §5.5)")
struct PasswordTests {
    @Test(
        "length bounds: the last token, with NaN and out-of-range bounds falling back to 8 and 64",
        arguments: [
            ("upper,lower,8-16", 8.0, 16.0), ("number,5", 5, 5), ("upper", 8, 64), ("upper,70-10", 10, 64),
            ("lower,8-", 8, 8), ("lower,-5", 8, 64), ("lower,0", 8, 64), ("lower,65", 8, 64), ("lower,1-2-3", 1, 3),
            ("lower,x-4", 8, 64), ("lower,5.5", 5.5, 5.5), ("lower,0x10", 16, 16),
        ])
    func bounds(parameter: String, minimum: Double, maximum: Double) throws {
        let spec = try #require(PasswordSpec(parameter: parameter))
        #expect(spec.minimum == minimum && spec.maximum == maximum)
    }

    @Test("charsets concatenate in parameter order, deduplicated; none means the list")
    func charsets() throws {
        let spec = try #require(PasswordSpec(parameter: "number,lower,number,12"))
        #expect(String(decoding: spec.characters, as: UTF8.self) == "0123456789abcdefghijklmnopqrstuvwxyz")
        let special = try #require(PasswordSpec(parameter: "special"))
        #expect(String(decoding: special.characters, as: UTF8.self) == ##" !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##)
        #expect(PasswordSpec(parameter: "") == nil)
        #expect(PasswordSpec(parameter: "Upper,8") == nil)
        #expect(PasswordSpec(parameter: " upper") == nil)
    }

    @Test(
        "generated passwords stay within their length range and charset",
        arguments: [
            ("upper,lower,8-16", 8, 16, "A-Za-z"), ("number,5", 5, 5, "0-9"), ("special,upper", 8, 64, "special"),
            ("lower,5.5", 6, 6, "a-z"),
        ])
    func generated(parameter: String, shortest: Int, longest: Int, set: String) throws {
        let users = try GeneratorFixtures.users(
            "seed=pw&results=200&password=" + parameter.replacingOccurrences(of: ",", with: "%2C"))
        let allowed: (Character) -> Bool =
            switch set {
            case "A-Za-z": { $0.isASCII && $0.isLetter }
            case "0-9": { $0.isASCII && $0.isNumber }
            case "a-z": { $0.isASCII && $0.isLowercase }
            default: { $0.isASCII && !$0.isLowercase && !$0.isNumber }
            }
        var lengths = Set<Int>()
        for user in users {
            let password = try #require((user["login"] as? [String: Any])?["password"] as? String)
            lengths.insert(password.count)
            #expect((shortest...longest).contains(password.count), "\(password)")
            #expect(password.allSatisfy(allowed), "\(password)")
        }
        #expect(lengths.count == min(longest - shortest + 1, 20) || lengths.count > 20)
    }

    @Test("the hashes are md5/sha1/sha256 of password + salt")
    func hashes() throws {
        let login = try #require(
            try GeneratorFixtures.users("seed=h&password=lower,10").first?["login"] as? [String: String])
        let salted = (login["password"] ?? "") + (login["salt"] ?? "")
        #expect(login["md5"] == Digest.md5.hex(salted))
        #expect(login["sha1"] == Digest.sha1.hex(salted))
        #expect(login["sha256"] == Digest.sha256.hex(salted))
    }
}
