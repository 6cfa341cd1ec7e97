import Glibc

extension TerminalSession {
    /// Suspends the app like Ctrl-Z in a shell: restores the terminal, stops the process and,
    /// once continued (`fg`), re-enters raw mode, redraws the last frame and delivers
    /// ``TerminalEvent/resume``. The session calls this itself for Ctrl-Z unless
    /// ``Options/suspendOnControlZ`` is off.
    public func suspend() {
        let continues = state.withLock { state -> Int? in
            guard state.isOpen, !state.suspended else { return nil }
            state.suspended = true
            SignalRelay.restoreNow()
            return SignalRelay.continueCount.load(ordering: .acquiring)
        }
        guard let continues else { return }
        SignalRelay.stopProcess()
        // Stopped until SIGCONT. Its relay will arrive too; remember it is this resume's.
        state.withLock { $0.ownContinue = continues + 1 }
        resume()
    }

    /// Re-enters raw mode and the alternate screen, and redraws the last frame in full.
    func resume() {
        let size = RawMode.windowSize(of: output) ?? RawMode.windowSize(of: input)
        let resized = state.withLock { state -> Size? in
            guard state.isOpen else { return nil }
            state.suspended = false
            SignalRelay.rearm()
            try? RawMode.apply(rawSettings, to: input)
            try? RawMode.writeAll(modes.enterSequence, to: output)
            var changed: Size?
            if let size, size.cells != state.size {
                state.size = size.cells
                state.pixelSize = size.pixels
                changed = size.cells
            }
            // Giving the terminal back deleted any kitty images: send them again.
            state.renderer.terminalWasReset()
            if let frame = state.lastFrame?.resized(to: state.size) {
                state.lastFrame = frame
                try? RawMode.writeAll(state.renderer.renderFull(frame), to: output)
            }
            return changed
        }
        if let resized { decoder.post(.resize(resized)) }
        decoder.post(.resume)
    }

    /// Handles a relayed signal, on the reader thread.
    func handle(signal: Int32) {
        switch signal {
        case SIGWINCH:
            guard let window = RawMode.windowSize(of: output) ?? RawMode.windowSize(of: input) else { return }
            let changed = state.withLock { state -> Bool in
                state.pixelSize = window.pixels
                guard window.cells != state.size else { return false }
                state.size = window.cells
                state.renderer.invalidate()
                return true
            }
            if changed { decoder.post(.resize(window.cells)) }
        case SIGINT:
            decoder.post(.terminate(.interrupt))
        case SIGTERM:
            decoder.post(.terminate(.terminate))
        case SIGHUP:
            decoder.post(.terminate(.hangup))
        case SIGQUIT:
            decoder.post(.terminate(.quit))
        case SIGTSTP:
            suspend()
        case SIGCONT:
            let ours = state.withLock { state -> Bool in
                state.continuesSeen += 1
                return state.ownContinue == state.continuesSeen
            }
            if !ours { resume() }
        default:
            break
        }
    }
}
