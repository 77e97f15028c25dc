// swift-tools-version: 6.1
// Bubble: typesets chat messages on Linux (HarfBuzz, FreeType, ICU, fontconfig, PCRE2).
import Foundation
import PackageDescription

/// Wrapper modules import their C module `internal`ly, so no C type can reach a public signature.
let strict: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

/// How release builds link Bubble's programs and libbubble on Linux: by LLD, with the functions a layout runs
/// put first and together in the order of bench/link-order.txt (scripts/make-link-order writes it from a
/// profile of the corpus), so the kernel, which maps code 64 KB around each page a program first runs, keeps
/// fewer pages of it resident. Executables also pack their relative relocations (DT_RELR, glibc 2.36 and
/// later, as in Debian 12) instead of keeping a table of them resident; libbubble does not, so that the
/// wheel keeps its manylinux_2_35 tag. docs/performance.md, "The program's own pages".
func releaseLink(packRelocations: Bool) -> LinkerSetting {
    var flags = ["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/bench/link-order.txt",
                 "-Xlinker", "--no-warn-symbol-ordering"]
    if packRelocations { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    return .unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))
}

let package = Package(
    name: "Bubble",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Bubble", targets: ["Bubble"]),
        .executable(name: "bubble", targets: ["bubble"]),
        .executable(name: "bubble-bench", targets: ["bubble-bench"]),
        // libbubble: the C API (Sources/BubbleC, include/bubble.h). SwiftPM names the file libBubbleC.so;
        // scripts/make-release installs it as libbubble.so (its soname, set below).
        .library(name: "BubbleC", type: .dynamic, targets: ["BubbleC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // `make docs`: the DocC archive (a command plugin: `swift build` builds nothing of it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries, one thin module each.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev", "libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // The lock guarding shared caches (pthread; no Foundation, so programs using Bubble don't load it), and the
        // cache bounded in entries and bytes that they share.
        .target(name: "BubbleLock", swiftSettings: strict),

        // Bubble's one JSON reader (batch lines, HTTP bodies, option files, spans, the catalog).
        .target(name: "BubbleJSON", swiftSettings: strict),

        // Swift wrappers: the only files that name hb_, FT_, Fc, pcre2_ or ICU symbols.
        .target(name: "BubbleFonts", dependencies: ["CHarfBuzz", "CFontconfig", "BubbleLock"], swiftSettings: strict),
        .target(name: "BubbleUnicode", dependencies: ["CICU"], swiftSettings: strict),
        .target(name: "BubbleRegex", dependencies: ["CPCRE2"], swiftSettings: strict),
        .target(name: "BubbleGzip", dependencies: ["CZlib"], swiftSettings: strict),

        // The pipeline: Map → Typeset → Report.
        .target(name: "BubbleMapping", dependencies: ["BubbleJSON", "BubbleRegex", "BubbleLock"], swiftSettings: strict),
        .target(name: "BubbleTypesetting", dependencies: ["BubbleFonts", "BubbleUnicode", "BubbleMapping"], swiftSettings: strict),
        .target(name: "BubbleRendering", dependencies: ["BubbleJSON", "BubbleTypesetting", "BubbleMapping", "BubbleFonts", "BubbleUnicode", "BubbleLock"], swiftSettings: strict),
        .target(name: "Bubble", dependencies: ["BubbleJSON", "BubbleMapping", "BubbleTypesetting", "BubbleRendering", "BubbleFonts",
                                               "BubbleUnicode", "BubbleRegex", "BubbleLock"],
                swiftSettings: strict, plugins: ["EmbedFiles"]),
        // The HTTP service as a library: tests drive it without a socket and over loopback.
        .target(name: "BubbleServer", dependencies: [
            "Bubble", "BubbleJSON", "BubbleGzip", "BubbleFonts", "BubbleLock", "BubbleMapping",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ], exclude: ["openapi.json"], swiftSettings: strict, plugins: ["EmbedFiles"]),
        .executableTarget(name: "bubble", dependencies: [
            "Bubble", "BubbleJSON", "BubbleServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict, linkerSettings: [releaseLink(packRelocations: true)]),
        // The C API of libbubble: `@c` functions over the batch-line path. Every build writes their header as
        // Swift prints it to .build/generated/BubbleC-Swift.h; scripts/make-header turns it into include/bubble.h,
        // and BubbleCTests fails when the two drift apart.
        .target(name: "BubbleC", dependencies: ["Bubble", "BubbleRendering", "BubbleJSON", "BubbleLock"],
                swiftSettings: strict + [.unsafeFlags(["-emit-clang-header-path", "\(Context.packageDirectory)/.build/generated/BubbleC-Swift.h"])],
                // --static-swift-stdlib reaches executables only: a release libbubble links the Swift runtime in itself.
                linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libbubble.so"]),
                                 .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                                 releaseLink(packRelocations: false)]),
        .executableTarget(name: "bubble-bench", dependencies: ["Bubble", "BubbleJSON"], swiftSettings: strict,
                         linkerSettings: [releaseLink(packRelocations: true)]),
        // Compiled into the binary rather than found beside it: the OpenAPI document, the version and commit.
        .executableTarget(name: "bubble-embed"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["bubble-embed"]),

        .target(name: "BubbleTestSupport", swiftSettings: strict),
        .testTarget(name: "BubbleUnicodeTests", dependencies: ["BubbleUnicode", "BubbleTestSupport"],
                    exclude: ["BidiCharacterTest.allowlist", "LineBreakTest.allowlist"]),
        .testTarget(name: "BubbleFontsTests", dependencies: ["BubbleFonts", "CHarfBuzz", "BubbleTestSupport"]),
        .testTarget(name: "BubbleJSONTests", dependencies: ["BubbleJSON"]),
        .testTarget(name: "BubbleMappingTests", dependencies: ["BubbleMapping", "BubbleRegex", "BubbleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BubbleTypesettingTests", dependencies: ["BubbleTypesetting", "BubbleMapping", "BubbleFonts", "BubbleUnicode",
                                                             "BubbleTestSupport"]),
        .testTarget(name: "BubbleRenderingTests", dependencies: ["Bubble", "BubbleRendering", "BubbleFonts", "BubbleMapping", "BubbleTestSupport"]),
        .testTarget(name: "BubbleTests", dependencies: ["Bubble", "BubbleJSON", "BubbleFonts", "BubbleLock", "BubbleMapping", "bubble", "BubbleTestSupport"],
                    exclude: ["Snapshots", "Dictionaries"]),
        .testTarget(name: "BubbleCTests", dependencies: ["BubbleC", "Bubble", "BubbleJSON", "BubbleRendering", "bubble", "BubbleTestSupport"]),
        .testTarget(name: "BubbleServerTests", dependencies: [
            "Bubble", "BubbleServer", "bubble", "BubbleTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
    ]
)

// The fuzz targets (Fuzz/, issues 20 and 31): declared only when BUBBLE_FUZZ is set (scripts/fuzz build,
// .clusterfuzzlite/build.sh), so `swift build` and `swift test` never see them. One executable per target,
// bubble-fuzz-TARGET, for each folder Fuzz/Sources/bubble-fuzz-TARGET: a thin pair of libFuzzer entry points
// over BubbleFuzzTargets (BubbleFuzzServer for http), linked with libFuzzer's own main by the build's -sanitize=fuzzer (OSS-Fuzz's
// SWIFTFLAGS). The shared code lives in this package so it reaches the HTTP service's `package` declarations
// (BubbleService.answer) without making them public.
if Context.environment["BUBBLE_FUZZ"] != nil {
    package.targets.append(.target(name: "CFuzzLeaks", path: "Fuzz/Sources/CFuzzLeaks"))
    package.targets.append(.target(name: "BubbleFuzzTargets", dependencies: ["Bubble", "BubbleFonts", "CFuzzLeaks"], path: "Fuzz/Sources/BubbleFuzzTargets"))
    package.targets.append(.target(name: "BubbleFuzzServer", dependencies: ["Bubble", "BubbleFuzzTargets", "BubbleServer"],
                                   path: "Fuzz/Sources/BubbleFuzzServer"))
    let sources = Context.packageDirectory + "/Fuzz/Sources"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []).filter { $0.hasPrefix("bubble-fuzz-") }.sorted()
    for name in names {
        // Only the http target links the server (and NIO, Hummingbird): the others' coverage maps stay small.
        let shared: [Target.Dependency] = name == "bubble-fuzz-http" ? ["BubbleFuzzTargets", "BubbleFuzzServer"] : ["BubbleFuzzTargets"]
        package.targets.append(.executableTarget(name: name, dependencies: shared, path: "Fuzz/Sources/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
