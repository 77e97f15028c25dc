/* What both peers share: the corpus reader, the clocks, `[name]` token scanning and the JSON result line
 * (bench/peers/README.md). Header-only: each peer is one translation unit. */
#ifndef BUBBLE_PEERS_CORPUS_H
#define BUBBLE_PEERS_CORPUS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    long id;
    char lang[16];
    char *text; /* UTF-8, NUL-terminated */
    size_t len;
} message_t;

static inline void die(const char *what, const char *detail) {
    fprintf(stderr, "%s: %s\n", what, detail);
    exit(2);
}

static inline double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- JSON lines: {"id": N, "lang": "..", "text": ".."}, keys in any order, other keys skipped ---- */

static inline size_t put_utf8(char *out, uint32_t c) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12)); out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F)); return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18)); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F)); return 4;
}

static inline int hex4(const char *p, const char *end, uint32_t *v) {
    if (end - p < 4) return 0;
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char h = p[i];
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return 0;
        *v = *v << 4 | (uint32_t)d;
    }
    return 1;
}

static inline const char *skip_ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

/* Reads the string starting at the quote `p`; returns the position after its closing quote (NULL if malformed).
 * With `out`, stores a malloc'd unescaped UTF-8 copy; a lone surrogate becomes U+FFFD. */
static inline const char *read_string(const char *p, const char *end, char **out, size_t *out_len) {
    if (p >= end || *p != '"') return NULL;
    p++;
    /* Unescaped text is never longer than the escaped text. */
    const char *q = p;
    while (q < end && *q != '"') q += (*q == '\\') ? 2 : 1;
    if (q >= end) return NULL;
    char *buf = out ? malloc((size_t)(q - p) + 1) : NULL;
    size_t n = 0;
    while (p < end && *p != '"') {
        char c = *p++;
        if (c != '\\') { if (buf) buf[n] = c; n++; continue; }
        if (p >= end) goto bad;
        char e = *p++;
        uint32_t cp;
        switch (e) {
        case '"': case '\\': case '/': cp = (uint32_t)e; break;
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case 'n': cp = '\n'; break;
        case 'r': cp = '\r'; break;
        case 't': cp = '\t'; break;
        case 'u':
            if (!hex4(p, end, &cp)) goto bad;
            p += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                uint32_t lo;
                if (end - p >= 6 && p[0] == '\\' && p[1] == 'u' && hex4(p + 2, end, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    p += 6;
                } else {
                    cp = 0xFFFD;
                }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            break;
        default: goto bad;
        }
        char tmp[4];
        size_t k = put_utf8(tmp, cp);
        if (buf) memcpy(buf + n, tmp, k);
        n += k;
    }
    if (p >= end) goto bad;
    if (buf) { buf[n] = 0; *out = buf; }
    if (out_len) *out_len = n;
    return p + 1;
bad:
    free(buf);
    return NULL;
}

/* Skips a number, true, false or null (what the corpus's other keys could hold). */
static inline const char *skip_scalar(const char *p, const char *end) {
    while (p < end && *p != ',' && *p != '}' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
    return p;
}

static inline int parse_line(const char *p, const char *end, message_t *m) {
    int have_id = 0;
    m->text = NULL;
    m->lang[0] = 0;
    p = skip_ws(p, end);
    if (p >= end || *p++ != '{') return 0;
    for (;;) {
        p = skip_ws(p, end);
        if (p < end && *p == '}') break;
        char *key = NULL;
        p = read_string(p, end, &key, NULL);
        if (!p) return 0;
        p = skip_ws(p, end);
        if (p >= end || *p++ != ':') { free(key); return 0; }
        p = skip_ws(p, end);
        if (!strcmp(key, "id")) {
            char *stop;
            m->id = strtol(p, &stop, 10);
            if (stop == p) { free(key); return 0; }
            p = stop;
            have_id = 1;
        } else if (p < end && *p == '"') {
            char *value = NULL;
            size_t len = 0;
            p = read_string(p, end, &value, &len);
            if (!p) { free(key); return 0; }
            if (!strcmp(key, "text")) { free(m->text); m->text = value; m->len = len; }
            else { if (!strcmp(key, "lang")) snprintf(m->lang, sizeof m->lang, "%s", value); free(value); }
        } else {
            p = skip_scalar(p, end);
        }
        free(key);
        p = skip_ws(p, end);
        if (p < end && *p == ',') { p++; continue; }
        if (p < end && *p == '}') break;
        return 0;
    }
    return have_id && m->text;
}

static inline message_t *load_corpus(const char *path, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot read", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)size + 1);
    if (fread(data, 1, (size_t)size, f) != (size_t)size) die("cannot read", path);
    fclose(f);
    size_t cap = 1024, n = 0;
    message_t *ms = malloc(cap * sizeof *ms);
    for (const char *p = data, *end = data + size; p < end;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        if (skip_ws(p, eol) < eol) {
            if (n == cap) ms = realloc(ms, (cap *= 2) * sizeof *ms);
            if (!parse_line(p, eol, &ms[n])) die("malformed corpus line", p);
            n++;
        }
        p = eol + 1;
    }
    free(data);
    *count = n;
    return ms;
}

/* ---- `[name]` tokens: \[[^\[\]\s]{1,40}\] (\s as Python's str.isspace) ---- */

static inline uint32_t next_cp(const unsigned char *s, size_t len, size_t *i) {
    unsigned char c = s[*i];
    size_t k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (*i + k > len) k = len - *i;
    uint32_t cp = k == 1 ? c : k == 2 ? c & 0x1F : k == 3 ? c & 0x0F : c & 0x07;
    for (size_t j = 1; j < k; j++) cp = cp << 6 | (s[*i + j] & 0x3F);
    *i += k;
    return cp;
}

static inline int is_space(uint32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* If a token starts at byte `i` (a '['), returns the byte length of the whole token, else 0. */
static inline size_t token_at(const char *text, size_t len, size_t i) {
    const unsigned char *s = (const unsigned char *)text;
    if (s[i] != '[') return 0;
    size_t j = i + 1;
    int count = 0;
    while (j < len) {
        uint32_t c = next_cp(s, len, &j);
        if (c == ']') return count >= 1 ? j - i : 0;
        if (c == '[' || is_space(c) || ++count > 40) return 0;
    }
    return 0;
}

/* ---- the protocol: a cold pass, PASSES timed passes, the result line, the per-message TSV ---- */

/* What a peer reports of one message. `check` is what the message adds to the checksum. */
typedef struct {
    int lines, height, width, ellipsized, placeholders;
    long long check;
} peer_result_t;

typedef peer_result_t (*lay_out_fn)(const message_t *);

static inline void print_result(const char *peer, size_t n, long long checksum, double cold, const double *wall,
                         const double *cpu, int passes) {
    printf("{\"peer\": \"%s\", \"n\": %zu, \"checksum\": %lld, \"cold\": %.6f, \"wall\": [", peer, n, checksum, cold);
    for (int i = 0; i < passes; i++) printf("%s%.6f", i ? ", " : "", wall[i]);
    printf("], \"cpu\": [");
    for (int i = 0; i < passes; i++) printf("%s%.6f", i ? ", " : "", cpu[i]);
    printf("]}\n");
    fflush(stdout);
}

/* Runs the protocol of bench/peers/README.md over a loaded corpus: one untimed cold pass, `passes` timed
 * passes, the result line on standard output; with a non-empty `tsv`, an extra pass timing each message alone. */
static inline void run_protocol(const char *peer, const message_t *corpus, size_t count, int passes, const char *tsv,
                                lay_out_fn lay_out) {
    peer_result_t *results = calloc(count, sizeof *results);
    double *wall = calloc((size_t)passes, sizeof *wall), *cpu = calloc((size_t)passes, sizeof *cpu), cold = 0;
    if (!results || !wall || !cpu) die("out of memory", peer);
    for (int pass = -1; pass < passes; pass++) { /* -1: the untimed cold pass */
        double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        for (size_t i = 0; i < count; i++) results[i] = lay_out(&corpus[i]);
        double w = now(CLOCK_MONOTONIC) - t0, c = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        if (pass < 0) cold = w;
        else { wall[pass] = w; cpu[pass] = c; }
    }
    long long checksum = 0;
    for (size_t i = 0; i < count; i++) checksum += results[i].check;
    print_result(peer, count, checksum, cold, wall, cpu, passes);

    if (*tsv) {
        FILE *f = fopen(tsv, "w");
        if (!f) die("cannot write", tsv);
        fprintf(f, "id\tlines\theight\twidth\tellipsized\tplaceholders\tus\n");
        for (size_t i = 0; i < count; i++) {
            double t0 = now(CLOCK_MONOTONIC);
            peer_result_t r = lay_out(&corpus[i]);
            double us = (now(CLOCK_MONOTONIC) - t0) * 1e6;
            fprintf(f, "%ld\t%d\t%d\t%d\t%d\t%d\t%.2f\n", corpus[i].id, r.lines, r.height, r.width, r.ellipsized,
                    r.placeholders, us);
        }
        if (fclose(f) != 0) die("cannot write", tsv);
    }
    free(results);
    free(wall);
    free(cpu);
}

#endif
