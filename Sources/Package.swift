// swift-tools-version:6.1
import PackageDescription

// ArcMaskKit alone, for apps: the same module folders as the package one folder up, and no
// package dependency, so an app that adds this folder resolves nothing else. (SwiftPM resolves
// the dependencies of every product of a package an app adds: adding the package one folder up
// for ArcMaskKit alone would also fetch swift-argument-parser and swift-protobuf, which its
// command line and SVGA reader use.) Tests/PackageTests checks that the targets here are
// exactly ArcMaskKit's modules there, with the same dependencies.

/// A module in a layer folder, as the package one folder up declares it.
func module(_ layer: String, _ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "\(layer)/\(name)")
}

let package = Package(
    name: "ArcMaskKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ArcMaskKit", targets: ["ArcMaskKit"])
    ],
    targets: [
        // zlib, which every Apple platform ships; a module map and a shim header.
        .systemLibrary(name: "CLibZ", path: "C/CLibZ", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        module("Core", "ArcMaskValues"),
        module("Core", "ArcMaskGeometry", ["ArcMaskValues"]),
        module("Core", "ArcMaskTimerClock", ["ArcMaskGeometry"]),
        module("Core", "ArcMaskEmulator", ["ArcMaskGeometry", "ArcMaskValues"]),
        module("Core", "ArcMaskFolder", ["ArcMaskEmulator", "ArcMaskGeometry", "ArcMaskTimerClock", "ArcMaskValues"]),
        module("Core", "ArcMaskJSON"),
        module("Drawing", "ArcMaskRaster", ["ArcMaskValues"]),
        module("Drawing", "ArcMaskZIP", ["CLibZ"]),
        module("Formats", "ArcMaskScript"),
        module("Formats", "ArcMaskLottie", ["ArcMaskJSON", "ArcMaskScript", "ArcMaskValues"]),
        module("Routes/TimerMask", "ArcMaskTimerMaskPlan", ["ArcMaskFolder", "ArcMaskGeometry", "ArcMaskTimerClock"]),
        module(
            "FrontEnds", "ArcMaskKit",
            [
                "ArcMaskFolder", "ArcMaskGeometry", "ArcMaskLottie", "ArcMaskRaster", "ArcMaskTimerMaskPlan",
                "ArcMaskValues", "ArcMaskZIP",
            ]),
    ]
)
