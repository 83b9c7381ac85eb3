# libscmp: the functions of thesis Tables 2.2 and 2.3 that build messages, and the waits
# (docs/libscmp.md). They are written in assembly so that a call costs a few cycles more than the network
# instructions it executes (the thesis: "The C commands, however, are designed to be very efficient");
# the rare cases (blocks of more than 65535 words or with strides beyond 16 bits, getBlock from this node
# itself, varargs at the top of a stack) go to C functions in sendDataBlock.c and getBlock.c.
#
# Message sequences:
#   createThread, callback == 0: THREAD to dst_node, pc = addr, data w0..w4 (7 flits).
#   createThread with callback: THREAD to dst_node, pc = __scmp_ct_entry, data w0..w4, addr, callback,
#     this node (10 flits); __scmp_ct_entry (thread.s) runs addr and starts callback(result, node) here.
#   parExecute: per other node i < num_nodes, THREAD to i, pc = __scmp_pe_entry, data w0..w4, addr,
#     &done, this node (10 flits); then addr(w0..w4) here, then a wait (suspending) until `done` has
#     counted every remote call: __scmp_pe_entry adds 1 to it with a 4-flit THREAD message when addr has
#     returned there.
#   getBlock: THREAD to node_id, pc = __scmp_getblock_serve, data this node, dst_addr, dst_stride,
#     src_addr, src_offset, src_stride, num_words, &done (10 flits); the server sends the block (sendh_rr +
#     sendme) and then a DATA message writing 1 into `done`, whose head waits until the DMA engine has read
#     the block; the caller waits (suspending) until done is 1.
#   sendDataBlock(NB): DATA to dst_node, sendh_rr + sendme (2 + count flits).
#
# The word arguments (w0..w4) of createThread and parExecute are the first SCMP_THREAD_ARGS = 5 words of
# the variadic area, which docs/abi.md puts on the stack at 0(sp) of the call. The callee cannot know how
# many were passed, so five are always sent; words at or above the calling thread's stack top are sent as 0
# instead of being read (just above a context's stack lies the guard of the next one, where a load
# faults): see __scmp_va5.
#
# Register use follows docs/abi.md; the functions that wait suspend in a loop (suspend), so that the threads
# that incoming messages start can run meanwhile.

    .text

# Internal: t0..t4 = the five words at t6, t6+4, ..., t6+16, each 0 if it lies at or above the running
# thread's stack top. Called with jal (clobbers ra); uses t5 and at; keeps t6, t7 and a0..a7.
# The stack size per context S (docs/abi.md: heapend = memsize - 4 KiB - nctx * S) needs a division, so it
# is computed once per node and kept in __scmp_stack_size (each node has its own memory).
    .type __scmp_va5, @function
__scmp_va5:
    la at, __scmp_stack_size
    lw t5, 0(at)
    rdsr t0, memsize
    beqz t5, .Lva_size
.Lva_have:
    rdsr t1, tid
    addi t0, t0, -4096          # top of context 0's stack
    mul t1, t1, t5
    sub t5, t0, t1              # this thread's stack top
    addi t0, t6, 20
    bgtu t0, t5, .Lva_clamp
    lw t0, 0(t6)
    lw t1, 4(t6)
    lw t2, 8(t6)
    lw t3, 12(t6)
    lw t4, 16(t6)
    ret
.Lva_size:
    rdsr t1, heapend
    rdsr t2, nctx
    addi t3, t0, -4096
    sub t1, t3, t1              # nctx * S
    divu t5, t1, t2
    sw t5, 0(at)
    b .Lva_have
.Lva_clamp:
    mv t0, zero
    mv t1, zero
    mv t2, zero
    mv t3, zero
    mv t4, zero
    addi at, t6, 4
    bgtu at, t5, .Lva_done
    lw t0, 0(t6)
    addi at, t6, 8
    bgtu at, t5, .Lva_done
    lw t1, 4(t6)
    addi at, t6, 12
    bgtu at, t5, .Lva_done
    lw t2, 8(t6)
    addi at, t6, 16
    bgtu at, t5, .Lva_done
    lw t3, 12(t6)
.Lva_done:
    ret
    .size __scmp_va5, . - __scmp_va5

    .bss
    .align 4
    .globl __scmp_stack_size
__scmp_stack_size:
    .space 4
    .text

# unsigned __scmp_stack_top(void): one past the highest byte of the running thread's stack,
# memsize - 4 KiB - tid * S.
    .globl __scmp_stack_top
    .type __scmp_stack_top, @function
__scmp_stack_top:
    mv t7, ra
    mv t6, sp
    jal __scmp_va5
    mv ra, t7
    mv a0, t5
    ret
    .size __scmp_stack_top, . - __scmp_stack_top

# void createThread(int dst_node, void (*addr)(), void (*callback)(), ...)        (thesis Table 2.2)
    .globl createThread
    .type createThread, @function
createThread:
    mv t7, ra
    mv t6, sp
    jal __scmp_va5
    mv ra, t7
    bnez a2, .Lct_callback
    sendh_r a0, THREAD, a1, 0
    send2 t0, t1
    send2 t2, t3
    sende t4
    ret
.Lct_callback:
    la t5, __scmp_ct_entry
    rdsr t6, nodeid
    sendh_r a0, THREAD, t5, 0
    send2 t0, t1
    send2 t2, t3
    send2 t4, a1
    send2e a2, t6
    ret
    .size createThread, . - createThread

# void parExecute(int num_nodes, void (*addr)(), ...)        (thesis Table 2.2)
# Frame (40 bytes): w0..w4 at 0..16(sp) for the local call, done at 24(sp), s1, s0, ra at 28, 32, 36.
# During the sending loop w0..w4 stay in t0..t4 (the loop calls nothing), s0 counts the remote calls and
# s1 is the node number i.
    .globl parExecute
    .type parExecute, @function
parExecute:
    mv t7, ra
    mv t6, sp
    jal __scmp_va5
    mv ra, t7
    addi sp, sp, -40
    sw ra, 36(sp)
    sw s0, 32(sp)
    sw s1, 28(sp)
    sw zero, 24(sp)
    sw t0, 0(sp)
    sw t1, 4(sp)
    sw t2, 8(sp)
    sw t3, 12(sp)
    sw t4, 16(sp)
    rdsr t5, nodeid
    la t6, __scmp_pe_entry
    addi t7, sp, 24             # &done
    li s0, 0
    li s1, 0
.Lpe_loop:
    bge s1, a0, .Lpe_sent
    beq s1, t5, .Lpe_next
    sendh_r s1, THREAD, t6, 0
    send2 t0, t1
    send2 t2, t3
    send2 t4, a1
    send2e t7, t5
    addi s0, s0, 1
.Lpe_next:
    addi s1, s1, 1
    b .Lpe_loop
.Lpe_sent:
    bge t5, a0, .Lpe_wait       # this node is not one of the num_nodes
    mv t6, a1
    lw a0, 0(sp)
    lw a1, 4(sp)
    lw a2, 8(sp)
    lw a3, 12(sp)
    lw a4, 16(sp)
    callr t6
.Lpe_wait:
    lw t0, 24(sp)
    bge t0, s0, .Lpe_done
    suspend
    b .Lpe_wait
.Lpe_done:
    lw s1, 28(sp)
    lw s0, 32(sp)
    lw ra, 36(sp)
    addi sp, sp, 40
    ret
    .size parExecute, . - parExecute

# void getBlock(unsigned node_id, char *dst_addr, unsigned dst_stride, char **src_addr,
#               unsigned src_offset, unsigned src_stride, unsigned num_words)        (thesis Table 2.2)
# `done` is a word of this thread's stack, written by the data's node.
    .globl getBlock
    .type getBlock, @function
getBlock:
    beqz a6, .Lgb_return
    rdsr t0, nodeid
    bne a0, t0, .Lgb_remote
    tail __scmp_getblock_local  # from this node itself: a copy by the core
.Lgb_remote:
    addi sp, sp, -8
    sw zero, 0(sp)
    la t1, __scmp_getblock_serve
    sendh_r a0, THREAD, t1, 0
    send2 t0, a1
    send2 a2, a3
    send2 a4, a5
    send2e a6, sp
.Lgb_wait:
    lw t1, 0(sp)
    bnez t1, .Lgb_done
    suspend
    b .Lgb_wait
.Lgb_done:
    addi sp, sp, 8
.Lgb_return:
    ret
    .size getBlock, . - getBlock

# __scmp_getblock_serve(requester, dst, dst_stride, src_addr, src_offset, src_stride, num_words, done):
# getBlock's thread on the data's node. Sends the block from *src_addr + src_offset words, then 1 into
# `done` on the requester, and ends.
    .globl __scmp_getblock_serve
    .type __scmp_getblock_serve, @function
__scmp_getblock_serve:
    lw t0, 0(a3)
    slli t1, a4, 2
    add t0, t0, t1              # the first source word
    addi t2, a6, -1
    li t3, 65535
    bgeu t2, t3, .Lgs_general   # num_words > 65535 (0 never comes here)
    slli t2, a2, 16
    srai t2, t2, 16
    bne t2, a2, .Lgs_general    # dst_stride beyond 16 bits
    slli t2, a5, 16
    srai t2, t2, 16
    bne t2, a5, .Lgs_general    # src_stride beyond 16 bits
    sendh_rr a0, DATA, a1, a2
    slli t2, a5, 16
    andi t3, a6, 0xffff
    or t2, t2, t3
    sendme t0, t2
.Lgs_flag:
    li t1, 1
    sendh_r a0, DATA, a7, 1     # waits until the DMA engine has read the block
    sende t1
    endt
.Lgs_general:
    mv s0, a0                   # a thread's first frame: s0, s1 need no saving (it ends with endt)
    mv s1, a7
    mv a3, t0
    mv a4, a5
    mv a5, a6
    call __scmp_sendblocks
    mv a0, s0
    mv a7, s1
    b .Lgs_flag
    .size __scmp_getblock_serve, . - __scmp_getblock_serve

# void sendDataBlockNB(int dst_node, int *dst_addr, int dst_stride, int *src_addr, int src_stride,
#                      int count)        (thesis Table 2.3)
# One DATA message when count is 1..65535 and both strides fit 16 bits (signed); otherwise
# __scmp_sendblocks. Returns when sendme has issued, the DMA engine still reading.
    .globl sendDataBlockNB
    .type sendDataBlockNB, @function
sendDataBlockNB:
    addi t0, a5, -1
    li t1, 65535
    bgeu t0, t1, .Lnb_general
    slli t0, a2, 16
    srai t0, t0, 16
    bne t0, a2, .Lnb_general
    slli t0, a4, 16
    srai t0, t0, 16
    bne t0, a4, .Lnb_general
    sendh_rr a0, DATA, a1, a2
    slli t0, a4, 16
    andi t1, a5, 0xffff
    or t0, t0, t1
    sendme a3, t0
    ret
.Lnb_general:
    tail __scmp_sendblocks
    .size sendDataBlockNB, . - sendDataBlockNB

# void sendDataBlock(...same parameters...)        (thesis Table 2.3)
# sendDataBlockNB, then waits (suspending) until the DMA engine has read the block.
    .globl sendDataBlock
    .type sendDataBlock, @function
sendDataBlock:
    addi t0, a5, -1
    li t1, 65535
    bgeu t0, t1, .Lsb_general
    slli t0, a2, 16
    srai t0, t0, 16
    bne t0, a2, .Lsb_general
    slli t0, a4, 16
    srai t0, t0, 16
    bne t0, a4, .Lsb_general
    sendh_rr a0, DATA, a1, a2
    slli t0, a4, 16
    andi t1, a5, 0xffff
    or t0, t0, t1
    sendme a3, t0
    tail waitDataBlock
.Lsb_general:
    addi sp, sp, -8
    sw ra, 4(sp)
    call __scmp_sendblocks
    lw ra, 4(sp)
    addi sp, sp, 8
    tail waitDataBlock
    .size sendDataBlock, . - sendDataBlock

# void waitDataBlock(void): waits until this node's DMA engine has finished reading (niustat bit 0).
    .globl waitDataBlock
    .type waitDataBlock, @function
waitDataBlock:
    rdsr t0, niustat
    andi t0, t0, 1
    beqz t0, .Lwd_done
    suspend
    b waitDataBlock
.Lwd_done:
    ret
    .size waitDataBlock, . - waitDataBlock

# void waitFlag(volatile int *flag, int value): until *flag == value.
    .globl waitFlag
    .type waitFlag, @function
waitFlag:
    lw t0, 0(a0)
    beq t0, a1, .Lwf_done
    suspend
    b waitFlag
.Lwf_done:
    ret
    .size waitFlag, . - waitFlag

# int waitFlagChange(volatile int *flag, int old_value): until *flag != old_value; returns *flag.
    .globl waitFlagChange
    .type waitFlagChange, @function
waitFlagChange:
    lw t0, 0(a0)
    bne t0, a1, .Lwc_done
    suspend
    b waitFlagChange
.Lwc_done:
    mv a0, t0
    ret
    .size waitFlagChange, . - waitFlagChange

# void waitCount(volatile int *counter, int target): until *counter >= target (signed).
    .globl waitCount
    .type waitCount, @function
waitCount:
    lw t0, 0(a0)
    bge t0, a1, .Lwn_done
    suspend
    b waitCount
.Lwn_done:
    ret
    .size waitCount, . - waitCount
