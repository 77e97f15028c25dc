package import Hummingbird

/// Whom a request is charged to in the ``LayoutGate``: its connection, or the value of the header the
/// operator names (`--client-key-header`, e.g. `X-Client-Id` set by a gateway), so one client's
/// expensive requests wait behind its own and not in front of everyone's.
enum ClientKey: Hashable, Sendable {
    /// The connection the request came on (a request without one: fuzzers, `--bench-bodies`).
    case connection(ObjectIdentifier)
    /// The named header's value.
    case named(String)
    case anonymous

    /// The longest header value kept as a key; longer values are cut (a key is not a place for data).
    static let maxLength = 64

    /// The key of a request: the header's value when the operator names a header and the request has it,
    /// else its connection.
    init(header: HTTPFields.Element.Name?, request: Request, connection: ObjectIdentifier?) {
        if let header, let value = request.headers[header], !value.isEmpty {
            self = .named(String(value.prefix(ClientKey.maxLength)))
        } else if let connection {
            self = .connection(connection)
        } else {
            self = .anonymous
        }
    }

    /// Who a refusal is counted against (``RefusalPenalty``): a named client by its name, any other by
    /// the peer address its connection came from (nil: nobody to count against).
    func refusalKey(peer: String?) -> String? {
        switch self {
        case .named(let name): "named:" + name
        case .connection, .anonymous: peer.map { "peer:" + $0 }
        }
    }

    /// The label `/metrics` counts this client's admitted cost under: a named client by its name (its
    /// characters outside `[A-Za-z0-9._-]` as `_`), every connection together as `connection`.
    var metricClass: String {
        switch self {
        case .connection: "connection"
        case .anonymous: "anonymous"
        case .named(let name):
            String(name.unicodeScalars.map { s -> Character in
                s.properties.isASCIIHexDigit || ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "." || s == "-" || s == "_"
                    ? Character(s) : "_"
            })
        }
    }
}

/// The request context of `bubble serve`: Hummingbird's, plus the connection the request came on.
package struct BubbleRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connection (its channel's identity), the default ``ClientKey``.
    let connection: ObjectIdentifier
    /// The connection's peer address, without its port (nil when the channel has none).
    let peer: String?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        connection = ObjectIdentifier(source.channel)
        peer = source.channel.remoteAddress?.ipAddress
    }
}
