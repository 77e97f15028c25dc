/* bubble._native: libbubble (include/bubble.h) called from CPython with as little in between as the
 * interpreter allows. The calls take their arguments by vectorcall (METH_FASTCALL), let go of the GIL
 * while libbubble works (so Python threads lay out in parallel), and build a layout's dict straight from
 * libbubble's report tokens (`bubble_token`): no JSON is written in Bubble nor read here.
 *
 * `Engine` is the base of bubble.Engine (bubble/_engine.py), which adds the calls made of requests.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "bubble.h"

/* bubble._errors.BubbleError and bubble._size.Size, and the names of the report's keys, made once. */
static PyObject *BubbleError;
static PyObject *SizeType;
static PyObject **report_keys;
static Py_ssize_t report_key_count;
static PyObject *str_layouts, *str_index, *str_layout_request, *str_size_request;

/* ---- Tokens to objects ------------------------------------------------------------------------- */

/* Where the reading of a token buffer stands. */
typedef struct {
    const unsigned char *at, *end;
} Reader;

/* Report trees are a few levels deep; anything deeper is not a report. */
#define MAX_DEPTH 64

static PyObject *malformed(void) {
    PyErr_SetString(PyExc_RuntimeError, "bubble: libbubble's report tokens are malformed");
    return NULL;
}

static int take_bytes(Reader *r, void *out, size_t n) {
    if ((size_t)(r->end - r->at) < n) return 0;
    memcpy(out, r->at, n);
    r->at += n;
    return 1;
}

static PyObject *read_value(Reader *r, int depth, unsigned context);

/* The `context` of a value is the index of the key it sits under (its own, or its array's), or NO_KEY at the
 * top. Objects under one key have one shape (every line has the same keys), so a new one is made at the size
 * the last one under that key reached: a dict made for 5 keys is rebuilt at its 6th (a line has 6; the report
 * 14): 8% of the instructions that build a call's layouts went to rebuilding dicts. A wrong guess costs only that. */
#define NO_KEY 256
static unsigned char keys_under[NO_KEY + 1];

static PyObject *new_dict(unsigned context) {
#if PY_VERSION_HEX < 0x030D0000 /* private: not promised past 3.12 */
    if (keys_under[context] > 5) return _PyDict_NewPresized(keys_under[context]);
#endif
    return PyDict_New();
}

/* Strings and floats that come again and again (kinds, visibilities, fonts' names and files, line tops and
 * heights) are made once and shared: str and float are immutable, so a shared one reads as a new one, and
 * the layouts cost fewer allocations to build and to free. Small direct-mapped tables, used with the GIL. */
#define STRING_SLOTS 1024
#define STRING_MAX 64
#define FLOAT_SLOTS 1024

static struct {
    PyObject *value;
    uint32_t length;
    char bytes[STRING_MAX];
} string_slots[STRING_SLOTS];

static struct {
    uint64_t bits;
    PyObject *value;
} float_slots[FLOAT_SLOTS];

/* A new reference to `o` (Py_NewRef, which Python 3.9 lacks). */
static inline PyObject *new_ref(PyObject *o) {
    Py_INCREF(o);
    return o;
}

static PyObject *make_string(const char *bytes, uint32_t length) {
    if (length > STRING_MAX) return PyUnicode_DecodeUTF8(bytes, length, "strict");
    uint32_t hash = 2166136261u; /* FNV-1a */
    for (uint32_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 16777619u;
    hash ^= length;
    size_t at = hash & (STRING_SLOTS - 1);
    if (string_slots[at].value && string_slots[at].length == length && memcmp(string_slots[at].bytes, bytes, length) == 0)
        return new_ref(string_slots[at].value);
    PyObject *s = PyUnicode_DecodeUTF8(bytes, length, "strict");
    if (!s) return NULL;
    Py_XSETREF(string_slots[at].value, new_ref(s));
    string_slots[at].length = length;
    memcpy(string_slots[at].bytes, bytes, length);
    return s;
}

static PyObject *make_float(double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    size_t at = (size_t)((bits * 0x9E3779B97F4A7C15ull) >> 54) & (FLOAT_SLOTS - 1);
    if (float_slots[at].value && float_slots[at].bits == bits) return new_ref(float_slots[at].value);
    PyObject *f = PyFloat_FromDouble(v);
    if (!f) return NULL;
    Py_XSETREF(float_slots[at].value, new_ref(f));
    float_slots[at].bits = bits;
    return f;
}

/* Integers of a layout (offsets, counts, whole px) past the interpreter's own small ones (up to 256) are
 * made once too, up to INT_SLOTS. */
#define INT_SLOTS 4096
static PyObject *int_slots[INT_SLOTS];

static PyObject *make_int(int64_t v) {
    if (v < 0 || v >= INT_SLOTS) return PyLong_FromLongLong(v);
    if (int_slots[v]) return new_ref(int_slots[v]);
    PyObject *i = PyLong_FromLongLong(v);
    if (i) int_slots[v] = new_ref(i);
    return i;
}

/* An object's keys and values, after its objectBegin, up to and with its objectEnd. */
static PyObject *read_object(Reader *r, int depth, unsigned context) {
    PyObject *dict = new_dict(context);
    if (!dict) return NULL;
    for (;;) {
        if (r->at >= r->end) goto bad;
        unsigned char tag = *r->at++;
        if (tag == BUBBLE_TOKEN_OBJECT_END) {
            Py_ssize_t n = PyDict_GET_SIZE(dict);
            keys_under[context] = (unsigned char)(n < UCHAR_MAX ? n : UCHAR_MAX);
            return dict;
        }
        if (tag != BUBBLE_TOKEN_KEY || r->at >= r->end) goto bad;
        unsigned char index = *r->at++;
        if (index >= report_key_count) goto bad;
        PyObject *value = read_value(r, depth + 1, index);
        if (!value) goto fail;
        int status = PyDict_SetItem(dict, report_keys[index], value);
        Py_DECREF(value);
        if (status < 0) goto fail;
    }
bad:
    malformed();
fail:
    Py_DECREF(dict);
    return NULL;
}

/* An array's values, after its arrayBegin, up to and with its arrayEnd. */
static PyObject *read_array(Reader *r, int depth, unsigned context) {
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (;;) {
        if (r->at >= r->end) goto bad;
        if (*r->at == BUBBLE_TOKEN_ARRAY_END) {
            r->at++;
            return list;
        }
        PyObject *value = read_value(r, depth + 1, context);
        if (!value) goto fail;
        int status = PyList_Append(list, value);
        Py_DECREF(value);
        if (status < 0) goto fail;
    }
bad:
    malformed();
fail:
    Py_DECREF(list);
    return NULL;
}

static PyObject *read_value(Reader *r, int depth, unsigned context) {
    if (depth > MAX_DEPTH || r->at >= r->end) return malformed();
    unsigned char tag = *r->at++;
    switch (tag) {
    case BUBBLE_TOKEN_OBJECT_BEGIN:
        return read_object(r, depth, context);
    case BUBBLE_TOKEN_ARRAY_BEGIN:
        return read_array(r, depth, context);
    case BUBBLE_TOKEN_STRING: {
        uint32_t length;
        if (!take_bytes(r, &length, sizeof length) || (size_t)(r->end - r->at) < length) return malformed();
        PyObject *s = make_string((const char *)r->at, length);
        r->at += length;
        return s;
    }
    case BUBBLE_TOKEN_INTEGER: {
        int64_t v;
        if (!take_bytes(r, &v, sizeof v)) return malformed();
        return make_int(v);
    }
    case BUBBLE_TOKEN_DOUBLE: {
        double v;
        if (!take_bytes(r, &v, sizeof v)) return malformed();
        return make_float(v);
    }
    case BUBBLE_TOKEN_TRUE:
        Py_RETURN_TRUE;
    case BUBBLE_TOKEN_FALSE:
        Py_RETURN_FALSE;
    case BUBBLE_TOKEN_NULL:
        Py_RETURN_NONE;
    default:
        return malformed();
    }
}

/* A layout answer: the layout's dict, or with the `widths` option {"layouts": [...]}, as `bubble layout`'s
 * JSON reads. */
static PyObject *read_layout(Reader *r) {
    PyObject *value = read_value(r, 0, NO_KEY);
    if (!value || PyDict_CheckExact(value)) return value;
    PyObject *wrapped = PyDict_New();
    if (wrapped && PyDict_SetItem(wrapped, str_layouts, value) < 0) Py_CLEAR(wrapped);
    Py_DECREF(value);
    return wrapped;
}

/* ---- Errors ----------------------------------------------------------------------------------- */

/* Raises BubbleError for a failed call: its status and `{"code","message"}` (released here). */
static PyObject *raise_failure(int32_t status, char *error) {
    PyObject *failure = PyObject_CallMethod(BubbleError, "from_json", "iy", (int)status, error ? error : "");
    bubble_free(error);
    if (failure) {
        PyErr_SetObject((PyObject *)Py_TYPE(failure), failure);
        Py_DECREF(failure);
    }
    return NULL;
}

/* A buffer libbubble returned, as str, released. */
static PyObject *take_str(char *buffer, size_t length) {
    PyObject *out = PyUnicode_DecodeUTF8(buffer ? buffer : "", buffer ? (Py_ssize_t)length : 0, "strict");
    bubble_free(buffer);
    return out;
}

/* A Python int as a C int (the `jobs` of a call); -1 with an exception set. */
static int int_of(PyObject *o, int *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < INT32_MIN || v > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "jobs out of range");
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* The UTF-8 of a str (kept by the str) or the bytes of a bytes object, for a call; 0 with an exception set. */
static int utf8_of(PyObject *o, const char **data, Py_ssize_t *length) {
    if (PyUnicode_Check(o)) {
        *data = PyUnicode_AsUTF8AndSize(o, length);
        return *data != NULL;
    }
    if (PyBytes_Check(o)) {
        *data = PyBytes_AS_STRING(o);
        *length = PyBytes_GET_SIZE(o);
        return 1;
    }
    PyErr_Format(PyExc_TypeError, "expected str or bytes, not %.100s", Py_TYPE(o)->tp_name);
    return 0;
}

/* ---- Engine ----------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    bubble_engine *engine;
} EngineObject;

static PyObject *Engine_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    EngineObject *self = (EngineObject *)type->tp_alloc(type, 0);
    if (self) self->engine = NULL;
    return (PyObject *)self;
}

static void Engine_dealloc(EngineObject *self) {
    if (self->engine) bubble_engine_free(self->engine);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* _open(options_json: bytes, catalog: str | None): makes the engine (fonts and catalog loaded, GIL let go). */
static PyObject *Engine_open(EngineObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "_open(options: bytes, catalog: str | None)");
        return NULL;
    }
    const char *catalog = NULL;
    if (args[1] != Py_None && !(catalog = PyUnicode_AsUTF8(args[1]))) return NULL;
    const char *options = PyBytes_AS_STRING(args[0]);
    bubble_engine *engine = NULL;
    char *error = NULL;
    int32_t status;
    Py_BEGIN_ALLOW_THREADS
    status = bubble_engine_new(options, catalog, &engine, &error);
    Py_END_ALLOW_THREADS
    if (status != 0) return raise_failure(status, error);
    if (self->engine) bubble_engine_free(self->engine);
    self->engine = engine;
    Py_RETURN_NONE;
}

static PyObject *Engine_close(EngineObject *self, PyObject *unused) {
    bubble_engine *engine = self->engine;
    self->engine = NULL;
    if (engine) bubble_engine_free(engine);
    Py_RETURN_NONE;
}

/* A libbubble call that answers one message with report tokens (`bubble_layout_tokens` and its kin). */
typedef int32_t (*tokens_call)(bubble_engine *, const char *, size_t, char **, size_t *, char **);

/* The layout dict `call` gives for `input` (str or bytes), made with the GIL let go during the call. */
static PyObject *layout_by(EngineObject *self, tokens_call call, PyObject *input) {
    const char *data;
    Py_ssize_t length;
    if (!utf8_of(input, &data, &length)) return NULL;
    char *result = NULL, *error = NULL;
    size_t result_length = 0;
    int32_t status;
    Py_BEGIN_ALLOW_THREADS
    status = call(self->engine, data, (size_t)length, &result, &result_length, &error);
    Py_END_ALLOW_THREADS
    if (status != 0) return raise_failure(status, error);
    Reader r = {(const unsigned char *)result, (const unsigned char *)result + result_length};
    PyObject *layout = read_layout(&r);
    bubble_free(result);
    return layout;
}

/* The layout dict of a plain text with the engine's options (`bubble_layout_text_tokens`). */
static PyObject *layout_text(EngineObject *self, PyObject *text) {
    return layout_by(self, bubble_layout_text_tokens, text);
}

/* layout(text) with a str alone goes straight to libbubble; any other call to _layout_request (Python). */
static PyObject *Engine_layout(EngineObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && !kwnames && PyUnicode_CheckExact(args[0])) return layout_text(self, args[0]);
    PyObject *stack[nargs + 1 + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0)];
    stack[0] = (PyObject *)self;
    memcpy(stack + 1, args, (sizeof *args) * (nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0)));
    return PyObject_VectorcallMethod(str_layout_request, stack, (size_t)(nargs + 1), kwnames);
}

/* _layout_tokens(request): the layout dict of one message object (a `bubble batch` line, bytes or str). */
static PyObject *Engine_layout_tokens(EngineObject *self, PyObject *request) {
    return layout_by(self, bubble_layout_tokens, request);
}

/* A Size(width, height, lines, truncated) tuple. */
static PyObject *make_size(double width, double height, int32_t lines, int32_t truncated) {
    PyObject *size = ((PyTypeObject *)SizeType)->tp_alloc((PyTypeObject *)SizeType, 4);
    if (!size) return NULL;
    PyObject *items[4] = {PyFloat_FromDouble(width), PyFloat_FromDouble(height), PyLong_FromLong(lines),
                          PyBool_FromLong(truncated != 0)};
    for (int i = 0; i < 4; i++) {
        if (!items[i]) {
            for (int k = 0; k < 4; k++) Py_XDECREF(items[k]);
            Py_DECREF(size);
            return NULL;
        }
        PyTuple_SET_ITEM(size, i, items[i]);
    }
    return size;
}

typedef int32_t (*size_call)(bubble_engine *, const char *, size_t, double *, double *, int32_t *, int32_t *, char **);

static PyObject *size_of(EngineObject *self, size_call call, PyObject *input) {
    const char *data;
    Py_ssize_t length;
    if (!utf8_of(input, &data, &length)) return NULL;
    double width = 0, height = 0;
    int32_t lines = 0, truncated = 0;
    char *error = NULL;
    int32_t status;
    Py_BEGIN_ALLOW_THREADS
    status = call(self->engine, data, (size_t)length, &width, &height, &lines, &truncated, &error);
    Py_END_ALLOW_THREADS
    if (status != 0) return raise_failure(status, error);
    return make_size(width, height, lines, truncated);
}

/* size(text) with a str alone goes straight to libbubble (`bubble_size_text`); any other call to
 * _size_request (Python). */
static PyObject *Engine_size(EngineObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && !kwnames && PyUnicode_CheckExact(args[0])) return size_of(self, bubble_size_text, args[0]);
    PyObject *stack[nargs + 1 + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0)];
    stack[0] = (PyObject *)self;
    memcpy(stack + 1, args, (sizeof *args) * (nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0)));
    return PyObject_VectorcallMethod(str_size_request, stack, (size_t)(nargs + 1), kwnames);
}

/* _size_tokens(request): the Size of one message object. */
static PyObject *Engine_size_request(EngineObject *self, PyObject *request) {
    return size_of(self, bubble_size, request);
}

typedef int32_t (*text_call)(bubble_engine *, const char *, size_t, char **, size_t *, char **);

/* The calls that answer text, by number (the order of _engine.py's _CALLS). */
static const text_call text_calls[] = {bubble_layout, bubble_svg, bubble_html, bubble_hit, bubble_layout_text};
#define TEXT_CALLS ((Py_ssize_t)(sizeof text_calls / sizeof *text_calls))

/* _text(call: int, input: str | bytes) -> str: what one of the text calls answers. */
static PyObject *Engine_text(EngineObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "_text(call, input)");
        return NULL;
    }
    Py_ssize_t which = PyLong_AsSsize_t(args[0]);
    if (which < 0 || which >= TEXT_CALLS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_text: no such call");
        return NULL;
    }
    const char *data;
    Py_ssize_t length;
    if (!utf8_of(args[1], &data, &length)) return NULL;
    char *result = NULL, *error = NULL;
    size_t result_length = 0;
    int32_t status;
    text_call call = text_calls[which];
    Py_BEGIN_ALLOW_THREADS
    status = call(self->engine, data, (size_t)length, &result, &result_length, &error);
    Py_END_ALLOW_THREADS
    if (status != 0) return raise_failure(status, error);
    return take_str(result, result_length);
}

/* _batch(lines: bytes, jobs: int, max_line_length: int) -> str: `bubble_batch`'s result lines. */
static PyObject *Engine_batch(EngineObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "_batch(lines: bytes, jobs: int, max_line_length: int)");
        return NULL;
    }
    int jobs;
    if (int_of(args[1], &jobs) < 0) return NULL;
    size_t max_line_length = PyLong_AsSize_t(args[2]);
    if (max_line_length == (size_t)-1 && PyErr_Occurred()) return NULL;
    char *result = NULL, *error = NULL;
    size_t result_length = 0;
    int32_t status;
    Py_BEGIN_ALLOW_THREADS
    status = bubble_batch(self->engine, PyBytes_AS_STRING(args[0]), (size_t)PyBytes_GET_SIZE(args[0]), jobs,
                          max_line_length, &result, &result_length, &error);
    Py_END_ALLOW_THREADS
    if (status != 0) return raise_failure(status, error);
    return take_str(result, result_length);
}

/* One layout_many call. The caller's thread and `jobs - 1` threads of this module's lay the messages out one
 * at a time, each taking the next one no thread has taken, with libbubble's one-message token calls (which
 * never touch Python). The caller's thread builds each message's objects, in order, as soon as it is laid
 * out (that part holds the GIL), and whenever the next one is not ready it lets go of the GIL and lays out
 * messages itself. So `jobs` threads in all, each with work while any is left: no core shared by a thread
 * that waits, no chunk to wait for; a message's tokens are read while they are still in the cache. With
 * jobs 1 the caller's thread does it all: lay out one, build it, and so on. The module's threads (kept
 * between calls: `pool` below) run at most AHEAD messages ahead of the objects built. */
#define AHEAD 1024

typedef struct {
    bubble_engine *engine;
    tokens_call call;
    const char **data;
    size_t *lengths;
    size_t count;
    /* Per message: libbubble's answer (tokens, or the error), set by whichever thread laid it out; then
     * `done` (written last, read first, with atomics). */
    char **tokens;
    size_t *token_lengths;
    char **errors;
    int32_t *statuses;
    unsigned char *done;
    size_t next;  /* the next message no thread has taken (atomic) */
    size_t built; /* messages whose objects the caller has made (atomic) */
    int stop;     /* the caller gave up (an exception): take no more (atomic) */
    /* Who sleeps: the caller, for message `built` (waiting), or module threads, AHEAD in front (blocked). */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int waiting, blocked;
} ManyRun;

/* Lays out message `i` and marks it done, waking the caller if it sleeps. */
static void lay_out_one(ManyRun *run, size_t i) {
    run->statuses[i] = run->call(run->engine, run->data[i], run->lengths[i], &run->tokens[i], &run->token_lengths[i],
                                 &run->errors[i]);
    __atomic_store_n(&run->done[i], 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&run->waiting, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&run->lock);
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
    }
}

/* A module thread: takes messages until none is left (or the caller stops), at most AHEAD in front of it. */
static void *lay_out_many(void *context) {
    ManyRun *run = context;
    while (!__atomic_load_n(&run->stop, __ATOMIC_SEQ_CST)) {
        if (__atomic_load_n(&run->next, __ATOMIC_SEQ_CST) >= __atomic_load_n(&run->built, __ATOMIC_SEQ_CST) + AHEAD) {
            pthread_mutex_lock(&run->lock);
            __atomic_add_fetch(&run->blocked, 1, __ATOMIC_SEQ_CST);
            while (!__atomic_load_n(&run->stop, __ATOMIC_SEQ_CST) &&
                   __atomic_load_n(&run->next, __ATOMIC_SEQ_CST) >= __atomic_load_n(&run->built, __ATOMIC_SEQ_CST) + AHEAD)
                pthread_cond_wait(&run->changed, &run->lock);
            __atomic_sub_fetch(&run->blocked, 1, __ATOMIC_SEQ_CST);
            pthread_mutex_unlock(&run->lock);
            continue;
        }
        size_t i = __atomic_fetch_add(&run->next, 1, __ATOMIC_SEQ_CST);
        if (i >= run->count) break;
        lay_out_one(run, i);
    }
    return NULL;
}

/* The caller, without the GIL: lays out messages while message `k` is not done, then waits for it. */
static void wait_for(ManyRun *run, size_t k) {
    while (!__atomic_load_n(&run->done[k], __ATOMIC_SEQ_CST)) {
        size_t i = __atomic_fetch_add(&run->next, 1, __ATOMIC_SEQ_CST);
        if (i < run->count) {
            lay_out_one(run, i);
            continue;
        }
        pthread_mutex_lock(&run->lock);
        __atomic_store_n(&run->waiting, 1, __ATOMIC_SEQ_CST);
        while (!__atomic_load_n(&run->done[k], __ATOMIC_SEQ_CST)) pthread_cond_wait(&run->changed, &run->lock);
        __atomic_store_n(&run->waiting, 0, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&run->lock);
    }
}

/* The caller is done with message `k`: module threads held back by AHEAD may go on. */
static void built_one(ManyRun *run, size_t k) {
    __atomic_store_n(&run->built, k + 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&run->blocked, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&run->lock);
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
    }
}

/* The module's threads, kept from one layout_many call to the next: starting a thread (and its 8 MiB
 * stack) and joining it cost some 50 us, as much as laying out ten messages, so a call with a few messages
 * gained nothing from a second job. One call at a time has them (`busy`); a call that finds them taken
 * starts threads of its own, as every call did before. They wait for a posted run, take a seat in it while
 * seats are left, lay out with lay_out_many and leave; the call waits for every one inside to leave before
 * its run goes. A forked child has none of the parent's threads: it forgets them (pool_after_fork). */
#define POOL_MAX 255

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;  /* a run was posted */
    pthread_cond_t left;  /* a thread left the posted run */
    int threads;          /* threads started (and not lost to a fork) */
    int busy;             /* a call has the threads */
    ManyRun *run;         /* the posted run, or NULL */
    int seats;            /* threads the posted run still takes */
    int inside;           /* threads in the posted run */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, NULL, 0, 0};

static void *pool_thread(void *unused) {
    (void)unused;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        while (!pool.run || pool.seats == 0) pthread_cond_wait(&pool.wake, &pool.lock);
        ManyRun *run = pool.run;
        pool.seats--;
        pool.inside++;
        pthread_mutex_unlock(&pool.lock);
        lay_out_many(run);
        pthread_mutex_lock(&pool.lock);
        pool.inside--;
        pthread_cond_broadcast(&pool.left);
    }
    return NULL;
}

static void pool_after_fork(void) {
    pthread_mutex_init(&pool.lock, NULL);
    pthread_cond_init(&pool.wake, NULL);
    pthread_cond_init(&pool.left, NULL);
    pool.threads = pool.busy = pool.seats = pool.inside = 0;
    pool.run = NULL;
}

/* Posts `run` to the kept threads, starting any of the `helpers` it wants that are not there yet; the number
 * seated, or -1 when another call has the threads. */
static int pool_post(ManyRun *run, int helpers) {
    pthread_mutex_lock(&pool.lock);
    if (pool.busy) {
        pthread_mutex_unlock(&pool.lock);
        return -1;
    }
    pool.busy = 1;
    if (helpers > POOL_MAX) helpers = POOL_MAX;
    if (pool.threads < helpers) {
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setstacksize(&attributes, 8 << 20); /* as libbubble's own threads: deep JSON and long paragraphs recurse */
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        while (pool.threads < helpers) {
            pthread_t thread;
            if (pthread_create(&thread, &attributes, pool_thread, NULL) != 0) break; /* fewer threads, same answers */
            pool.threads++;
        }
        pthread_attr_destroy(&attributes);
    }
    pool.run = run;
    pool.seats = helpers < pool.threads ? helpers : pool.threads;
    int seated = pool.seats;
    pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);
    return seated;
}

/* Takes `run` back from the kept threads (without the GIL): no thread sits down in it any more, and every
 * one inside has left. */
static void pool_take_back(void) {
    pthread_mutex_lock(&pool.lock);
    pool.run = NULL;
    pool.seats = 0;
    while (pool.inside > 0) pthread_cond_wait(&pool.left, &pool.lock);
    pool.busy = 0;
    pthread_mutex_unlock(&pool.lock);
}

/* The answer to message `index`: its layout, or for a failed message its BubbleError (with `index`). NULL with
 * an exception set when the objects cannot be made. */
static PyObject *answer_of(ManyRun *run, size_t index) {
    if (run->statuses[index] == 0) {
        Reader r = {(const unsigned char *)run->tokens[index], (const unsigned char *)run->tokens[index] + run->token_lengths[index]};
        return read_layout(&r);
    }
    const char *error = run->errors[index] ? run->errors[index] : "";
    PyObject *answer = PyObject_CallMethod(BubbleError, "from_json", "iy", (int)run->statuses[index], error);
    if (!answer) return NULL;
    PyObject *at = PyLong_FromSize_t(index);
    int set = at ? PyObject_SetAttr(answer, str_index, at) : -1;
    Py_XDECREF(at);
    if (set < 0) Py_CLEAR(answer);
    return answer;
}

/* _layout_many(items: tuple, requests: bool, jobs: int, raise_errors: bool) -> list: the layouts of texts alone
 * (requests false) or message objects (true), in order, laid out on `jobs` threads (see ManyRun). A failed
 * message stands in the list as its BubbleError, or with raise_errors the first one is raised. */
static PyObject *Engine_layout_many(EngineObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyTuple_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "_layout_many(items: tuple, requests: bool, jobs: int, raise_errors: bool)");
        return NULL;
    }
    PyObject *items = args[0]; /* a tuple: its items stay alive and in place while the GIL is let go */
    int requests = PyObject_IsTrue(args[1]), raise_errors = PyObject_IsTrue(args[3]), jobs;
    if (requests < 0 || raise_errors < 0 || int_of(args[2], &jobs) < 0) return NULL;
    {   /* the engine and `jobs` checked by libbubble, as its many-message calls check them (no message: no work) */
        char *none = NULL, *error = NULL;
        size_t none_length = 0;
        int32_t status = bubble_layout_many_tokens(self->engine, NULL, NULL, 0, requests, jobs, &none, &none_length, &error);
        bubble_free(none);
        if (status != 0) return raise_failure(status, error);
    }
    ManyRun run = {.engine = self->engine, .call = requests ? bubble_layout_tokens : bubble_layout_text_tokens};
    run.count = (size_t)PyTuple_GET_SIZE(items);
    size_t slots = run.count ? run.count : 1;
    PyObject *results = PyList_New((Py_ssize_t)run.count); /* filled in order; a failed call drops it */
    run.data = PyMem_Malloc(sizeof *run.data * slots);
    run.lengths = PyMem_Malloc(sizeof *run.lengths * slots);
    run.tokens = PyMem_Calloc(slots, sizeof *run.tokens);
    run.token_lengths = PyMem_Calloc(slots, sizeof *run.token_lengths);
    run.errors = PyMem_Calloc(slots, sizeof *run.errors);
    run.statuses = PyMem_Calloc(slots, sizeof *run.statuses);
    run.done = PyMem_Calloc(slots, sizeof *run.done);
    int failed = 0;
    size_t started = 0;
    pthread_t threads[256];
    if (!results || !run.data || !run.lengths || !run.tokens || !run.token_lengths || !run.errors || !run.statuses ||
        !run.done) {
        if (results) PyErr_NoMemory();
        failed = 1;
        goto done;
    }
    for (size_t i = 0; i < run.count; i++) {
        Py_ssize_t length;
        if (!utf8_of(PyTuple_GET_ITEM(items, (Py_ssize_t)i), &run.data[i], &length)) {
            failed = 1;
            goto done;
        }
        run.lengths[i] = (size_t)length;
    }
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.changed, NULL);
    size_t helpers = run.count > 1 && jobs > 1 ? (size_t)jobs - 1 : 0; /* one message: the caller's thread alone */
    if (helpers > run.count - 1) helpers = run.count - 1;
    int pooled = helpers > 0 && pool_post(&run, (int)helpers) >= 0;
    if (helpers > 0 && !pooled) { /* another call has the kept threads: threads of this call's own */
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setstacksize(&attributes, 8 << 20);
        while (started < helpers && pthread_create(&threads[started], &attributes, lay_out_many, &run) == 0) started++;
        pthread_attr_destroy(&attributes);
    }
    for (size_t k = 0; k < run.count; k++) {
        if (!__atomic_load_n(&run.done[k], __ATOMIC_SEQ_CST)) {
            Py_BEGIN_ALLOW_THREADS
            wait_for(&run, k);
            Py_END_ALLOW_THREADS
        }
        PyObject *answer = answer_of(&run, k);
        bubble_free(run.tokens[k]);
        bubble_free(run.errors[k]);
        run.tokens[k] = run.errors[k] = NULL;
        if (answer && raise_errors && run.statuses[k] != 0) {
            PyErr_SetObject((PyObject *)Py_TYPE(answer), answer);
            Py_CLEAR(answer);
        }
        if (!answer) {
            failed = 1;
            break;
        }
        PyList_SET_ITEM(results, (Py_ssize_t)k, answer);
        built_one(&run, k);
    }
    if (failed) __atomic_store_n(&run.stop, 1, __ATOMIC_SEQ_CST);
    if (started || pooled) {
        pthread_mutex_lock(&run.lock);
        pthread_cond_broadcast(&run.changed);
        pthread_mutex_unlock(&run.lock);
        Py_BEGIN_ALLOW_THREADS
        if (pooled) pool_take_back();
        for (size_t t = 0; t < started; t++) pthread_join(threads[t], NULL);
        Py_END_ALLOW_THREADS
    }
    pthread_cond_destroy(&run.changed);
    pthread_mutex_destroy(&run.lock);
done:
    for (size_t i = 0; run.tokens && run.errors && i < run.count; i++) { /* what a failed call left */
        bubble_free(run.tokens[i]);
        bubble_free(run.errors[i]);
    }
    PyMem_Free(run.data);
    PyMem_Free(run.lengths);
    PyMem_Free(run.tokens);
    PyMem_Free(run.token_lengths);
    PyMem_Free(run.errors);
    PyMem_Free(run.statuses);
    PyMem_Free(run.done);
    if (failed) Py_CLEAR(results);
    return results;
}

static PyObject *Engine_font_fingerprint(EngineObject *self, PyObject *unused) {
    char *fingerprint = bubble_font_fingerprint(self->engine);
    if (!fingerprint) {
        PyObject *failure = PyObject_CallFunction(BubbleError, "ss", "invalid_request", "the engine is closed");
        if (failure) {
            PyErr_SetObject((PyObject *)Py_TYPE(failure), failure);
            Py_DECREF(failure);
        }
        return NULL;
    }
    return take_str(fingerprint, strlen(fingerprint));
}

static PyMethodDef Engine_methods[] = {
    {"layout", (PyCFunction)(void (*)(void))Engine_layout, METH_FASTCALL | METH_KEYWORDS,
     "layout(text=None, *, spans=None, markup=None, entities=None, link_map=None, highlights=None, **options)\n"
     "--\n\n"
     "Lays out one message, given as `text` (with `entities`), `spans` or `markup`: the JSON of `bubble\n"
     "layout` as a dict (with the `widths` option, {\"layouts\": [...]}), built from libbubble's report\n"
     "tokens (no JSON written or read). A text alone goes to libbubble as it is."},
    {"size", (PyCFunction)(void (*)(void))Engine_size, METH_FASTCALL | METH_KEYWORDS,
     "size(text=None, *, spans=None, markup=None, entities=None, link_map=None, highlights=None, **options)\n"
     "--\n\n"
     "The bubble's width, height, line count and truncation, with no JSON written: for pre-sizing."},
    {"_open", (PyCFunction)(void (*)(void))Engine_open, METH_FASTCALL, NULL},
    {"close", (PyCFunction)Engine_close, METH_NOARGS,
     "Releases the engine now (no call may be running on it); later calls raise."},
    {"_layout_tokens", (PyCFunction)Engine_layout_tokens, METH_O, NULL},
    {"_size_tokens", (PyCFunction)Engine_size_request, METH_O, NULL},
    {"_text", (PyCFunction)(void (*)(void))Engine_text, METH_FASTCALL, NULL},
    {"_batch", (PyCFunction)(void (*)(void))Engine_batch, METH_FASTCALL, NULL},
    {"_layout_many", (PyCFunction)(void (*)(void))Engine_layout_many, METH_FASTCALL, NULL},
    {"_font_fingerprint", (PyCFunction)Engine_font_fingerprint, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bubble._native.Engine",
    .tp_basicsize = sizeof(EngineObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "One libbubble engine (bubble_engine): the base of bubble.Engine.",
    .tp_new = Engine_new,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
};

/* ---- The module ------------------------------------------------------------------------------- */

static PyObject *native_version(PyObject *module, PyObject *unused) {
    char *version = bubble_version();
    return take_str(version, strlen(version));
}

static PyMethodDef module_methods[] = {
    {"version_json", native_version, METH_NOARGS, "`bubble version --json` without the fonts, as JSON text."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "bubble._native", "libbubble for CPython (bubble.h).", -1, module_methods,
};

/* The key table (`bubble_report_keys`), each name interned once. */
static int load_report_keys(void) {
    char *table = NULL;
    size_t length = 0;
    if (bubble_report_keys(&table, &length) != 0) {
        PyErr_SetString(PyExc_ImportError, "bubble: libbubble gave no report keys");
        return -1;
    }
    Reader r = {(const unsigned char *)table, (const unsigned char *)table + length};
    report_key_count = 0;  /* no key can be read while the table is read */
    PyObject *names = read_value(&r, 0, NO_KEY);
    bubble_free(table);
    if (!names) return -1;
    if (!PyList_CheckExact(names) || PyList_GET_SIZE(names) > 256) {
        Py_DECREF(names);
        malformed();
        return -1;
    }
    Py_ssize_t count = PyList_GET_SIZE(names);
    report_keys = PyMem_Calloc((size_t)(count ? count : 1), sizeof *report_keys);
    if (!report_keys) {
        Py_DECREF(names);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyList_GET_ITEM(names, i);
        Py_INCREF(name);
        PyUnicode_InternInPlace(&name);
        report_keys[i] = name;
    }
    report_key_count = count;
    Py_DECREF(names);
    return 0;
}

/* The path of the libbubble this module loaded. */
static PyObject *library_path(void) {
    Dl_info info;
    if (!dladdr((void *)bubble_version, &info) || !info.dli_fname) Py_RETURN_NONE;
    return PyUnicode_DecodeFSDefault(info.dli_fname);
}

static PyObject *import_attribute(const char *module, const char *name) {
    PyObject *m = PyImport_ImportModule(module);
    if (!m) return NULL;
    PyObject *attribute = PyObject_GetAttrString(m, name);
    Py_DECREF(m);
    return attribute;
}

PyMODINIT_FUNC PyInit__native(void) {
    if (!BubbleError && !(BubbleError = import_attribute("bubble._errors", "BubbleError"))) return NULL;
    if (!SizeType && !(SizeType = import_attribute("bubble._size", "Size"))) return NULL;
    if (!PyType_Check(SizeType) || !PyType_IsSubtype((PyTypeObject *)SizeType, &PyTuple_Type)) {
        PyErr_SetString(PyExc_ImportError, "bubble._size.Size is not a tuple type");
        return NULL;
    }
    if (!report_keys && load_report_keys() < 0) return NULL;
    if (!(str_layouts = PyUnicode_InternFromString("layouts")) || !(str_index = PyUnicode_InternFromString("index")) ||
        !(str_layout_request = PyUnicode_InternFromString("_layout_request")) ||
        !(str_size_request = PyUnicode_InternFromString("_size_request")))
        return NULL;
    static int fork_handled;
    if (!fork_handled && pthread_atfork(NULL, NULL, pool_after_fork) == 0) fork_handled = 1;
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (!module) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(module, "Engine", (PyObject *)&EngineType) < 0 ||
        PyModule_AddObject(module, "LIBRARY_PATH", library_path()) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
