import ArcMaskValues

extension InputVocabulary {
    /// The command line's names for the reading settings: its options.
    static let commandLine = InputVocabulary([
        .range: "--range", .reverse: "--reverse", .framesPerSecond: "--fps", .setImage: "--set-image",
        .setText: "--set-text", .hide: "--hide", .start: "--start", .length: "--length", .durations: "--durations",
        .loops: "--loops", .allowGaps: "--allow-gaps", .animation: "--animation", .marker: "--marker",
        .theme: "--theme", .state: "--state",
        .strict: "--strict", .setColor: "--set-color/--set-opacity", .maxPixels: "--max-pixels",
        .maxFrames: "--max-frames", .maxDecodedBytes: "--max-decoded-bytes", .maxSVGBytes: "--max-svg-bytes",
        .maxSVGElements: "--max-svg-elements",
    ])
}
