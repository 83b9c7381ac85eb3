/* The rest of libscmp, one section each (run on a mesh of at least 2x2; node numbers below are taken
 * modulo the node count P):
 *
 *  ids      every node reports getNodeId(), getXDim(), getYDim() to node 0 (parExecute + createThread)
 *  double   every node sends i * 0.5 + 0.25 to node 0 with sendDataFloatValue
 *  add      every node adds i + 1 to one counter on node 0 with sendAddIntValue
 *  threadK  the whole-message primitives __scmp_thread1..6 and __scmp_send_thread (1..8 and 24 words):
 *           the started function sees the words in a0..a7 and zeros in the argument registers beyond them
 *  raw      a DATA message and a THREAD message built from the single-instruction wrappers, mixing
 *           register flits with DMA (sendm, sendme with a stride)
 *  big      70000 words, more than one message carries, written backwards (destination stride -1) by
 *           the blocking sendDataBlock, after which the source is overwritten
 *  wide     strides that do not fit the hardware's 16 bits (32768 and -32769 words)
 *  nb       sendDataBlockNB + waitDataBlock: the source is overwritten after waitDataBlock, and the
 *           receiver must still see the old words
 *  clamp    createThread and parExecute started directly by THREAD messages, with no extra argument, in
 *           contexts other than 0: their variadic area begins at the stack top, and the words above it
 *           are the next context's stack guard, which the library must not read
 *
 * Completion never relies on the order in which separate messages arrive: data is waited for with
 * sentinels (words that are 0 until written, or the last word of a message, which the receiving NIU writes
 * last), and results come back in the THREAD message that also counts them.
 *
 * Output: one line per section (see main), then "primitives: OK" and exit 0, or "primitives: FAILED" and
 * exit 1. */
#include <stdio.h>
#include "scmp.h"

#define MAX_NODES 256
#define BIG 70000
#define WIDE_STRIDE 32768

/* ---- node 0's collection of results ---------------------------------------------------------------- */

int id_ok[MAX_NODES];
volatile int id_reports;
double dvals[MAX_NODES];
volatile int add_total;
int sums[32];
volatile int sum_reports;
volatile int checks[8];         /* results of the checking threads, by section, 0 = not yet */

static int ok = 1;

static void expect(int cond, const char *what)
{
    if (!cond) {
        printf("mismatch: %s\n", what);
        ok = 0;
    }
}

/* ---- ids ------------------------------------------------------------------------------------------- */

void record_id(int node, int x, int y, int good)
{
    id_ok[node] = good && x == getXDim() && y == getYDim();
    id_reports = id_reports + 1;
}

void report_id(void)
{
    int id = getNodeId();
    int p = getXDim() * getYDim();
    createThread(0, record_id, 0, id, getXDim(), getYDim(), id >= 0 && id < p);
}

/* ---- double and add -------------------------------------------------------------------------------- */

void send_values(void)
{
    int id = getNodeId();
    sendDataFloatValue(0, &dvals[id], id * 0.5 + 0.25);
    sendAddIntValue(0, &add_total, id + 1);
}

/* ---- threadK --------------------------------------------------------------------------------------- */

void record_sum(int tag, int sum)
{
    sums[tag] = sum;
    sum_reports = sum_reports + 1;
}

/* Started with 1..24 words: weighs each argument register by its position. */
void weigh(int w0, int w1, int w2, int w3, int w4, int w5, int w6, int w7)
{
    int s = w0 * 1 + w1 * 2 + w2 * 3 + w3 * 4 + w4 * 5 + w5 * 6 + w6 * 7 + w7 * 8;
    /* The tag travels in the high bits of w0: w0 = tag << 16 | 100. */
    createThread(0, record_sum, 0, w0 >> 16, s);
}

static int expected_weight(int tag, int n)
{
    int s = 0, i;
    for (i = 0; i < n && i < 8; i++) {
        int w = i == 0 ? (tag << 16 | 100) : 100 + i;
        s += w * (i + 1);
    }
    return s;
}

/* ---- raw ------------------------------------------------------------------------------------------- */

int inbox[12];
int dma_src[6] = {13, 99, 14, 99, 15, 99};

int check_inbox(void)
{
    int i, s = 0;
    waitFlagChange(&inbox[10], 0);     /* the message's last word: the NIU writes it last */
    for (i = 0; i < 12; i++) {
        s = s * 3 + inbox[i];
    }
    return s;
}

void on_check(int result, int node)
{
    (void)node;
    checks[0] = result;
}

/* Runs on node 2: answers node 0 with one DATA message (node 0 waits for the word to change). */
void raw_thread(int a, int b, int c, int d)
{
    sendDataIntValue(0, (int *)&checks[1], a * 1000 + b * 100 + c * 10 + d);
}

/* ---- big, wide and nb: receivers wait for sentinels and answer through the callback ---------------- */

int big_in[BIG];
int big_src[BIG];
int wide[2 * WIDE_STRIDE + 1];
int wide_src[WIDE_STRIDE + 2];
int nb_in[256];
int nb_src[256];

int check_big(void)
{
    unsigned s = 0;
    int k;
    for (k = 0; k < BIG; k++) {
        s += (unsigned)waitFlagChange(&big_in[k], 0) * (unsigned)(k + 1);
    }
    return (int)s;
}

int check_wide(void)
{
    int a = waitFlagChange(&wide[0], 0);
    int b = waitFlagChange(&wide[WIDE_STRIDE], 0);
    int c = waitFlagChange(&wide[2 * WIDE_STRIDE], 0);
    int d = waitFlagChange(&wide[1], 0);       /* from the second block, source stride -32769 */
    int e = waitFlagChange(&wide[2], 0);
    return a * 10000 + b * 1000 + c * 100 + d * 10 + e;
}

int check_nb(void)
{
    int k, s = 0;
    for (k = 0; k < 256; k++) {
        s += waitFlagChange(&nb_in[k], 0);
    }
    return s;
}

void on_big(int result, int node) { (void)node; checks[2] = result; }
void on_wide(int result, int node) { (void)node; checks[3] = result; }
void on_nb(int result, int node) { (void)node; checks[4] = result; }

/* ---- clamp ----------------------------------------------------------------------------------------- */

volatile int clamp_leaves;

void clamp_leaf(void)
{
    clamp_leaves = clamp_leaves + 1;
}

/* ---- main ------------------------------------------------------------------------------------------ */

int main(void)
{
    int p = getXDim() * getYDim();
    int i, k, n, all;
    unsigned big_sum = 0;
    double dsum = 0;

    printf("primitives: %d nodes\n", p);

    /* ids */
    parExecute(p, report_id);
    waitCount(&id_reports, p);
    all = 1;
    for (i = 0; i < p; i++) {
        all = all && id_ok[i];
    }
    printf("ids: %d reports, %s\n", id_reports, all ? "consistent" : "WRONG");
    expect(all, "ids");

    /* double and add */
    parExecute(p, send_values);
    for (i = 0; i < p; i++) {
        /* The high word is the message's second and last word: once it has arrived, so has the low one. */
        waitFlagChange((volatile int *)&dvals[i] + 1, 0);
        dsum += dvals[i];
        expect(dvals[i] == i * 0.5 + 0.25, "double");
    }
    waitCount(&add_total, p * (p + 1) / 2);
    printf("double: sum %.2f\n", dsum);
    printf("add: total %d\n", add_total);
    expect(add_total == p * (p + 1) / 2, "add");

    /* threadK: tags 1..6 for __scmp_thread1..6, 7..14 for __scmp_send_thread with 1..8 words, 15 for 24 */
    {
        int w[24];
        for (i = 0; i < 24; i++) {
            w[i] = 100 + i;
        }
        __scmp_thread1(1 % p, weigh, 1 << 16 | 100);
        __scmp_thread2(2 % p, weigh, 2 << 16 | 100, 101);
        __scmp_thread3(3 % p, weigh, 3 << 16 | 100, 101, 102);
        __scmp_thread4(1 % p, weigh, 4 << 16 | 100, 101, 102, 103);
        __scmp_thread5(2 % p, weigh, 5 << 16 | 100, 101, 102, 103, 104);
        __scmp_thread6(3 % p, weigh, 6 << 16 | 100, 101, 102, 103, 104, 105);
        for (n = 1; n <= 8; n++) {
            w[0] = (6 + n) << 16 | 100;
            __scmp_send_thread(n % p, weigh, w, n);
        }
        w[0] = 15 << 16 | 100;
        __scmp_send_thread(p - 1, weigh, w, 24);
        waitCount(&sum_reports, 15);
        all = 1;
        for (k = 1; k <= 6; k++) {
            all = all && sums[k] == expected_weight(k, k);
        }
        for (n = 1; n <= 8; n++) {
            all = all && sums[6 + n] == expected_weight(6 + n, n);
        }
        all = all && sums[15] == expected_weight(15, 24);
        printf("threadK: %d messages, %s, 24 words weigh %d\n", sum_reports, all ? "all words right" : "WRONG",
               sums[15]);
        expect(all, "threadK");
    }

    /* raw: inbox[0, 2, .., 10] = 11, 12, 13, 14, 15, 16 on node 3 */
    __scmp_sendh_data(3 % p, inbox, 2);
    __scmp_send2(11, 12);
    __scmp_sendm(dma_src, 2u << 16 | 3);     /* dma_src[0], [2], [4] = 13, 14, 15 */
    __scmp_sende(16);
    createThread(3 % p, check_inbox, on_check);
    /* raw THREAD: raw_thread(1, 2, 3, 4), the last two words by DMA */
    {
        static int tail[2] = {3, 4};
        __scmp_sendh_thread(2 % p, raw_thread);
        __scmp_send2(1, 2);
        __scmp_sendme(tail, 1u << 16 | 2);
    }
    waitFlagChange(&checks[0], 0);
    waitFlagChange(&checks[1], 0);
    printf("raw: data %d, thread %d\n", checks[0], checks[1]);
    {
        int s = 0;
        int want[12] = {11, 0, 12, 0, 13, 0, 14, 0, 15, 0, 16, 0};
        for (i = 0; i < 12; i++) {
            s = s * 3 + want[i];
        }
        expect(checks[0] == s && checks[1] == 1234, "raw");
    }

    /* big: big_in[BIG - 1 - k] = big_src[k] on node 2 */
    for (k = 0; k < BIG; k++) {
        big_src[k] = k + 1;
    }
    sendDataBlock(2 % p, &big_in[BIG - 1], -1, big_src, 1, BIG);
    /* sendDataBlock has returned, so the DMA engine has read the whole block: overwriting the source (last
     * word first, where an unfinished engine would still be reading) must not change what arrives. */
    for (k = BIG - 1; k >= 0; k--) {
        big_src[k] = 7;
    }
    createThread(2 % p, check_big, on_big);
    for (k = 0; k < BIG; k++) {
        big_sum += (unsigned)(BIG - k) * (unsigned)(k + 1);
    }
    waitFlagChange(&checks[2], 0);
    printf("big: %d words, checksum %u\n", BIG, (unsigned)checks[2]);
    expect((unsigned)checks[2] == big_sum, "big");

    /* wide: on node 1, wide[0], wide[32768], wide[65536] = 1, 2, 3 (destination stride 32768), then
     * wide[1], wide[2] = wide_src[32769], wide_src[0] = 4, 5 (source stride -32769) */
    wide_src[0] = 1;
    wide_src[1] = 2;
    wide_src[2] = 3;
    sendDataBlock(1 % p, wide, WIDE_STRIDE, wide_src, 1, 3);
    wide_src[WIDE_STRIDE + 1] = 4;
    wide_src[0] = 5;
    sendDataBlock(1 % p, &wide[1], 1, &wide_src[WIDE_STRIDE + 1], -(WIDE_STRIDE + 1), 2);
    createThread(1 % p, check_wide, on_wide);
    waitFlagChange(&checks[3], 0);
    printf("wide: %d\n", checks[3]);
    expect(checks[3] == 12345, "wide");

    /* nb: 256 words of 1..256 to node 3, then the source is overwritten with 1000s, last word first: the
     * DMA engine reads about two words per cycle from the first, so without the wait the core would
     * overwrite the end of the block before the engine got there. */
    for (k = 0; k < 256; k++) {
        nb_src[k] = k + 1;
    }
    sendDataBlockNB(3 % p, nb_in, 1, nb_src, 1, 256);
    waitDataBlock();
    for (k = 255; k >= 0; k--) {
        nb_src[k] = 1000;
    }
    createThread(3 % p, check_nb, on_nb);
    waitFlagChange(&checks[4], 0);
    printf("nb: sum %d\n", checks[4]);
    expect(checks[4] == 256 * 257 / 2, "nb");

    /* clamp: THREAD messages that start createThread and parExecute themselves, so that their variadic
     * area begins exactly at the new thread's stack top. On node 0, main holds context 0, so the new
     * threads run in other contexts, right below the stack guard of the next lower context. */
    __scmp_thread3(0, (void (*)())createThread, 0, (int)clamp_leaf, 0);
    __scmp_thread2(0, (void (*)())parExecute, 1, (int)clamp_leaf);
    waitCount(&clamp_leaves, 2);
    printf("clamp: %d leaves\n", clamp_leaves);

    printf("primitives: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
