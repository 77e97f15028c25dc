import BubbleTestSupport
import Foundation
import Testing

/// The repository stands alone: no tracked file reaches outside it, neither by a relative path to a folder
/// beside the checkout nor by an absolute path of the machine it was written on. A clone anywhere else must
/// build, test and benchmark from what it holds (the corpus is `bench/corpus`, the peers `bench/peers`).
@Suite struct StandaloneTests {
    /// Text files under version control (or, in a source tree without git, every file outside build folders).
    static func trackedFiles() throws -> [URL] {
        let root = Corpus.repositoryRoot
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            git.waitUntilExit()
            if git.terminationStatus == 0 {
                return data.split(separator: 0).map { root.appendingPathComponent(String(decoding: $0, as: UTF8.self)) }
            }
        }
        var files: [URL] = []
        let skipped: Set<String> = [".git", "dist", ".swiftpm"]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") { walker?.skipDescendants(); continue }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files
    }

    /// The strings no file may hold: a path up into a `shared` folder beside the checkout, the checkout's own
    /// absolute path, and the folder it sits in (unless that folder is one every machine has, such as /tmp).
    static func forbiddenNames() -> [String] {
        let root = Corpus.repositoryRoot.standardizedFileURL.path
        let parent = (root as NSString).deletingLastPathComponent
        var names = [".." + "/shared", root + "/"]
        let everyMachineHas: Set<String> = ["/", "/tmp", "/home", "/root", "/usr", "/opt", "/var", "/srv", "/mnt", "/private/tmp"]
        if !everyMachineHas.contains(parent) { names.append(parent + "/") }
        return names
    }

    @Test func noTrackedFileNamesAFolderOutsideTheRepository() throws {
        let files = try Self.trackedFiles()
        #expect(files.count > 100, "found \(files.count) files under \(Corpus.repositoryRoot.path)")
        let names = Self.forbiddenNames()
        var offenders: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path), !data.contains(0) else { continue }  // text only
            let text = String(decoding: data, as: UTF8.self)
            for name in names where text.contains(name) {
                let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(name) }.map { $0 + 1 } ?? 0
                offenders.append("\(file.path.dropFirst(Corpus.repositoryRoot.path.count + 1)):\(line) names \(name)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// The corpus ships with the repository, with where it comes from beside it.
    @Test func theCorpusAndItsAttributionAreHere() throws {
        let texts = try Corpus.texts()
        #expect(texts.count == 20_000)
        let folder = Corpus.repositoryRoot.appendingPathComponent("bench/corpus")
        for name in ["README.md", "NOTICE"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "bench/corpus/\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: Corpus.repositoryRoot.appendingPathComponent("LICENSE").path))
    }
}
