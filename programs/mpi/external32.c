/* external32 where MPICH 4.0.2 cannot be the oracle (packexternal.c is compared with it): long doubles, 8-byte
 * doubles here, as the standard's 16-byte IEEE quads (normal, negative, subnormal, zero, infinity, NaN) and back;
 * the pair types MPI_DOUBLE_INT, MPI_2INT and MPI_SHORT_INT as their two members without the gap; a struct of a
 * char, a double and a short (two items, the gaps left out); MPI_COMPLEX real part first (MPICH 4.0.2 swaps it
 * as one 8-byte element), MPI_WCHAR in 2 bytes and MPI_AINT in 8 (4 here both); MPI_ERR_TRUNCATE for a buffer one byte short, and
 * MPI_ERR_ARG for another representation than "external32". Rank 0 prints; MpiCollectivesTest checks the bytes
 * (worked out by hand from the standard's formats). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <stddef.h>

static void dump(const char *what, const unsigned char *b, MPI_Aint n)
{
    MPI_Aint i;
    printf("%s:", what);
    for (i = 0; i < n; i++)
        printf("%s%02x", i % 4 ? "" : " ", b[i]);
    printf("\n");
}

static void one(const char *what, const void *in, int count, MPI_Datatype t, void *back, int bytes)
{
    unsigned char buf[256];
    MPI_Aint pos = 0, size, upos = 0;
    MPI_Pack_external_size("external32", count, t, &size);
    MPI_Pack_external("external32", in, count, t, buf, sizeof buf, &pos);
    dump(what, buf, pos);
    memset(back, 0, bytes);         /* the gaps: as the original's, zeroed */
    MPI_Unpack_external("external32", buf, pos, &upos, back, count, t);
    printf("  size %ld, unpacked %ld, %s\n", (long)size, (long)upos, memcmp(in, back, bytes) ? "DIFFERENT" : "the same");
}

struct s {
    char c;
    double d;
    short h;
};

int main(int argc, char **argv)
{
    long double ld[6], ld2[6];
    struct { double v; int i; } di[2], di2[2];
    struct { int a, b; } ii[2] = { { 1, 2 }, { -3, 4 } }, ii2[2];
    struct { short h; int i; } si[2] = { { -2, 65536 }, { 3, -1 } }, si2[2];
    struct s st[2], st2[2];
    int bl[3] = { 1, 1, 1 }, rank, err, cls, ints[4] = { 1, 2, 3, 4 };
    MPI_Aint sd[3], pos;
    MPI_Datatype types[3] = { MPI_CHAR, MPI_DOUBLE, MPI_SHORT }, t, sty;
    unsigned char buf[64];
    double zero = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        memset(di, 0, sizeof di);
        di[0].v = 2.5;
        di[0].i = 7;
        di[1].v = -1.0;
        di[1].i = -8;
        ld[0] = 1.0L;
        ld[1] = -2.5L;
        ld[2] = 4.9406564584124654e-324L;       /* the least subnormal double */
        ld[3] = 0.0L;
        ld[4] = 1.0 / zero;
        ld[5] = 6.02214076e23L;
        one("long doubles", ld, 6, MPI_LONG_DOUBLE, ld2, sizeof ld);
        ld[0] = zero / zero;                    /* a NaN stays a NaN */
        pos = 0;
        MPI_Pack_external("external32", ld, 1, MPI_LONG_DOUBLE, buf, sizeof buf, &pos);
        dump("NaN", buf, pos);
        pos = 0;
        MPI_Unpack_external("external32", buf, 16, &pos, ld2, 1, MPI_LONG_DOUBLE);
        printf("  unpacked a NaN: %d\n", ld2[0] != ld2[0]);
        one("MPI_DOUBLE_INT", di, 2, MPI_DOUBLE_INT, di2, sizeof di);
        one("MPI_2INT", ii, 2, MPI_2INT, ii2, sizeof ii);
        memset(si2, 0, sizeof si2);
        pos = 0;
        MPI_Pack_external("external32", si, 2, MPI_SHORT_INT, buf, sizeof buf, &pos);
        dump("MPI_SHORT_INT", buf, pos);

        memset(st, 0, sizeof st);
        st[0].c = 'x';
        st[0].d = 3.25;
        st[0].h = -300;
        st[1].c = 'y';
        st[1].d = -0.5;
        st[1].h = 300;
        sd[0] = (char *)&st[0].c - (char *)&st[0];
        sd[1] = (char *)&st[0].d - (char *)&st[0];
        sd[2] = (char *)&st[0].h - (char *)&st[0];
        MPI_Type_create_struct(3, bl, sd, types, &t);
        MPI_Type_create_resized(t, 0, sizeof(struct s), &sty);
        MPI_Type_free(&t);
        MPI_Type_commit(&sty);
        memset(st2, 0, sizeof st2);
        one("struct of a char, a double, a short", st, 2, sty, st2, sizeof st);
        MPI_Type_free(&sty);
        {
            float c[4] = { 1.0f, -2.0f, 0.5f, 0.0f }, c2[4];
            wchar_t w[2] = { 0x41, 0x263a }, w2[2];
            MPI_Aint a[2] = { -1, 0x12345678 }, a2[2];
            one("MPI_COMPLEX", c, 2, MPI_COMPLEX, c2, sizeof c);
            one("MPI_WCHAR", w, 2, MPI_WCHAR, w2, sizeof w);
            one("MPI_AINT", a, 2, MPI_AINT, a2, sizeof a);
        }

        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        pos = 0;
        err = MPI_Pack_external("external32", ints, 4, MPI_INT, buf, 15, &pos);
        MPI_Error_class(err, &cls);
        printf("4 ints into 15 bytes: %s, position %ld\n", cls == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "other", (long)pos);
        err = MPI_Pack_external("native", ints, 1, MPI_INT, buf, sizeof buf, &pos);
        MPI_Error_class(err, &cls);
        printf("\"native\": %s\n", cls == MPI_ERR_ARG ? "MPI_ERR_ARG" : "other");
    }
    MPI_Finalize();
    return 0;
}
