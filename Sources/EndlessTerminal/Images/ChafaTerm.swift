import CChafa
import Glibc

/// Access to chafa's terminal database.
enum ChafaTerm {
    /// Runs `body` with the `ChafaTermInfo` chafa detects for `environment`.
    static func withTermInfo<T>(environment: [String: String], _ body: (OpaquePointer?) -> T) -> T {
        // chafa wants a NULL-terminated `KEY=value` array, like `environ`.
        var entries: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        entries.append(nil)
        defer { for entry in entries { free(entry) } }
        let detected: OpaquePointer? = entries.withUnsafeMutableBufferPointer { buffer in
            chafa_term_db_detect(chafa_term_db_get_default(), buffer.baseAddress)
        }
        let info = detected ?? chafa_term_db_get_fallback_info(chafa_term_db_get_default())
        defer { if let info { chafa_term_info_unref(info) } }
        return body(info)
    }
}
