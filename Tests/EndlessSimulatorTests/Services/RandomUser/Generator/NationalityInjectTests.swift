import Foundation
import Testing

@testable import EndlessSimulator

/// The per-nationality formats of GENERATOR.md §5.8 and the conditional (C) draws.
@Suite("Nationality injects (GENERATOR.md §5.8)")
struct NationalityInjectTests {
    /// The shapes each inject produces: phone, cell, id name, id value, postcode (nil: an int).
    static let expectedShapes: [(nat: String, phone: String, cell: String, idName: String, idValue: String?, postcode: String?)] = [
        ("AU", #"^0\d-\d{4}-\d{4}$"#, #"^04\d{2}-\d{3}-\d{3}$"#, "TFN", #"^\d{9}$"#, nil),
        (
            "BR", #"^\(\d{2}\) \d{4}-\d{4}$"#, #"^\(\d{2}\) \d{4}-\d{4}$"#, "CPF", #"^\d{3}\.\d{3}\.\d{3}-\d{2}$"#,
            nil
        ),
        (
            "CA", #"^[A-Z]\d{2} [A-Z]\d{2}-\d{4}$"#, #"^[A-Z]\d{2} [A-Z]\d{2}-\d{4}$"#, "SIN", #"^\d{9}$"#,
            #"^[A-Z]\d[A-Z] \d[A-Z]\d$"#
        ),
        (
            "CH", #"^07[5-9] \d{3} \d{2} \d{2}$"#, #"^07[5-9] \d{3} \d{2} \d{2}$"#, "AVS",
            #"^756\.\d{4}\.\d{4}\.\d{2}$"#, nil
        ),
        ("DE", #"^0\d{3}-\d{7}$"#, #"^017\d-\d{7}$"#, "SVNR", #"^\d{2} \d{6,7} \S \d{3}$"#, nil),
        ("DK", #"^\d{8}$"#, #"^\d{8}$"#, "CPR", #"^\d{6,7}-\d{4}$"#, nil),
        ("ES", #"^9\d{2}-\d{3}-\d{3}$"#, #"^6\d{2}-\d{3}-\d{3}$"#, "DNI", #"^\d{8}-[A-Z]$"#, nil),
        ("FI", #"^0[2-9]-\d{3}-\d{3}$"#, #"^04\d-\d{3}-\d{2}-\d{2}$"#, "HETU", #"^NaNNA\d{3}undefined$"#, nil),
        (
            "FR", #"^0[1-5]-\d{2}-\d{2}-\d{2}-\d{2}$"#, #"^06-\d{2}-\d{2}-\d{2}-\d{2}$"#, "INSEE",
            #"^\d{13,14} \d{2}$"#, nil
        ),
        (
            "GB", #"^0[12][\d ]+$"#, #"^07\d{3} \d{6}$"#, "NINO", #"^[A-Z]{2} \d{2} \d{2} \d{2} [A-Z]$"#,
            #"^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$"#
        ),
        ("IE", #"^0[1-7]1-\d{3}-\d{4}$"#, #"^081-\d{3}-\d{4}$"#, "PPS", #"^\d{7}T$"#, nil),
        ("IN", #"^[789]\d{9}$"#, #"^[789]\d{9}$"#, "UIDAI", #"^\d{12}$"#, nil),
        ("IR", #"^0\d{2}-\d{8}$"#, #"^09\d{2}-\d{3}-\d{4}$"#, "", nil, nil),
        (
            "MX", #"^\(6\d{2}\) \d{3} \d{4}$"#, #"^\(6\d{2}\) \d{3} \d{4}$"#, "NSS",
            #"^\d{2} \d{2} \d{2} \d{4} \d$"#, nil
        ),
        ("NL", #"^\(0\d{2,3}\) \d{6,7}$"#, #"^\(06\) \d{8}$"#, "BSN", #"^\d{8}$"#, #"^\d{4} [A-Z]{2}$"#),
        ("NO", #"^[235678]\d{7}$"#, #"^[49]\d{7}$"#, "FN", #"^\d{11}$"#, #"^\d{4}$"#),
        ("NZ", #"^\(\d{3}\)-\d{3}-\d{4}$"#, #"^\(\d{3}\)-\d{3}-\d{4}$"#, "", nil, nil),
        ("RS", #"^0[123]\d-\d{4}-\d{3}$"#, #"^06\d-\d{4}-\d{3}$"#, "SID", #"^\d{9}$"#, nil),
        ("TR", #"^\(\d{3}\)-\d{3}-\d{4}$"#, #"^\(\d{3}\)-\d{3}-\d{4}$"#, "", nil, nil),
        ("UA", #"^\(0(66|67|68|96|97|98|99)\) [A-Z]\d{2}-\d{4}$"#, #"^\(0\d{2}\) [A-Z]\d{2}-\d{4}$"#, "", nil, nil),
        (
            "US", #"^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$"#, #"^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$"#, "SSN",
            #"^\d{3}-\d{2}-\d{4}$"#, nil
        ),
    ]

    private func matches(_ text: String?, _ pattern: String) -> Bool {
        guard let text else { return false }
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("every nationality's phone, cell, id and postcode have the official shape", arguments: expectedShapes.indices)
    func shapes(index: Int) throws {
        let shape = Self.expectedShapes[index]
        for user in try GeneratorFixtures.users("seed=shape\(index)&nat=\(shape.nat)&results=200") {
            #expect(matches(user["phone"] as? String, shape.phone), "\(shape.nat) phone \(user["phone"] ?? "")")
            #expect(matches(user["cell"] as? String, shape.cell), "\(shape.nat) cell \(user["cell"] ?? "")")
            let id = try #require(user["id"] as? [String: Any])
            #expect(id["name"] as? String == shape.idName)
            if let pattern = shape.idValue {
                #expect(matches(id["value"] as? String, pattern), "\(shape.nat) id \(id["value"] ?? "")")
            } else {
                #expect(id["value"] is NSNull)
            }
            let postcode = (user["location"] as? [String: Any])?["postcode"]
            if let pattern = shape.postcode {
                #expect(matches(postcode as? String, pattern), "\(shape.nat) postcode \(postcode ?? "")")
            } else {
                #expect(postcode is NSNumber)
            }
        }
    }

    @Test("postcode ranges: AU 200–9999, CH 1000–9999, others 10000–99999")
    func postcodeRanges() throws {
        for (nat, range) in [("au", 200...9999), ("ch", 1000...9999), ("de", 10000...99999), ("us", 10000...99999)] {
            for user in try GeneratorFixtures.users("seed=pc&nat=\(nat)&results=300") {
                let postcode = try #require((user["location"] as? [String: Any])?["postcode"] as? Int)
                #expect(range.contains(postcode), "\(nat) \(postcode)")
            }
        }
    }

    @Test("CA SIN is Luhn-valid; US SSN avoids the invalid areas, groups and serials")
    func checksums() throws {
        for user in try GeneratorFixtures.users("seed=sum&nat=ca&results=200") {
            let sin = try #require((user["id"] as? [String: Any])?["value"] as? String)
            #expect(NationalityInject.isLuhnValid(sin))
        }
        for user in try GeneratorFixtures.users("seed=sum&nat=us&results=300") {
            let ssn = try #require((user["id"] as? [String: Any])?["value"] as? String)
            let parts = ssn.split(separator: "-")
            try #require(parts.count == 3, "\(ssn)")
            let area = try #require(Int(parts[0]))
            #expect(area != 0 && area != 666 && area < 900 && parts[1] != "00" && parts[2] != "0000")
        }
        #expect(!NationalityInject.isValidSSN("219-09-9999") && !NationalityInject.isValidSSN("900-12-1234"))
        #expect(NationalityInject.isLuhnValid("046454286") && !NationalityInject.isLuhnValid("046454287"))
    }

    @Test("DE, DK and FR ids carry the Chicago-local dob; FR's month is 0-based with a mod-97 key")
    func dateBasedIds() throws {
        let calendar = ChicagoCalendar.shared
        for nat in ["de", "dk", "fr"] {
            for user in try GeneratorFixtures.users("seed=ids&nat=\(nat)&results=100") {
                let date = try #require((user["dob"] as? [String: Any])?["date"] as? String)
                let instant = Int64(try GeneratorFixtures.date(date).timeIntervalSince1970 * 1000)
                let local = calendar.local(instant)
                let value = try #require((user["id"] as? [String: Any])?["value"] as? String)
                let year = String(local.year - 1900)
                switch nat {
                case "fr":
                    let digits = String(value.prefix { $0 != " " })
                    let month = String(format: "%02d", local.month - 1)
                    #expect(digits.dropFirst().hasPrefix(year + month), "\(value) \(date)")
                    let key = try #require(Int(value.split(separator: " ")[1]))
                    #expect(key == 97 - Int(try #require(Int64(digits)) % 97))
                default:
                    let dayMonth = String(format: "%02d%02d", local.day, local.month)
                    #expect(value.contains(dayMonth + year), "\(nat) \(value) \(date)")
                }
            }
        }
    }

    @Test("NO fødselsnummer: UTC DDMMYY, both check digits valid, gendered individual number")
    func norwegianNumber() throws {
        for user in try GeneratorFixtures.users("seed=fn&nat=no&results=200") {
            let value = try #require((user["id"] as? [String: Any])?["value"] as? String)
            let digits = value.compactMap { $0.wholeNumberValue }
            try #require(digits.count == 11, "\(value)")
            let date = try #require((user["dob"] as? [String: Any])?["date"] as? String)
            let iso = Array(date)
            try #require(iso.count >= 10, "\(date)")
            #expect(value.hasPrefix(String(iso[8...9] + iso[5...6] + iso[2...3])))
            let check = { (weights: [Int]) -> Int in
                let remainder = zip(weights, digits).map(*).reduce(0, +) % 11
                return remainder == 0 ? 0 : 11 - remainder
            }
            #expect(check([3, 7, 6, 1, 8, 9, 4, 5, 2]) == digits[9])
            #expect(check([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) == digits[10])
            let individual = digits[6] * 100 + digits[7] * 10 + digits[8]
            #expect((individual % 2 == 1) == (user["gender"] as? String == "male"))
        }
    }

    @Test("CH titles are French when name is included; DE ids need the name")
    func nameDependentInjects() throws {
        let titles = Set(
            try GeneratorFixtures.users("seed=ch&nat=ch&results=100").compactMap {
                ($0["name"] as? [String: Any])?["title"] as? String
            })
        #expect(titles == ["Monsieur", "Mademoiselle", "Madame"])
        #expect(throws: GeneratorError.self) { try GeneratorFixtures.respond("seed=de&nat=de&exc=name") }
        #expect(try GeneratorFixtures.respond("seed=de&nat=de&exc=name,id").userCount == 1)
    }

    @Test(
        "inc/exc change only conditional draws: later users differ only after a C step is skipped",
        arguments: [
            ("us", "id", true), ("gb", "id", true), ("nl", "location", true), ("ca", "location", true),
            ("ie", "id", false), ("de", "phone", false), ("au", "id", false),
        ])
    func conditionalDraws(nat: String, excluded: String, shifts: Bool) throws {
        let all = try GeneratorFixtures.users("seed=cond&nat=\(nat)&results=5")
        let without = try GeneratorFixtures.users("seed=cond&nat=\(nat)&results=5&exc=\(excluded)")
        try #require(all.count == 5 && without.count == 5)
        // The skipped step is the inject's last, so the first user only loses the field.
        var first = all[0]
        first[excluded] = nil
        #expect(GeneratorFixtures.differences(first, without[0]).isEmpty)
        let later = zip(all.dropFirst(), without.dropFirst()).map { pair -> Bool in
            var user = pair.0
            user[excluded] = nil
            return GeneratorFixtures.differences(user, pair.1).isEmpty
        }
        #expect(later.allSatisfy { $0 } == !shifts)
    }

    @Test("GB phone (C) is the first inject step: excluding it changes the rest of the same user")
    func britishPhoneIsConditional() throws {
        let all = try GeneratorFixtures.users("seed=gbp&nat=gb&results=1")
        let without = try GeneratorFixtures.users("seed=gbp&nat=gb&results=1&exc=phone")
        try #require(all.count == 1 && without.count == 1)
        #expect(all[0]["cell"] as? String != without[0]["cell"] as? String)
        #expect(all[0]["name"] as? [String: String] == without[0]["name"] as? [String: String])
    }
}
