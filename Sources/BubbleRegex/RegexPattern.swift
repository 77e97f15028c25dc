internal import CPCRE2

/// A compiled PCRE2 pattern (8-bit code units, UTF mode, JIT-compiled when the platform allows).
///
/// Owns the compiled code (read-only after `init`) and a match context holding the match and depth
/// limits; each search makes its own match-data block, so one pattern may be shared between threads.
/// Subjects are UTF-8 bytes; every offset is a byte offset into the subject.
package final class RegexPattern: @unchecked Sendable {
    private let code: OpaquePointer
    private let context: OpaquePointer?
    /// PCRE2's match limit (calls of its internal match function; it bounds backtracking) and depth
    /// limit (backtracking depth) for every search; nil leaves PCRE2's defaults (10,000,000 each).
    package let matchLimit: UInt32?
    package let depthLimit: UInt32?
    /// Whether the JIT compiled the pattern (matching then skips the interpreter).
    package let isJIT: Bool
    /// Number of capture groups in the pattern.
    package let captureCount: Int

    /// Compiles `pattern` in UTF mode; `unicodeProperties` makes `\w`, `\d`, `[:alpha:]` Unicode-aware (PCRE2_UCP).
    /// - Throws: ``RegexError`` with the offset of the first bad byte of the pattern.
    package init(_ pattern: String, caseless: Bool = false, unicodeProperties: Bool = true,
                matchLimit: UInt32? = nil, depthLimit: UInt32? = nil) throws(RegexError) {
        // `\C` matches one byte even in UTF mode: a match could end inside a character and the next search
        // start there, which PCRE2 leaves undefined when the UTF check is skipped. Patterns come from
        // requests, so it is refused (as PCRE2 advises for patterns from untrusted sources).
        var options = UInt32(PCRE2_UTF) | UInt32(PCRE2_NEVER_BACKSLASH_C)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        if unicodeProperties { options |= UInt32(PCRE2_UCP) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw RegexPattern.error(Int(errorCode), patternOffset: errorOffset)
        }
        code = compiled
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
        if matchLimit != nil || depthLimit != nil, let made = pcre2_match_context_create_8(nil) {
            if let matchLimit { pcre2_set_match_limit_8(made, matchLimit) }
            if let depthLimit { pcre2_set_depth_limit_8(made, depthLimit) }
            context = made
        } else {
            context = nil
        }
        // A failed JIT compile (unsupported platform, no executable memory) falls back to the interpreter.
        isJIT = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
        var count: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
    }

    deinit {
        if let context { pcre2_match_context_free_8(context) }
        pcre2_code_free_8(code)
    }

    /// A match-data block for one search (or one loop of searches) on this pattern.
    private func makeMatchData() -> OpaquePointer {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { fatalError("PCRE2: out of memory creating match data") }
        return data
    }

    /// The first match in `subject` starting at or after byte `offset`, or `nil`.
    ///
    /// - Parameters:
    ///   - subject: UTF-8 bytes.
    ///   - offset: byte offset at which the search starts (lookbehind still sees earlier bytes).
    ///   - validUTF8: pass `true` when the caller has already validated `subject`, which skips PCRE2's
    ///     UTF check (it is O(n) per call, so a loop over one subject should check only once).
    /// - Returns: the whole match and one range per capture group (`nil` when the group did not take part),
    ///   all in byte offsets of `subject`.
    /// - Throws: ``RegexError`` for invalid UTF-8 or a match limit.
    package func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from offset: Int = 0,
                           validUTF8: Bool = false) throws(RegexError) -> RegexMatch? {
        let matchData = makeMatchData()
        defer { pcre2_match_data_free_8(matchData) }
        return try firstMatch(in: subject, from: offset, validUTF8: validUTF8, matchData: matchData)
    }

    private func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from offset: Int, validUTF8: Bool,
                            matchData: OpaquePointer) throws(RegexError) -> RegexMatch? {
        precondition(offset >= 0 && offset <= subject.count, "offset outside the subject")
        // An empty buffer may have a nil base address; PCRE2 wants a pointer.
        let empty: [UInt8] = [0]
        let rc = empty.withUnsafeBufferPointer { fallback in
            pcre2_match_8(code, subject.baseAddress ?? fallback.baseAddress, subject.count, offset,
                          validUTF8 ? UInt32(PCRE2_NO_UTF_CHECK) : 0, matchData, context)
        }
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        try RegexPattern.check(rc)
        // Offsets are size_t, which Swift reads as Int: PCRE2_UNSET (~(size_t)0), a group that took no
        // part, reads as -1. A group that did not take part below one that did (`(a)?(b)` on "b") is
        // unset but counted in `rc`, so unset is tested on every group.
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        var groups: [Range<Int>?] = []
        groups.reserveCapacity(captureCount)
        if captureCount > 0 {
            for group in 1...captureCount {
                let start = ovector[2 * group], end = ovector[2 * group + 1]
                groups.append(group < Int(rc) && start >= 0 && end >= start ? start..<end : nil)
            }
        }
        // `\K` can end the reported match before its start; the match is then the empty range at its end.
        let start = ovector[0], end = ovector[1]
        return RegexMatch(range: end >= start ? start..<end : end..<end, groups: groups)
    }

    /// Every non-overlapping match in `subject`, left to right (an empty match advances one scalar).
    /// `validUTF8`: the caller made `subject` itself (so PCRE2's O(n) UTF check is skipped from the start).
    package func matches(in subject: [UInt8], validUTF8: Bool = false) throws(RegexError) -> [RegexMatch] {
        var found: [RegexMatch] = []
        var offset = 0
        var checked = validUTF8
        let matchData = makeMatchData()
        defer { pcre2_match_data_free_8(matchData) }
        let result: Result<Void, RegexError> = subject.withUnsafeBufferPointer { buffer in
            do throws(RegexError) {
                while offset <= buffer.count, let match = try firstMatch(in: buffer, from: offset, validUTF8: checked,
                                                                                  matchData: matchData) {
                    checked = true
                    found.append(match)
                    if match.range.isEmpty {
                        offset = match.range.upperBound + 1
                        while offset < buffer.count, buffer[offset] & 0xC0 == 0x80 { offset += 1 }
                    } else {
                        offset = match.range.upperBound
                    }
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        return found
    }

    /// An ASCII byte other than a letter that every match must contain, from PCRE2's own analysis (the
    /// first or the last literal code unit it requires), or nil. A subject without it cannot match, so
    /// a caller may skip the search; letters are left out because `(?i)` would make their case free.
    package var requiredByte: UInt8? {
        var type: UInt32 = 0, unit: UInt32 = 0
        for (what, value) in [(UInt32(PCRE2_INFO_FIRSTCODETYPE), UInt32(PCRE2_INFO_FIRSTCODEUNIT)),
                              (UInt32(PCRE2_INFO_LASTCODETYPE), UInt32(PCRE2_INFO_LASTCODEUNIT))] {
            _ = pcre2_pattern_info_8(code, what, &type)
            guard type == 1 else { continue }
            guard pcre2_pattern_info_8(code, value, &unit) == 0, unit > 0, unit < 0x80 else { continue }
            let byte = UInt8(unit)
            if !((byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)) { return byte }
        }
        return nil
    }

    /// Names of the pattern's named groups, with their group numbers.
    package var groupNames: [String: Int] {
        var count: UInt32 = 0, size: UInt32 = 0
        var table: UnsafePointer<UInt8>?
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &size)
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard count > 0, let table else { return [:] }
        var names: [String: Int] = [:]
        for i in 0..<Int(count) {
            let entry = table + i * Int(size)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            var name: [UInt8] = []
            var k = 2
            while k < Int(size), entry[k] != 0 { name.append(entry[k]); k += 1 }
            names[String(decoding: name, as: UTF8.self)] = number
        }
        return names
    }

    /// Whether `error` is PCRE2 giving up at the match or depth limit (or running out of JIT stack).
    package static func isLimit(_ error: RegexError) -> Bool {
        error.code == Int(PCRE2_ERROR_MATCHLIMIT) || error.code == Int(PCRE2_ERROR_DEPTHLIMIT)
            || error.code == Int(PCRE2_ERROR_HEAPLIMIT) || error.code == Int(PCRE2_ERROR_JIT_STACKLIMIT)
    }

    /// The one checking funnel: a negative PCRE2 return code becomes a ``RegexError``.
    private static func check(_ rc: Int32) throws(RegexError) {
        if rc < 0 { throw error(Int(rc)) }
    }

    private static func error(_ code: Int, patternOffset: Int? = nil) -> RegexError {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(Int32(code), $0.baseAddress, $0.count) }
        let message = length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "unknown PCRE2 error"
        return RegexError(code: code, message: message, patternOffset: patternOffset)
    }
}

/// One match: byte ranges into the subject.
package struct RegexMatch: Sendable, Equatable {
    /// The whole match.
    package var range: Range<Int>
    /// Capture groups 1…n; `nil` for a group that did not participate.
    package var groups: [Range<Int>?]
}
