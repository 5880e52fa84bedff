// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "arcmask",
    products: [
        .library(name: "ArcMask", targets: ["ArcMaskCore", "ArcMaskGIF", "ArcMaskRender", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskExport", "ArcMaskSVGA"]),
        // The plan geometry alone: pure Swift, importable as is by an iOS widget target.
        .library(name: "ArcMaskGeometry", targets: ["ArcMaskGeometry"]),
        .executable(name: "arcmask", targets: ["arcmask"]),
        .executable(name: "arcmask-conformance", targets: ["ArcMaskConformance"]),
        .executable(name: "arcmask-bench", targets: ["ArcMaskBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // System libraries: a module map and a shim header each, nothing else.
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CLibZ", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Pure Swift: pixel buffers, the frame-source protocol, limits, errors, atomic files.
        .target(name: "ArcMaskCore"),
        // Pure Swift: mask plans (presets, slices, radius, stroke), coverage geometry, timelines.
        .target(name: "ArcMaskGeometry"),
        // Pure Swift: samples the rotation at display refreshes and classifies what shows.
        .target(name: "ArcMaskEmulator", dependencies: ["ArcMaskGeometry"]),
        // giflib-backed frame source and GIF writer.
        .target(name: "ArcMaskGIF", dependencies: ["ArcMaskCore", "CGIF"]),
        // libpng (and later cairo): PNG I/O and compositing.
        .target(name: "ArcMaskRender", dependencies: ["ArcMaskCore", "ArcMaskGeometry", "ArcMaskEmulator", "CPNG", "CLibZ", "CCairo"]),
        // SVGA: containers (zlib + protobuf, ZIP + JSON, ZIP + protobuf), model, renderer, player.
        .target(name: "ArcMaskSVGA", dependencies: [
            "ArcMaskCore", "ArcMaskRender",
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ], exclude: ["Proto"]),
        // Widget-ready exports: memory budget, frame strips, manifest, SwiftUI code.
        .target(name: "ArcMaskExport", dependencies: ["ArcMaskCore", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskRender"]),
        // The command-line front end as a library, so tests can drive it.
        .target(name: "ArcMaskCLI", dependencies: [
            "ArcMaskCore", "ArcMaskGIF", "ArcMaskSVGA", "ArcMaskRender", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskExport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "arcmask", dependencies: ["ArcMaskCLI", "ArcMaskCore"]),
        // Conformance lane: compares decoding with the external suites in ../shared/corpus.
        .executableTarget(name: "ArcMaskConformance", dependencies: ["ArcMaskCore", "ArcMaskGIF", "ArcMaskRender", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskSVGA"]),
        // Measures the engines for Scripts/bench.
        .executableTarget(name: "ArcMaskBench", dependencies: ["ArcMaskCore", "ArcMaskGIF", "ArcMaskRender", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskExport", "ArcMaskSVGA"]),

        .testTarget(name: "ArcMaskCoreTests", dependencies: ["ArcMaskCore"]),
        .testTarget(name: "ArcMaskGeometryTests", dependencies: ["ArcMaskGeometry"]),
        .testTarget(name: "ArcMaskExportTests", dependencies: ["ArcMaskExport", "ArcMaskGIF", "ArcMaskRender", "ArcMaskEmulator", "ArcMaskGeometry"]),
        .testTarget(name: "ArcMaskSVGATests", dependencies: [
            "ArcMaskSVGA", "ArcMaskRender", "ArcMaskCore",
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "ArcMaskEmulatorTests", dependencies: ["ArcMaskEmulator", "ArcMaskGeometry", "ArcMaskRender", "ArcMaskGIF"]),
        .testTarget(name: "ArcMaskGIFTests", dependencies: ["ArcMaskGIF", "ArcMaskRender"]),
        .testTarget(name: "ArcMaskRenderTests", dependencies: ["ArcMaskRender"]),
        .testTarget(name: "ArcMaskCLITests", dependencies: ["ArcMaskCLI", "ArcMaskGIF", "ArcMaskRender"]),
    ],
    swiftLanguageModes: [.v6]
)
