/// The bodies of injected failures, shaped like what clients meet in the wild.
enum FaultPages {
    /// An nginx-style error page for a failure status.
    static func errorPage(status: Int) -> HTTPResponse {
        let title = "\(status) \(HTTPStatus.reason(status))"
        let html =
            "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n"
            + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
        return HTTPResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// A CDN "you have been blocked" page, served with status 200 as such pages often are,
    /// so only a client that checks the content type notices.
    /// - Parameters:
    ///   - site: the host name the page says is protected, e.g. `randomuser.me`.
    ///   - rayID: the request's Cloudflare ray, for the page's footer.
    static func blockPage(site: String, rayID: UInt64) -> HTTPResponse {
        let ray = String(rayID, radix: 16)
        let html = """
            <!DOCTYPE html>
            <html lang="en-US">
            <head><title>Attention Required! | Cloudflare</title><meta charset="UTF-8"></head>
            <body>
            <div id="cf-wrapper">
            <h1>Sorry, you have been blocked</h1>
            <h2>You are unable to access \(site)</h2>
            <p>This website is using a security service to protect itself from online attacks.
            The action you just performed triggered the security solution.</p>
            <p>Cloudflare Ray ID: <strong>\(ray)</strong></p>
            </div>
            </body>
            </html>

            """
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "text/html; charset=UTF-8"], body: Array(html.utf8))
    }
}
