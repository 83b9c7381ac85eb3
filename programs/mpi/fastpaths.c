/* fastpaths.c - libmpi's assembly fast paths (mpi/src/fast.S) against its C code on the same data: for
 * every few roots, MPI_Reduce (MPI_SUM of doubles) from word-aligned but not 8-byte-aligned buffers, which
 * the C code handles, and from aligned ones, which the fast path takes, must give the same bits; the values
 * are chosen so that the order of the additions shows in the result. Then MPI_Bcast of a few doubles from
 * each of those roots. Prints on the roots and rank 0; ends with "fastpaths: OK". */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, root, bad = 0, all;
    double v[3], r[3], c[3], got;
    char raw[64], rraw[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (root = 0; root < size; root += 3) {
        for (i = 0; i < 3; i++)
            v[i] = 1.0 / (rank + 1 + i) * (rank % 2 ? 1e16 : 1.0) + i;
        MPI_Reduce(v, r, 3, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        memcpy(raw + 4, v, sizeof v);
        MPI_Reduce(raw + 4, rraw + 4, 3, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank == root) {
            memcpy(c, rraw + 4, sizeof c);
            if (memcmp(c, r, sizeof c) != 0) {
                printf("root %d: the aligned and the unaligned reduction differ: %a %a\n", root, r[2], c[2]);
                bad = 1;
            }
        }
        v[0] = rank;
        v[1] = -rank;
        MPI_Bcast(v, 2, MPI_DOUBLE, root, MPI_COMM_WORLD);
        if (v[0] != root || v[1] != -root)
            bad = 1;
        MPI_Reduce(v, &got, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("bcast from %d: %g\n", root, got / size);
    }
    MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("fastpaths: %s\n", all ? "FAILED" : "OK");
    MPI_Finalize();
    return all;
}
