/* Many-to-one flood on the T3D's MPI (docs/mpi-t3d.md): every rank but 0 sends `per` messages of each
 * protocol's size (T: 8 bytes, RTA: 100 bytes, RAT with MPI_Ssend: 100 bytes) to rank 0 as fast as it can,
 * so several writers contend for rank 0's envelope queue (swap locks) and fill it (MPI_SM_POOL). Rank 0
 * receives them with MPI_ANY_SOURCE and checks that every message arrives exactly once, in its sender's
 * order. Usage: flood [per] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WORDS 25

int main(int argc, char **argv)
{
    int rank, size, per = argc > 1 ? atoi(argv[1]) : 40, i, j, errors = 0;
    int buf[WORDS];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        for (i = 0; i < per; i++) {
            int n = i % 3 == 0 ? 2 : WORDS;
            for (j = 0; j < n; j++)
                buf[j] = rank * 100000 + i * 100 + j;
            if (i % 3 == 2)
                MPI_Ssend(buf, n, MPI_INT, 0, i % 3, MPI_COMM_WORLD);
            else
                MPI_Send(buf, n, MPI_INT, 0, i % 3, MPI_COMM_WORLD);
        }
    } else {
        int *next = (int *)calloc(size, sizeof(int)), total = (size - 1) * per;
        MPI_Status st;
        for (i = 0; i < total; i++) {
            int src, k, n;
            MPI_Recv(buf, WORDS, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            src = st.MPI_SOURCE;
            k = next[src]++;
            if (st.MPI_TAG != k % 3 || n != (k % 3 == 0 ? 2 : WORDS))
                errors++;
            for (j = 0; j < n; j++)
                if (buf[j] != src * 100000 + k * 100 + j)
                    errors++;
        }
        for (i = 1; i < size; i++)
            if (next[i] != per)
                errors++;
        printf("flood: %d senders x %d messages, %d error(s)\n", size - 1, per, errors);
    }
    MPI_Finalize();
    return errors != 0;
}
