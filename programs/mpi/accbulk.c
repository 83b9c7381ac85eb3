/* Large accumulates and atomics, and puts of many short runs (MPICH's rma/get_accumulate_* and transpose1):
 * libmpi sends them in bulk, a DATA message of the operands and the target's pieces and one THREAD message
 * that applies them (each 16 bytes of operand was a message and a reply before). Checks what MPI promises:
 * concurrent accumulates of every rank into one window sum up (element-wise atomicity), one origin's
 * accumulates to one place apply in order (MPI_REPLACE then MPI_SUM), MPI_Get_accumulate returns the old
 * values and MPI_NO_OP leaves them, derived types on the target (a strided vector of doubles) and a pair type
 * with a gap (MPI_DOUBLE_INT with MPI_MAXLOC, the padding around its int untouched), and a put of a 40x40
 * matrix through a transpose type (1600 runs of an int) whose origin changes before the fence. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 400
#define M 40

struct di {
    double v;
    int i;
    int pad;
};

int main(int argc, char **argv)
{
    int rank, size, right, left, i, j, bad[6] = {0, 0, 0, 0, 0, 0};
    int *wi, *val, *res, *a;
    double *wd, *vd;
    struct di *wp, vp[100];
    MPI_Win win, wind, winp, wint;
    MPI_Datatype strided, column, xpose;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    wi = (int *)malloc(2 * N * sizeof(int));
    val = (int *)malloc(N * sizeof(int));
    res = (int *)malloc(N * sizeof(int));
    wd = (double *)malloc(2 * N * sizeof(double));
    vd = (double *)malloc(N * sizeof(double));
    wp = (struct di *)malloc(100 * sizeof(struct di));
    a = (int *)malloc(2 * M * M * sizeof(int));
    for (i = 0; i < 2 * N; i++) {
        wi[i] = i;
        wd[i] = -1.0;
    }
    for (i = 0; i < N; i++) {
        val[i] = rank + 1 + i;
        res[i] = -7;
        vd[i] = rank * 0.5 + i;
    }
    for (i = 0; i < 100; i++) {
        wp[i].v = -1.0;
        wp[i].i = -1;
        wp[i].pad = 12345;
        vp[i].v = (i + rank) % size;
        vp[i].i = rank;
        vp[i].pad = 0;
    }
    MPI_Win_create(wi, 2 * N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create(wd, 2 * N * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &wind);
    MPI_Win_create(wp, 100 * sizeof(struct di), sizeof(struct di), MPI_INFO_NULL, MPI_COMM_WORLD, &winp);

    /* 1. every rank adds its 400 ints into rank 0's first half */
    MPI_Win_fence(0, win);
    MPI_Accumulate(val, N, MPI_INT, 0, 0, N, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    for (i = 0; rank == 0 && i < N; i++)
        if (wi[i] != i + size * (size + 1) / 2 + size * i)
            bad[0]++;
    MPI_Barrier(MPI_COMM_WORLD);

    /* 2. one origin: replace, then add, the same 400 ints of the right neighbour's second half, then fetch
     * them with MPI_NO_OP, all under one lock */
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
    MPI_Accumulate(val, N, MPI_INT, right, N, N, MPI_INT, MPI_REPLACE, win);
    MPI_Accumulate(val, N, MPI_INT, right, N, N, MPI_INT, MPI_SUM, win);
    MPI_Get_accumulate(NULL, 0, MPI_INT, res, N, MPI_INT, right, N, N, MPI_INT, MPI_NO_OP, win);
    MPI_Win_unlock(right, win);
    for (i = 0; i < N; i++)
        if (res[i] != 2 * (rank + 1 + i))
            bad[1]++;
    MPI_Barrier(MPI_COMM_WORLD);
    /* and the left neighbour's adds: its values twice */
    for (i = 0; i < N; i++)
        if (wi[N + i] != 2 * (left + 1 + i))
            bad[1]++;

    /* 3. get_accumulate of the right neighbour's second half: the old values back, the sum left */
    MPI_Win_fence(0, win);
    MPI_Get_accumulate(val, N, MPI_INT, res, N, MPI_INT, right, N, N, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    for (i = 0; i < N; i++)
        if (res[i] != 2 * (rank + 1 + i) || wi[N + i] != 3 * (left + 1 + i))
            bad[2]++;

    /* 4. doubles into every other element of the right neighbour's window, through a strided vector */
    MPI_Type_vector(N, 1, 2, MPI_DOUBLE, &strided);
    MPI_Type_commit(&strided);
    MPI_Win_fence(0, wind);
    MPI_Accumulate(vd, N, MPI_DOUBLE, right, 1, 1, strided, MPI_SUM, wind);
    MPI_Win_fence(0, wind);
    for (i = 0; i < N; i++)
        if (wd[2 * i] != -1.0 || wd[2 * i + 1] != -1.0 + left * 0.5 + i)
            bad[3]++;

    /* 5. MPI_MAXLOC of 100 (double, int) pairs from every rank into rank 0's, the padding kept */
    MPI_Win_fence(0, winp);
    MPI_Accumulate(vp, 100, MPI_DOUBLE_INT, 0, 0, 100, MPI_DOUBLE_INT, MPI_MAXLOC, winp);
    MPI_Win_fence(0, winp);
    for (i = 0; rank == 0 && i < 100; i++) {
        /* the largest value, size - 1, is rank (size - 1 - i) mod size's alone */
        double best = size - 1;
        int who = ((size - 1 - i) % size + size) % size;
        if (wp[i].v != best || wp[i].i != who || wp[i].pad != 12345)
            bad[4]++;
    }

    /* 6. a 40x40 matrix put transposed into the right neighbour's, the origin changed before the fence */
    for (i = 0; i < M * M; i++) {
        a[i] = rank * 100000 + i;
        a[M * M + i] = -1;
    }
    MPI_Win_create(a + M * M, M * M * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &wint);
    MPI_Type_vector(M, 1, M, MPI_INT, &column);
    MPI_Type_create_hvector(M, 1, sizeof(int), column, &xpose);
    MPI_Type_commit(&xpose);
    MPI_Win_fence(0, wint);
    MPI_Put(a, M * M, MPI_INT, right, 0, 1, xpose, wint);
    for (i = 0; i < M * M; i++)
        a[i] = -2;
    MPI_Win_fence(0, wint);
    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++)
            if (a[M * M + j * M + i] != left * 100000 + i * M + j)
                bad[5]++;

    MPI_Allreduce(MPI_IN_PLACE, bad, 6, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d processes: wrong elements: sum %d, replace then sum %d, get_accumulate %d, strided %d, "
               "maxloc %d, transpose %d\n", size, bad[0], bad[1], bad[2], bad[3], bad[4], bad[5]);
    MPI_Type_free(&strided);
    MPI_Type_free(&column);
    MPI_Type_free(&xpose);
    MPI_Win_free(&wint);
    MPI_Win_free(&winp);
    MPI_Win_free(&wind);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
