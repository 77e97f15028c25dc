/* Bubble's bridge to ICU.
 *
 * ICU's public headers rename every function with a version suffix through
 * macros (ubrk_open -> ubrk_open_72), which Swift's importer cannot follow.
 * These wrappers are plain C functions with stable names; the Swift module
 * BubbleUnicode is their only caller. Errors come back as ICU's UErrorCode
 * value in an int32_t out-parameter (0 = success, > 0 = failure). */
#ifndef BUBBLE_CICU_H
#define BUBBLE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bubble_break_iterator bubble_break_iterator;
typedef struct bubble_bidi bubble_bidi;

enum { BUBBLE_BREAK_CHARACTER = 0, BUBBLE_BREAK_WORD = 1, BUBBLE_BREAK_LINE = 2 };
enum { BUBBLE_BREAK_DONE = -1 };

/* Break iterators (ubrk_*). `kind` is one of BUBBLE_BREAK_*. */
bubble_break_iterator *bubble_break_open(int32_t kind, const char *locale, int32_t *error);
void bubble_break_close(bubble_break_iterator *it);
void bubble_break_set_text(bubble_break_iterator *it, const uint16_t *text, int32_t length, int32_t *error);
int32_t bubble_break_first(bubble_break_iterator *it);
int32_t bubble_break_next(bubble_break_iterator *it);
int32_t bubble_break_following(bubble_break_iterator *it, int32_t offset);
int32_t bubble_break_preceding(bubble_break_iterator *it, int32_t offset);
int32_t bubble_break_is_boundary(bubble_break_iterator *it, int32_t offset);
/* 1 when the boundary just returned is a mandatory (hard) line break, UAX #14 BK/CR/LF/NL. */
int32_t bubble_break_is_hard(bubble_break_iterator *it);

/* Bidi (ubidi_*). */
bubble_bidi *bubble_bidi_open(int32_t *error);
void bubble_bidi_close(bubble_bidi *b);
/* paragraph_level: 0 LTR, 1 RTL, 0xFE (UBIDI_DEFAULT_LTR) for auto with LTR fallback. */
void bubble_bidi_set_paragraph(bubble_bidi *b, const uint16_t *text, int32_t length, uint8_t paragraph_level, int32_t *error);
uint8_t bubble_bidi_paragraph_level(bubble_bidi *b);
/* Copies one embedding level per UTF-16 unit into `levels` (capacity `length`). */
void bubble_bidi_levels(bubble_bidi *b, uint8_t *levels, int32_t length, int32_t *error);
/* visual_to_logical[i] = logical index of the i-th run in visual order. */
void bubble_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

/* Character properties (uchar.h, uscript.h). */
/* ISO 15924 code of the code point's script, as four ASCII bytes packed big-endian ('Latn'). */
uint32_t bubble_script_tag(uint32_t code_point, int32_t *error);
/* USCRIPT_COMMON = 0, USCRIPT_INHERITED = 1, USCRIPT_UNKNOWN = 103: the scripts that take their neighbour's. */
int32_t bubble_script_is_neutral(uint32_t code_point);
/* Whether `tag` (ISO 15924, packed big-endian) is among the code point's Script_Extensions. */
int32_t bubble_script_extensions_have(uint32_t code_point, uint32_t tag);
int32_t bubble_general_category(uint32_t code_point);   /* UCharCategory */
int32_t bubble_line_break_class(uint32_t code_point);   /* ULineBreak */
int32_t bubble_is_extended_pictographic(uint32_t code_point);
int32_t bubble_is_emoji_presentation(uint32_t code_point);
int32_t bubble_is_alphanumeric(uint32_t code_point);    /* letters, marks and decimal digits */
uint32_t bubble_mirror(uint32_t code_point);

/* Line-breaking dictionaries (Lao, Khmer, Burmese, Thai, CJ) from another ICU data package.
 * Clients that draw with their own ICU, such as Chromium and Flutter's Skia, ship dictionaries other
 * than the system ICU's, so a dictionary-broken script wraps at other words there. When the environment
 * variable below names an ICU common data file (.dat, such as Chromium's icudtl.dat), the .dict items of its brkitr/
 * items are installed in front of ICU's own when the library loads, before ICU opens any data.
 * bubble_break_dictionaries returns how many were installed (0: the variable is unset), or -1 with
 * `message` saying what is wrong; `fingerprint` is a hash of their bytes. */
#define BUBBLE_BREAK_DICTIONARIES_VARIABLE "BUBBLE_BREAK_DICTIONARIES"
int32_t bubble_break_dictionaries(uint64_t *fingerprint, char *message, int32_t capacity);
const char *bubble_break_dictionaries_variable(void);

/* "72.1" style version of the linked ICU, and of the Unicode data it carries. */
void bubble_icu_version(char *buffer, int32_t capacity);
void bubble_unicode_version(char *buffer, int32_t capacity);
const char *bubble_error_name(int32_t error);

#ifdef __cplusplus
}
#endif
#endif
