// fast.S - libmpi's hot paths in assembly (docs/mpi.md, "Fast paths"): MPI_Send of an eager message,
// the handler of an eager message that finds its posted receive, MPI_Recv of a predefined type, and the
// wait loops. Everything they do not handle (another protocol family, a derived type, an unexpected
// message, a rendezvous, an error) goes to the C code (the engine p2p.c, family ours's p2p_ours.c, the API
// pt2pt.c), which does the same thing in general. Structure offsets come from mpi_layout.h, which p2p.c
// checks against the C structures.
//
// The eager message (protocol family "ours"): one THREAD message whose data flits load a0..a7, t0..t7,
// s0..s7 (r4..r27) of the handler's new thread:
//     a0 = source node | sequence << 16    a1 = 2 * context + queue | bytes << 16    a2 = tag
//     a3 .. = up to 21 payload words
//
// The wait loops store nothing while they wait (only loads, leaf calls and suspend), so that scmpsim's
// livelock check recognises a deadlocked MPI program.

#include "mpi_layout.h"

// A communicator's handle is its context and indexes __mpi_comm_tab, a table of pointers with
// __mpi_comm_cap entries (comm.c); a null entry is a communicator this node does not have.

    .text

// ---------------------------------------------------------------------------------------------------------
// int __mpi_ready_now(struct __mpi_request *r): 1 when r can complete now, else 0 (p2p.c, __mpi_ready; a
// payload still being read by the DMA engine is decided by niustat). A leaf: uses t0..t3 only.
    .globl __mpi_ready_now
    .type __mpi_ready_now, @function
__mpi_ready_now:
    lw t0, R_FLAGS(a0)
    andi t0, t0, K_RF_CANCEL
    beqz t0, .Lrn_state
    lw t1, R_CANCEL_REPLY(a0)       // a cancelled send waits for the receiver's answer
    beqz t1, .Lrn_no
    li t2, 1
    beq t1, t2, .Lrn_yes
.Lrn_state:
    lw t0, R_STATE(a0)
    li t1, K_ST_DONE
    beq t0, t1, .Lrn_yes
    li t1, K_ST_DATA
    bne t0, t1, .Lrn_dma
    lw t2, R_NWORDS(a0)
    beqz t2, .Lrn_flag
    lw t2, R_LASTP(a0)
    lw t2, 0(t2)
    lw t3, R_LASTWORD(a0)
    bne t2, t3, .Lrn_no             // the payload's last word has not landed
.Lrn_flag:
    lw t2, R_FLAG(a0)               // the sender's completion flag (family ours sets it on accepting)
    bnez t2, .Lrn_yes
    b .Lrn_no
.Lrn_dma:
    li t1, K_ST_DMA
    bne t0, t1, .Lrn_no
    rdsr t2, niustat
    andi t2, t2, 1
    beqz t2, .Lrn_yes
.Lrn_no:
    li a0, 0
    ret
.Lrn_yes:
    li a0, 1
    ret
    .size __mpi_ready_now, . - __mpi_ready_now

// void __mpi_wait_loop(struct __mpi_request *r): returns when __mpi_ready_now(r), suspending in between.
    .globl __mpi_wait_loop
    .type __mpi_wait_loop, @function
__mpi_wait_loop:
    mv t7, ra
    mv a7, a0
.Lwl_poll:
    lw t0, R_STATE(a7)              // the common end first: a handler completed it
    li t1, K_ST_DONE
    beq t0, t1, .Lwl_done
    mv a0, a7
    call __mpi_ready_now
    bnez a0, .Lwl_done
    la t0, __mpi_outbox
    lw t0, 0(t0)
    bnez t0, .Lwl_drain
    suspend
    b .Lwl_poll
.Lwl_drain:                         // handlers left messages to send (p2p_ours.c): send them
    addi sp, sp, -8
    sw t7, 0(sp)
    sw a7, 4(sp)
    call __mpi_drain_outbox
    lw t7, 0(sp)
    lw a7, 4(sp)
    addi sp, sp, 8
    b .Lwl_poll
.Lwl_done:
    mv ra, t7
    ret
    .size __mpi_wait_loop, . - __mpi_wait_loop

// int __mpi_wait_any_loop(int n, MPI_Request *reqs): once one of the requests can complete, the index of
// the first that can; -2 at once when each is null or an inactive persistent request.
    .globl __mpi_wait_any_loop
    .type __mpi_wait_any_loop, @function
__mpi_wait_any_loop:
    mv t7, ra
    mv a6, a0
    mv a5, a1
.Lwa_round:
    li a4, 0                        // i
    li t6, 0                        // any active
.Lwa_next:
    bge a4, a6, .Lwa_end
    slli t4, a4, 2
    add t4, a5, t4
    lw a0, 0(t4)
    beqz a0, .Lwa_skip
    lw t5, R_FLAGS(a0)
    andi t5, t5, K_RF_PERSISTENT
    beqz t5, .Lwa_active
    lw t5, R_STATE(a0)
    li t4, K_ST_INACTIVE
    beq t5, t4, .Lwa_skip
.Lwa_active:
    li t6, 1
    call __mpi_ready_now
    bnez a0, .Lwa_found
.Lwa_skip:
    addi a4, a4, 1
    b .Lwa_next
.Lwa_end:
    beqz t6, .Lwa_none
    la t0, __mpi_outbox
    lw t0, 0(t0)
    bnez t0, .Lwa_drain
    suspend
    b .Lwa_round
.Lwa_drain:
    addi sp, sp, -16
    sw t7, 0(sp)
    sw a5, 4(sp)
    sw a6, 8(sp)
    call __mpi_drain_outbox
    lw t7, 0(sp)
    lw a5, 4(sp)
    lw a6, 8(sp)
    addi sp, sp, 16
    b .Lwa_round
.Lwa_found:
    mv a0, a4
    mv ra, t7
    ret
.Lwa_none:
    li a0, -2
    mv ra, t7
    ret
    .size __mpi_wait_any_loop, . - __mpi_wait_any_loop

// void __mpi_wait_list(struct __mpi_request *head): until one request of the list (linked by bnext) can
// complete; at once for an empty list.
    .globl __mpi_wait_list
    .type __mpi_wait_list, @function
__mpi_wait_list:
    mv t7, ra
    mv a6, a0
.Lwb_round:
    mv a5, a6
.Lwb_next:
    beqz a5, .Lwb_end
    mv a0, a5
    call __mpi_ready_now
    bnez a0, .Lwb_done
    lw a5, R_BNEXT(a5)
    b .Lwb_next
.Lwb_end:
    beqz a6, .Lwb_done
    la t0, __mpi_outbox
    lw t0, 0(t0)
    bnez t0, .Lwb_drain
    suspend
    b .Lwb_round
.Lwb_drain:
    addi sp, sp, -8
    sw t7, 0(sp)
    sw a6, 4(sp)
    call __mpi_drain_outbox
    lw t7, 0(sp)
    lw a6, 4(sp)
    addi sp, sp, 8
    b .Lwb_round
.Lwb_done:
    mv ra, t7
    ret
    .size __mpi_wait_list, . - __mpi_wait_list

// void __mpi_wait_change(volatile int *word, int old): until *word != old.
    .globl __mpi_wait_change
    .type __mpi_wait_change, @function
__mpi_wait_change:
    lw t0, 0(a0)
    bne t0, a1, .Lwc_done
    la t0, __mpi_outbox
    lw t0, 0(t0)
    bnez t0, .Lwc_drain
    suspend
    b __mpi_wait_change
.Lwc_drain:
    addi sp, sp, -16
    sw ra, 0(sp)
    sw a0, 4(sp)
    sw a1, 8(sp)
    call __mpi_drain_outbox
    lw ra, 0(sp)
    lw a0, 4(sp)
    lw a1, 8(sp)
    addi sp, sp, 16
    b __mpi_wait_change
.Lwc_done:
    ret
    .size __mpi_wait_change, . - __mpi_wait_change

// ---------------------------------------------------------------------------------------------------------
// int MPI_Send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
// The eager case of protocol family "ours": a word-aligned message of whole words of a predefined type, at
// most __mpi_eager_limit bytes, to a valid rank, with eager credit left. Anything else: __mpi_Send_c.
    .globl PMPI_Send
    .weak MPI_Send
    .type PMPI_Send, @function
PMPI_Send:
MPI_Send:
    la t6, __mpi_hot
    la t2, __mpi_comm_cap
    lw t1, 0(t2)
    bgeu a5, t1, .Ls_slow           // comm (unsigned: negative too)
    la t2, __mpi_comm_tab
    lw t2, 0(t2)
    slli t3, a5, 2
    add t2, t2, t3
    lw t2, 0(t2)                    // t2 = the communicator
    beqz t2, .Ls_slow
    addi t3, a2, -1
    li t1, K_BASIC_LAST
    bgeu t3, t1, .Ls_slow           // type MPI_CHAR .. MPI_PACKED
    add t3, t6, a2
    lbu t3, H_SHIFT(t3)
    lw t0, C_USED(t2)
    lw t4, C_SIZE(t2)
    sll t3, a1, t3                  // t3 = bytes
    beqz t0, .Ls_slow
    srli t1, a1, 24
    bnez t1, .Ls_slow               // count negative or huge
    lw t0, H_OURS(t6)
    bltz a4, .Ls_slow               // tag
    beqz t0, .Ls_slow               // the thesis family: all in C
    bgeu a3, t4, .Ls_slow           // dest (unsigned: MPI_PROC_NULL and bad ranks go to C)
    or t5, a0, t3
    andi t5, t5, 3
    bnez t5, .Ls_slow               // word-aligned buffer, whole words
    seqz t5, a0
    snez t0, t3
    and t5, t5, t0
    bnez t5, .Ls_slow               // a null buffer only for an empty message
    mv t4, a3                       // MPI_COMM_WORLD: rank = node
    bnez a5, .Ls_node
.Ls_credit:
    slli t5, t4, 2
    add t5, t5, t6
    lw t7, H_SENDWORD(t5)           // sequence << 16 | eager messages not credited back
    lw t1, H_EAGER_LIMIT(t6)        // -1: no eager messages
    bgt t3, t1, .Ls_rndv
    li t1, K_EAGER_CREDITS
    andi t0, t7, 0xffff
    bge t0, t1, .Ls_rndv            // no credit left: rendezvous
    lui t1, 1
    addi t1, t1, 1                  // 0x10001: next sequence number, one more eager message out
    add t1, t7, t1
    sw t1, H_SENDWORD(t5)
    lw t1, H_SELF(t6)
    srli t0, t7, 16
    slli t0, t0, 16
    or t0, t0, t1                   // w0 = source node | sequence << 16
    lw t1, C_CONTEXT(t2)
    slli t5, t3, 16
    slli t1, t1, 1
    or t1, t1, t5                   // w1 = 2 * context + Q_P2P | bytes << 16
    srli t3, t3, 2                  // words
    li t5, 5
    la t6, __mpi_eager21
    bgt t3, t5, .Ls_head
    la t6, __mpi_eager5
.Ls_head:
    sendh_r t4, THREAD, t6, 0
    send2 t0, t1
    beqz t3, .Ls_empty
    lw t0, 0(a0)
    addi t3, t3, -1
    bnez t3, .Ls_more
    send2e a4, t0                   // one word: tag and word end the message
    li a0, 0
    ret
.Ls_empty:
    sende a4                        // no payload: the tag ends the message
    li a0, 0
    ret
.Ls_more:
    send2 a4, t0
    addi a0, a0, 4
.Ls_loop:                           // t3 >= 1 words left at a0: four a step while more than four are left
    addi t1, t3, -4
    blez t1, .Ls_pair
    lw t0, 0(a0)
    lw t2, 4(a0)
    lw t4, 8(a0)
    lw t5, 12(a0)
    send2 t0, t2
    send2 t4, t5
    addi a0, a0, 16
    mv t3, t1
    b .Ls_loop
.Ls_pair:
    addi t1, t3, -2
    blez t1, .Ls_last
    lw t0, 0(a0)
    lw t2, 4(a0)
    send2 t0, t2
    addi a0, a0, 8
    mv t3, t1
    b .Ls_pair
.Ls_last:
    bnez t1, .Ls_one
    lw t0, 0(a0)
    lw t2, 4(a0)
    send2e t0, t2
    li a0, 0
    ret
.Ls_one:
    lw t0, 0(a0)
    sende t0
    li a0, 0
    ret
.Ls_rndv:                           // rendezvous: t2 comm, t3 bytes, t4 node, t5 = hot + 4 * node, t7 sendword
    beqz t3, .Ls_slow               // (the empty message: C)
    addi sp, sp, -(R_SIZEOF + 8)    // the request on this stack, listed as active
    sw ra, R_SIZEOF(sp)
    sw a5, R_COMM(sp)
    lui t0, 1                       // 0x10000: next sequence number
    add t0, t7, t0
    sw t0, H_SENDWORD(t5)
    sw zero, R_NEXT(sp)
    li t0, K_REQ_MAGIC
    sw t0, R_MAGIC(sp)
    li t0, K_ST_POSTED
    sw t0, R_STATE(sp)
    lui t0, (K_P_RNDV << 8)         // kind REQ_SEND, mode standard, queue Q_P2P, proto P_RNDV
    addi t0, t0, K_REQ_SEND
    sw t0, R_KIND(sp)
    li t0, K_RF_STACK + K_RF_LISTED
    sw t0, R_FLAGS(sp)
    sw a3, R_PEER(sp)
    sw t4, R_NODE(sp)
    sw a4, R_TAG(sp)
    sw a0, R_BUF(sp)
    sw a1, R_COUNT(sp)
    sw a2, R_TYPE(sp)
    la t0, __mpi_predef
    li t1, T_SIZEOF
    mul t1, a2, t1
    add t0, t0, t1
    sw t0, R_TP(sp)
    sw t3, R_BYTES(sp)
    sw zero, R_LAYOUT(sp)           // L_CONTIG
    sw a0, R_DATA(sp)
    sw zero, R_TMP(sp)
    sw zero, R_CANCEL_REPLY(sp)
    sw zero, R_ERROR(sp)
    sw zero, R_CANCELLED(sp)
    sw zero, R_BSEG(sp)
    la t0, __mpi_active             // push on the active list
    lw t1, 0(t0)
    sw zero, R_APREV(sp)
    sw t1, R_ANEXT(sp)
    beqz t1, .Ls_listed
    sw sp, R_APREV(t1)
.Ls_listed:
    sw sp, 0(t0)
    lw t1, H_SELF(t6)               // RTS: __mpi_post_send(w0, w1, tag, bytes, sreq, lastword, 0)
    srli t0, t7, 16
    slli t0, t0, 16
    or t0, t0, t1                   // w0 = source node | sequence << 16
    lw t1, C_CONTEXT(t2)
    slli t1, t1, 1                  // w1 = 2 * context + Q_P2P
    add t5, a0, t3
    lw t5, -4(t5)                   // the payload's last word
    la t6, __mpi_post_send
    sendh_r t4, THREAD, t6, 0
    send2 t0, t1
    send2 a4, t3
    send2 sp, t5
    sende zero
    mv a0, sp
    call __mpi_wait_loop            // the CTS handler sends the payload; then the DMA engine reads it
    mv a0, sp
    call __mpi_complete             // off the active list
    lw ra, R_SIZEOF(sp)
    addi sp, sp, R_SIZEOF + 8
    li a0, 0
    ret
.Ls_node:                           // another communicator: its rank's node
    lw t4, C_NODES(t2)
    slli t5, a3, 2
    add t4, t4, t5
    lw t4, 0(t4)
    b .Ls_credit
.Ls_slow:
    tail __mpi_Send_c
    .size PMPI_Send, . - PMPI_Send

// void __mpi_eager_send(int node, void (*pc)(), int w0, int w1, int w2, const int *payload, int n)
// (the C path's eager send) One THREAD message to `node` starting `pc`: w0, w1, w2, then n (0..21) words
// read from payload by the core, so that the caller may reuse payload at once.
    .globl __mpi_eager_send
    .type __mpi_eager_send, @function
__mpi_eager_send:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    bnez a6, .Le_words
    sende a4
    ret
.Le_words:
    lw t0, 0(a5)
    addi a6, a6, -1
    bnez a6, .Le_more
    send2e a4, t0
    ret
.Le_more:
    send2 a4, t0
    addi a5, a5, 4
.Le_loop:
    addi t1, a6, -2
    blez t1, .Le_last
    lw t2, 0(a5)
    lw t3, 4(a5)
    send2 t2, t3
    addi a5, a5, 8
    mv a6, t1
    b .Le_loop
.Le_last:
    bnez t1, .Le_one
    lw t2, 0(a5)
    lw t3, 4(a5)
    send2e t2, t3
    ret
.Le_one:
    lw t2, 0(a5)
    sende t2
    ret
    .size __mpi_eager_send, . - __mpi_eager_send

// ---------------------------------------------------------------------------------------------------------
// The eager message's handler: __mpi_eager5 (at most 5 payload words, in a3..a7) and __mpi_eager21 (up
// to 21, put on the new thread's stack). The common case is done here: the message is the next one from its
// sender and nothing waits out of order, a posted receive matches with a contiguous, word-aligned buffer
// that the message fits. MPI_COMM_WORLD's ranks are its nodes; another communicator must have its index as
// its context, and the source's rank is looked up. Otherwise __mpi_eager_arrived(w0, w1, tag, payload) in C.
// The thread ends afterwards, so every register is free: s9 says where the payload is.
    .globl __mpi_eager5
    .type __mpi_eager5, @function
__mpi_eager5:
    li s9, 0
    b .Lh_common
    .size __mpi_eager5, . - __mpi_eager5

    .globl __mpi_eager21
    .type __mpi_eager21, @function
__mpi_eager21:
    addi sp, sp, -88
    sw a3, 0(sp)
    sw a4, 4(sp)
    sw a5, 8(sp)
    sw a6, 12(sp)
    sw a7, 16(sp)
    sw t0, 20(sp)
    sw t1, 24(sp)
    sw t2, 28(sp)
    sw t3, 32(sp)
    sw t4, 36(sp)
    sw t5, 40(sp)
    sw t6, 44(sp)
    sw t7, 48(sp)
    sw s0, 52(sp)
    sw s1, 56(sp)
    sw s2, 60(sp)
    sw s3, 64(sp)
    sw s4, 68(sp)
    sw s5, 72(sp)
    sw s6, 76(sp)
    sw s7, 80(sp)
    mv a3, sp
    li s9, 1
.Lh_common:                         // a0 = w0, a1 = w1, a2 = tag; payload in a3..a7 (s9 = 0) or at a3
    la t6, __mpi_hot
    lw t0, H_FAST_OK(t6)
    andi t1, a0, 0xffff             // t1 = source node
    srli t2, a0, 16                 // sequence number
    beqz t0, .Lh_slow               // others wait for their turn: C keeps the order
    slli t7, t1, 2
    add t7, t7, t6                  // t7 = __mpi_hot + 4 * source
    lw t3, H_RECVWORD(t7)           // t3 = expected sequence << 16 | consumed
    andi t0, a1, 0xfffe
    srli t0, t0, 1                  // t0 = communicator index (= context)
    srli t4, t3, 16
    bne t4, t2, .Lh_slow            // not its turn
    la t5, __mpi_comm_tab
    lw t5, 0(t5)                    // t5 = the communicator table
    srli s8, a1, 16                 // s8 = bytes
    mv t4, t1                       // MPI_COMM_WORLD: rank = node
    bnez t0, .Lh_other
    lw t5, 0(t5)                    // t5 = MPI_COMM_WORLD
.Lh_queue:
    andi t2, a1, 1
    slli t2, t2, 2
    add t2, t2, t5
    addi t2, t2, C_RECVS            // t2 = &postedReceives[queue]
.Lh_walk:
    lw s0, 0(t2)                    // s0 = the next posted receive
    beqz s0, .Lh_slow               // none matches: the unexpected queue (C)
    lw s1, R_PEER(s0)
    lw s2, R_TAG(s0)
    beq s1, t4, .Lh_tag
    addi s1, s1, -K_ANY_SOURCE
    bnez s1, .Lh_skip
.Lh_tag:
    beq s2, a2, .Lh_found
    addi s2, s2, -K_ANY_TAG
    beqz s2, .Lh_found
.Lh_skip:
    addi t2, s0, R_NEXT
    b .Lh_walk
.Lh_found:
    lw s1, R_DBUF(s0)
    lw s2, R_BYTES(s0)
    or s3, s1, s8
    beqz s1, .Lh_slow               // a derived type: C unpacks
    bgtu s8, s2, .Lh_slow           // truncated: C
    andi s3, s3, 3
    bnez s3, .Lh_slow               // not whole aligned words: C copies bytes
    lw s3, R_NEXT(s0)               // the message is taken: unlink the receive,
    li s4, 0x10001                  // next sequence number, one more eager message consumed
    add t3, t3, s4
    sw s3, 0(t2)
    srli s3, s8, 2                  // words to copy
    bnez s9, .Lh_copy_mem
    beqz s3, .Lh_copied
    sw a3, 0(s1)
    addi s3, s3, -1
    beqz s3, .Lh_copied
    sw a4, 4(s1)
    addi s3, s3, -1
    beqz s3, .Lh_copied
    sw a5, 8(s1)
    addi s3, s3, -1
    beqz s3, .Lh_copied
    sw a6, 12(s1)
    addi s3, s3, -1
    beqz s3, .Lh_copied
    sw a7, 16(s1)
    b .Lh_copied
.Lh_copy_mem:                       // four words a step, then the rest one by one
    addi s5, s3, -4
    bltz s5, .Lh_copy_one
    lw s4, 0(a3)
    lw s6, 4(a3)
    lw s7, 8(a3)
    lw s2, 12(a3)
    sw s4, 0(s1)
    sw s6, 4(s1)
    sw s7, 8(s1)
    sw s2, 12(s1)
    addi a3, a3, 16
    addi s1, s1, 16
    mv s3, s5
    b .Lh_copy_mem
.Lh_copy_one:
    beqz s3, .Lh_copied
    lw s4, 0(a3)
    addi a3, a3, 4
    addi s3, s3, -1
    sw s4, 0(s1)
    addi s1, s1, 4
    b .Lh_copy_one
.Lh_copied:
    sw t4, R_SOURCE(s0)
    sw a2, R_RTAG(s0)
    sw s8, R_MSGBYTES(s0)
    sw zero, R_ERROR(s0)
    li s3, K_ST_DONE
    sw s3, R_STATE(s0)              // the receive is complete
    andi s3, t3, 0xffff
    li s4, K_CREDIT_BATCH
    bge s3, s4, .Lh_credit
    sw t3, H_RECVWORD(t7)
    endt
.Lh_credit:                         // give a batch of credit back: the source's sendword[me] -= batch
    sub t3, t3, s3
    sw t3, H_RECVWORD(t7)
    rdsr s3, niustat
    andi s3, s3, 7
    bnez s3, .Lh_credit_later       // the NIU is busy: the message could block (p2p_ours.c, handler_send)
    lw s3, H_SELF(t6)
    slli s3, s3, 2
    add s3, s3, t6
    addi s3, s3, H_SENDWORD
    la s4, __scmp_add_handler
    li s5, -K_CREDIT_BATCH
    sendh_r t1, THREAD, s4, 0
    send2e s3, s5
    endt
.Lh_credit_later:
    mv a0, t1
    call __mpi_credit_return
    endt
.Lh_other:                          // t0 = a communicator index other than MPI_COMM_WORLD's
    la s0, __mpi_comm_cap
    lw s0, 0(s0)
    bgeu t0, s0, .Lh_slow
    slli s0, t0, 2
    add t5, t5, s0
    lw t5, 0(t5)                    // t5 = the communicator
    beqz t5, .Lh_slow
    lw s0, C_USED(t5)
    lw s1, C_CONTEXT(t5)
    beqz s0, .Lh_slow
    bne s1, t0, .Lh_slow
    lw s1, C_RANK_OF(t5)            // node -> rank, or -1
    slli s0, t1, 2
    add s1, s1, s0
    lw t4, 0(s1)                    // t4 = the rank of the source node
    bltz t4, .Lh_slow
    b .Lh_queue
.Lh_slow:
    bnez s9, .Lh_slow_mem
    addi sp, sp, -24                // __mpi_eager5: its payload to the stack
    sw a3, 0(sp)
    sw a4, 4(sp)
    sw a5, 8(sp)
    sw a6, 12(sp)
    sw a7, 16(sp)
    mv a3, sp
.Lh_slow_mem:
    call __mpi_eager_arrived
    endt
    .size __mpi_eager21, . - __mpi_eager21

// ---------------------------------------------------------------------------------------------------------
// The RTS handler, __mpi_post_send(w0, w1, tag, bytes, sreq, lastword, tailword) (p2p.c). Family ours, the
// common case: the RTS is the next message from its sender, a posted receive of a communicator as for the
// eager handler matches with a contiguous, word-aligned buffer that holds the whole message of whole
// words. It arms the watch of the payload's last word and sends the CTS (when the NIU is idle, so that it
// cannot block; else through p2p_ours.c). Anything else: __mpi_post_send_c (p2p.c).
    .globl __mpi_post_send
    .type __mpi_post_send, @function
__mpi_post_send:
    la t6, __mpi_hot
    lw t0, H_OURS(t6)
    lw t1, H_FAST_OK(t6)
    beqz t0, .Lp_slow
    beqz t1, .Lp_slow
    andi t1, a0, 0xffff             // t1 = source node
    srli t2, a0, 16
    slli t7, t1, 2
    add t7, t7, t6
    lw t3, H_RECVWORD(t7)
    srli t4, t3, 16
    bne t4, t2, .Lp_slow            // not its turn
    andi t0, a1, 0xfffe
    srli t0, t0, 1                  // t0 = communicator index
    la t5, __mpi_comm_tab
    lw t5, 0(t5)                    // t5 = the communicator table
    mv t4, t1                       // MPI_COMM_WORLD: rank = node
    bnez t0, .Lp_other
    lw t5, 0(t5)                    // t5 = MPI_COMM_WORLD
.Lp_queue:
    andi t2, a1, 1
    slli t2, t2, 2
    add t2, t2, t5
    addi t2, t2, C_RECVS            // t2 = &postedReceives[queue]
.Lp_walk:
    lw s0, 0(t2)
    beqz s0, .Lp_slow               // unexpected: C queues it
    lw s1, R_PEER(s0)
    lw s2, R_TAG(s0)
    beq s1, t4, .Lp_tag
    addi s1, s1, -K_ANY_SOURCE
    bnez s1, .Lp_skip
.Lp_tag:
    beq s2, a2, .Lp_found
    addi s2, s2, -K_ANY_TAG
    beqz s2, .Lp_found
.Lp_skip:
    addi t2, s0, R_NEXT
    b .Lp_walk
.Lp_found:
    lw s1, R_DBUF(s0)
    lw s2, R_BYTES(s0)
    or s3, s1, a3
    beqz s1, .Lp_slow               // a derived type
    bgtu a3, s2, .Lp_slow           // truncated
    andi s3, s3, 3
    bnez s3, .Lp_slow               // unaligned, or tail bytes
    beqz a3, .Lp_slow               // empty
    lui s3, 1                       // taken: next sequence number, unlink the receive
    add t3, t3, s3
    sw t3, H_RECVWORD(t7)
    lw s3, R_NEXT(s0)
    sw s3, 0(t2)
    srli s4, a3, 2                  // s4 = words
    add s5, s1, a3
    addi s5, s5, -4                 // s5 = where the last word lands
    not s6, a5
    sw s6, 0(s5)                    // not the announced value until the payload has landed
    sw t4, R_SOURCE(s0)
    sw a2, R_RTAG(s0)
    sw a3, R_MSGBYTES(s0)
    sw zero, R_ERROR(s0)
    sw s4, R_NWORDS(s0)
    sw zero, R_TAILWORD(s0)
    li s6, 1
    sw s6, R_FLAG(s0)               // no flag message comes in this family
    sw s5, R_LASTP(s0)
    sw a5, R_LASTWORD(s0)
    li s6, K_ST_DATA
    sw s6, R_STATE(s0)
    rdsr s6, niustat
    andi s6, s6, 7
    bnez s6, .Lp_cts_later
    lw s6, H_SELF(t6)               // CTS: __mpi_request_data(sreq, target, 1, words, me, 0)
    la s7, __mpi_request_data
    li s8, 1
    sendh_r t1, THREAD, s7, 0
    send2 a4, s1
    send2 s8, s4
    send2e s6, zero
    endt
.Lp_cts_later:                      // __mpi_send_cts(node, sreq, target, 1, words)
    mv a0, t1
    mv a1, a4
    mv a2, s1
    li a3, 1
    mv a4, s4
    call __mpi_send_cts
    endt
.Lp_other:                          // another communicator: index = context, the source's rank looked up
    la s0, __mpi_comm_cap
    lw s0, 0(s0)
    bgeu t0, s0, .Lp_slow
    slli s0, t0, 2
    add t5, t5, s0
    lw t5, 0(t5)                    // t5 = the communicator
    beqz t5, .Lp_slow
    lw s0, C_USED(t5)
    lw s1, C_CONTEXT(t5)
    beqz s0, .Lp_slow
    bne s1, t0, .Lp_slow
    lw s1, C_RANK_OF(t5)            // node -> rank, or -1
    slli s0, t1, 2
    add s1, s1, s0
    lw t4, 0(s1)                    // t4 = the rank of the source node
    bltz t4, .Lp_slow
    b .Lp_queue
.Lp_slow:
    call __mpi_post_send_c
    endt
    .size __mpi_post_send, . - __mpi_post_send

// The CTS handler, __mpi_request_data(sreq, target, stride, words, dst_node, flagaddr). Family ours, the
// common case: a contiguous payload of at most 65535 words and an idle NIU, so that sendh_rr and sendme
// cannot block; the DMA engine reads the payload while the handler ends. Anything else (the thesis
// family's CTS carries a flag address): the family's request_data (p2p_thesis.c, p2p_ours.c).
    .globl __mpi_request_data
    .type __mpi_request_data, @function
__mpi_request_data:
    bnez a5, .Lq_slow               // the thesis family's flag
    lw t0, R_LAYOUT(a0)
    addi t1, a3, -1                 // words - 1: 0 .. 65534 for one sendme (its count field has 16 bits)
    lui t2, 1
    addi t2, t2, -1                 // 65535
    bnez t0, .Lq_slow               // not L_CONTIG
    bgeu t1, t2, .Lq_slow           // 0, or more than 65535 words
    rdsr t0, niustat
    andi t0, t0, 7
    bnez t0, .Lq_slow               // the NIU is busy: p2p.c decides
    lw t3, R_DATA(a0)
    lui t4, 1                       // stride 1 << 16 | words
    or t4, t4, a3
    sendh_rr a4, DATA, a1, a2
    sendme t3, t4
    li t0, K_ST_DMA
    sw t0, R_STATE(a0)
    endt
.Lq_slow:                           // the family's C code: __mpi_family->request_data(a0 .. a5)
    la t0, __mpi_family
    lw t0, 0(t0)
    lw t0, F_REQUEST_DATA(t0)
    callr t0
    endt
    .size __mpi_request_data, . - __mpi_request_data

// ---------------------------------------------------------------------------------------------------------
// int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status)
// A predefined type, valid arguments, and no unexpected message waiting on the communicator: the request is
// built on this stack, posted, and waited for; a rendezvous payload is finished by __mpi_complete. Anything
// else: __mpi_Recv_c.
    .globl PMPI_Recv
    .weak MPI_Recv
    .type PMPI_Recv, @function
PMPI_Recv:
MPI_Recv:
    la t2, __mpi_comm_cap
    lw t1, 0(t2)
    bgeu a5, t1, .Lr_slow
    la t2, __mpi_comm_tab
    lw t2, 0(t2)
    slli t3, a5, 2
    add t2, t2, t3
    lw t2, 0(t2)                    // t2 = the communicator
    beqz t2, .Lr_slow
    lw t0, C_USED(t2)
    beqz t0, .Lr_slow
    addi t0, a2, -1
    li t1, K_BASIC_LAST
    bgeu t0, t1, .Lr_slow           // type 1 .. MPI_PACKED
    srli t0, a1, 24
    bnez t0, .Lr_slow               // count negative or huge
    la t4, __mpi_predef
    li t3, T_SIZEOF
    mul t3, a2, t3
    add t4, t4, t3                  // t4 = the type
    lw t3, T_SIZE(t4)
    mul t3, t3, a1                  // t3 = capacity in bytes
    li t1, K_ANY_TAG
    beq a4, t1, .Lr_tagok
    bltz a4, .Lr_slow
.Lr_tagok:
    li t1, K_ANY_SOURCE
    beq a3, t1, .Lr_srcok
    lw t1, C_SIZE(t2)
    bgeu a3, t1, .Lr_slow           // MPI_PROC_NULL and bad ranks go to C
.Lr_srcok:
    bnez a0, .Lr_bufok
    bnez t3, .Lr_slow
.Lr_bufok:
    lw t0, C_SENDS(t2)
    bnez t0, .Lr_slow               // unexpected messages wait: C matches them
    addi sp, sp, -(R_SIZEOF + 8)
    sw ra, R_SIZEOF(sp)
    sw a6, R_SIZEOF+4(sp)
    sw zero, R_NEXT(sp)
    li t0, K_REQ_MAGIC
    sw t0, R_MAGIC(sp)
    li t0, K_ST_POSTED
    sw t0, R_STATE(sp)
    li t0, K_REQ_RECV               // kind; mode, queue (Q_P2P) and proto 0
    sw t0, R_KIND(sp)
    li t0, K_RF_STACK
    sw t0, R_FLAGS(sp)
    sw a5, R_COMM(sp)
    sw a3, R_PEER(sp)
    sw a4, R_TAG(sp)
    sw a0, R_BUF(sp)
    sw a1, R_COUNT(sp)
    sw a2, R_TYPE(sp)
    sw t4, R_TP(sp)
    sw t3, R_BYTES(sp)
    sw zero, R_TMP(sp)
    sw a0, R_DBUF(sp)
    sw zero, R_LASTP(sp)
    sw zero, R_NWORDS(sp)
    sw zero, R_FLAG(sp)
    sw zero, R_CANCEL_REPLY(sp)
    sw zero, R_ERROR(sp)
    sw zero, R_CANCELLED(sp)
    addi t4, t2, C_RECVS            // append to postedReceives[Q_P2P]
.Lr_tail:
    lw t5, 0(t4)
    beqz t5, .Lr_link
    addi t4, t5, R_NEXT
    b .Lr_tail
.Lr_link:
    sw sp, 0(t4)
    li t1, K_ST_DONE
    li t2, K_ST_POSTED
.Lr_wait:                           // an eager handler completes it, or a rendezvous moves it on
    lw t0, R_STATE(sp)
    beq t0, t1, .Lr_status
    bne t0, t2, .Lr_rendezvous
    la t3, __mpi_outbox
    lw t3, 0(t3)
    bnez t3, .Lr_rendezvous         // the general wait sends what handlers left
    suspend
    b .Lr_wait
.Lr_rendezvous:
    mv a0, sp
    call __mpi_wait_loop
    lw t0, R_STATE(sp)
    li t1, K_ST_DATA
    bne t0, t1, .Lr_complete
    lw t0, R_TMP(sp)
    bnez t0, .Lr_complete           // a landing buffer to copy out of
    lw t0, R_NWORDS(sp)
    lw t1, R_MSGBYTES(sp)
    slli t0, t0, 2
    bne t0, t1, .Lr_complete        // tail bytes to add
    li t0, K_ST_DONE
    sw t0, R_STATE(sp)
    b .Lr_status
.Lr_complete:
    mv a0, sp
    call __mpi_complete             // tail bytes, landing buffer
.Lr_status:                         // (MPI_ERROR stays as the caller set it: MPI-3.1 section 3.2.5)
    lw a6, R_SIZEOF+4(sp)
    beqz a6, .Lr_return
    lw t0, R_SOURCE(sp)
    sw t0, S_SOURCE(a6)
    lw t0, R_RTAG(sp)
    sw t0, S_TAG(a6)
    lw t0, R_MSGBYTES(sp)
    lw t1, R_BYTES(sp)
    ble t0, t1, .Lr_count
    mv t0, t1
.Lr_count:
    sw t0, S_COUNT(a6)
    sw zero, S_CANCELLED(a6)
.Lr_return:
    lw a0, R_ERROR(sp)
    bnez a0, .Lr_error
    lw ra, R_SIZEOF(sp)
    addi sp, sp, R_SIZEOF + 8
    ret
.Lr_error:                          // __mpi_error(comm, error, "MPI_Recv")
    mv a1, a0
    lw a0, R_COMM(sp)
    la a2, .Lr_name
    call __mpi_error
    lw ra, R_SIZEOF(sp)
    addi sp, sp, R_SIZEOF + 8
    ret
.Lr_slow:
    tail __mpi_Recv_c
    .size PMPI_Recv, . - PMPI_Recv

    .section .rodata
.Lr_name:
    .asciz "MPI_Recv"

// ---------------------------------------------------------------------------------------------------------
// int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
// Family ours, a communicator with slot areas, a predefined type, 1 to 112 bytes (one slot message) in a
// word-aligned buffer of whole words: the binomial tree of coll_ours.c (__ours_bcast, bcast_tree) done
// here, with the slot primitives of coll_slot_asm.s, so that a level of the tree costs the primitives and
// little else. Anything else (and every error): __mpi_Bcast_c. The primitives are leaves that use t0..t7
// and a0..a3 only; the state lives in s0..s6.
    .text
    .globl PMPI_Bcast
    .weak MPI_Bcast
    .type PMPI_Bcast, @function
PMPI_Bcast:
MPI_Bcast:
    la t6, __mpi_hot
    lw t0, H_OURS(t6)
    beqz t0, .Lb_slow               // the thesis family: all in C
    la t2, __mpi_comm_cap
    lw t1, 0(t2)
    bgeu a4, t1, .Lb_slow           // comm (unsigned: negative too)
    la t2, __mpi_comm_tab
    lw t2, 0(t2)
    slli t3, a4, 2
    add t2, t2, t3
    lw t2, 0(t2)                    // t2 = the communicator
    beqz t2, .Lb_slow
    lw t0, C_USED(t2)
    beqz t0, .Lb_slow
    lw t0, C_SLOTS(t2)              // slots.rec: 0 when the communicator has no slot areas
    beqz t0, .Lb_slow
    addi t3, a2, -1
    li t1, K_BASIC_LAST
    bgeu t3, t1, .Lb_slow           // type MPI_CHAR .. MPI_PACKED
    srli t1, a1, 24
    bnez t1, .Lb_slow               // count negative or huge
    add t3, t6, a2
    lbu t3, H_SHIFT(t3)
    sll t3, a1, t3                  // t3 = bytes
    beqz t3, .Lb_slow               // nothing to send: C
    li t1, K_SLOT_BYTES
    bltu t1, t3, .Lb_slow           // more than one slot message
    or t1, a0, t3
    andi t1, t1, 3
    bnez t1, .Lb_slow               // word-aligned buffer, whole words
    lw t4, C_SIZE(t2)
    bgeu a3, t4, .Lb_slow           // root (unsigned: negative too)
    li t1, 2
    blt t4, t1, .Lb_slow            // one rank: C
    addi sp, sp, -32
    sw ra, 0(sp)
    sw s0, 4(sp)
    sw s1, 8(sp)
    sw s2, 12(sp)
    sw s3, 16(sp)
    sw s4, 20(sp)
    sw s5, 24(sp)
    sw s6, 28(sp)
    addi s0, t2, C_SLOTS            // s0 = &c->slots
    mv s1, a0                       // s1 = buf
    srli s2, t3, 2                  // s2 = words
    lw s3, C_RANK(t2)               // s3 = rank
    mv s4, t4                       // s4 = size
    sub s5, s3, a3                  // s5 = rank relative to the root
    bgez s5, .Lb_vr
    add s5, s5, s4
.Lb_vr:
    li s6, 1                        // s6 = mask
.Lb_up:                             // the lowest set bit of vr names the parent; the root has none
    bge s6, s4, .Lb_down
    and t0, s5, s6
    bnez t0, .Lb_recv
    slli s6, s6, 1
    j .Lb_up
.Lb_recv:
    sub a1, s3, s6                  // a1 = parent = rank - mask, wrapped (kept across __slot_get)
    bgez a1, .Lb_parent
    add a1, a1, s4
.Lb_parent:
    mv a0, s0
    call __slot_get                 // a0 = &seq: the message's n words lie before it
    slli t0, s2, 2
    sub t1, a0, t0
    mv t2, s1
    mv t3, s2
.Lb_copy:
    lw t4, 0(t1)
    sw t4, 0(t2)
    addi t1, t1, 4
    addi t2, t2, 4
    addi t3, t3, -1
    bnez t3, .Lb_copy
    mv a0, s0                       // a1: still the parent
    call __slot_ack
.Lb_down:                           // the children: rank + m for m = mask / 2, mask / 4, .. 1 with vr + m < size
    srli s6, s6, 1
    beqz s6, .Lb_done
    add t0, s5, s6
    bge t0, s4, .Lb_down
    add a1, s3, s6
    blt a1, s4, .Lb_kid
    sub a1, a1, s4
.Lb_kid:
    mv a0, s0
    mv a2, s1
    mv a3, s2
    call __slot_put
    j .Lb_down
.Lb_done:
    lw ra, 0(sp)
    lw s0, 4(sp)
    lw s1, 8(sp)
    lw s2, 12(sp)
    lw s3, 16(sp)
    lw s4, 20(sp)
    lw s5, 24(sp)
    lw s6, 28(sp)
    addi sp, sp, 32
    li a0, 0
    ret
.Lb_slow:
    tail __mpi_Bcast_c
    .size PMPI_Bcast, . - PMPI_Bcast

// ---------------------------------------------------------------------------------------------------------
// int MPI_Reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
// Family ours, a communicator with slot areas, MPI_SUM of 1 to 14 MPI_DOUBLEs (one slot message) in
// 8-byte-aligned buffers (not MPI_IN_PLACE): the halving tree of coll_ours.c (halving(), top = root) done
// here. At step mask a rank whose relative rank has that bit sends its partial sum to rank - mask and is
// done; the others take the partial sum of rank + mask, when there is one, and add it to theirs (mine +
// theirs, as sum_double does, so the result is the same to the bit). Anything else: __mpi_Reduce_c.
    .text
    .globl PMPI_Reduce
    .weak MPI_Reduce
    .type PMPI_Reduce, @function
PMPI_Reduce:
MPI_Reduce:
    la t6, __mpi_hot
    lw t0, H_OURS(t6)
    beqz t0, .Lrd_slow              // the thesis family: all in C
    la t2, __mpi_comm_cap
    lw t1, 0(t2)
    bgeu a6, t1, .Lrd_slow          // comm (unsigned: negative too)
    la t2, __mpi_comm_tab
    lw t2, 0(t2)
    slli t3, a6, 2
    add t2, t2, t3
    lw t2, 0(t2)                    // t2 = the communicator
    beqz t2, .Lrd_slow
    lw t0, C_USED(t2)
    beqz t0, .Lrd_slow
    lw t0, C_SLOTS(t2)
    beqz t0, .Lrd_slow              // no slot areas
    li t1, K_MPI_DOUBLE
    bne a3, t1, .Lrd_slow
    li t1, K_MPI_SUM
    bne a4, t1, .Lrd_slow
    addi t3, a2, -1
    li t1, K_SLOT_BYTES / 8
    bgeu t3, t1, .Lrd_slow          // 1 .. 14 doubles
    lw t4, C_SIZE(t2)
    bgeu a5, t4, .Lrd_slow          // root (unsigned: negative too)
    li t1, 2
    blt t4, t1, .Lrd_slow           // one rank: C
    andi t1, a0, 7
    bnez t1, .Lrd_slow              // sendbuf aligned (MPI_IN_PLACE is not)
    lw t3, C_RANK(t2)
    bne t3, a5, .Lrd_frame
    andi t1, a1, 7
    bnez t1, .Lrd_slow              // the root's recvbuf aligned
.Lrd_frame:
    addi sp, sp, -160               // 48 bytes of saved registers, then 112 for a partial sum
    sw ra, 0(sp)
    sw s0, 4(sp)
    sw s1, 8(sp)
    sw s2, 12(sp)
    sw s3, 16(sp)
    sw s4, 20(sp)
    sw s5, 24(sp)
    sw s6, 28(sp)
    sw s7, 32(sp)
    addi s0, t2, C_SLOTS            // s0 = &c->slots
    mv s1, a0                       // s1 = mine: this rank's partial sum so far
    slli s2, a2, 1                  // s2 = words
    mv s3, t3                       // s3 = rank
    mv s4, t4                       // s4 = size
    sub s5, s3, a5                  // s5 = rank relative to the root
    bgez s5, .Lrd_vr
    add s5, s5, s4
.Lrd_vr:
    addi s7, sp, 48                 // s7 = the accumulator: the stack, or the root's recvbuf
    bne s3, a5, .Lrd_acc
    mv s7, a1
.Lrd_acc:
    li s6, 1                        // s6 = mask
.Lrd_loop:
    bge s6, s4, .Lrd_done
    and t0, s5, s6
    bnez t0, .Lrd_send
    add t0, s5, s6
    bge t0, s4, .Lrd_next           // no partner above
    add a1, s3, s6                  // a1 = from = rank + mask, wrapped (kept across __slot_get)
    blt a1, s4, .Lrd_from
    sub a1, a1, s4
.Lrd_from:
    mv a0, s0
    call __slot_get                 // a0 = &seq: the partial sum lies in the words before it
    slli t0, s2, 2
    sub t1, a0, t0                  // t1 = theirs
    mv t2, s1
    mv t3, s7
    srli t4, s2, 1
.Lrd_add:
    fld f8, 0(t2)
    fld f9, 0(t1)
    fadd.d f8, f8, f9
    fsd f8, 0(t3)
    addi t1, t1, 8
    addi t2, t2, 8
    addi t3, t3, 8
    addi t4, t4, -1
    bnez t4, .Lrd_add
    mv a0, s0                       // a1: still the sender
    call __slot_ack
    mv s1, s7
.Lrd_next:
    slli s6, s6, 1
    j .Lrd_loop
.Lrd_send:
    sub a1, s3, s6                  // to rank - mask, wrapped
    bgez a1, .Lrd_to
    add a1, a1, s4
.Lrd_to:
    mv a0, s0
    mv a2, s1
    mv a3, s2
    call __slot_put
.Lrd_done:
    lw ra, 0(sp)
    lw s0, 4(sp)
    lw s1, 8(sp)
    lw s2, 12(sp)
    lw s3, 16(sp)
    lw s4, 20(sp)
    lw s5, 24(sp)
    lw s6, 28(sp)
    lw s7, 32(sp)
    addi sp, sp, 160
    li a0, 0
    ret
.Lrd_slow:
    tail __mpi_Reduce_c
    .size PMPI_Reduce, . - PMPI_Reduce
