import EndlessCommandLine
import EndlessTerminal
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// Every format's exact output for a small fixed response.
@Suite("endless fetch formats")
struct FetchFormatTests {
    @Test("table: aligned columns at 100 columns when not a terminal; CJK counts 2, Persian 1")
    func table() async {
        let run = await FetchHarness().run(["fetch"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                NAME               GENDER  NAT  EMAIL                         PHONE          CITY             AGE
                Mr Atilla Bennink  male    NL   atilla.bennink@example.com    (089) 8673781  Aalsmeerderbrug   43
                Mr آرمان رضایی     male    IR   arman.rdyy@example.com        021-12345678   تهران             35
                Ms 花子 山田       female  JP   hanako, "yamada"@example.com  03-1234-5678   東京              25

                """)
    }

    @Test("table: fitted to a 60-column terminal, long columns cut with … and wide characters never split")
    func narrowTable() async {
        let run = await FetchHarness(terminalColumns: 60).run(["fetch", "--format", "table"])
        #expect(
            run.standardOutput == """
                NAME       GENDER  NAT  EMAIL      PHONE      CITY       AGE
                Mr Atill…  male    NL   atilla.b…  (089) 86…  Aalsmeer…   43
                Mr آرمان…  male    IR   arman.rd…  021-1234…  تهران       35
                Ms 花子 …  female  JP   hanako, …  03-1234-…  東京        25

                """)
        for line in run.standardOutput.split(separator: "\n") {
            #expect(DisplayWidth.of(line) == 60)
        }
    }

    @Test("table: a wide terminal leaves every value whole")
    func wideTable() async {
        let wide = await FetchHarness(terminalColumns: 200).run(["fetch"])
        let pipe = await FetchHarness().run(["fetch"])
        #expect(wide.standardOutput == pipe.standardOutput)
        #expect(!wide.standardOutput.contains("…"))
    }

    @Test("table: a v1.0 person without dob.age gets an age computed from the date at 'now'")
    func computedAge() async throws {
        let body = #"{"results":[{"name":{"title":"mr","first":"levi","last":"stone"},"dob":449536660}],"info":{"version":"1.0"}}"#
        let response = try JSONDecoder().decode(RandomUserResponse.self, from: Data(body.utf8))
        let captured = CapturedOutput()
        let now = SampleResponses.date("2025-03-30T23:17:39Z")  // one second before his 41st birthday
        let code = await FetchPeopleCommand.run(
            options: FetchPeopleOptions(query: try RandomUserQuery()), output: captured.output, now: now,
            fetchPage: { _ in response })
        #expect(code == 0)
        #expect(captured.standardOutput.split(separator: "\n").last?.hasSuffix("  40") == true)
    }

    @Test("json: a response made in code, not read from a service, prints as its v1.4 encoding, keys sorted, indented as jq does")
    func json() async throws {
        let one = RandomUserResponse(results: [SampleResponses.arman], info: .init(seed: "endless", results: 1, page: 1, version: "1.4"))
        let run = await FetchHarness(answer: { _ in one }).run(["fetch", "--format=json"])
        #expect(run.exitCode == 0)
        #expect(
            run.standardOutput == """
                {
                  "info": {
                    "page": 1,
                    "results": 1,
                    "seed": "endless",
                    "version": "1.4"
                  },
                  "results": [
                    {
                      "dob": {
                        "age": 35,
                        "date": "1990-01-02T03:04:05.000Z"
                      },
                      "email": "arman.rdyy@example.com",
                      "gender": "male",
                      "id": {
                        "name": "",
                        "value": null
                      },
                      "location": {
                        "city": "تهران",
                        "postcode": 12345
                      },
                      "login": {
                        "uuid": "6f1c9e2a-0000-4000-8000-000000000001"
                      },
                      "name": {
                        "first": "آرمان",
                        "last": "رضایی",
                        "title": "Mr"
                      },
                      "nat": "IR",
                      "phone": "021-12345678"
                    }
                  ]
                }

                """)
    }

    @Test("json: reading the output back gives the same response")
    func jsonRoundTrip() async throws {
        let run = await FetchHarness().run(["fetch", "-f", "json"])
        let decoded = try JSONDecoder().decode(RandomUserResponse.self, from: Data(run.standardOutput.utf8))
        #expect(decoded == SampleResponses.small)
    }

    @Test("ndjson: one compact person per line")
    func ndjson() async throws {
        let run = await FetchHarness().run(["fetch", "--format", "ndjson"])
        #expect(run.exitCode == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 4)
        #expect(lines.last == "")
        #expect(
            lines[1]
                == #"{"dob":{"age":35,"date":"1990-01-02T03:04:05.000Z"},"email":"arman.rdyy@example.com","gender":"male","id":{"name":"","value":null},"location":{"city":"تهران","postcode":12345},"login":{"uuid":"6f1c9e2a-0000-4000-8000-000000000001"},"name":{"first":"آرمان","last":"رضایی","title":"Mr"},"nat":"IR","phone":"021-12345678"}"#
        )
        #expect(
            lines[2]
                == #"{"dob":{"age":25,"date":"2000-02-29T00:00:00.000Z"},"email":"hanako, \"yamada\"@example.com","gender":"female","location":{"city":"東京"},"login":{"uuid":"6f1c9e2a-0000-4000-8000-000000000002"},"name":{"first":"花子","last":"山田","title":"Ms"},"nat":"JP","phone":"03-1234-5678"}"#
        )
        #expect(lines[0].hasPrefix(#"{"cell":"(06) 07494249","dob":{"age":43,"date":"1981-10-20T18:46:45.000Z"},"#))
    }

    @Test("csv: RFC 4180, header of dotted paths, CRLF records, quoted commas and quotes")
    func csv() async {
        let run = await FetchHarness().run(["fetch", "--format", "csv"])
        #expect(run.exitCode == 0)
        let expected = [
            "gender,name.title,name.first,name.last,location.street.number,location.street.name,location.city,location.state,location.country,location.postcode,location.coordinates.latitude,location.coordinates.longitude,location.timezone.offset,location.timezone.description,email,login.uuid,login.username,login.password,login.salt,login.md5,login.sha1,login.sha256,dob.date,dob.age,registered.date,registered.age,phone,cell,id.name,id.value,picture.large,picture.medium,picture.thumbnail,nat",
            "male,Mr,Atilla,Bennink,7541,Hoveniersdreef,Aalsmeerderbrug,Flevoland,Netherlands,3436 TI,36.7507,-169.1103,+3:30,Tehran,atilla.bennink@example.com,109cc029-1c67-46d9-981a-8ac3dfeac5cd,bigmouse581,,,,,,1981-10-20T18:46:45.000Z,43,2018-07-22T19:29:37.000Z,6,(089) 8673781,(06) 07494249,BSN,15051860,https://randomuser.me/api/portraits/men/20.jpg,,,NL",
            "male,Mr,آرمان,رضایی,,,تهران,,,12345,,,,,arman.rdyy@example.com,6f1c9e2a-0000-4000-8000-000000000001,,,,,,,1990-01-02T03:04:05.000Z,35,,,021-12345678,,,,,,,IR",
            #"female,Ms,花子,山田,,,東京,,,,,,,,"hanako, ""yamada""@example.com",6f1c9e2a-0000-4000-8000-000000000002,,,,,,,2000-02-29T00:00:00.000Z,25,,,03-1234-5678,,,,,,,JP"#,
        ]
        #expect(run.standardOutput == expected.map { $0 + "\r\n" }.joined())
    }

    @Test("csv: the columns are the fields the query asked for, whether or not a value is missing")
    func csvColumnsFollowQuery() throws {
        let query = try RandomUserQuery(included: [.name, .email, .nat])
        let csv = PeopleCSVFormatter.format(SampleResponses.small.results, for: query)
        let header = try #require(csv.split(separator: "\r\n").first)
        #expect(header == "name.title,name.first,name.last,email,nat")

        let excluding = try RandomUserQuery(excluded: [.login, .picture])
        let wide = PeopleCSVFormatter.format(SampleResponses.small.results, for: excluding)
        #expect(wide.split(separator: "\r\n").first?.contains("login.") == false)
        #expect(wide.split(separator: "\r\n").first?.contains("location.city") == true)
    }

    @Test(
        "csv quoting rules",
        arguments: [
            ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("line\nbreak", "\"line\nbreak\""), ("", ""),
        ])
    func csvQuote(field: String, quoted: String) {
        #expect(CSVText.quote(field) == quoted)
    }

    @Test("the hand-merged fixture prints both people, not the one info.results claims")
    func countsResults() async throws {
        let response = RandomUserResponse(results: [SampleResponses.atilla, SampleResponses.arman], info: .init(results: 1))
        let run = await FetchHarness(answer: { _ in response }).run(["fetch", "--format", "ndjson"])
        #expect(run.standardOutput.split(separator: "\n").count == 2)
    }
}
