import Foundation

/// Where the connection is: not opened yet, open (and whether it may still write), or given
/// up on for this run; and the background check of the file it has open.
struct StoreState {
    enum Phase {
        case closed
        case open(SQLiteDatabase, writable: Bool)
        case unavailable(reason: String)
    }

    var phase = Phase.closed
    /// Damaged files moved aside so far; after two, the cache gives up rather than loop.
    var rebuilds = 0
    /// Kinds already reported, so each is said once (rebuilds are each said).
    var reported: Set<CacheNotice.Kind> = []
    /// The check of the file open now: nil for a file this cache created, or once the file
    /// is closed.
    var check: IntegrityCheck?
    /// Every check made, each run at most once: the cache stops and waits for them when it
    /// goes away.
    var checks: [IntegrityCheck] = []

    static let maxRebuilds = 2
}

// Every use of the connection goes through here: it opens on first use (and starts the file's
// background check after that use), acts on damage the check found, turns faults into states
// and notices, and never lets one reach the caller as a crash.
extension PageCache {
    /// What a use of the store is for: reads go on when writes have stopped; writes do not.
    enum Purpose { case read, write }

    /// Runs `body` with the open connection.
    /// - Parameters:
    ///   - opening: whether to open the file if this is the first use (management calls
    ///     do not create a file that does not exist).
    ///   - purpose: a write is skipped once writing has stopped.
    ///   - body: the statements; gets the connection and whether it may write.
    /// - Returns: `body`'s value, or the failure; `.success(nil)` when there is nothing to
    ///   use (not opened and not asked to, writes stopped for a write).
    func use<Value: Sendable>(
        opening: Bool = true, for purpose: Purpose = .read,
        _ body: (SQLiteDatabase, _ writable: Bool) throws -> Value
    ) -> Result<Value?, PageCacheError> {
        var notices: [CacheNotice] = []
        var newCheck: IntegrityCheck?
        let path = fileURL.path
        let result = state.withLock { state -> Result<Value?, PageCacheError> in
            let checks = state.checks.count
            defer { if state.checks.count != checks { newCheck = state.check } }
            if case .closed = state.phase {
                let exists = FileManager.default.fileExists(atPath: path)
                guard opening || exists else { return .success(nil) }
                open(&state, notices: &notices)
            }
            if case .open = state.phase, let reason = state.check?.damage {
                closeDamaged(&state)
                rebuild(because: reason, state: &state, notices: &notices)
            }
            switch state.phase {
            case .closed: return .success(nil)
            case .unavailable(let reason): return .failure(.unavailable(path: path, reason: reason))
            case .open(let database, let writable):
                if purpose == .write && !writable { return .success(nil) }
                do {
                    return .success(try body(database, writable))
                } catch let error as SQLiteError {
                    handle(error, purpose: purpose, state: &state, notices: &notices)
                    return .failure(.failed(path: path, reason: error.description))
                } catch {
                    return .failure(.failed(path: path, reason: "\(error)"))
                }
            }
        }
        // After the statements, so the first page is read before a thread is even made.
        newCheck?.start()
        // Outside the lock: the app's callback may well call back into the cache.
        for notice in notices { onNotice(notice) }
        return result
    }

    /// `use` for the page source: any failure is a miss (or a skipped write), already
    /// reported as a notice where a person should know.
    func attempt<Value: Sendable>(
        for purpose: Purpose = .read, _ body: (SQLiteDatabase, _ writable: Bool) throws -> Value
    ) -> Value? {
        (try? use(for: purpose, body).get()) ?? nil
    }

    /// A statement failed on the open connection: rebuild a damaged file, stop writing to a
    /// full or read-only one; anything else (a lock held too long) costs only this call.
    private func handle(
        _ error: SQLiteError, purpose: Purpose, state: inout StoreState, notices: inout [CacheNotice]
    ) {
        if error.isDamage {
            closeDamaged(&state)
            rebuild(because: error.message, state: &state, notices: &notices)
        } else if error.isStorageFailure, purpose == .write, case .open(let database, _) = state.phase {
            state.phase = .open(database, writable: false)
            report(
                CacheNotice(
                    kind: .writesStopped,
                    message: "page cache: cannot write \(fileURL.path) (\(error.message)\(Self.systemReason(error))); "
                        + "cached pages are still served, new ones are not kept"),
                state: &state, notices: &notices)
        }
    }

    /// Opens the file: creates its folder, connects, migrates, and readies the file's
    /// background check; a file found damaged meanwhile is moved aside and rebuilt, anything
    /// else unusable leaves the cache unavailable.
    func open(_ state: inout StoreState, notices: inout [CacheNotice]) {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try PrivateFiles.createFolder(directory)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "\(error)"
            giveUp("cannot create the folder \(directory.path): \(reason)", state: &state, notices: &notices)
            return
        }
        // SQLite would say only "unable to open database file" (with the errno of its last
        // attempt, often ENOENT): say what is wrong with the folder instead.
        if !FileManager.default.fileExists(atPath: fileURL.path), access(directory.path, W_OK) != 0 {
            let reason = String(cString: strerror(errno))
            giveUp("the folder \(directory.path) cannot be written: \(reason)", state: &state, notices: &notices)
            return
        }
        switch connect() {
        case .success(let connection):
            adopt(connection, &state)
        case .failure(.damaged(let reason)):
            rebuild(because: reason, state: &state, notices: &notices)
        case .failure(.unusable(let reason)):
            giveUp(reason, state: &state, notices: &notices)
        }
    }

    /// Moves the damaged file aside and opens an empty one in its place.
    private func rebuild(because reason: String, state: inout StoreState, notices: inout [CacheNotice]) {
        guard state.rebuilds < StoreState.maxRebuilds else {
            giveUp("the file was damaged again (\(reason))", state: &state, notices: &notices)
            return
        }
        state.rebuilds += 1
        let path = fileURL.path
        let done: String
        switch DamagedFile.moveAside(path) {
        case .moved(let aside): done = "moved it to \(URL(fileURLWithPath: aside).lastPathComponent)"
        case .deleted(let why): done = "deleted it (\(why))"
        case .failed(let why):
            giveUp("the file is damaged (\(reason)) and cannot be moved aside or deleted: \(why)", state: &state, notices: &notices)
            return
        }
        notices.append(
            CacheNotice(
                kind: .rebuilt, message: "page cache: \(path) was damaged (\(reason)); \(done) and started an empty cache"))
        switch connect() {
        case .success(let connection): adopt(connection, &state)
        case .failure(.damaged(let reason)), .failure(.unusable(let reason)): giveUp(reason, state: &state, notices: &notices)
        }
    }

    /// Uses a new connection; a file that held pages before gets a check (not started yet:
    /// ``use(opening:for:_:)`` starts it after its statements).
    private func adopt(_ connection: Connection, _ state: inout StoreState) {
        state.phase = .open(connection.database, writable: true)
        guard !connection.isNew else { return }
        let check = IntegrityCheck(
            path: fileURL.path, busyTimeout: busyTimeout, delay: integrityCheckDelay, observe: observeIntegrityCheck)
        state.check = check
        state.checks.append(check)
    }

    /// Closes the connection to a damaged file, before it is moved aside. Its check, if it
    /// still runs, is told to stop, and not waited for: a use never waits for a check.
    private func closeDamaged(_ state: inout StoreState) {
        state.phase = .closed
        state.check?.cancel()
        state.check = nil
    }

    private func giveUp(_ reason: String, state: inout StoreState, notices: inout [CacheNotice]) {
        state.phase = .unavailable(reason: reason)
        report(
            CacheNotice(
                kind: .unavailable, message: "page cache: cannot use \(fileURL.path) (\(reason)); continuing without it"),
            state: &state, notices: &notices)
    }

    private func report(_ notice: CacheNotice, state: inout StoreState, notices: inout [CacheNotice]) {
        guard state.reported.insert(notice.kind).inserted else { return }
        notices.append(notice)
    }

    /// A connection, set up and migrated; `isNew` when the file held no pages before.
    struct Connection {
        let database: SQLiteDatabase
        let isNew: Bool
    }

    /// Why a connection attempt failed: a file to rebuild, or a cache to do without.
    enum ConnectFailure: Error {
        case damaged(String)
        case unusable(String)
    }

    /// Connects, sets WAL and the rest up, migrates: a cost that does not grow with the file.
    /// A file that is not a database, or is shorter than its header says, fails the first
    /// statement (SQLite checks both as it reads the header); damage further in is left to
    /// the ``IntegrityCheck`` (`PRAGMA quick_check`) that runs after.
    func connect() -> Result<Connection, ConnectFailure> {
        do {
            // Made by us, private (0600), so that SQLite's -wal and -shm, which take the
            // database's mode, are private too; an older file is made private as well.
            PrivateFiles.createFile(fileURL.path)
            let database = try SQLiteDatabase(
                path: fileURL.path, options: SQLiteDatabase.Options(busyTimeout: busyTimeout))
            let isNew = try database.prepare("PRAGMA page_count").firstRow { $0.int(0) } == 0
            try database.configureForSharing()
            try Migrator.migrate(database, to: migrations, checking: schemaCheck)
            return .success(Connection(database: database, isNew: isNew))
        } catch let error as SQLiteError where error.isDamage {
            return .failure(.damaged(error.message))
        } catch let error as SQLiteError {
            return .failure(.unusable("\(error.message)\(Self.systemReason(error))"))
        } catch MigrationError.stepFailed(_, _, let error) where error.isDamage {
            return .failure(.damaged(error.message))
        } catch {
            return .failure(.unusable("\(error)"))
        }
    }

    /// `: Permission denied` when the operating system said why, else nothing.
    static func systemReason(_ error: SQLiteError) -> String {
        guard error.systemErrno != 0, let text = strerror(error.systemErrno) else { return "" }
        return ": \(String(cString: text))"
    }
}
