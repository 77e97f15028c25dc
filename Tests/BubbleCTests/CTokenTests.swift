import BubbleC
import BubbleJSON
import BubbleRendering
import BubbleTestSupport
import Foundation
import Testing

/// The report tokens (`bubble_layout_tokens`, `bubble_layout_text_tokens`, `bubble_layout_many_tokens`):
/// read back, they are the JSON the same call answers as text, value for value.
@Suite struct CTokenTests {
    /// Every layout's tokens read back as the JSON reader reads `bubble_layout`'s text: the same keys in
    /// the same order, integers where the text has no fraction, the same doubles, under options that add
    /// keys (touch targets, status, widths) and for markup, highlights and entities.
    @Test func tokensReadBackAsTheJSON() throws {
        let texts = try Corpus.texts(limit: 120) + ["", "tab\there\nand \"quotes\" \\ @bob https://example.com/a?b=c 😀 :smile:"]
        let options: [String?] = [nil, #"{"maxWidth":120,"maxLines":2}"#, #"{"widths":[100,240]}"#,
                                  #"{"minTouchSize":44,"statusSlot":{"width":40,"height":12},"offsets":"utf8","maxLines":1,"ellipsis":"…"}"#]
        for o in options {
            let engine = try CAPIEngine(options: o)
            for text in texts {
                let json = try engine.call(bubbleLayoutText, text).get()
                let tokens = try engine.tokens(bubbleLayoutTextTokens, text).get()
                #expect(try TokenReader.value(tokens) == JSONReader.read(json), "\(o ?? "defaults"): \(text.debugDescription)")
            }
        }
        let engine = try CAPIEngine()
        for request in [#"{"markup":"<b>Bold</b> and <a href=\"https://example.com\">a link</a>","options":{"maxWidth":90}}"#,
                        ##"{"text":"Hi @al","entities":[{"type":"mention","offset":3,"length":3}],"highlights":[{"start":0,"end":2,"background":"#ff0"}]}"##,
                        #"{"text":"one two three","options":{"widths":[40,400]}}"#] {
            let line = try engine.layout(request).get()
            let layout = try #require(JSONReader.read(line).object?.members.last?.value)
            #expect(try TokenReader.value(engine.tokens(bubbleLayoutTokens, request).get()) == layout, "\(request)")
        }
    }

    /// bubble_layout_many_tokens answers each message as the one-message calls do, in order, on any number
    /// of threads; a message that fails is its status and error in its place.
    @Test func manyIsTheOneByOneCalls() throws {
        let engine = try CAPIEngine(options: #"{"maxWidth":200}"#)
        let texts = try Corpus.texts(limit: 50)
        let one = try texts.map { try engine.tokens(bubbleLayoutTextTokens, $0).get() }
        for jobs: Int32 in [0, 1, 3] { #expect(try engine.many(texts, requests: false, jobs: jobs).get() == one.flatMap { $0 }) }

        let requests = [#"{"text":"fine"}"#, #"{"text":"a","options":{"maxWidth":"wide"}}"#, "{", #"{"markup":"<i>x</i>"}"#]
        let answers = try TokenReader.values(try engine.many(requests, requests: true, jobs: 2).get())
        #expect(answers.count == 4)
        for (request, answer) in zip(requests, answers) {
            switch engine.layout(request) {
            case .success(let line): #expect(try answer == JSONReader.read(line).object?.members.last?.value)
            case .failure(let error):
                let object = try #require(JSONReader.read(error.json).object)
                #expect(answer == .array([.number(JSONNumber(Double(error.status), integer: Int(error.status))), .object(object)]))
            }
        }
        #expect(try engine.many([], requests: false, jobs: 1).get().isEmpty)
        #expect(engine.many(["x"], requests: false, jobs: 300).failure?.code == "invalid_request")
    }

    /// The key table names every ``ReportKey`` by its case, in index order.
    @Test func keyTableIsReportKey() throws {
        #expect(TokenReader.keys == ReportKey.allCases.map { "\($0)" })
        #expect(ReportKey.allCases.allSatisfy { "\($0.name)" == "\($0)" })
    }
}

extension CAPIEngine {
    /// The tokens of a `bubble_layout_tokens`-shaped call.
    func tokens(_ function: Call, _ input: String) -> Result<[UInt8], CAPIError> {
        var out: UnsafeMutablePointer<CChar>?, length: UInt = 0, error: UnsafeMutablePointer<CChar>?
        let status = input.utf8CString.withUnsafeBufferPointer { buffer in
            function(handle, buffer.baseAddress, UInt(buffer.count - 1), &out, &length, &error)
        }
        if status != 0 { return .failure(CAPIError(status: status, json: take(error) ?? "")) }
        defer { bubbleFree(out) }
        return .success(Array(UnsafeRawBufferPointer(start: out, count: Int(length))))
    }

    /// The tokens `bubble_layout_many_tokens` answers for `items`.
    func many(_ items: [String], requests: Bool, jobs: Int32) -> Result<[UInt8], CAPIError> {
        let copies = items.map { strdup($0)! }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        let lengths = items.map { UInt($0.utf8.count) }
        var out: UnsafeMutablePointer<CChar>?, length: UInt = 0, error: UnsafeMutablePointer<CChar>?
        let status = bubbleLayoutManyTokens(handle, pointers, lengths, UInt(items.count), requests ? 1 : 0, jobs, &out, &length, &error)
        if status != 0 { return .failure(CAPIError(status: status, json: take(error) ?? "")) }
        defer { bubbleFree(out) }
        return .success(Array(UnsafeRawBufferPointer(start: out, count: Int(length))))
    }
}

/// Reads report tokens back into ``JSONValue``s, as a reader in another language builds its own objects:
/// with the tags include/bubble.h declares (`BUBBLE_TOKEN_…`), so the header is checked against the writer.
enum TokenReader {
    struct Malformed: Error {}

    /// The header's tags: BUBBLE_TOKEN_OBJECT_BEGIN = 1 is `tags["OBJECT_BEGIN"] == 1`.
    static let tags: [String: UInt8] = {
        let header = try! String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("include/bubble.h"), encoding: .utf8)
        var tags: [String: UInt8] = [:]
        for line in header.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            if parts.count == 3, parts[0].hasPrefix("BUBBLE_TOKEN_"), parts[1] == "=", let v = UInt8(parts[2].dropLast()) {
                tags[String(parts[0].dropFirst("BUBBLE_TOKEN_".count))] = v
            }
        }
        return tags
    }()

    static func tag(_ name: String) -> UInt8 { tags[name]! }

    /// `bubble_report_keys`'s names.
    static let keys: [String] = {
        var out: UnsafeMutablePointer<CChar>?, length: UInt = 0
        precondition(bubbleReportKeys(&out, &length) == 0)
        defer { bubbleFree(out) }
        var reader = Reader(bytes: Array(UnsafeRawBufferPointer(start: out, count: Int(length))), keys: [])
        return (try! reader.value().array!).map { $0.string! }
    }()

    /// The one value of `tokens`.
    static func value(_ tokens: [UInt8]) throws -> JSONValue {
        var reader = Reader(bytes: tokens, keys: keys)
        let value = try reader.value()
        guard reader.at == tokens.count else { throw Malformed() }
        return value
    }

    /// Every answer of a `bubble_layout_many_tokens` buffer; a failure as `[status, {"code","message"}]`.
    static func values(_ tokens: [UInt8]) throws -> [JSONValue] {
        var reader = Reader(bytes: tokens, keys: keys)
        var out: [JSONValue] = []
        while reader.at < tokens.count {
            if tokens[reader.at] == tag("ERROR") {
                reader.at += 1
                out.append(.array([try reader.value(), try reader.value()]))
            } else {
                out.append(try reader.value())
            }
        }
        return out
    }

    struct Reader {
        let bytes: [UInt8]
        let keys: [String]
        var at = 0

        mutating func byte() throws -> UInt8 {
            guard at < bytes.count else { throw Malformed() }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func fixed<T: FixedWidthInteger>(_: T.Type) throws -> T {
            guard at + MemoryLayout<T>.size <= bytes.count else { throw Malformed() }
            defer { at += MemoryLayout<T>.size }
            return bytes[at..<at + MemoryLayout<T>.size].withUnsafeBytes { $0.loadUnaligned(as: T.self) }
        }

        mutating func value() throws -> JSONValue {
            switch try byte() {
            case tag("OBJECT_BEGIN"):
                var pairs: [(String, JSONValue)] = []
                while true {
                    let t = try byte()
                    if t == tag("OBJECT_END") { return .object(JSONObject(pairs)) }
                    guard t == tag("KEY") else { throw Malformed() }
                    let index = Int(try byte())
                    guard index < keys.count else { throw Malformed() }
                    pairs.append((keys[index], try value()))
                }
            case tag("ARRAY_BEGIN"):
                var items: [JSONValue] = []
                while true {
                    guard at < bytes.count else { throw Malformed() }
                    if bytes[at] == tag("ARRAY_END") { at += 1; return .array(items) }
                    items.append(try value())
                }
            case tag("STRING"):
                let length = Int(try fixed(UInt32.self))
                guard at + length <= bytes.count, let s = String(validating: bytes[at..<at + length], as: UTF8.self) else { throw Malformed() }
                at += length
                return .string(s)
            case tag("INTEGER"):
                let v = Int(try fixed(Int64.self))
                return .number(JSONNumber(Double(v), integer: v))
            case tag("DOUBLE"):
                return .number(JSONNumber(Double(bitPattern: try fixed(UInt64.self))))
            case tag("TRUE"): return .bool(true)
            case tag("FALSE"): return .bool(false)
            case tag("NULL"): return .null
            default: throw Malformed()
            }
        }
    }
}
