import BubbleJSON
package import Logging
import Foundation

/// One JSON object per log line on standard error (`bubble serve --log-format json`), for log
/// collectors that parse lines: `{"time", "level", "label", "message", …metadata}`, metadata values
/// as strings, keys in a fixed order (the four first, then metadata sorted by key).
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler writing to standard error (`write` replaces it, for tests).
    package init(label: String, write: (@Sendable (String) -> Void)? = nil) {
        self.label = label
        self.write = write ?? { line in
            let bytes = Array(line.utf8)
            _ = bytes.withUnsafeBytes { Foundation.write(2, $0.baseAddress!, $0.count) }
        }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let own = event.metadata { all.merge(own) { _, new in new } }
        var line = "{\"time\":" + Self.quoted(Date.now.formatted(Self.time))
        line += ",\"level\":" + Self.quoted(event.level.rawValue)
        line += ",\"label\":" + Self.quoted(label)
        line += ",\"message\":" + Self.quoted(event.message.description)
        for key in all.keys.sorted() where !["time", "level", "label", "message"].contains(key) {
            line += "," + Self.quoted(key) + ":" + Self.quoted("\(all[key]!)")
        }
        write(line + "}\n")
    }

    /// UTC, milliseconds: `2025-01-31T12:00:00.123Z`.
    static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `text` as a JSON string (``JSONQuoting``, as every output of Bubble writes one).
    static func quoted(_ text: String) -> String { JSONQuoting.quoted(text) }
}
