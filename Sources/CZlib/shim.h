#ifndef BOOK2PAGES_CZLIB_SHIM_H
#define BOOK2PAGES_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 and inflateInit2 are macros (they pass zlib's version and the stream's size),
// which Swift does not import. 15 + 16: the largest window, with the gzip wrapper (RFC 1952:
// header, CRC-32 and length) around the deflate data instead of zlib's own.
static inline int b2p_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
static inline int b2p_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
