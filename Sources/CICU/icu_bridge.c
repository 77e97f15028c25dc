/* Thin wrappers over ICU's C API; see CICU.h for why they exist. */
#include "CICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

struct bubble_break_iterator { UBreakIterator *iterator; };
struct bubble_bidi { UBiDi *bidi; };

bubble_break_iterator *bubble_break_open(int32_t kind, const char *locale, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIteratorType type = kind == BUBBLE_BREAK_LINE ? UBRK_LINE : kind == BUBBLE_BREAK_WORD ? UBRK_WORD : UBRK_CHARACTER;
  UBreakIterator *it = ubrk_open(type, locale, NULL, 0, &status);
  *error = status;
  if (U_FAILURE(status)) return NULL;
  bubble_break_iterator *box = (bubble_break_iterator *)malloc(sizeof *box);
  if (!box) { ubrk_close(it); *error = U_MEMORY_ALLOCATION_ERROR; return NULL; }
  box->iterator = it;
  return box;
}

void bubble_break_close(bubble_break_iterator *it) {
  if (!it) return;
  ubrk_close(it->iterator);
  free(it);
}

void bubble_break_set_text(bubble_break_iterator *it, const uint16_t *text, int32_t length, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText(it->iterator, (const UChar *)text, length, &status);
  *error = status;
}

int32_t bubble_break_first(bubble_break_iterator *it) { return ubrk_first(it->iterator); }
int32_t bubble_break_next(bubble_break_iterator *it) { return ubrk_next(it->iterator); }
int32_t bubble_break_following(bubble_break_iterator *it, int32_t offset) { return ubrk_following(it->iterator, offset); }
int32_t bubble_break_preceding(bubble_break_iterator *it, int32_t offset) { return ubrk_preceding(it->iterator, offset); }
int32_t bubble_break_is_boundary(bubble_break_iterator *it, int32_t offset) { return ubrk_isBoundary(it->iterator, offset); }
int32_t bubble_break_is_hard(bubble_break_iterator *it) {
  int32_t status = ubrk_getRuleStatus(it->iterator);
  return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
}

bubble_bidi *bubble_bidi_open(int32_t *error) {
  UBiDi *b = ubidi_open();
  if (!b) { *error = U_MEMORY_ALLOCATION_ERROR; return NULL; }
  bubble_bidi *box = (bubble_bidi *)malloc(sizeof *box);
  if (!box) { ubidi_close(b); *error = U_MEMORY_ALLOCATION_ERROR; return NULL; }
  box->bidi = b;
  *error = U_ZERO_ERROR;
  return box;
}

void bubble_bidi_close(bubble_bidi *b) {
  if (!b) return;
  ubidi_close(b->bidi);
  free(b);
}

void bubble_bidi_set_paragraph(bubble_bidi *b, const uint16_t *text, int32_t length, uint8_t paragraph_level, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  ubidi_setPara(b->bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
  *error = status;
}

uint8_t bubble_bidi_paragraph_level(bubble_bidi *b) { return ubidi_getParaLevel(b->bidi); }

void bubble_bidi_levels(bubble_bidi *b, uint8_t *levels, int32_t length, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const UBiDiLevel *source = ubidi_getLevels(b->bidi, &status);
  *error = status;
  if (U_FAILURE(status)) return;
  int32_t n = ubidi_getLength(b->bidi);
  if (n > length) n = length;
  memcpy(levels, source, (size_t)n);
}

void bubble_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
  ubidi_reorderVisual(levels, count, visual_to_logical);
}

uint32_t bubble_script_tag(uint32_t code_point, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript((UChar32)code_point, &status);
  *error = status;
  const char *name = uscript_getShortName(script);
  if (!name || strlen(name) != 4) return ('Z' << 24) | ('y' << 16) | ('y' << 8) | 'y';
  return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
         ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

int32_t bubble_script_is_neutral(uint32_t code_point) {
  UErrorCode status = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript((UChar32)code_point, &status);
  return script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN;
}

int32_t bubble_script_extensions_have(uint32_t code_point, uint32_t tag) {
  char name[5] = {(char)(tag >> 24), (char)(tag >> 16), (char)(tag >> 8), (char)tag, 0};
  int32_t script = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
  if (script == UCHAR_INVALID_CODE) return 0;
  return uscript_hasScript((UChar32)code_point, (UScriptCode)script) ? 1 : 0;
}

int32_t bubble_general_category(uint32_t code_point) { return u_charType((UChar32)code_point); }
int32_t bubble_line_break_class(uint32_t code_point) { return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK); }
int32_t bubble_is_extended_pictographic(uint32_t code_point) { return u_hasBinaryProperty((UChar32)code_point, UCHAR_EXTENDED_PICTOGRAPHIC); }
int32_t bubble_is_emoji_presentation(uint32_t code_point) { return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION); }
int32_t bubble_is_alphanumeric(uint32_t code_point) {
  UChar32 c = (UChar32)code_point;
  return u_isalpha(c) || u_isdigit(c) || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0;
}
uint32_t bubble_mirror(uint32_t code_point) { return (uint32_t)u_charMirror((UChar32)code_point); }

void bubble_icu_version(char *buffer, int32_t capacity) {
  UVersionInfo v;
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_getVersion(v);
  u_versionToString(v, text);
  strncpy(buffer, text, (size_t)capacity);
  if (capacity > 0) buffer[capacity - 1] = 0;
}

void bubble_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo v;
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_getUnicodeVersion(v);
  u_versionToString(v, text);
  strncpy(buffer, text, (size_t)capacity);
  if (capacity > 0) buffer[capacity - 1] = 0;
}

const char *bubble_error_name(int32_t error) { return u_errorName((UErrorCode)error); }
