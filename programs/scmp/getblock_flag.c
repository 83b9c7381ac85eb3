/* getBlock's completion flag over a congested mesh: does the flag ever arrive before the block it follows?
 *
 * getBlock's server on the data's node sends the block (one DATA message) and, back to back behind it, a
 * one-word DATA message setting the requester's flag; getBlock returns as soon as it sees the flag. The
 * words are therefore all there on return only if the network delivers one node's messages to another in
 * order (docs/libscmp.md, "Ordering"; docs/noc.md, "Point-to-point order").
 *
 * Every node first fills and publishes its data (one parExecute), then runs ROUNDS rounds at the same time (parExecute). In each round it first starts a FLOOD-word
 * block to the node half the mesh away (sendDataBlockNB), so that long messages hold virtual channels all
 * over the mesh, then fills its WORDS-word destination with -1 and fetches WORDS fresh words from its
 * mirror node (P - 1 - id, on the far side of the mesh) with getBlock, and counts the words that are not
 * yet the fetched value when getBlock returns. Each node reports its count to node 0 with one THREAD
 * message.
 *
 * Output: "getblock_flag: P nodes, R rounds of W words, S stale" and "getblock_flag: OK" (exit 0) when S
 * is 0, else "getblock_flag: FAILED" (exit 1). */
#include <stdio.h>
#include "scmp.h"

#define ROUNDS 6
#define WORDS 48
#define FLOOD 2048

int data[ROUNDS * WORDS];       /* data[k] = node * 100000 + k on every node */
int *published;                 /* &data[0], read by getBlock on the data's node */
int fetched[WORDS];
int flood_src[FLOOD];
int flood_dst[FLOOD];
volatile int reports;
int stale_total;

void record(int stale)
{
    stale_total += stale;
    reports = reports + 1;
}

/* On every node, before any fetch (parExecute returns when every node's call has). */
void setup(void)
{
    int id = getNodeId();
    int k;

    for (k = 0; k < ROUNDS * WORDS; k++) {
        data[k] = id * 100000 + k;
    }
    published = data;
}

void worker(void)
{
    int id = getNodeId();
    int p = getXDim() * getYDim();
    int from = p - 1 - id;
    int flood_to = (id + p / 2 + 1) % p;
    int r, k, stale = 0;

    for (r = 0; r < ROUNDS; r++) {
        if (flood_to != id) {
            sendDataBlockNB(flood_to, flood_dst, 1, flood_src, 1, FLOOD);
        }
        for (k = 0; k < WORDS; k++) {
            fetched[k] = -1;
        }
        getBlock(from, (char *)fetched, 1, (char **)&published, r * WORDS, 1, WORDS);
        for (k = 0; k < WORDS; k++) {
            if (fetched[k] != from * 100000 + r * WORDS + k) {
                stale++;
            }
        }
    }
    createThread(0, record, 0, stale);
}

int main(void)
{
    int p = getXDim() * getYDim();

    parExecute(p, setup);
    parExecute(p, worker);
    while (reports != p) {
        suspendThread();
    }
    printf("getblock_flag: %d nodes, %d rounds of %d words, %d stale\n", p, ROUNDS, WORDS, stale_total);
    printf("getblock_flag: %s\n", stale_total == 0 ? "OK" : "FAILED");
    return stale_total != 0;
}
