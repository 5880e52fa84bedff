// swift-tools-version:6.1
import PackageDescription

// Modules live in one folder per layer, arrows pointing down this list (docs/architecture.md):
//   Sources/FrontEnds  the command line and ArcMaskKit, the two front ends
//   Sources/Routes     what an export writes, a wing per route (Rotation/, TimerFont/): what
//                      decides and what writes and draws; plus what routes share (fonts)
//   Sources/Formats    one reader per format and the one entry point that picks it from the bytes
//   Sources/Drawing    pixels and codecs: buffers, cairo, PNG/JPEG, text, the compositor, previews
//   Sources/Core       what decides, Foundation only (plans, the emulator, budgets, the manifest):
//                      builds for iOS, macOS and Linux alike
//   Sources/C          system-library shims (a module map and a header each) and two vector kernels
//   Sources/Tools      the conformance lane and the benchmark
// Each target declares exactly the modules its files import (Tests/PackageTests checks it).

/// A library module in a layer folder.
func module(
    _ layer: String, _ name: String, _ dependencies: [Target.Dependency] = [], exclude: [String] = [],
    resources: [Resource]? = nil, swiftSettings: [SwiftSetting]? = nil
) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Sources/\(layer)/\(name)", exclude: exclude,
        resources: resources, swiftSettings: swiftSettings)
}

/// A system library: a module map and a shim header found through pkg-config; the Debian and
/// Homebrew packages that provide it.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String], brew: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/C/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt), .brew(brew)])
}

/// The tests of a module, in the folder that mirrors the module's.
func tests(_ layer: String, _ module: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(
        name: "\(module)Tests", dependencies: dependencies, path: "Tests/\(layer)/\(module)Tests", exclude: exclude)
}

// The three packages this one depends on serve the command line (swift-argument-parser), the
// SVGA reader of the ArcMask library (swift-protobuf) and the tests (ZIPFoundation), all behind
// the default trait `CommandLine`. An app that uses ArcMaskKit alone turns it off and resolves
// no package: `.package(url: "…/arcmask", from: "0.10.0", traits: [])` (docs/kit.md).
let commandLine = "CommandLine"
// An app that must not reach private API turns on `PublicAPIOnly` (`traits: ["PublicAPIOnly"]`).
let publicAPIOnly = "PublicAPIOnly"
let argumentParser = Target.Dependency.product(
    name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: [commandLine]))
let protobuf = Target.Dependency.product(
    name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: [commandLine]))
let zipFoundation = Target.Dependency.product(
    name: "ZIPFoundation", package: "ZIPFoundation", condition: .when(traits: [commandLine]))

let package = Package(
    name: "arcmask",
    defaultLocalization: "en",
    // macOS 13: FileHandle's throwing write(contentsOf:)/close() need 10.15.4, Swift concurrency
    // back-deploys to 10.15, and ArcMaskKit (SwiftUI, ImageIO) states macOS 13 and iOS 16.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(
            name: "ArcMask",
            targets: [
                "ArcMaskValues", "ArcMaskGeometry", "ArcMaskEmulator", "ArcMaskBudget", "ArcMaskManifest",
                "ArcMaskJSON",
                "ArcMaskFiles", "ArcMaskFrames", "ArcMaskCairo", "ArcMaskZIP", "ArcMaskIO", "ArcMaskText",
                "ArcMaskCompositor",
                "ArcMaskPreview",
                "ArcMaskGIF", "ArcMaskAPNG", "ArcMaskWebP", "ArcMaskSVG", "ArcMaskSVGA", "ArcMaskSequence",
                "ArcMaskVideo", "ArcMaskScript", "ArcMaskLottie", "ArcMaskLottieCanvas", "ArcMaskLottieRender",
                "ArcMaskSources", "ArcMaskLayerExport", "ArcMaskRotationRoute", "ArcMaskFont", "ArcMaskFontCheck",
                "ArcMaskTimerClock", "ArcMaskTimerFontPlan",
                "ArcMaskTimerMaskPlan", "ArcMaskTimerMask", "ArcMaskTimerFont",
                "ArcMaskMaskFonts",
            ]),
        // The plan geometry alone: pure Swift, importable as is by an iOS widget target.
        .library(name: "ArcMaskGeometry", targets: ["ArcMaskGeometry"]),
        // For apps: prepare the user's animations on the device and play them in a widget.
        .library(name: "ArcMaskKit", targets: ["ArcMaskKit"]),
        .executable(name: "arcmask", targets: ["arcmask"]),
        .executable(name: "arcmask-conformance", targets: ["ArcMaskConformance"]),
        .executable(name: "arcmask-bench", targets: ["ArcMaskBench"]),
    ],
    traits: [
        .trait(
            name: commandLine,
            description:
                "The command line, the tools and the ArcMask library's SVGA reader, with the packages they use; off, ArcMaskKit and the Core modules build with no package"
        ),
        .trait(
            name: publicAPIOnly,
            description:
                "ArcMaskKit without WidgetKit's private clock-hand rotation: its view plays timer masks, or the poster frame still"
        ),
        .default(enabledTraits: [commandLine]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // MARK: C — system libraries: a module map and a shim header each, nothing else. pkg-config
        // names that Debian and Homebrew both ship (Homebrew's giflib ships none: Scripts/bootstrap
        // writes one into .build/pkgconfig, which Scripts/test and Scripts/demo put on
        // PKG_CONFIG_PATH); shims include headers by the paths those .pc files' Cflags reach.
        systemLibrary("CGIF", pkgConfig: "libgif", apt: ["libgif-dev"], brew: ["giflib"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"], brew: ["libpng"]),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"], brew: ["cairo"]),
        // macOS has zlib in its SDK; Homebrew's pkgconf describes it (zlib.pc among its stubs).
        systemLibrary("CLibZ", pkgConfig: "zlib", apt: ["zlib1g-dev"], brew: ["zlib"]),
        systemLibrary("CDeflate", pkgConfig: "libdeflate", apt: ["libdeflate-dev"], brew: ["libdeflate"]),
        systemLibrary("CJPEG", pkgConfig: "libturbojpeg", apt: ["libturbojpeg0-dev"], brew: ["jpeg-turbo"]),
        systemLibrary("CWebP", pkgConfig: "libwebpdemux", apt: ["libwebp-dev"], brew: ["webp"]),
        systemLibrary("CRSVG", pkgConfig: "librsvg-2.0", apt: ["librsvg2-dev"], brew: ["librsvg"]),
        systemLibrary("CPango", pkgConfig: "pangocairo", apt: ["libpango1.0-dev"], brew: ["pango"]),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"], brew: ["harfbuzz"]),
        // FFmpeg's four libraries share one include root and one .pc family; libavformat's
        // describes where they are.
        systemLibrary(
            "CFFmpeg", pkgConfig: "libavformat",
            apt: ["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"], brew: ["ffmpeg"]),
        systemLibrary("CAVIF", pkgConfig: "libavif", apt: ["libavif-dev"], brew: ["libavif"]),
        // Transfer functions and gamuts for HDR clips (BT.2100 HLG and PQ to linear BT.709 and back).
        systemLibrary("CZimg", pkgConfig: "zimg", apt: ["libzimg-dev"], brew: ["zimg"]),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"], brew: ["freetype"]),
        // The affine blit's interior runs with 512- and 256-bit vectors (AVX-512 or AVX2, chosen at
        // run time; NEON on arm64): Swift compiles for baseline x86-64 and has no per-function target attribute.
        module("C", "CBlit"),
        // Shrinking by area (the compositor's resampler): a pixel's four channels one vector of
        // 32-bit lanes (SSE2 on x86-64, NEON on arm64, through the compiler's vector extension).
        module("C", "CShrink"),
        // Premultiplied to straight colour, eight pixels a step (AVX2 chosen at run time; NEON on arm64).
        module("C", "CUnpremultiply"),

        // MARK: Core — what decides: Foundation only, built for iOS, macOS and Linux alike.
        // Value types shared by everyone: Affine, paths, Color, caps and joins, sizes, fit, delays, SSIM.
        module("Core", "ArcMaskValues"),
        // Mask plans (presets, slices, radius, stroke), coverage geometry, timelines.
        module("Core", "ArcMaskGeometry", ["ArcMaskValues"]),
        // What a live timer (`Text(date, style: .timer)`) shows, for both public-API routes.
        module("Core", "ArcMaskTimerClock", ["ArcMaskGeometry"]),
        // Samples the rotation at display refreshes and classifies what shows.
        module("Core", "ArcMaskEmulator", ["ArcMaskGeometry", "ArcMaskValues"]),
        // What a layer may cost and how the layers are fitted to it: the phone's limits, the frame
        // budget, the archive fitter and its notes, the layer formats.
        module("Core", "ArcMaskBudget", ["ArcMaskGeometry", "ArcMaskValues"]),
        // What a widget's folder holds: the routes, the settings, the manifest with its one reader
        // and one writer, the names of the generated code.
        module(
            "Core", "ArcMaskManifest",
            ["ArcMaskBudget", "ArcMaskEmulator", "ArcMaskGeometry", "ArcMaskTimerClock", "ArcMaskValues"]),
        // A strict JSON reader for untrusted files (limits, line/column/path errors).
        module("Core", "ArcMaskJSON"),

        // MARK: Drawing — pixels and codecs.
        // The platform seam: the one module that names glibc, musl or Darwin.
        module("Drawing", "ArcMaskPlatform"),
        // Pixel buffers, the frame-source protocol, limits, errors, atomic files, caches.
        // Files written all or nothing: a staging folder moved into place, or removed (Foundation
        // only, so ArcMaskKit links it too).
        module("Drawing", "ArcMaskFiles", ["ArcMaskBudget", "ArcMaskManifest", "ArcMaskPlatform", "ArcMaskValues"]),
        module("Drawing", "ArcMaskFrames", ["ArcMaskValues"]),
        // Solid fills and strokes rasterised in Swift: exact-area coverage, cairo's geometry and arithmetic.
        module("Drawing", "ArcMaskRaster", ["ArcMaskValues"]),
        // The one thin wrapper over cairo: Surface, Context, Pattern.
        module("Drawing", "ArcMaskCairo", ["ArcMaskFrames", "ArcMaskValues", "CCairo", "CUnpremultiply"]),
        // zlib's one wrapper: inflate with a ceiling, deflate, CRC-32, and ZIP archives read in
        // memory. It needs nothing else, so ArcMaskKit reads dotLottie files with it on a phone.
        module("Drawing", "ArcMaskZIP", ["CLibZ"]),
        // Bytes in and out: PNG (libpng reads; our encoder over libdeflate writes), JPEG (libturbojpeg),
        // the command line's ZIP archives, the render cache, the image pipeline.
        module(
            "Drawing", "ArcMaskIO",
            [
                "ArcMaskFiles", "ArcMaskFrames", "ArcMaskPlatform", "ArcMaskValues", "ArcMaskZIP", "CDeflate", "CJPEG",
                "CPNG",
            ]),
        // Text laid out by Pango (HarfBuzz shaping, fontconfig fallback) and drawn on cairo.
        module("Drawing", "ArcMaskText", ["ArcMaskCairo", "ArcMaskValues", "CPango"]),
        // An OpenType colour-font writer (sbix PNG glyphs, ligatures), one type per table; pure
        // Swift. Its reader is beside it; the routes that draw with fonts use both.
        module("Drawing", "ArcMaskFont"),
        // Generated fonts read back by HarfBuzz (shaping, sbix PNGs) and FreeType (decoded colour bitmaps).
        module(
            "Drawing", "ArcMaskFontCheck",
            ["ArcMaskFrames", "ArcMaskValues", "CFreeType", "CHarfBuzz"]),
        // What the widget shows at an instant (cairo), frames at the view's size, the raster coverage model.
        module(
            "Drawing", "ArcMaskCompositor",
            ["ArcMaskCairo", "ArcMaskFrames", "ArcMaskGeometry", "ArcMaskValues", "CShrink"]),
        // Pictures of a plan and the offline page.
        module(
            "Drawing", "ArcMaskPreview",
            [
                "ArcMaskCairo", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFrames", "ArcMaskGeometry", "ArcMaskIO",
                "ArcMaskManifest", "ArcMaskValues",
            ]),

        // MARK: Formats — one reader per format, and the entry point.
        // giflib-backed frame source and GIF writer.
        module("Formats", "ArcMaskGIF", ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskValues", "CGIF"]),
        // APNG: chunks read and checked here, each frame's data decoded by libpng, composited per the spec.
        module(
            "Formats", "ArcMaskAPNG", ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskValues", "ArcMaskZIP"]),
        // Animated and still WebP through libwebp's demuxer and animation decoder.
        module("Formats", "ArcMaskWebP", ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskValues", "CWebP"]),
        // SVG rasterised by librsvg onto cairo, with its memory and disk caches.
        module("Formats", "ArcMaskSVG", ["ArcMaskCairo", "ArcMaskFrames", "ArcMaskIO", "ArcMaskValues", "CRSVG"]),
        // SVGA: containers (zlib + protobuf, ZIP + JSON, ZIP + protobuf), model, renderer, dynamic content.
        module(
            "Formats", "ArcMaskSVGA",
            [
                "ArcMaskCairo", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskText", "ArcMaskValues",
                "ArcMaskZIP", "CBlit",
                protobuf,
            ],
            exclude: ["Proto"]),
        // Numbered image sequences (PNG, JPEG, SVG files), decoded one frame at a time.
        module(
            "Formats", "ArcMaskSequence",
            ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskSVG", "ArcMaskValues"]),
        // Video clips (FFmpeg's libraries) and animated AVIF (libavif) as frame sources, timed by
        // their timestamps; the timeline rules themselves are pure Swift (VideoTimeline).
        module(
            "Formats", "ArcMaskVideo", ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskValues", "CAVIF", "CFFmpeg", "CZimg"]),
        // A JavaScript subset (lexer, parser, interpreter, prototypes) that Lottie expressions run in.
        module("Formats", "ArcMaskScript"),
        // Lottie documents read (limits, JSON-path errors), timed and evaluated into draw commands
        // as lottie-web's canvas renderer draws them; expressions bound to the model.
        module("Formats", "ArcMaskLottie", ["ArcMaskJSON", "ArcMaskScript", "ArcMaskValues"]),
        // Lottie's draw commands read once for any canvas (the walk, clips, groups, mattes): plain
        // Swift, so the cairo renderer and ArcMaskKit's Core Graphics one share it.
        module("Formats", "ArcMaskLottieCanvas", ["ArcMaskLottie", "ArcMaskRaster", "ArcMaskValues"]),
        // Lottie's draw commands drawn on cairo; the Lottie, Telegram-sticker and dotLottie frame source.
        module(
            "Formats", "ArcMaskLottieRender",
            [
                "ArcMaskCairo", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskJSON", "ArcMaskLottie",
                "ArcMaskLottieCanvas",
                "ArcMaskRaster", "ArcMaskText", "ArcMaskValues", "ArcMaskZIP",
            ]),
        // The one entry point for frames: reads a file once and picks its format from its bytes.
        module(
            "Formats", "ArcMaskSources",
            [
                "ArcMaskAPNG", "ArcMaskBudget", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskIO",
                "ArcMaskLottie", "ArcMaskLottieRender", "ArcMaskManifest", "ArcMaskSVG", "ArcMaskSVGA",
                "ArcMaskSequence", "ArcMaskText", "ArcMaskValues", "ArcMaskVideo", "ArcMaskWebP",
            ]),

        // MARK: Routes — what an export writes: a wing per route (what decides; what writes and
        // draws), beside what the routes share.
        // What the rotation and timer-mask routes write alike: the folder of layer images that
        // ArcMaskAnimation plays (a JPEG or PNG per frame, fitted to the phone's limits), and the
        // SwiftUI code, plan and guide that play it.
        module(
            "Routes", "ArcMaskLayerExport",
            [
                "ArcMaskBudget", "ArcMaskCairo", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFiles",
                "ArcMaskFrames", "ArcMaskGeometry", "ArcMaskIO", "ArcMaskManifest", "ArcMaskTimerMaskPlan",
                "ArcMaskValues",
            ]),
        // The rotation route's writer and checker: its exports (a layer file per frame, or the
        // strip only it writes) and its folder read back and emulated (its plan, emulator and
        // manifest decide in the core: ArcMaskGeometry, ArcMaskEmulator, ArcMaskBudget,
        // ArcMaskManifest).
        module(
            "Routes/Rotation", "ArcMaskRotationRoute",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFiles", "ArcMaskFrames",
                "ArcMaskGeometry", "ArcMaskIO", "ArcMaskLayerExport", "ArcMaskManifest", "ArcMaskTimerMaskPlan",
                "ArcMaskValues",
            ]),
        // The timer-font route, what decides: the schedule of timers and fonts, and how an
        // animation's timeline maps onto a loop that divides a minute (Foundation only).
        module("Routes/TimerFont", "ArcMaskTimerFontPlan", ["ArcMaskGeometry", "ArcMaskTimerClock"]),
        // The timer-mask route, what decides: lanes of pictures, each under live timer masks, and
        // when each is on top (Foundation only).
        module(
            "Routes", "ArcMaskTimerMaskPlan",
            ["ArcMaskBudget", "ArcMaskGeometry", "ArcMaskManifest", "ArcMaskTimerClock"]),
        // The timer-mask route, what writes and checks: the lanes written as the rotation route
        // writes layers, the mask font, the manifest's section, and the proof with the written
        // font (every mask's timer text shaped by HarfBuzz).
        module(
            "Routes/TimerMask", "ArcMaskTimerMask",
            [
                "ArcMaskBudget", "ArcMaskFiles", "ArcMaskFont", "ArcMaskFontCheck", "ArcMaskFrames", "ArcMaskIO",
                "ArcMaskLayerExport", "ArcMaskManifest", "ArcMaskMaskFonts", "ArcMaskPreview", "ArcMaskTimerClock",
                "ArcMaskTimerMaskPlan", "ArcMaskValues",
            ]),
        // The timer-font route, what writes and draws: pictures, fonts, code, the folder, the
        // proof (every refresh shaped by HarfBuzz) and its preview.
        module(
            "Routes/TimerFont", "ArcMaskTimerFont",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskFiles", "ArcMaskFont", "ArcMaskFontCheck",
                "ArcMaskFrames", "ArcMaskGeometry", "ArcMaskIO", "ArcMaskManifest", "ArcMaskMaskFonts",
                "ArcMaskPreview", "ArcMaskTimerClock", "ArcMaskTimerFontPlan", "ArcMaskValues",
            ]),
        // The fonts a live timer's text draws with, shared by the two timer routes: the glyph
        // layout of every timer font, and the mask fonts (a solid square on the second that
        // opens a period, nothing on the others).
        module(
            "Routes", "ArcMaskMaskFonts", ["ArcMaskFont", "ArcMaskManifest", "ArcMaskTimerMaskPlan", "ArcMaskValues"]),

        // MARK: Front ends — the command line and the library apps link.
        // Process concerns for executables only: signals, watchdog, output locks, progress lines.
        module("FrontEnds", "ArcMaskRuntime", ["ArcMaskFiles", "ArcMaskPlatform", "ArcMaskValues"]),
        // The command line as a library, so tests can drive it.
        module(
            "FrontEnds", "ArcMaskCLI",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFiles", "ArcMaskFontCheck",
                "ArcMaskFrames", "ArcMaskGeometry", "ArcMaskIO", "ArcMaskLayerExport", "ArcMaskManifest",
                "ArcMaskPreview", "ArcMaskRotationRoute", "ArcMaskRuntime", "ArcMaskSources", "ArcMaskText",
                "ArcMaskTimerClock", "ArcMaskTimerFont", "ArcMaskTimerFontPlan", "ArcMaskTimerMask",
                "ArcMaskTimerMaskPlan", "ArcMaskValues", argumentParser,
            ]),
        .executableTarget(
            name: "arcmask", dependencies: ["ArcMaskCLI", "ArcMaskRuntime"], path: "Sources/FrontEnds/arcmask"),
        // The library an iOS or macOS app links: `prepare` (ImageIO; Lottie drawn on Core Graphics
        // from ArcMaskLottie's commands) and the `ArcMaskAnimation` view (SwiftUI, WidgetKit).
        // Apple frameworks, the Foundation-only core and plain-Swift modules; of C only zlib
        // (ArcMaskZIP), which every Apple platform ships. On Linux only its platform-neutral part builds.
        module(
            "FrontEnds", "ArcMaskKit",
            [
                "ArcMaskBudget", "ArcMaskFiles", "ArcMaskGeometry", "ArcMaskLottie", "ArcMaskLottieCanvas",
                "ArcMaskManifest", "ArcMaskRaster", "ArcMaskTimerMaskPlan", "ArcMaskValues", "ArcMaskZIP",
            ],
            // The privacy manifest apps' privacy reports gather (required-reason APIs the Kit's
            // code references; PrivacyManifestTests holds the two against each other).
            resources: [.copy("PrivacyInfo.xcprivacy"), .process("Resources")],
            // Public API only: the view's lookup of WidgetKit's private clock-hand rotation is not
            // compiled; it plays timer masks, or the poster frame still.
            swiftSettings: [.define("ARCMASK_PUBLIC_API_ONLY", .when(traits: [publicAPIOnly]))]),

        // MARK: Tools — lanes and measurements.
        // Conformance lane: compares decoding with the external suites in ../shared/corpus.
        .executableTarget(
            name: "ArcMaskConformance",
            dependencies: [
                "ArcMaskAPNG", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskGeometry",
                "ArcMaskIO", "ArcMaskLottieRender", "ArcMaskSVG", "ArcMaskSVGA", "ArcMaskSources", "ArcMaskText",
                "ArcMaskValues", "ArcMaskVideo", "ArcMaskWebP",
            ],
            path: "Sources/Tools/ArcMaskConformance"),
        // Measures the engines for Scripts/bench.
        .executableTarget(
            name: "ArcMaskBench",
            dependencies: [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFrames", "ArcMaskGIF",
                "ArcMaskGeometry", "ArcMaskIO", "ArcMaskKit", "ArcMaskLottieRender", "ArcMaskSVGA", "ArcMaskSources",
                "ArcMaskValues", "ArcMaskZIP",
            ],
            path: "Sources/Tools/ArcMaskBench"),

        // MARK: Test support — never shipped.
        // The SVGA player state machine (playback, loading, caching) as the official players behave,
        // driven on virtual time by the SVGA tests.
        .target(
            name: "ArcMaskSVGAPlayer",
            dependencies: ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskSVGA", "ArcMaskText", "ArcMaskValues"],
            path: "Tests/Support/ArcMaskSVGAPlayer"),

        // What the route tests share: a scratch folder, pattern GIFs, an export of each route,
        // the stub SDK generated code is type-checked against.
        .target(
            name: "ArcMaskRouteTesting",
            dependencies: [
                "ArcMaskFiles", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskLayerExport", "ArcMaskManifest",
                "ArcMaskRotationRoute", "ArcMaskTimerFont", "ArcMaskValues",
            ],
            path: "Tests/Support/ArcMaskRouteTesting"),

        // MARK: Tests mirror the modules.
        tests("Core", "ArcMaskValues", ["ArcMaskValues"]),
        tests("Core", "ArcMaskGeometry", ["ArcMaskGeometry"]),
        tests("Core", "ArcMaskEmulator", ["ArcMaskEmulator", "ArcMaskGeometry"]),
        tests("Core", "ArcMaskBudget", ["ArcMaskBudget", "ArcMaskValues"]),
        tests("Core", "ArcMaskManifest", ["ArcMaskBudget", "ArcMaskGeometry", "ArcMaskManifest", "ArcMaskValues"]),
        tests("Core", "ArcMaskJSON", ["ArcMaskJSON"]),
        tests("Drawing", "ArcMaskPlatform", ["ArcMaskPlatform"]),
        tests("Drawing", "ArcMaskFiles", ["ArcMaskFiles", "ArcMaskValues"]),
        tests("Drawing", "ArcMaskFrames", ["ArcMaskFrames"]),
        tests("Drawing", "ArcMaskCairo", ["ArcMaskCairo", "ArcMaskFrames", "ArcMaskValues"]),
        tests("Drawing", "ArcMaskRaster", ["ArcMaskCairo", "ArcMaskRaster", "ArcMaskValues"]),
        tests(
            "Drawing", "ArcMaskIO",
            ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskValues", "ArcMaskZIP", zipFoundation]),
        tests("Drawing", "ArcMaskZIP", ["ArcMaskZIP"]),
        tests("Drawing", "ArcMaskText", ["ArcMaskCairo", "ArcMaskFrames", "ArcMaskText", "ArcMaskValues"]),
        tests(
            "Drawing", "ArcMaskCompositor",
            [
                "ArcMaskCairo", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFrames", "ArcMaskGIF",
                "ArcMaskGeometry",
                "ArcMaskValues",
            ]),
        tests(
            "Drawing", "ArcMaskPreview",
            [
                "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskGeometry",
                "ArcMaskManifest", "ArcMaskPreview", "ArcMaskValues",
            ]),
        tests("Formats", "ArcMaskGIF", ["ArcMaskFrames", "ArcMaskGIF", "ArcMaskValues"]),
        tests("Formats", "ArcMaskAPNG", ["ArcMaskAPNG", "ArcMaskFrames", "ArcMaskIO", "ArcMaskValues"]),
        tests("Formats", "ArcMaskWebP", ["ArcMaskFrames", "ArcMaskValues", "ArcMaskWebP", "CWebP"]),
        tests("Formats", "ArcMaskSVG", ["ArcMaskFrames", "ArcMaskIO", "ArcMaskSVG", "ArcMaskValues"]),
        tests(
            "Formats", "ArcMaskSVGA",
            [
                "ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskSVGA", "ArcMaskSVGAPlayer", "ArcMaskText",
                "ArcMaskValues",
                "ArcMaskZIP", "CPango",
                protobuf, zipFoundation,
            ]),
        tests(
            "Formats", "ArcMaskSequence", ["ArcMaskFrames", "ArcMaskIO", "ArcMaskSequence", "ArcMaskValues", "CJPEG"]),
        tests(
            "Formats", "ArcMaskVideo", ["ArcMaskFiles", "ArcMaskFrames", "ArcMaskIO", "ArcMaskValues", "ArcMaskVideo"],
            exclude: ["Fixtures"]),
        tests("Formats", "ArcMaskScript", ["ArcMaskScript"]),
        tests("Formats", "ArcMaskLottie", ["ArcMaskJSON", "ArcMaskLottie", "ArcMaskScript", "ArcMaskValues"]),
        tests(
            "Formats", "ArcMaskLottieCanvas",
            ["ArcMaskLottie", "ArcMaskLottieCanvas", "ArcMaskRaster", "ArcMaskValues"]),
        tests(
            "Formats", "ArcMaskLottieRender",
            [
                "ArcMaskCairo", "ArcMaskFrames", "ArcMaskIO", "ArcMaskLottie", "ArcMaskLottieRender", "ArcMaskValues",
                "ArcMaskZIP",
                zipFoundation,
            ], exclude: ["Fixtures"]),
        tests(
            "Formats", "ArcMaskSources",
            [
                "ArcMaskAPNG", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskIO", "ArcMaskLottieRender",
                "ArcMaskSVG",
                "ArcMaskSVGA", "ArcMaskSequence", "ArcMaskSources", "ArcMaskValues", "ArcMaskVideo", "ArcMaskWebP",
            ]),
        tests(
            "Routes", "ArcMaskLayerExport",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskGeometry", "ArcMaskIO",
                "ArcMaskLayerExport", "ArcMaskManifest", "ArcMaskRouteTesting", "ArcMaskTimerFont", "ArcMaskValues",
            ]),
        tests(
            "Routes/Rotation", "ArcMaskRotationRoute",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskEmulator", "ArcMaskFiles", "ArcMaskGIF",
                "ArcMaskGeometry", "ArcMaskIO", "ArcMaskLayerExport", "ArcMaskManifest", "ArcMaskRotationRoute",
                "ArcMaskRouteTesting", "ArcMaskValues",
            ]),
        tests(
            "Routes/TimerFont", "ArcMaskTimerFont",
            [
                "ArcMaskBudget", "ArcMaskCompositor", "ArcMaskFontCheck", "ArcMaskFrames", "ArcMaskGIF",
                "ArcMaskGeometry", "ArcMaskIO", "ArcMaskLayerExport", "ArcMaskManifest", "ArcMaskRouteTesting",
                "ArcMaskTimerFont", "ArcMaskTimerFontPlan", "ArcMaskValues",
            ]),
        tests("Routes/TimerFont", "ArcMaskTimerFontPlan", ["ArcMaskGeometry", "ArcMaskTimerFontPlan"]),
        tests("Core", "ArcMaskTimerClock", ["ArcMaskGeometry", "ArcMaskTimerClock"]),
        tests(
            "Routes", "ArcMaskTimerMaskPlan",
            ["ArcMaskManifest", "ArcMaskTimerClock", "ArcMaskTimerMaskPlan"]),
        tests(
            "Routes/TimerMask", "ArcMaskTimerMask",
            [
                "ArcMaskBudget", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskLayerExport", "ArcMaskManifest",
                "ArcMaskMaskFonts", "ArcMaskRouteTesting", "ArcMaskTimerClock", "ArcMaskTimerMask",
                "ArcMaskTimerMaskPlan", "ArcMaskValues",
            ]),
        tests(
            "Routes", "ArcMaskMaskFonts",
            ["ArcMaskFontCheck", "ArcMaskMaskFonts", "ArcMaskTimerClock", "ArcMaskValues"]),
        tests(
            "Drawing", "ArcMaskFont",
            [
                "ArcMaskFont", "ArcMaskFontCheck", "ArcMaskFrames", "ArcMaskIO",
                "ArcMaskValues",
            ]),
        tests("FrontEnds", "ArcMaskRuntime", ["ArcMaskFiles", "ArcMaskRuntime", "ArcMaskValues"]),
        tests(
            "FrontEnds", "ArcMaskCLI",
            [
                "ArcMaskBudget", "ArcMaskCLI", "ArcMaskFiles", "ArcMaskFrames", "ArcMaskGIF", "ArcMaskGeometry",
                "ArcMaskIO", "ArcMaskManifest", "ArcMaskRuntime", "ArcMaskValues", "ArcMaskZIP", argumentParser,
            ]),
        // Stand-ins for Apple's frameworks live in Tests/AppleStubs, compiled by the tests themselves.
        tests(
            "FrontEnds", "ArcMaskKit",
            [
                "ArcMaskBudget", "ArcMaskEmulator", "ArcMaskFiles", "ArcMaskGIF", "ArcMaskGeometry", "ArcMaskIO",
                "ArcMaskKit", "ArcMaskLayerExport", "ArcMaskLottie", "ArcMaskLottieRender", "ArcMaskManifest",
                "ArcMaskMaskFonts", "ArcMaskRotationRoute", "ArcMaskTimerMask", "ArcMaskTimerMaskPlan", "ArcMaskValues",
                "ArcMaskWebP", "ArcMaskZIP", "CWebP", zipFoundation,
            ]),
        // The package itself: each target declares exactly what its files import.
        .testTarget(name: "PackageTests", path: "Tests/PackageTests"),
    ],
    swiftLanguageModes: [.v6]
)
