/* The thesis's section 6.2 program shape, without MPI: main runs only on node 0, so it calls
 *     parExecute(getXDim()*getYDim(), start, argc, argv);
 * to run start() on every node, node 0 included, with the same arguments. Each node computes a value from
 * its node number and argc and sends it into node 0's array with sendDataIntValue; node 0 prints them.
 *
 * main and start keep the thesis's signatures (argv declared as char *) so that the example compiles as
 * the thesis prints it. argv is only passed along: it points into node 0's argument area, which the other
 * nodes cannot read.
 *
 * Output (node count P = getXDim()*getYDim()):
 *     mesh XxY, P nodes, argc A
 *     node i: value V        (P lines, V = A * 1000 + i * i + x * 10 + y, x and y the node's coordinates)
 *     sum S
 *     start: OK
 * and exit status 0; a wrong value prints "start: FAILED" and exits 1. */
#include <stdio.h>
#include "scmp.h"

#define MAX_NODES 256           /* the largest mesh, 16x16 */
#define EMPTY (-1)              /* no value has arrived yet: every real value is positive */

int values[MAX_NODES];          /* node 0's copy collects one value per node */

static int expected(int argc, int rank)
{
    return argc * 1000 + rank * rank + (rank % getXDim()) * 10 + rank / getXDim();
}

void start(int argc, char *argv)
{
    int rank = getNodeId();
    int val = expected(argc, rank);

    (void)argv;
    sendDataIntValue(0, &values[rank], val);
}

int main(int argc, char *argv)
{
    int nodes = getXDim() * getYDim();
    int i;
    int sum = 0;
    int ok = 1;

    for (i = 0; i < nodes; i++) {
        values[i] = EMPTY;
    }
    parExecute(getXDim()*getYDim(), start, argc, argv);
    /* parExecute has returned: start() has returned on every node. Its DATA message may still be in the
     * network (only delivery order would make it arrive before the completion message), so wait for each
     * value itself. The DATA message writes the whole word at once, so a changed word is the value. */
    printf("mesh %dx%d, %d nodes, argc %d\n", getXDim(), getYDim(), nodes, argc);
    for (i = 0; i < nodes; i++) {
        int v = waitFlagChange(&values[i], EMPTY);
        printf("node %d: value %d\n", i, v);
        sum += v;
        if (v != expected(argc, i)) {
            ok = 0;
        }
    }
    printf("sum %d\n", sum);
    printf("start: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
