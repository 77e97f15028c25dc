/* bubble.h: libbubble, Bubble's C API (link with `pkg-config --cflags --libs bubble`).
 *
 * Written by scripts/make-header from the `@c` declarations of Sources/BubbleC and Sources/BubbleRendering;
 * do not edit by hand
 * (BubbleCTests fails when this file and the Swift sources drift apart).
 *
 * The API is JSON-shaped, as Bubble's contract is (docs/contract.md, docs/embedding.md):
 * an engine is made once from an options JSON; each call takes one message object exactly as a
 * `bubble batch` line, and returns the bytes the matching `bubble` command writes for it. The
 * `_text` calls take a plain-text message's UTF-8 alone (no JSON around it), with the engine's options.
 *
 * Status: every call that can fail returns 0, or the HTTP status Bubble's service answers for the
 * same error (400 bad input, 422 input too big, 500 fonts, catalog or Bubble itself), and stores
 * `{"code": ..., "message": ...}` in its `error` argument, with the codes `bubble` and the service use.
 *
 * Memory: every string Bubble returns is NUL-terminated UTF-8 in memory of its own; release it with
 * `bubble_free`. Input strings are only read during the call.
 *
 * Threads: an engine may be used from any number of threads at once; only `bubble_engine_free`
 * must not run while another call uses the same engine.
 */
#ifndef BUBBLE_H
#define BUBBLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An engine: fonts, the emoji catalog and the caches shared by every call made with it. */
typedef struct bubble_engine bubble_engine;

/// The tokens of a report as libbubble hands them to a reader that builds its own objects (Python's dicts):
/// each is one tag byte, some followed by a payload in the machine's own byte order. A reader that turns
/// them back into values gets exactly what a JSON parser gets from the report's JSON text: the same keys in
/// the same order, an integer where the text has no fraction, a float equal to the text's decimal.
///
/// In C (include/bubble.h) they are `bubble_token` and the `BUBBLE_TOKEN_*` constants, written from this
/// enum by scripts/make-header.
typedef uint8_t bubble_token;
enum {
  /// `{`: the keys and values of an object follow, up to the object's end.
  BUBBLE_TOKEN_OBJECT_BEGIN = 1,
  BUBBLE_TOKEN_OBJECT_END = 2,
  /// `[`: the values of an array follow, up to the array's end.
  BUBBLE_TOKEN_ARRAY_BEGIN = 3,
  BUBBLE_TOKEN_ARRAY_END = 4,
  /// A key of the open object, then its value: one byte, the key's index in `bubble_report_keys`.
  BUBBLE_TOKEN_KEY = 5,
  /// A string: its length in bytes (uint32_t), then its UTF-8 (no NUL).
  BUBBLE_TOKEN_STRING = 6,
  /// An integer (int64_t): a count, an offset, or a measure with no fraction once rounded (`88`).
  BUBBLE_TOKEN_INTEGER = 7,
  /// A floating-point number (double): a measure with a fraction once rounded, the double nearest
  /// to the decimal JSON writes (`231.4`).
  BUBBLE_TOKEN_DOUBLE = 8,
  BUBBLE_TOKEN_TRUE = 9,
  BUBBLE_TOKEN_FALSE = 10,
  BUBBLE_TOKEN_NULL = 11,
  /// A message that failed, in a list of answers: its status (an integer token), then `{"code", "message"}`.
  BUBBLE_TOKEN_ERROR = 12,
};

/// Lays out many messages on `jobs` threads of the library's own: what `bubble batch --jobs N` writes for
/// the same input, in process. `lines` is NDJSON (`length` bytes; one message object per line, as
/// `bubble_layout` takes), and `result` receives one result line per input line, in input order, each ending
/// in a newline: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"},"line":N}`, as `bubble batch`
/// writes them. A caller holding a lock of its own (Python's GIL) can let go of it for the whole call.
/// jobs: threads to use, 1 to 256 (0: 1).
/// max_line_length: the longest line in bytes, its newline excluded, as `bubble batch --max-line-length`
/// (0: its default, 1 MiB; else at least 16); a longer line gets a `line_too_long` error line.
/// Returns 0 when every line was answered (an error line is an answer); 400 with `error` for bad
/// arguments. `result` and `error` are freed with `bubble_free`.
int32_t bubble_batch(bubble_engine *engine, char const *lines, size_t length, int32_t jobs, size_t max_line_length, char **result, size_t *result_length, char **error);

/// Releases an engine made by `bubble_engine_new` (NULL: nothing). No call may be using it.
void bubble_engine_free(bubble_engine *engine);

/// Creates an engine: the fonts and the emoji catalog loaded once, shared by every call made with it.
/// Thread safety: one engine may be used from any number of threads at once (every call below that takes
/// an engine); only `bubble_engine_free` must not run while another call uses the same engine.
/// options: a JSON object of Bubble's options (the keys of `bubble batch --options`), NUL-terminated;
/// NULL or "" for the defaults. A request's own `options` go over these.
/// catalog: the emoji catalog file; NULL for the default lookup ($BUBBLE_CATALOG, then
/// `../share/bubble/catalog.json` beside this library or the program).
/// engine: receives the engine, to be released with `bubble_engine_free`.
/// error: on failure receives `{"code": …, "message": …}` (free it with `bubble_free`); may be NULL.
/// Returns 0, or the HTTP status the service would answer: 400 for bad options, 500 for a missing
/// font or catalog.
int32_t bubble_engine_new(char const *options, char const *catalog, bubble_engine **engine, char **error);

/// The fingerprint of the engine's default font set (16 hex digits, as `bubble version --json` reports
/// it under `fonts`): two hosts with the same one lay out the same bytes. It reads every font file once
/// per engine. Free it with `bubble_free`; NULL without an engine.
char *bubble_font_fingerprint(bubble_engine *engine);

/// Releases a string or buffer Bubble returned (NULL: nothing).
void bubble_free(void *pointer);

/// Like `bubble_layout`, with an HTML fragment of the bubble in `result`, as `bubble html` writes it. The
/// request may also hold `"fontBaseURL"`, where the browser loads font files by file name (absent:
/// `local()` names, then `file://` paths), and `"assetBaseURL"`, where it loads catalog images (absent:
/// `data:` URIs): what `bubble html --font-base-url` and `--asset-base-url` set.
int32_t bubble_html(bubble_engine *engine, char const *request, size_t length, char **result, size_t *result_length, char **error);

/// Like `bubble_layout` for a request that also holds the point `"x"`, `"y"` (CSS px in the bubble,
/// top-left origin): `result` receives what `bubble hit` prints for it (`{"hit":false}` outside the bubble).
int32_t bubble_hit(bubble_engine *engine, char const *request, size_t length, char **result, size_t *result_length, char **error);

/// Lays out one message: `request` is a message object exactly as a `bubble batch` line
/// (`{"id"?, "text" (+ "entities"?) | "spans" | "markup", "options"?, "linkMap"?, "highlights"?}`), `length` bytes
/// of UTF-8 (no NUL needed). On success `result` receives the very bytes `bubble batch` writes for that line
/// (without its newline): `{"id":…,"layout":{…}}`, or `{"id":…,"layouts":[…]}` with the `widths` option.
/// `result` (NUL-terminated; its length, NUL excluded, in `result_length`) and `error` are freed with `bubble_free`.
/// Returns 0, or the status of the error, with the code and message `bubble batch` gives in `error`:
/// 400 bad input (malformed_json, invalid_message, invalid_options, invalid_utf8, …), 422 too big
/// (message_too_long), 500 a failure of fonts, catalog or Bubble itself.
int32_t bubble_layout(bubble_engine *engine, char const *request, size_t length, char **result, size_t *result_length, char **error);

/// Lays out `count` messages on `jobs` threads of the library's own (1 to 256; 0: 1) and gives their
/// layouts as report tokens, one answer after the other in input order: each is the tokens
/// `bubble_layout_tokens` gives, or for a message that failed `BUBBLE_TOKEN_ERROR`, its status (an integer
/// token) and `{"code", "message"}`. Message `i` is `lengths[i]` bytes at `messages[i]`: with `requests` 0
/// a plain text (as `bubble_layout_text_tokens` takes it), else a message object (as `bubble_layout`).
/// The messages are only read during the call; a caller holding a lock of its own (Python's GIL) can let
/// go of it for the whole call.
/// Returns 0 when every message was answered (a failure is an answer); 400 with `error` for bad
/// arguments. `result` and `error` are freed with `bubble_free`.
int32_t bubble_layout_many_tokens(bubble_engine *engine, char const *const *messages, size_t const *lengths, size_t count, int32_t requests, int32_t jobs, char **result, size_t *result_length, char **error);

/// Lays out one plain-text message with the engine's options: `text` is the message itself, `length` bytes
/// of UTF-8 (no NUL needed), as the `"text"` of a `bubble_layout` request but with no JSON around it, so
/// nothing is escaped by the caller or read back by Bubble. On success `result` receives the layout JSON
/// exactly as `bubble layout` prints it (without its newline): the layout object, or with the engine's
/// `widths` option the array of layouts.
/// `result` (NUL-terminated; its length, NUL excluded, in `result_length`) and `error` are freed with
/// `bubble_free`. Returns as `bubble_layout` does (400 invalid_utf8, 422 message_too_long, 500).
int32_t bubble_layout_text(bubble_engine *engine, char const *text, size_t length, char **result, size_t *result_length, char **error);

/// `bubble_layout_text` with the layout as report tokens (`bubble_layout_tokens`): a plain-text message's
/// `length` bytes of UTF-8, no JSON around them, with the engine's options.
int32_t bubble_layout_text_tokens(bubble_engine *engine, char const *text, size_t length, char **result, size_t *result_length, char **error);

/// Lays out one message as `bubble_layout` does and gives its layout as report tokens (`bubble_token`):
/// the layout object of `bubble layout`'s JSON (with the `widths` option, the array of layouts) as tagged
/// binary values in the machine's byte order, for a caller that builds its own objects. Read back, the
/// tokens give exactly what a JSON parser gives for that JSON: the same keys (`bubble_report_keys` names
/// them by index) in the same order, integers where the text has no fraction, the same doubles.
/// `result` (its length in `result_length`) and `error` are freed with `bubble_free`. Returns as
/// `bubble_layout` does.
int32_t bubble_layout_tokens(bubble_engine *engine, char const *request, size_t length, char **result, size_t *result_length, char **error);

/// The names of the report's keys, in the order of their index in a `BUBBLE_TOKEN_KEY` token, as report
/// tokens: an array of strings. Free `result` with `bubble_free`. Returns 0.
int32_t bubble_report_keys(char **result, size_t *result_length);

/// Like `bubble_layout`, with a standalone SVG document of the bubble in `result` (the request's options
/// `theme` and `debug` apply), as `bubble svg` writes it.
int32_t bubble_svg(bubble_engine *engine, char const *request, size_t length, char **result, size_t *result_length, char **error);

/// The size of a message's bubble, with no JSON written and no report made (the lines are broken, no
/// rects placed): for pre-sizing many messages. The request is as for `bubble_layout`; `width` and `height` are px with padding (the layout's `size`), `lines` the line
/// count, `truncated` 1 when `maxLines` or `maxHeight` cut the text, else 0. Any out pointer may be NULL.
/// Returns as `bubble_layout` does.
int32_t bubble_size(bubble_engine *engine, char const *request, size_t length, double *width, double *height, int32_t *lines, int32_t *truncated, char **error);

/// The size of a plain-text message's bubble with the engine's options, as `bubble_size` gives it for
/// `{"text": …}`: `text` is the message's `length` bytes of UTF-8 (no JSON, no NUL needed). Any out pointer
/// may be NULL. Returns as `bubble_size` does.
int32_t bubble_size_text(bubble_engine *engine, char const *text, size_t length, double *width, double *height, int32_t *lines, int32_t *truncated, char **error);

/// What `bubble version --json` says without the fonts: `{"bubble": VERSION, "commit", "libraries": {…}}`.
/// Free it with `bubble_free`.
char *bubble_version(void);

#ifdef __cplusplus
}
#endif

#endif /* BUBBLE_H */
