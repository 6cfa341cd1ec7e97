/// Which set of worker threads computes an answer.
///
/// API requests answer in milliseconds; assets (a 2048-pixel PNG drawn on demand) can take
/// seconds of a worker. In one shared pool, two such pictures held every worker and a
/// one-user page waited 8.7 s behind them. Each lane has its own threads and its own queue,
/// so an API request waits only for other API requests, however many pictures are rendering.
enum WorkLane: Sendable, CaseIterable {
    /// API calls: pages of users, photos, coins. ``ServerLimits/workerThreads`` threads.
    case api
    /// Assets drawn on demand: pictures. ``ServerLimits/assetWorkerThreads`` threads.
    case assets
}
