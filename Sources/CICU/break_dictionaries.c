/* Line-breaking dictionaries taken from another ICU data package (see CICU.h). */
#include "CICU.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/udata.h>
#include <unicode/utypes.h>

/* What the set-up at load time did: dictionaries installed (0 when the variable is unset), or -1
 * with `problem` saying why. */
static int32_t installed = 0;
static uint64_t digest = 0;
static char problem[320];

static uint16_t read16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t read32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void write32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static size_t aligned(size_t n) { return (n + 15) & ~(size_t)15; }

static void fail(const char *path, const char *why) {
  snprintf(problem, sizeof problem, "%s=%s: %s", BUBBLE_BREAK_DICTIONARIES_VARIABLE, path, why);
  installed = -1;
}

/* The part of an item name after its package folder when it names a line-breaking dictionary
 * ("icudt78l/brkitr/laodict.dict" -> "brkitr/laodict.dict"), else NULL. */
static const char *dictionary_name(const char *name) {
  const char *slash = strchr(name, '/');
  if (!slash) return NULL;
  const char *rest = slash + 1;
  size_t n = strlen(rest);
  if (strncmp(rest, "brkitr/", 7) != 0 || strchr(rest + 7, '/') || n < 12 || strcmp(rest + n - 5, ".dict") != 0) return NULL;
  return rest;
}

typedef struct { const char *name; const uint8_t *data; size_t length; } item;

/* Reads an ICU common data package (ICU's .dat format: a data header, then a table of contents of
 * item names and offsets, then the items) and collects the .dict items of its brkitr/ folder. Returns how many,
 * or -1 after fail(). */
static int32_t collect(const char *path, const uint8_t *p, size_t length, item *items, int32_t capacity) {
  if (length < 32 || p[2] != 0xda || p[3] != 0x27) { fail(path, "is not an ICU data package (no ICU data header)"); return -1; }
  size_t header = read16(p);
  if (header < 24 || header > length - 4 || read16(p + 4) < 20) { fail(path, "is not an ICU data package (bad header size)"); return -1; }
  if (p[8] != 0 || p[9] != 0 || p[10] != 2) { fail(path, "is an ICU data package for another platform (not little-endian ASCII)"); return -1; }
  if (memcmp(p + 12, "CmnD", 4) != 0 || p[16] != 1) { fail(path, "is not an ICU common data package (.dat)"); return -1; }
  const uint8_t *toc = p + header;
  size_t room = length - header;
  uint32_t count = read32(toc);
  if (count > (room - 4) / 8) { fail(path, "has a table of contents that runs past its end"); return -1; }
  int32_t found = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t name_offset = read32(toc + 4 + 8 * i), data_offset = read32(toc + 8 + 8 * i);
    if (name_offset >= room || data_offset > room || !memchr(toc + name_offset, 0, room - name_offset)) {
      fail(path, "has a table of contents that points outside it"); return -1;
    }
    const char *name = dictionary_name((const char *)toc + name_offset);
    if (!name) continue;
    size_t end = room;  /* an item ends where the next one in the package starts */
    for (uint32_t j = 0; j < count; j++) {
      uint32_t other = read32(toc + 8 + 8 * j);
      if (other > data_offset && other < end) end = other;
    }
    if (found == capacity) { fail(path, "holds more dictionaries than Bubble takes"); return -1; }
    items[found++] = (item){name, toc + data_offset, end - data_offset};
  }
  if (found == 0) fail(path, "holds no line-breaking dictionary (brkitr/*.dict)");
  return found ? found : -1;
}

/* A new common data package of the items, named as this ICU names its own data (U_ICUDATA_NAME), so
 * that ICU finds them before its built-in ones: `header` is the source package's data header. */
static uint8_t *package(const uint8_t *header, size_t header_size, const item *items, int32_t n, size_t *size) {
  size_t names = 0;
  for (int32_t i = 0; i < n; i++) names += strlen(U_ICUDATA_NAME) + 1 + strlen(items[i].name) + 1;
  size_t toc_size = aligned(header_size + 4 + 8 * (size_t)n + names) - header_size;  /* items start 16-aligned */
  size_t total = header_size + toc_size;
  for (int32_t i = 0; i < n; i++) total += aligned(items[i].length);
  uint8_t *blob = (uint8_t *)calloc(1, total);  /* ICU keeps it for the life of the process */
  if (!blob) return NULL;
  *size = total;
  memcpy(blob, header, header_size);
  uint8_t *toc = blob + header_size;
  write32(toc, (uint32_t)n);
  size_t name_at = 4 + 8 * (size_t)n, data_at = toc_size;
  for (int32_t i = 0; i < n; i++) {
    write32(toc + 4 + 8 * i, (uint32_t)name_at);
    write32(toc + 8 + 8 * i, (uint32_t)data_at);
    name_at += (size_t)sprintf((char *)toc + name_at, "%s/%s", U_ICUDATA_NAME, items[i].name) + 1;
    memcpy(toc + data_at, items[i].data, items[i].length);
    data_at += aligned(items[i].length);
  }
  return blob;
}

/* Runs when the library is loaded, before anything can ask ICU for data: ICU takes extra common
 * data in front of its own only while it has opened none. */
__attribute__((constructor)) static void install_break_dictionaries(void) {
  const char *path = getenv(BUBBLE_BREAK_DICTIONARIES_VARIABLE);
  if (!path || !*path) return;
  FILE *file = fopen(path, "rb");
  if (!file) { fail(path, "cannot be opened"); return; }
  uint8_t *bytes = NULL;
  size_t length = 0, capacity = 0;
  for (;;) {
    if (length == capacity) {
      if (capacity >= ((size_t)256 << 20)) { free(bytes); fclose(file); fail(path, "is larger than 256 MiB"); return; }
      capacity = capacity ? capacity * 2 : (size_t)1 << 20;
      uint8_t *grown = (uint8_t *)realloc(bytes, capacity);
      if (!grown) { free(bytes); fclose(file); fail(path, "cannot be read: out of memory"); return; }
      bytes = grown;
    }
    size_t got = fread(bytes + length, 1, capacity - length, file);
    if (got == 0) break;
    length += got;
  }
  fclose(file);
  enum { MOST = 16 };
  item items[MOST];
  int32_t n = collect(path, bytes, length, items, MOST);
  size_t size = 0;
  uint8_t *blob = n > 0 ? package(bytes, read16(bytes), items, n, &size) : NULL;
  if (n > 0 && !blob) fail(path, "cannot be read: out of memory");
  if (blob) {
    UErrorCode status = U_ZERO_ERROR;
    udata_setCommonData(blob, &status);
    if (status != U_ZERO_ERROR) {
      fail(path, status == U_USING_DEFAULT_WARNING ? "was refused by ICU: it holds too many data packages" : "was refused by ICU: not a valid package");
    } else {
      /* Each dictionary ICU now opens must be the one just given (ICU_DATA's loose files come first). */
      uint64_t hash = 0xcbf29ce484222325ULL;
      for (int32_t i = 0; i < n && installed == 0; i++) {
        char type[8], name[64];
        const char *leaf = items[i].name + 7, *dot = strrchr(leaf, '.');
        snprintf(name, sizeof name, "%.*s", (int)(dot - leaf), leaf);
        snprintf(type, sizeof type, "%s", dot + 1);
        UErrorCode open_status = U_ZERO_ERROR;
        UDataMemory *memory = udata_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "brkitr", type, name, &open_status);
        const uint8_t *at = memory ? (const uint8_t *)udata_getMemory(memory) : NULL;
        if (!at || at < blob || at >= blob + size) {
          fail(path, "was not taken: ICU opens its own dictionaries first (ICU_DATA is set, or ICU was used before Bubble loaded)");
        }
        if (memory) udata_close(memory);
        for (size_t k = 0; k < items[i].length; k++) hash = (hash ^ items[i].data[k]) * 0x100000001b3ULL;
      }
      if (installed == 0) { installed = n; digest = hash; }
    }
  }
  free(bytes);
}

int32_t bubble_break_dictionaries(uint64_t *fingerprint, char *message, int32_t capacity) {
  if (fingerprint) *fingerprint = digest;
  if (message && capacity > 0) snprintf(message, (size_t)capacity, "%s", problem);
  return installed;
}

const char *bubble_break_dictionaries_variable(void) { return BUBBLE_BREAK_DICTIONARIES_VARIABLE; }
