// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "arcmask",
    // macOS 13: FileHandle's throwing write(contentsOf:)/close() need 10.15.4, Swift concurrency
    // back-deploys to 10.15, and ArcMaskKit (SwiftUI, ImageIO) states macOS 13 and iOS 16.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(
            name: "ArcMask",
            targets: [
                "ArcMaskValues", "ArcMaskGeometry", "ArcMaskCore", "ArcMaskCairo", "ArcMaskIO", "ArcMaskGIF",
                "ArcMaskText", "ArcMaskSVGA", "ArcMaskAPNG", "ArcMaskWebP", "ArcMaskVideo", "ArcMaskSVG", "ArcMaskSequence",
                "ArcMaskSources", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskPreview", "ArcMaskFolder", "ArcMaskExport",
                "ArcMaskFont", "ArcMaskFontCheck", "ArcMaskJSON", "ArcMaskLottie", "ArcMaskLottieRender",
            ]),
        // The plan geometry alone: pure Swift, importable as is by an iOS widget target.
        .library(name: "ArcMaskGeometry", targets: ["ArcMaskGeometry"]),
        // For apps: prepare the user's animations on the device and play them in a widget.
        .library(name: "ArcMaskKit", targets: ["ArcMaskKit"]),
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
        // System libraries: a module map and a shim header each, nothing else. pkg-config names
        // that Debian and Homebrew both ship (Homebrew's giflib ships none: Scripts/bootstrap
        // writes one into .build/pkgconfig, which Scripts/test and Scripts/demo put on
        // PKG_CONFIG_PATH); shims include headers by the paths those .pc files' Cflags reach.
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        // macOS has zlib in its SDK; Homebrew's pkgconf describes it (zlib.pc among its stubs).
        .systemLibrary(
            name: "CLibZ", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CRSVG", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]),
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        // FFmpeg's four libraries share one include root and one .pc family; libavformat's
        // describes where they are.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"]), .brew(["ffmpeg"])]),
        .systemLibrary(
            name: "CAVIF", pkgConfig: "libavif", providers: [.apt(["libavif-dev"]), .brew(["libavif"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),

        // The platform seam: the one module that names glibc, musl or Darwin.
        .target(name: "ArcMaskPlatform"),
        // Pure Swift value types shared by everyone: Affine, paths, Color, caps and joins, sizes, fit.
        .target(name: "ArcMaskValues"),
        // Pure Swift: a strict JSON reader for untrusted files (limits, line/column/path errors).
        .target(name: "ArcMaskJSON"),
        // Pure Swift: Lottie documents read (limits, JSON-path errors), timed and evaluated into
        // draw commands as lottie-web's canvas renderer draws them.
        .target(name: "ArcMaskLottie", dependencies: ["ArcMaskJSON", "ArcMaskValues"]),
        // Lottie's draw commands executed on cairo; the Lottie, Telegram-sticker and dotLottie frame source.
        .target(
            name: "ArcMaskLottieRender",
            dependencies: ["ArcMaskLottie", "ArcMaskCairo", "ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskText", "CPango"]),
        // What a widget's folder holds and how it is decided (Foundation only, built for iOS, macOS
        // and Linux alike): the phone's limits, the budget fit, the manifest and its one writer.
        .target(name: "ArcMaskFolder", dependencies: ["ArcMaskValues", "ArcMaskGeometry", "ArcMaskEmulator"]),
        // The library an iOS or macOS app links: `prepare` (ImageIO) and the `ArcMaskAnimation`
        // view (SwiftUI, WidgetKit). Apple frameworks and the Foundation-only core, no C libraries;
        // on Linux only its platform-neutral part builds.
        .target(name: "ArcMaskKit", dependencies: ["ArcMaskFolder", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskValues"]),
        // Pure Swift: mask plans (presets, slices, radius, stroke), coverage geometry, timelines.
        .target(name: "ArcMaskGeometry", dependencies: ["ArcMaskValues"]),
        // Pure Swift: pixel buffers, the frame-source protocol, limits, errors, atomic files, caches.
        .target(name: "ArcMaskCore", dependencies: ["ArcMaskValues", "ArcMaskPlatform"]),
        // The one thin wrapper over cairo: Surface, Context, Pattern.
        .target(name: "ArcMaskCairo", dependencies: ["ArcMaskCore", "ArcMaskValues", "CCairo", "CUnpremultiply"]),
        // Premultiplied to straight colour, eight pixels a step (AVX2, chosen at run time).
        .target(name: "CUnpremultiply"),
        // Bytes in and out: PNG (libpng reads; our encoder over libdeflate writes), JPEG (libturbojpeg),
        // zlib and CRC, ZIP archives, the render cache, the image pipeline.
        .target(
            name: "ArcMaskIO",
            dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskPlatform", "CPNG", "CLibZ", "CDeflate", "CJPEG"]),
        // giflib-backed frame source and GIF writer.
        .target(name: "ArcMaskGIF", dependencies: ["ArcMaskCore", "ArcMaskValues", "CGIF"]),
        // Text laid out by Pango (HarfBuzz shaping, fontconfig fallback) and drawn on cairo.
        .target(name: "ArcMaskText", dependencies: ["ArcMaskValues", "ArcMaskCairo", "CPango"]),
        // The affine blit's interior runs with 512- and 256-bit vectors (AVX-512 or AVX2, chosen at
        // run time): Swift compiles for baseline x86-64 and has no per-function target attribute.
        .target(name: "CBlit"),
        // SVGA: containers (zlib + protobuf, ZIP + JSON, ZIP + protobuf), model, renderer, player.
        .target(
            name: "ArcMaskSVGA",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskCairo", "ArcMaskIO", "ArcMaskText", "CBlit",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ], exclude: ["Proto"]),
        // APNG: chunks read and checked here, each frame's data decoded by libpng, composited per the spec.
        .target(name: "ArcMaskAPNG", dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskIO"]),
        // Animated and still WebP through libwebp's demuxer and animation decoder.
        .target(name: "ArcMaskWebP", dependencies: ["ArcMaskCore", "ArcMaskValues", "CWebP"]),
        // Video clips (FFmpeg's libraries) and animated AVIF (libavif) as frame sources, timed by
        // their timestamps; the timeline rules themselves are pure Swift (VideoTimeline).
        .target(name: "ArcMaskVideo", dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskPlatform", "CFFmpeg", "CAVIF"]),
        // SVG rasterised by librsvg onto cairo, with its memory and disk caches.
        .target(
            name: "ArcMaskSVG", dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskCairo", "CRSVG"]),
        // Numbered image sequences (PNG, JPEG, SVG files), decoded one frame at a time.
        .target(
            name: "ArcMaskSequence", dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskSVG"]),
        // The one entry point for frames: reads a file once and picks its format from its bytes.
        .target(
            name: "ArcMaskSources",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskGIF", "ArcMaskSVGA", "ArcMaskAPNG", "ArcMaskWebP",
                "ArcMaskSVG", "ArcMaskSequence", "ArcMaskLottie", "ArcMaskLottieRender", "ArcMaskVideo",
            ]),
        // What the widget shows at an instant (cairo), frames at the view's size, the raster coverage model.
        .target(
            name: "ArcMaskCompositor",
            dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskCairo"]),
        // Pure Swift: samples the rotation at display refreshes and classifies what shows.
        .target(name: "ArcMaskEmulator", dependencies: ["ArcMaskGeometry", "ArcMaskValues"]),
        // Pictures of a plan and the offline page.
        .target(
            name: "ArcMaskPreview",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskCairo", "ArcMaskIO", "ArcMaskCompositor",
                "ArcMaskEmulator", "ArcMaskFontCheck",
            ]),
        // Widget-ready exports: memory budget, frame strips, manifest, SwiftUI code.
        .target(
            name: "ArcMaskExport",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskCairo", "ArcMaskIO", "ArcMaskCompositor",
                "ArcMaskEmulator", "ArcMaskFont", "ArcMaskFontCheck", "ArcMaskFolder",
            ]),
        // Pure Swift: an OpenType colour-font writer (sbix PNG glyphs, ligatures), one type per table.
        .target(name: "ArcMaskFont"),
        // Generated fonts read back by HarfBuzz (shaping, sbix PNGs) and FreeType (decoded colour bitmaps).
        .target(
            name: "ArcMaskFontCheck",
            dependencies: ["ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "CHarfBuzz", "CFreeType"]),
        // Process concerns for executables only: signals, watchdog, output locks, progress lines.
        .target(name: "ArcMaskRuntime", dependencies: ["ArcMaskCore", "ArcMaskPlatform", "ArcMaskValues"]),
        // The command-line front end as a library, so tests can drive it.
        .target(
            name: "ArcMaskCLI",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskIO", "ArcMaskGIF", "ArcMaskSVGA",
                "ArcMaskSVG", "ArcMaskSequence", "ArcMaskSources", "ArcMaskText",
                "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskPreview", "ArcMaskExport", "ArcMaskFolder", "ArcMaskRuntime", "ArcMaskLottie", "ArcMaskLottieRender",
                "ArcMaskVideo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "arcmask", dependencies: ["ArcMaskCLI", "ArcMaskRuntime"]),
        // Conformance lane: compares decoding with the external suites in ../shared/corpus.
        .executableTarget(
            name: "ArcMaskConformance",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskGIF", "ArcMaskSVGA", "ArcMaskSources",
                "ArcMaskAPNG", "ArcMaskWebP", "ArcMaskSVG", "ArcMaskText",
                "ArcMaskGeometry", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskLottie", "ArcMaskLottieRender", "ArcMaskVideo",
            ]),
        // Measures the engines for Scripts/bench.
        .executableTarget(
            name: "ArcMaskBench",
            dependencies: [
                "ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskGIF", "ArcMaskSVGA", "ArcMaskSources",
                "ArcMaskGeometry", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskExport", "ArcMaskFolder", "ArcMaskLottieRender",
            ]),

        // Tests mirror the modules.
        .testTarget(name: "ArcMaskValuesTests", dependencies: ["ArcMaskValues"]),
        .testTarget(name: "ArcMaskGeometryTests", dependencies: ["ArcMaskGeometry", "ArcMaskValues"]),
        .testTarget(name: "ArcMaskCoreTests", dependencies: ["ArcMaskCore", "ArcMaskValues"]),
        .testTarget(name: "ArcMaskCairoTests", dependencies: ["ArcMaskCairo", "ArcMaskCore", "ArcMaskValues"]),
        .testTarget(
            name: "ArcMaskIOTests",
            dependencies: [
                "ArcMaskIO", "ArcMaskCore", "ArcMaskValues",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "ArcMaskGIFTests", dependencies: ["ArcMaskGIF", "ArcMaskCore", "ArcMaskValues", "ArcMaskIO"]),
        .testTarget(
            name: "ArcMaskTextTests",
            dependencies: ["ArcMaskText", "ArcMaskCairo", "ArcMaskCore", "ArcMaskValues", "CPango"]),
        .testTarget(
            name: "ArcMaskSVGATests",
            dependencies: [
                "ArcMaskSVGA", "ArcMaskCore", "ArcMaskValues", "ArcMaskCairo", "ArcMaskIO", "ArcMaskText", "CPango",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "ArcMaskAPNGTests", dependencies: ["ArcMaskAPNG", "ArcMaskCore", "ArcMaskValues", "ArcMaskIO"]),
        .testTarget(name: "ArcMaskWebPTests", dependencies: ["ArcMaskWebP", "ArcMaskCore", "ArcMaskValues", "CWebP"]),
        .testTarget(
            name: "ArcMaskVideoTests", dependencies: ["ArcMaskVideo", "ArcMaskCore", "ArcMaskValues"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ArcMaskSVGTests", dependencies: ["ArcMaskSVG", "ArcMaskCore", "ArcMaskValues", "ArcMaskIO"]),
        .testTarget(
            name: "ArcMaskSequenceTests",
            dependencies: ["ArcMaskSequence", "ArcMaskCore", "ArcMaskValues", "ArcMaskIO", "ArcMaskSVG", "CJPEG"]),
        .testTarget(
            name: "ArcMaskSourcesTests",
            dependencies: [
                "ArcMaskSources", "ArcMaskCore", "ArcMaskValues", "ArcMaskGIF", "ArcMaskSVGA", "ArcMaskIO",
                "ArcMaskAPNG", "ArcMaskSVG", "ArcMaskSequence",
            ]),
        .testTarget(
            name: "ArcMaskFontTests",
            dependencies: [
                "ArcMaskFont", "ArcMaskFontCheck", "ArcMaskCore", "ArcMaskIO", "ArcMaskValues", "ArcMaskGeometry",
                "ArcMaskExport",
            ]),
        .testTarget(
            name: "ArcMaskCompositorTests",
            dependencies: [
                "ArcMaskCompositor", "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskGIF", "ArcMaskCairo",
            ]),
        .testTarget(
            name: "ArcMaskEmulatorTests",
            dependencies: [
                "ArcMaskEmulator", "ArcMaskGeometry", "ArcMaskValues", "ArcMaskCompositor", "ArcMaskCore", "ArcMaskGIF",
            ]),
        .testTarget(
            name: "ArcMaskPreviewTests",
            dependencies: [
                "ArcMaskPreview", "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskGIF", "ArcMaskIO",
                "ArcMaskEmulator",
                "ArcMaskCompositor",
            ]),
        .testTarget(
            name: "ArcMaskExportTests",
            dependencies: [
                "ArcMaskExport", "ArcMaskCore", "ArcMaskValues", "ArcMaskGeometry", "ArcMaskGIF", "ArcMaskIO",
                "ArcMaskEmulator", "ArcMaskFontCheck", "ArcMaskFolder",
                "ArcMaskCompositor",
            ],
            // Stand-ins for Apple's frameworks live in Tests/AppleStubs, compiled by the tests themselves.
        ),
        .testTarget(
            name: "ArcMaskKitTests",
            dependencies: [
                "ArcMaskKit", "ArcMaskFolder", "ArcMaskExport", "ArcMaskGeometry", "ArcMaskValues", "ArcMaskCore",
                "ArcMaskGIF", "ArcMaskIO", "ArcMaskEmulator",
            ]),
        .testTarget(name: "ArcMaskFolderTests", dependencies: ["ArcMaskFolder", "ArcMaskGeometry", "ArcMaskValues"]),
        .testTarget(name: "ArcMaskRuntimeTests", dependencies: ["ArcMaskRuntime", "ArcMaskCore"]),
        .testTarget(name: "ArcMaskPlatformTests", dependencies: ["ArcMaskPlatform"]),
        .testTarget(name: "ArcMaskJSONTests", dependencies: ["ArcMaskJSON"]),
        .testTarget(name: "ArcMaskLottieTests", dependencies: ["ArcMaskLottie", "ArcMaskJSON", "ArcMaskValues"]),
        .testTarget(
            name: "ArcMaskLottieRenderTests",
            dependencies: [
                "ArcMaskLottieRender", "ArcMaskLottie", "ArcMaskCore", "ArcMaskIO", "ArcMaskValues",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "ArcMaskCLITests",
            dependencies: ["ArcMaskCLI", "ArcMaskCore", "ArcMaskValues", "ArcMaskGIF", "ArcMaskIO", "ArcMaskRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
