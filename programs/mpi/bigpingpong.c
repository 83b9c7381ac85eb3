/* bigpingpong.c - a ping-pong of growing messages between rank 0 and the last rank (the far corner of the
 * mesh): every power of two from 1 byte to 512 KiB and the odd sizes next to the DMA block's limit (a sendm
 * block carries at most 65535 words: 65535 words less a byte and plus five bytes) and a message of four
 * blocks with a tail of three bytes (3 * 65536 words + 3 bytes), as MPI_BYTE. SCMP's boundaries lie below:
 * the eager limit, tail bytes, one block and the next (1 MiB only added full blocks; the T3D's MPI_BUFFER_MAX,
 * 1 MiB by default, is checked with a smaller one in T3dMpiTest's COMMS1 runs). The last rank
 * checks every byte it receives, adds 1 to every word (and to each byte after the last whole word) and sends
 * the message back; rank 0 checks every byte of the answer. Prints on rank 0. Runs on any number of ranks
 * >= 2. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAX (3 * 65536 * 4 + 3)   /* the largest message, the odd one of four blocks */

/* Word i of the message of n bytes, and byte i of its bytes after the last whole word (macros: scmpcc does
 * not inline, and the checks touch every word). */
#define WORD(n, i) ((n) * 4099 + (i))
#define BYTE(n, i) ((unsigned char)((n) + (i) * 5))

/* Words and tail bytes of the message of n bytes at buf that differ from what they should be: the
 * contents as rank 0 sent them, plus `plus` in every word and every tail byte; then adds `add` to each. */
static int check(unsigned char *buf, int n, int plus, int add)
{
    int *w = (int *)buf, words = n / 4, i, bad = 0, v = WORD(n, 0) + plus;
    for (i = 0; i < words; i++, v++) {
        bad += w[i] != v;
        w[i] += add;
    }
    for (i = words * 4; i < n; i++) {
        bad += buf[i] != (unsigned char)(BYTE(n, i) + plus);
        buf[i] += add;
    }
    return bad;
}

int main(int argc, char **argv)
{
    int me, np, last, n, i, k, bad, failed = 0;
    unsigned char *buf;
    static const int odd[] = {65535 * 4 - 1, 65535 * 4 + 5, MAX};
    int sizes[40], nsizes = 0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    last = np - 1;
    for (n = 1; n <= MAX; n *= 2)
        sizes[nsizes++] = n;
    for (k = 0; k < 3; k++)
        sizes[nsizes++] = odd[k];
    buf = (unsigned char *)malloc(MAX + 4);
    if (me == 0)
        printf("bigpingpong: rank 0 <-> rank %d, 1 byte to %d bytes\n", last, MAX);
    for (k = 0; k < nsizes; k++) {
        n = sizes[k];
        bad = 0;
        if (me == 0) {
            int *w = (int *)buf;
            for (i = 0; i < n / 4; i++)
                w[i] = WORD(n, i);
            for (i = n / 4 * 4; i < n; i++)
                buf[i] = BYTE(n, i);
            MPI_Send(buf, n, MPI_BYTE, last, k, MPI_COMM_WORLD);
            MPI_Recv(buf, MAX, MPI_BYTE, last, k, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &i);
            bad = (i != n) + check(buf, n, 1, 0);
        } else if (me == last) {
            MPI_Recv(buf, MAX, MPI_BYTE, 0, k, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &i);
            bad = (i != n) + check(buf, n, 0, 1);
            MPI_Send(buf, n, MPI_BYTE, 0, k, MPI_COMM_WORLD);
        }
        MPI_Reduce(me == 0 ? MPI_IN_PLACE : &bad, &bad, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0) {
            printf("%7d bytes: there and back, wrong %d\n", n, bad);
            failed |= bad != 0;
        }
    }
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("bigpingpong: %s\n", failed ? "FAILED" : "OK");
    free(buf);
    MPI_Finalize();
    return failed;
}
