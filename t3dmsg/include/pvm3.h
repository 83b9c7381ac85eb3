/* pvm3.h: a subset of PVM 3 for the T3D model (libpvm, scmpcc -mmachine=t3d ... -lpvm), the postal model of
 * message passing: a send may come before its receive, so the library buffers (docs/t3d-msg.md, "PVM").
 *
 * Every PE runs the program; a task is a PE and its tid is PVM_TID_BASE + PE (pvm_gettid, pvm_get_PE convert).
 * There is no spawning: pvm_parent() is PvmNoParent everywhere. Messages between one pair of tasks arrive in the
 * order they were sent; a receive takes the first arrived message that matches its tid and tag, -1 matching any.
 * Only the raw encoding exists (PvmDataDefault and PvmDataInPlace are taken as PvmDataRaw). */
#ifndef _PVM3_H
#define _PVM3_H

#define PVM_TID_BASE 0x40000
/* The most PEs the library serves (its receive rings are sized for them). */
#define PVM_MAX_PES 64

#define PvmDataDefault 0
#define PvmDataRaw 1
#define PvmDataInPlace 2

/* Data types of pvm_psend and pvm_precv. */
#define PVM_BYTE 1
#define PVM_INT 3
#define PVM_DOUBLE 6

/* Error codes (PVM 3's values). */
#define PvmOk 0
#define PvmBadParam -2
#define PvmNoData -5
#define PvmNoMem -10
#define PvmNoBuf -15
#define PvmNoSuchBuf -16
#define PvmNotInGroup -20
#define PvmNoParent -23

int pvm_mytid(void);
int pvm_parent(void);
int pvm_exit(void);
/* The tid of the task on PE inum (group must be 0 or "": the T3D's global group), and the PE of a tid. */
int pvm_gettid(const char *group, int inum);
int pvm_get_PE(int tid);

/* The active send buffer: a new empty one (the old one is freed). Returns its id. */
int pvm_initsend(int encoding);
/* Packing copies items into the send buffer at its end; unpacking copies them out of the active receive buffer
 * from where the last unpack stopped. stride is in items (1: contiguous). Return PvmOk or PvmNoData. */
int pvm_pkint(const int *ip, int nitem, int stride);
int pvm_pkdouble(const double *dp, int nitem, int stride);
int pvm_pkbyte(const char *cp, int nitem, int stride);
int pvm_upkint(int *ip, int nitem, int stride);
int pvm_upkdouble(double *dp, int nitem, int stride);
int pvm_upkbyte(char *cp, int nitem, int stride);

/* Sends the active send buffer to tid with tag (tag >= 0); returns when the buffer may be packed again. */
int pvm_send(int tid, int msgtag);
/* Waits for a message matching tid and tag (-1: any) and makes it the active receive buffer; returns its id.
 * pvm_nrecv returns 0 at once when none has arrived. */
int pvm_recv(int tid, int msgtag);
int pvm_nrecv(int tid, int msgtag);
/* The size in bytes, tag and source tid of a receive buffer. */
int pvm_bufinfo(int bufid, int *bytes, int *msgtag, int *tid);

/* Single call: sends len items of type from buf (no pack); receives into buf at most len items, giving the
 * source, tag and item count actually received. */
int pvm_psend(int tid, int msgtag, const void *buf, int len, int datatype);
int pvm_precv(int tid, int msgtag, void *buf, int len, int datatype, int *rtid, int *rtag, int *rlen);

/* Returns when count tasks of the group (0 or "": the global group; its members the tasks on PEs 0 .. count - 1,
 * count -1 meaning every PE) have called it; PvmNotInGroup on a task beyond them. Its messages are the library's
 * own empty messages (an unbalanced tree of them), under a tag no receive of the program can take. Every member
 * must give the same count. */
int pvm_barrier(const char *group, int count);

#endif
