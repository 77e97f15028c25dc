import Bubble
import BubbleFonts

extension BubbleService {
    /// The families a request may name, lowercased: ``BubbleServerSettings/allowedFamilies``, else the
    /// default chain's families plus the families (not files) of the server's `--fonts` and its
    /// `faceFamilies` (the standard ones unless its options set them).
    static func allowedFamilies(_ settings: BubbleServerSettings) -> Set<String> {
        if let list = settings.allowedFamilies { return Set(list.map { $0.lowercased() }) }
        let own = (settings.defaults.fonts ?? []).filter { !$0.contains("/") && !$0.lowercased().hasSuffix(".ttf") && !$0.lowercased().hasSuffix(".otf") }
        let faces = settings.defaults.faceFamilies ?? BubbleOptions.standard.faceFamilies ?? []
        return Set((FallbackChain.defaultFamilies + own + faces).map { $0.lowercased() })
    }

    /// The server's defaults with `faceFamilies` kept within `--allow-families`, when it is given: the
    /// operator's list bounds what `<font face>` and a span's `face` may name too, not only `fonts`.
    static func restrictingFaces(_ settings: BubbleServerSettings) -> BubbleOptions {
        var defaults = settings.defaults
        guard let list = settings.allowedFamilies else { return defaults }
        let allowed = Set(list.map { $0.lowercased() })
        let faces = defaults.faceFamilies ?? BubbleOptions.standard.faceFamilies ?? []
        defaults.faceFamilies = faces.filter { allowed.contains($0.lowercased()) }
        return defaults
    }

    /// The `font_not_allowed` error of a `fonts` or `faceFamilies` list naming a family outside the
    /// server's list (every distinct `fonts` list costs a font chain, so an open list would let requests
    /// fill memory; every face a fontconfig query and a cached face), or nil.
    func familyError(_ options: BubbleOptions?) -> BubbleError? {
        let named = (options?.fonts ?? []) + (options?.faceFamilies ?? [])
        guard let family = named.first(where: { !allowedFamilies.contains($0.lowercased()) }) else { return nil }
        let list = settings.allowedFamilies == nil ? "the default chain's and --fonts' families" : "--allow-families"
        return BubbleError(code: "font_not_allowed", message: "font family '\(family.prefix(200))' is not one this server allows (\(list))")
    }

    /// Refuses a request whose own `options` name a family outside the list: 422 naming it.
    func checkFamilies(_ options: BubbleOptions?) throws(BubbleServerError) {
        if let error = familyError(options) { throw BubbleServerError(.unprocessableContent, error.code, error.message) }
    }
}
