import Foundation
import PackagePlugin

/// Compiles files a module needs at run time into it (through `bubble-embed`), so a binary copied
/// anywhere has them: `BubbleServer` gets its OpenAPI document, `Bubble` its version (the `VERSION`
/// file) and the git commit it was built from. No resource bundle is looked for beside the executable.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)Embedded.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        switch target.name {
        case "BubbleServer":
            let document = package.appending(path: "Sources/BubbleServer/openapi.json")
            arguments += ["EmbeddedDocuments", "openAPI=\(document.path)"]
            inputs.append(document)
        case "Bubble":
            let version = package.appending(path: "VERSION")
            arguments += ["BuildInfo", "version=line:\(version.path)"]
            inputs.append(version)
            if let git = gitFiles(package) {
                arguments.append("commit=git:\(git.head.path):\(git.common.path)")
                inputs += git.watched
            } else {
                arguments.append("commit=git:")
            }
        default:
            Diagnostics.error("EmbedFiles has nothing to embed in \(target.name)")
            return []
        }
        return [.buildCommand(displayName: "Embedding files in \(target.name)", executable: try context.tool(named: "bubble-embed").url,
                              arguments: arguments, inputFiles: inputs, outputFiles: [output])]
    }

    /// HEAD, the git folder shared by worktrees, and the files whose change means a new commit.
    func gitFiles(_ package: URL) -> (head: URL, common: URL, watched: [URL])? {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        var gitDir = dotGit
        if !isFolder.boolValue {  // a worktree: ".git" holds "gitdir: PATH"
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
            let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        var common = gitDir
        if let text = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
        }
        let head = gitDir.appending(path: "HEAD")
        var watched = [head]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
            let ref = common.appending(path: text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
            if FileManager.default.fileExists(atPath: ref.path) { watched.append(ref) }
        }
        let packed = common.appending(path: "packed-refs")
        if FileManager.default.fileExists(atPath: packed.path) { watched.append(packed) }
        return (head, common.standardizedFileURL, watched)
    }
}
