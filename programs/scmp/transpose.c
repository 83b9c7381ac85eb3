/* A distributed matrix transpose with strided DATA messages: rows are sent as columns.
 *
 * The N x N matrix A (N = P * B for P nodes) is distributed by rows: node r holds rows r*B .. r*B+B-1 in
 * its array a (B rows of N words). Its transpose T is distributed the same way in t. Row g of A, restricted
 * to the columns of node d (d*B .. d*B+B-1), is column g of node d's rows of T, so node r sends each of
 * its B row segments to each node d with one sendDataBlock: B words read with source stride 1 and written
 * with destination stride N, starting at t[g] on node d. Node 0 starts the work on every node with
 * parExecute; half the destinations use the blocking sendDataBlock, the other half sendDataBlockNB followed
 * by one waitDataBlock.
 *
 * A(g, j) = g * N + j + 1 is never 0, while t starts as zeros (.bss), so a node knows its part of T is
 * complete when none of its words is 0 any more: this does not depend on the order in which the messages
 * from different nodes, or a node's data and any completion message, arrive. Each node then checks its
 * rows of T, computes a checksum and reports both to node 0 with one THREAD message (createThread), whose
 * handler stores them and counts the report, so node 0 waits for exactly P reports.
 *
 * Output:
 *     transpose: P nodes, N x N, B rows per node
 *     T[0][0..7] = ...       (the first row of T, node 0's, as node 0 holds it)
 *     node r: errors E checksum C        (P lines; C = sum over its t[k] * (k + 1), mod 2^32)
 *     transpose: OK          (exit 0), or "transpose: FAILED" (exit 1) */
#include <stdio.h>
#include "scmp.h"

#define B 4                     /* rows of A (and of T) per node */
#define MAX_NODES 256
#define MAX_N (MAX_NODES * B)

int a[B * MAX_N];               /* this node's rows of A: a[i * N + j] = A(r*B + i, j) */
int t[B * MAX_N];               /* this node's rows of T, filled by the other nodes' messages */

/* Node 0's collection of the reports. */
int report_errors[MAX_NODES];
unsigned report_checksum[MAX_NODES];
volatile int reports;

static int value(int g, int j, int n)
{
    return g * n + j + 1;
}

/* Runs on node 0 as a thread started by a report message; threads are cooperative, so the three updates
 * happen together. */
void record(int node, int errors, int checksum)
{
    report_errors[node] = errors;
    report_checksum[node] = (unsigned)checksum;
    reports = reports + 1;
}

void transpose_node(int b)
{
    int r = getNodeId();
    int p = getXDim() * getYDim();
    int n = p * b;
    int i, j, k, errors = 0;
    unsigned checksum = 0;

    for (i = 0; i < b; i++) {
        for (j = 0; j < n; j++) {
            a[i * n + j] = value(r * b + i, j, n);
        }
    }
    /* Start with the next node so that not every node sends to node 0 first. */
    for (k = 1; k <= p; k++) {
        int d = (r + k) % p;
        for (i = 0; i < b; i++) {
            int g = r * b + i;
            if (d % 2 == 0) {
                sendDataBlock(d, &t[g], n, &a[i * n + d * b], 1, b);
            } else {
                sendDataBlockNB(d, &t[g], n, &a[i * n + d * b], 1, b);
            }
        }
    }
    waitDataBlock();

    for (k = 0; k < b * n; k++) {
        waitFlagChange(&t[k], 0);
    }
    for (i = 0; i < b; i++) {
        for (j = 0; j < n; j++) {
            int v = t[i * n + j];
            if (v != value(j, r * b + i, n)) {
                errors++;
            }
            checksum += (unsigned)v * (unsigned)(i * n + j + 1);
        }
    }
    createThread(0, record, 0, r, errors, (int)checksum);
}

int main(void)
{
    int p = getXDim() * getYDim();
    int n = p * B;
    int r, j, ok = 1;

    parExecute(p, transpose_node, B);
    waitCount(&reports, p);
    printf("transpose: %d nodes, %d x %d, %d rows per node\n", p, n, n, B);
    printf("T[0][0..7] =");
    for (j = 0; j < 8 && j < n; j++) {
        printf(" %d", t[j]);
    }
    printf("\n");
    for (r = 0; r < p; r++) {
        printf("node %d: errors %d checksum %u\n", r, report_errors[r], report_checksum[r]);
        if (report_errors[r] != 0) {
            ok = 0;
        }
    }
    printf("transpose: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
