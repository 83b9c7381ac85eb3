/* ACLMPL's start, identity and barrier (docs/aclmpl.md, "Starting a program"). */
#include <aclmpl.h>
#include "internal.h"

/* Runs on every PE: ACLMPL's state first, then a barrier, so that no PE writes into another's protocol state
 * before that PE has set it up, then the program; the last barrier keeps PE 0 from ending the run while other
 * PEs still communicate. */
static int body(int argc, char **argv, long user_body) {
    __aclmpl_async_init();
    acl_barrier();
    int status = ((int (*)(int, char **)) user_body)(argc, argv);
    acl_barrier();
    return status;
}

int aclmpl_run(int argc, char **argv, int (*f)(int, char **)) {
    return acl_run(argc, argv, body, (long) f);
}

int aclmpl_self(void) {
    return acl_my_pe();
}

int aclmpl_npes(void) {
    return acl_n_pes();
}

void aclmpl_sync(void) {
    acl_barrier();
}

int __aclmpl_valid(int pe, int bytes) {
    return pe >= 0 && pe < acl_n_pes() && bytes >= 0 && (bytes & 3) == 0;
}
