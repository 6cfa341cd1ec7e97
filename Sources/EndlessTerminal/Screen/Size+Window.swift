extension Size {
    /// The largest terminal window drawn, in cells each way.
    ///
    /// The window's size comes from the terminal (`TIOCGWINSZ`), which anyone holding it can set
    /// (`stty cols 65535 rows 65535`). A frame's cells for 65,535 × 65,535 would need tens of
    /// gigabytes, and the app would die asking for them, so a window reported larger is drawn
    /// in its top-left corner of this many cells each way. The largest real windows (a
    /// 7,680-pixel-wide screen in a 4-pixel font) are under 2,000 columns.
    public static let largestWindowSide = 2000

    /// This size within ``largestWindowSide`` each way: what a window this size is drawn in.
    public var boundedToWindow: Size {
        Size(width: min(width, Self.largestWindowSide), height: min(height, Self.largestWindowSide))
    }
}
