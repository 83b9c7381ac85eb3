/* Each node has its own heap and each thread its own stack.
 *
 * Node 0 starts heap_node() on every node with parExecute. There, the node starts THREADS worker threads of
 * its own (createThread to itself, with a callback that counts them) and waits for them. Each worker runs
 * a fixed pseudo-random sequence of malloc, calloc, realloc (growing and shrinking) and free on the node's
 * heap, STEPS steps long, with suspendThread() after every step so that the node's threads interleave
 * their heap operations. Every live block is filled with a pattern made of the node, the worker and the
 * block's serial number; after each step the worker checks every one of its live blocks, so a block that
 * another thread's allocation overlapped, or that realloc failed to copy, is found. A worker also checks
 * that its stack (the address of a local variable, and one deep in a recursion) lies inside its own
 * context's stack (docs/abi.md: context c's stack is [memsize - 4K - (c+1)S, memsize - 4K - cS)), and keeps
 * a local array on its stack across the suspensions, which no other thread may disturb.
 *
 * The first malloc on every node returns the same address (the heap starts at the end of the same image
 * on every node); each node fills that block with its own number and publishes it. Node 0 then fetches the
 * block from every node with getBlock: each must still hold its own node's number, so the same address
 * holds different data on different nodes.
 *
 * Output (P nodes):
 *     heap: P nodes, T threads per node, S steps per thread
 *     node r: A allocations, 0 errors       (P lines; A is the same on every node)
 *     first block: same address on every node: yes
 *     first blocks hold their own node's number: P of P
 *     heap: OK            (exit 0), or "heap: FAILED" (exit 1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scmp.h"

#define MAX_NODES 256
#define THREADS 4
#define STEPS 40
#define SLOTS 8

/* What each node reports to node 0. */
int report_allocs[MAX_NODES];
int report_errors[MAX_NODES];
unsigned report_first[MAX_NODES];
volatile int reports;

/* This node's state. */
int *first;                      /* the node's first block, published for getBlock */
volatile int workers_done;
int node_allocs;
int node_errors;

/* Node 0's copy of every node's first word. */
int fetched[MAX_NODES];

static unsigned next_random(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 8) & 0xffffffu;
}

/* The word k of a block: its owner (node, worker) and serial number; base is pattern(node, worker, serial, 0). */
#define PATTERN_BASE(node, worker, serial) (((unsigned)(node) << 24) ^ ((unsigned)(worker) << 20) ^ ((unsigned)(serial) << 8))
#define pattern(node, worker, serial, k) (PATTERN_BASE(node, worker, serial) + (unsigned)(k))

/* 1 if block p of len words holds its pattern. Every 16th word and the last one are checked (to keep the
 * run short): a block that overlapped it by 16 words or more, filled with its own pattern, would show. */
static int block_ok(const int *p, int len, int node, int worker, int serial)
{
    int k;
    for (k = 0; k < len; k += 16) {
        if (p[k] != (int)pattern(node, worker, serial, k)) {
            return 0;
        }
    }
    return len == 0 || p[len - 1] == (int)pattern(node, worker, serial, len - 1);
}

/* 1 if the address p lies in the running context's stack. */
static int on_my_stack(const void *p)
{
    unsigned size = (scmp_memsize() - 4096u - __rdsr_heapend()) / scmp_nctx();
    unsigned top = scmp_memsize() - 4096u - scmp_tid() * size;
    unsigned a = (unsigned)p;
    return a < top && a >= top - size;
}

static int deep_stack_ok(int depth)
{
    volatile int local[8];
    local[0] = depth;
    if (depth > 0) {
        return deep_stack_ok(depth - 1) && local[0] == depth;
    }
    return on_my_stack((const void *)local);
}

/* Returns the worker's error count in a0, which createThread's callback receives. */
int worker(int w, int seed)
{
    int node = getNodeId();
    int *blk[SLOTS];
    int len[SLOTS];
    int serial[SLOTS];
    int guard[16];
    unsigned s = (unsigned)seed;
    int errors = 0, allocs = 0, next_serial = 1;
    int step, i, k;

    for (i = 0; i < SLOTS; i++) {
        blk[i] = 0;
        len[i] = 0;
        serial[i] = 0;
    }
    for (k = 0; k < 16; k++) {
        guard[k] = (int)pattern(node, w, 4095, k);
    }
    if (!on_my_stack(guard) || !deep_stack_ok(40)) {
        errors++;
    }
    for (step = 0; step < STEPS; step++) {
        unsigned r = next_random(&s);
        int slot = (int)(r % SLOTS);
        int op = (int)((r >> 4) % 4);
        /* sizes from a word to 512 bytes, now and then 4 to 5 KiB */
        int words = (r >> 12) % 16 == 0 ? 1000 + (int)(r % 300) : 1 + (int)((r >> 6) % 128);

        if (blk[slot] == 0 || op == 0) {
            free(blk[slot]);
            if (op == 1) {
                blk[slot] = calloc((unsigned)words, sizeof(int));
                for (k = 0; blk[slot] != 0 && k < words; k++) {
                    if (blk[slot][k] != 0) {
                        errors++;
                        break;
                    }
                }
            } else {
                blk[slot] = malloc((unsigned)words * sizeof(int));
            }
            if (blk[slot] == 0) {
                errors++;
                len[slot] = 0;
                continue;
            }
            allocs++;
            len[slot] = words;
            serial[slot] = next_serial++;
            for (k = 0; k < words; k++) {
                blk[slot][k] = (int)pattern(node, w, serial[slot], k);
            }
        } else if (op == 1 || op == 2) {
            /* realloc to a new size: the common prefix must survive */
            int *nb = realloc(blk[slot], (unsigned)words * sizeof(int));
            int keep = words < len[slot] ? words : len[slot];
            if (nb == 0) {
                errors++;
                continue;
            }
            allocs++;
            for (k = 0; k < keep; k++) {
                if (nb[k] != (int)pattern(node, w, serial[slot], k)) {
                    errors++;
                    break;
                }
            }
            for (k = keep; k < words; k++) {
                nb[k] = (int)pattern(node, w, serial[slot], k);
            }
            blk[slot] = nb;
            len[slot] = words;
        } else {
            free(blk[slot]);
            blk[slot] = 0;
            len[slot] = 0;
        }
        if (((unsigned)blk[slot] & 7u) != 0) {
            errors++;
        }
        suspendThread();
        /* every live block of this worker, and the stack array, are intact */
        for (i = 0; i < SLOTS; i++) {
            if (blk[i] != 0 && !block_ok(blk[i], len[i], node, w, serial[i])) {
                errors++;
            }
        }
        for (k = 0; k < 16; k++) {
            if (guard[k] != (int)pattern(node, w, 4095, k)) {
                errors++;
                break;
            }
        }
    }
    for (i = 0; i < SLOTS; i++) {
        free(blk[i]);
    }
    node_allocs += allocs;
    return errors;
}

void worker_done(int errors, int node)
{
    (void)node;
    node_errors += errors;
    workers_done = workers_done + 1;
}

void record(int node, int allocs, int errors, int first_addr)
{
    report_allocs[node] = allocs;
    report_errors[node] = errors;
    report_first[node] = (unsigned)first_addr;
    reports = reports + 1;
}

void heap_node(void)
{
    int node = getNodeId();
    int w;

    first = malloc(64);
    first[0] = node;
    for (w = 0; w < THREADS; w++) {
        createThread(node, (void (*)())worker, (void (*)())worker_done, w, 17 + w * 1000);
    }
    waitCount(&workers_done, THREADS);
    /* after all that churn the heap still serves a large block */
    {
        void *big = malloc(1 << 20);
        if (big == 0) {
            node_errors++;
        }
        free(big);
    }
    createThread(0, (void (*)())record, 0, node, node_allocs, node_errors, (int)first);
}

int main(void)
{
    int p = getXDim() * getYDim();
    int r, same = 1, own = 0, ok = 1;

    parExecute(p, heap_node);
    waitCount(&reports, p);
    for (r = 0; r < p; r++) {
        getBlock((unsigned)r, (char *)&fetched[r], 1, (char **)&first, 0, 1, 1);
    }
    printf("heap: %d nodes, %d threads per node, %d steps per thread\n", p, THREADS, STEPS);
    for (r = 0; r < p; r++) {
        printf("node %d: %d allocations, %d errors\n", r, report_allocs[r], report_errors[r]);
        if (report_errors[r] != 0 || report_allocs[r] != report_allocs[0]) {
            ok = 0;
        }
        if (report_first[r] != report_first[0]) {
            same = 0;
        }
        if (fetched[r] == r) {
            own++;
        }
    }
    printf("first block: same address on every node: %s\n", same ? "yes" : "no");
    printf("first blocks hold their own node's number: %d of %d\n", own, p);
    if (!same || own != p) {
        ok = 0;
    }
    printf("heap: %s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
