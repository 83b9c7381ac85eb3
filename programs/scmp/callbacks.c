/* createThread with callbacks, the thesis's remote procedure call: createThread(dst, addr, callback, ...)
 * runs addr(...) as a new thread on node dst and then callback(result, dst) as a new thread here.
 *
 * 1. Fan-out: node 0 starts work(node, n, mul, add, mod) on every node, itself included, with all five
 *    argument words that createThread forwards; each callback stores the result and counts it, and node 0
 *    waits for P callbacks. The callback is sent only after work has returned, so the count is exact.
 * 2. A relay: a thread started with a NULL callback starts the next one itself, node to node around the
 *    mesh (createThread called from threads that THREAD messages started); the last hop reports back to
 *    node 0 with sendAddIntValue, which node 0 waits for with waitCount.
 * 3. Nested callbacks: a callback starts a second round on the node that answered (createThread from
 *    inside a callback), whose callback counts in a separate counter.
 *
 * Output:
 *     callbacks: P nodes
 *     node d: result R          (P lines, R = work(d, ...), also computed locally and compared)
 *     relay: hops H total T
 *     second round: P answers, sum S
 *     callbacks: OK             (exit 0), or "callbacks: FAILED" (exit 1) */
#include <stdio.h>
#include "scmp.h"

#define MAX_NODES 256

/* Node 0's state. Callbacks and handlers run as threads on node 0 and never suspend, so each update is
 * atomic with respect to main and the other callbacks. */
int results[MAX_NODES];
int answered_by[MAX_NODES];
volatile int answers;
volatile int relay_total;
volatile int second_answers;
int second_sum;

/* A small deterministic computation that depends on all five arguments and on where it runs. */
int work(int node, int n, int mul, int add, int mod)
{
    int s = node;
    int k;
    for (k = 0; k < n; k++) {
        s = (s * mul + add + k) % mod;
    }
    return s * 1000 + getNodeId();
}

void on_result(int result, int node)
{
    results[node] = result;
    answered_by[node] = node;
    answers = answers + 1;
}

/* Round two: the square of the node's number, computed there. */
int square_here(void)
{
    int id = getNodeId();
    return id * id;
}

void on_second(int result, int node)
{
    (void)node;
    second_sum += result;
    second_answers = second_answers + 1;
}

/* Started by on_first_then_second below for every node: a callback that launches more work. */
void on_first_then_second(int result, int node)
{
    (void)result;
    createThread(node, square_here, on_second);
}

/* One hop of the relay: adds this node's number, passes on to the next node, or reports at the end. */
void relay(int hops_left, int total, int origin)
{
    int id = getNodeId();
    int p = getXDim() * getYDim();
    total += id + 1;
    if (hops_left > 1) {
        createThread((id + 1) % p, relay, 0, hops_left - 1, total, origin);
    } else {
        sendAddIntValue(origin, &relay_total, total);
    }
}

int main(void)
{
    int p = getXDim() * getYDim();
    int d, ok = 1;
    int hops = 2 * p + 3;
    int expect_relay = 0;
    int expect_second = 0;

    printf("callbacks: %d nodes\n", p);

    /* 1. fan-out with five argument words */
    for (d = 0; d < p; d++) {
        createThread(d, work, on_result, d, 20 + d, 31, 7, 10007);
    }
    waitCount(&answers, p);
    for (d = 0; d < p; d++) {
        int s = d, k;
        for (k = 0; k < 20 + d; k++) {
            s = (s * 31 + 7 + k) % 10007;
        }
        printf("node %d: result %d\n", d, results[d]);
        if (results[d] != s * 1000 + d || answered_by[d] != d) {
            ok = 0;
        }
    }

    /* 2. relay around the mesh, starting at node 1 (node 0 on a 1x1 mesh) */
    for (d = 0; d < hops; d++) {
        expect_relay += (1 % p + d) % p + 1;
    }
    createThread(1 % p, relay, 0, hops, 0, 0);
    waitCount(&relay_total, expect_relay);
    printf("relay: hops %d total %d\n", hops, relay_total);
    if (relay_total != expect_relay) {
        ok = 0;
    }

    /* 3. callbacks that start the second round */
    for (d = 0; d < p; d++) {
        createThread(d, work, on_first_then_second, d, 1, 1, 1, 2);
        expect_second += d * d;
    }
    waitCount(&second_answers, p);
    printf("second round: %d answers, sum %d\n", second_answers, second_sum);
    if (second_sum != expect_second) {
        ok = 0;
    }

    printf("callbacks: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
