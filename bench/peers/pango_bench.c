/* pango_bench CORPUS PASSES TSV SUBPIXEL: Pango (what GTK uses) in the peer configuration, timed by the
 * protocol of bench/peers/README.md. One PangoLayout per message on one shared PangoContext: 280 px wide,
 * WORD_CHAR wrap, at most 5 lines, end ellipsis, "DejaVu Sans, Noto Sans CJK SC 16px", every `[name]`
 * token a U+FFFC carrying a 20x20 px shape attribute on the baseline. SUBPIXEL=1: unhinted metrics and
 * unrounded glyph positions; 0: Pango's defaults. An empty TSV writes no file. */
#include <pango/pangocairo.h>

#include "corpus.h"

static PangoContext *context;
static PangoFontDescription *font;


/* Reused between messages; only the text and attributes go to Pango. */
static char *scratch;
static size_t scratch_cap;

static peer_result_t lay_out(const message_t *m) {
    peer_result_t r = {0, 0, 0, 0, 0, 0};
    if (scratch_cap < m->len + 1) {
        scratch_cap = m->len + 1; /* U+FFFC (3 bytes) never outgrows a token (3 bytes at least) */
        scratch = realloc(scratch, scratch_cap);
    }
    PangoAttrList *attrs = NULL;
    PangoRectangle box = {0, -20 * PANGO_SCALE, 20 * PANGO_SCALE, 20 * PANGO_SCALE}; /* ascent 20, descent 0 */
    size_t n = 0;
    for (size_t i = 0; i < m->len;) {
        size_t t = m->text[i] == '[' ? token_at(m->text, m->len, i) : 0;
        if (!t) { scratch[n++] = m->text[i++]; continue; }
        PangoAttribute *a = pango_attr_shape_new(&box, &box);
        a->start_index = (guint)n;
        a->end_index = (guint)n + 3;
        if (!attrs) attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, a);
        memcpy(scratch + n, "\xEF\xBF\xBC", 3);
        n += 3;
        i += t;
        r.placeholders++;
    }
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, 280 * PANGO_SCALE);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_height(layout, -5);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_text(layout, scratch, (int)n);
    if (attrs) {
        pango_layout_set_attributes(layout, attrs);
        pango_attr_list_unref(attrs);
    }
    pango_layout_get_pixel_size(layout, &r.width, &r.height);
    r.lines = pango_layout_get_line_count(layout);
    r.ellipsized = pango_layout_is_ellipsized(layout);
    g_object_unref(layout);
    r.check = (long long)r.height * 31 + r.lines;
    return r;
}

int main(int argc, char **argv) {
    if (argc < 3) die("usage", "pango_bench CORPUS PASSES [TSV [SUBPIXEL]]");
    int passes = atoi(argv[2]);
    if (passes < 1) die("bad PASSES", argv[2]);
    const char *tsv = argc > 3 ? argv[3] : "";
    int subpixel = argc > 4 && atoi(argv[4]) != 0;

    size_t count;
    message_t *corpus = load_corpus(argv[1], &count);

    PangoFontMap *map = pango_cairo_font_map_get_default();
    context = pango_font_map_create_context(map);
    if (subpixel) {
        pango_context_set_round_glyph_positions(context, FALSE);
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
        pango_cairo_context_set_font_options(context, options);
        cairo_font_options_destroy(options);
    }
    font = pango_font_description_from_string("DejaVu Sans, Noto Sans CJK SC 16px");

    run_protocol(subpixel ? "pango-subpixel" : "pango", corpus, count, passes, tsv, lay_out);
    return 0;
}
