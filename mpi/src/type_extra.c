/* Datatypes beyond their layout (MPI-2 sections 4.14, 8.4 and 8.8; MPI-3 section 4.1.2), the same file in every
 * libmpi (SCMP's, the T3D's, the SP's) and linked only into programs that call one of its functions:
 *
 * - envelopes and contents: every constructor of datatype.c hands this file its arguments as it was given them
 *   (__mpi_type_record, through a weak reference: a program that never asks pays nothing), kept by handle with
 *   the combiner; the derived types among them are held (a type freed by the program stays until the types
 *   built on it are gone, as in MPICH), and MPI_Type_get_contents gives them back as handles of their own that
 *   the program may free;
 * - attributes (attr.c's keyvals and lists, shared with the communicators' and the windows'): copied by
 *   MPI_Type_dup through the copy callbacks, deleted (the delete callbacks) when the type goes, by MPI_Type_free
 *   when nothing else holds it;
 * - names: a derived type's own, or "", a predefined type's MPI name;
 * - MPI_Type_create_hindexed_block, MPI_Type_create_darray, MPI_Type_match_size over datatype.c's constructors;
 * - MPI_Pack_external / MPI_Unpack_external / MPI_Pack_external_size: "external32", big-endian, the standard's
 *   sizes (a long double is a 16-byte IEEE quad there, an 8-byte double here). */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

struct tinfo {
    int combiner;                   /* 0: none recorded */
    int ni, na, nt;
    unsigned char *ints;            /* the integers and the addresses, encoded (pack32) */
    unsigned char *aints;
    MPI_Datatype *types;
    struct __mpi_attr *attrs;
    char *name;                     /* 0: none set */
};

static struct tinfo **tab;          /* by handle */
static int ntab;

static struct tinfo *info(MPI_Datatype t, int make)
{
    if (t <= 0)
        return 0;
    if (t >= ntab) {
        int n = ntab ? ntab : MPI_FIRST_DERIVED + 16, j;
        if (!make)
            return 0;
        while (n <= t)
            n *= 2;
        tab = (struct tinfo **)__mpi_xrealloc(tab, n * (int)sizeof *tab, "MPI datatypes");
        for (j = ntab; j < n; j++)
            tab[j] = 0;
        ntab = n;
    }
    if (!tab[t] && make) {
        tab[t] = (struct tinfo *)__mpi_xcalloc(1, sizeof(struct tinfo), "MPI datatypes");
    }
    return tab[t];
}

/* ---- The arguments kept compressed --------------------------------------------------------------------------
 * MPICH's datatype/lots_of_types makes 1024 indexed types of 1024 blocks: their 2049 integers each, kept as
 * given, would take 8 MiB, a node's whole memory (its runs take 2 MiB compressed: datatype.c). They are kept as
 * the differences between successive values, zigzag-coded, each with the number of times it repeats (an
 * arithmetic sequence is one pair), each number in groups of 7 bits (LEB128): an indexed type of regular blocks
 * takes a few bytes, and arbitrary values at most 6 bytes each. MPI_Aint is 32 bits, as int is. */

#include "varint.h"

/* A sequence of 32-bit values given in parts (np arrays, their lengths), encoded: counted first (out 0), then
 * written, so that the encoding takes one allocation of its own size and no copy of the values. */
struct parts {
    int np;
    const unsigned *p[5];
    int n[5];
};

static void part(struct parts *q, const void *p, int n)
{
    q->p[q->np] = (const unsigned *)p;
    q->n[q->np++] = n;
}

static int encode(const struct parts *q, unsigned char *out)
{
    unsigned char tmp[10], *o = out;
    unsigned prev = 0, d = 0, last = 0;
    int i, j, k = 0, bytes = 0;
    for (i = 0; i <= q->np; i++)
        for (j = 0; j < (i < q->np ? q->n[i] : 1); j++) {
            int end = i == q->np;
            unsigned v = end ? 0 : q->p[i][j];
            if (!end && k > 0 && v - last == d) {
                k++;
                last = v;
                continue;
            }
            if (k > 0) {            /* the pending difference d, k times */
                unsigned char *e = put_varint(put_varint(out ? o : tmp, d << 1 ^ (0u - (d >> 31))), (unsigned)k);
                bytes += (int)(e - (out ? o : tmp));
                if (out)
                    o = e;
                prev = last;
            }
            if (end)
                break;
            d = v - prev;
            k = 1;
            last = v;
        }
    return bytes;
}

static unsigned char *pack32(const struct parts *q)
{
    unsigned char *out = (unsigned char *)__mpi_xmalloc(encode(q, 0) + 1, "MPI datatypes");
    encode(q, out);
    return out;
}

static void unpack32(const unsigned char *p, int n, unsigned *v)
{
    unsigned prev = 0;
    int i = 0;
    while (i < n) {
        unsigned z = get_varint(&p), d = (z >> 1) ^ (0u - (z & 1));
        int k = (int)get_varint(&p);
        while (k-- > 0 && i < n) {
            prev += d;
            v[i++] = prev;
        }
    }
}

static void drop_contents(struct tinfo *x)
{
    int i;
    for (i = 0; i < x->nt; i++)
        __mpi_type_release(x->types[i]);
    free(x->ints);
    free(x->aints);
    free(x->types);
    x->ints = 0;
    x->aints = 0;
    x->types = 0;
    x->ni = x->na = x->nt = 0;
    x->combiner = 0;
}

/* Keeps the contents of t (the integers in parts, encoded; the derived types among them held). */
static void set_contents(MPI_Datatype t, int combiner, const struct parts *ints, int na, const MPI_Aint *aints,
                         int nt, const MPI_Datatype *types)
{
    struct parts a;
    struct tinfo *x = info(t, 1);
    int i;
    for (i = 0; i < nt; i++)         /* before the old ones go: they may be the same types */
        __mpi_type_hold(types[i]);
    drop_contents(x);
    x->combiner = combiner;
    x->ni = 0;
    for (i = 0; i < ints->np; i++)
        x->ni += ints->n[i];
    x->na = na;
    x->nt = nt;
    a.np = 0;
    part(&a, aints, na);
    x->ints = pack32(ints);
    x->aints = pack32(&a);
    x->types = (MPI_Datatype *)__mpi_xmalloc(nt ? nt * (int)sizeof(MPI_Datatype) : 1, "MPI datatypes");
    if (nt)
        memcpy(x->types, types, nt * sizeof(MPI_Datatype));
}

/* datatype.c's constructors, after each success: the arguments that the combiner uses (mpi_internal.h). */
void __mpi_type_record(MPI_Datatype t, int combiner, int count, int s1, int s2, const int *v1, const int *v2,
                       const int *v3, const MPI_Aint *av, MPI_Aint a1, MPI_Aint a2, const MPI_Datatype *types,
                       MPI_Datatype old)
{
    int head[3], na = 0, nt = 1;
    MPI_Aint aa[2];
    const MPI_Aint *aints = aa;
    const MPI_Datatype *tp = &old;
    struct parts q;
    if (count < 0)
        count = 0;
    head[0] = count;
    head[1] = s1;
    head[2] = s2;
    q.np = 0;
    switch (combiner) {
    case MPI_COMBINER_CONTIGUOUS:
        part(&q, head, 1);
        break;
    case MPI_COMBINER_VECTOR:
        part(&q, head, 3);
        break;
    case MPI_COMBINER_HVECTOR:
        part(&q, head, 2);
        aa[0] = a1;
        na = 1;
        break;
    case MPI_COMBINER_INDEXED:
        part(&q, head, 1);
        part(&q, v1, count);
        part(&q, v2, count);
        break;
    case MPI_COMBINER_INDEXED_BLOCK:
        part(&q, head, 2);
        part(&q, v2, count);
        break;
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_STRUCT:
        part(&q, head, 1);
        part(&q, v1, count);
        aints = av;
        na = count;
        if (combiner == MPI_COMBINER_STRUCT) {
            tp = types;
            nt = count;
        }
        break;
    case MPI_COMBINER_SUBARRAY:      /* ndims, sizes, subsizes, starts, order */
        part(&q, head, 1);
        part(&q, v1, count);
        part(&q, v2, count);
        part(&q, v3, count);
        part(&q, head + 1, 1);
        break;
    case MPI_COMBINER_RESIZED:
        aa[0] = a1;
        aa[1] = a2;
        na = 2;
        break;
    default:                        /* MPI_COMBINER_DUP */
        break;
    }
    set_contents(t, combiner, &q, na, aints, nt, tp);
}

static struct __mpi_attr **attrs_of(MPI_Datatype t)
{
    return &info(t, 1)->attrs;
}

/* MPI_Type_dup: the new type's contents (the old type, held), and the attributes whose copy callbacks say so. */
int __mpi_type_duped(MPI_Datatype oldtype, MPI_Datatype newtype)
{
    struct tinfo *x = info(oldtype, 0);
    struct parts q;
    q.np = 0;
    set_contents(newtype, MPI_COMBINER_DUP, &q, 0, 0, 1, &oldtype);
    if (!x || !x->attrs)
        return MPI_SUCCESS;
    return __mpi_attr_copy_list(oldtype, x->attrs, attrs_of(newtype));
}

/* MPI_Type_free of a type nothing else holds: its attributes go first; a delete callback that fails keeps the
 * type (and its error is the call's). Held by another type or a pending request, the type's attributes go when
 * it does (__mpi_type_forget). */
int __mpi_type_freed(MPI_Datatype t)
{
    struct tinfo *x = info(t, 0);
    struct __mpi_type *d = __mpi_type_get(t);
    if (!x || !x->attrs || !d || d->refs > 1)
        return MPI_SUCCESS;
    return __mpi_attr_clear(&x->attrs, t);
}

void __mpi_type_forget(MPI_Datatype t)
{
    struct tinfo *x = info(t, 0);
    if (!x)
        return;
    tab[t] = 0;
    if (x->attrs)
        __mpi_attr_clear(&x->attrs, t);
    drop_contents(x);
    free(x->name);
    free(x);
}

/* ---- Envelopes and contents --------------------------------------------------------------------------------- */

#define TYPE_ERR(code, fn) return __mpi_error(MPI_COMM_WORLD, code, fn)

int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
                          int *combiner)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    struct tinfo *x;
    if (!t)
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_get_envelope");
    if (!num_integers || !num_addresses || !num_datatypes || !combiner)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_get_envelope");
    if (t->flags & TF_PREDEFINED) {
        *num_integers = *num_addresses = *num_datatypes = 0;
        *combiner = MPI_COMBINER_NAMED;
        return MPI_SUCCESS;
    }
    x = info(datatype, 0);
    if (!x || !x->combiner)
        TYPE_ERR(MPI_ERR_INTERN, "MPI_Type_get_envelope");
    *num_integers = x->ni;
    *num_addresses = x->na;
    *num_datatypes = x->nt;
    *combiner = x->combiner;
    return MPI_SUCCESS;
}

int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                          int *array_of_integers, MPI_Aint *array_of_addresses, MPI_Datatype *array_of_datatypes)
{
    static const char fn[] = "MPI_Type_get_contents";
    struct __mpi_type *t = __mpi_type_get(datatype);
    struct tinfo *x;
    int i;
    if (!t)
        TYPE_ERR(MPI_ERR_TYPE, fn);
    if (t->flags & TF_PREDEFINED)
        TYPE_ERR(MPI_ERR_TYPE, fn);     /* a named type has no contents */
    x = info(datatype, 0);
    if (!x || !x->combiner)
        TYPE_ERR(MPI_ERR_INTERN, fn);
    if (max_integers < x->ni || max_addresses < x->na || max_datatypes < x->nt)
        TYPE_ERR(MPI_ERR_OTHER, fn);    /* as MPICH */
    if ((x->ni && !array_of_integers) || (x->na && !array_of_addresses) || (x->nt && !array_of_datatypes))
        TYPE_ERR(MPI_ERR_ARG, fn);
    unpack32(x->ints, x->ni, (unsigned *)array_of_integers);
    unpack32(x->aints, x->na, (unsigned *)array_of_addresses);
    for (i = 0; i < x->nt; i++) {
        array_of_datatypes[i] = x->types[i];
        __mpi_type_hold(x->types[i]);   /* the program's to free (derived types only: the others are named) */
    }
    return MPI_SUCCESS;
}

/* ---- Attributes and names ------------------------------------------------------------------------------------ */

int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                           MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state)
{
    if (!type_keyval)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_create_keyval");
    return MPI_Keyval_create((MPI_Copy_function *)type_copy_attr_fn, (MPI_Delete_function *)type_delete_attr_fn,
                             type_keyval, extra_state);
}

int MPI_Type_free_keyval(int *type_keyval)
{
    if (!type_keyval || MPI_Keyval_free(type_keyval) != MPI_SUCCESS)
        TYPE_ERR(MPI_ERR_KEYVAL, "MPI_Type_free_keyval");
    return MPI_SUCCESS;
}

int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    int err;
    if (!__mpi_type_get(datatype))
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_set_attr");
    err = __mpi_attr_put(attrs_of(datatype), datatype, type_keyval, attribute_val);
    return __mpi_error(MPI_COMM_WORLD, err == MPI_ERR_ARG ? MPI_ERR_KEYVAL : err, "MPI_Type_set_attr");
}

int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    struct tinfo *x;
    if (!__mpi_type_get(datatype))
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_get_attr");
    if (!attribute_val || !flag)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_get_attr");
    if (type_keyval < 16)           /* MPI_KEYVAL_INVALID, the communicators' predefined keys (attr.c) */
        TYPE_ERR(MPI_ERR_KEYVAL, "MPI_Type_get_attr");
    x = info(datatype, 0);
    *flag = 0;
    if (x)
        __mpi_attr_get(&x->attrs, type_keyval, attribute_val, flag);
    return MPI_SUCCESS;
}

int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    int err;
    if (!__mpi_type_get(datatype))
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_delete_attr");
    err = __mpi_attr_delete(attrs_of(datatype), datatype, type_keyval);
    return __mpi_error(MPI_COMM_WORLD, err == MPI_ERR_ARG ? MPI_ERR_KEYVAL : err, "MPI_Type_delete_attr");
}

static const char *const predef_names[] = {
    "MPI_DATATYPE_NULL", "MPI_CHAR", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR", "MPI_BYTE", "MPI_SHORT",
    "MPI_UNSIGNED_SHORT", "MPI_INT", "MPI_UNSIGNED", "MPI_LONG", "MPI_UNSIGNED_LONG", "MPI_LONG_LONG_INT",
    "MPI_UNSIGNED_LONG_LONG", "MPI_FLOAT", "MPI_DOUBLE", "MPI_LONG_DOUBLE", "MPI_PACKED", "MPI_FLOAT_INT",
    "MPI_DOUBLE_INT", "MPI_LONG_INT", "MPI_2INT", "MPI_SHORT_INT", "MPI_LONG_DOUBLE_INT", "MPI_UB", "MPI_LB",
    "MPI_C_COMPLEX", "MPI_C_DOUBLE_COMPLEX", "MPI_C_LONG_DOUBLE_COMPLEX", "MPI_CHARACTER", "MPI_INTEGER", "MPI_REAL",
    "MPI_LOGICAL", "MPI_DOUBLE_PRECISION", "MPI_COMPLEX", "MPI_DOUBLE_COMPLEX", "MPI_2INTEGER", "MPI_2REAL",
    "MPI_2DOUBLE_PRECISION", "MPI_INTEGER1", "MPI_INTEGER2", "MPI_INTEGER4", "MPI_INTEGER8", "MPI_REAL4", "MPI_REAL8",
    "MPI_COMPLEX8", "MPI_COMPLEX16", "MPI_WCHAR", "MPI_AINT", "MPI_OFFSET", "MPI_COUNT", "MPI_INT8_T", "MPI_INT16_T",
    "MPI_INT32_T", "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_UINT32_T", "MPI_UINT64_T", "MPI_C_BOOL",
    "MPI_CXX_BOOL", "MPI_CXX_FLOAT_COMPLEX", "MPI_CXX_DOUBLE_COMPLEX", "MPI_CXX_LONG_DOUBLE_COMPLEX"
};
_Static_assert(sizeof predef_names / sizeof *predef_names == MPI_CXX_LONG_DOUBLE_COMPLEX + 1,
               "a name for every predefined type");

int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    struct tinfo *x;
    int n;
    if (!__mpi_type_get(datatype))
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_set_name");
    if (!type_name)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_set_name");
    x = info(datatype, 1);
    n = (int)strlen(type_name);
    if (n > MPI_MAX_OBJECT_NAME - 1)
        n = MPI_MAX_OBJECT_NAME - 1;      /* cut, as the standard allows */
    if (!x->name)
        x->name = (char *)__mpi_xmalloc(MPI_MAX_OBJECT_NAME, "MPI_Type_set_name");
    memcpy(x->name, type_name, n);
    x->name[n] = 0;
    return MPI_SUCCESS;
}

int MPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    struct tinfo *x;
    const char *s = "";
    if (!t)
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Type_get_name");
    if (!type_name || !resultlen)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_get_name");
    x = info(datatype, 0);
    if (x && x->name)
        s = x->name;
    else if (t->flags & TF_PREDEFINED)
        s = predef_names[datatype];
    strcpy(type_name, s);
    *resultlen = (int)strlen(s);
    return MPI_SUCCESS;
}

/* ---- More constructors ------------------------------------------------------------------------------------------ */

int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint *array_of_displacements,
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    static const char fn[] = "MPI_Type_create_hindexed_block";
    int *blens, i, err;
    if (!__mpi_type_get(oldtype))
        TYPE_ERR(MPI_ERR_TYPE, fn);
    if (count < 0 || blocklength < 0)
        TYPE_ERR(MPI_ERR_COUNT, fn);
    if (!newtype || (count > 0 && !array_of_displacements))
        TYPE_ERR(MPI_ERR_ARG, fn);
    blens = (int *)malloc(count ? count * sizeof(int) : 1);
    if (!blens)
        TYPE_ERR(MPI_ERR_NO_MEM, fn);
    for (i = 0; i < count; i++)
        blens[i] = blocklength;
    err = MPI_Type_create_hindexed(count, blens, (MPI_Aint *)array_of_displacements, oldtype, newtype);
    free(blens);
    if (err == MPI_SUCCESS) {
        int ints[2];
        struct parts q;
        ints[0] = count;
        ints[1] = blocklength;
        q.np = 0;
        part(&q, ints, 2);
        set_contents(*newtype, MPI_COMBINER_HINDEXED_BLOCK, &q, count, array_of_displacements, 1, &oldtype);
    }
    return err;
}

/* The indices of one dimension of a distributed array that the process at coordinate c of p owns, in order:
 * their number. */
static int owned(int gsize, int distrib, int darg, int p, int c, int *idx)
{
    int n = 0, j, k;
    if (distrib == MPI_DISTRIBUTE_NONE) {
        for (j = 0; j < gsize; j++)
            idx[n++] = j;
    } else if (distrib == MPI_DISTRIBUTE_BLOCK) {
        int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + p - 1) / p : darg;
        for (j = c * b; j < (c + 1) * b && j < gsize; j++)
            idx[n++] = j;
    } else {
        int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
        for (j = c * b; j < gsize; j += p * b)
            for (k = j; k < j + b && k < gsize; k++)
                idx[n++] = k;
    }
    return n;
}

/* A distributed array's share (MPI-2 section 4.14.5): the processes form a grid of psizes in row-major order
 * (whatever the array's order); along each dimension a process owns a block, blocks dealt cyclically, or the
 * whole. The type is built from the fastest dimension out, an hindexed type of the indices owned at each level,
 * and resized to the whole array (lower bound 0), as MPICH does. */
int MPI_Type_create_darray(int size, int rank, int ndims, const int *array_of_gsizes, const int *array_of_distribs,
                           const int *array_of_dargs, const int *array_of_psizes, int order, MPI_Datatype oldtype,
                           MPI_Datatype *newtype)
{
    static const char fn[] = "MPI_Type_create_darray";
    struct __mpi_type *c = __mpi_type_get(oldtype);
    int i, k, procs = size, r = rank, coords[32], err = MPI_SUCCESS, *idx, *blens, *ints;
    MPI_Aint *disps, ext, stride;
    MPI_Datatype cur = oldtype, next;
    if (!c)
        TYPE_ERR(MPI_ERR_TYPE, fn);
    if (size <= 0 || rank < 0 || rank >= size || ndims <= 0 || ndims > 32 || !array_of_gsizes
        || !array_of_distribs || !array_of_dargs || !array_of_psizes || !newtype
        || (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN))
        TYPE_ERR(MPI_ERR_ARG, fn);
    for (i = 0; i < ndims; i++) {
        int g = array_of_gsizes[i], d = array_of_distribs[i], a = array_of_dargs[i], p = array_of_psizes[i];
        if (g <= 0 || p <= 0 || procs % p != 0)
            TYPE_ERR(MPI_ERR_ARG, fn);
        if (d != MPI_DISTRIBUTE_BLOCK && d != MPI_DISTRIBUTE_CYCLIC && d != MPI_DISTRIBUTE_NONE)
            TYPE_ERR(MPI_ERR_ARG, fn);
        if (d == MPI_DISTRIBUTE_NONE && p != 1)
            TYPE_ERR(MPI_ERR_ARG, fn);
        if (a != MPI_DISTRIBUTE_DFLT_DARG && (a <= 0 || (d == MPI_DISTRIBUTE_BLOCK && (long long)a * p < g)))
            TYPE_ERR(MPI_ERR_ARG, fn);
        procs /= p;
        coords[i] = r / procs;
        r %= procs;
    }
    if (procs != 1)
        TYPE_ERR(MPI_ERR_ARG, fn);
    ext = c->ub - c->lb;
    stride = ext;
    k = 1;
    for (i = 0; i < ndims; i++)
        if (array_of_gsizes[i] > k)
            k = array_of_gsizes[i];
    idx = (int *)malloc(k * sizeof(int));
    blens = (int *)malloc(k * sizeof(int));
    disps = (MPI_Aint *)malloc(k * sizeof(MPI_Aint));
    ints = (int *)malloc((4 * ndims + 4) * sizeof(int));
    if (!idx || !blens || !disps || !ints) {
        free(idx);
        free(blens);
        free(disps);
        free(ints);
        TYPE_ERR(MPI_ERR_NO_MEM, fn);
    }
    /* from the fastest dimension to the slowest */
    for (k = 0; k < ndims && err == MPI_SUCCESS; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k, n, j;
        n = owned(array_of_gsizes[d], array_of_distribs[d], array_of_dargs[d], array_of_psizes[d], coords[d], idx);
        for (j = 0; j < n; j++) {
            blens[j] = 1;
            disps[j] = idx[j] * stride;
        }
        err = MPI_Type_create_hindexed(n, blens, disps, cur, &next);
        if (cur != oldtype)
            MPI_Type_free(&cur);
        cur = next;
        stride *= array_of_gsizes[d];
    }
    if (err == MPI_SUCCESS) {
        err = MPI_Type_create_resized(cur, 0, stride, newtype);
        MPI_Type_free(&cur);
    }
    if (err == MPI_SUCCESS) {
        ints[0] = size;
        ints[1] = rank;
        ints[2] = ndims;
        for (i = 0; i < ndims; i++) {
            ints[3 + i] = array_of_gsizes[i];
            ints[3 + ndims + i] = array_of_distribs[i];
            ints[3 + 2 * ndims + i] = array_of_dargs[i];
            ints[3 + 3 * ndims + i] = array_of_psizes[i];
        }
        ints[3 + 4 * ndims] = order;
        struct parts q;
        q.np = 0;
        part(&q, ints, 4 * ndims + 4);
        set_contents(*newtype, MPI_COMBINER_DARRAY, &q, 0, 0, 1, &oldtype);
    }
    free(idx);
    free(blens);
    free(disps);
    free(ints);
    return err;
}

/* The first predefined type of the class and size in MPICH 4.0.2's order, which puts the Fortran types of explicit
 * size first (it answers MPI_INTEGER4 for 4 bytes of MPI_TYPECLASS_INTEGER, MPI_REAL8 for 8 of MPI_TYPECLASS_REAL);
 * sizes no type has are MPI_ERR_ARG. */
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    static const MPI_Datatype reals[] = { MPI_REAL4, MPI_REAL8, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, 0 };
    static const MPI_Datatype integers[] = { MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8, MPI_CHAR,
                                             MPI_SHORT, MPI_INT, MPI_LONG, MPI_LONG_LONG_INT, 0 };
    static const MPI_Datatype complexes[] = { MPI_COMPLEX8, MPI_COMPLEX16, MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX,
                                              MPI_C_LONG_DOUBLE_COMPLEX, 0 };
    const MPI_Datatype *l;
    if (!datatype)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_match_size");
    if (typeclass == MPI_TYPECLASS_REAL)
        l = reals;
    else if (typeclass == MPI_TYPECLASS_INTEGER)
        l = integers;
    else if (typeclass == MPI_TYPECLASS_COMPLEX)
        l = complexes;
    else
        TYPE_ERR(MPI_ERR_ARG, "MPI_Type_match_size");
    for (; *l; l++)
        if (__mpi_type_size(*l) == size) {
            *datatype = *l;
            return MPI_SUCCESS;
        }
    TYPE_ERR(MPI_ERR_ARG, "MPI_Type_match_size");
}

/* ---- MPI_Type_create_f90_integer / real / complex (MPI-2 section 10.2.5) -------------------------------------
 * The smallest type of the model asked for (decimal range r, and precision p for the reals and complexes; either
 * may be MPI_UNDEFINED, which asks nothing): integers of 2, 4, 9 and 18 digits are INTEGER1, 2, 4 and 8; reals of
 * 6 digits and exponent range 37 are REAL4, of 15 and 307 REAL8 (a long double is a double here: no wider); the
 * complexes follow the reals. Anything wider is MPI_ERR_OTHER, as in MPICH. The type returned is predefined, as
 * the standard says: one per combiner and (p, r), made once and the same handle each time after (MPICH's cache),
 * committed, not to be freed (MPI_Type_free refuses it), unnamed; its envelope is MPI_COMBINER_F90_INTEGER (one
 * integer, r) or _REAL/_COMPLEX (two, p and r) with no datatypes, and it sends, packs and reduces as its base
 * type, which MPI_Type_get_contents does not give. */

struct f90type {
    int combiner, p, r;
    MPI_Datatype t;
};
static struct f90type *f90types;
static int nf90, capf90;

static int f90_type(const char *fn, MPI_Datatype base, int combiner, int p, int r, MPI_Datatype *newtype)
{
    struct __mpi_type *d;
    struct parts q;
    int ints[2], i, err;
    if (!newtype)
        TYPE_ERR(MPI_ERR_ARG, fn);
    if (base == MPI_DATATYPE_NULL)
        TYPE_ERR(MPI_ERR_OTHER, fn);
    for (i = 0; i < nf90; i++)
        if (f90types[i].combiner == combiner && f90types[i].p == p && f90types[i].r == r) {
            *newtype = f90types[i].t;
            return MPI_SUCCESS;
        }
    if (nf90 == capf90) {
        capf90 = capf90 ? 2 * capf90 : 8;
        f90types = (struct f90type *)__mpi_xrealloc(f90types, capf90 * (int)sizeof *f90types, fn);
    }
    err = MPI_Type_contiguous(1, base, newtype);
    if (err != MPI_SUCCESS)
        return err;
    d = __mpi_type_get(*newtype);
    d->flags |= TF_COMMITTED | TF_F90;
    q.np = 0;
    ints[0] = combiner == MPI_COMBINER_F90_INTEGER ? r : p;
    ints[1] = r;
    part(&q, ints, combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2);
    set_contents(*newtype, combiner, &q, 0, 0, 0, 0);
    f90types[nf90].combiner = combiner;
    f90types[nf90].p = p;
    f90types[nf90].r = r;
    f90types[nf90++].t = *newtype;
    return MPI_SUCCESS;
}

int MPI_Type_create_f90_integer(int range, MPI_Datatype *newtype)
{
    MPI_Datatype base = range <= 2 ? MPI_INTEGER1 : range <= 4 ? MPI_INTEGER2 : range <= 9 ? MPI_INTEGER4
                        : range <= 18 ? MPI_INTEGER8 : MPI_DATATYPE_NULL;
    return f90_type("MPI_Type_create_f90_integer", base, MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, range, newtype);
}

/* 0 for (6, 37), 1 for (15, 307), -1 when wider */
static int real_model(int p, int r)
{
    return p <= 6 && r <= 37 ? 0 : p <= 15 && r <= 307 ? 1 : -1;
}

int MPI_Type_create_f90_real(int precision, int range, MPI_Datatype *newtype)
{
    int m = real_model(precision, range);
    return f90_type("MPI_Type_create_f90_real", m < 0 ? MPI_DATATYPE_NULL : m ? MPI_REAL8 : MPI_REAL4,
                    MPI_COMBINER_F90_REAL, precision, range, newtype);
}

int MPI_Type_create_f90_complex(int precision, int range, MPI_Datatype *newtype)
{
    int m = real_model(precision, range);
    return f90_type("MPI_Type_create_f90_complex", m < 0 ? MPI_DATATYPE_NULL : m ? MPI_COMPLEX16 : MPI_COMPLEX8,
                    MPI_COMBINER_F90_COMPLEX, precision, range, newtype);
}

/* ---- external32 ------------------------------------------------------------------------------------------------
 * Every element big-endian at the standard's size (MPI-2 section 9.5.2): the sizes here are the standard's but for
 * the long double, 8 bytes here (a double) and a 16-byte IEEE quad there. A type's runs give each element's size;
 * a type whose elements are all MPI_LONG_DOUBLE (or MPI_LONG_DOUBLE_INT) has its 8-byte ones taken as long
 * doubles. Pack converts a double into a quad exactly; unpack rounds a quad toward zero into a double. Two more
 * differ: an MPI_AINT (4 bytes here) is 8 there, sign-extended and cut back; an MPI_WCHAR (a 4-byte long here)
 * is 2 there, its low 16 bits, zero-extended back (a type whose elements are all of one of them). */

static int external32(const char *datarep)
{
    return datarep && strcmp(datarep, "external32") == 0;
}

/* Calls f on each run of one item of t, in order. */
static void each_run(struct __mpi_type *t, void (*f)(void *cx, int disp, int len, int esize), void *cx)
{
    int k;
    if (t->flags & TF_COMPACT) {
        struct __mpi_runs r;
        __mpi_runs_start(&r, t);
        for (k = 0; k < t->nblocks; k++) {
            __mpi_runs_next(&r);
            f(cx, r.disp, r.len, r.esize);
        }
        return;
    }
    for (k = 0; k < t->nblocks; k++)
        f(cx, t->blocks[k].disp, t->blocks[k].len, t->blocks[k].esize);
}

struct ext {
    int ld;                 /* the 8-byte elements are long doubles */
    int wide;               /* the 4-byte elements: 8 external bytes (MPI_AINT), 2 (MPI_WCHAR), or 0: 4 */
    int bytes;              /* external bytes of one item */
    char *mem;              /* the item */
    unsigned char *x;       /* the external stream */
    int pack;
};

static void count_run(void *cx, int disp, int len, int esize)
{
    struct ext *e = (struct ext *)cx;
    (void)disp;
    e->bytes += e->ld && esize == 8 ? len * 2 : e->wide && esize == 4 ? len / 4 * e->wide : len;
}

static void double_to_quad(const unsigned char *in, unsigned char *out)
{
    unsigned long long d, hi, lo, m;
    int e, i, shifts = 0;
    memcpy(&d, in, 8);
    m = d & 0xfffffffffffffULL;
    e = (int)(d >> 52) & 0x7ff;
    hi = d & 0x8000000000000000ULL;
    lo = 0;
    if (e == 0x7ff) {
        hi |= 0x7fffULL << 48 | m >> 4;
        lo = m << 60;
    } else if (e != 0 || m != 0) {
        if (e == 0) {               /* subnormal: normalise */
            while (!(m & 0x10000000000000ULL)) {
                m <<= 1;
                shifts++;
            }
            m &= 0xfffffffffffffULL;
            e = 1 - shifts;
        }
        hi |= (unsigned long long)(e - 1023 + 16383) << 48 | m >> 4;
        lo = m << 60;
    }
    for (i = 0; i < 8; i++) {
        out[i] = (unsigned char)(hi >> (56 - 8 * i));
        out[8 + i] = (unsigned char)(lo >> (56 - 8 * i));
    }
}

static void quad_to_double(const unsigned char *in, unsigned char *out)
{
    unsigned long long hi = 0, lo = 0, d, m;
    int i, e;
    for (i = 0; i < 8; i++) {
        hi = hi << 8 | in[i];
        lo = lo << 8 | in[8 + i];
    }
    d = hi & 0x8000000000000000ULL;
    e = (int)(hi >> 48) & 0x7fff;
    m = (hi & 0xffffffffffffULL) << 4 | lo >> 60;
    if (e == 0x7fff)
        d |= 0x7ffULL << 52 | m | (m == 0 && ((hi & 0xffffffffffffULL) | lo) ? 1 : 0);
    else if (e != 0) {
        int de = e - 16383 + 1023;
        if (de >= 0x7ff)
            d |= 0x7ffULL << 52;                /* too large: infinity */
        else if (de > 0)
            d |= (unsigned long long)de << 52 | m;
        else if (de > -52)
            d |= (m | 0x10000000000000ULL) >> (1 - de);     /* subnormal */
    }
    memcpy(out, &d, 8);
}

static void move_run(void *cx, int disp, int len, int esize)
{
    struct ext *e = (struct ext *)cx;
    unsigned char *m = (unsigned char *)e->mem + disp;
    int n, i;
    if (e->ld && esize == 8) {
        for (n = 0; n < len; n += 8, m += 8, e->x += 16) {
            if (e->pack)
                double_to_quad(m, e->x);
            else
                quad_to_double(e->x, m);
        }
        return;
    }
    if (e->wide && esize == 4) {
        for (n = 0; n < len; n += 4, m += 4, e->x += e->wide) {
            unsigned v;
            if (e->pack) {
                memcpy(&v, m, 4);
                for (i = 0; i < e->wide; i++)      /* sign bytes first when 8 */
                    e->x[i] = (unsigned char)(i < e->wide - 4 ? 0u - (v >> 31) : v >> (8 * (e->wide - 1 - i)));
            } else {
                v = 0;
                for (i = e->wide > 4 ? e->wide - 4 : 0; i < e->wide; i++)
                    v = v << 8 | e->x[i];
                memcpy(m, &v, 4);
            }
        }
        return;
    }
    for (n = 0; n < len; n += esize, m += esize, e->x += esize)
        for (i = 0; i < esize; i++) {
            if (e->pack)
                e->x[i] = m[esize - 1 - i];
            else
                m[esize - 1 - i] = e->x[i];
        }
}

/* One item's external bytes; 0 for a type that is not valid. */
static struct __mpi_type *ext_type(MPI_Datatype datatype, struct ext *e)
{
    struct __mpi_type *t = __mpi_type_get(datatype);
    int el;
    memset(e, 0, sizeof *e);
    if (!t)
        return 0;
    el = __mpi_type_elements(datatype);
    e->ld = el == MPI_LONG_DOUBLE || el == MPI_LONG_DOUBLE_INT || el == MPI_C_LONG_DOUBLE_COMPLEX
            || el == MPI_CXX_LONG_DOUBLE_COMPLEX;
    e->wide = el == MPI_AINT ? 8 : el == MPI_WCHAR ? 2 : 0;
    each_run(t, count_run, e);
    return t;
}

int MPI_Pack_external_size(const char *datarep, int incount, MPI_Datatype datatype, MPI_Aint *size)
{
    struct ext e;
    if (!external32(datarep) || !size)
        TYPE_ERR(MPI_ERR_ARG, "MPI_Pack_external_size");
    if (!ext_type(datatype, &e))
        TYPE_ERR(MPI_ERR_TYPE, "MPI_Pack_external_size");
    if (incount < 0)
        TYPE_ERR(MPI_ERR_COUNT, "MPI_Pack_external_size");
    *size = (MPI_Aint)incount * e.bytes;
    return MPI_SUCCESS;
}

static int move_external(const char *fn, int pack, const char *datarep, char *mem, int count, MPI_Datatype datatype,
                         unsigned char *x, MPI_Aint xsize, MPI_Aint *position)
{
    struct ext e;
    struct __mpi_type *t;
    int i;
    if (!external32(datarep) || !position || xsize < 0 || *position < 0)
        TYPE_ERR(MPI_ERR_ARG, fn);
    t = ext_type(datatype, &e);
    if (!t || !(t->flags & TF_COMMITTED))
        TYPE_ERR(MPI_ERR_TYPE, fn);
    if (count < 0)
        TYPE_ERR(MPI_ERR_COUNT, fn);
    if (*position + (MPI_Aint)count * e.bytes > xsize)
        TYPE_ERR(MPI_ERR_TRUNCATE, fn);
    e.pack = pack;
    e.x = x + *position;
    for (i = 0; i < count; i++) {
        e.mem = mem + (MPI_Aint)i * (t->ub - t->lb);
        each_run(t, move_run, &e);
    }
    *position += (MPI_Aint)count * e.bytes;
    return MPI_SUCCESS;
}

int MPI_Pack_external(const char *datarep, const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf,
                      MPI_Aint outsize, MPI_Aint *position)
{
    return move_external("MPI_Pack_external", 1, datarep, (char *)inbuf, incount, datatype,
                         (unsigned char *)outbuf, outsize, position);
}

int MPI_Unpack_external(const char *datarep, const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                        void *outbuf, int outcount, MPI_Datatype datatype)
{
    return move_external("MPI_Unpack_external", 0, datarep, (char *)outbuf, outcount, datatype,
                         (unsigned char *)inbuf, insize, position);
}
