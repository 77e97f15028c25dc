// swift-tools-version: 6.1
// Bubble's per-stage benchmarks (ordo-one/package-benchmark), kept out of the main package so that
// `swift test` never builds the benchmark dependency.  Run from this folder:
//     swift package benchmark                       # every stage, instructions and mallocs
//     swift package benchmark --filter 'LayOut.*'
import Foundation
import PackageDescription

/// A path dependency is named after its folder, and Bubble's folder is a checkout (or a worktree) of any name.
let bubblePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "BubbleBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "Stages",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Bubble", package: bubblePackage),
            ],
            path: "Benchmarks/Stages",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
