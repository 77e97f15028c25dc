// swift-tools-version: 6.1
// Bubble's fuzz targets (libFuzzer), kept out of the main package so that `swift build` and `swift test`
// never build them, nor anything with sanitizers. Built by scripts/fuzz with AddressSanitizer and
// libFuzzer's coverage over every module (Bubble's, its C wrappers', Hummingbird's):
//     scripts/fuzz build                      # .build-fuzz/release/bubble-fuzz
//     scripts/fuzz run markup 600             # one target for ten minutes
//     make fuzz FUZZ_SECONDS=600              # every target
import Foundation
import PackageDescription

/// A path dependency is named after its folder, and Bubble's folder is a checkout (or a worktree) of any name.
let bubblePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

/// libFuzzer without its `main`: the package's other executables (the `bubble-embed` build tool) are built
/// with the same coverage flags and keep their own `main`; bubble-fuzz calls `LLVMFuzzerRunDriver`.
/// scripts/fuzz passes the toolchain's clang resource folder in `BUBBLE_FUZZER_LIB`.
let fuzzerLibrary = Context.environment["BUBBLE_FUZZER_LIB"] ?? "libclang_rt.fuzzer_no_main-x86_64.a"

let package = Package(
    name: "BubbleFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "bubble-fuzz",
            dependencies: [
                .product(name: "Bubble", package: bubblePackage),
                .product(name: "BubbleServer", package: bubblePackage),
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", fuzzerLibrary, "-lstdc++"])]
        ),
    ]
)
