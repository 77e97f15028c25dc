import Bubble
import BubbleFonts

extension BubbleService {
    /// The families a request may name, lowercased: ``BubbleServerSettings/allowedFamilies``, else the
    /// default chain's families plus the families (not files) of the server's `--fonts`.
    static func allowedFamilies(_ settings: BubbleServerSettings) -> Set<String> {
        if let list = settings.allowedFamilies { return Set(list.map { $0.lowercased() }) }
        let own = (settings.defaults.fonts ?? []).filter { !$0.contains("/") && !$0.lowercased().hasSuffix(".ttf") && !$0.lowercased().hasSuffix(".otf") }
        return Set((FallbackChain.defaultFamilies + own).map { $0.lowercased() })
    }

    /// The `font_not_allowed` error of a `fonts` list naming a family outside the server's list (every
    /// distinct list costs a font chain, so an open list would let requests fill memory), or nil.
    func familyError(_ options: BubbleOptions?) -> BubbleError? {
        guard let fonts = options?.fonts else { return nil }
        guard let family = fonts.first(where: { !allowedFamilies.contains($0.lowercased()) }) else { return nil }
        let list = settings.allowedFamilies == nil ? "the default chain's and --fonts' families" : "--allow-families"
        return BubbleError(code: "font_not_allowed", message: "font family '\(family.prefix(200))' is not one this server allows (\(list))")
    }

    /// Refuses a request whose own `options` name a family outside the list: 422 naming it.
    func checkFamilies(_ options: BubbleOptions?) throws(BubbleServerError) {
        if let error = familyError(options) { throw BubbleServerError(.unprocessableContent, error.code, error.message) }
    }
}
