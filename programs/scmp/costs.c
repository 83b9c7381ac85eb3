/* The cost in cycles of libscmp's functions, measured on the simulator: the table of docs/libscmp.md,
 * "Costs", comes from this program's output.
 *
 *     scmpcc -O1 -o costs programs/scmp/costs.c && scmpsim --mesh 4x4 costs
 *
 * Node 0 times each call with the cycle counter (scmp_cycles(), whose own cost is measured first and
 * subtracted) and prints one table row per measurement: the cycles the calling thread spends from the call
 * to its return, averaged over REPEAT calls where a call can be repeated. Remote nodes run only what the
 * measurements start there. Latencies are measured by ping-pong: node 0 writes a number into a word on
 * another node with sendDataIntValue, a thread there spins (without suspending) until it sees it and writes
 * it back the same way, and node 0 spins until it sees the answer; the round trip divided by two is the
 * one-way latency, the detecting loads included. The mesh must have at least 4 nodes; the program prints
 * "costs: OK" and exits 0, or exits 1 if a measurement did not complete correctly. */
#include <stdio.h>
#include "scmp.h"

#ifdef __OPTIMIZE__
#define OPT_LEVEL "-O1 or higher"
#else
#define OPT_LEVEL "-O0"
#endif
#define REPEAT 8
#define BLOCK_MAX 256

int src_words[BLOCK_MAX];       /* the data sent and fetched; the same address on every node */
int *src_pointer = src_words;   /* what getBlock reads on the data's node */
int dst_words[BLOCK_MAX];
volatile int ping;              /* written by node 0 on the echoing node */
volatile int pong;              /* written back into node 0 */
volatile int callbacks;
volatile int counter;
double dval;
int ok = 1;

static unsigned overhead;

static unsigned now(void)
{
    return (unsigned)scmp_cycles();
}

static void row(const char *what, unsigned cycles, const char *note)
{
    printf("| %s | %u | %s |\n", what, cycles, note);
}

void nothing(void)
{
}

/* Every node's copy of src_words holds 1, 2, 3, ... (getBlock reads the data node's copy). */
void fill(void)
{
    int i;
    for (i = 0; i < BLOCK_MAX; i++) {
        src_words[i] = i + 1;
    }
}

void on_callback(int result, int node)
{
    (void)result;
    (void)node;
    callbacks = callbacks + 1;
}

/* Runs on the echoing node: answers rounds 1..n. */
void echo(int n)
{
    int i;
    for (i = 1; i <= n; i++) {
        while (ping != i) {
        }
        sendDataIntValue(0, (int *)&pong, i);
    }
}

/* Average one-way latency to node d over n measured rounds (after one round of warm-up). */
static unsigned latency(int d, int n)
{
    unsigned t0 = 0, total;
    int i;
    ping = 0;
    pong = 0;
    createThread(d, (void (*)())echo, 0, n + 1);
    for (i = 1; i <= n + 1; i++) {
        if (i == 2) {
            t0 = now();
        }
        sendDataIntValue(d, (int *)&ping, i);
        while (pong != i) {
        }
    }
    total = now() - t0 - overhead;
    return total / (2u * (unsigned)n);
}

int main(void)
{
    unsigned t, a, b;
    int i, n, p = getXDim() * getYDim();
    char what[128];

    if (p < 4) {
        printf("costs: needs at least 4 nodes\n");
        return 1;
    }
    parExecute(p, fill);
    /* the cost of reading the cycle counter itself */
    a = now();
    b = now();
    overhead = b - a;

    printf("costs: %dx%d mesh, %s build; cycles of the calling thread, counter overhead %u subtracted\n",
           getXDim(), getYDim(), OPT_LEVEL, overhead);
    printf("| operation | cycles | |\n|---|---|---|\n");

    t = now();
    for (i = 0; i < REPEAT; i++) {
        (void)getNodeId();
    }
    row("`getNodeId()`", (now() - t - overhead) / REPEAT, "also `getXDim()`, `getYDim()`");

    t = now();
    for (i = 0; i < REPEAT; i++) {
        suspendThread();
    }
    row("`suspendThread()`, no other thread ready", (now() - t - overhead) / REPEAT, "");

    counter = 1;
    t = now();
    for (i = 0; i < REPEAT; i++) {
        waitFlag(&counter, 1);
    }
    row("`waitFlag()`, `waitCount()` when already true", (now() - t - overhead) / REPEAT, "");

    t = now();
    for (i = 0; i < REPEAT; i++) {
        sendDataIntValue(1, &dst_words[i], i);
    }
    row("`sendDataIntValue()`", (now() - t - overhead) / REPEAT, "3 flits; returns once queued");

    t = now();
    for (i = 0; i < REPEAT; i++) {
        sendDataFloatValue(1, &dval, 1.5);
    }
    row("`sendDataFloatValue()`", (now() - t - overhead) / REPEAT, "4 flits");

    t = now();
    for (i = 0; i < REPEAT; i++) {
        sendAddIntValue(1, &counter, 1);
    }
    row("`sendAddIntValue()`, `signalCount()`", (now() - t - overhead) / REPEAT, "4-flit THREAD message");

    for (n = 1; n <= BLOCK_MAX; n *= 16) {
        waitDataBlock();
        t = now();
        sendDataBlockNB(1, dst_words, 1, src_words, 1, n);
        a = now() - t - overhead;
        waitDataBlock();
        t = now();
        sendDataBlock(1, dst_words, 1, src_words, 1, n);
        b = now() - t - overhead;
        sprintf(what, "`sendDataBlockNB()`, %d word%s", n, n == 1 ? "" : "s");
        row(what, a, "returns after `sendme` has issued");
        sprintf(what, "`sendDataBlock()`, %d word%s", n, n == 1 ? "" : "s");
        row(what, b, "returns when the DMA engine has read the block");
    }

    waitDataBlock();
    t = now();
    for (i = 0; i < REPEAT; i++) {
        createThread(1, nothing, 0);
    }
    row("`createThread()`, no callback", (now() - t - overhead) / REPEAT, "7 flits; returns once queued");

    callbacks = 0;
    t = now();
    createThread(1, nothing, (void (*)())on_callback);
    waitCount(&callbacks, 1);
    row("`createThread()` to a neighbour + `waitCount()` until its callback has run", now() - t - overhead,
        "10 + 4 flits; empty function");

    t = now();
    parExecute(2, nothing);
    row("`parExecute(2, f)`, f empty", now() - t - overhead, "nodes 0 and 1");
    t = now();
    parExecute(p, nothing);
    a = now() - t - overhead;
    sprintf(what, "`parExecute(%d, f)`, f empty", p);
    row(what, a, "every node");

    for (n = 1; n <= BLOCK_MAX; n *= 16) {
        for (i = 0; i < n; i++) {
            dst_words[i] = 0;
        }
        t = now();
        getBlock(1, (char *)dst_words, 1, (char **)&src_pointer, 0, 1, (unsigned)n);
        a = now() - t - overhead;
        for (i = 0; i < n; i++) {
            if (dst_words[i] != i + 1) {
                ok = 0;
            }
        }
        sprintf(what, "`getBlock()` from a neighbour, %d word%s", n, n == 1 ? "" : "s");
        row(what, a, "until the words have arrived");
    }

    row("one-way latency to a neighbour (node 1), `sendDataIntValue()` ping-pong", latency(1, REPEAT),
        "round trip / 2, detecting loads included");
    sprintf(what, "one-way latency to node %d (%d hops), `sendDataIntValue()` ping-pong", p - 1,
            getXDim() - 1 + getYDim() - 1);
    row(what, latency(p - 1, REPEAT), "");

    printf("costs: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
