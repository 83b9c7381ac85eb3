/* rma3.c - the latency of MPI-3's one-sided calls (docs/mpi-sp.md and docs/mpi-t3d.md, "One-sided
 * communication"): under MPI_Win_lock_all, rank 0 times each of these on rank 1's window three times and prints
 * the cycles of the last time, each completed by MPI_Win_flush(1): a flush with nothing to complete; a put of one
 * int; MPI_Fetch_and_op of one int (MPI_SUM) and of one double (MPI_SUM); MPI_Compare_and_swap of one int; then
 * an empty general-active-target epoch between the two (rank 1 posts and waits, rank 0 starts and completes).
 * Only MPI calls and MPI_Wtime/MPI_Wtick (a cycle counter on every machine here), so it runs unchanged on SCMP,
 * the T3D and the SP. Run it on two processes; it checks the results too and says so at the end. */
#include <stdio.h>
#include <mpi.h>

static unsigned cycles(double t0, double t1)
{
    return (unsigned)((t1 - t0) / MPI_Wtick() + 0.5);
}

int main(int argc, char **argv)
{
    int rank, i, k, one = 1, v = 7, got = -1, cmp, bad = 0;
    double mine[4] = {0, 0, 0, 0}, dgot = -1, half = 0.5, t0 = 0, t1 = 0;
    static const char *what[] = {"a flush alone", "put of an int", "fetch-and-op of an int (MPI_SUM)",
        "fetch-and-op of a double (MPI_SUM)", "compare-and-swap of an int"};
    MPI_Win win;
    MPI_Group world, other;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(mine, sizeof mine, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    if (rank == 0)
        for (k = 0; k < 5; k++) {
            for (i = 0; i < 3; i++) {
                cmp = 100 * k + i;
                t0 = MPI_Wtime();
                if (k == 1)
                    MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
                else if (k == 2)
                    MPI_Fetch_and_op(&one, &got, MPI_INT, 1, 4, MPI_SUM, win);
                else if (k == 3)
                    MPI_Fetch_and_op(&half, &dgot, MPI_DOUBLE, 1, 8, MPI_SUM, win);
                else if (k == 4)
                    MPI_Compare_and_swap(&cmp, &v, &got, MPI_INT, 1, 0, win);  /* 7 (the put's), then 400, 401 */
                MPI_Win_flush(1, win);
                t1 = MPI_Wtime();
                if ((k == 2 && got != i) || (k == 3 && dgot != 0.5 * i) || (k == 4 && got != (i ? cmp - 1 : 7)))
                    bad++;
                if (k == 4)
                    v = cmp;
            }
            printf("rma3: %-36s %6u cycles\n", what[k], cycles(t0, t1));
        }
    MPI_Win_unlock_all(win);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    k = 1 - rank;
    MPI_Group_incl(world, 1, &k, &other);
    for (i = 0; i < 3; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (rank == 1) {
            MPI_Win_post(other, 0, win);
            MPI_Win_wait(win);
        } else {
            MPI_Win_start(other, 0, win);
            MPI_Win_complete(win);
        }
        t1 = MPI_Wtime();
    }
    if (rank == 0)
        printf("rma3: %-36s %6u cycles\n", "start and complete, an empty epoch", cycles(t0, t1));
    MPI_Group_free(&other);
    MPI_Group_free(&world);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1 && (((int *)mine)[1] != 3 || mine[1] != 1.5))
        bad++;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rma3: %s\n", bad ? "FAILED" : "results ok");
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
