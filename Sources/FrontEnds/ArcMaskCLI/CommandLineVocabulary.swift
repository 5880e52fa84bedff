import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest

extension BudgetVocabulary {
    /// The command line's names for the budget's settings: its options.
    public static let commandLine = BudgetVocabulary(
        archiveBudget: "--archive-budget", extensionBudget: "--memory-budget", layerPixels: "--max-layer-pixels",
        minScale: "--min-scale", keepFrames: "--keep-frames", background: "--background")
}

extension PlanVocabulary {
    /// The command line's names for the planning settings: its options.
    public static let commandLine = PlanVocabulary(
        seamFraction: "--seam-fraction", framesPerSecond: "--widget-fps", loopSeconds: "--loop-seconds",
        timing: "--timing")
}

extension SettingNames {
    /// The command line's names for every setting the routes word: its options.
    public static let commandLine = SettingNames(
        budget: .commandLine, plan: .commandLine, tinted: "--tinted", rotationAccess: "--rotation-access",
        poster: "--poster", label: "--label", codeName: "--name", family: "--family", route: "--route",
        tool: "arcmask")
}
