/* probe.c - MPI_Probe and MPI_Iprobe with MPI_ANY_SOURCE and MPI_ANY_TAG, sizing the receive buffer from
 * MPI_Get_count; MPI_Sendrecv around a ring and with MPI_PROC_NULL; MPI_Sendrecv_replace; receives from
 * MPI_PROC_NULL. Every rank but 0 sends rank 0 one message of rank * 3 ints, small and large; rank 0 probes
 * them in any order and reports what it saw sorted by source. Runs on any number of ranks. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        failed = 1;
        printf("FAILED: %s\n", what);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, k, any, count, flag, polls;
    int seen_count[64], seen_tag[64];
    int *buf;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* messages of unknown size, probed */
    if (rank == 0) {
        printf("probe: %d processes\n", size);
        for (i = 0; i < size; i++)
            seen_count[i] = seen_tag[i] = -1;
        for (k = 1; k < size; k++) {
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            buf = (int *)malloc((count + 1) * sizeof(int));
            MPI_Recv(buf, count, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
            for (i = 0; i < count; i++)
                check(buf[i] == st.MPI_SOURCE * 1000 + i, "probed message's contents");
            seen_count[st.MPI_SOURCE] = count;
            seen_tag[st.MPI_SOURCE] = st.MPI_TAG;
            free(buf);
        }
        for (i = 1; i < size; i++)
            printf("from %d: %d ints, tag %d\n", i, seen_count[i], seen_tag[i]);
    } else {
        int n = rank * 3;
        buf = (int *)malloc(n * sizeof(int));
        for (i = 0; i < n; i++)
            buf[i] = rank * 1000 + i;
        MPI_Send(buf, n, MPI_INT, 0, 40 + rank, MPI_COMM_WORLD);
        free(buf);
    }

    MPI_Barrier(MPI_COMM_WORLD);    /* the phases' messages do not mix */

    /* MPI_Iprobe polled until the message is there; MPI_Get_count of a non-divisible size */
    if (rank == 1) {
        double d[3] = {1.5, 2.5, 3.5};
        MPI_Send(d, 3, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
    } else if (rank == 0 && size > 1) {
        double d[3];
        polls = 0;
        do {
            MPI_Iprobe(1, 7, MPI_COMM_WORLD, &flag, &st);
            polls++;
        } while (!flag);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        printf("iprobe: source %d tag %d, %d doubles", st.MPI_SOURCE, st.MPI_TAG, count);
        MPI_Get_count(&st, MPI_INT, &count);
        printf(", %d ints", count);
        MPI_Get_count(&st, MPI_2INT, &count);
        printf(", %d 2ints", count);
        MPI_Get_count(&st, MPI_SHORT_INT, &count);
        printf(", short_int count %s\n", count == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined");
        MPI_Recv(d, 3, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD, &st);
        check(d[2] == 3.5, "iprobed message");
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        printf("iprobe with nothing sent: flag %d\n", flag);
    }

    MPI_Barrier(MPI_COMM_WORLD);

    /* a shift around the ring with MPI_Sendrecv, then back with MPI_Sendrecv_replace */
    {
        int out[50], in[50], right = (rank + 1) % size, left = (rank + size - 1) % size, ok = 1, all;
        for (i = 0; i < 50; i++)
            out[i] = rank * 100 + i;
        MPI_Sendrecv(out, 50, MPI_INT, right, 11, in, 50, MPI_INT, left, 11, MPI_COMM_WORLD, &st);
        for (i = 0; i < 50; i++)
            ok &= in[i] == left * 100 + i;
        ok &= st.MPI_SOURCE == left && st.MPI_TAG == 11;
        MPI_Sendrecv_replace(in, 50, MPI_INT, left, 12, right, 12, MPI_COMM_WORLD, &st);
        for (i = 0; i < 50; i++)
            ok &= in[i] == rank * 100 + i;
        MPI_Reduce(&ok, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("sendrecv ring shift and replace back: %s\n", all ? "all ranks right" : "wrong");
        check(ok, "sendrecv");
    }

    /* MPI_PROC_NULL: the ends of a line (no wrap-around) */
    {
        int v = rank, got = -5;
        int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
        MPI_Sendrecv(&v, 1, MPI_INT, up, 13, &got, 1, MPI_INT, down, 13, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        if (rank == 0)
            printf("from MPI_PROC_NULL: source %s, tag %s, count %d, buffer %s\n",
                   st.MPI_SOURCE == MPI_PROC_NULL ? "MPI_PROC_NULL" : "?",
                   st.MPI_TAG == MPI_ANY_TAG ? "MPI_ANY_TAG" : "?", count, got == -5 ? "untouched" : "written");
        else
            check(got == rank - 1, "a line shift");
        MPI_Recv(&got, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
        MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
        MPI_Probe(MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        check(st.MPI_SOURCE == MPI_PROC_NULL, "probe of MPI_PROC_NULL");
    }

    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("probe: %s\n", any ? "FAILED" : "OK");
    MPI_Finalize();
    return rank == 0 && any;
}
