/* ftypes.c - Fortran's named datatypes in C (MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION, MPI_COMPLEX,
 * MPI_DOUBLE_COMPLEX, MPI_LOGICAL, MPI_CHARACTER, the pair types, MPI_INTEGER1 ... MPI_COMPLEX16) and the C types
 * of other names (MPI_AINT, MPI_INT32_T, MPI_CXX_BOOL, ...): their names, sizes, extents and envelopes;
 * MPI_Allreduce on them (MPI_SUM, MPI_PROD, MPI_MAX, MPI_BXOR, the logical operations on MPI_LOGICAL and
 * MPI_C_BOOL, MAXLOC and MINLOC on the Fortran pairs); a ring of sends of a vector of MPI_DOUBLE_COMPLEX and of
 * MPI_CHARACTER; external32 of each but the complex types (MPICH 4.0.2 swaps a complex as one element, the
 * imaginary part first; MPI_AINT is 8 bytes there); MPI_Accumulate of MPI_INTEGER8 and MPI_DOUBLE_COMPLEX,
 * MPI_Fetch_and_op of MPI_AINT and MPI_Compare_and_swap of MPI_INTEGER; MPI_Type_match_size for every class and size;
 * MPI_Type_create_f90_integer/real/complex (their sizes, envelopes and contents, the same handle again for the
 * same arguments, MPI_Reduce_local with each, a send of one, an error past the widest type). Rank 0 prints; the output is
 * the same under MPICH. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <mpi.h>
#include "check.h"

struct named { MPI_Datatype t; const char *name; int size; };

/* Name, size, extent and envelope of each (the sizes are the same under MPICH on a 64-bit host; MPI_AINT's,
 * MPI_WCHAR's and the long double's are not printed: they differ). */
static void names(void)
{
    static const struct named ts[] = {
        { MPI_CHARACTER, "MPI_CHARACTER", 1 }, { MPI_INTEGER, "MPI_INTEGER", 4 }, { MPI_REAL, "MPI_REAL", 4 },
        { MPI_LOGICAL, "MPI_LOGICAL", 4 }, { MPI_DOUBLE_PRECISION, "MPI_DOUBLE_PRECISION", 8 },
        { MPI_COMPLEX, "MPI_COMPLEX", 8 }, { MPI_DOUBLE_COMPLEX, "MPI_DOUBLE_COMPLEX", 16 },
        { MPI_2INTEGER, "MPI_2INTEGER", 8 }, { MPI_2REAL, "MPI_2REAL", 8 },
        { MPI_2DOUBLE_PRECISION, "MPI_2DOUBLE_PRECISION", 16 }, { MPI_INTEGER1, "MPI_INTEGER1", 1 },
        { MPI_INTEGER2, "MPI_INTEGER2", 2 }, { MPI_INTEGER4, "MPI_INTEGER4", 4 }, { MPI_INTEGER8, "MPI_INTEGER8", 8 },
        { MPI_REAL4, "MPI_REAL4", 4 }, { MPI_REAL8, "MPI_REAL8", 8 }, { MPI_COMPLEX8, "MPI_COMPLEX8", 8 },
        { MPI_COMPLEX16, "MPI_COMPLEX16", 16 }, { MPI_INT8_T, "MPI_INT8_T", 1 }, { MPI_INT16_T, "MPI_INT16_T", 2 },
        { MPI_INT32_T, "MPI_INT32_T", 4 }, { MPI_INT64_T, "MPI_INT64_T", 8 }, { MPI_UINT8_T, "MPI_UINT8_T", 1 },
        { MPI_UINT16_T, "MPI_UINT16_T", 2 }, { MPI_UINT32_T, "MPI_UINT32_T", 4 },
        { MPI_UINT64_T, "MPI_UINT64_T", 8 }, { MPI_C_BOOL, "MPI_C_BOOL", 1 }, { MPI_CXX_BOOL, "MPI_CXX_BOOL", 1 },
        { MPI_CXX_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX", 8 }, { MPI_CXX_DOUBLE_COMPLEX, "MPI_CXX_DOUBLE_COMPLEX", 16 },
        { MPI_OFFSET, "MPI_OFFSET", 8 }, { MPI_COUNT, "MPI_COUNT", 8 }, { MPI_AINT, "MPI_AINT", 0 },
        { MPI_WCHAR, "MPI_WCHAR", 0 }, { MPI_CXX_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX", 0 },
    };
    int i;
    for (i = 0; i < (int)(sizeof ts / sizeof ts[0]); i++) {
        char name[MPI_MAX_OBJECT_NAME];
        int len, sz, ni, na, nd, comb;
        MPI_Aint lb, ext;
        MPI_Type_get_name(ts[i].t, name, &len);
        MPI_Type_size(ts[i].t, &sz);
        MPI_Type_get_extent(ts[i].t, &lb, &ext);
        MPI_Type_get_envelope(ts[i].t, &ni, &na, &nd, &comb);
        check(strcmp(name, ts[i].name) == 0 && len == (int)strlen(name) && comb == MPI_COMBINER_NAMED);
        check(ts[i].size == 0 || (sz == ts[i].size && lb == 0 && ext == sz));
        if (rank == 0 && ts[i].size)
            printf("%s: size %d, extent %ld, %s\n", name, sz, (long)ext, comb == MPI_COMBINER_NAMED ? "named" : "?");
        else if (rank == 0)
            printf("%s: %s\n", name, comb == MPI_COMBINER_NAMED ? "named" : "?");
    }
    if (rank == 0)
        printf("MPI_INTEGER16 is MPI_DATATYPE_NULL: %d\n", MPI_INTEGER16 == MPI_DATATYPE_NULL);
    report("names, sizes, envelopes");
}

struct cplx { float re, im; };
struct dcplx { double re, im; };

static void reductions(void)
{
    int in = rank + 1, isum, l = rank % 2, land, lor, lxor;
    float r = 0.5f * (rank + 1), rsum;
    double d = 0.25 * (rank + 1), dmax;
    struct cplx c = { (float)rank, 1.0f }, csum, cprod;
    struct dcplx z = { 1.0, (double)rank }, zsum;
    int pi[2] = { (rank * 7) % 5, rank }, pmax[2], pmin[2];
    float pr[2] = { (float)((rank * 3) % 4), (float)rank }, prmax[2];
    double pd[2] = { -(double)((rank * 5) % 3), (double)rank }, pdmin[2];
    short s2 = (short)(1 << (rank % 15)), sx;
    long long i8 = 3000000000LL * (rank + 1), i8sum;
    signed char i1 = (signed char)(rank - 8), i1min;
    unsigned char b = rank == 2, bor, band;
    MPI_Aint a = -1000 * (MPI_Aint)rank, asum;
    int i32 = -rank, i32max;
    MPI_Allreduce(&in, &isum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&r, &rsum, 1, MPI_REAL, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&d, &dmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&c, &csum, 1, MPI_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    c.re = 1.0f;
    c.im = rank == 1 ? 1.0f : 0.0f;
    MPI_Allreduce(&c, &cprod, 1, MPI_COMPLEX8, MPI_PROD, MPI_COMM_WORLD);
    MPI_Allreduce(&z, &zsum, 1, MPI_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&l, &land, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&l, &lor, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD);
    MPI_Allreduce(&l, &lxor, 1, MPI_LOGICAL, MPI_LXOR, MPI_COMM_WORLD);
    MPI_Allreduce(pi, pmax, 1, MPI_2INTEGER, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(pi, pmin, 1, MPI_2INTEGER, MPI_MINLOC, MPI_COMM_WORLD);
    MPI_Allreduce(pr, prmax, 1, MPI_2REAL, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(pd, pdmin, 1, MPI_2DOUBLE_PRECISION, MPI_MINLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&s2, &sx, 1, MPI_INTEGER2, MPI_BXOR, MPI_COMM_WORLD);
    MPI_Allreduce(&i8, &i8sum, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&i1, &i1min, 1, MPI_INTEGER1, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&b, &bor, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);
    MPI_Allreduce(&b, &band, 1, MPI_CXX_BOOL, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&a, &asum, 1, MPI_AINT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&i32, &i32max, 1, MPI_INT32_T, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("MPI_INTEGER sum %d, MPI_REAL sum %g, MPI_DOUBLE_PRECISION max %g\n", isum, rsum, dmax);
        printf("MPI_COMPLEX sum (%g, %g), MPI_COMPLEX8 prod (%g, %g), MPI_DOUBLE_COMPLEX sum (%g, %g)\n", csum.re,
               csum.im, cprod.re, cprod.im, zsum.re, zsum.im);
        printf("MPI_LOGICAL land %d, lor %d, lxor %d\n", land, lor, lxor);
        printf("MPI_2INTEGER maxloc (%d, %d), minloc (%d, %d); MPI_2REAL maxloc (%g, %g); "
               "MPI_2DOUBLE_PRECISION minloc (%g, %g)\n", pmax[0], pmax[1], pmin[0], pmin[1], prmax[0], prmax[1],
               pdmin[0], pdmin[1]);
        printf("MPI_INTEGER2 bxor %d, MPI_INTEGER8 sum %lld, MPI_INTEGER1 min %d\n", sx, i8sum, i1min);
        printf("MPI_C_BOOL lor %d, MPI_CXX_BOOL land %d, MPI_AINT sum %ld, MPI_INT32_T max %d\n", bor, band,
               (long)asum, i32max);
    }
    report("reductions");
}

/* Each rank sends to the next: a vector of every other MPI_DOUBLE_COMPLEX of 6, and 5 MPI_CHARACTERs. */
static void ring(void)
{
    struct dcplx z[6], got[3];
    char s[6], rs[6];
    MPI_Datatype every_other;
    int i, to = (rank + 1) % size, from = (rank + size - 1) % size;
    for (i = 0; i < 6; i++) {
        z[i].re = rank * 10 + i;
        z[i].im = -i;
    }
    memcpy(s, "rank0", 6);
    s[4] = (char)('A' + rank);
    MPI_Type_vector(3, 1, 2, MPI_DOUBLE_COMPLEX, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Sendrecv(z, 1, every_other, to, 1, got, 3, MPI_DOUBLE_COMPLEX, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(s, 5, MPI_CHARACTER, to, 2, rs, 5, MPI_CHARACTER, from, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    rs[5] = 0;
    for (i = 0; i < 3; i++)
        check(got[i].re == from * 10 + 2 * i && got[i].im == -2 * i);
    if (rank == 0)
        printf("ring: from %d (%g, %g) (%g, %g) (%g, %g), \"%s\"\n", from, got[0].re, got[0].im, got[1].re,
               got[1].im, got[2].re, got[2].im, rs);
    MPI_Type_free(&every_other);
    report("ring");
}

static void hex(const char *what, MPI_Datatype t, const void *v, int count)
{
    unsigned char buf[64], back[64];
    MPI_Aint pos = 0, size, pos2 = 0;
    int i, sz;
    MPI_Pack_external_size("external32", count, t, &size);
    MPI_Pack_external("external32", v, count, t, buf, sizeof buf, &pos);
    MPI_Type_size(t, &sz);
    MPI_Unpack_external("external32", buf, pos, &pos2, back, count, t);
    check(pos == size && pos2 == pos && memcmp(back, v, count * sz) == 0);
    if (rank == 0) {
        printf("external32 %s: %ld bytes", what, (long)size);
        for (i = 0; i < pos; i++)
            printf("%s%02x", i % 4 ? "" : " ", buf[i]);
        printf("\n");
    }
}

static void external(void)
{
    int in[2] = { 1, -2 }, lg[2] = { 1, 0 };
    float r[2] = { 1.0f, -2.5f };
    double d = 3.0;
    short i2 = -3;
    long long i8 = -5;
    char ch[3] = { 'f', '9', '0' };
    MPI_Aint a[2] = { 1, -2 };
    hex("MPI_INTEGER", MPI_INTEGER, in, 2);
    hex("MPI_LOGICAL", MPI_LOGICAL, lg, 2);
    hex("MPI_REAL", MPI_REAL, r, 2);
    hex("MPI_DOUBLE_PRECISION", MPI_DOUBLE_PRECISION, &d, 1);
    hex("MPI_INTEGER2", MPI_INTEGER2, &i2, 1);
    hex("MPI_INTEGER8", MPI_INTEGER8, &i8, 1);
    hex("MPI_CHARACTER", MPI_CHARACTER, ch, 3);
    hex("MPI_AINT", MPI_AINT, a, 2);
    report("external32");
}

/* One-sided: every rank adds to rank 0's MPI_INTEGER8 and MPI_DOUBLE_COMPLEX, fetches and adds to its MPI_AINT,
 * and swaps its MPI_INTEGER where it holds the rank before (one rank after the other). */
static void onesided(void)
{
    struct { long long i8; struct dcplx z; MPI_Aint a; int f; } w = { 0, { 0, 0 }, 0, 0 };
    MPI_Win win;
    long long one8 = rank + 1;
    struct dcplx z = { 1.0, (double)rank };
    MPI_Aint add = 10, old;
    int mine = rank + 1, cmp = rank, was = -1, i;
    MPI_Aint base = 0;
    MPI_Win_create(&w, rank == 0 ? sizeof w : 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    check(MPI_Accumulate(&one8, 1, MPI_INTEGER8, 0, base, 1, MPI_INTEGER8, MPI_SUM, win) == MPI_SUCCESS);
    check(MPI_Accumulate(&z, 1, MPI_DOUBLE_COMPLEX, 0, base + offsetof(__typeof__(w), z), 1, MPI_DOUBLE_COMPLEX,
                         MPI_SUM, win) == MPI_SUCCESS);
    MPI_Win_fence(0, win);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    check(MPI_Fetch_and_op(&add, &old, MPI_AINT, 0, offsetof(__typeof__(w), a), MPI_SUM, win) == MPI_SUCCESS);
    MPI_Win_unlock(0, win);
    for (i = 0; i < size; i++) {
        if (i == rank) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            check(MPI_Compare_and_swap(&mine, &cmp, &was, MPI_INTEGER, 0, offsetof(__typeof__(w), f), win)
                  == MPI_SUCCESS);
            MPI_Win_unlock(0, win);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    check(old % 10 == 0 && old >= 0 && old < 10 * size && was == cmp);
    MPI_Win_fence(0, win);
    if (rank == 0)
        printf("one-sided: MPI_INTEGER8 sum %lld, MPI_DOUBLE_COMPLEX sum (%g, %g), MPI_AINT fetched and added %ld, "
               "MPI_INTEGER swapped to %d\n", w.i8, w.z.re, w.z.im, (long)w.a, w.f);
    MPI_Win_free(&win);
    report("one-sided");
}

static void match_size(void)
{
    static const struct { int c; const char *name; } cls[] = {
        { MPI_TYPECLASS_INTEGER, "integer" }, { MPI_TYPECLASS_REAL, "real" }, { MPI_TYPECLASS_COMPLEX, "complex" },
    };
    int i, s;
    for (i = 0; i < 3; i++) {
        if (rank == 0)
            printf("MPI_Type_match_size %s:", cls[i].name);
        for (s = 1; s <= 16; s *= 2) {
            MPI_Datatype t;
            char name[MPI_MAX_OBJECT_NAME];
            int len, sz, err = MPI_Type_match_size(cls[i].c, s, &t);
            if (err != MPI_SUCCESS) {
                if (rank == 0 && s <= 8)
                    printf(" %d none", s);
                continue;
            }
            MPI_Type_get_name(t, name, &len);
            MPI_Type_size(t, &sz);
            check(sz == s);
            if (rank == 0 && (s <= 8 || i == 2))
                printf(" %d %s", s, name);
        }
        if (rank == 0)
            printf("\n");
    }
    report("MPI_Type_match_size");
}

static void f90(const char *what, int err, MPI_Datatype t, int p, int r)
{
    int sz, ni, na, nd, comb, ints[2] = { 0, 0 }, len;
    char name[MPI_MAX_OBJECT_NAME];
    char buf[16], out[16];
    MPI_Aint lb, ext;
    MPI_Datatype dt;
    if (err != MPI_SUCCESS) {
        if (rank == 0)
            printf("%s(%d, %d): error\n", what, p, r);
        return;
    }
    MPI_Type_size(t, &sz);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    MPI_Type_get_contents(t, 2, 1, 1, ints, &lb, &dt);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_name(t, name, &len);
    memset(buf, 0, sizeof buf);
    memset(out, 0, sizeof out);
    buf[0] = out[0] = 1;            /* the low byte of an integer; a tiny real, its double; 0 + 0i complexes */
    check(MPI_Reduce_local(buf, out, 1, t, MPI_SUM) == MPI_SUCCESS);
    check(ext == sz && nd == 0 && na == 0 && len == 0 && (comb != MPI_COMBINER_F90_INTEGER || out[0] == 2));
    if (rank == 0)
        printf("%s(%d, %d): size %d, combiner %s, %d integers: %d %d\n", what, p, r, sz,
               comb == MPI_COMBINER_F90_INTEGER ? "F90_INTEGER" : comb == MPI_COMBINER_F90_REAL ? "F90_REAL"
               : comb == MPI_COMBINER_F90_COMPLEX ? "F90_COMPLEX" : "?", ni, ints[0], ni > 1 ? ints[1] : 0);
}

static void f90types(void)
{
    static const int pr[][2] = { { 3, 10 }, { 3, MPI_UNDEFINED }, { MPI_UNDEFINED, 10 }, { 7, 30 },
                                 { 7, MPI_UNDEFINED }, { MPI_UNDEFINED, 30 }, { 15, 307 }, { 40, MPI_UNDEFINED } };
    static const int ranges[] = { 2, 3, 9, 10, 18, 40 };
    int i, err;
    MPI_Datatype t, again;
    for (i = 0; i < 6; i++) {
        err = MPI_Type_create_f90_integer(ranges[i], &t);
        f90("MPI_Type_create_f90_integer", err, t, ranges[i], 0);
    }
    for (i = 0; i < 8; i++) {
        err = MPI_Type_create_f90_real(pr[i][0], pr[i][1], &t);
        f90("MPI_Type_create_f90_real", err, t, pr[i][0], pr[i][1]);
        err = MPI_Type_create_f90_complex(pr[i][0], pr[i][1], &t);
        f90("MPI_Type_create_f90_complex", err, t, pr[i][0], pr[i][1]);
    }
    MPI_Type_create_f90_real(7, 30, &t);
    MPI_Type_create_f90_real(7, 30, &again);
    if (rank == 0)
        printf("the same (p, r) again: the same type %d\n", t == again);
    {
        double v = rank + 0.5, got;
        MPI_Sendrecv(&v, 1, t, (rank + 1) % size, 3, &got, 1, t, (rank + size - 1) % size, 3, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        check(got == (rank + size - 1) % size + 0.5);
    }
    report("MPI_Type_create_f90_*");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);   /* match_size and f90 types that are not */
    names();
    reductions();
    ring();
    external();
    onesided();
    match_size();
    f90types();
    MPI_Finalize();
    return failed;
}
