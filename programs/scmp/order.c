/* Does the network deliver the messages that one node sends to another in the order they were sent?
 *
 * libscmp's getBlock, and the thesis's usual way of signalling that data has arrived (a DATA message with
 * the data, then a DATA message setting a flag), rely on it: see docs/libscmp.md, "Ordering". Every node,
 * node 0 included, sends node 0 the values 1..ROUNDS, one sendDataIntValue each, all into the same word
 * last[node]; each DATA message writes the whole word, so when everything has arrived last[node] holds
 * the value of the message that arrived last, which is ROUNDS exactly when no message overtook an earlier
 * one of the same sender. Node 0 waits until every sender's thread has returned (parExecute) and then lets
 * the network drain for a long while (the messages' arrival is not otherwise observable).
 *
 * Output: "order: P nodes, N overtaken" and exit 0 when N = 0, else one line per overtaken node and exit 1.
 * With the default virtual-channel selection (one virtual channel per flow, docs/noc.md "Point-to-point
 * order") nothing is overtaken; with --vc-select any some senders are (ScmpLibraryTest runs both). */
#include <stdio.h>
#include "scmp.h"

#define ROUNDS 8
#define DRAIN 100000            /* suspensions while the network drains: far more than any message needs */

int last[256];

void sender(void)
{
    int id = getNodeId();
    int r;
    for (r = 1; r <= ROUNDS; r++) {
        sendDataIntValue(0, &last[id], r);
    }
}

int main(void)
{
    int p = getXDim() * getYDim();
    int i, k, overtaken = 0;

    parExecute(p, sender);
    for (k = 0; k < DRAIN; k++) {
        suspendThread();
    }
    for (i = 0; i < p; i++) {
        if (last[i] != ROUNDS) {
            printf("node %d: the message with %d arrived last\n", i, last[i]);
            overtaken++;
        }
    }
    printf("order: %d nodes, %d overtaken\n", p, overtaken);
    return overtaken != 0;
}
