/* varint.h - unsigned numbers in groups of 7 bits, the lowest first, the high bit set on every group but the
 * last (LEB128): datatype.c's compact runs and type_extra.c's compressed constructor arguments. Included where
 * the functions are used; each file gets its own static copies. */
#ifndef MPI_VARINT_H
#define MPI_VARINT_H

static unsigned char *put_varint(unsigned char *o, unsigned v)
{
    while (v >= 0x80) {
        *o++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *o++ = (unsigned char)v;
    return o;
}

static unsigned get_varint(const unsigned char **p)
{
    const unsigned char *q = *p;
    unsigned v = 0;
    int shift = 0;
    while (*q & 0x80) {
        v |= (unsigned)(*q++ & 0x7f) << shift;
        shift += 7;
    }
    v |= (unsigned)*q++ << shift;
    *p = q;
    return v;
}

#endif
