import EndlessShared
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs exchanges with the client's configuration. Stateless apart from what it is given,
/// so it can run inside a shared flight's task as well as in the caller's own task.
struct RequestExecutor: Sendable {
    let transport: any HTTPTransport
    let configuration: HTTPClient.Configuration
    let clock: Stopwatch
    let monitors: [any HTTPEventMonitor]
    let inFlight: InFlightCounter
    /// Ends requests at the deadline, on ``clock``.
    let deadlines: DeadlineWatch
    let redactor: Redactor
    /// Wall-clock time, for `Retry-After` dates when the response has no `Date` header.
    let now: @Sendable () -> Date

    /// What the attempts produced, with the last response for the `finished` event.
    private struct Outcome {
        var result: Result<any Sendable, HTTPError>
        var lastResponse: HTTPResponse?
        var attempts: Int
    }

    /// Runs `exchange`: its attempts, retries and deadline, with its events and the in-flight count.
    /// - Parameters:
    ///   - exchange: the request and what to do with its answer.
    ///   - requestID: the request's number, for its events.
    ///   - cancellingOwnTask: cancels the task this runs in, when that task is the request's
    ///     own (a coalesced flight's): the deadline then ends the attempts by cancelling it.
    ///     Nil when this runs in the caller's task, which the deadline must not cancel: the
    ///     attempts then run in a task of their own.
    /// - Returns: the value, or the error of the last attempt (or of the deadline).
    func run<Value: Sendable>(
        _ exchange: Exchange<Value>, requestID: Int, cancellingOwnTask: (@Sendable () -> Void)? = nil
    ) async -> Result<Value, HTTPError> {
        // What the request carries (its key, its password) is hidden from every error it
        // produces, so a server that echoes the request cannot get it printed.
        let requestRedactor = redactor.addingSecrets(of: exchange.request)
        let snapshot = snapshot(of: exchange.request, redactor: requestRedactor)
        let start = clock.elapsed()
        inFlight.increment()
        emit(requestID, snapshot, .started)
        let outcome = await runWithinDeadline(
            exchange, requestID: requestID, snapshot: snapshot, redactor: requestRedactor, start: start,
            cancellingOwnTask: cancellingOwnTask)
        inFlight.decrement()
        let error: HTTPError? = if case .failure(let error) = outcome.result { error } else { nil }
        emit(
            requestID, snapshot,
            .finished(
                status: outcome.lastResponse?.statusCode, bytes: outcome.lastResponse?.body.count ?? 0,
                duration: clock.elapsed() - start, attempts: outcome.attempts, error: error))
        switch outcome.result {
        case .success(let value):
            guard let typed = value as? Value else {
                return .failure(.invalidRequest(reason: "internal error: unexpected result \(type(of: value))"))
            }
            return .success(typed)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Runs the attempts within the deadline on the injected clock, which covers every
    /// attempt and every wait between them. The client's ``DeadlineWatch`` cancels the task the
    /// attempts run in when the deadline comes: the request's own task if it has one (a
    /// coalesced flight), else a task made for them. A task group racing the attempts against
    /// a sleep made three tasks and a timer a request (issue 29).
    private func runWithinDeadline<Value: Sendable>(
        _ exchange: Exchange<Value>, requestID: Int, snapshot: RequestSnapshot?, redactor requestRedactor: Redactor, start: Duration,
        cancellingOwnTask: (@Sendable () -> Void)?
    ) async -> Outcome {
        guard let deadline = configuration.deadline else {
            return await attempts(exchange, requestID: requestID, snapshot: snapshot, redactor: requestRedactor, deadlineAt: nil)
        }
        let progress = AttemptProgress()
        let outcome: Outcome
        let ticket: DeadlineWatch.Ticket
        if let cancellingOwnTask {
            ticket = deadlines.watch(until: start + deadline, expire: cancellingOwnTask)
            outcome = await attempts(
                exchange, requestID: requestID, snapshot: snapshot, redactor: requestRedactor, deadlineAt: start + deadline,
                progress: progress)
        } else {
            let running = Task {
                await attempts(
                    exchange, requestID: requestID, snapshot: snapshot, redactor: requestRedactor, deadlineAt: start + deadline,
                    progress: progress)
            }
            ticket = deadlines.watch(until: start + deadline) { running.cancel() }
            outcome = await withTaskCancellationHandler {
                await running.value
            } onCancel: {
                running.cancel()
            }
        }
        guard deadlines.stop(ticket) else {
            // The deadline came: the attempts were ended by it, unless they had just finished.
            guard case .failure(.cancelled) = outcome.result else { return outcome }
            let (lastResponse, attempts) = progress.snapshot
            return Outcome(result: .failure(.deadlineExceeded(deadline)), lastResponse: lastResponse, attempts: attempts)
        }
        return outcome
    }

    /// The attempts; `requestRedactor` is the client's redactor with the request's own secrets.
    private func attempts<Value: Sendable>(
        _ exchange: Exchange<Value>, requestID: Int, snapshot: RequestSnapshot?, redactor requestRedactor: Redactor, deadlineAt: Duration?,
        progress: AttemptProgress = AttemptProgress()
    ) async -> Outcome {
        var request = exchange.request
        let redirects = RedirectHandling(redactor: redactor) { hop in
            emit(requestID, snapshot, .redirected(hop.redacted(by: requestRedactor)))
        }
        if let deadline = configuration.deadline {
            // A backstop only: URLSession on Linux rounds to whole seconds and treats this as
            // an idle timeout. The deadline on the injected clock is what really ends a request.
            request.timeoutInterval = max(1, (Double(deadline.components.seconds) + 1).rounded(.up))
        }
        var retries = 0
        var lastResponse: HTTPResponse?
        while true {
            if Task.isCancelled {
                return Outcome(result: .failure(.cancelled), lastResponse: lastResponse, attempts: retries)
            }
            let result: Result<any Sendable, HTTPError>
            progress.begin(attempt: retries + 1)
            do {
                let response = try await transport.send(request, maxBodyBytes: configuration.maxBodyBytes, redirects: redirects)
                lastResponse = response
                progress.record(response)
                result = validate(response, accepted: exchange.accepted, redactor: requestRedactor)
                    .flatMap(exchange.process).map { $0 as any Sendable }
                    .mapError { $0.redacted(by: requestRedactor) }
            } catch {
                result = .failure(Task.isCancelled ? .cancelled : error.redacted(by: requestRedactor))
            }
            guard case .failure(let error) = result,
                let delay = configuration.retryPolicy.delay(after: error, retriesSoFar: retries, method: exchange.method)
            else {
                return Outcome(result: result, lastResponse: lastResponse, attempts: retries + 1)
            }
            if let deadlineAt, clock.elapsed() + delay >= deadlineAt {
                // Waiting would outlast the deadline: the real failure says more than a timeout.
                return Outcome(result: result, lastResponse: lastResponse, attempts: retries + 1)
            }
            retries += 1
            emit(requestID, snapshot, .retried(attempt: retries + 1, delay: delay, reason: error))
            do {
                try await clock.sleep(for: delay)
            } catch {
                return Outcome(result: .failure(.cancelled), lastResponse: lastResponse, attempts: retries)
            }
        }
    }

    /// Status and content-type checks shared by every kind of request.
    private func validate(
        _ response: HTTPResponse, accepted: AcceptedContentTypes, redactor: Redactor
    ) -> Result<HTTPResponse, HTTPError> {
        guard response.isSuccess else {
            let retryAfter = RetryAfter.delay(
                header: response.headers["Retry-After"], responseDate: response.headers["Date"], now: now())
            let snippet = BodySnippet.make(from: response.body, redactor: redactor)
            return .failure(.status(code: response.statusCode, retryAfter: retryAfter, snippet: snippet))
        }
        guard accepted.accepts(response.contentType) else {
            return .failure(
                .unexpectedContentType(
                    contentType: response.contentType ?? "", expected: accepted,
                    snippet: BodySnippet.make(from: response.body, redactor: redactor)))
        }
        return .success(response)
    }

    /// The request as its events show it, or nil when no monitor records events: redacting a
    /// URL costs more than a hundred thousand instructions (URLComponents, Foundation's string
    /// search), paid for each request for nothing when nobody watches (issue 29).
    func snapshot(of request: URLRequest, redactor: @autoclosure () -> Redactor) -> RequestSnapshot? {
        monitors.isEmpty ? nil : RequestSnapshot(request, redactor: redactor())
    }

    /// Tells the monitors of an event of request `requestID`; nothing without a snapshot
    /// (``snapshot(of:redactor:)`` made none: no monitor listens).
    func emit(_ requestID: Int, _ request: RequestSnapshot?, _ kind: HTTPEvent.Kind) {
        guard let request else { return }
        let event = HTTPEvent(requestID: requestID, request: request, kind: kind)
        for monitor in monitors { monitor.record(event) }
    }
}
