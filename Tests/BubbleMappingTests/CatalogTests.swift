import Foundation
import Testing
@testable import BubbleMapping

enum JSONDecoderShim {
    static func decode(_ json: String) throws -> MappingOptions {
        try JSONDecoder().decode(MappingOptions.self, from: Data(json.utf8))
    }
}

@Suite struct CatalogTests {
    @Test func fixtureLoads() {
        #expect(fixtureCatalog.count == 10)
        #expect(fixtureCatalog["grinning_face"]?.unicode == "😀")
        #expect(fixtureCatalog["脸红"]?.unicode == "😳")
        #expect(fixtureCatalog["emoji"]?.alignment == .baseline)
        #expect(fixtureCatalog["nope"] == nil)
        #expect(fixtureCatalog.defaultAlignment == .center)
        #expect(fixtureCatalog.generator["script"] == "hand-written test fixture")
        let path = fixtureCatalog.imagePath(of: fixtureCatalog["emoji"]!)
        #expect(path == fixtures + "/images/emoji.svg")
        #expect(FileManager.default.fileExists(atPath: path!))
    }

    static func load(_ entries: String, defaults: String = "{}") throws -> EmojiCatalog {
        try EmojiCatalog(json: Array(#"{"version": 1, "defaults": \#(defaults), "entries": [\#(entries)]}"#.utf8))
    }

    @Test(arguments: [
        (#"{"name": "a", "unicode": "x"}, {"name": "a", "unicode": "y"}"#, "a", "duplicate"),
        (#"{"name": "up", "image": "../secret.png"}"#, "up", ".."),
        (#"{"name": "up2", "image": "images/../../x.png"}"#, "up2", ".."),
        (#"{"name": "abs", "image": "/etc/passwd"}"#, "abs", "relative"),
        (#"{"name": "url", "image": "https://evil.example/x.png"}"#, "url", "URL"),
        (#"{"name": "two words", "unicode": "x"}"#, "two words", "whitespace"),
        (#"{"name": "a/b", "unicode": "x"}"#, "a/b", "slashes"),
        (#"{"name": "[x]", "unicode": "x"}"#, "[x]", "brackets"),
        (#"{"name": "", "unicode": "x"}"#, "#0", "1–64"),
        (#"{"name": "bare"}"#, "bare", "unicode"),
        (#"{"name": "al", "unicode": "x", "alignment": "sideways"}"#, "al", "alignment"),
        (#"{"name": "w", "unicode": "x", "width": -1}"#, "w", "> 0"),
        (#"{"unicode": "x"}"#, "#0", "name"),
        (#"{"name": "ok", "unicode": "x"}, {"name": 5, "unicode": "x"}"#, "#1", "name"),
    ])
    func malformedEntriesAreNamed(_ entries: String, _ culprit: String, _ reason: String) {
        #expect {
            try Self.load(entries)
        } throws: { error in
            guard case MappingError.malformedCatalog(let entry, let why) = error else { return false }
            return entry == culprit && why.contains(reason)
        }
    }

    @Test func longNames() throws {
        #expect(try Self.load(#"{"name": "\#(String(repeating: "字", count: 64))", "unicode": "x"}"#).count == 1)
        #expect(throws: MappingError.self) {
            try Self.load(#"{"name": "\#(String(repeating: "字", count: 65))", "unicode": "x"}"#)
        }
    }

    @Test func unreadableCatalogs() {
        #expect(throws: MappingError.self) { try EmojiCatalog(contentsOf: "/nonexistent/catalog.json") }
        #expect(throws: MappingError.self) { try EmojiCatalog(json: Array("not json".utf8)) }
        #expect(throws: MappingError.self) { try EmojiCatalog(json: Array(#"{"version": 2, "entries": []}"#.utf8)) }
        #expect(throws: MappingError.self) { try Self.load("", defaults: #"{"alignment": "up"}"#) }
    }

    @Test func aMissingCatalogSaysWhy() {
        do {
            _ = try EmojiCatalog(contentsOf: "/nonexistent/catalog.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "cannot read the emoji catalog at /nonexistent/catalog.json: No such file or directory")
        }
    }

    @Test func imagesResolveAgainstTheCatalogsFolder() throws {
        #expect(try EmojiCatalog(contentsOf: fixtures + "/catalog.json").folder == fixtures)
        #expect(try EmojiCatalog(contentsOf: fixtures + "//catalog.json").folder == fixtures)
    }

    @Test func mapperLoadsTheCatalogOfItsOptions() throws {
        let m = try Mapper(options: MappingOptions(catalog: fixtures + "/catalog.json"))
        #expect(try m.map("[grinning_face]").placeholders.count == 1)
        #expect(try Mapper(options: MappingOptions()).catalog.count == 0)
    }
}
