/* getBlock: fetching words from another node's memory, which only that node knows the layout of.
 *
 * Every node mallocs its own buffer (after a differently sized allocation, so the buffers sit at different
 * addresses on different nodes) and publishes it in the global pointer `buf`; getBlock reads that pointer on
 * the data's node (it is passed as &buf, a char **). buf[k] = node * 100000 + k on every node.
 *
 * 1. Node 0 fetches from every node (itself too) 12 words starting at word offset 3 + node, every second
 *    word (source stride 2), into column node % 4 of a 12 x 4 matrix (destination stride 4).
 * 2. Node 0 fetches 5 words backwards (source stride (unsigned)-1) from the last node.
 * 3. Node 0 fetches a block of 70000 words, more than one DATA message carries (65535), from node 1.
 * 4. Every node fetches 32 words from the next node at the same time (parExecute), checks them and reports
 *    to node 0 with one THREAD message (createThread): that message both carries the result and counts it.
 *
 * getBlock returns when the data has arrived: it waits for a flag that the data's node writes with a
 * message sent after the data, so this program, unlike the others here, relies on the network delivering
 * one node's messages to another in order (docs/libscmp.md, "Ordering").
 *
 * Output:
 *     getblock: P nodes
 *     fetch r: first F last L      (P lines: the first and last word fetched from node r in step 1)
 *     backwards: W0 W1 W2 W3 W4
 *     big: 70000 words, checksum C (C = sum of word k * (k + 1), mod 2^32)
 *     neighbours: P reports, E errors
 *     getblock: OK                 (exit 0), or "getblock: FAILED" (exit 1) */
#include <stdio.h>
#include <stdlib.h>
#include "scmp.h"

#define MAX_NODES 256
#define BIG_WORDS 70000
#define BIG_NODE_WORDS 70016    /* node 1's buffer, the source of step 3 */
#define BUF_WORDS 512           /* the other nodes' buffers: steps 1, 2 and 4 read below word 300 */

int *buf;                       /* each node's own buffer, published for getBlock */
int matrix[12 * 4];
int back[5];
int neighbour_words[32];
volatile int reports;
int report_errors;

static int word(int node, int k)
{
    return node * 100000 + k;
}

/* Step 0, on every node: allocate and fill the buffer. A differently sized first allocation per node makes
 * the buffer's address differ from node to node, as it would in a real program. */
void setup(void)
{
    int id = getNodeId();
    int words = id == 1 % (getXDim() * getYDim()) ? BIG_NODE_WORDS : BUF_WORDS;
    int k;
    void *pad = malloc(16 * (id + 1));
    (void)pad;
    buf = malloc(words * sizeof(int));
    for (k = 0; k < words; k++) {
        buf[k] = word(id, k);
    }
}

/* Step 4's report, run on node 0. */
void record(int errors)
{
    report_errors += errors;
    reports = reports + 1;
}

/* Step 4, on every node. */
void fetch_neighbour(void)
{
    int id = getNodeId();
    int p = getXDim() * getYDim();
    int from = (id + 1) % p;
    int k, errors = 0;

    getBlock(from, (char *)neighbour_words, 1, (char **)&buf, 100, 3, 32);
    for (k = 0; k < 32; k++) {
        if (neighbour_words[k] != word(from, 100 + 3 * k)) {
            errors++;
        }
    }
    createThread(0, record, 0, errors);
}

int main(void)
{
    int p = getXDim() * getYDim();
    int r, k, ok = 1;
    int *big;
    unsigned checksum = 0;

    printf("getblock: %d nodes\n", p);
    parExecute(p, setup);

    /* 1. strided fetches into the columns of a matrix */
    for (r = 0; r < p; r++) {
        int col = r % 4;
        getBlock(r, (char *)&matrix[col], 4, (char **)&buf, 3 + r, 2, 12);
        for (k = 0; k < 12; k++) {
            if (matrix[k * 4 + col] != word(r, 3 + r + 2 * k)) {
                ok = 0;
            }
        }
        printf("fetch %d: first %d last %d\n", r, matrix[col], matrix[11 * 4 + col]);
    }

    /* 2. backwards */
    getBlock(p - 1, (char *)back, 1, (char **)&buf, 50, (unsigned)-1, 5);
    printf("backwards:");
    for (k = 0; k < 5; k++) {
        printf(" %d", back[k]);
        if (back[k] != word(p - 1, 50 - k)) {
            ok = 0;
        }
    }
    printf("\n");

    /* 3. more words than one message carries */
    big = malloc(BIG_WORDS * sizeof(int));
    getBlock(1 % p, (char *)big, 1, (char **)&buf, 7, 1, BIG_WORDS);
    for (k = 0; k < BIG_WORDS; k++) {
        if (big[k] != word(1 % p, 7 + k)) {
            ok = 0;
        }
        checksum += (unsigned)big[k] * (unsigned)(k + 1);
    }
    printf("big: %d words, checksum %u\n", BIG_WORDS, checksum);

    /* 4. every node at once */
    parExecute(p, fetch_neighbour);
    waitCount(&reports, p);
    printf("neighbours: %d reports, %d errors\n", reports, report_errors);
    if (report_errors != 0) {
        ok = 0;
    }

    printf("getblock: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
