import Foundation
import Testing

@testable import EndlessSimulator

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Output formats (GENERATOR.md §6, §7)")
struct ResponseFormatTests {
    @Test(
        "each format has the live service's content type",
        arguments: [
            ("json", "application/json; charset=utf-8"), ("pretty", "application/json; charset=utf-8"),
            ("yaml", "text/x-yaml; charset=utf-8"), ("xml", "text/xml; charset=utf-8"),
            ("csv", "text/csv; charset=utf-8"),
        ])
    func contentTypes(format: String, contentType: String) throws {
        #expect(try GeneratorFixtures.respond("seed=t&format=\(format)").contentType == contentType)
    }

    @Test("compact JSON: JSON.stringify key order, raw UTF-8, unescaped slashes, no trailing newline")
    func compactJSON() throws {
        let text = try GeneratorFixtures.text("seed=1e55a6ad8357689d&results=10")
        #expect(
            text.hasPrefix(
                #"{"results":[{"gender":"male","name":{"title":"Mr","first":"Atilla","last":"Bennink"},"location":{"street":{"number":7541,"#
            ))
        #expect(text.contains(#""last":"Šotra""#))
        #expect(text.contains(#""large":"https://randomuser.me/api/portraits/men/20.jpg""#))
        #expect(text.hasSuffix(#""info":{"seed":"1e55a6ad8357689d","results":10,"page":1,"version":"1.4"}}"#))
        let keys = [
            #""gender":"#, #""name":"#, #""location":"#, #""email":"#, #""login":"#, #""dob":"#,
            #""registered":"#, #""phone":"#, #""cell":"#, #""id":"#, #""picture":"#, #""nat":"#,
        ]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    @Test("JSON escapes quotes, backslashes and controls like JSON.stringify")
    func escaping() throws {
        let text = try GeneratorFixtures.text("seed=%22q%5C%0A%01%2F")
        #expect(text.contains(#""seed":"\"q\\\n\u0001/""#))
    }

    @Test("portrait URLs use the base the caller passes")
    func portraitBase() throws {
        let response = try GeneratorFixtures.generator().respond(
            toQuery: "seed=1e55a6ad8357689d", now: GeneratorFixtures.now,
            portraitBaseURL: "http://127.0.0.1:9/api/portraits/")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(
            text.contains(
                #""large":"http://127.0.0.1:9/api/portraits/men/20.jpg","medium":"http://127.0.0.1:9/api/portraits/med/men/20.jpg","thumbnail":"http://127.0.0.1:9/api/portraits/thumb/men/20.jpg""#
            ))
    }

    @Test("pretty is the same object with 2-space indentation, for every nationality and LEGO")
    func prettyMatchesCompact() throws {
        for query in [
            "seed=pp&results=60", "seed=pp&lego&results=3", "seed=pp&inc=bogus&results=2", "seed=pp&page=2.5",
        ] {
            let compact = try JSONSerialization.jsonObject(with: Data(try GeneratorFixtures.respond(query).body))
            let prettyText = try GeneratorFixtures.text(query + "&fmt=pretty")
            let pretty = try JSONSerialization.jsonObject(with: Data(prettyText.utf8))
            #expect(GeneratorFixtures.differences(["v": compact], ["v": pretty]).isEmpty, "\(query)")
            #expect(prettyText.hasPrefix("{\n  \"results\": [\n    {\n") || prettyText.contains("[\n    {},"))
            #expect(!prettyText.hasSuffix("\n"))
        }
    }

    @Test("csv: dotted header in key order, one line per user, quoted commas, no trailing newline")
    func csv() throws {
        let text = try GeneratorFixtures.text("seed=1e55a6ad8357689d&results=10&fmt=csv")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 11)
        #expect(
            lines[0].hasPrefix("gender,name.title,name.first,name.last,location.street.number,location.street.name,"))
        #expect(lines[0].hasSuffix("picture.large,picture.medium,picture.thumbnail,nat"))
        #expect(lines[0].split(separator: ",").count == 34)
        #expect(
            lines[1].hasPrefix(
                "male,Mr,Atilla,Bennink,7541,Hoveniersdreef,Aalsmeerderbrug,Flevoland,Netherlands,3436 TI,"))
        #expect(text.contains(",\"Tokyo, Seoul, Osaka, Sapporo, Yakutsk\","))
        #expect(lines[9].contains(",,null,https://"))
        #expect(!text.hasSuffix("\n"))
        let lego = try GeneratorFixtures.text("seed=l&lego&fmt=csv")
        #expect(lego.contains(",undefined,"))
        #expect(
            try GeneratorFixtures.text("seed=c&inc=name,nat&fmt=csv&results=2").hasPrefix(
                "name.title,name.first,name.last,nat\n"))
    }

    @Test("yaml: 4-space blocks, '-' on its own line, flow style at depth 3, yamljs quoting, final newline")
    func yaml() throws {
        let text = try GeneratorFixtures.text("seed=1e55a6ad8357689d&results=10&fmt=yaml")
        #expect(text.hasPrefix("results:\n    -\n        gender: male\n        name:\n            title: Mr\n"))
        #expect(text.contains("\n            street: {number: 7541, name: Hoveniersdreef}\n"))
        #expect(text.contains("\n            postcode: '3436 TI'\n"))
        #expect(text.contains("\n            coordinates: {latitude: '36.7507', longitude: '-169.1103'}\n"))
        #expect(text.contains("\n            timezone: {offset: '+3:30', description: Tehran}\n"))
        #expect(text.contains("\n            date: '1981-10-20T18:46:45.926Z'\n"))
        #expect(text.contains("\n            name: \"\"\n            value: null\n"))
        #expect(text.contains("\n            name: BSN\n            value: '15051860'\n"))
        #expect(text.hasSuffix("info:\n    seed: 1e55a6ad8357689d\n    results: 10\n    page: 1\n    version: '1.4'\n"))
    }

    @Test("yaml scalars follow yamljs: digits, numbers, specials and keywords are quoted")
    func yamlScalars() {
        let cases: [(ResponseNode, String)] = [
            (.string("0246"), "'0246'"), (.string("1e5"), "'1e5'"), (.string("0x1F"), "'0x1F'"),
            (.string("Grey Street"), "'Grey Street'"), (.string("it's"), "'it''s'"), (.string("-5"), "'-5'"),
            (.string("@home"), "'@home'"), (.string("a:b"), "'a:b'"), (.string(""), "\"\""),
            (.string("true"), "'true'"),
            (.string("Null"), "'Null'"), (.string("2020-01-02"), "'2020-01-02'"), (.string("a\nb"), "\"a\\nb\""),
            (.string("plain"), "plain"), (.string("x@example.com"), "x@example.com"), (.integer(-3), "-3"),
            (.number(2.5), "2.5"), (.null, "null"), (.undefined, "null"),
        ]
        for (node, expected) in cases {
            #expect(YAMLWriter.scalar(node) == expected)
        }
    }

    @Test("xml: declaration, <user> root, tab indentation, one <results> per user, entities, no trailing newline")
    func xml() throws {
        let text = try GeneratorFixtures.text("seed=1e55a6ad8357689d&results=10&fmt=xml")
        #expect(
            text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<user>\n\t<results>\n\t\t<gender>male</gender>\n\t\t<name>\n\t\t\t<title>Mr</title>\n"
            ))
        #expect(text.components(separatedBy: "\t<results>\n").count == 11)
        #expect(text.contains("\t\t\t<street>\n\t\t\t\t<number>7541</number>\n"))
        #expect(text.contains("<value></value>"))
        #expect(
            text.hasSuffix(
                "\t<info>\n\t\t<seed>1e55a6ad8357689d</seed>\n\t\t<results>10</results>\n\t\t<page>1</page>\n\t\t<version>1.4</version>\n\t</info>\n</user>"
            ))
        #expect(try GeneratorFixtures.text("seed=x&nat=us&results=50&fmt=xml").contains("(US &amp; Canada)"))
        #expect(try GeneratorFixtures.text("seed=x&inc=bogus&fmt=xml").contains("\n\t<results/>\n"))
    }

    @Test("every format parses back: xml by XMLParser, csv by line count, yaml by its item count")
    func parseable() throws {
        let xml = try GeneratorFixtures.respond("seed=v&results=30&fmt=xml").body
        #expect(XMLParser(data: Data(xml)).parse())
        let yaml = try GeneratorFixtures.text("seed=v&results=30&fmt=yaml")
        // Every user starts with "\n    -\n", so 30 users make 31 pieces.
        #expect(yaml.components(separatedBy: "\n    -\n").count == 31)
    }
}
