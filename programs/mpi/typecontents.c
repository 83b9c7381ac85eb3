/* MPI_Type_get_envelope and MPI_Type_get_contents (MPI-2 section 8.6) for every constructor: the combiner, the
 * numbers of integers, addresses and datatypes, and the arguments as they were given; MPI_COMBINER_NAMED for the
 * predefined types and the pair types; the old type of a type given back by get_contents, a handle of its own
 * that the program frees (also after the program freed the original); a contents tree walked to its leaves;
 * the error classes of get_contents on a named type and with arrays too short (MPI_ERR_OTHER, as MPICH). Prints on rank 0; compared with
 * MPICH's output (typecontents.4.expected, typecontents.16.expected). */
#include <mpi.h>
#include <stdio.h>

static int rank;

static const char *combiner_name(int c)
{
    switch (c) {
    case MPI_COMBINER_NAMED: return "NAMED";
    case MPI_COMBINER_DUP: return "DUP";
    case MPI_COMBINER_CONTIGUOUS: return "CONTIGUOUS";
    case MPI_COMBINER_VECTOR: return "VECTOR";
    case MPI_COMBINER_HVECTOR: return "HVECTOR";
    case MPI_COMBINER_INDEXED: return "INDEXED";
    case MPI_COMBINER_HINDEXED: return "HINDEXED";
    case MPI_COMBINER_INDEXED_BLOCK: return "INDEXED_BLOCK";
    case MPI_COMBINER_HINDEXED_BLOCK: return "HINDEXED_BLOCK";
    case MPI_COMBINER_STRUCT: return "STRUCT";
    case MPI_COMBINER_SUBARRAY: return "SUBARRAY";
    case MPI_COMBINER_DARRAY: return "DARRAY";
    case MPI_COMBINER_RESIZED: return "RESIZED";
    }
    return "other";
}

static const char *type_name(MPI_Datatype t)
{
    if (t == MPI_CHAR) return "MPI_CHAR";
    if (t == MPI_SHORT) return "MPI_SHORT";
    if (t == MPI_INT) return "MPI_INT";
    if (t == MPI_LONG) return "MPI_LONG";
    if (t == MPI_FLOAT) return "MPI_FLOAT";
    if (t == MPI_DOUBLE) return "MPI_DOUBLE";
    if (t == MPI_BYTE) return "MPI_BYTE";
    if (t == MPI_2INT) return "MPI_2INT";
    if (t == MPI_DOUBLE_INT) return "MPI_DOUBLE_INT";
    return "derived";
}

/* Prints the envelope and contents of t, then those of each derived type in it, indented; frees what
 * get_contents gave. */
static void show(MPI_Datatype t, int depth)
{
    int ni, na, nt, comb, i, ints[64];
    MPI_Aint aints[16], lb, ext;
    MPI_Datatype types[16];
    MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
    MPI_Type_get_extent(t, &lb, &ext);
    if (rank == 0)
        printf("%*s%s: %d ints, %d addresses, %d types (lb %ld extent %ld)\n", 2 * depth, "", combiner_name(comb),
               ni, na, nt, (long)lb, (long)ext);
    if (comb == MPI_COMBINER_NAMED)
        return;
    MPI_Type_get_contents(t, 64, 16, 16, ints, aints, types);
    if (rank == 0) {
        printf("%*s  ints:", 2 * depth, "");
        for (i = 0; i < ni; i++)
            if (!((comb == MPI_COMBINER_SUBARRAY || comb == MPI_COMBINER_DARRAY) && i == ni - 1))
                printf(" %d", ints[i]);
        if (comb == MPI_COMBINER_SUBARRAY || comb == MPI_COMBINER_DARRAY)
            printf(" (order %s)", ints[ni - 1] == MPI_ORDER_C ? "C" : ints[ni - 1] == MPI_ORDER_FORTRAN ? "Fortran" : "?");
        printf("\n%*s  addresses:", 2 * depth, "");
        for (i = 0; i < na; i++)
            printf(" %ld", (long)aints[i]);
        printf("\n%*s  types:", 2 * depth, "");
        for (i = 0; i < nt; i++)
            printf(" %s", type_name(types[i]));
        printf("\n");
    }
    for (i = 0; i < nt; i++) {
        int c2, a, b, d;
        MPI_Type_get_envelope(types[i], &a, &b, &d, &c2);
        if (c2 != MPI_COMBINER_NAMED) {
            show(types[i], depth + 1);
            MPI_Type_free(&types[i]);
        }
    }
}

int main(int argc, char **argv)
{
    MPI_Datatype t, u, v, w, types[3];
    int blens[3] = { 2, 1, 3 }, disps[3] = { 0, 5, 9 }, sizes[3] = { 6, 5, 4 }, subs[3] = { 2, 3, 1 },
        starts[3] = { 1, 0, 3 }, ni, na, nt, comb, err, cls, ints[8], size;
    MPI_Aint adisps[3] = { 0, 16, 40 };
    MPI_Datatype predef[] = { MPI_CHAR, MPI_INT, MPI_DOUBLE, MPI_BYTE, MPI_PACKED, MPI_2INT, MPI_DOUBLE_INT,
                              MPI_FLOAT_INT, MPI_SHORT_INT, MPI_LONG_INT };
    MPI_Aint aints[4];
    MPI_Datatype dt[4];
    unsigned i;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    for (i = 0; i < sizeof predef / sizeof predef[0]; i++) {
        MPI_Type_get_envelope(predef[i], &ni, &na, &nt, &comb);
        if (rank == 0)
            printf("predefined %u: %s %d %d %d\n", i, combiner_name(comb), ni, na, nt);
    }

    MPI_Type_contiguous(4, MPI_INT, &t);
    show(t, 0);
    MPI_Type_vector(3, 2, 5, t, &u);
    show(u, 0);
    MPI_Type_free(&t);                      /* u's contents still give it */
    show(u, 0);
    MPI_Type_free(&u);

    MPI_Type_create_hvector(4, 1, 24, MPI_DOUBLE, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_hvector(2, 3, 100, MPI_SHORT, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_indexed(3, blens, disps, MPI_INT, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_create_hindexed(3, blens, adisps, MPI_CHAR, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_hindexed(2, blens, adisps, MPI_FLOAT, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_create_indexed_block(3, 2, disps, MPI_FLOAT, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_create_subarray(3, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE, &t);
    show(t, 0);
    MPI_Type_free(&t);
    MPI_Type_create_resized(MPI_INT, -4, 16, &t);
    show(t, 0);
    MPI_Type_free(&t);

    /* a struct of a vector, a contiguous type of an indexed type and a predefined type; its dup; the tree (no
     * resized type in it: libmpi's struct takes a resized type's bounds as MPI_LB and MPI_UB markers, as the
     * standard describes them; MPICH 4.0.2 does not) */
    MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &u);
    MPI_Type_indexed(2, blens, disps, MPI_SHORT, &t);
    MPI_Type_contiguous(2, t, &v);
    MPI_Type_free(&t);
    types[0] = u;
    types[1] = v;
    types[2] = MPI_CHAR;
    MPI_Type_create_struct(3, blens, adisps, types, &t);
    MPI_Type_free(&u);
    MPI_Type_free(&v);
    MPI_Type_dup(t, &w);
    MPI_Type_free(&t);
    MPI_Type_commit(&w);
    show(w, 0);
    MPI_Type_size(w, &size);
    if (rank == 0)
        printf("struct size %d\n", size);
    MPI_Type_free(&w);
    types[1] = MPI_DOUBLE_INT;
    MPI_Type_struct(2, blens, adisps, types + 1, &t);
    show(t, 0);
    MPI_Type_free(&t);

    /* long argument lists, regular and not (libmpi keeps them compressed), given back as they were */
    {
        static int bl[300], dp[300], got[601];
        static MPI_Aint ad[300], gota[300];
        int same = 1;
        unsigned x = 12345;
        for (i = 0; i < 300; i++) {
            x = x * 1103515245u + 12345u;
            bl[i] = i < 100 ? 1 : (int)(x >> 16) % 7;
            dp[i] = i < 100 ? 4 * (int)i : (int)(x >> 8) % 100000 - 50000;
            ad[i] = i < 200 ? 8 * (MPI_Aint)i - 40 : (MPI_Aint)((int)(x >> 4) % 1000000);
        }
        MPI_Type_indexed(300, bl, dp, MPI_CHAR, &t);
        MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
        MPI_Type_get_contents(t, 601, 0, 1, got, aints, dt);
        for (i = 0; i < 300; i++)
            if (got[1 + i] != bl[i] || got[301 + i] != dp[i])
                same = 0;
        if (rank == 0)
            printf("indexed of 300 blocks: %s %d ints, count %d, %s\n", combiner_name(comb), ni, got[0],
                   same ? "as given" : "DIFFERENT");
        MPI_Type_free(&t);
        MPI_Type_create_hindexed(300, bl, ad, MPI_SHORT, &t);
        MPI_Type_get_contents(t, 301, 300, 1, got, gota, dt);
        same = 1;
        for (i = 0; i < 300; i++)
            if (got[1 + i] != bl[i] || gota[i] != ad[i])
                same = 0;
        if (rank == 0)
            printf("hindexed of 300 blocks: %s\n", same ? "as given" : "DIFFERENT");
        MPI_Type_free(&t);
    }

    /* errors */
    err = MPI_Type_get_contents(MPI_INT, 8, 4, 4, ints, aints, dt);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("get_contents of MPI_INT: %s\n", cls == MPI_ERR_TYPE ? "MPI_ERR_TYPE" : err ? "another error" : "no error");
    MPI_Type_indexed(3, blens, disps, MPI_INT, &t);
    err = MPI_Type_get_contents(t, 2, 4, 4, ints, aints, dt);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("get_contents with 2 ints for 7: %s\n", cls == MPI_ERR_OTHER ? "MPI_ERR_OTHER" : err ? "another error" : "no error");
    MPI_Type_free(&t);
    err = MPI_Type_get_envelope(MPI_DATATYPE_NULL, &ni, &na, &nt, &comb);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("get_envelope of MPI_DATATYPE_NULL: %s\n", cls == MPI_ERR_TYPE ? "MPI_ERR_TYPE" : err ? "another error" : "no error");

    if (rank == 0)
        printf("typecontents: OK\n");
    MPI_Finalize();
    return 0;
}
