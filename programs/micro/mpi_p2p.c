/* mpi_p2p.c - point-to-point micro-benchmarks with MPI between ranks 0 and 1, after the OSU benchmarks
 * osu_latency and osu_bw; native_p2p.c is the libscmp counterpart.
 *
 *   latency: MPI_Send / MPI_Recv ping-pong of SIZE bytes (MPI_CHAR); round trip / 2 over ITER rounds after
 *     2 warm-up rounds;
 *   bandwidth: rank 0 starts W MPI_Isend of SIZE bytes, rank 1 W MPI_Irecv into W slots; both MPI_Waitall,
 *     then rank 1 sends a 4-byte answer; bytes per cycle over ITER windows after one warm-up window.
 * Ranks other than 0 and 1 only take part in MPI_Init and MPI_Finalize.
 *
 * Usage: mpi_p2p ITER MAXSIZE     (sizes 4, 8, ..., MAXSIZE bytes; MAXSIZE <= 65536)
 * Launch: `scmpsim --mesh 2x1 mpi_p2p 20 65536` (the thesis's form: main on node 0 starts the SPMD part with
 * parExecute), `scmpsim -n 2 ...`, or a host MPI's mpiexec -n 2.
 * Output (micro.h, rank 0): "micro latency SIZE CYCLES", "micro bandwidth SIZE BYTES_PER_CYCLE W", then
 * "micro: OK" when every byte received was right. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "micro.h"

static char rbuf[MICRO_WINDOW_BYTES];
static char sbuf[MICRO_MAX_SIZE];
static int status;

static void p2p_run(int iters, int maxsize)
{
    int me, size, it, j, errors = 0, total = 0;
    MPI_Request reqs[MICRO_WINDOW];
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    for (size = 4; size <= maxsize; size *= 2) {
        int w = micro_window(size), ack = 0;
        unsigned long long t0 = 0, t1;
        for (j = 0; j < size; j++)
            sbuf[j] = (char)MICRO_BYTE(size, j);
        MPI_Barrier(MPI_COMM_WORLD);
        for (it = 0; it < iters + 2; it++) {
            if (it == 2)
                t0 = micro_now();
            if (me == 0) {
                MPI_Send(sbuf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(rbuf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (me == 1) {
                MPI_Recv(rbuf, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(sbuf, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
            }
        }
        t1 = micro_now();
        if (me <= 1)
            for (j = 0; j < size; j++)
                if (rbuf[j] != (char)MICRO_BYTE(size, j))
                    errors++;
        if (me == 0)
            printf("micro latency %d %.1f\n", size, (double)(t1 - t0) / (2.0 * iters));

        for (it = 0; it < iters + 1; it++) {
            if (it == 1)
                t0 = micro_now();
            if (me == 0) {
                for (j = 0; j < w; j++)
                    MPI_Isend(sbuf, size, MPI_CHAR, 1, 2, MPI_COMM_WORLD, &reqs[j]);
                MPI_Waitall(w, reqs, MPI_STATUSES_IGNORE);
                MPI_Recv(&ack, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (me == 1) {
                for (j = 0; j < w; j++)
                    MPI_Irecv(rbuf + j * size, size, MPI_CHAR, 0, 2, MPI_COMM_WORLD, &reqs[j]);
                MPI_Waitall(w, reqs, MPI_STATUSES_IGNORE);
                MPI_Send(&ack, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
            }
        }
        t1 = micro_now();
        if (me == 1)
            for (j = 0; j < w * size; j++)
                if (rbuf[j] != (char)MICRO_BYTE(size, j % size))
                    errors++;
        if (me == 0)
            printf("micro bandwidth %d %.4f %d\n", size, (double)size * w * iters / (double)(t1 - t0), w);
    }
    MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (total)
            printf("micro: FAILED (%d errors)\n", total);
        else
            printf("micro: OK\n");
        fflush(stdout);
        status = total ? 1 : 0;
    }
}

static int parse(int argc, char **argv, int *iters, int *maxsize)
{
    if (argc < 3 || atoi(argv[1]) < 1 || atoi(argv[2]) < 4 || atoi(argv[2]) > MICRO_MAX_SIZE) {
        fprintf(stderr, "usage: mpi_p2p ITER MAXSIZE (4 <= MAXSIZE <= %d)\n", MICRO_MAX_SIZE);
        return 2;
    }
    *iters = atoi(argv[1]);
    *maxsize = atoi(argv[2]);
    return 0;
}

#ifdef __SCMP__
void p2p_start(int iters, int maxsize)
{
    MPI_Init(0, 0);
    p2p_run(iters, maxsize);
    MPI_Finalize();
}
#endif

int main(int argc, char **argv)
{
    int iters, maxsize;
#ifdef __SCMP__
    if (!getenv("SCMP_NPROCS")) {
        if (parse(argc, argv, &iters, &maxsize))
            return 2;
        parExecute(getXDim() * getYDim(), (void (*)())p2p_start, iters, maxsize);
        return status;
    }
#endif
    MPI_Init(&argc, &argv);
    if (parse(argc, argv, &iters, &maxsize)) {
        MPI_Finalize();
        return 2;
    }
    p2p_run(iters, maxsize);
    MPI_Finalize();
    return status;
}
