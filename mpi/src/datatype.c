/* Datatypes (MPI-1.2 section 3.12): the predefined types, the type constructors, bounds and extents, Pack and
 * Unpack. A type is kept flattened: the list of its contiguous runs of bytes in typemap order
 * (struct __mpi_block), adjacent runs merged, plus its size, bounds and alignment. Sending `count` items
 * visits the runs of item i at buf + i * extent. The engine uses the runs to move data without packing where
 * the NIU's DMA engine can read the layout itself (docs/mpi.md, "Datatypes"). */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

/* type_extra.c's hooks: 0 unless the program calls its functions (mpi_internal.h). */
#pragma weak __mpi_type_record
#pragma weak __mpi_type_duped
#pragma weak __mpi_type_freed
#pragma weak __mpi_type_forget
#define RECORD(args)                                                                                        \
    if (err == MPI_SUCCESS && __mpi_type_record)                                                            \
        __mpi_type_record args

/* ---- Predefined types ------------------------------------------------------------------------------------ */

#define NPREDEF 63      /* handles 1 .. MPI_CXX_LONG_DOUBLE_COMPLEX */
_Static_assert(MPI_CXX_LONG_DOUBLE_COMPLEX + 1 == NPREDEF && NPREDEF <= MPI_FIRST_DERIVED, "mpi.h: predefined handles");

static struct __mpi_block pb[NPREDEF][2];
struct __mpi_type __mpi_predef[NPREDEF];      /* by handle (fast.S reads the sizes) */
#define predef __mpi_predef

/* size and alignment of the basic types 1..16; 0 for the pair types, markers and complex types, set up below */
static const signed char basic_size[NPREDEF] = {
    0, 1, 1, 1, 1, 2, 2, 4, 4, 4, 4, 8, 8, 4, 8, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* Fortran's: CHARACTER, INTEGER, REAL, LOGICAL, DOUBLE PRECISION; then the pairs and complex types (0) */
    1, 4, 4, 4, 8, 0, 0, 0, 0, 0,
    /* INTEGER1, INTEGER2, INTEGER4, INTEGER8, REAL4, REAL8; COMPLEX8, COMPLEX16 (0) */
    1, 2, 4, 8, 4, 8, 0, 0,
    /* the C types of other names: WCHAR, AINT, OFFSET, COUNT, INT8_T .. INT64_T, UINT8_T .. UINT64_T, C_BOOL,
     * CXX_BOOL; the C++ complex types (0) */
    4, 4, 8, 8, 1, 2, 4, 8, 1, 2, 4, 8, 1, 1, 0, 0, 0
};

static void set_basic(int h, int size)
{
    struct __mpi_type *t = &predef[h];
    t->refs = 1;
    t->flags = TF_COMMITTED | TF_PREDEFINED;
    t->size = size;
    t->lb = 0;
    t->ub = size;
    t->true_lb = 0;
    t->true_ub = size;
    t->align = size;
    t->nelems = 1;
    t->nblocks = 1;
    t->blocks = pb[h];
    pb[h][0].disp = 0;
    pb[h][0].len = size;
    pb[h][0].esize = size;
}

/* {value of vsize bytes at 0, int at ioff}, extent ext */
static void set_pair(int h, int vsize, int ioff, int ext)
{
    struct __mpi_type *t = &predef[h];
    t->refs = 1;
    t->flags = TF_COMMITTED | TF_PREDEFINED;
    t->size = vsize + 4;
    t->lb = 0;
    t->ub = ext;
    t->true_lb = 0;
    t->true_ub = ioff + 4;
    t->align = vsize > 4 ? vsize : 4;
    t->nelems = 2;
    t->blocks = pb[h];
    pb[h][0].disp = 0;
    pb[h][0].len = vsize;
    pb[h][0].esize = vsize;
    if (ioff == vsize && vsize == 4) {   /* adjacent runs of the same element size merge */
        t->nblocks = 1;
        pb[h][0].len = 8;
    } else {
        t->nblocks = 2;
        pb[h][1].disp = ioff;
        pb[h][1].len = 4;
        pb[h][1].esize = 4;
    }
}

/* a complex type: two reals of rsize bytes, one run whose elements are the reals (for external32) */
static void set_complex(int h, int rsize)
{
    set_basic(h, 2 * rsize);
    predef[h].align = rsize;
    pb[h][0].esize = rsize;
}

static void set_marker(int h, int flag)
{
    struct __mpi_type *t = &predef[h];
    t->refs = 1;
    t->flags = TF_COMMITTED | TF_PREDEFINED | flag;
    t->align = 1;
}

static int predef_ready;

void __mpi_setup_types(void)
{
    int h;
    for (h = 1; h <= MPI_PACKED; h++)
        set_basic(h, basic_size[h]);
    set_pair(MPI_FLOAT_INT, 4, 4, 8);
    set_pair(MPI_DOUBLE_INT, 8, 8, 16);
    set_pair(MPI_LONG_INT, 4, 4, 8);
    set_pair(MPI_2INT, 4, 4, 8);
    set_pair(MPI_SHORT_INT, 2, 4, 8);
    set_pair(MPI_LONG_DOUBLE_INT, 8, 8, 16);
    set_marker(MPI_UB, TF_HAS_UB);
    set_marker(MPI_LB, TF_HAS_LB);
    predef_ready = 1;
}

/* A pair of two values of vsize bytes each (MPI_2INTEGER, MPI_2REAL, MPI_2DOUBLE_PRECISION): one run, two
 * elements. */
static void set_twin(int h, int vsize)
{
    set_complex(h, vsize);
    predef[h].nelems = 2;
}

/* The complex types, Fortran's and the C types of other names, set up when a program first names one (so that a program that never does pays
 * nothing at MPI_Init, and the lookup of the other types is as before); 0 for a handle that is no type. */
static struct __mpi_type *complex_type(MPI_Datatype t)
{
    static int ready;
    int h;
    if (t < MPI_C_FLOAT_COMPLEX || t >= NPREDEF)
        return 0;
    if (!ready) {
        set_complex(MPI_C_FLOAT_COMPLEX, 4);
        set_complex(MPI_C_DOUBLE_COMPLEX, 8);
        set_complex(MPI_C_LONG_DOUBLE_COMPLEX, 8);
        for (h = MPI_CHARACTER; h < NPREDEF; h++)
            if (basic_size[h])
                set_basic(h, basic_size[h]);
        set_complex(MPI_COMPLEX, 4);
        set_complex(MPI_DOUBLE_COMPLEX, 8);
        set_complex(MPI_COMPLEX8, 4);
        set_complex(MPI_COMPLEX16, 8);
        set_twin(MPI_2INTEGER, 4);
        set_twin(MPI_2REAL, 4);
        set_twin(MPI_2DOUBLE_PRECISION, 8);
        set_complex(MPI_CXX_FLOAT_COMPLEX, 4);
        set_complex(MPI_CXX_DOUBLE_COMPLEX, 8);
        set_complex(MPI_CXX_LONG_DOUBLE_COMPLEX, 8);
        ready = 1;
    }
    return &predef[t];
}

/* ---- The table of derived types ---------------------------------------------------------------------------- */

static struct __mpi_type **derived;
static int nderived;

struct __mpi_type *__mpi_type_get(MPI_Datatype t)
{
    if (!predef_ready)
        __mpi_setup_types();
    if (t > 0 && t < MPI_C_FLOAT_COMPLEX)
        return &predef[t];
    t -= MPI_FIRST_DERIVED;
    if (t >= 0 && t < nderived)
        return derived[t];
    return complex_type(t + MPI_FIRST_DERIVED);
}

int __mpi_type_size(MPI_Datatype type)
{
    struct __mpi_type *t = __mpi_type_get(type);
    return t ? t->size : -1;
}

int __mpi_type_extent(MPI_Datatype type)
{
    struct __mpi_type *t = __mpi_type_get(type);
    return t ? t->ub - t->lb : -1;
}

/* A type's element type (mpi_core.h): a predefined type's is its handle (none for the markers MPI_UB and
 * MPI_LB), a derived type's is in its flags. */
static int elements_of(struct __mpi_type *t)
{
    if (t >= predef && t < predef + NPREDEF)
        return t->size > 0 ? (int)(t - predef) : 0;
    return (t->flags >> TF_ETYPE_SHIFT) & 0xff;
}

int __mpi_type_elements(MPI_Datatype type)
{
    struct __mpi_type *t = __mpi_type_get(type);
    return t ? elements_of(t) : TF_MIXED;
}

int __mpi_type_usable(MPI_Datatype type)
{
    struct __mpi_type *t = __mpi_type_get(type);
    if (!t || !(t->flags & TF_COMMITTED))
        return MPI_ERR_TYPE;
    return MPI_SUCCESS;
}

static void destroy(MPI_Datatype h, struct __mpi_type *t)
{
    if (__mpi_type_forget)
        __mpi_type_forget(h);
    free(t->blocks);
    free(t);
    derived[h - MPI_FIRST_DERIVED] = 0;
}

void __mpi_type_hold(MPI_Datatype h)
{
    if (h >= MPI_FIRST_DERIVED) {
        struct __mpi_type *t = __mpi_type_get(h);
        if (t)
            t->refs++;
    }
}

void __mpi_type_release(MPI_Datatype h)
{
    if (h >= MPI_FIRST_DERIVED) {
        struct __mpi_type *t = __mpi_type_get(h);
        if (t && --t->refs == 0)
            destroy(h, t);
    }
}

static int install(struct __mpi_type *t, MPI_Datatype *newtype)
{
    int i;
    for (i = 0; i < nderived; i++)
        if (!derived[i])
            break;
    if (i == nderived) {
        int n = nderived ? 2 * nderived : 16;
        struct __mpi_type **d = (struct __mpi_type **)realloc(derived, n * sizeof *d);
        if (!d)
            return MPI_ERR_NO_MEM;
        memset(d + nderived, 0, (n - nderived) * sizeof *d);
        derived = d;
        nderived = n;
    }
    derived[i] = t;
    *newtype = MPI_FIRST_DERIVED + i;
    return MPI_SUCCESS;
}

/* ---- Compact runs ----------------------------------------------------------------------------------------------
 * A type of COMPACT_MIN runs or more keeps them as bytes (TF_COMPACT), about two a run where the runs are short and
 * near each other: 1024 types of 1024 runs (MPICH's datatype/lots_of_types) take 2 MiB of a node's 8 MiB instead
 * of 12 MiB. For each run: its distance from the end of the previous one (the first's from 0), zigzag-coded as it
 * may be negative; its bytes times two, plus one when its element size differs from the previous run's (the
 * first's always does), and then that element size; or, for runs that repeat the previous run's distance, bytes
 * and element size (a vector's), their number and then 0, once for all of them. Each number is written in groups of
 * 7 bits, the lowest first, the high bit set on every group but the last (LEB128). Such a type is read run after run, never by index: the
 * engine sends and receives it packed, as it does any type it cannot give the DMA engine as runs. Types of fewer
 * runs keep their array of struct __mpi_block, so that nothing changes for them. */

#define COMPACT_MIN 1000

#include "varint.h"

void __mpi_runs_start(struct __mpi_runs *r, const struct __mpi_type *t)
{
    r->p = (const unsigned char *)t->blocks;
    r->disp = 0;
    r->len = 0;
    r->esize = 0;
    r->gap = 0;
    r->rep = 0;
}

void __mpi_runs_next(struct __mpi_runs *r)
{
    unsigned g, l;
    if (r->rep == 0) {
        g = get_varint(&r->p);
        l = get_varint(&r->p);
        if (l == 0) {
            r->rep = (int)g;        /* g runs like the last */
        } else {
            r->gap = (int)((g >> 1) ^ (0u - (g & 1)));
            r->disp = (int)((unsigned)r->disp + (unsigned)r->len + (unsigned)r->gap);
            r->len = (int)(l >> 1);
            if (l & 1)
                r->esize = (int)get_varint(&r->p);
            return;
        }
    }
    r->rep--;
    r->disp = (int)((unsigned)r->disp + (unsigned)r->len + (unsigned)r->gap);
}

/* Whether the n runs at b can be kept compact: enough of them, none of 2^30 bytes or more. */
static int compactable(const struct __mpi_block *b, int n)
{
    int k;
    if (n < COMPACT_MIN)
        return 0;
    for (k = 0; k < n; k++)
        if (b[k].len >= 1 << 30)
            return 0;
    return 1;
}

/* Compresses the n runs at b in place (a run's bytes, at most 5 + 5 + 1, and a repetition's, at most 5 + 1 for
 * one run or more, never reach past their own 12 bytes a run: the write stays behind the read); returns their
 * number of bytes. */
static int compact(struct __mpi_block *b, int n)
{
    unsigned char *o = (unsigned char *)b;
    unsigned end = 0, last_gap = 0;
    int k, esize = 0, len = 0, same = 0;
    for (k = 0; k < n; k++) {
        struct __mpi_block r = b[k];
        unsigned gap = (unsigned)r.disp - end;
        if (k > 0 && gap == last_gap && r.len == len && r.esize == esize) {
            same++;
        } else {
            if (same) {
                o = put_varint(o, (unsigned)same);
                o = put_varint(o, 0);
                same = 0;
            }
            o = put_varint(o, gap << 1 ^ (0u - (gap >> 31)));
            o = put_varint(o, (unsigned)r.len << 1 | (r.esize != esize));
            if (r.esize != esize)
                o = put_varint(o, (unsigned)r.esize);
        }
        last_gap = gap;
        len = r.len;
        esize = r.esize;
        end = (unsigned)r.disp + (unsigned)r.len;
    }
    if (same) {
        o = put_varint(o, (unsigned)same);
        o = put_varint(o, 0);
    }
    return (int)(o - (unsigned char *)b);
}

/* The last run of a compact type. */
static void compact_last(const struct __mpi_type *t, struct __mpi_runs *r)
{
    int k;
    __mpi_runs_start(r, t);
    for (k = 0; k < t->nblocks; k++)
        __MPI_RUNS_NEXT(r);
}

int __mpi_type_end(struct __mpi_type *t)
{
    struct __mpi_runs r;
    if (!(t->flags & TF_COMPACT))
        return t->blocks[t->nblocks - 1].disp + t->blocks[t->nblocks - 1].len;
    compact_last(t, &r);
    return r.disp + r.len;
}

/* __mpi_type_words for a compact type: its runs are all one word, a constant distance apart. */
static int compact_words(struct __mpi_type *t, void *buf, int count, char **first, int *stride)
{
    struct __mpi_runs r;
    int k, d = 0, prev = 0, first_disp = 0, ext = t->ub - t->lb;
    char *p;
    __mpi_runs_start(&r, t);
    for (k = 0; k < t->nblocks; k++) {
        __MPI_RUNS_NEXT(&r);
        if (r.len != 4)
            return -1;
        if (k == 0)
            first_disp = r.disp;
        else if (k == 1)
            d = r.disp - prev;
        else if (r.disp - prev != d)
            return -1;
        prev = r.disp;
    }
    p = (char *)buf + first_disp;
    if (((unsigned)p & 3) != 0 || (count > 1 && ext != d * t->nblocks))
        return -1;
    if (d % 4 != 0 || d == 0 || d / 4 < -32768 || d / 4 > 32767)
        return -1;
    *first = p;
    *stride = d / 4;
    return count * t->nblocks;
}

/* The bytes of a compact type's runs. */
static int compact_bytes(const struct __mpi_type *t)
{
    struct __mpi_runs r;
    int k;
    __mpi_runs_start(&r, t);
    for (k = 0; k < t->nblocks; k++)
        __MPI_RUNS_NEXT(&r);
    return (int)(r.p - (const unsigned char *)t->blocks);
}

/* ---- Building a type's runs and bounds ---------------------------------------------------------------------- */

struct builder {
    struct __mpi_block *b;
    int n, cap;
    int size, nelems, align;
    int etype;                      /* the element type so far (mpi_core.h): 0 before any data */
    struct __mpi_type *etype_of;    /* the old type last counted in it */
    int have_data, min_disp, max_end;
    int has_lb, lbm, has_ub, ubm;
    int failed;
    /* A type of many runs is compacted while it is built (stream_flush): the runs before b[0], in the compact
     * form, so that 10^6 runs (MPI's transpose of a 1000x1000 matrix, a vector of vectors) never take 12 MB */
    unsigned char *cs;
    int cs_len, cs_cap, cs_runs;
    unsigned end, last_gap;         /* the compact encoder's state: as compact() keeps it */
    int last_len, last_esize, same;
};

#define STREAM_AT 4096              /* runs in the array before they go to the stream */

/* Appends run r to the builder's compact stream (the format of compact()). */
static int stream_run(struct builder *B, const struct __mpi_block *r)
{
    unsigned gap = (unsigned)r->disp - B->end;
    unsigned char *o;
    if (r->len >= 1 << 30)
        return 0;
    if (B->cs_len + 32 > B->cs_cap) {
        int cap = B->cs_cap ? 2 * B->cs_cap : 16384;
        unsigned char *nc = (unsigned char *)realloc(B->cs, cap);
        if (!nc)
            return 0;
        B->cs = nc;
        B->cs_cap = cap;
    }
    o = B->cs + B->cs_len;
    if (B->cs_runs > 0 && gap == B->last_gap && r->len == B->last_len && r->esize == B->last_esize) {
        B->same++;
    } else {
        if (B->same) {
            o = put_varint(o, (unsigned)B->same);
            o = put_varint(o, 0);
            B->same = 0;
        }
        o = put_varint(o, gap << 1 ^ (0u - (gap >> 31)));
        o = put_varint(o, (unsigned)r->len << 1 | (r->esize != B->last_esize));
        if (r->esize != B->last_esize)
            o = put_varint(o, (unsigned)r->esize);
    }
    B->cs_len = (int)(o - B->cs);
    B->last_gap = gap;
    B->last_len = r->len;
    B->last_esize = r->esize;
    B->end = (unsigned)r->disp + (unsigned)r->len;
    B->cs_runs++;
    return 1;
}

/* Moves every run of the array but the last (which the next append may extend) to the stream. */
static int stream_flush(struct builder *B, int keep)
{
    int k;
    for (k = 0; k < B->n - keep; k++)
        if (!stream_run(B, &B->b[k]))
            return 0;
    if (keep)
        B->b[0] = B->b[B->n - 1];
    B->n = keep;
    return 1;
}

static void append(struct builder *B, int disp, int len, int esize)
{
    struct __mpi_block *last;
    if (len <= 0)
        return;
    if (B->n > 0) {
        last = &B->b[B->n - 1];
        if (last->disp + last->len == disp && last->esize == esize) {
            last->len += len;
            return;
        }
    }
    if (B->n == B->cap && B->n >= STREAM_AT && !B->failed) {
        if (!stream_flush(B, 1))
            B->failed = 1;
    }
    if (B->n == B->cap) {
        int cap = B->cap ? 2 * B->cap : 8;
        struct __mpi_block *nb = (struct __mpi_block *)realloc(B->b, cap * sizeof *nb);
        if (!nb) {
            B->failed = 1;
            return;
        }
        B->b = nb;
        B->cap = cap;
    }
    B->b[B->n].disp = disp;
    B->b[B->n].len = len;
    B->b[B->n].esize = esize;
    B->n++;
}

static void bounds_at(struct builder *B, struct __mpi_type *c, int d)
{
    if (c->flags & TF_HAS_LB) {
        if (!B->has_lb || d + c->lb < B->lbm)
            B->lbm = d + c->lb;
        B->has_lb = 1;
    }
    if (c->flags & TF_HAS_UB) {
        if (!B->has_ub || d + c->ub > B->ubm)
            B->ubm = d + c->ub;
        B->has_ub = 1;
    }
    if (c->size > 0) {
        if (!B->have_data || d + c->true_lb < B->min_disp)
            B->min_disp = d + c->true_lb;
        if (!B->have_data || d + c->true_ub > B->max_end)
            B->max_end = d + c->true_ub;
        B->have_data = 1;
    }
}

/* count copies of type c, the first at byte displacement d0, each `stride` bytes after the previous */
static void add(struct builder *B, struct __mpi_type *c, int d0, int count, int stride)
{
    int i, k;
    if (count <= 0)
        return;
    bounds_at(B, c, d0);
    if (count > 1)
        bounds_at(B, c, d0 + (count - 1) * stride);
    B->size += c->size * count;
    if (c != B->etype_of && c->size > 0) {     /* once for the blocks of one old type */
        int e = elements_of(c);
        B->etype = !B->etype || B->etype == e ? e : TF_MIXED;
        B->etype_of = c;
    }
    B->nelems += c->nelems * count;
    if (c->align > B->align)
        B->align = c->align;
    if (c->nblocks == 1 && c->blocks[0].len == stride) {
        append(B, d0 + c->blocks[0].disp, c->blocks[0].len * count, c->blocks[0].esize);
        return;
    }
    if (c->flags & TF_COMPACT) {
        struct __mpi_runs r;
        for (i = 0; i < count; i++) {
            __mpi_runs_start(&r, c);
            for (k = 0; k < c->nblocks; k++) {
                __MPI_RUNS_NEXT(&r);
                append(B, d0 + i * stride + r.disp, r.len, r.esize);
            }
        }
        return;
    }
    for (i = 0; i < count; i++)
        for (k = 0; k < c->nblocks; k++)
            append(B, d0 + i * stride + c->blocks[k].disp, c->blocks[k].len, c->blocks[k].esize);
}

static int finish(struct builder *B, MPI_Datatype *newtype)
{
    struct __mpi_type *t;
    int err;
    if (B->cs && !B->failed) {      /* the rest of the runs to the stream, and the stream is the type's runs */
        if (stream_flush(B, 0) && (!B->same || B->cs_len + 12 <= B->cs_cap)) {
            unsigned char *o = B->cs + B->cs_len, *small;
            if (B->same) {
                o = put_varint(o, (unsigned)B->same);
                o = put_varint(o, 0);
            }
            B->cs_len = (int)(o - B->cs);
            small = (unsigned char *)realloc(B->cs, B->cs_len);
            if (small)
                B->cs = small;
            free(B->b);
            B->b = (struct __mpi_block *)B->cs;
            B->n = B->cs_runs;
            B->cs = 0;
        } else {
            B->failed = 1;
        }
    }
    if (B->failed) {
        free(B->b);
        free(B->cs);
        return MPI_ERR_NO_MEM;
    }
    t = (struct __mpi_type *)calloc(1, sizeof *t);
    if (!t) {
        free(B->b);
        return MPI_ERR_NO_MEM;
    }
    t->refs = 1;
    t->flags = B->etype << TF_ETYPE_SHIFT;
    t->size = B->size;
    t->nelems = B->nelems;
    t->align = B->align > 0 ? B->align : 1;
    t->nblocks = B->n;
    t->blocks = B->b;
    if (B->cs_runs) {
        t->flags |= TF_COMPACT;     /* compacted while built */
    } else if (compactable(B->b, B->n)) {
        struct __mpi_block *small = (struct __mpi_block *)realloc(B->b, compact(B->b, B->n));
        t->blocks = small ? small : B->b;
        t->flags |= TF_COMPACT;
    }
    t->true_lb = B->have_data ? B->min_disp : 0;
    t->true_ub = B->have_data ? B->max_end : 0;
    t->lb = B->has_lb ? B->lbm : t->true_lb;
    if (B->has_ub) {
        t->ub = B->ubm;
    } else {
        int ext = t->true_ub - t->lb;
        int pad = ext % t->align;
        t->ub = t->true_ub + (pad ? t->align - pad : 0);
    }
    if (!B->have_data) {
        t->true_lb = t->lb;
        t->true_ub = t->lb;
    }
    if (B->has_lb)
        t->flags |= TF_HAS_LB;
    if (B->has_ub)
        t->flags |= TF_HAS_UB;
    err = install(t, newtype);
    if (err != MPI_SUCCESS) {
        free(t->blocks);
        free(t);
    }
    return err;
}

/* Checks the old type of a constructor; on an error, calls MPI_COMM_WORLD's handler. */
static struct __mpi_type *old_type(MPI_Datatype h)
{
    return __mpi_type_get(h);
}

#define FAIL(code, fn) return __mpi_error(MPI_COMM_WORLD, code, fn)

int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct builder B;
    struct __mpi_type *c = old_type(oldtype);
    int err;
    if (!c)
        FAIL(MPI_ERR_TYPE, "MPI_Type_contiguous");
    if (count < 0)
        FAIL(MPI_ERR_COUNT, "MPI_Type_contiguous");
    if (!newtype)
        FAIL(MPI_ERR_ARG, "MPI_Type_contiguous");
    memset(&B, 0, sizeof B);
    add(&B, c, 0, count, c->ub - c->lb);
    err = finish(&B, newtype);
    RECORD((*newtype, MPI_COMBINER_CONTIGUOUS, count, 0, 0, 0, 0, 0, 0, 0, 0, 0, oldtype));
    return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_contiguous");
}

static int hvector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype,
                   int stride_in_extents, const char *fn)
{
    struct builder B;
    struct __mpi_type *c = old_type(oldtype);
    int i, ext, err, s = stride;
    if (!c)
        FAIL(MPI_ERR_TYPE, fn);
    if (count < 0 || blocklength < 0)
        FAIL(MPI_ERR_COUNT, fn);
    if (!newtype)
        FAIL(MPI_ERR_ARG, fn);
    ext = c->ub - c->lb;
    if (stride_in_extents)
        stride *= ext;
    memset(&B, 0, sizeof B);
    for (i = 0; i < count; i++)
        add(&B, c, i * stride, blocklength, ext);
    err = finish(&B, newtype);
    RECORD((*newtype, stride_in_extents ? MPI_COMBINER_VECTOR : MPI_COMBINER_HVECTOR, count, blocklength, s, 0, 0,
            0, 0, s, 0, 0, oldtype));
    return __mpi_error(MPI_COMM_WORLD, err, fn);
}

int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return hvector(count, blocklength, stride, oldtype, newtype, 1, "MPI_Type_vector");
}

int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return hvector(count, blocklength, (int)stride, oldtype, newtype, 0, "MPI_Type_hvector");
}

int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    return hvector(count, blocklength, (int)stride, oldtype, newtype, 0, "MPI_Type_create_hvector");
}

/* indexed family: block i has blens[i] (or blen) items at displacement disps[i] (in extents or bytes) */
static int indexed(int count, int *blens, int blen, const int *idisps, const MPI_Aint *adisps,
                   MPI_Datatype oldtype, MPI_Datatype *newtype, const char *fn)
{
    struct builder B;
    struct __mpi_type *c = old_type(oldtype);
    int i, ext, err;
    if (!c)
        FAIL(MPI_ERR_TYPE, fn);
    if (count < 0)
        FAIL(MPI_ERR_COUNT, fn);
    if (!newtype || (count > 0 && ((!blens && blen < 0) || (!idisps && !adisps))))
        FAIL(MPI_ERR_ARG, fn);
    ext = c->ub - c->lb;
    for (i = 0; i < count; i++)
        if ((blens ? blens[i] : blen) < 0)
            FAIL(MPI_ERR_COUNT, fn);
    memset(&B, 0, sizeof B);
    for (i = 0; i < count; i++) {
        int d = idisps ? idisps[i] * ext : (int)adisps[i];
        add(&B, c, d, blens ? blens[i] : blen, ext);
    }
    err = finish(&B, newtype);
    RECORD((*newtype, idisps ? blens ? MPI_COMBINER_INDEXED : MPI_COMBINER_INDEXED_BLOCK : MPI_COMBINER_HINDEXED,
            count, blen, 0, blens, idisps, 0, adisps, 0, 0, 0, oldtype));
    return __mpi_error(MPI_COMM_WORLD, err, fn);
}

int MPI_Type_indexed(int count, int *blocklengths, int *displacements, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    if (count > 0 && !blocklengths)
        FAIL(MPI_ERR_ARG, "MPI_Type_indexed");
    return indexed(count, blocklengths, 0, displacements, 0, oldtype, newtype, "MPI_Type_indexed");
}

int MPI_Type_hindexed(int count, int *blocklengths, MPI_Aint *displacements, MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    if (count > 0 && !blocklengths)
        FAIL(MPI_ERR_ARG, "MPI_Type_hindexed");
    return indexed(count, blocklengths, 0, 0, displacements, oldtype, newtype, "MPI_Type_hindexed");
}

int MPI_Type_create_hindexed(int count, int *blocklengths, MPI_Aint *displacements, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    if (count > 0 && !blocklengths)
        FAIL(MPI_ERR_ARG, "MPI_Type_create_hindexed");
    return indexed(count, blocklengths, 0, 0, displacements, oldtype, newtype, "MPI_Type_create_hindexed");
}

int MPI_Type_create_indexed_block(int count, int blocklength, int *displacements, MPI_Datatype oldtype,
                                  MPI_Datatype *newtype)
{
    if (blocklength < 0)
        FAIL(MPI_ERR_COUNT, "MPI_Type_create_indexed_block");
    return indexed(count, 0, blocklength, displacements, 0, oldtype, newtype,
                   "MPI_Type_create_indexed_block");
}

static int type_struct(int count, int *blens, MPI_Aint *disps, MPI_Datatype *types, MPI_Datatype *newtype,
                       const char *fn)
{
    struct builder B;
    int i, err;
    if (count < 0)
        FAIL(MPI_ERR_COUNT, fn);
    if (!newtype || (count > 0 && (!blens || !disps || !types)))
        FAIL(MPI_ERR_ARG, fn);
    for (i = 0; i < count; i++) {
        if (!__mpi_type_get(types[i]))
            FAIL(MPI_ERR_TYPE, fn);
        if (blens[i] < 0)
            FAIL(MPI_ERR_COUNT, fn);
    }
    memset(&B, 0, sizeof B);
    for (i = 0; i < count; i++) {
        struct __mpi_type *c = __mpi_type_get(types[i]);
        add(&B, c, (int)disps[i], blens[i], c->ub - c->lb);
    }
    err = finish(&B, newtype);
    RECORD((*newtype, MPI_COMBINER_STRUCT, count, 0, 0, blens, 0, 0, disps, 0, 0, types, 0));
    return __mpi_error(MPI_COMM_WORLD, err, fn);
}

int MPI_Type_struct(int count, int *blocklengths, MPI_Aint *displacements, MPI_Datatype *types,
                    MPI_Datatype *newtype)
{
    return type_struct(count, blocklengths, displacements, types, newtype, "MPI_Type_struct");
}

int MPI_Type_create_struct(int count, int *blocklengths, MPI_Aint *displacements, MPI_Datatype *types,
                           MPI_Datatype *newtype)
{
    return type_struct(count, blocklengths, displacements, types, newtype, "MPI_Type_create_struct");
}

int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
    struct builder B;
    struct __mpi_type *c = old_type(oldtype);
    int err;
    if (!c)
        FAIL(MPI_ERR_TYPE, "MPI_Type_create_resized");
    if (!newtype)
        FAIL(MPI_ERR_ARG, "MPI_Type_create_resized");
    memset(&B, 0, sizeof B);
    add(&B, c, 0, 1, 0);
    B.has_lb = 1;
    B.lbm = (int)lb;
    B.has_ub = 1;
    B.ubm = (int)(lb + extent);
    err = finish(&B, newtype);
    RECORD((*newtype, MPI_COMBINER_RESIZED, 0, 0, 0, 0, 0, 0, 0, lb, extent, 0, oldtype));
    return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_create_resized");
}

/* MPI-2: an ndims-dimensional block of an array, as runs along the fastest dimension (the last in C order,
 * the first in Fortran order); its extent is the whole array's. */
int MPI_Type_create_subarray(int ndims, int *sizes, int *subsizes, int *starts, int order, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    static const char fn[] = "MPI_Type_create_subarray";
    struct builder B;
    struct __mpi_type *c = old_type(oldtype);
    int i, ext, total = 1, runs = 1, fast, idx[16], err;
    if (!c)
        FAIL(MPI_ERR_TYPE, fn);
    if (ndims <= 0 || ndims > 16 || !sizes || !subsizes || !starts || !newtype
        || (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN))
        FAIL(MPI_ERR_ARG, fn);
    for (i = 0; i < ndims; i++) {
        if (sizes[i] <= 0 || subsizes[i] < 0 || subsizes[i] > sizes[i] || starts[i] < 0
            || starts[i] > sizes[i] - subsizes[i])
            FAIL(MPI_ERR_ARG, fn);
        total *= sizes[i];
    }
    ext = c->ub - c->lb;
    fast = order == MPI_ORDER_C ? ndims - 1 : 0;
    for (i = 0; i < ndims; i++) {
        if (i != fast)
            runs *= subsizes[i];
        idx[i] = 0;
    }
    memset(&B, 0, sizeof B);
    if (subsizes[fast] == 0)
        runs = 0;
    /* idx counts through the slow dimensions like an odometer, the slowest (the first in C order) last */
    while (runs-- > 0) {
        int off = 0, k;
        for (k = 0; k < ndims; k++) {
            int d = order == MPI_ORDER_C ? k : ndims - 1 - k;
            off = off * sizes[d] + starts[d] + (d == fast ? 0 : idx[d]);
        }
        add(&B, c, off * ext, subsizes[fast], ext);
        for (k = 0; k < ndims; k++) {
            int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
            if (d == fast)
                continue;
            if (++idx[d] < subsizes[d])
                break;
            idx[d] = 0;
        }
    }
    B.has_lb = 1;
    B.lbm = 0;
    B.has_ub = 1;
    B.ubm = total * ext;
    err = finish(&B, newtype);
    RECORD((*newtype, MPI_COMBINER_SUBARRAY, ndims, order, 0, sizes, subsizes, starts, 0, 0, 0, 0, oldtype));
    return __mpi_error(MPI_COMM_WORLD, err, fn);
}

int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct __mpi_type *c = old_type(oldtype), *t;
    int err, bytes;
    if (!c)
        FAIL(MPI_ERR_TYPE, "MPI_Type_dup");
    if (!newtype)
        FAIL(MPI_ERR_ARG, "MPI_Type_dup");
    t = (struct __mpi_type *)malloc(sizeof *t);
    if (!t)
        FAIL(MPI_ERR_NO_MEM, "MPI_Type_dup");
    *t = *c;
    t->refs = 1;
    t->flags = (t->flags & ~(TF_PREDEFINED | TF_F90 | TF_MIXED << TF_ETYPE_SHIFT)) | elements_of(c) << TF_ETYPE_SHIFT;
    bytes = c->flags & TF_COMPACT ? compact_bytes(c) : c->nblocks * (int)sizeof *t->blocks;
    t->blocks = (struct __mpi_block *)malloc(bytes ? bytes : 1);
    if (!t->blocks) {
        free(t);
        FAIL(MPI_ERR_NO_MEM, "MPI_Type_dup");
    }
    memcpy(t->blocks, c->blocks, bytes);
    err = install(t, newtype);
    if (err != MPI_SUCCESS) {
        free(t->blocks);
        free(t);
    } else if (__mpi_type_duped && (err = __mpi_type_duped(oldtype, *newtype)) != MPI_SUCCESS) {
        __mpi_type_release(*newtype);
        *newtype = MPI_DATATYPE_NULL;
    }
    return __mpi_error(MPI_COMM_WORLD, err, "MPI_Type_dup");
}

int MPI_Type_commit(MPI_Datatype *datatype)
{
    struct __mpi_type *t = datatype ? __mpi_type_get(*datatype) : 0;
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_commit");
    t->flags |= TF_COMMITTED;
    return MPI_SUCCESS;
}

int MPI_Type_free(MPI_Datatype *datatype)
{
    struct __mpi_type *t = datatype ? __mpi_type_get(*datatype) : 0;
    if (!t || (t->flags & (TF_PREDEFINED | TF_F90)))
        FAIL(MPI_ERR_TYPE, "MPI_Type_free");
    if (__mpi_type_freed) {
        int err = __mpi_type_freed(*datatype);
        if (err != MPI_SUCCESS)
            FAIL(err, "MPI_Type_free");
    }
    __mpi_type_release(*datatype);
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}

/* ---- Queries ------------------------------------------------------------------------------------------------ */

int MPI_Type_size(MPI_Datatype datatype, int *size)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_size");
    if (!size)
        FAIL(MPI_ERR_ARG, "MPI_Type_size");
    *size = t->size;
    return MPI_SUCCESS;
}

int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_extent");
    if (!extent)
        FAIL(MPI_ERR_ARG, "MPI_Type_extent");
    *extent = t->ub - t->lb;
    return MPI_SUCCESS;
}

int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_lb");
    if (!displacement)
        FAIL(MPI_ERR_ARG, "MPI_Type_lb");
    *displacement = t->lb;
    return MPI_SUCCESS;
}

int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_ub");
    if (!displacement)
        FAIL(MPI_ERR_ARG, "MPI_Type_ub");
    *displacement = t->ub;
    return MPI_SUCCESS;
}

int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_get_extent");
    if (!lb || !extent)
        FAIL(MPI_ERR_ARG, "MPI_Type_get_extent");
    *lb = t->lb;
    *extent = t->ub - t->lb;
    return MPI_SUCCESS;
}

int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Type_get_true_extent");
    if (!true_lb || !true_extent)
        FAIL(MPI_ERR_ARG, "MPI_Type_get_true_extent");
    *true_lb = t->true_lb;
    *true_extent = t->true_ub - t->true_lb;
    return MPI_SUCCESS;
}

int MPI_Address(void *location, MPI_Aint *address)
{
    if (!address)
        FAIL(MPI_ERR_ARG, "MPI_Address");
    *address = (MPI_Aint)location;
    return MPI_SUCCESS;
}

int MPI_Get_address(void *location, MPI_Aint *address)
{
    if (!address)
        FAIL(MPI_ERR_ARG, "MPI_Get_address");
    *address = (MPI_Aint)location;
    return MPI_SUCCESS;
}

/* Large counts: count.c's reading of a status of more than 2^31 - 1 bytes, which only its
 * MPI_Status_set_elements(_x) makes (and then sets this). */
int (*__mpi_big_status)(MPI_Status *status, MPI_Datatype datatype, int elements, int *count);
#define BIG_STATUS(s) (__mpi_big_status && ((s)->__count < 0 || (unsigned)(s)->__cancelled >> 1))

int MPI_Get_count(MPI_Status *status, MPI_Datatype datatype, int *count)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Get_count");
    if (!status || !count)
        FAIL(MPI_ERR_ARG, "MPI_Get_count");
    if (BIG_STATUS(status))
        return __mpi_big_status(status, datatype, 0, count);
    if (t->size == 0)
        *count = 0;
    else if (status->__count % t->size != 0)
        *count = MPI_UNDEFINED;
    else
        *count = status->__count / t->size;
    return MPI_SUCCESS;
}

int MPI_Get_elements(MPI_Status *status, MPI_Datatype datatype, int *count)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    int bytes, n, k;
    if (!t)
        FAIL(MPI_ERR_TYPE, "MPI_Get_elements");
    if (!status || !count)
        FAIL(MPI_ERR_ARG, "MPI_Get_elements");
    if (BIG_STATUS(status))
        return __mpi_big_status(status, datatype, 1, count);
    bytes = status->__count;
    if (t->size == 0) {
        *count = 0;
        return MPI_SUCCESS;
    }
    n = bytes / t->size * t->nelems;
    bytes %= t->size;
    /* then the whole basic elements of the partial item (a partial element does not count, as in MPICH) */
    if (t->flags & TF_COMPACT) {
        struct __mpi_runs r;
        __mpi_runs_start(&r, t);
        for (k = 0; k < t->nblocks && bytes > 0; k++) {
            int take;
            __MPI_RUNS_NEXT(&r);
            take = bytes < r.len ? bytes : r.len;
            n += take / r.esize;
            bytes -= take;
        }
        bytes = 0;
    }
    for (k = 0; k < t->nblocks && bytes > 0; k++) {
        int take = bytes < t->blocks[k].len ? bytes : t->blocks[k].len;
        n += take / t->blocks[k].esize;
        bytes -= take;
    }
    *count = n;
    return MPI_SUCCESS;
}

/* ---- Layouts --------------------------------------------------------------------------------------------------- */

char *__mpi_type_contig(struct __mpi_type *t, void *buf, int count)
{
    if (t->nblocks == 0)
        return (char *)buf;
    if (t->nblocks == 1 && (count <= 1 || t->blocks[0].len == t->ub - t->lb))
        return (char *)buf + t->blocks[0].disp;
    return 0;
}

int __mpi_type_words(struct __mpi_type *t, void *buf, int count, char **first, int *stride)
{
    int k, d, ext = t->ub - t->lb;
    char *p;
    if (t->nblocks == 0 || count <= 0)
        return -1;
    if (t->flags & TF_COMPACT)
        return compact_words(t, buf, count, first, stride);
    for (k = 0; k < t->nblocks; k++)
        if (t->blocks[k].len != 4)
            return -1;
    p = (char *)buf + t->blocks[0].disp;
    if (((unsigned)p & 3) != 0)
        return -1;
    if (t->nblocks > 1) {
        d = t->blocks[1].disp - t->blocks[0].disp;
        for (k = 2; k < t->nblocks; k++)
            if (t->blocks[k].disp - t->blocks[k - 1].disp != d)
                return -1;
        if (count > 1 && ext != d * t->nblocks)
            return -1;
    } else {
        d = ext;
        if (count == 1)
            d = 4;
    }
    if (d % 4 != 0 || d == 0 || d / 4 < -32768 || d / 4 > 32767)
        return -1;
    *first = p;
    *stride = d / 4;
    return count * t->nblocks;
}

int __mpi_type_wordruns(struct __mpi_type *t, void *buf, int count)
{
    int k;
    if (((unsigned)buf & 3) != 0 || (count > 1 && (t->ub - t->lb) % 4 != 0))
        return 0;
    if (t->flags & TF_COMPACT) {
        struct __mpi_runs r;
        __mpi_runs_start(&r, t);
        for (k = 0; k < t->nblocks; k++) {
            __MPI_RUNS_NEXT(&r);
            if ((r.disp & 3) != 0 || (r.len & 3) != 0)
                return 0;
        }
        return 1;
    }
    for (k = 0; k < t->nblocks; k++)
        if ((t->blocks[k].disp & 3) != 0 || (t->blocks[k].len & 3) != 0)
            return 0;
    return 1;
}

void __mpi_pack(const char *buf, int count, struct __mpi_type *t, char *out)
{
    int i, k, ext = t->ub - t->lb;
    char *c = __mpi_type_contig(t, (void *)buf, count);
    if (c) {
        memcpy(out, c, count * t->size);
        return;
    }
    if (t->flags & TF_COMPACT) {
        struct __mpi_runs r;
        for (i = 0; i < count; i++, buf += ext) {
            __mpi_runs_start(&r, t);
            for (k = 0; k < t->nblocks; k++) {
                __MPI_RUNS_NEXT(&r);
                memcpy(out, buf + r.disp, r.len);
                out += r.len;
            }
        }
        return;
    }
    for (i = 0; i < count; i++, buf += ext)
        for (k = 0; k < t->nblocks; k++) {
            memcpy(out, buf + t->blocks[k].disp, t->blocks[k].len);
            out += t->blocks[k].len;
        }
}

void __mpi_unpack(const char *in, int nbytes, char *buf, int count, struct __mpi_type *t)
{
    int i, k, ext = t->ub - t->lb;
    char *c = __mpi_type_contig(t, buf, count);
    if (nbytes > count * t->size)
        nbytes = count * t->size;
    if (c) {
        memcpy(c, in, nbytes);
        return;
    }
    if (t->flags & TF_COMPACT) {
        struct __mpi_runs r;
        for (i = 0; i < count && nbytes > 0; i++, buf += ext) {
            __mpi_runs_start(&r, t);
            for (k = 0; k < t->nblocks && nbytes > 0; k++) {
                int n;
                __MPI_RUNS_NEXT(&r);
                n = r.len < nbytes ? r.len : nbytes;
                memcpy(buf + r.disp, in, n);
                in += n;
                nbytes -= n;
            }
        }
        return;
    }
    for (i = 0; i < count && nbytes > 0; i++, buf += ext)
        for (k = 0; k < t->nblocks && nbytes > 0; k++) {
            int n = t->blocks[k].len < nbytes ? t->blocks[k].len : nbytes;
            memcpy(buf + t->blocks[k].disp, in, n);
            in += n;
            nbytes -= n;
        }
}

/* A position in the packed stream of count items (MPI_Pack's order), so that a long stream can be packed or
 * unpacked a piece at a time through a small buffer: the collectives move derived types so without
 * allocating. */
void __mpi_cursor_init(struct __mpi_cursor *k, const void *buf, int count, struct __mpi_type *t)
{
    k->t = t;
    k->contig = __mpi_type_contig(t, (void *)buf, count);
    k->item = (char *)buf;
    k->left = count;
    k->block = 0;
    k->off = 0;
    if (!k->contig && (t->flags & TF_COMPACT)) {
        __mpi_runs_start(&k->runs, t);
        __MPI_RUNS_NEXT(&k->runs);
    }
}

/* cursor_move for a compact type: the current run is k->runs. */
static int cursor_move_compact(struct __mpi_cursor *k, char *mem, int len, int pack)
{
    struct __mpi_type *t = k->t;
    int done = 0, ext = t->ub - t->lb;
    while (done < len && k->left > 0) {
        int n = k->runs.len - k->off;
        char *at = k->item + k->runs.disp + k->off;
        if (n > len - done)
            n = len - done;
        if (pack)
            memcpy(mem + done, at, n);
        else
            memcpy(at, mem + done, n);
        done += n;
        k->off += n;
        if (k->off == k->runs.len) {
            k->off = 0;
            if (++k->block == t->nblocks) {
                k->block = 0;
                k->item += ext;
                k->left--;
                __mpi_runs_start(&k->runs, t);
            }
            if (k->left > 0)
                __MPI_RUNS_NEXT(&k->runs);
        }
    }
    return done;
}

/* Copies up to len bytes between the stream (at the cursor) and mem: out of the stream (pack) or into it;
 * returns how many (fewer only at the end of the stream). */
static int cursor_move(struct __mpi_cursor *k, char *mem, int len, int pack)
{
    struct __mpi_type *t = k->t;
    int done = 0, ext = t->ub - t->lb;
    if (k->contig) {
        int n = k->left * t->size - k->off;
        n = len < n ? len : n;
        if (n > 0) {
            if (pack)
                memcpy(mem, k->contig + k->off, n);
            else
                memcpy(k->contig + k->off, mem, n);
        }
        k->off += n > 0 ? n : 0;
        return n > 0 ? n : 0;
    }
    if (t->flags & TF_COMPACT)
        return cursor_move_compact(k, mem, len, pack);
    while (done < len && k->left > 0) {
        struct __mpi_block *b = &t->blocks[k->block];
        int n = b->len - k->off;
        char *at = k->item + b->disp + k->off;
        if (n > len - done)
            n = len - done;
        if (pack)
            memcpy(mem + done, at, n);
        else
            memcpy(at, mem + done, n);
        done += n;
        k->off += n;
        if (k->off == b->len) {
            k->off = 0;
            if (++k->block == t->nblocks) {
                k->block = 0;
                k->item += ext;
                k->left--;
            }
        }
    }
    return done;
}

int __mpi_cursor_pack(struct __mpi_cursor *k, void *out, int len)
{
    return cursor_move(k, (char *)out, len, 1);
}

int __mpi_cursor_unpack(struct __mpi_cursor *k, const void *in, int len)
{
    return cursor_move(k, (char *)in, len, 0);
}

#ifdef __SCMP__
/* The runs go out one sendm each, the last with sendme; each sendm waits (the thread blocks) until the DMA
 * engine has finished the previous one. Runs longer than 65535 words take several. DMA_RUN puts the run of w
 * words at p (both used up) on that chain: the piece before it (pend, pwords: none while pwords is 0) goes with
 * sendm, the last piece stays pending for the next run or the closing sendme. A statement macro, not a function:
 * a call on the send path would move its cycles. */
#define DMA_RUN(p, w, pend, pwords)                                                                         \
    while ((w) > 0) {                                                                                       \
        int n_ = (w) > 65535 ? 65535 : (w);                                                                 \
        if (pwords)                                                                                         \
            __scmp_sendm(pend, (1u << 16) | (unsigned)(pwords));                                            \
        (pend) = (p);                                                                                       \
        (pwords) = n_;                                                                                      \
        (p) += n_ * 4;                                                                                      \
        (w) -= n_;                                                                                          \
    }

/* For a compact type, whose runs come in order (__mpi_runs_start, __MPI_RUNS_NEXT). */
static void dma_runs_compact(struct __mpi_type *t, char *buf, int count)
{
    int i, k, ext = t->ub - t->lb;
    char *pend = 0;
    int pwords = 0;
    struct __mpi_runs r;
    for (i = 0; i < count; i++, buf += ext) {
        __mpi_runs_start(&r, t);
        for (k = 0; k < t->nblocks; k++) {
            char *p;
            int w;
            __MPI_RUNS_NEXT(&r);
            p = buf + r.disp;
            w = r.len >> 2;
            DMA_RUN(p, w, pend, pwords);
        }
    }
    __scmp_sendme(pend, (1u << 16) | (unsigned)pwords);
}

void __mpi_dma_runs(struct __mpi_type *t, char *buf, int count)
{
    int i, k, ext = t->ub - t->lb;
    char *pend = 0;
    int pwords = 0;
    if (t->flags & TF_COMPACT) {
        dma_runs_compact(t, buf, count);
        return;
    }
    for (i = 0; i < count; i++, buf += ext)
        for (k = 0; k < t->nblocks; k++) {
            char *p = buf + t->blocks[k].disp;
            int w = t->blocks[k].len >> 2;
            DMA_RUN(p, w, pend, pwords);
        }
    __scmp_sendme(pend, (1u << 16) | (unsigned)pwords);
}
#endif

/* ---- Pack and Unpack -------------------------------------------------------------------------------------------- */

int MPI_Pack(void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position,
             MPI_Comm comm)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!__mpi_comm(comm))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Pack");
    if (!t || !(t->flags & TF_COMMITTED))
        return __mpi_error(comm, MPI_ERR_TYPE, "MPI_Pack");
    if (incount < 0)
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Pack");
    if (!position || outsize < 0 || *position < 0)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Pack");
    if (*position + incount * t->size > outsize)
        return __mpi_error(comm, MPI_ERR_TRUNCATE, "MPI_Pack");
    __mpi_pack((const char *)inbuf, incount, t, (char *)outbuf + *position);
    *position += incount * t->size;
    return MPI_SUCCESS;
}

int MPI_Unpack(void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype,
               MPI_Comm comm)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!__mpi_comm(comm))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Unpack");
    if (!t || !(t->flags & TF_COMMITTED))
        return __mpi_error(comm, MPI_ERR_TYPE, "MPI_Unpack");
    if (outcount < 0)
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Unpack");
    if (!position || insize < 0 || *position < 0)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Unpack");
    if (*position + outcount * t->size > insize)
        return __mpi_error(comm, MPI_ERR_TRUNCATE, "MPI_Unpack");
    __mpi_unpack((const char *)inbuf + *position, outcount * t->size, (char *)outbuf, outcount, t);
    *position += outcount * t->size;
    return MPI_SUCCESS;
}

int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    if (!__mpi_comm(comm))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Pack_size");
    if (!t)
        return __mpi_error(comm, MPI_ERR_TYPE, "MPI_Pack_size");
    if (incount < 0)
        return __mpi_error(comm, MPI_ERR_COUNT, "MPI_Pack_size");
    if (!size)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Pack_size");
    *size = incount * t->size;
    return MPI_SUCCESS;
}
