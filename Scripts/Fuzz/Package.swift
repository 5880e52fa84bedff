// swift-tools-version:6.1
// Fuzz harnesses (libFuzzer). Built and run by Scripts/fuzz only: each harness hands its test to
// libFuzzer's driver (FuzzDriver); Scripts/fuzz builds them with -sanitize=fuzzer,address.
import PackageDescription

let harness: [(String, [Target.Dependency])] = [
    ("FuzzGIF", [.product(name: "ArcMask", package: "main")]),
    ("FuzzSVGA", [.product(name: "ArcMask", package: "main")]),
    ("FuzzPath", [.product(name: "ArcMask", package: "main")]),
    ("FuzzPNG", [.product(name: "ArcMask", package: "main")]),
    ("FuzzBlit", [.product(name: "ArcMask", package: "main")]),
    ("FuzzAPNG", [.product(name: "ArcMask", package: "main")]),
    ("FuzzWebP", [.product(name: "ArcMask", package: "main")]),
    ("FuzzSequence", [.product(name: "ArcMask", package: "main")]),
    ("FuzzDynamic", [.product(name: "ArcMask", package: "main")]),
    ("FuzzTimerFont", [.product(name: "ArcMask", package: "main")]),
    ("FuzzExportFolder", [.product(name: "ArcMask", package: "main")]),
    ("FuzzLottie", [.product(name: "ArcMask", package: "main")]),
    ("FuzzExpression", [.product(name: "ArcMask", package: "main")]),
    ("FuzzVideo", [.product(name: "ArcMask", package: "main")]),
    ("FuzzKitManifest", [.product(name: "ArcMaskKit", package: "main")]),
    ("FuzzKitLottie", [.product(name: "ArcMaskKit", package: "main")]),
    ("FuzzKitImage", [.product(name: "ArcMaskKit", package: "main")]),
    ("FuzzPlan", [.product(name: "ArcMaskGeometry", package: "main"), .product(name: "ArcMask", package: "main")]),
]

let package = Package(
    name: "arcmask-fuzz",
    dependencies: [.package(name: "main", path: "../..")],
    targets: [.target(name: "FuzzDriver", dependencies: [.product(name: "ArcMask", package: "main")])]
        + harness.map { .executableTarget(name: $0.0, dependencies: $0.1 + ["FuzzDriver"]) },
    swiftLanguageModes: [.v6]
)
