@testable import bubble
import Bubble
import BubbleServer
import BubbleTestSupport
import Foundation
import Testing

/// The flag table is the one declaration of every `bubble serve` flag: these tests fail when the command,
/// its help, the settings struct, docs/service.md or the OpenAPI document say something the table does not.
@Suite struct ServerFlagTableTests {
    @Test func theCommandHasOneFlagPerEntryInOrder() {
        #expect(ServeCommand.flagKeys == ServerFlagTable.all.map(\.key))
        #expect(Set(ServerFlagTable.all.map(\.flag)).count == ServerFlagTable.all.count)
    }

    @Test func helpComesFromTheTable() {
        let help = ServeCommand.helpMessage(columns: 1000)
        for flag in ServerFlagTable.all {
            #expect(help.contains(flag.flag), "\(flag.flag) missing from the help")
            #expect(help.contains(flag.help), "\(flag.flag)'s help line is not the table's")
        }
        #expect(ServerFlagTable.flag("maxBodyBytes")?.help == "Largest request body, in bytes (413 body_too_large past it). (default 4194304 (4 MiB))")
    }

    /// Every settings field is written by some flag, and every flag writes a field that exists.
    @Test func everySettingsFieldHasAFlag() {
        let fields = Mirror(reflecting: BubbleServerSettings()).children.compactMap(\.label)
        #expect(Set(fields) == Set(ServerFlagTable.all.map(\.field)))
    }

    /// docs/service.md's flag table is the table's; `RECORD_SNAPSHOTS=1` rewrites it.
    @Test func docsListEveryFlag() {
        #expect(markedSectionMismatch(ServerFlagTable.markdown, in: "docs/service.md", marker: "serve-flags") == nil)
    }

    /// A flag the service's page or the OpenAPI document names is one `bubble serve` has (or a layout option's),
    /// unless it is shown with another command (`bubble version --json`).
    @Test func docsNameNoOtherFlag() throws {
        let known = Set(ServerFlagTable.all.map(\.flag) + OptionTable.all.map(\.flag) + ["--help"])
        for path in ["docs/service.md", "Sources/BubbleServer/openapi.json"] {
            let text = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
                .replacing(/`bubble (?!serve)[a-z]+[^`]*`/, with: "")
            for match in text.matches(of: /--[a-z][a-z0-9-]*[a-z0-9]/) where !known.contains(String(match.output)) {
                Issue.record("\(path) names \(match.output), which bubble serve does not take")
            }
        }
    }

    @Test func flagsSetTheirFields() throws {
        let settings = try ServerFlagTable.settings(from: [
            ("port", "0"), ("cacheBytes", "1024"), ("fontChains", "3"), ("allowFamilies", "DejaVu Sans, Noto Sans"),
            ("requestMatchLimit", "5"), ("logFormat", "json"), ("allowRequestLinkRules", "true"), ("readTimeout", "2.5"),
            ("fonts", "DejaVu Sans"), ("clientKeyHeader", "X-Client-Id"),
        ])
        #expect(settings.port == 0 && settings.cacheBytes == 1024 && settings.limits.fontChains == 3)
        #expect(settings.allowedFamilies == ["DejaVu Sans", "Noto Sans"])
        #expect(settings.requestLinkRuleLimits.matchLimit == 5 && settings.requestLinkRuleLimits.depthLimit == 1_000)
        #expect(settings.logFormat == .json && settings.allowRequestLinkRules && settings.readTimeout == 2.5)
        #expect(settings.defaults.fonts == ["DejaVu Sans"] && settings.clientKeyHeader == "X-Client-Id")
        let none = try ServerFlagTable.settings(from: [])
        #expect(none.port == BubbleServerSettings().port && none.maxBodyBytes == 4 << 20)
    }

    /// `--catalog` and `--fonts` go over the options file's, whatever the order they are given in.
    @Test func catalogAndFontsGoOverTheOptionsFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-flags-\(UUID().uuidString).json")
        try Data(#"{"fonts": ["Noto Sans"], "maxWidth": 200}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let settings = try ServerFlagTable.settings(from: [("fonts", "DejaVu Sans"), ("options", file.path)])
        #expect(settings.defaults.fonts == ["DejaVu Sans"] && settings.defaults.maxWidth == 200)
    }

    /// An argument out of a flag's range, or of the wrong kind, is refused naming the flag.
    @Test(arguments: [
        ("host", ""), ("port", "70000"), ("port", "x"), ("options", "/nonexistent/options.json"), ("allowFamilies", "a,,b"),
        ("linkRules", "/nonexistent/rules.json"), ("maxRequestLinkRules", "33"), ("maxRequestPatternLength", "0"),
        ("requestMatchLimit", "0"), ("requestDepthLimit", "10001"), ("maxBodyBytes", "0"), ("maxMessages", "-1"),
        ("maxMessageLength", "0"), ("readTimeout", "0"), ("requestDeadline", "86401"), ("minBodyRate", "-1"),
        ("minBodyRate", "nan"), ("maxConcurrentLayouts", "0"), ("layoutQueue", "-1"), ("clientKeyHeader", "no spaces"),
        ("maxClientCost", "-1"), ("cacheEntries", "-1"), ("cacheBytes", "1.5"), ("fontChains", "100001"), ("catalogs", "0"),
        ("glyphPaths", "1"), ("glyphPathBytes", "-1"), ("shapedWords", "16777217"), ("fontBaseURL", ""), ("assetBaseURL", ""),
        ("logFormat", "xml"),
    ])
    func badArgumentsAreRefusedByName(key: String, argument: String) throws {
        let flag = try #require(ServerFlagTable.flag(key))
        #expect {
            _ = try ServerFlagTable.settings(from: [(key, argument)])
        } throws: { error in
            (error as? ServerFlagError)?.description.hasPrefix("\(flag.flag) takes ") == true
        }
    }
}
