/* hb_floor CORPUS PASSES TSV ft|ot: the cost floor of a layout engine, timed by the protocol of
 * bench/peers/README.md. Each message is shaped once by HarfBuzz at 16 px: `[name]` tokens become 20 px
 * boxes, the rest is split into runs by font (DejaVu Sans, then Noto Sans CJK SC for what DejaVu lacks)
 * and by script. No line breaking, bidi or ellipsis. `ft` shapes with hb-ft's font functions (FreeType),
 * `ot` with HarfBuzz's own (hb-ot). An empty TSV writes no file. */
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb-ot.h>
#include <hb.h>

#include "corpus.h"

#define SIZE_PX 16
#define BOX_PX 20

typedef struct {
    hb_font_t *font;
    hb_font_extents_t extents; /* 1/64 px */
} face_t;

static face_t faces[2];
static hb_buffer_t *buffer;
static hb_unicode_funcs_t *unicode;

typedef struct {
    int height, width, placeholders;
    long long units, glyphs; /* advance sum in 1/64 px; glyph count */
} result_t;

/* The font file fontconfig picks for `family` (what `fc-match -f '%{file}'` prints). */
static char *font_file(const char *family, int *index) {
    FcPattern *pattern = FcNameParse((const FcChar8 *)family);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcChar8 *file = NULL, *got = NULL;
    if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) die("no font file for", family);
    if (FcPatternGetString(match, FC_FAMILY, 0, &got) == FcResultMatch && strcmp((const char *)got, family))
        fprintf(stderr, "hb_floor: warning: '%s' resolved to '%s' (%s)\n", family, (const char *)got, (const char *)file);
    if (FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch) *index = 0;
    char *copy = strdup((const char *)file);
    FcPatternDestroy(match);
    FcPatternDestroy(pattern);
    return copy;
}

static hb_font_t *open_font(const char *family, int ft) {
    int index;
    char *file = font_file(family, &index);
    hb_font_t *font;
    if (ft) {
        static FT_Library library;
        FT_Face face;
        if (!library && FT_Init_FreeType(&library)) die("cannot start", "FreeType");
        if (FT_New_Face(library, file, index, &face)) die("cannot open", file);
        if (FT_Set_Char_Size(face, 0, SIZE_PX * 64, 72, 72)) die("cannot size", file); /* 16 pt at 72 dpi = 16 px */
        font = hb_ft_font_create_referenced(face); /* scale follows the FreeType size: 1/64 px */
    } else {
        hb_blob_t *blob = hb_blob_create_from_file(file);
        if (!hb_blob_get_length(blob)) die("cannot open", file);
        hb_face_t *face = hb_face_create(blob, (unsigned)index);
        font = hb_font_create(face);
        hb_ot_font_set_funcs(font);
        hb_font_set_scale(font, SIZE_PX * 64, SIZE_PX * 64);
        hb_face_destroy(face);
        hb_blob_destroy(blob);
    }
    free(file);
    return font;
}

/* Marks and joiners stay in the run before them, whatever font has them. */
static int continues_cluster(uint32_t c) {
    hb_unicode_general_category_t g = hb_unicode_general_category(unicode, c);
    return g == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || g == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
           g == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK || c == 0x200C || c == 0x200D ||
           (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF);
}

static int is_real(hb_script_t s) {
    return s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN;
}

static void shape(const message_t *m, size_t start, size_t end, int f, hb_script_t script, result_t *r, int used[2]) {
    if (end <= start) return;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, m->text, (int)m->len, (unsigned)start, (int)(end - start));
    hb_buffer_set_script(buffer, script);
    hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
                                        ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_guess_segment_properties(buffer); /* the language, from the locale */
    hb_shape(faces[f].font, buffer, NULL, 0);
    unsigned n;
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &n);
    for (unsigned i = 0; i < n; i++) r->units += pos[i].x_advance;
    r->glyphs += n;
    used[f] = 1;
}

static result_t lay_out(const message_t *m) {
    result_t r = {0, 0, 0, 0, 0};
    int used[2] = {0, 0};
    size_t run = 0; /* the current run: [run, i) in font `font`, script `script` */
    int font = -1;
    hb_script_t script = HB_SCRIPT_COMMON;
    for (size_t i = 0; i < m->len;) {
        size_t t = m->text[i] == '[' ? token_at(m->text, m->len, i) : 0;
        if (t) {
            shape(m, run, i, font < 0 ? 0 : font, script, &r, used);
            r.units += BOX_PX * 64;
            r.placeholders++;
            i += t;
            run = i, font = -1, script = HB_SCRIPT_COMMON;
            continue;
        }
        size_t next = i;
        uint32_t c = next_cp((const unsigned char *)m->text, m->len, &next);
        if (c == '\n' || c == '\r' || c == 0x2029) { /* paragraph ends: not shaped (no .notdef advance) */
            shape(m, run, i, font < 0 ? 0 : font, script, &r, used);
            i = next;
            run = i, font = -1, script = HB_SCRIPT_COMMON;
            continue;
        }
        int f = font >= 0 && continues_cluster(c) ? font
              : hb_font_get_nominal_glyph(faces[0].font, c, &(hb_codepoint_t){0}) ? 0 : 1;
        hb_script_t s = hb_unicode_script(unicode, c);
        int script_change = is_real(s) && is_real(script) && s != script;
        if (font >= 0 && (f != font || script_change)) {
            shape(m, run, i, font, script, &r, used);
            run = i;
            script = HB_SCRIPT_COMMON;
        }
        font = f;
        if (is_real(s) && !is_real(script)) script = s;
        i = next;
    }
    shape(m, run, m->len, font < 0 ? 0 : font, script, &r, used);

    /* One line: the tallest ascent and descent of the fonts used (and the boxes' 20 px ascent). */
    hb_position_t ascent = r.placeholders ? BOX_PX * 64 : 0, descent = 0, gap = 0;
    if (!used[0] && !used[1]) used[0] = 1;
    for (int f = 0; f < 2; f++) {
        if (!used[f]) continue;
        if (faces[f].extents.ascender > ascent) ascent = faces[f].extents.ascender;
        if (-faces[f].extents.descender > descent) descent = -faces[f].extents.descender;
        if (faces[f].extents.line_gap > gap) gap = faces[f].extents.line_gap;
    }
    r.height = (ascent + descent + gap + 63) / 64;
    r.width = (int)((r.units + 63) / 64);
    return r;
}

/* The protocol's view of a result: one line, no ellipsis; the checksum adds advances and glyph counts. */
static peer_result_t lay_out_report(const message_t *m) {
    result_t r = lay_out(m);
    return (peer_result_t){1, r.height, r.width, 0, r.placeholders, r.units + r.glyphs};
}

int main(int argc, char **argv) {
    if (argc < 3) die("usage", "hb_floor CORPUS PASSES [TSV [ft|ot]]");
    int passes = atoi(argv[2]);
    if (passes < 1) die("bad PASSES", argv[2]);
    const char *tsv = argc > 3 ? argv[3] : "";
    const char *mode = argc > 4 ? argv[4] : "ft";
    if (strcmp(mode, "ft") && strcmp(mode, "ot")) die("mode must be ft or ot, not", mode);
    int ft = !strcmp(mode, "ft");

    size_t count;
    message_t *corpus = load_corpus(argv[1], &count);

    const char *families[2] = {"DejaVu Sans", "Noto Sans CJK SC"};
    for (int f = 0; f < 2; f++) {
        faces[f].font = open_font(families[f], ft);
        hb_font_get_h_extents(faces[f].font, &faces[f].extents);
    }
    buffer = hb_buffer_create();
    unicode = hb_unicode_funcs_get_default();

    run_protocol(ft ? "hb-floor-ft" : "hb-floor-ot", corpus, count, passes, tsv, lay_out_report);
    return 0;
}
