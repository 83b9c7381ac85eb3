/* The portability layer (aclport.h) on the SCMP chip, over libscmp (docs/aclmpl.md, "On the SCMP chip").
 *
 * Remote writes are DATA messages, which the target's NIU writes without running code. Everything that has to
 * read or change the owner's memory atomically (remote read, swap, fetch-and-increment) is a THREAD message
 * that starts a short handler on the owner: a node's threads are scheduled cooperatively, so a handler that
 * does not suspend runs atomically with respect to the node's other threads. The handler answers with DATA
 * messages: the result, then a flag. The network delivers one sender's messages to one receiver in order
 * (docs/libscmp.md, "Ordering"), which is what orders a PE's writes to another PE as aclport.h promises.
 * Every wait suspends between reads, so that the handlers of other PEs' requests run meanwhile. */
#define SCMP_NO_MPI
#include <string.h>
#include <scmp.h>
#include <aclport.h>

/* This PE's fetch-and-increment register. */
static volatile long fetch_inc_register;
/* The barrier: the epoch this PE is in and a flag per round of the dissemination barrier. */
static long barrier_epoch;
static volatile long barrier_flags[32];
/* acl_run: the arguments as node 0 sends them (argc, then the strings one after the other), and each PE's
 * result as it writes it into node 0's array. */
static long run_args[ACL_ARGS_BYTES / 4 + 1];
static volatile long run_status[1024];

int acl_my_pe(void) {
    return getNodeId();
}

int acl_n_pes(void) {
    return getXDim() * getYDim();
}

void acl_put(void *remote, const void *local, int words, int pe) {
    if (words <= 0) {
        return;
    }
    if (pe == getNodeId()) {
        memmove(remote, local, (size_t) words * 4);
    } else {
        sendDataBlock(pe, remote, 1, (int *) local, 1, words);
    }
}

void acl_put_word(void *remote, long value, int pe) {
    if (pe == getNodeId()) {
        *(volatile long *) remote = value;
    } else {
        sendDataIntValue(pe, remote, (int) value);
    }
}

/* The handlers that THREAD messages start on the owner. Each answers into the requester's reply[2]: the
 * value in reply[0], then 1 in reply[1]; the requester waits for reply[1]. */
static void reply(int requester, volatile long *answer, long value) {
    __scmp_sendh_data(requester, (void *) answer, 1);
    __scmp_send2e((int) value, 1);
}

static void serve_get(int requester, long *local, const long *remote, int words, volatile long *answer) {
    sendDataBlock(requester, (int *) local, 1, (int *) remote, 1, words);
    reply(requester, answer, 0);
}

static void serve_swap(int requester, volatile long *remote, long value, volatile long *answer) {
    long old = *remote;
    *remote = value;
    reply(requester, answer, old);
}

static void serve_fetch_inc(int requester, volatile long *answer) {
    long old = fetch_inc_register;
    fetch_inc_register = old + 1;
    reply(requester, answer, old);
}

void acl_get(void *local, const void *remote, int words, int pe) {
    if (words <= 0) {
        return;
    }
    if (pe == getNodeId()) {
        memmove(local, remote, (size_t) words * 4);
        return;
    }
    volatile long answer[2] = {0, 0};
    __scmp_thread5(pe, (void (*)()) serve_get, getNodeId(), (int) local, (int) remote, words, (int) answer);
    waitFlag((volatile int *) &answer[1], 1);
}

long acl_swap(void *remote, long value, int pe) {
    if (pe == getNodeId()) {
        long old = *(volatile long *) remote;
        *(volatile long *) remote = value;
        return old;
    }
    volatile long answer[2] = {0, 0};
    __scmp_thread4(pe, (void (*)()) serve_swap, getNodeId(), (int) remote, (int) value, (int) answer);
    waitFlag((volatile int *) &answer[1], 1);
    return answer[0];
}

long acl_fetch_inc(int pe) {
    if (pe == getNodeId()) {
        long old = fetch_inc_register;
        fetch_inc_register = old + 1;
        return old;
    }
    volatile long answer[2] = {0, 0};
    __scmp_thread2(pe, (void (*)()) serve_fetch_inc, getNodeId(), (int) answer);
    waitFlag((volatile int *) &answer[1], 1);
    return answer[0];
}

void acl_fetch_inc_reset(void) {
    fetch_inc_register = 0;
}

/* DATA messages leave in order and acl_put returns once the DMA engine has read the block; what is still in
 * the network lands before anything this PE sends later to the same PE. A round trip to every PE would be
 * needed for more, and ACLMPL does not need it. */
void acl_quiet(void) {
    waitDataBlock();
}

/* A dissemination barrier: in round k every PE writes the epoch into round k's flag of PE me + 2^k and waits
 * for its own flag to reach the epoch. A flag has one writer per round, and a PE one barrier ahead writes a
 * larger epoch, which satisfies the wait too, so flags are never reset. */
void acl_barrier(void) {
    int p = acl_n_pes();
    int me = getNodeId();
    long epoch = ++barrier_epoch;
    int k = 0;
    for (int d = 1; d < p; d <<= 1, k++) {
        sendDataIntValue((me + d) % p, (int *) &barrier_flags[k], (int) epoch);
        waitCount((volatile int *) &barrier_flags[k], (int) epoch);
    }
}

long acl_wait_change(volatile long *addr, long old) {
    return waitFlagChange((volatile int *) addr, (int) old);
}

void acl_wait_until(volatile long *addr, long value) {
    waitFlag((volatile int *) addr, (int) value);
}

void acl_poll(void) {
    suspendThread();
}

void acl_invalidate(const void *addr, int bytes) {
    (void) addr;
    (void) bytes;
}

unsigned long long acl_cycles(void) {
    return scmp_cycles();
}

int acl_clock_mhz(void) {
    return 1000;
}

/* Runs on every node but 0 (parExecute): rebuilds argv from the copy node 0 sent, runs the body and writes
 * its result into node 0's run_status. */
static void remote_entry(int (*body)(int, char **, long), long word) {
    char *argv[ACL_ARGS_BYTES / 2 + 1];
    int argc = (int) run_args[0];
    char *s = (char *) &run_args[1];
    for (int i = 0; i < argc; i++) {
        argv[i] = s;
        s += strlen(s) + 1;
    }
    argv[argc] = 0;
    long status = body(argc, argv, word);
    sendDataIntValue(0, (int *) &run_status[getNodeId()], status != 0);
}

static void entry(int (*body)(int, char **, long), long word, int argc, char **argv) {
    if (getNodeId() != 0) {
        remote_entry(body, word);
    } else {
        run_status[0] = body(argc, argv, word);
    }
}

int acl_run(int argc, char **argv, int (*body)(int, char **, long), long word) {
    char *s = (char *) &run_args[1];
    int n = 0;
    for (int i = 0; i < argc && n + (int) strlen(argv[i]) + 1 <= ACL_ARGS_BYTES; i++) {
        strcpy(s + n, argv[i]);
        n += (int) strlen(argv[i]) + 1;
        run_args[0] = i + 1;
    }
    int p = acl_n_pes();
    for (int i = 1; i < p; i++) {
        sendDataBlock(i, (int *) run_args, 1, (int *) run_args, 1, 1 + (n + 3) / 4);
    }
    parExecute(p, (void (*)()) entry, (int) body, (int) word, argc, (int) argv);
    int status = (int) run_status[0];
    for (int i = 1; i < p; i++) {
        if (run_status[i]) {
            status = status ? status : 1;
        }
    }
    return status;
}
