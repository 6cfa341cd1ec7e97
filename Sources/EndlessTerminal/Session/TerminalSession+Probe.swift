extension TerminalSession {
    /// Asks the terminal what it can show (see ``TerminalProbe``), within
    /// ``Options/probeTimeout``, and records the answers: capabilities, tmux's passthrough for
    /// the renderer, and kitty images in what is written when the terminal is given back.
    /// Everything read goes on to the input parser, so keys typed meanwhile are not lost.
    func probe() {
        let deadline = ContinuousClock.now + options.probeTimeout
        let tmuxByEnvironment = TmuxPane.isInside(environment: environment)
        // tmux tells where the pane is and whether passthrough is on, in a few milliseconds.
        let pane = tmuxByEnvironment ? TmuxPane.query(environment: environment, timeout: options.probeTimeout / 2) : nil
        let throughTmux = tmuxByEnvironment && pane?.allowsPassthrough != false
        let term = environment["TERM"] ?? ""
        let multiplexer = tmuxByEnvironment || term.hasPrefix("tmux") || term.hasPrefix("screen")
        var answers = TerminalProbe.run(
            input: input, output: output, throughTmux: throughTmux, multiplexerMayListen: multiplexer, until: deadline)
        let tmuxByAnswer = answers.replies.contains { reply in
            if case .terminalVersion(let name) = reply { return name.hasPrefix("tmux") }
            return false
        }
        if tmuxByAnswer && !tmuxByEnvironment {
            // tmux on the other side of ssh: no pane to ask, but its passthrough may be on.
            TerminalProbe.askThroughTmux(input: input, output: output, answers: &answers, until: deadline)
        }
        let insideTmux = tmuxByEnvironment || tmuxByAnswer
        let passthrough: TmuxPassthrough? =
            insideTmux && (pane?.allowsPassthrough == true || answers.answeredThroughTmux)
            ? TmuxPassthrough(paneOrigin: pane?.origin ?? .zero) : nil
        let restore = state.withLock { state -> [UInt8]? in
            var capabilities = TerminalCapabilities.from(
                answers: answers.replies, colorDepth: state.capabilities.colorDepth, windowCells: state.size,
                insideTmux: insideTmux, passthrough: passthrough)
            if let depth = options.colorDepth { capabilities.colorDepth = depth }
            state.capabilities = capabilities
            state.renderer.passthrough = passthrough
            guard capabilities.kitty else { return nil }
            // Kitty keeps images until deleted: leave none behind.
            let delete = passthrough == nil ? KittyCommands.deleteAllImages : TmuxPassthrough.wrap(KittyCommands.deleteAllImages)
            return [0x18] + delete + modes.restoreSequence  // CAN first: a cut sequence must not eat it
        }
        if let restore { SignalRelay.replaceRestore(restore) }
        if !answers.input.isEmpty { decoder.feed(answers.input) }
    }
}
