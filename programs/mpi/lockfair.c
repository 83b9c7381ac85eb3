/* lockfair.c - a process waiting in MPI_Win_lock gets the lock while others keep taking and releasing it
 * (MPI's progress rule for passive target; docs/mpi-t3d.md and docs/mpi-sp.md, "Fairness of the lock").
 *
 * Rank 0's window holds a counter and a flag. In each of three phases the loopers take the lock on rank 0 again
 * and again: lock, MPI_Fetch_and_op of 1 into the counter (MPI_SUM) and a read of the flag (MPI_NO_OP), unlock,
 * for at most LOOPS iterations or until they read the flag set. Meanwhile the waiter, rank 2, asks for the lock
 * once, when rank 1 tells it to (a message sent in rank 1's iteration START, while it holds the lock): it
 * reads the counter (how many iterations the loopers had done when it got the lock) and sets the flag.
 *   A: rank 1 loops with exclusive locks, rank 2 waits for an exclusive lock;
 *   B: ranks 1 and 3 loop with shared locks (the lock is rarely free), rank 2 waits for an exclusive lock;
 *   C: rank 1 loops with exclusive locks, rank 2 waits for a shared lock.
 * A lock that lets a looper take it again each time it is released before the waiter gets it (the waiter
 * starves) has the loopers run all LOOPS iterations: the waiter then reads the counter at its end. A fair lock
 * (here: requests granted in the order they reached the target) has the waiter in after a few iterations more
 * than START + 1. MPI only guarantees that the waiter gets the lock eventually (MPICH 4.0.2 on one host often
 * has it in only after the loop), so the program prints only what MPI guarantees: that the waiter got it after
 * rank 1's iteration START, that the counter holds every iteration once and that the flag is set. With an
 * argument (-v) it also prints how many iterations the loopers had done when the waiter got the lock, this
 * machine's figure, which the tests bound, and the mean cycles of an uncontended lock and unlock. Needs 4 processes or more; the others only take part in the
 * barriers. */
#include <stdio.h>
#include <mpi.h>

#define LOOPS 1000
#define TIMES 16        /* uncontended locks and unlocks timed with -v */
#define START 2         /* rank 1's iteration that tells the waiter to ask, holding the lock */

int main(int argc, char **argv)
{
    int rank, size, phase, i, verbose = argc > 1;
    int *mem, one = 1, zero = 0, got, flag, done, at, total, sum, counter, ok = 1;
    static const char *names[] = {"A: exclusive loop, exclusive waiter", "B: two shared loops, exclusive waiter",
        "C: exclusive loop, shared waiter"};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 4) {
        if (rank == 0)
            printf("lockfair: needs 4 processes\n");
        MPI_Finalize();
        return 0;
    }
    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    for (phase = 0; phase < 3; phase++) {
        int looper = rank == 1 || (phase == 1 && rank == 3);
        int loop_type = phase == 1 ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
        int wait_type = phase == 2 ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
        if (rank == 0) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            mem[0] = 0;
            mem[1] = 0;
            MPI_Win_unlock(0, win);
        }
        done = 0;
        at = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        if (looper) {
            for (i = 0; i < LOOPS; i++) {
                MPI_Win_lock(loop_type, 0, 0, win);
                MPI_Fetch_and_op(&one, &got, MPI_INT, 0, 0, MPI_SUM, win);
                MPI_Fetch_and_op(&zero, &flag, MPI_INT, 0, 1, MPI_NO_OP, win);
                if (i == START && rank == 1)
                    MPI_Send(&i, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
                MPI_Win_unlock(0, win);
                done++;
                if (flag)
                    break;
            }
        } else if (rank == 2) {
            MPI_Recv(&i, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Win_lock(wait_type, 0, 0, win);
            MPI_Fetch_and_op(&zero, &at, MPI_INT, 0, 0, MPI_NO_OP, win);
            MPI_Fetch_and_op(&one, &flag, MPI_INT, 0, 1, MPI_REPLACE, win);
            MPI_Win_unlock(0, win);
        }
        MPI_Reduce(&done, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&at, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
            MPI_Get(&counter, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
            MPI_Get(&flag, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
            MPI_Win_unlock(0, win);
            printf("lockfair %s: the waiter got the lock after rank 1's first %d iterations: %s\n", names[phase],
                   START + 1, sum >= START + 1 ? "yes" : "no");
            printf("lockfair %s: counter %s the loopers' iterations, flag %d\n", names[phase],
                   counter == total ? "equals" : "differs from", flag);
            if (verbose)
                printf("lockfair %s: the waiter got the lock after %d iterations, of %d in all\n", names[phase],
                       sum, total);
            ok &= sum >= START + 1 && counter == total && flag == 1;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("lockfair: %s\n", ok ? "ok" : "FAILED");
    if (verbose) {                  /* the mean cycles of an uncontended lock and unlock of rank 1's window */
        for (phase = 0; phase < 2; phase++) {
            double t0, t1;
            MPI_Barrier(MPI_COMM_WORLD);
            if (rank == 0) {
                MPI_Win_lock(phase ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, win);
                MPI_Win_unlock(1, win);
                t0 = MPI_Wtime();
                for (i = 0; i < TIMES; i++) {
                    MPI_Win_lock(phase ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, win);
                    MPI_Win_unlock(1, win);
                }
                t1 = MPI_Wtime();
                printf("lockfair: an uncontended %s lock and unlock: %u cycles (the mean of %d)\n",
                       phase ? "shared" : "exclusive", (unsigned)((t1 - t0) / MPI_Wtick() / TIMES + 0.5), TIMES);
            }
        }
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
