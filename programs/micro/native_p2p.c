/* native_p2p.c - point-to-point micro-benchmarks on libscmp's native primitives, between node 0 and node 1
 * (neighbours), in the style of the OSU benchmarks (osu_latency, osu_bw); mpi_p2p.c is the MPI counterpart.
 *
 *   latency: ping-pong of SIZE bytes. A 4-byte message is one sendDataIntValue (a 3-flit DATA message), a
 *     longer one one DMA block (sendDataBlockNB); the receiver waits for the message's last word, which
 *     carries the round number. Latency = round trip / 2, over ITER rounds after 2 warm-up rounds.
 *   bandwidth: node 0 sends W messages of SIZE bytes back to back (DMA) into W slots on node 1, which
 *     answers with one word once the last word of every slot has arrived; bytes per cycle over ITER windows.
 *
 * Usage: native_p2p ITER MAXSIZE     (sizes 4, 8, ..., MAXSIZE bytes; MAXSIZE <= 65536)
 * Output (micro.h): "micro latency SIZE CYCLES", "micro bandwidth SIZE BYTES_PER_CYCLE W", "micro: OK". */
#include <stdio.h>
#include <stdlib.h>
#include "micro.h"

int rbuf[MICRO_WINDOW_BYTES / 4];       /* node 1: the window's slots */
int lbuf[MICRO_MAX_SIZE / 4];           /* the ping-pong's landing buffer (apart, so that checking one phase's
                                           data never races with the other phase's messages) */
int sbuf[MICRO_MAX_SIZE / 4];
volatile int ackw;
volatile int reported;
int errors_total;

static int me, peer, round_no;

void record_errors(int errors)
{
    errors_total += errors;
    reported = reported + 1;
}

static void send_msg(int words)
{
    if (words == 1)
        sendDataIntValue(peer, &lbuf[0], round_no);
    else {
        sbuf[words - 1] = round_no;
        sendDataBlockNB(peer, lbuf, 1, sbuf, 1, words);
    }
}

static int check(int words, int r)
{
    const unsigned char *b = (const unsigned char *)lbuf;
    int i, e = 0;
    for (i = 0; i < 4 * (words - 1); i++)
        if (b[i] != MICRO_BYTE(r, i))
            e++;
    return e;
}

void p2p_node(int iters, int maxsize)
{
    int size, it, j, errors = 0;
    me = getNodeId();
    peer = 1 - me;
    for (size = 4; size <= maxsize; size *= 2) {
        int words = size / 4, w = micro_window(size), pattern;
        unsigned long long t0 = 0, t1;
        unsigned char *sb = (unsigned char *)sbuf;

        /* Every byte but the last word is a pattern of this size's first round, checked at the end. */
        pattern = round_no + 1;
        for (j = 0; j < size - 4; j++)
            sb[j] = MICRO_BYTE(pattern, j);
        for (it = 0; it < iters + 2; it++) {
            round_no++;
            if (it == 2)
                t0 = micro_now();
            if (me == 0) {
                send_msg(words);
                waitFlag(&lbuf[words - 1], round_no);
            } else {
                waitFlag(&lbuf[words - 1], round_no);
                send_msg(words);
            }
        }
        t1 = micro_now();
        waitDataBlock();
        errors += check(words, pattern);
        if (me == 0)
            printf("micro latency %d %.1f\n", size, (double)(t1 - t0) / (2.0 * iters));

        /* Bandwidth: W messages in flight, then one word back. */
        for (it = 0; it < iters + 1; it++) {
            round_no++;
            if (it == 1)
                t0 = micro_now();
            if (me == 0) {
                sbuf[words - 1] = round_no;
                for (j = 0; j < w; j++)
                    sendDataBlockNB(1, &rbuf[j * words], 1, sbuf, 1, words);
                waitFlag(&ackw, round_no);
            } else {
                for (j = 0; j < w; j++)
                    waitFlag(&rbuf[j * words + words - 1], round_no);
                sendDataIntValue(0, (int *)&ackw, round_no);
            }
        }
        t1 = micro_now();
        if (me == 1)
            for (j = 0; j < w && words > 1; j++) {
                const unsigned char *b = (const unsigned char *)&rbuf[j * words];
                int i;
                for (i = 0; i < size - 4; i++)
                    if (b[i] != MICRO_BYTE(pattern, i))
                        errors++;
            }
        if (me == 0)
            printf("micro bandwidth %d %.4f %d\n", size, (double)size * w * iters / (double)(t1 - t0), w);
    }
    waitDataBlock();
    createThread(0, (void (*)())record_errors, 0, errors);
}

int main(int argc, char **argv)
{
    int iters, maxsize;
    if (argc < 3 || getXDim() * getYDim() < 2) {
        fprintf(stderr, "usage: native_p2p ITER MAXSIZE (on at least 2 nodes)\n");
        return 2;
    }
    iters = atoi(argv[1]);
    maxsize = atoi(argv[2]);
    if (iters < 1 || maxsize < 4 || maxsize > MICRO_MAX_SIZE) {
        fprintf(stderr, "native_p2p: ITER >= 1, 4 <= MAXSIZE <= %d\n", MICRO_MAX_SIZE);
        return 2;
    }
    parExecute(2, (void (*)())p2p_node, iters, maxsize);
    waitCount(&reported, 2);
    if (errors_total)
        printf("micro: FAILED (%d errors)\n", errors_total);
    else
        printf("micro: OK\n");
    return errors_total ? 1 : 0;
}
