/* manyruns.c - datatypes of many separate runs, which libmpi keeps compressed (docs/mpi.md, "Datatypes"):
 * 128 committed indexed types of 1024 blocks each at once (a part of MPICH's datatype/lots_of_types, whose 1024
 * would take 12 MiB as arrays of runs, more than a node has; scripts/mpich-tests.sh runs it whole), some of them
 * received into; a type of 1200 runs going backwards (a struct of ints in reverse order, resized) sent and
 * received between neighbours, packed and unpacked, counted by MPI_Get_elements for a partial item, duplicated,
 * built upon (a contiguous type of two), broadcast, and the target of MPI_Put, MPI_Get and MPI_Accumulate.
 * Every process checks what it gets; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define NTYPES 128
#define NBLOCKS 1024
#define RUNS 1200

int main(int argc, char **argv)
{
    int i, right, left;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    /* as lots_of_types (on rank 0): blocks of 4, then 2, 3, 1, 2, 3, ... ints, 4 ints apart */
    if (rank == 0) {
        MPI_Datatype *types = (MPI_Datatype *)malloc(NTYPES * sizeof *types);
        int disps[NBLOCKS], blens[NBLOCKS], made = 0, j, sendbuf[4] = {1, 2, 3, 4};
        for (j = 0; j < NBLOCKS; j++) {
            disps[j] = 4 * j;
            blens[j] = j ? j % 3 + 1 : 4;
        }
        for (i = 0; i < NTYPES; i++) {
            if (MPI_Type_indexed(NBLOCKS, blens, disps, MPI_INT, &types[i]) != MPI_SUCCESS)
                break;
            MPI_Type_commit(&types[i]);
            made++;
        }
        check(made == NTYPES);
        for (i = 0; i < made; i += 13) {
            int recvbuf[4] = {-1, -1, -1, -1}, count, elements;
            MPI_Request req;
            MPI_Status st;
            MPI_Irecv(recvbuf, 1, types[i], 0, 0, MPI_COMM_SELF, &req);
            MPI_Send(sendbuf, 4, MPI_INT, 0, 0, MPI_COMM_SELF);
            MPI_Wait(&req, &st);
            for (j = 0; j < 4; j++)
                check(recvbuf[j] == sendbuf[j]);
            MPI_Get_count(&st, types[i], &count);
            MPI_Get_elements(&st, types[i], &elements);
            check(count == MPI_UNDEFINED && elements == 4);
        }
        for (i = 0; i < made; i++)
            MPI_Type_free(&types[i]);
        free(types);
    }
    {
        report("128 indexed types of 1024 blocks at once, every 13th received into");
    }

    /* a struct of RUNS ints in reverse order (int i at 2 * (RUNS - 1 - i) ints: runs that go backwards), its
     * extent resized to 2 * RUNS ints */
    {
        int *blens = (int *)malloc(RUNS * sizeof(int)), *sbuf, *rbuf, *packed, pos, elements, j;
        MPI_Aint *disps = (MPI_Aint *)malloc(RUNS * sizeof(MPI_Aint));
        MPI_Datatype *types = (MPI_Datatype *)malloc(RUNS * sizeof(MPI_Datatype)), back0, back, dup, two;
        MPI_Status st;
        MPI_Win win;
        int ext = 2 * RUNS;     /* ints: the extent, resized to a whole number of pairs */
        for (i = 0; i < RUNS; i++) {
            blens[i] = 1;
            disps[i] = (MPI_Aint)(2 * (RUNS - 1 - i) * sizeof(int));
            types[i] = MPI_INT;
        }
        MPI_Type_create_struct(RUNS, blens, disps, types, &back0);
        MPI_Type_create_resized(back0, 0, ext * sizeof(int), &back);
        MPI_Type_free(&back0);
        MPI_Type_commit(&back);
        sbuf = (int *)malloc(2 * ext * sizeof(int));
        rbuf = (int *)malloc(2 * ext * sizeof(int));
        packed = (int *)malloc(2 * RUNS * sizeof(int));
        for (i = 0; i < 2 * ext; i++) {
            sbuf[i] = 100000 * rank + i;
            rbuf[i] = -1;
        }

        /* send one item of it to the right, receive one from the left */
        MPI_Sendrecv(sbuf, 1, back, right, 5, rbuf, 1, back, left, 5, MPI_COMM_WORLD, &st);
        for (i = 0; i < ext; i++)
            check(rbuf[i] == (i % 2 ? -1 : 100000 * left + i));
        /* the same received as plain ints: the typemap's order */
        MPI_Sendrecv(sbuf, 1, back, right, 6, packed, RUNS, MPI_INT, left, 6, MPI_COMM_WORLD, &st);
        for (i = 0; i < RUNS; i++)
            check(packed[i] == 100000 * left + 2 * (RUNS - 1 - i));
        report("a struct of 1200 ints in reverse order: sent and received");

        /* MPI_Pack / MPI_Unpack of two items; MPI_Get_elements of a partial item */
        pos = 0;
        MPI_Pack(sbuf, 2, back, packed, 2 * RUNS * (int)sizeof(int), &pos, MPI_COMM_WORLD);
        check(pos == 2 * RUNS * (int)sizeof(int));
        for (i = 0; i < 2 * RUNS; i++)
            check(packed[i] == 100000 * rank + (i / RUNS) * ext + 2 * (RUNS - 1 - i % RUNS));
        for (i = 0; i < 2 * ext; i++)
            rbuf[i] = -1;
        pos = 0;
        MPI_Unpack(packed, 2 * RUNS * (int)sizeof(int), &pos, rbuf, 2, back, MPI_COMM_WORLD);
        for (i = 0; i < 2 * ext; i++)
            check(rbuf[i] == (i % 2 ? -1 : sbuf[i]));
        MPI_Sendrecv(sbuf, 100, MPI_INT, right, 7, rbuf, 1, back, left, 7, MPI_COMM_WORLD, &st);
        MPI_Get_elements(&st, back, &elements);
        check(elements == 100);
        report("MPI_Pack and MPI_Unpack of it, MPI_Get_elements of a partial item");

        /* duplicated, and two of it as a contiguous type; broadcast from rank 0 */
        MPI_Type_dup(back, &dup);
        MPI_Type_contiguous(2, dup, &two);
        MPI_Type_commit(&two);
        for (i = 0; i < 2 * ext; i++)
            rbuf[i] = rank ? -1 : sbuf[i];
        MPI_Bcast(rbuf, 1, two, 0, MPI_COMM_WORLD);
        for (i = 0; i < 2 * ext; i++)
            check(rbuf[i] == (i % 2 ? (rank ? -1 : i) : i));
        report("MPI_Type_dup of it, a contiguous type of two, MPI_Bcast");

        /* the target of a put, a get and an accumulate at the right neighbour */
        for (i = 0; i < 2 * ext; i++)
            rbuf[i] = -1;
        MPI_Win_create(rbuf, 2 * ext * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        for (i = 0; i < RUNS; i++)
            packed[i] = 1000 * rank + i;
        MPI_Win_fence(0, win);
        MPI_Put(packed, RUNS, MPI_INT, right, 0, 1, back, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < ext; i++)
            check(rbuf[i] == (i % 2 ? -1 : 1000 * left + (RUNS - 1 - i / 2)));
        MPI_Barrier(MPI_COMM_WORLD);        /* before the next epoch's accesses to what was just read */
        MPI_Accumulate(packed, RUNS, MPI_INT, right, 0, 1, back, MPI_SUM, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < ext; i++)
            check(rbuf[i] == (i % 2 ? -1 : 2 * (1000 * left + (RUNS - 1 - i / 2))));
        for (j = 0; j < RUNS; j++)
            packed[j] = -5;
        MPI_Get(packed, RUNS, MPI_INT, right, 0, 1, back, win);
        MPI_Win_fence(0, win);
        for (i = 0; i < RUNS; i++)
            check(packed[i] == 2 * (1000 * rank + i));
        MPI_Win_free(&win);
        report("the target of MPI_Put, MPI_Accumulate and MPI_Get");

        MPI_Type_free(&back);
        MPI_Type_free(&dup);
        MPI_Type_free(&two);
        free(blens);
        free(disps);
        free(types);
        free(sbuf);
        free(rbuf);
        free(packed);
    }

    if (rank == 0)
        printf("%s\n", failed ? "manyruns: FAILED" : "manyruns: all ok");
    MPI_Finalize();
    return 0;
}
