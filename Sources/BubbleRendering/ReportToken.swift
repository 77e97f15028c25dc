/// The tokens of a report as libbubble hands them to a reader that builds its own objects (Python's dicts):
/// each is one tag byte, some followed by a payload in the machine's own byte order. A reader that turns
/// them back into values gets exactly what a JSON parser gets from the report's JSON text: the same keys in
/// the same order, an integer where the text has no fraction, a float equal to the text's decimal.
///
/// In C (include/bubble.h) they are `bubble_token` and the `BUBBLE_TOKEN_*` constants, written from this
/// enum by scripts/make-header.
public enum ReportToken: UInt8, Sendable {
    /// `{`: the keys and values of an object follow, up to the object's end.
    case objectBegin = 1
    case objectEnd = 2
    /// `[`: the values of an array follow, up to the array's end.
    case arrayBegin = 3
    case arrayEnd = 4
    /// A key of the open object, then its value: one byte, the key's index in `bubble_report_keys`.
    case key = 5
    /// A string: its length in bytes (uint32_t), then its UTF-8 (no NUL).
    case string = 6
    /// An integer (int64_t): a count, an offset, or a measure with no fraction once rounded (`88`).
    case integer = 7
    /// A floating-point number (double): a measure with a fraction once rounded, the double nearest
    /// to the decimal JSON writes (`231.4`).
    case double = 8
    case `true` = 9
    case `false` = 10
    case null = 11
    /// A message that failed, in a list of answers: its status (an integer token), then `{"code", "message"}`.
    case error = 12
}
