/// Which items a page number and a page size select, for every service that pages a list: the
/// arithmetic is done once, here, so that no page number (`9223372036854775807`) or page size
/// can overflow it.
enum PageSlice {
    /// The positions, from 0, of page `page` (from 1) of `perPage` items in a list of `count`:
    /// empty for a page before the first or past the end, and for a size below 1.
    /// - Parameters:
    ///   - page: the page number, from 1.
    ///   - perPage: items a page.
    ///   - count: items in the list.
    /// - Returns: a range within `0..<count`.
    static func positions(page: Int, perPage: Int, count: Int) -> Range<Int> {
        guard page >= 1, perPage >= 1, count > 0 else { return 0..<0 }
        let (first, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, first < count else { return 0..<0 }
        return first..<(first + min(perPage, count - first))
    }

    /// How many pages of `perPage` items hold `count` items (rounded up); 0 for an empty list
    /// or a size below 1.
    static func pageCount(count: Int, perPage: Int) -> Int {
        guard perPage >= 1, count > 0 else { return 0 }
        return count / perPage + (count % perPage == 0 ? 0 : 1)
    }
}
