import EndlessTesting
import Foundation

/// Answers of the real services, in the shapes they have sent over the years (the Unsplash
/// SDKs' recorded answers and app fixtures, 2015–2025; reqres.in's with and without its 2019
/// `ad`; CoinGecko's with every number type), and the randomuser.me captures in ../shared.
enum CapturedAnswers {
    /// One answer and where its items are.
    struct Answer: Sendable, CustomStringConvertible {
        /// `people`, `photos`, `users` or `coins`.
        let feed: String
        let name: String
        let body: String
        /// The path below the server's root the feed's API lives at.
        var apiPath: String {
            switch feed {
            case "people": "api/"
            case "coins": "api/v3/"
            default: ""
            }
        }
        var description: String { "\(feed): \(name)" }
    }

    /// Every captured randomuser.me body in ../shared/fixtures/randomuser.
    static var randomUser: [Answer] {
        let folder = SharedReferenceData.fixtures
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map {
                Answer(feed: "people", name: name, body: $0)
            }
        }
    }

    static let all: [Answer] =
        randomUser + [
            Answer(feed: "photos", name: "2025 list: place, tags, sponsorship, slugs, socials, CR LF in a bio, a BOM", body: photos2025),
            Answer(feed: "photos", name: "2015 list: no user, no likes, no slug, no blur hash; categories", body: photos2015),
            Answer(feed: "users", name: "2019 page with its ad", body: reqres2019),
            Answer(feed: "users", name: "2025 page with support and _meta", body: reqres2025),
            Answer(feed: "coins", name: "markets with every number type and fields no client reads", body: coins),
        ]

    static let photos2025 = #"""
        [{"id":"LBI7cgq3pbM","slug":"a-man-drinking-a-coffee-LBI7cgq3pbM","alternative_slugs":{"en":"a-man-drinking-a-coffee-LBI7cgq3pbM","ja":"コーヒーを飲む男性-LBI7cgq3pbM"},"created_at":"2016-05-03T11:00:28-04:00","updated_at":"2024-11-20T01:32:14Z","promoted_at":null,"width":5245,"height":3497,"color":"#60544D","blur_hash":"LoC%a7IoIVxZ_NM|M{s:%hRjWAo0","description":"A man drinking a coffee.\r\nOn a rainy day.","alt_description":"man drinking coffee","breadcrumbs":[],"urls":{"raw":"https://images.unsplash.com/face-springmorning.jpg?ixid=M3w1&ixlib=rb-4.0.3","full":"https://images.unsplash.com/face-springmorning.jpg?q=85","regular":"https://images.unsplash.com/face-springmorning.jpg?w=1080","small":"https://images.unsplash.com/face-springmorning.jpg?w=400","thumb":"https://images.unsplash.com/face-springmorning.jpg?w=200","small_s3":"https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/face-springmorning.jpg"},"links":{"self":"https://api.unsplash.com/photos/LBI7cgq3pbM","html":"https://unsplash.com/photos/LBI7cgq3pbM","download":"https://unsplash.com/photos/LBI7cgq3pbM/download","download_location":"https://api.unsplash.com/photos/LBI7cgq3pbM/download?ixid=M3w1"},"likes":12,"liked_by_user":false,"current_user_collections":[],"sponsorship":{"impression_urls":["https://secure.insightexpressai.com/adServer/adServerESI.aspx?script=false&bannerID=11515595&rnd=[timestamp]"],"tagline":"Made to Change","tagline_url":"https://www.neutral.com/","sponsor":{"id":"2DC3GyeqWjI","username":"neutral","name":"Neutral"}},"topic_submissions":{"wallpapers":{"status":"approved","approved_on":"2020-04-06T14:20:09Z"}},"asset_type":"photo","user":{"id":"pXhwzz1JtQU","updated_at":"2016-07-10T11:00:01-05:00","username":"poorkane","name":"Gilbert Kane","first_name":"Gilbert","last_name":"Kane","twitter_username":"poorkane","portfolio_url":"https://theylooklikeeggsorsomething.com/","bio":"XO\nCoffee first.\u2028Then photos.","location":"Way out there","links":{"self":"https://api.unsplash.com/users/poorkane","html":"https://unsplash.com/@poorkane","photos":"https://api.unsplash.com/users/poorkane/photos","likes":"https://api.unsplash.com/users/poorkane/likes","portfolio":"https://api.unsplash.com/users/poorkane/portfolio"},"profile_image":{"small":"https://images.unsplash.com/profile-1441298803695?w=32","medium":"https://images.unsplash.com/profile-1441298803695?w=64","large":"https://images.unsplash.com/profile-1441298803695?w=128"},"instagram_username":"instantgrammer","total_collections":12,"total_likes":4,"total_photos":74,"total_promoted_photos":0,"accepted_tos":true,"for_hire":false,"social":{"instagram_username":"instantgrammer","portfolio_url":null,"twitter_username":"poorkane","paypal_email":null}},"exif":{"make":"Canon","model":"Canon EOS 40D","name":null,"exposure_time":"0.011111111111111112","aperture":"4.970854","focal_length":"37","iso":100},"location":{"name":"Montréal, Canada","city":"Montréal","country":"Canada","position":{"latitude":45.5016889,"longitude":-73.567256}},"tags":[{"type":"search","title":"coffee"},{"type":"landing_page","title":"rain","source":{"ancestry":{"type":{"slug":"images","pretty_slug":"Images"}}}}],"related_collections":{"total":3,"type":"related","results":[]},"views":244,"downloads":1822},
        {"id":"Dwu85P9SOIk","slug":"Dwu85P9SOIk","created_at":"2025-02-01T12:00:00Z","updated_at":"2025-02-02T08:30:00Z","promoted_at":"2025-02-01T13:00:00Z","width":4000,"height":6000,"color":"#0c2626","blur_hash":"L02YX+of00WB4nay~qay00ayt7ay","description":"\uFEFFBOM first, then a tab\tand a bell \u0007 kept as sent","alt_description":null,"urls":{"raw":"https://images.unsplash.com/photo-1?ixid=x","full":"https://images.unsplash.com/photo-1","regular":"https://images.unsplash.com/photo-1?w=1080","small":"https://images.unsplash.com/photo-1?w=400","thumb":"https://images.unsplash.com/photo-1?w=200","small_s3":"https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-1"},"links":{"self":"https://api.unsplash.com/photos/Dwu85P9SOIk","html":"https://unsplash.com/photos/Dwu85P9SOIk","download":"https://unsplash.com/photos/Dwu85P9SOIk/download","download_location":"https://api.unsplash.com/photos/Dwu85P9SOIk/download"},"likes":1.0,"liked_by_user":false,"asset_type":"photo","user":{"id":"QV5S1rtoUJ0","username":"unsplash","name":"Unsplash","bio":"Beautiful, free images.\r\n","location":null,"links":{"html":"https://unsplash.com/@unsplash"},"profile_image":{"small":"https://images.unsplash.com/profile-2?w=32","medium":"https://images.unsplash.com/profile-2?w=64","large":"https://images.unsplash.com/profile-2?w=128"},"total_photos":1240,"total_likes":0,"total_collections":9}}]
        """#

    static let photos2015 = #"""
        [{"id":"-HPhkZcJQNk","width":5184,"height":3456,"color":"#EDE6E4","likes":null,"urls":{"raw":"https://images.unsplash.com/photo-1431306289640-57dff9c4e9f5","full":"https://images.unsplash.com/photo-1431306289640-57dff9c4e9f5?q=75&fm=jpg","regular":"https://images.unsplash.com/photo-1431306289640-57dff9c4e9f5?q=75&fm=jpg&w=1080&fit=max","small":"https://images.unsplash.com/photo-1431306289640-57dff9c4e9f5?q=75&fm=jpg&w=400&fit=max","thumb":"https://images.unsplash.com/photo-1431306289640-57dff9c4e9f5?q=75&fm=jpg&w=200&fit=max"},"categories":[{"id":2,"title":"Buildings","photo_count":1024,"links":{"self":"https://api.unsplash.com/categories/2","photos":"https://api.unsplash.com/categories/2/photos"}}],"links":{"self":"https://api.unsplash.com/photos/-HPhkZcJQNk","html":"http://unsplash.com/photos/-HPhkZcJQNk","download":"http://unsplash.com/photos/-HPhkZcJQNk/download"}},
         {"id":"Ug8fLh1pRDM","width":2048,"height":1365,"color":"#2E2E2E","urls":{"raw":"https://images.unsplash.com/photo-2","full":"https://images.unsplash.com/photo-2?q=75","regular":"https://images.unsplash.com/photo-2?w=1080","small":"https://images.unsplash.com/photo-2?w=400","thumb":"https://images.unsplash.com/photo-2?w=200"},"categories":[],"links":{"self":"https://api.unsplash.com/photos/Ug8fLh1pRDM","html":"http://unsplash.com/photos/Ug8fLh1pRDM","download":"http://unsplash.com/photos/Ug8fLh1pRDM/download"}}]
        """#

    static let reqres2019 = #"""
        {"page":2,"per_page":6,"total":12,"total_pages":2,"data":[{"id":7,"email":"michael.lawson@reqres.in","first_name":"Michael","last_name":"Lawson","avatar":"https://s3.amazonaws.com/uifaces/faces/twitter/follettkyle/128.jpg"},{"id":8,"email":"lindsay.ferguson@reqres.in","first_name":"Lindsay","last_name":"Ferguson","avatar":"https://s3.amazonaws.com/uifaces/faces/twitter/araa3185/128.jpg"}],"ad":{"company":"StatusCode Weekly","url":"http://statuscode.org/","text":"A weekly newsletter focusing on software development, infrastructure, the server, performance, and the stack end of things."}}
        """#

    static let reqres2025 = #"""
        {
          "page": 1,
          "per_page": 6,
          "total": 12,
          "total_pages": 2,
          "data": [
            {"id": 1, "email": "george.bluth@reqres.in", "first_name": "George", "last_name": "Bluth", "avatar": "https://reqres.in/img/faces/1-image.jpg"},
            {"id": "2", "email": "janet.weaver@reqres.in", "first_name": "Janet", "last_name": "Weaver", "avatar": "https://reqres.in/img/faces/2-image.jpg", "nickname": null}
          ],
          "support": {"url": "https://contentcaddy.io?utm_source=reqres&utm_medium=json&utm_campaign=referral", "text": "Tired of writing endless social media content? Let Content Caddy generate it for you."},
          "_meta": {"powered_by": "🚀 Reqres", "upgrade_url": "https://app.reqres.in/upgrade", "docs_url": "https://reqres.in"}
        }
        """#

    static let coins = #"""
        [{"id":"bitcoin","symbol":"btc","name":"Bitcoin","image":"https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400","current_price":96000.5,"market_cap":1903456789012,"market_cap_rank":1,"fully_diluted_valuation":2016000000000,"total_volume":3.2e10,"high_24h":97000,"low_24h":95000.25,"price_change_24h":-1234.5678901234,"price_change_percentage_24h":-1.27,"market_cap_change_24h":-2.4E+10,"market_cap_change_percentage_24h":-1.25,"circulating_supply":19812345.0,"total_supply":21000000.0,"max_supply":21000000.0,"ath":108786,"ath_change_percentage":-11.75789,"ath_date":"2024-12-17T15:02:41.429Z","atl":67.81,"atl_change_percentage":141492.43,"atl_date":"2013-07-06T00:00:00.000Z","roi":null,"last_updated":"2025-01-20T10:15:04.123Z","price_change_percentage_1h_in_currency":0.12,"price_change_percentage_24h_in_currency":-1.27,"price_change_percentage_7d_in_currency":4.5},
         {"id":"weird-coin","symbol":"wrd","name":"Weird\u2028Coin \u202eevil","image":null,"current_price":"0.00002456","market_cap":null,"market_cap_rank":null,"total_volume":0.000000000000000000001,"circulating_supply":1e18,"roi":{"times":12.5,"currency":"usd","percentage":1250.0},"mystery":[1,{"a":-0.0,"b":123456789012345678901234567890}],"last_updated":"2025-01-20T10:15:04.123Z"}]
        """#
}
