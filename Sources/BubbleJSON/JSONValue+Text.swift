extension JSONValue {
    /// The value as compact JSON text, object members in their order.
    package var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The value as indented JSON text (two spaces), for documents people read.
    package func prettyText(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + $0.prettyText(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o) where !o.isEmpty:
            return "{\n" + o.members.map { inner + JSONValue.quoted($0.key) + ": " + $0.value.prettyText(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return text
        }
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if let i = n.integer { out += String(i) } else if n.value == n.value.rounded(), abs(n.value) < 1e15 { out += String(Int(n.value)) } else { out += "\(n.value)" }
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (k, m) in o.members.enumerated() {
                if k > 0 { out += "," }
                out += JSONValue.quoted(m.key)
                out += ":"
                m.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `s` as a JSON string literal (``JSONQuoting``).
    package static func quoted(_ s: String) -> String { JSONQuoting.quoted(s) }
}
