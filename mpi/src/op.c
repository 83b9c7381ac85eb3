/* Reduction operations: the predefined ones on every type they apply to (MPI-1.2 section 4.9.2), and
 * MPI_Op_create / MPI_Op_free.
 *
 *   MPI_MAX, MPI_MIN                 integer and floating types
 *   MPI_SUM, MPI_PROD                integer, floating and complex types
 *   MPI_LAND, MPI_LOR, MPI_LXOR      integer types
 *   MPI_BAND, MPI_BOR, MPI_BXOR      integer types and MPI_BYTE
 *   MPI_MAXLOC, MPI_MINLOC           the pair types; equal values keep the lower index
 *
 * (integer: MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_SHORT, MPI_UNSIGNED_SHORT, MPI_INT,
 * MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_UNSIGNED_LONG_LONG; floating: MPI_FLOAT,
 * MPI_DOUBLE, MPI_LONG_DOUBLE; complex: MPI_C_FLOAT_COMPLEX (MPI_C_COMPLEX), MPI_C_DOUBLE_COMPLEX,
 * MPI_C_LONG_DOUBLE_COMPLEX, whose product is (ac - bd) + (ad + bc)i, as MPICH's. Fortran's named types take
 * the operations MPI gives their class: INTEGER, INTEGER1/2/4/8 those of the C integers but the logical ones;
 * REAL, DOUBLE PRECISION, REAL4/8 the floating ones; COMPLEX, DOUBLE COMPLEX, COMPLEX8/16 the complex ones;
 * LOGICAL only the logical ones; MPI_2INTEGER, MPI_2REAL, MPI_2DOUBLE_PRECISION MAXLOC and MINLOC; CHARACTER
 * none.) Every combination is one function with one tight loop, found in a table
 * indexed by operation and type. The collectives call __mpi_op_combine(op, type, lower, higher, out, n):
 * out = lower op higher, element by element, where lower holds the contribution of the lower ranks; a
 * non-commutative user operation is therefore applied in rank order, as MPI requires. */
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "mpi_internal.h"

#define FIRST_USER_OP 32

typedef __mpi_combine_fn combine_fn;

struct user_op {
    MPI_User_function *fn;
    int commute;
    int holds;      /* nonblocking reductions started with it and not yet combined */
    int freed;      /* MPI_Op_free came while it was held: the slot is given back at the last release */
};
static struct user_op *user_ops;
static int nuser_ops;

/* Buffers of a reduction may lie at any address (MPI buffers are void *), but this core faults on a
 * misaligned access: an operation given misaligned operands works element by element on aligned copies. */
static void unaligned(combine_fn fn, int size, const void *lower, const void *higher, void *out, int n)
{
    double ta[2], tb[2], to[2];     /* 16 bytes, 8-byte aligned: the largest pair type */
    int i;
    for (i = 0; i < n; i++) {
        memcpy(ta, (const char *)lower + i * size, size);
        memcpy(tb, (const char *)higher + i * size, size);
        fn(ta, tb, to, 1);
        memcpy((char *)out + i * size, to, size);
    }
}
#define MISALIGNED(T, p, q, r)                                                  \
    ((((unsigned)(p) | (unsigned)(q) | (unsigned)(r)) & (sizeof(T) >= 8 ? 7 : sizeof(T) - 1)) != 0)
#define CHECK_ALIGNED(NAME, T)                                                  \
    if (MISALIGNED(T, lower, higher, out)) {                                    \
        unaligned(NAME, sizeof(T), lower, higher, out, n);                      \
        return;                                                                 \
    }

#define FN(NAME, T, EXPR)                                                       \
    static void NAME(const void *lower, const void *higher, void *out, int n)   \
    {                                                                           \
        CHECK_ALIGNED(NAME, T)                                                  \
        const T *a = (const T *)lower;                                          \
        const T *b = (const T *)higher;                                         \
        T *o = (T *)out;                                                        \
        int i;                                                                  \
        for (i = 0; i < n; i++)                                                 \
            o[i] = (EXPR);                                                      \
    }

#define ARITH(S, T)                                                             \
    FN(max_##S, T, a[i] > b[i] ? a[i] : b[i])                                   \
    FN(min_##S, T, a[i] < b[i] ? a[i] : b[i])                                   \
    FN(sum_##S, T, a[i] + b[i])                                                 \
    FN(prod_##S, T, a[i] * b[i])
#define LOGIC(S, T)                                                             \
    FN(land_##S, T, (a[i] != 0) && (b[i] != 0))                                 \
    FN(lor_##S, T, (a[i] != 0) || (b[i] != 0))                                  \
    FN(lxor_##S, T, (a[i] != 0) != (b[i] != 0))
#define BITS(S, T)                                                              \
    FN(band_##S, T, a[i] & b[i])                                                \
    FN(bor_##S, T, a[i] | b[i])                                                 \
    FN(bxor_##S, T, a[i] ^ b[i])
#define INTEGER(S, T) ARITH(S, T) LOGIC(S, T) BITS(S, T)

INTEGER(schar, signed char)
INTEGER(uchar, unsigned char)
INTEGER(short, short)
INTEGER(ushort, unsigned short)
INTEGER(int, int)
INTEGER(uint, unsigned int)
INTEGER(long, long)
INTEGER(ulong, unsigned long)
INTEGER(llong, long long)
INTEGER(ullong, unsigned long long)
ARITH(float, float)
ARITH(double, double)
/* The complex types as their two parts (written out, as MPICH has them, so that libmpi needs no helper of the
 * compiler runtime): the sum, and the product (ac - bd) + (ad + bc)i. */
struct cplx_float { float re, im; };
struct cplx_double { double re, im; };
#define COMPLEX(S, T)                                                           \
    static void sum_##S(const void *lower, const void *higher, void *out, int n) \
    {                                                                           \
        CHECK_ALIGNED(sum_##S, T)                                               \
        const T *a = (const T *)lower;                                          \
        const T *b = (const T *)higher;                                         \
        T *o = (T *)out;                                                        \
        int i;                                                                  \
        for (i = 0; i < n; i++) {                                               \
            o[i].re = a[i].re + b[i].re;                                        \
            o[i].im = a[i].im + b[i].im;                                        \
        }                                                                       \
    }                                                                           \
    static void prod_##S(const void *lower, const void *higher, void *out, int n) \
    {                                                                           \
        CHECK_ALIGNED(prod_##S, T)                                              \
        const T *a = (const T *)lower;                                          \
        const T *b = (const T *)higher;                                         \
        T *o = (T *)out;                                                        \
        int i;                                                                  \
        for (i = 0; i < n; i++) {                                               \
            T x = a[i], y = b[i];                                               \
            o[i].re = x.re * y.re - x.im * y.im;                                \
            o[i].im = x.re * y.im + x.im * y.re;                                \
        }                                                                       \
    }
COMPLEX(cfloat, struct cplx_float)
COMPLEX(cdouble, struct cplx_double)

/* MAXLOC / MINLOC on (value, index) pairs: the better value wins, the lower index on equal values. */
#define LOC(S, T)                                                               \
    static void maxloc_##S(const void *lower, const void *higher, void *out, int n) \
    {                                                                           \
        CHECK_ALIGNED(maxloc_##S, T)                                              \
        const T *a = (const T *)lower;                                          \
        const T *b = (const T *)higher;                                         \
        T *o = (T *)out;                                                        \
        int i;                                                                  \
        for (i = 0; i < n; i++) {                                               \
            T x = a[i], y = b[i];                                               \
            o[i] = x.v > y.v || (x.v == y.v && x.k <= y.k) ? x : y;             \
        }                                                                       \
    }                                                                           \
    static void minloc_##S(const void *lower, const void *higher, void *out, int n) \
    {                                                                           \
        CHECK_ALIGNED(minloc_##S, T)                                              \
        const T *a = (const T *)lower;                                          \
        const T *b = (const T *)higher;                                         \
        T *o = (T *)out;                                                        \
        int i;                                                                  \
        for (i = 0; i < n; i++) {                                               \
            T x = a[i], y = b[i];                                               \
            o[i] = x.v < y.v || (x.v == y.v && x.k <= y.k) ? x : y;             \
        }                                                                       \
    }

struct loc_float { float v; int k; };
struct loc_double { double v; int k; };
struct loc_long { long v; int k; };
struct loc_int { int v; int k; };
struct loc_short { short v; int k; };
LOC(float, struct loc_float)
LOC(double, struct loc_double)
LOC(long, struct loc_long)
LOC(int, struct loc_int)
LOC(short, struct loc_short)
struct loc_2real { float v; float k; };
struct loc_2double { double v; double k; };
LOC(2real, struct loc_2real)            /* MPI_2REAL: the index is a REAL too */
LOC(2double, struct loc_2double)        /* MPI_2DOUBLE_PRECISION */

#define ROW_INTEGER(S)                                                          \
    { [MPI_MAX] = max_##S, [MPI_MIN] = min_##S, [MPI_SUM] = sum_##S, [MPI_PROD] = prod_##S, \
      [MPI_LAND] = land_##S, [MPI_LOR] = lor_##S, [MPI_LXOR] = lxor_##S,        \
      [MPI_BAND] = band_##S, [MPI_BOR] = bor_##S, [MPI_BXOR] = bxor_##S }
#define ROW_FLOAT(S)                                                            \
    { [MPI_MAX] = max_##S, [MPI_MIN] = min_##S, [MPI_SUM] = sum_##S, [MPI_PROD] = prod_##S }
#define ROW_COMPLEX(S) { [MPI_SUM] = sum_##S, [MPI_PROD] = prod_##S }
#define ROW_PAIR(S) { [MPI_MAXLOC] = maxloc_##S, [MPI_MINLOC] = minloc_##S }
/* Fortran's integers: arithmetic and bitwise, not logical (MPI-3.1 section 5.9.2); LOGICAL: logical only */
#define ROW_FINTEGER(S)                                                         \
    { [MPI_MAX] = max_##S, [MPI_MIN] = min_##S, [MPI_SUM] = sum_##S, [MPI_PROD] = prod_##S, \
      [MPI_BAND] = band_##S, [MPI_BOR] = bor_##S, [MPI_BXOR] = bxor_##S }
#define ROW_LOGICAL(S) { [MPI_LAND] = land_##S, [MPI_LOR] = lor_##S, [MPI_LXOR] = lxor_##S }

/* [type][op]; empty entries: the operation does not apply to the type */
#define LAST_TYPE MPI_CXX_LONG_DOUBLE_COMPLEX
static const combine_fn table[LAST_TYPE + 1][MPI_MINLOC + 1] = {
    [MPI_CHAR] = ROW_INTEGER(schar),
    [MPI_SIGNED_CHAR] = ROW_INTEGER(schar),
    [MPI_UNSIGNED_CHAR] = ROW_INTEGER(uchar),
    [MPI_BYTE] = { [MPI_BAND] = band_uchar, [MPI_BOR] = bor_uchar, [MPI_BXOR] = bxor_uchar },
    [MPI_SHORT] = ROW_INTEGER(short),
    [MPI_UNSIGNED_SHORT] = ROW_INTEGER(ushort),
    [MPI_INT] = ROW_INTEGER(int),
    [MPI_UNSIGNED] = ROW_INTEGER(uint),
    [MPI_LONG] = ROW_INTEGER(long),
    [MPI_UNSIGNED_LONG] = ROW_INTEGER(ulong),
    [MPI_LONG_LONG_INT] = ROW_INTEGER(llong),
    [MPI_UNSIGNED_LONG_LONG] = ROW_INTEGER(ullong),
    [MPI_FLOAT] = ROW_FLOAT(float),
    [MPI_DOUBLE] = ROW_FLOAT(double),
    [MPI_LONG_DOUBLE] = ROW_FLOAT(double),
    [MPI_FLOAT_INT] = ROW_PAIR(float),
    [MPI_DOUBLE_INT] = ROW_PAIR(double),
    [MPI_LONG_INT] = ROW_PAIR(long),
    [MPI_2INT] = ROW_PAIR(int),
    [MPI_SHORT_INT] = ROW_PAIR(short),
    [MPI_LONG_DOUBLE_INT] = ROW_PAIR(double),
    [MPI_C_FLOAT_COMPLEX] = ROW_COMPLEX(cfloat),
    [MPI_C_DOUBLE_COMPLEX] = ROW_COMPLEX(cdouble),
    [MPI_C_LONG_DOUBLE_COMPLEX] = ROW_COMPLEX(cdouble),
    /* Fortran's (MPI_CHARACTER takes none) */
    [MPI_INTEGER] = ROW_FINTEGER(int),
    [MPI_REAL] = ROW_FLOAT(float),
    [MPI_LOGICAL] = ROW_LOGICAL(int),
    [MPI_DOUBLE_PRECISION] = ROW_FLOAT(double),
    [MPI_COMPLEX] = ROW_COMPLEX(cfloat),
    [MPI_DOUBLE_COMPLEX] = ROW_COMPLEX(cdouble),
    [MPI_2INTEGER] = ROW_PAIR(int),
    [MPI_2REAL] = ROW_PAIR(2real),
    [MPI_2DOUBLE_PRECISION] = ROW_PAIR(2double),
    [MPI_INTEGER1] = ROW_FINTEGER(schar),
    [MPI_INTEGER2] = ROW_FINTEGER(short),
    [MPI_INTEGER4] = ROW_FINTEGER(int),
    [MPI_INTEGER8] = ROW_FINTEGER(llong),
    [MPI_REAL4] = ROW_FLOAT(float),
    [MPI_REAL8] = ROW_FLOAT(double),
    [MPI_COMPLEX8] = ROW_COMPLEX(cfloat),
    [MPI_COMPLEX16] = ROW_COMPLEX(cdouble),
    /* the C types of other names: as the C type of their representation; the booleans logical only */
    [MPI_WCHAR] = ROW_INTEGER(long),
    [MPI_AINT] = ROW_INTEGER(long),
    [MPI_OFFSET] = ROW_INTEGER(llong),
    [MPI_COUNT] = ROW_INTEGER(llong),
    [MPI_INT8_T] = ROW_INTEGER(schar),
    [MPI_INT16_T] = ROW_INTEGER(short),
    [MPI_INT32_T] = ROW_INTEGER(int),
    [MPI_INT64_T] = ROW_INTEGER(llong),
    [MPI_UINT8_T] = ROW_INTEGER(uchar),
    [MPI_UINT16_T] = ROW_INTEGER(ushort),
    [MPI_UINT32_T] = ROW_INTEGER(uint),
    [MPI_UINT64_T] = ROW_INTEGER(ullong),
    [MPI_C_BOOL] = ROW_LOGICAL(uchar),
    [MPI_CXX_BOOL] = ROW_LOGICAL(uchar),
    [MPI_CXX_FLOAT_COMPLEX] = ROW_COMPLEX(cfloat),
    [MPI_CXX_DOUBLE_COMPLEX] = ROW_COMPLEX(cdouble),
    [MPI_CXX_LONG_DOUBLE_COMPLEX] = ROW_COMPLEX(cdouble),
};

static struct user_op *user(MPI_Op op)
{
    if (op < FIRST_USER_OP || op - FIRST_USER_OP >= nuser_ops || !user_ops[op - FIRST_USER_OP].fn)
        return 0;
    return &user_ops[op - FIRST_USER_OP];
}

int __mpi_op_valid(MPI_Op op)
{
    return (op >= MPI_MAX && op <= MPI_MINLOC) || user(op) != 0;
}

int __mpi_op_commutative(MPI_Op op)
{
    struct user_op *u = user(op);
    return u ? u->commute : 1;
}

/* The predefined type a derived one reduces as: the base of an MPI_Type_create_f90_* type (TF_F90), else 0. */
static MPI_Datatype f90_base(MPI_Datatype type)
{
    struct __mpi_type *t = type > LAST_TYPE ? __mpi_type_get(type) : 0;
    return t && (t->flags & TF_F90) ? (t->flags >> TF_ETYPE_SHIFT) & 0xff : 0;
}

int __mpi_op_combine(MPI_Op op, MPI_Datatype type, const void *lower, const void *higher, void *out, int n)
{
    struct user_op *u;
    if (op >= MPI_MAX && op <= MPI_MINLOC) {
        combine_fn f;
        if (type > LAST_TYPE)
            type = f90_base(type);
        f = type > 0 && type <= LAST_TYPE ? table[type][op] : 0;
        if (!f)
            return MPI_ERR_OP;
        f(lower, higher, out, n);
        return MPI_SUCCESS;
    }
    u = user(op);
    if (!u)
        return MPI_ERR_OP;
    /* the user function computes inoutvec = invec op inoutvec */
    if (out == higher) {
        u->fn((void *)lower, out, &n, &type);
    } else if (u->commute && out == lower) {
        u->fn((void *)higher, out, &n, &type);
    } else if (out != lower) {
        memcpy(out, higher, n * __coll_extent(type));
        u->fn((void *)lower, out, &n, &type);
    } else {
        int bytes = n * __coll_extent(type);
        void *tmp = malloc(bytes > 0 ? bytes : 1);
        if (!tmp)
            return MPI_ERR_NO_MEM;
        memcpy(tmp, higher, bytes);
        u->fn((void *)lower, tmp, &n, &type);
        memcpy(out, tmp, bytes);
        free(tmp);
    }
    return MPI_SUCCESS;
}

/* The loop of a predefined operation on a type, or 0 (a user operation: use __mpi_op_combine). */
__mpi_combine_fn __mpi_op_fn(MPI_Op op, MPI_Datatype type)
{
    if (op >= MPI_MAX && op <= MPI_MINLOC && type > LAST_TYPE)
        type = f90_base(type);
    if (op >= MPI_MAX && op <= MPI_MINLOC && type > 0 && type <= LAST_TYPE)
        return table[type][op];
    return 0;
}

/* Whether op applies to type (a predefined operation on a type it is not defined for does not). */
int __mpi_op_check(MPI_Op op, MPI_Datatype type)
{
    if (op >= MPI_MAX && op <= MPI_MINLOC) {
        if (type > LAST_TYPE)
            type = f90_base(type);
        return type > 0 && type <= LAST_TYPE && table[type][op] != 0;
    }
    return user(op) != 0;
}

/* The first slice's interface: inout = in op inout. */
int __mpi_apply_op(MPI_Op op, MPI_Datatype type, const void *in, void *inout, int count)
{
    return __mpi_op_combine(op, type, in, inout, inout, count);
}

int MPI_Op_create(MPI_User_function *function, int commute, MPI_Op *op)
{
    int i;
    if (!function)
        return MPI_ERR_ARG;
    for (i = 0; i < nuser_ops && user_ops[i].fn; i++)
        ;
    if (i == nuser_ops) {
        int cap = nuser_ops ? 2 * nuser_ops : 8, j;
        struct user_op *more = (struct user_op *)realloc(user_ops, cap * sizeof *user_ops);
        if (!more)
            return __mpi_error(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Op_create");
        user_ops = more;
        for (j = nuser_ops; j < cap; j++) {
            user_ops[j].fn = 0;
            user_ops[j].holds = user_ops[j].freed = 0;
        }
        nuser_ops = cap;
    }
    user_ops[i].fn = function;
    user_ops[i].commute = commute != 0;
    *op = FIRST_USER_OP + i;
    return MPI_SUCCESS;
}

int MPI_Op_free(MPI_Op *op)
{
    struct user_op *u = user(*op);
    if (!u || u->freed)
        return MPI_ERR_OP;
    /* a nonblocking reduction still to combine with it keeps it until then (MPI-3.1 section 5.12) */
    if (u->holds > 0)
        u->freed = 1;
    else
        u->fn = 0;
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}

/* A nonblocking reduction holds its operation from its start to its combination, so that MPI_Op_free in
 * between does not take it away (nbc.c, nbcv.c). Nothing for the predefined operations. */
void __mpi_op_hold(MPI_Op op)
{
    struct user_op *u = user(op);
    if (u)
        u->holds++;
}

void __mpi_op_release(MPI_Op op)
{
    struct user_op *u = user(op);
    if (u && u->holds > 0 && --u->holds == 0 && u->freed) {
        u->freed = 0;
        u->fn = 0;
    }
}

/* MPI-2.2: inoutbuf = inbuf op inoutbuf, on this process alone. */
int MPI_Reduce_local(void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op)
{
    int err;
    if (count < 0)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Reduce_local");
    if (count > 0 && (!inbuf || !inoutbuf))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_BUFFER, "MPI_Reduce_local");
    if (!__mpi_op_check(op, datatype))
        return __mpi_error(MPI_COMM_WORLD, __mpi_op_valid(op) ? MPI_ERR_TYPE : MPI_ERR_OP, "MPI_Reduce_local");
    err = count > 0 ? __mpi_apply_op(op, datatype, inbuf, inoutbuf, count) : MPI_SUCCESS;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(MPI_COMM_WORLD, err, "MPI_Reduce_local");
}
