#ifndef BUBBLE_CZLIB_SHIM_H
#define BUBBLE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro (it passes the header's version and the stream's size); Swift cannot call it. */
static inline int bubble_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
