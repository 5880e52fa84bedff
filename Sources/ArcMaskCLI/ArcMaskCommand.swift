import ArgumentParser

/// The `arcmask` command: parses options and calls the library; nothing else.
public struct ArcMaskCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "arcmask",
        abstract: "Plan, render and check the rotating arc masks that play GIFs in iOS widgets.",
        discussion: """
            Exit status: 0 success; 1 bad input or output (the message says which file and where); \
            2 defects found (emulate); 64 bad arguments; 70 internal error.
            """,
        subcommands: [
            Inspect.self, Frames.self, PlanCommand.self, Render.self, Emulate.self, PreviewCommand.self, Export.self,
            SVGACommand.self, Generate.self,
        ]
    )

    public init() {}
}
