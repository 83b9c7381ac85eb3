/* commidup.c - MPI_Comm_idup and MPI_Comm_idup_with_info (MPI-3, MPI-4): a duplicate of MPI_COMM_WORLD used at
 * once for point to point and collectives, compared with its parent; three outstanding at once, completed by
 * MPI_Waitall in the reverse order; one overlapped with point-to-point traffic on the parent and completed by an
 * MPI_Test loop; duplicates of the halves of a split, made by both halves at once, and of a duplicate; a process
 * that sends on the new communicator before the others have completed their MPI_Comm_idup; an intercommunicator
 * whose leaders start their MPI_Comm_idup only after the other processes have sent to them; attributes copied by
 * their copy callbacks and the error handler kept; with info hints. Rank 0 prints; the output is the same under
 * MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

static int copies;

static int copy_fn(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    copies++;
    *(long *)out = (long)in + 1;
    *flag = 1;
    return MPI_SUCCESS;
}

/* A ring shift and an allreduce on comm: whether both give what they should. */
static int works(MPI_Comm comm)
{
    int r, s, right, left, got = -1, sum = 0, ok;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &s);
    right = (r + 1) % s;
    left = (r + s - 1) % s;
    MPI_Sendrecv(&r, 1, MPI_INT, right, 3, &got, 1, MPI_INT, left, 3, comm, MPI_STATUS_IGNORE);
    MPI_Allreduce(&r, &sum, 1, MPI_INT, MPI_SUM, comm);
    ok = got == left && sum == s * (s - 1) / 2;
    return ok;
}

int main(int argc, char **argv)
{
    MPI_Comm dup, d[3], half, hdup, ddup, ic;
    MPI_Request req, reqs[3];
    MPI_Info info;
    MPI_Errhandler eh;
    int result, i, flag, key, hrank, hsize, rsize, token, *big;
    void *val;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("commidup: %d processes\n", size);

    /* 1. one duplicate, used at once */
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    check(req == MPI_REQUEST_NULL && dup != MPI_COMM_NULL);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
    check(result == MPI_CONGRUENT);
    check(works(dup));
    MPI_Comm_free(&dup);
    report("MPI_Comm_idup of MPI_COMM_WORLD, congruent, used at once");

    /* 2. three outstanding at once, completed in the reverse order */
    for (i = 0; i < 3; i++)
        MPI_Comm_idup(MPI_COMM_WORLD, &d[i], &reqs[i]);
    for (i = 2; i >= 0; i--)
        MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
    check(d[0] != d[1] && d[1] != d[2] && d[0] != d[2]);
    for (i = 0; i < 3; i++) {
        check(works(d[i]));
        MPI_Comm_free(&d[i]);
    }
    for (i = 0; i < 3; i++)
        MPI_Comm_idup(MPI_COMM_WORLD, &d[i], &reqs[i]);
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    for (i = 0; i < 3; i++) {
        check(works(d[i]));
        MPI_Comm_free(&d[i]);
    }
    report("three outstanding, MPI_Wait in the reverse order and MPI_Waitall");

    /* 3. overlapped with point to point on the parent, completed by an MPI_Test loop */
    big = (int *)malloc(4000 * sizeof(int));
    for (i = 0; i < 4000; i++)
        big[i] = rank;
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    if (rank % 2 == 0 && rank + 1 < size)
        MPI_Send(big, 4000, MPI_INT, rank + 1, 5, MPI_COMM_WORLD);
    else if (rank % 2 == 1) {
        MPI_Recv(big, 4000, MPI_INT, rank - 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(big[0] == rank - 1 && big[3999] == rank - 1);
    }
    do
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    while (!flag);
    check(works(dup));
    MPI_Comm_free(&dup);
    free(big);
    report("overlapped with point to point on the parent, MPI_Test loop");

    /* 4. the halves of a split duplicated at once, then a duplicate of the duplicate */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Comm_idup(half, &hdup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_rank(hdup, &hrank);
    MPI_Comm_size(hdup, &hsize);
    check(hsize == (size + 1 - rank % 2) / 2 && works(hdup));
    MPI_Comm_idup(hdup, &ddup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_compare(half, ddup, &result);
    check(result == MPI_CONGRUENT && works(ddup));
    MPI_Comm_free(&ddup);
    MPI_Comm_free(&hdup);
    MPI_Comm_free(&half);
    report("duplicates of both halves of a split, and of a duplicate");

    /* 5. rank 0 completes first and sends on the new communicator at once (nonblocking: the thesis family's sends
     * are synchronous); the others are late to wait */
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    if (rank == 0) {
        MPI_Request *sends = (MPI_Request *)malloc(size * sizeof(MPI_Request));
        int *tokens = (int *)malloc(size * sizeof(int));
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (i = 1; i < size; i++) {
            tokens[i] = 100 + i;
            MPI_Isend(&tokens[i], 1, MPI_INT, i, 6, dup, &sends[i]);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Waitall(size - 1, sends + 1, MPI_STATUSES_IGNORE);
        free(sends);
        free(tokens);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Recv(&token, 1, MPI_INT, 0, 6, dup, MPI_STATUS_IGNORE);
        check(token == 100 + rank);
    }
    MPI_Comm_free(&dup);
    report("a send on the new communicator before the others waited");

    /* 6. an intercommunicator between the even and the odd ranks: each leader receives from the other group's
     * processes before it starts its MPI_Comm_idup, which they started before sending (so it must not block) */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank == 0 ? 1 : 0, 9, &ic);
    MPI_Comm_rank(ic, &hrank);
    MPI_Comm_remote_size(ic, &rsize);
    if (hrank == 0) {
        for (i = 1; i < rsize; i++) {
            MPI_Recv(&token, 1, MPI_INT, i, 0, ic, MPI_STATUS_IGNORE);
            check(token == i);
        }
        MPI_Comm_idup(ic, &dup, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Comm_idup(ic, &dup, &req);
        token = hrank;
        MPI_Ssend(&token, 1, MPI_INT, 0, 0, ic);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Comm_test_inter(dup, &flag);
    MPI_Comm_compare(ic, dup, &result);
    check(flag && result == MPI_CONGRUENT);
    token = hrank;
    MPI_Allreduce(&token, &i, 1, MPI_INT, MPI_SUM, dup);
    check(i == rsize * (rsize - 1) / 2);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&ic);
    MPI_Comm_free(&half);
    report("an intercommunicator, its leaders late");

    /* 7. attributes (copy callback), the error handler */
    MPI_Comm_create_keyval(copy_fn, MPI_COMM_NULL_DELETE_FN, &key, 0);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, (void *)41L);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_get_attr(dup, key, &val, &flag);
    check(flag && (long)val == 42 && copies == 1);
    MPI_Comm_get_errhandler(dup, &eh);
    check(eh == MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&dup);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key);
    MPI_Comm_free_keyval(&key);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("attributes copied by their callbacks, the error handler kept");

    /* 8. MPI_Comm_idup_with_info, with hints and without */
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &dup, &reqs[0]);
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &ddup, &reqs[1]);
    MPI_Info_free(&info);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    check(works(dup) && works(ddup));
    MPI_Comm_free(&dup);
    MPI_Comm_free(&ddup);
    report("MPI_Comm_idup_with_info");

    if (rank == 0)
        printf("commidup: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
