/* pingpong.c - rank 0 and the last rank (the far corner of the mesh) bounce messages of many sizes and
 * alignments: rank 0 sends a pattern, the partner checks it, transforms every byte (every word of the
 * largest) and sends it back, rank 0 checks the answer. Covers zero-length, sub-word and odd byte counts,
 * unaligned buffers, a truncated receive (MPI_ERR_TRUNCATE, returned under MPI_ERRORS_RETURN), and a block
 * longer than one DMA transfer (65535 words). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

static int failed;

static unsigned char pattern(int i, int size)
{
    return (unsigned char)(i * 7 + size * 3 + 1);
}

static int check(unsigned char *b, int n, int size, int add)
{
    int i, bad = 0;
    for (i = 0; i < n; i++)
        if (b[i] != (unsigned char)(pattern(i, size) + add))
            bad++;
    return bad;
}

/* Large messages (aligned, whole words) use a word pattern: four times fewer steps to fill and check. */
static unsigned wpattern(int i)
{
    return (unsigned)i * 2654435761u + 12345u;
}

static int wcheck(unsigned *w, int n, unsigned add)
{
    int i, bad = 0;
    for (i = 0; i < n; i++)
        if (w[i] != wpattern(i) + add)
            bad++;
    return bad;
}

void start(int argc, char **argv)
{
    static const int sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 64, 1001, 4096, 300000};
    int rank, size, peer, k, i, n, off, count, bad, err;
    unsigned char *buf;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    peer = size - 1;
    buf = (unsigned char *)malloc(300000 + 8);
    if (rank == 0)
        printf("pingpong: rank 0 <-> rank %d\n", peer);
    for (k = 0; k < (int)(sizeof sizes / sizeof sizes[0]); k++) {
        for (off = 0; off < (sizes[k] > 5000 ? 1 : 4); off += 3) {   /* word-aligned and unaligned buffers */
            unsigned char *b = buf + off;
            unsigned *w = (unsigned *)buf;
            int words = sizes[k] > 5000;    /* 300000: aligned, a multiple of 4 */
            n = sizes[k];
            if (rank == 0) {
                if (words)
                    for (i = 0; i < n / 4; i++)
                        w[i] = wpattern(i);
                else
                    for (i = 0; i < n; i++)
                        b[i] = pattern(i, n);
                MPI_Send(b, n, MPI_BYTE, peer, k, MPI_COMM_WORLD);
                memset(b, 0, n);
                MPI_Recv(b, n, MPI_BYTE, peer, 100 + k, MPI_COMM_WORLD, &st);
                MPI_Get_count(&st, MPI_BYTE, &count);
                bad = words ? wcheck(w, n / 4, 1) : check(b, n, n, 1);
                if (off == 0)
                    printf("%d bytes: back %d, errors %d\n", n, count, bad);
                if (bad || count != n || st.MPI_SOURCE != peer || st.MPI_TAG != 100 + k)
                    failed = 1;
            } else if (rank == peer) {
                MPI_Recv(b, n, MPI_BYTE, 0, k, MPI_COMM_WORLD, &st);
                MPI_Get_count(&st, MPI_BYTE, &count);
                if ((words ? wcheck(w, n / 4, 0) : check(b, n, n, 0)) || count != n)
                    failed = 1;
                if (words)
                    for (i = 0; i < n / 4; i++)
                        w[i] += 1;
                else
                    for (i = 0; i < n; i++)
                        b[i] = (unsigned char)(b[i] + 1);
                MPI_Send(b, n, MPI_BYTE, 0, 100 + k, MPI_COMM_WORLD);
            }
        }
    }
    /* 10 ints into a buffer of 6: the first 6 arrive, MPI_Recv returns MPI_ERR_TRUNCATE (not fatal) */
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0) {
        int ten[10];
        for (i = 0; i < 10; i++)
            ten[i] = 50 + i;
        MPI_Send(ten, 10, MPI_INT, peer, 999, MPI_COMM_WORLD);
        MPI_Recv(&bad, 1, MPI_INT, peer, 998, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("truncated receive: %s\n", bad ? "FAILED" : "OK");
        if (bad)
            failed = 1;
    } else if (rank == peer) {
        int six[7];
        six[6] = -1;
        st.MPI_ERROR = -7;      /* a call that gives one status leaves its MPI_ERROR alone (MPI-3.1 3.2.5) */
        err = MPI_Recv(six, 6, MPI_INT, 0, 999, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        bad = err != MPI_ERR_TRUNCATE || st.MPI_ERROR != -7 || count != 6 || six[6] != -1;
        for (i = 0; i < 6; i++)
            if (six[i] != 50 + i)
                bad = 1;
        MPI_Send(&bad, 1, MPI_INT, 0, 998, MPI_COMM_WORLD);
    }
    free(buf);
    MPI_Finalize();
}

#define PROGRAM "pingpong"
#include "launch_main.h"
