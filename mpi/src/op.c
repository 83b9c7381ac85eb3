/* The predefined reduction operations on the predefined datatypes: inout[i] = in[i] op inout[i]. */
#include <mpi.h>
#include "mpi_internal.h"

#define ARITH(T)                                                                 \
    do {                                                                         \
        const T *a = (const T *)in;                                              \
        T *b = (T *)inout;                                                       \
        for (i = 0; i < count; i++) {                                            \
            switch (op) {                                                        \
            case MPI_MAX: if (a[i] > b[i]) b[i] = a[i]; break;                   \
            case MPI_MIN: if (a[i] < b[i]) b[i] = a[i]; break;                   \
            case MPI_SUM: b[i] = a[i] + b[i]; break;                             \
            case MPI_PROD: b[i] = a[i] * b[i]; break;                            \
            case MPI_LAND: b[i] = (a[i] != 0) && (b[i] != 0); break;             \
            case MPI_LOR: b[i] = (a[i] != 0) || (b[i] != 0); break;              \
            case MPI_LXOR: b[i] = (a[i] != 0) != (b[i] != 0); break;             \
            default: return MPI_ERR_OP;                                          \
            }                                                                    \
        }                                                                        \
    } while (0)

#define BITS(T)                                                                  \
    do {                                                                         \
        const T *a = (const T *)in;                                              \
        T *b = (T *)inout;                                                       \
        for (i = 0; i < count; i++) {                                            \
            switch (op) {                                                        \
            case MPI_BAND: b[i] = a[i] & b[i]; break;                            \
            case MPI_BOR: b[i] = a[i] | b[i]; break;                             \
            case MPI_BXOR: b[i] = a[i] ^ b[i]; break;                            \
            default: return MPI_ERR_OP;                                          \
            }                                                                    \
        }                                                                        \
    } while (0)

/* MAXLOC / MINLOC on (value, index) pairs: the better value wins, the lower index on ties. */
#define LOC(T)                                                                   \
    do {                                                                         \
        const T *a = (const T *)in;                                              \
        T *b = (T *)inout;                                                       \
        for (i = 0; i < count; i++) {                                            \
            int better = op == MPI_MAXLOC ? a[i].v > b[i].v : a[i].v < b[i].v;   \
            if (better || (a[i].v == b[i].v && a[i].k < b[i].k))                 \
                b[i] = a[i];                                                     \
        }                                                                        \
    } while (0)

struct loc_float { float v; int k; };
struct loc_double { double v; int k; };
struct loc_long { long v; int k; };
struct loc_int { int v; int k; };
struct loc_short { short v; int k; };

static int is_bitop(MPI_Op op)
{
    return op == MPI_BAND || op == MPI_BOR || op == MPI_BXOR;
}

int __mpi_apply_op(MPI_Op op, MPI_Datatype type, const void *in, void *inout, int count)
{
    int i;
    if (op == MPI_MAXLOC || op == MPI_MINLOC) {
        switch (type) {
        case MPI_FLOAT_INT: LOC(struct loc_float); break;
        case MPI_DOUBLE_INT: case MPI_LONG_DOUBLE_INT: LOC(struct loc_double); break;
        case MPI_LONG_INT: LOC(struct loc_long); break;
        case MPI_2INT: LOC(struct loc_int); break;
        case MPI_SHORT_INT: LOC(struct loc_short); break;
        default: return MPI_ERR_OP;
        }
        return MPI_SUCCESS;
    }
    if (is_bitop(op)) {
        switch (type) {
        case MPI_CHAR: case MPI_SIGNED_CHAR: case MPI_UNSIGNED_CHAR: case MPI_BYTE:
            BITS(unsigned char); break;
        case MPI_SHORT: case MPI_UNSIGNED_SHORT: BITS(unsigned short); break;
        case MPI_INT: case MPI_UNSIGNED: case MPI_LONG: case MPI_UNSIGNED_LONG: BITS(unsigned); break;
        case MPI_LONG_LONG_INT: case MPI_UNSIGNED_LONG_LONG: BITS(unsigned long long); break;
        default: return MPI_ERR_OP;
        }
        return MPI_SUCCESS;
    }
    switch (type) {
    case MPI_CHAR: case MPI_SIGNED_CHAR: ARITH(signed char); break;
    case MPI_UNSIGNED_CHAR: ARITH(unsigned char); break;
    case MPI_SHORT: ARITH(short); break;
    case MPI_UNSIGNED_SHORT: ARITH(unsigned short); break;
    case MPI_INT: ARITH(int); break;
    case MPI_UNSIGNED: ARITH(unsigned); break;
    case MPI_LONG: ARITH(long); break;
    case MPI_UNSIGNED_LONG: ARITH(unsigned long); break;
    case MPI_LONG_LONG_INT: ARITH(long long); break;
    case MPI_UNSIGNED_LONG_LONG: ARITH(unsigned long long); break;
    case MPI_FLOAT: ARITH(float); break;
    case MPI_DOUBLE: case MPI_LONG_DOUBLE: ARITH(double); break;
    default: return MPI_ERR_TYPE;
    }
    return MPI_SUCCESS;
}
