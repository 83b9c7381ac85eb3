/* Shared by the six ACLMPL benchmark cases (docs/aclmpl.md, "Benchmarks"; the paper's section 5): the
 * command line, the timing and the one line each prints on PE 0.
 *
 *   CASE PROTOCOL BYTES [REPS]
 *
 * PROTOCOL is sync or async (ACLMPL's two protocols) or put (the reference: the portability layer's one-sided
 * writes, SHMEM on the T3D). BYTES is the message size, a multiple of 4; REPS the timed repetitions (default
 * 4), after one untimed. PE 0 prints
 *
 *   CASE PROTOCOL pes=P bytes=B reps=R cycles=C us=U MBps=M
 *
 * where C is the cycles of one repetition on PE 0 (from a barrier to the end of its part and a barrier), U the
 * same in microseconds, and M, for the cases that move data, the bytes one PE sends or receives per
 * microsecond. A combination the case does not have prints "... skipped" and exits 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <aclmpl.h>

enum { SYNC, ASYNC, PUT };

static int protocol;
static int *buf;    /* the message sent */
static int *in;     /* where one is received */
static int bytes;
static int reps = 4;
static const char *case_name;
static const char *protocol_name;

/* Symmetric memory for the put reference: every PE's region at the same address. */
#define REGION_BYTES (256 * 1024)
static long region[REGION_BYTES / 4];
static volatile long flags[ACLMPL_MAX_PES];

static int parse(int argc, char **argv, const char *name) {
    case_name = name;
    if (argc < 3) {
        if (aclmpl_self() == 0) {
            printf("usage: %s sync|async|put BYTES [REPS]\n", name);
        }
        return 0;
    }
    protocol_name = argv[1];
    /* reduce's "tree" and "swap" are the synchronous protocol with one algorithm forced */
    int forced = strcmp(name, "reduce") == 0 && (strcmp(argv[1], "tree") == 0 || strcmp(argv[1], "swap") == 0);
    protocol = strcmp(argv[1], "sync") == 0 || forced ? SYNC : strcmp(argv[1], "async") == 0 ? ASYNC
             : strcmp(argv[1], "put") == 0 ? PUT : -1;
    bytes = atoi(argv[2]);
    if (argc > 3) {
        reps = atoi(argv[3]);
    }
    if (protocol < 0 || bytes < 0 || bytes % 4 != 0 || reps < 1) {
        if (aclmpl_self() == 0) {
            printf("%s: bad arguments\n", name);
        }
        return 0;
    }
    return 1;
}

/* Waits until a flag of the put reference reaches value: without a barrier between repetitions a writer may
 * already be one repetition further. */
static void wait_flag(volatile long *flag, long value) {
    long v = *flag;
    while (v < value) {
        v = acl_wait_change(flag, v);
    }
}

static void skipped(void) {
    if (aclmpl_self() == 0) {
        printf("%s %s pes=%d bytes=%d skipped\n", case_name, protocol_name, aclmpl_npes(), bytes);
    }
}

/* Prints the line; moved is the bytes one PE sends or receives in one repetition (0: no rate). */
static void result(unsigned long long cycles, long long moved) {
    if (aclmpl_self() != 0) {
        return;
    }
    unsigned long long per = cycles / (unsigned long long) reps;
    int mhz = acl_clock_mhz();
    double us = (double) per / mhz;
    printf("%s %s pes=%d bytes=%d reps=%d cycles=%llu us=%.3f", case_name, protocol_name, aclmpl_npes(), bytes,
           reps, per, us);
    if (moved > 0) {
        printf(" MBps=%.2f", (double) moved / us);
    }
    printf("\n");
}

static int *message(void) {
    int *m = malloc((size_t) bytes + 4);
    for (int i = 0; i < bytes / 4; i++) {
        m[i] = i;
    }
    return m;
}

/* A case: its name, one repetition, the protocols it has (1 << SYNC, ...), how many messages the put reference
 * keeps in a target's region at once (1, or the partition's when every PE writes into one PE's region), and
 * whether the figure is a rate (bytes moved by one PE: P-1 messages), or half a round trip (latency). */
struct bench_case {
    const char *name;
    void (*once)(int rep);
    int protocols;
    int region_messages;
    int rate;
    int latency;
};

/* The body of every case: parses the command line, skips what the case does not have (an asynchronous
 * message larger than a pool buffer, a put reference larger than the region), then runs one repetition
 * untimed and reps timed, between barriers, and prints the line. A latency is timed without the closing
 * barrier, which would be counted otherwise. */
static int bench_run(int argc, char **argv, const struct bench_case *c) {
    if (!parse(argc, argv, c->name)) {
        return 1;
    }
    long long region = (long long) bytes * (c->region_messages > 1 ? aclmpl_npes() : 1);
    if (!(c->protocols & (1 << protocol)) || (protocol == ASYNC && bytes > ACLMPL_SLOT_BYTES)
        || (protocol == PUT && region > REGION_BYTES) || (c->latency && aclmpl_npes() < 2)) {
        skipped();
        return 0;
    }
    buf = message();
    in = message();
    aclmpl_sync();
    c->once(0);
    aclmpl_sync();
    unsigned long long t0 = acl_cycles();
    for (int r = 1; r <= reps; r++) {
        c->once(r);
    }
    if (c->latency) {
        result((acl_cycles() - t0) / 2, 0);
        aclmpl_sync();
        return 0;
    }
    aclmpl_sync();
    result(acl_cycles() - t0, c->rate ? (long long) (aclmpl_npes() - 1) * bytes : 0);
    return 0;
}
