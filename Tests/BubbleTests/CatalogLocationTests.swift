import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// Where catalogs and their images are found: image paths against the catalog file's folder, a
/// relative catalog path against the current directory, Bubble's own catalog beside the executable.
@Suite struct CatalogLocationTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func catalogFolder(images: [String], entries: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-catalog-\(UUID().uuidString)")
        let sub = folder.appendingPathComponent("stickers/images")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in images { try Data(Self.png).write(to: sub.appendingPathComponent(name)) }
        try Data(#"{"version": 1, "entries": [\#(entries)]}"#.utf8).write(to: folder.appendingPathComponent("stickers/catalog.json"))
        return folder
    }

    @Test func aMissingImageIsAnErrorNamingTheEntryAtLoad() throws {
        let folder = try catalogFolder(images: ["a.png"], entries: #"{"name": "a", "image": "images/a.png"}, {"name": "ghost", "image": "images/ghost.png"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try EmojiCatalog(contentsOf: folder.appendingPathComponent("stickers/catalog.json").path)
        } throws: { error in
            guard case MappingError.malformedCatalog(let entry, let reason) = error else { return false }
            return entry == "ghost" && reason.contains("images/ghost.png") && reason.contains("missing")
        }
        var options = BubbleOptions()
        options.catalog = folder.appendingPathComponent("stickers/catalog.json").path
        #expect(throws: BubbleError.self) { try BubbleEngine(options: options) }
    }

    @Test func imagesResolveAgainstTheCatalogFolderFromAnyDirectory() throws {
        let folder = try catalogFolder(images: ["a.png"], entries: #"{"name": "sticker", "image": "images/a.png"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try EmojiCatalog(contentsOf: folder.appendingPathComponent("stickers/catalog.json").path)
        let entry = try #require(catalog["sticker"])
        let path = try #require(catalog.imagePath(of: entry))
        #expect(path.hasPrefix("/") && FileManager.default.fileExists(atPath: path))

        // A relative --catalog, from the folder above it: resolved against the current directory, and
        // the sticker drawn from the catalog's own folder.
        let process = Process()
        process.executableURL = bubbleExecutable()
        process.arguments = ["svg", "--catalog", "stickers/catalog.json", "--text", "hi [sticker]"]
        process.currentDirectoryURL = folder
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(svg.contains("data:image/png;base64,iVBORw0KGgo"), "the sticker's bytes are in the SVG")
    }

    @Test func bubblesOwnCatalogIsFoundFromTheExecutable() throws {
        let executable = "/opt/app/bin/bubble"
        let candidates = DataLocation.catalogCandidates(executable: executable)
        #expect(candidates.first == "/opt/app/share/bubble/catalog.json")
        #expect(candidates.contains("/opt/app/bin/Emoji/catalog.json") && candidates.contains("/opt/Emoji/catalog.json"))
        #expect(DataLocation.catalogCandidates(executable: "bubble").isEmpty, "only an absolute path says where")
        // The test bundle sits in .build/…; the catalog found is this source tree's.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if ProcessInfo.processInfo.environment[DataLocation.catalogVariable] == nil {
            #expect(URL(fileURLWithPath: BubbleEngine.defaultCatalogPath).standardizedFileURL.path
                        == root.appendingPathComponent("Emoji/catalog.json").standardizedFileURL.path)
        }
    }
}
