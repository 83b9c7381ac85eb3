/* Internal: the bits of a double (little-endian: the low word comes first in memory). */
#ifndef _SCMP_INTERNAL_FPBITS_H
#define _SCMP_INTERNAL_FPBITS_H

union __dbits {
    double d;
    struct {
        unsigned int lo;
        unsigned int hi;
    } w;
};

/* The bits of a float. */
union __fbits {
    float f;
    unsigned int w;
};

/* The two words of a long long. */
union __llbits {
    long long ll;
    unsigned long long ull;
    struct {
        unsigned int lo;
        unsigned int hi;
    } w;
};

#endif
