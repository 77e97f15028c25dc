import BubbleGzip
import Hummingbird

/// How a response body travels: gzip when the client accepts it and it is worth it.
enum ResponseEncoding {
    /// Bodies smaller than this are sent as they are (gzip's header and a round trip cost more).
    static let minimumGzipBytes = 1024
    /// zlib's fastest level: JSON layouts shrink ~10× at it, and it keeps pace with layout itself.
    static let gzipLevel: Int32 = 1

    /// Whether `Accept-Encoding` allows gzip: listed (or `*`) with a q-value above 0 (RFC 9110 §12.5.3).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var star: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            var q = 1.0
            for p in parts.dropFirst() where p.hasPrefix("q=") { q = Double(p.dropFirst(2)) ?? 0 }
            if coding == "gzip" || coding == "x-gzip" { return q > 0 }
            if coding == "*" { star = q > 0 }
        }
        return star ?? false
    }

    /// The body gzip-compressed, or nil when it should go as it is.
    static func gzip(_ body: [UInt8]) -> [UInt8]? {
        guard body.count >= minimumGzipBytes else { return nil }
        return body.withUnsafeBytes { Gzip.compress($0, level: gzipLevel) }
    }
}

/// The caller's `X-Request-Id` when it is sane: 1–128 characters of letters, digits and `-_.:/+=@`
/// (no spaces, quotes or controls that could forge a log line or a header).
enum RequestID {
    static let maxLength = 128

    static func sane(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maxLength else { return nil }
        let allowed = value.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || "-_.:/+=@".utf8.contains(b)
        }
        return allowed ? value : nil
    }
}
