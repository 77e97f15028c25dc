import ArgumentParser
import Bubble

/// What `layout`, `svg` and `hit` share: an engine built from the options, and the one message read.
struct OneMessage {
    let options: BubbleOptions
    let engine: BubbleEngine
    let message: Message

    /// Builds the engine (a missing font or catalog exits with 2) and reads the message.
    init(options: BubbleOptions, input: MessageInput) throws {
        self.options = options
        engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: options) }
        message = try input.message()
    }

    /// The message laid out; an engine error (invalid UTF-8, too long…) exits with 2.
    func layout() throws -> BubbleLayout {
        try BubbleError.exiting { () throws(BubbleError) in try engine.layout(message) }
    }

    /// The message at every width of `widths` (one shaping), when the options give them.
    func layouts() throws -> [BubbleLayout]? {
        guard options.widths != nil else { return nil }
        return try BubbleError.exiting { () throws(BubbleError) in try engine.layouts(message, plan: try engine.plan(for: nil)) }
    }

    /// The JSON renderer in the unit the options ask for.
    var json: JSONRenderer { JSONRenderer(offsets: options.offsets ?? .utf16) }
}
