/* The ACLMPL paper's six cases (section 5; docs/aclmpl.md, "Benchmarks") under the libraries it measured
 * ACLMPL against on the T3D: MPI (the CRI/EPCC design, docs/mpi-t3d.md) and PVM's psend/precv (docs/t3d-msg.md),
 * written as the paper says it wrote them, "the most efficient programs possible" in each library. Built for
 * the T3D model, without -DPVM for MPI, with -DPVM -lpvm for PVM:
 *
 *   others CASE PROTOCOL BYTES [REPS]
 *
 * CASE is latency, onetoall, alltoone, alltoall, bcast or reduce (as programs/aclmpl/bench/CASE.c); PROTOCOL
 * mpi-sync (blocking MPI_Send and MPI_Recv, MPI_Sendrecv in the all-to-all), mpi-async (MPI_Isend and
 * MPI_Irecv, then MPI_Waitall) or pvm (pvm_psend and pvm_precv). bcast and reduce are MPI_Bcast and MPI_Reduce
 * (mpi-sync only); under PVM they are binomial trees of psend/precv rooted at PE 0 (a broadcast in log2 P
 * steps, and a reduce adding the children's vectors of ints on the way up). PE 0 prints bench.h's line:
 *
 *   CASE PROTOCOL pes=P bytes=B reps=R cycles=C us=U [MBps=M] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <t3d.h>
#ifdef PVM
#include <pvm3.h>
#else
#include <mpi.h>
#endif

enum { LATENCY, ONETOALL, ALLTOONE, ALLTOALL, BCAST, REDUCE };
static const char *const cases[] = {"latency", "onetoall", "alltoone", "alltoall", "bcast", "reduce"};

static int me, np, bytes, reps = 4, which, async;
static int *buf, *in, *sum;

#ifdef PVM
static void sync_all(void) { t3d_barrier(); }
static void send_to(int pe, int *b) { pvm_psend(pvm_gettid(0, pe), 1, b, bytes / 4, PVM_INT); }
static void recv_from(int pe, int *b) { pvm_precv(pvm_gettid(0, pe), 1, b, bytes / 4, PVM_INT, 0, 0, 0); }
#else
static void sync_all(void) { MPI_Barrier(MPI_COMM_WORLD); }
static void send_to(int pe, int *b) { MPI_Send(b, bytes / 4, MPI_INT, pe, 1, MPI_COMM_WORLD); }
static void recv_from(int pe, int *b) { MPI_Recv(b, bytes / 4, MPI_INT, pe, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
static MPI_Request *reqs;
static void isend_to(int pe, int *b, int k) { MPI_Isend(b, bytes / 4, MPI_INT, pe, 1, MPI_COMM_WORLD, &reqs[k]); }
static void irecv_from(int pe, int *b, int k) { MPI_Irecv(b, bytes / 4, MPI_INT, pe, 1, MPI_COMM_WORLD, &reqs[k]); }
static void wait_all(int n) { MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE); }
#endif

/* Where PE src's message lands on PE 0 (all-to-one, reduce) or the all-to-all's step k: apart, so that
 * outstanding receives never share a buffer. */
static int *slot(int k) { return in + (size_t)k * (bytes / 4 + 1); }

static void once(void) {
    int d, k;
    switch (which) {
    case LATENCY:
#ifndef PVM
        if (async) {
            if (me == 0) {
                irecv_from(1, in, 0);
                isend_to(1, buf, 1);
                wait_all(2);
            } else if (me == 1) {
                irecv_from(0, in, 0);
                wait_all(1);
                isend_to(0, buf, 0);
                wait_all(1);
            }
            break;
        }
#endif
        if (me == 0) {
            send_to(1, buf);
            recv_from(1, in);
        } else if (me == 1) {
            recv_from(0, in);
            send_to(0, buf);
        }
        break;
    case ONETOALL:
#ifndef PVM
        if (async) {
            if (me == 0) {
                for (d = 1; d < np; d++)
                    isend_to(d, buf, d - 1);
                wait_all(np - 1);
            } else {
                irecv_from(0, in, 0);
                wait_all(1);
            }
            break;
        }
#endif
        if (me == 0)
            for (d = 1; d < np; d++)
                send_to(d, buf);
        else
            recv_from(0, in);
        break;
    case ALLTOONE:
#ifndef PVM
        if (async) {
            if (me == 0) {
                for (d = 1; d < np; d++)
                    irecv_from(d, slot(d), d - 1);
                wait_all(np - 1);
            } else {
                isend_to(0, buf, 0);
                wait_all(1);
            }
            break;
        }
#endif
        if (me == 0)
            for (d = 1; d < np; d++)
                recv_from(d, slot(d));
        else
            send_to(0, buf);
        break;
    case ALLTOALL:
        for (k = 1; k < np; k++) {
            int to = (me + k) % np, from = (me + np - k) % np;
#ifdef PVM
            send_to(to, buf);
            recv_from(from, slot(k));
#else
            if (async) {
                irecv_from(from, slot(k), 0);
                isend_to(to, buf, 1);
                wait_all(2);
            } else {
                MPI_Sendrecv(buf, bytes / 4, MPI_INT, to, 1, slot(k), bytes / 4, MPI_INT, from, 1, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
            }
#endif
        }
        break;
    case BCAST:
#ifdef PVM
        /* a binomial tree from PE 0: receive from the parent, send to the children, the farthest first */
        for (k = 1; k < np; k <<= 1)
            if (me & k) {
                recv_from(me - k, buf);
                break;
            }
        for (k >>= 1; k > 0; k >>= 1)
            if (me + k < np)
                send_to(me + k, buf);
#else
        MPI_Bcast(buf, bytes / 4, MPI_INT, 0, MPI_COMM_WORLD);
#endif
        break;
    case REDUCE:
#ifdef PVM
        /* the binomial tree to PE 0: add the children's vectors, the nearest first, then send to the parent */
        memcpy(sum, buf, bytes);
        for (k = 1; k < np; k <<= 1) {
            if (me & k) {
                send_to(me - k, sum);
                break;
            }
            if (me + k < np) {
                recv_from(me + k, in);
                for (d = 0; d < bytes / 4; d++)
                    sum[d] += in[d];
            }
        }
#else
        MPI_Reduce(buf, sum, bytes / 4, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
        break;
    }
}

int main(int argc, char **argv) {
    const char *protocol;
    unsigned long long t0, cycles;
    int r, ok;
#ifdef PVM
    pvm_mytid();
    me = t3d_my_pe();
    np = t3d_n_pes();
#else
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
#endif
    ok = argc >= 4;
    for (which = 0; ok && which < 6 && strcmp(argv[1], cases[which]) != 0; which++)
        ;
    protocol = ok ? argv[2] : "";
#ifdef PVM
    ok = ok && strcmp(protocol, "pvm") == 0;
#else
    async = strcmp(protocol, "mpi-async") == 0;
    ok = ok && (async || strcmp(protocol, "mpi-sync") == 0);
#endif
    if (ok) {
        bytes = atoi(argv[3]);
        if (argc > 4)
            reps = atoi(argv[4]);
    }
    if (!ok || which == 6 || bytes < 4 || bytes % 4 != 0 || reps < 1) {
        if (me == 0)
            printf("usage: others latency|onetoall|alltoone|alltoall|bcast|reduce PROTOCOL BYTES [REPS]\n");
        return 1;
    }
    if ((which == LATENCY && np < 2) || ((which == BCAST || which == REDUCE) && async)) {
        if (me == 0)
            printf("%s %s pes=%d bytes=%d skipped\n", cases[which], protocol, np, bytes);
        return 0;
    }
    buf = (int *)malloc(bytes + 4);
    sum = (int *)malloc(bytes + 4);
    in = (int *)malloc((size_t)np * (bytes + 4));
#ifndef PVM
    reqs = (MPI_Request *)malloc(np * sizeof(MPI_Request));
#endif
    for (r = 0; r < bytes / 4; r++)
        buf[r] = r + me;
    sync_all();
    once();
    sync_all();
    t0 = t3d_cycles();
    for (r = 0; r < reps; r++)
        once();
    if (which != LATENCY)
        sync_all();
    cycles = (t3d_cycles() - t0) / (which == LATENCY ? 2 : 1) / reps;
    if (me == 0) {
        double us = (double)cycles / T3D_CLOCK_MHZ;
        printf("%s %s pes=%d bytes=%d reps=%d cycles=%llu us=%.3f", cases[which], protocol, np, bytes, reps, cycles,
               us);
        if (which == ONETOALL || which == ALLTOONE || which == ALLTOALL)
            printf(" MBps=%.2f", (double)(np - 1) * bytes / us);
        printf("\n");
    }
    if (which == LATENCY)
        sync_all();
#ifndef PVM
    MPI_Finalize();
#endif
    return 0;
}
