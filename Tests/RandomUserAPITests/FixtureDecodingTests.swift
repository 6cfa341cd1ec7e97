import EndlessHTTP
import Foundation
import Testing

@testable import RandomUserAPI

/// Every captured body decodes with its values, including each quirk the fixtures README lists.
@Suite("Fixtures decode with their values")
struct FixtureDecodingTests {
    @Test("v1.0: string street, unix-second dates, lowercase names, no gender/nat/uuid")
    func v10() throws {
        let response = try Fixtures.response(Fixtures.v10)
        #expect(response.results.count == 6)
        #expect(response.info == .init(seed: "19cadd5fc5287596", results: 6, page: 1, version: "1.0"))

        let levi = try #require(response.results.first)
        #expect(levi.name == .init(title: "mr", first: "levi", last: "stone"))
        #expect(levi.gender == nil)
        #expect(levi.nat == nil)
        #expect(levi.location?.street == .init(number: 6738, name: "lone wolf trail"))
        #expect(levi.location?.city == "manchester")
        #expect(levi.location?.state == "north carolina")
        #expect(levi.location?.country == nil)
        #expect(levi.location?.postcode == .number(24560))
        #expect(levi.email == "levi.stone@example.com")
        #expect(levi.login?.uuid == nil)
        #expect(levi.login?.username == "greengoose319")
        #expect(levi.login?.sha256 == "42fd41ee0ae1d29e9979b2f8a830030b64316b300cc01ca6d7ae7015821bc478")
        // 449536660 s = 1984-03-30T23:17:40Z; 1369762060 s = 2013-05-28T17:27:40Z.
        #expect(epochMilliseconds(levi.dob?.date) == 449_536_660_000)
        #expect(levi.dob?.age == nil)
        #expect(epochMilliseconds(levi.registered?.date) == 1_369_762_060_000)
        #expect(levi.nationalID == .init(name: "SSN", value: "290-49-4738"))
        #expect(levi.phone == "(334)-039-8930")
        #expect(levi.cell == "(981)-405-7914")
        #expect(levi.picture?.large == "https://randomuser.me/api/portraits/men/40.jpg")
        #expect(levi.picture?.thumbnailURL?.lastPathComponent == "40.jpg")

        // No uuid: every person gets a content hash, and the six are told apart.
        #expect(response.results.allSatisfy { $0.id.hasPrefix("sha256:") && $0.id.count == 71 })
        #expect(Set(response.results.map(\.id)).count == 6)
        let wanda = try #require(response.results.last)
        #expect(wanda.name?.full == "ms wanda hill")
        #expect(wanda.location?.street == .init(number: 6112, name: "saddle dr"))
        #expect(epochMilliseconds(wanda.dob?.date) == 167_678_737_000)
    }

    @Test("v1.3: minified GB body with a string postcode and a NINO")
    func v13() throws {
        let response = try Fixtures.response(Fixtures.v13)
        #expect(response.results.count == 1)
        #expect(response.info?.version == "1.3")
        let melvin = try #require(response.results.first)
        #expect(melvin.id == "a5d7487b-e0b1-4275-9d9a-923f00a8c57f")
        #expect(melvin.gender == "male")
        #expect(melvin.name == .init(title: "Mr", first: "Melvin", last: "Hamilton"))
        #expect(melvin.location?.street == .init(number: 4992, name: "King Street"))
        #expect(melvin.location?.postcode == .text("K47 1GX"))
        #expect(melvin.location?.country == "United Kingdom")
        #expect(melvin.location?.coordinates == .init(latitude: "7.1351", longitude: "-9.1140"))
        #expect(melvin.location?.timezone == .init(offset: "+7:00", description: "Bangkok, Hanoi, Jakarta"))
        #expect(melvin.nationalID == .init(name: "NINO", value: "YZ 06 58 77 N"))
        #expect(epochMilliseconds(melvin.dob?.date) == -573_286_232_577)  // 1951-11-01T17:49:27.423Z
        #expect(melvin.dob?.age == 69)
        #expect(epochMilliseconds(melvin.registered?.date) == 1_152_810_575_164)  // 2006-07-13T17:09:35.164Z
        #expect(melvin.registered?.age == 14)
        #expect(melvin.nat == "GB")
    }

    @Test("v1.4 mixed: NL string postcodes, NZ null id value, millisecond dates, diacritics")
    func v14Mixed() throws {
        let response = try Fixtures.response(Fixtures.v14Mixed)
        try #require(response.results.count == 10)
        #expect(response.info == .init(seed: "1e55a6ad8357689d", results: 10, page: 1, version: "1.4"))
        #expect(
            response.results.map { $0.nat ?? "-" }.joined(separator: " ") == "NL NL IN IN IE DK IE NL NZ RS")

        let atilla = response.results[0]
        #expect(atilla.id == "109cc029-1c67-46d9-981a-8ac3dfeac5cd")
        #expect(atilla.name?.full == "Mr Atilla Bennink")
        #expect(atilla.location?.postcode == .text("3436 TI"))
        #expect(atilla.location?.street == .init(number: 7541, name: "Hoveniersdreef"))
        #expect(epochMilliseconds(atilla.dob?.date) == 372_451_605_926)  // 1981-10-20T18:46:45.926Z
        #expect(atilla.dob?.age == 43)
        #expect(epochMilliseconds(atilla.registered?.date) == 1_532_287_777_066)  // 2018-07-22T19:29:37.066Z

        // A string postcode with a leading zero stays text.
        #expect(response.results[7].location?.postcode == .text("0246 PD"))

        let suhasini = response.results[2]
        #expect(suhasini.location?.postcode == .number(15836))
        #expect(suhasini.nationalID?.name == "UIDAI")

        let molly = response.results[8]
        #expect(molly.name == .init(title: "Mrs", first: "Molly", last: "King"))
        #expect(molly.nat == "NZ")
        #expect(molly.nationalID == .init(name: "", value: nil))
        #expect(molly.location?.postcode == .number(88562))
        #expect(epochMilliseconds(molly.dob?.date) == -797_259_484_929)  // 1944-09-26T11:01:55.071Z

        let spasoje = response.results[9]
        #expect(spasoje.name?.last == "Šotra")
        #expect(spasoje.location?.city == "Bač")
        #expect(Set(response.results.map(\.id)).count == 10)
    }

    @Test("v1.4 hand-merged: two people although info.results says 1")
    func v14Merged() throws {
        let response = try Fixtures.response(Fixtures.v14Merged)
        #expect(response.info?.results == 1)
        try #require(response.results.count == 2)
        let berndt = response.results[0]
        #expect(berndt.id == "13dea5d4-3d7d-495b-b338-0906288397fa")
        #expect(berndt.name?.full == "Mr Berndt Gehring")
        #expect(berndt.location?.city == "Gundelfingen an der Donau")
        #expect(berndt.location?.postcode == .number(34954))
        #expect(berndt.nationalID == .init(name: "SVNR", value: "71 010477 G 394"))
        #expect(epochMilliseconds(berndt.dob?.date) == 228_803_140_937)  // 1977-04-02T04:25:40.937Z
        let olive = response.results[1]
        #expect(olive.nat == "NZ")
        #expect(olive.nationalID?.value == nil)
        #expect(olive.nationalID?.name == "")
        #expect(epochMilliseconds(olive.dob?.date) == 827_032_108_710)  // 1996-03-17T03:08:28.710Z

        // The reader counts people, not info.results, and does not call this a fault.
        let read = try RandomUserResponseReader.read(
            statusCode: 200, contentType: "application/json", body: Fixtures.data(Fixtures.v14Merged))
        #expect(read.results.count == 2)
    }

    @Test("Every fixture reads cleanly through the response reader", arguments: Fixtures.all)
    func readerAcceptsFixture(_ name: String) throws {
        let body = try Fixtures.data(name)
        let response = try RandomUserResponseReader.read(
            statusCode: 200, contentType: "application/json; charset=utf-8", body: body)
        // The typed fields are JSONDecoder's; each person also keeps its object as sent.
        #expect(response == (try Fixtures.response(name)).keeping(try RawJSON(parsing: body)))
        #expect(response.results.map(\.rawJSON) == (try RawJSON(parsing: body)["results"]?.elements))
        #expect(!response.results.isEmpty)
        #expect(response.results.allSatisfy { $0.name?.first?.isEmpty == false })
    }
}
