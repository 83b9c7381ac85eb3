/* MPI_Pack_external, MPI_Unpack_external and MPI_Pack_external_size in "external32" (MPI-2 section 4.14.3):
 * the bytes of chars, shorts, ints, unsigned long longs, floats and doubles (big-endian, the standard's sizes),
 * of a vector of ints and of an indexed type of doubles (the elements between left as they were by unpacking);
 * several packs one after another into one buffer, unpacked back in the same order; the sizes. Prints on rank
 * 0; compared with MPICH's output (packexternal.4.expected, packexternal.16.expected). Not here: the pair types
 * (MPI_2INT, MPI_DOUBLE_INT) and structs of different types, which libmpi packs member by member but MPICH
 * 4.0.2 stops on (an assertion, an illegal instruction in its external32 code), and a buffer too short, for
 * which libmpi returns MPI_ERR_TRUNCATE and MPICH 4.0.2 checks nothing. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank;

static void dump(const char *what, const unsigned char *b, MPI_Aint n)
{
    MPI_Aint i;
    if (rank != 0)
        return;
    printf("%s (%ld bytes):", what, (long)n);
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
    memset(back, 0, bytes);
    MPI_Unpack_external("external32", buf, pos, &upos, back, count, t);
    if (rank == 0)
        printf("  size %ld, unpacked %ld bytes, %s\n", (long)size, (long)upos,
               memcmp(in, back, bytes) == 0 ? "the same" : "DIFFERENT");
}

int main(int argc, char **argv)
{
    char c[5] = { 'a', 'b', 0, -1, 127 }, c2[5];
    short h[3] = { 1, -2, 0x1234 }, h2[3];
    int i4[4] = { 1, -1, 0x12345678, 65536 }, i42[4];
    unsigned long long u[2] = { 0x0102030405060708ULL, 18446744073709551615ULL }, u2[2];
    float f[3] = { 1.0f, -2.5f, 3.1415926f }, f2[3];
    double d[3] = { 1.0, -0.1, 6.02214076e23 }, d2[3];
    int vec[12], vec2[12], blens[3] = { 1, 2, 1 }, disps[3] = { 5, 0, 3 }, k;
    double ix[6] = { 0.5, 1.5, 2.5, 3.5, 4.5, 5.5 }, ix2[6];
    MPI_Aint pos, upos, size;
    MPI_Datatype t;
    unsigned char buf[256];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    one("chars", c, 5, MPI_CHAR, c2, sizeof c);
    one("shorts", h, 3, MPI_SHORT, h2, sizeof h);
    one("ints", i4, 4, MPI_INT, i42, sizeof i4);
    one("unsigned long longs", u, 2, MPI_UNSIGNED_LONG_LONG, u2, sizeof u);
    one("floats", f, 3, MPI_FLOAT, f2, sizeof f);
    one("doubles", d, 3, MPI_DOUBLE, d2, sizeof d);

    /* a vector: the ints between its blocks are not packed, and unpacking leaves them */
    for (k = 0; k < 12; k++)
        vec[k] = k * 0x01010101;
    MPI_Type_vector(3, 2, 4, MPI_INT, &t);
    MPI_Type_commit(&t);
    pos = 0;
    MPI_Pack_external("external32", vec, 1, t, buf, sizeof buf, &pos);
    dump("vector of ints", buf, pos);
    for (k = 0; k < 12; k++)
        vec2[k] = -1;
    upos = 0;
    MPI_Unpack_external("external32", buf, pos, &upos, vec2, 1, t);
    if (rank == 0) {
        printf("  unpacked:");
        for (k = 0; k < 12; k++)
            printf(" %d", vec2[k] == -1 ? -1 : vec2[k] / 0x01010101);
        printf("\n");
    }
    MPI_Type_free(&t);

    /* indexed doubles */
    MPI_Type_indexed(3, blens, disps, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    for (k = 0; k < 6; k++)
        ix2[k] = 0;
    pos = 0;
    MPI_Pack_external("external32", ix, 1, t, buf, sizeof buf, &pos);
    dump("indexed doubles", buf, pos);
    upos = 0;
    MPI_Unpack_external("external32", buf, pos, &upos, ix2, 1, t);
    if (rank == 0) {
        printf("  unpacked:");
        for (k = 0; k < 6; k++)
            printf(" %g", ix2[k]);
        printf("\n");
    }
    MPI_Type_free(&t);
    MPI_Type_vector(2, 3, 5, MPI_FLOAT, &t);
    MPI_Pack_external_size("external32", 7, t, &size);
    if (rank == 0)
        printf("size of 7 vectors of 2x3 floats: %ld\n", (long)size);
    MPI_Type_free(&t);

    /* several packs into one buffer, unpacked in the same order */
    pos = 0;
    MPI_Pack_external("external32", i4, 2, MPI_INT, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", d, 1, MPI_DOUBLE, buf, sizeof buf, &pos);
    MPI_Pack_external("external32", h, 3, MPI_SHORT, buf, sizeof buf, &pos);
    dump("int, int, double, short, short, short", buf, pos);
    upos = 0;
    memset(i42, 0, sizeof i42);
    memset(d2, 0, sizeof d2);
    memset(h2, 0, sizeof h2);
    MPI_Unpack_external("external32", buf, pos, &upos, i42, 2, MPI_INT);
    MPI_Unpack_external("external32", buf, pos, &upos, d2, 1, MPI_DOUBLE);
    MPI_Unpack_external("external32", buf, pos, &upos, h2, 3, MPI_SHORT);
    if (rank == 0)
        printf("  unpacked %d %d %g %d %d %d at %ld\n", i42[0], i42[1], d2[0], h2[0], h2[1], h2[2], (long)upos);


    if (rank == 0)
        printf("packexternal: OK\n");
    MPI_Finalize();
    return 0;
}
