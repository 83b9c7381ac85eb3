# libscmp: threads, node identity and the small handlers that THREAD messages start (docs/libscmp.md).
#
# Threads are scheduled cooperatively (docs/timing.md section 2): a thread keeps the core until it runs
# suspend or endt, or blocks on a network instruction. Everything that waits in libscmp therefore loops
# on suspendThread(), which lets the threads that incoming THREAD messages started run in between.
#
# The handlers at the end run as threads of their own: a THREAD message loads its data words into a0..
# and sets sp to the context's stack top and ra to __thread_exit (docs/abi.md "Program start"). They end
# with endt themselves, so they never depend on ra.

    .text

# void suspendThread(void)         (thesis; also __scmp_suspend)
# Gives up the core: the next ready thread runs, this one continues at the back of the ready queue (at
# once if no other thread is ready).
    .globl suspendThread
    .globl __scmp_suspend
    .type suspendThread, @function
    .type __scmp_suspend, @function
suspendThread:
__scmp_suspend:
    suspend
    ret
    .size suspendThread, . - suspendThread
    .size __scmp_suspend, . - __scmp_suspend

# void endThread(void)             (also __scmp_endt): ends the calling thread and frees its context.
# Never returns. Ending the last thread of the last busy node ends the run with exit status 0.
    .globl endThread
    .globl __scmp_endt
    .type endThread, @function
    .type __scmp_endt, @function
endThread:
__scmp_endt:
    endt
    .size endThread, . - endThread
    .size __scmp_endt, . - __scmp_endt

# int getNodeId(void): this node's number, y * getXDim() + x.
    .globl getNodeId
    .type getNodeId, @function
getNodeId:
    rdsr a0, nodeid
    ret
    .size getNodeId, . - getNodeId

# int getXDim(void): the mesh's width in nodes.
    .globl getXDim
    .type getXDim, @function
getXDim:
    rdsr a0, xdim
    ret
    .size getXDim, . - getXDim

# int getYDim(void): the mesh's height in nodes.
    .globl getYDim
    .type getYDim, @function
getYDim:
    rdsr a0, ydim
    ret
    .size getYDim, . - getYDim

# unsigned __scmp_niustat(void): the NIU status bits of docs/isa.md (special register niustat):
# bit 0 the DMA engine is still reading a sendm/sendme block, bit 1 the injection queue holds flits,
# bit 2 a message is open.
    .globl __scmp_niustat
    .type __scmp_niustat, @function
__scmp_niustat:
    rdsr a0, niustat
    ret
    .size __scmp_niustat, . - __scmp_niustat

# ---------------------------------------------------------------------------------------------------
# Handlers started by THREAD messages.

# __scmp_add_handler(int *p, int delta): *p += delta, then end. Started by sendAddIntValue, signalCount
# and parExecute's completion message. Cooperative scheduling makes the read-modify-write atomic: no other
# thread of this node can run between the load and the store.
    .globl __scmp_add_handler
    .type __scmp_add_handler, @function
__scmp_add_handler:
    lw t0, 0(a0)
    add t0, t0, a1
    sw t0, 0(a0)
    endt
    .size __scmp_add_handler, . - __scmp_add_handler

# __scmp_pe_entry(w0, w1, w2, w3, w4, addr, counter, origin): parExecute's thread on a remote node.
# Runs addr(w0..w4), then sends the THREAD message that adds 1 to *counter on the origin node (head,
# address, counter, 1: four flits) and ends. counter is an address on the origin node (parExecute's
# local variable); it is only carried here, never dereferenced on this node. s0 and s1 survive the call
# (callee-saved), and nothing above this frame needs them preserved.
    .globl __scmp_pe_entry
    .type __scmp_pe_entry, @function
__scmp_pe_entry:
    mv s0, a6
    mv s1, a7
    callr a5
    la t0, __scmp_add_handler
    li t1, 1
    sendh_r s1, THREAD, t0, 0
    send2e s0, t1
    endt
    .size __scmp_pe_entry, . - __scmp_pe_entry

# __scmp_ct_entry(w0, w1, w2, w3, w4, addr, callback, origin): createThread's thread when a callback is
# given. Runs addr(w0..w4), then starts callback(result, node) on the origin node, where result is what
# addr left in a0 (its return value, if it returns an int-class value) and node is this node's number
# (head, address, two data flits), and ends.
    .globl __scmp_ct_entry
    .type __scmp_ct_entry, @function
__scmp_ct_entry:
    mv s0, a6
    mv s1, a7
    callr a5
    rdsr t0, nodeid
    sendh_r s1, THREAD, s0, 0
    send2e a0, t0
    endt
    .size __scmp_ct_entry, . - __scmp_ct_entry
