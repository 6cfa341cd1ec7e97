extension TerminalCapabilities {
    /// The capabilities a terminal's answers show.
    ///
    /// - Sixel: attribute 4 in DA1, or an XTSMGRAPHICS answer with status 0 (the way the
    ///   terminal outside tmux says it, since tmux answers DA1 itself).
    /// - Kitty: `OK` to the kitty graphics query.
    /// - Cell size: the `CSI 16 t` answer, else the text area (`CSI 14 t`) divided by the
    ///   window's cells (not inside tmux, where the text area is the outer window's).
    ///
    /// - Parameters:
    ///   - answers: what the terminal answered.
    ///   - colorDepth: the color depth (from the environment: no query gives it reliably).
    ///   - windowCells: the window size in cells.
    ///   - insideTmux: whether tmux answered (or the environment says so).
    ///   - passthrough: tmux's passthrough, when it forwards graphics.
    /// - Returns: the capabilities.
    static func from(
        answers: [TerminalReply], colorDepth: ColorDepth, windowCells: Size, insideTmux: Bool, passthrough: TmuxPassthrough?
    ) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities(colorDepth: colorDepth)
        capabilities.insideTmux = insideTmux
        capabilities.passthrough = passthrough
        capabilities.answered = !answers.isEmpty
        var textArea: Size?
        for answer in answers {
            switch answer {
            case .primaryDeviceAttributes(let attributes):
                if attributes.dropFirst().contains(4) { capabilities.sixel = true }
            case .graphicsAttribute(let item, let status, _):
                if item == 1 && status == 0 { capabilities.sixel = true }
            case .kittyGraphics(let id, let message):
                if id == KittyCommands.queryID && message == "OK" { capabilities.kitty = true }
            case .cellPixelSize(let size):
                if let size = TerminalCapabilities.plausibleCellPixelSize(size) { capabilities.cellPixelSize = size }
            case .textAreaPixelSize(let size):
                textArea = size
            case .terminalVersion(let name):
                capabilities.terminalName = TextSanitizer.sanitize(name)
                if name.hasPrefix("tmux") { capabilities.insideTmux = true }
            case .deviceStatus:
                break
            }
        }
        if capabilities.cellPixelSize == nil, !capabilities.insideTmux, let textArea, windowCells.area > 0,
            textArea.width >= windowCells.width, textArea.height >= windowCells.height
        {
            capabilities.cellPixelSize = TerminalCapabilities.plausibleCellPixelSize(
                Size(width: textArea.width / windowCells.width, height: textArea.height / windowCells.height))
        }
        return capabilities
    }
}
