import BubbleTestSupport
import Foundation
import Testing

/// `bubble emoji list | show` through the built binary.
@Suite struct CommandLineEmojiTests {
    @Test func listPrintsTabSeparatedEntries() throws {
        let r = try runBubble(["emoji", "list"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 1000)
        #expect(lines.contains("party\timages/party.svg\tbubble"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }

    @Test func searchFiltersByNameOrGroup() throws {
        let r = try runBubble(["emoji", "list", "--search", "BUBBLE"])
        let names = r.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(names.contains("heart_bubble"))
        #expect(names.contains("bubble_tea"))
        #expect(!names.contains("grinning"))
    }

    @Test func showPrintsTheEntryAsJSON() throws {
        let r = try runBubble(["emoji", "show", "grinning"])
        #expect(r.status == 0)
        #expect(r.stdout == #"{"name":"grinning","unicode":"😀","group":"Smileys & Emotion"}"# + "\n")
    }

    @Test func showSVGDrawsASticker() throws {
        let r = try runBubble(["emoji", "show", "party", "--svg"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("<svg") && r.stdout.contains("</svg>"))
        #expect(r.stdout.contains("<image"))
    }

    @Test func anUnknownNameExitsWithOne() throws {
        let r = try runBubble(["emoji", "show", "no_such_emoji"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no_such_emoji"))
    }
}
