import Bubble
import BubbleMapping
import Hummingbird

/// The one declaration of every `bubble serve` flag, in the order the help and docs/service.md list them.
///
/// Adding a flag: a field in ``BubbleServerSettings`` with its default, one entry here, then one line in the
/// CLI's `ServeCommand` (`ServerFlagTableTests` fails until the command, its help, the settings and
/// docs/service.md agree with this table).
package enum ServerFlagTable {
    package static let all: [ServerFlag] = [
        // Where it listens
        .text(\.host, "host", "Address to bind (0.0.0.0 behind a load balancer)."),
        .integer(\.port, "port", "Port to bind (0: any free port, printed in the log).", 0...65535),
        // What requests start from and may name
        .file("options", field: "defaults", "A JSON file of default options for every request (--catalog and --fonts go over it).") {
            bytes, _, settings in settings.defaults = try BubbleOptions.decode(json: bytes)
        },
        .custom("catalog", field: "defaults", "The emoji catalog file (requests cannot choose one).", value: .file("json"),
                default: "Bubble's own") { path, settings in settings.defaults.catalog = path },
        .custom("fonts", field: "defaults", "Font families or files in fallback order, comma-separated (requests may name families only).",
                default: "the default chain") { text, settings in
            settings.defaults.fonts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        },
        .list(\.allowedFamilies, "allowFamilies", field: "allowedFamilies",
              "Font families requests may name in fonts, faceFamilies, <font face> and a span's face, comma-separated.",
              default: "the default chain's, --fonts' and faceFamilies' families"),
        .file("linkRules", field: "linkRules", "A JSON file of link rules requests select by name: [{name, pattern, kind?, target?}].",
              docs: "see [link rules in the service](links-and-entities.md#in-the-service)") { bytes, path, settings in
            let rules = try LinkRuleList.readFile(bytes, path: path)
            settings.linkRules = Dictionary(uniqueKeysWithValues: rules.map { ($0.name, $0) })
        },
        .toggle(\.allowRequestLinkRules, "allowRequestLinkRules", "Let requests send their own link-rule patterns (under the four caps below)."),
        .integer(\.maxRequestLinkRules, "maxRequestLinkRules", "Most link rules one request may list (with --allow-request-link-rules).",
                 1...LinkRuleList.maxRules),
        .integer(\.maxRequestPatternLength, "maxRequestPatternLength", "Longest link-rule pattern a request may send, in UTF-8 bytes.",
                 1...LinkRule.maxPatternLength),
        .integer(\.requestLinkRuleLimits.matchLimit, "requestMatchLimit", field: "requestLinkRuleLimits",
                 "PCRE2 match limit for a request's own patterns (the server's rules run under \(LinkRule.matchLimit)).", 1...LinkRule.matchLimit),
        .integer(\.requestLinkRuleLimits.depthLimit, "requestDepthLimit", field: "requestLinkRuleLimits",
                 "PCRE2 depth limit for a request's own patterns (the server's rules run under \(LinkRule.depthLimit)).", 1...LinkRule.depthLimit),
        // What requests may send
        .integer(\.maxBodyBytes, "maxBodyBytes", "Largest request body, in bytes (413 body_too_large past it).", 1...Int.max, bytes: true),
        .integer(\.maxMessages, "maxMessages", "Most messages in one /v1/layout request (422 too_many_messages past it).", 1...Int.max),
        .integer(\.maxMessageLength, "maxMessageLength",
                 "Longest message, in UTF-8 bytes of its text, markup or span contents, as the maxMessageLength option counts (422 message_too_long past it).",
                 1...Int.max),
        // Slow and greedy clients
        .number(\.readTimeout, "readTimeout", "Seconds a connection may stay silent while a request is awaited or being read.",
                .above(0, max: 86_400)),
        .number(\.requestDeadline, "requestDeadline", "Seconds a client has to send a whole request, headers and body.", .above(0, max: 86_400)),
        .number(\.minBodyRate, "minBodyRate",
                "Slowest request accepted, in bytes per second on average after a 5 s grace (as Apache's mod_reqtimeout; 0: no check).",
                .from(0, max: 1e15)),
        .integer(\.maxConcurrentLayouts, "maxConcurrentLayouts",
                 "Cheap requests laying out at once (bulk ones, of estimated cost 32,768 or more, have one slot of their own); more wait in the queue.",
                 1...10_000, default: "2 per core"),
        .integer(\.layoutQueue, "layoutQueue", "Requests waiting for a layout slot; past it: 503 overloaded with Retry-After.", 0...1_000_000),
        .text(\.clientKeyHeader, "clientKeyHeader",
              "A request header naming the client each request is charged to in the fair layout queue and --max-client-cost (e.g. X-Client-Id, set by a gateway).",
              default: "the connection", expected: "an HTTP header name", valid: { HTTPFields.Element.Name($0) != nil }),
        .integer(\.maxClientCost, "maxClientCost",
                 "Most estimated cost (about bytes of text shaped) one client may have queued or laying out; past it: 429 client_over_budget with Retry-After (0: no bound).",
                 0...Int.max),
        .number(\.refusalDelay, "refusalDelay",
                "Longest a refused request's answer is held, in seconds, once its client (by --client-key-header, else its address) was refused more than 8 times in about 2 s (0: answer at once).",
                .from(0, max: 60)),
        // What the server keeps
        .integer(\.cacheEntries, "cacheEntries", "Shaped messages kept across requests (0: no cache).", 0...Int.max),
        .integer(\.cacheBytes, "cacheBytes",
                 "Bytes the shaped messages kept may hold, each charged its estimated size; the least recently used go past either cap (0: no cache).",
                 0...Int.max, bytes: true),
        .integer(\.limits.fontChains, "fontChains", field: "limits",
                 "Font chains kept besides the default one, by fonts list (least recently used dropped).", 0...100_000),
        .integer(\.limits.catalogs, "catalogs", field: "limits", "Emoji catalogs kept by path.", 1...100_000),
        .integer(\.limits.glyphPaths, "glyphPaths", field: "limits", "Glyph drawings kept for SVG.", 2...100_000_000),
        .integer(\.limits.glyphPathBytes, "glyphPathBytes", field: "limits",
                 "Bytes the glyph drawings kept for SVG (and the SVG forms made of them) may hold, least recently used dropped (0: none kept).",
                 0...Int.max, bytes: true),
        .integer(\.limits.shapedWords, "shapedWords", field: "limits", "Shaped words each typesetter keeps (0: no word cache).", 0...(1 << 24)),
        // What /v1/html fragments load
        .text(\.fontBaseURL, "fontBaseURL", "Where /v1/html fragments load font files, by file name.", default: "local() names, then file:// paths"),
        .text(\.assetBaseURL, "assetBaseURL", "Where /v1/html fragments load catalog images.", default: "data: URIs"),
        // Logs
        .choice(\.logFormat, "logFormat", "Log lines as text or json (one object per line)."),
    ]

    /// The flag of `key`.
    package static func flag(_ key: String) -> ServerFlag? { all.first { $0.key == key } }

    /// The settings the flags given make, as (key, argument) in any order: each applied in the table's order
    /// over ``BubbleServerSettings``' defaults (so `--catalog` and `--fonts` go over `--options`' file).
    ///
    /// - Throws: ``ServerFlagError`` for an argument a flag does not take (a usage error naming the flag),
    ///   ``BubbleError`` for a file whose contents are wrong.
    package static func settings(from given: [(key: String, argument: String)]) throws -> BubbleServerSettings {
        var settings = BubbleServerSettings()
        for flag in all {
            for g in given where g.key == flag.key { try flag.apply(g.argument, &settings) }
        }
        return settings
    }
}

extension ServerFlagTable {
    /// docs/service.md's flag table: flag, default and meaning of every flag (`<` escaped, so `<font face>`
    /// stays text).
    package static var markdown: String {
        var out = "| flag | default | meaning |\n|---|---|---|\n"
        for flag in all {
            var name = flag.flag
            switch flag.value {
            case .file: name += " FILE"
            case .none, .text, .choice: break
            }
            let meaning = flag.docsNote.map { "\(flag.doc) (\($0))" } ?? flag.doc
            let cell = meaning.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
            out += "| `\(name)` | \(flag.defaultText ?? "") | \(cell) |\n"
        }
        return out
    }
}
