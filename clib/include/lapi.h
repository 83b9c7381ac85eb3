/* lapi.h: LAPI, the IBM SP's one-sided communication library (the seed's section 3), as guest C over HAL (libhal,
 * the SP sysroot's own: scmpcc -mmachine=sp). docs/sp.md ("LAPI") specifies what each call does here, its
 * protocol over HAL packets and what is not there yet. Tasks are the nodes; a task's addresses name the same
 * objects in every task when they are globals (one program image), otherwise LAPI_Address_init exchanges them. */
#ifndef _LAPI_H
#define _LAPI_H

#define LAPI_SUCCESS 0
#define LAPI_ERR_BAD_PARAMETER 1
#define LAPI_ERR_NO_RESOURCE 2

typedef int lapi_handle_t;

/* What LAPI_Init takes: nothing is needed here; the field keeps the type a struct, as IBM's is. */
typedef struct {
    int reserved;
} lapi_info_t;

/* A counter: origin, target and completion counters are of this type. */
typedef struct {
    volatile int cntr;
} lapi_cntr_t;

/* LAPI_Qenv and LAPI_Senv queries. */
typedef enum {
    TASK_ID,         /* this task's number */
    NUM_TASKS,       /* the tasks of the job */
    MAX_UHDR_SZ,     /* the most bytes of an active message's user header */
    INTERRUPT_SET,   /* 1: packets are taken in an interrupt handler; 0: only inside LAPI calls (polling) */
    MAX_DATA_SZ,     /* the most bytes of one message */
    COMPL_INLINE,    /* 1: completion handlers run in the thread that completes the message; 0 (the default): in
                      * LAPI's completion-handler thread (docs/sp.md, "LAPI") */
    RETRANSMIT_CYCLES, /* cycles after which a packet not acknowledged is sent again (default 200000) */
    RETRANSMISSIONS, /* (query only) packets this task has sent again */
    DUPLICATES,      /* (query only) packets this task received more than once and dropped */
    HELD_PACKETS     /* (query only) packets this task took while a send waited for room in its window, and held
                      * until there was room (docs/sp.md, "LAPI") */
} lapi_query_t;

/* LAPI_Rmw's operations on a 32-bit int of the target task. */
typedef enum {
    SWAP,              /* stores in_val[0] */
    COMPARE_AND_SWAP,  /* stores in_val[1] when the value is in_val[0] */
    FETCH_AND_ADD,     /* adds in_val[0] */
    FETCH_AND_OR       /* ors in in_val[0] */
} RMW_ops_t;

/* An active message's completion handler, run when its data are in the buffer the header handler gave. */
typedef void compl_hndlr_t(lapi_handle_t *hndl, void *completion_param);
/* An active message's header handler, run when its header arrives: returns where the message's msg_len data bytes
 * go (0 when none), and may set *comp_h and *user_info for the completion handler. */
typedef void *hdr_hndlr_t(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                          compl_hndlr_t **comp_h, void **user_info);

int LAPI_Init(lapi_handle_t *hndl, lapi_info_t *info);
int LAPI_Term(lapi_handle_t hndl);
int LAPI_Qenv(lapi_handle_t hndl, lapi_query_t query, int *ret_val);
int LAPI_Senv(lapi_handle_t hndl, lapi_query_t query, int set_val);

int LAPI_Setcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val);
int LAPI_Getcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int *val);
/* Waits until *cntr reaches val, then subtracts val; *cur_cntr (when not 0) gets the value after that. */
int LAPI_Waitcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val, int *cur_cntr);

/* Copies len bytes from org_addr here to tgt_addr in task tgt. org_cntr: the origin buffer may change; tgt_cntr
 * (in task tgt): the data are there; cmpl_cntr (here): the data are there, as the target has told. */
int LAPI_Put(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);
/* Copies len bytes from tgt_addr in task tgt to org_addr here. org_cntr: the data are here; tgt_cntr (in task
 * tgt): the target has sent them. */
int LAPI_Get(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr);
/* An active message to task tgt: its header handler hdr_hdl (an address in task tgt) is given uhdr, then the
 * udata_len bytes of udata go where it says, then its completion handler runs; the counters as for LAPI_Put. */
int LAPI_Amsend(lapi_handle_t hndl, unsigned tgt, void *hdr_hdl, void *uhdr, unsigned uhdr_len, void *udata,
                unsigned udata_len, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);

/* Applies op atomically to the int at tgt_var in task tgt with the operand(s) at in_val (read at the call).
 * *prev_tgt_val (when not 0) gets the int's value before the operation; then org_cntr (when not 0) is raised. */
int LAPI_Rmw(lapi_handle_t hndl, RMW_ops_t op, unsigned tgt, int *tgt_var, int *in_val, int *prev_tgt_val,
             lapi_cntr_t *org_cntr);

/* Returns when every Put, Get and Amsend of this task has completed at its target. */
int LAPI_Fence(lapi_handle_t hndl);
/* LAPI_Fence in every task, then a barrier of all tasks. */
int LAPI_Gfence(lapi_handle_t hndl);
/* Collective: add_tab[t] becomes task t's my_addr. */
int LAPI_Address_init(lapi_handle_t hndl, void *my_addr, void *add_tab[]);

/* The vector calls' descriptions of scattered data (IBM's lapi_vec_t). LAPI_GEN_IOVECTOR: num_vecs pieces, piece i
 * len[i] bytes at info[i]. LAPI_GEN_STRIDED_XFER: num_vecs blocks of (unsigned)info[1] bytes, the first at info[0],
 * each (unsigned)info[2] bytes after the one before; len is not used. */
typedef enum {
    LAPI_GEN_IOVECTOR,
    LAPI_GEN_STRIDED_XFER
} lapi_vectype_t;

typedef struct {
    lapi_vectype_t vec_type;
    unsigned num_vecs;
    void **info;
    unsigned long *len;
} lapi_vec_t;

/* LAPI_Amsendv's header handler, run in the target when the message's header arrives: len_vec holds the lengths
 * of the origin's num_vecs pieces; returns the vector the data go to (read before the handler's caller goes on),
 * and may set *comp_h and *user_info as hdr_hndlr_t does. */
typedef lapi_vec_t *vhdr_hndlr_t(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned long *len_vec,
                                 compl_hndlr_t **comp_h, void **user_info);

/* LAPI_Put from the pieces org_vec describes here to those tgt_vec describes in task tgt (tgt_vec is read here; its
 * addresses are the target's). Both have the same type, the same num_vecs and the same piece lengths. The counters
 * as for LAPI_Put. */
int LAPI_Putv(lapi_handle_t hndl, unsigned tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr,
              lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);
/* LAPI_Get from the pieces tgt_vec describes in task tgt to those org_vec describes here; the vectors and counters
 * as for LAPI_Putv and LAPI_Get. */
int LAPI_Getv(lapi_handle_t hndl, unsigned tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr,
              lapi_cntr_t *org_cntr);
/* LAPI_Amsend of the pieces org_vec describes; hdr_hdl (a vhdr_hndlr_t in task tgt) says where they go. */
int LAPI_Amsendv(lapi_handle_t hndl, unsigned tgt, void *hdr_hdl, void *uhdr, unsigned uhdr_len, lapi_vec_t *org_vec,
                 lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr);

#endif
