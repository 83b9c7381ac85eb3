# libscmp: C-callable network primitives (docs/libscmp.md, docs/isa.md "network instructions").
#
# The network instructions build a message flit by flit: a head (sendh_*: head + address flit), then data
# (send2, sendm, ...), and the message ends with the flit that carries the tail bit (sende, send2e, sendme).
# From the head to the tail the node's NIU belongs to the sending thread; another thread that tries to send
# meanwhile blocks in hardware until the tail has been queued (docs/timing.md section 3.1). Threads switch
# only at suspend, endt or a blocking network instruction, never in the middle of these functions by any
# other means, so a message built by ONE of the functions below is never mixed with another thread's.
#
# Two kinds of functions live here:
#   * whole messages in one call (the fast path every library function uses): __scmp_thread1..6,
#     __scmp_send_thread, __scmp_sendblock, sendDataIntValue, sendDataFloatValue, sendAddIntValue;
#   * one wrapper per instruction (__scmp_sendh_thread, __scmp_sendh_data, __scmp_send2, __scmp_sende,
#     __scmp_send2e, __scmp_sendm, __scmp_sendme) for building unusual messages from C. A message built
#     with these stays open across function calls: the caller must not suspend (or call anything that
#     might) between the head and the tail, and must end every message it starts.
#
# Every function follows docs/abi.md: arguments in a0..a7 (doubles in fa0), only caller-saved registers
# (t0..t7, at) are clobbered, no stack is used. Addresses sent in THREAD messages are loaded with `la`
# (sendh_r) rather than encoded in sendh_i, whose 17-bit immediate would limit the library to programs
# whose text ends below 128 KiB.

    .text

# ---------------------------------------------------------------------------------------------------
# One wrapper per instruction.

# void __scmp_sendh_thread(int node, void (*pc)())
# Starts a THREAD message to `node` that will run `pc` there (the stride of a THREAD head is ignored).
    .globl __scmp_sendh_thread
    .type __scmp_sendh_thread, @function
__scmp_sendh_thread:
    sendh_r a0, THREAD, a1, 0
    ret
    .size __scmp_sendh_thread, . - __scmp_sendh_thread

# void __scmp_sendh_data(int node, void *addr, int stride)
# Starts a DATA message to `node`: its data words land at addr, addr + 4*stride, ... (stride in words,
# signed 16 bits). sendh_rr takes the stride from a register, unlike sendh_r's 12-bit immediate.
    .globl __scmp_sendh_data
    .type __scmp_sendh_data, @function
__scmp_sendh_data:
    sendh_rr a0, DATA, a1, a2
    ret
    .size __scmp_sendh_data, . - __scmp_sendh_data

# void __scmp_send2(int w0, int w1): two data flits.
    .globl __scmp_send2
    .type __scmp_send2, @function
__scmp_send2:
    send2 a0, a1
    ret
    .size __scmp_send2, . - __scmp_send2

# void __scmp_sende(int w): one data flit with the tail bit, ending the message.
    .globl __scmp_sende
    .type __scmp_sende, @function
__scmp_sende:
    sende a0
    ret
    .size __scmp_sende, . - __scmp_sende

# void __scmp_send2e(int w0, int w1): two data flits, the second ends the message.
    .globl __scmp_send2e
    .type __scmp_send2e, @function
__scmp_send2e:
    send2e a0, a1
    ret
    .size __scmp_send2e, . - __scmp_send2e

# void __scmp_sendm(const void *addr, unsigned stridecount)
# The NIU's DMA engine appends words read from memory: stridecount = stride (upper 16 bits, signed, words)
# : count (lower 16 bits). The thread runs on while the engine reads; the memory must not change until
# it has finished (__scmp_niustat bit 0).
    .globl __scmp_sendm
    .type __scmp_sendm, @function
__scmp_sendm:
    sendm a0, a1
    ret
    .size __scmp_sendm, . - __scmp_sendm

# void __scmp_sendme(const void *addr, unsigned stridecount): as __scmp_sendm, the last word ends the
# message. A count of 0 is a guest fault (nothing could carry the tail).
    .globl __scmp_sendme
    .type __scmp_sendme, @function
__scmp_sendme:
    sendme a0, a1
    ret
    .size __scmp_sendme, . - __scmp_sendme

# ---------------------------------------------------------------------------------------------------
# Whole THREAD messages. A THREAD message needs at least one data flit (only a data flit can carry the
# tail), and its data flits load a0, a1, ... of the new thread: __scmp_threadK(node, pc, w0..wK-1) starts
# pc(w0, ..., wK-1) on `node`. Head + address + K data flits; the words arrive in a2..a7 here, so they
# go out without touching memory.

    .globl __scmp_thread1
    .type __scmp_thread1, @function
__scmp_thread1:
    sendh_r a0, THREAD, a1, 0
    sende a2
    ret
    .size __scmp_thread1, . - __scmp_thread1

    .globl __scmp_thread2
    .type __scmp_thread2, @function
__scmp_thread2:
    sendh_r a0, THREAD, a1, 0
    send2e a2, a3
    ret
    .size __scmp_thread2, . - __scmp_thread2

    .globl __scmp_thread3
    .type __scmp_thread3, @function
__scmp_thread3:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    sende a4
    ret
    .size __scmp_thread3, . - __scmp_thread3

    .globl __scmp_thread4
    .type __scmp_thread4, @function
__scmp_thread4:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    send2e a4, a5
    ret
    .size __scmp_thread4, . - __scmp_thread4

    .globl __scmp_thread5
    .type __scmp_thread5, @function
__scmp_thread5:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    send2 a4, a5
    sende a6
    ret
    .size __scmp_thread5, . - __scmp_thread5

    .globl __scmp_thread6
    .type __scmp_thread6, @function
__scmp_thread6:
    sendh_r a0, THREAD, a1, 0
    send2 a2, a3
    send2 a4, a5
    send2e a6, a7
    ret
    .size __scmp_thread6, . - __scmp_thread6

# void __scmp_send_thread(int node, void (*pc)(), const int *words, int n)
# One THREAD message whose n data words (1..24, loaded into a0.. of the new thread) come from memory.
# The words are loaded by the core and sent with send2/send2e/sende rather than by DMA, so the caller
# may reuse `words` as soon as this returns. n <= 0 sends the one word 0 (a message needs a data flit);
# n > 24 is the receiving NIU's guest fault, as the hardware defines it.
    .globl __scmp_send_thread
    .type __scmp_send_thread, @function
__scmp_send_thread:
    sendh_r a0, THREAD, a1, 0
    blez a3, .Lst_empty
.Lst_loop:
    addi t0, a3, -2             # words left after the next pair
    blez t0, .Lst_last          # 1 or 2 words left: they end the message
    lw t1, 0(a2)
    lw t2, 4(a2)
    send2 t1, t2
    addi a2, a2, 8
    mv a3, t0
    b .Lst_loop
.Lst_last:
    bnez t0, .Lst_one           # t0 = -1: one word left
    lw t1, 0(a2)
    lw t2, 4(a2)
    send2e t1, t2
    ret
.Lst_one:
    lw t1, 0(a2)
    sende t1
    ret
.Lst_empty:
    sende zero
    ret
    .size __scmp_send_thread, . - __scmp_send_thread

# ---------------------------------------------------------------------------------------------------
# Whole DATA messages.

# void __scmp_sendblock(int node, int *dst, int dst_stride, const int *src, int src_stride, unsigned count)
# One DATA message of `count` words (1..65535) read by DMA from src, src + 4*src_stride, ... and written
# at dst, dst + 4*dst_stride, ... on `node`; both strides in words, -32768..32767 (the callers check).
# Returns as soon as sendme has issued: the DMA engine is still reading src.
    .globl __scmp_sendblock
    .type __scmp_sendblock, @function
__scmp_sendblock:
    sendh_rr a0, DATA, a1, a2
    slli t0, a4, 16             # stride in the upper half
    andi t1, a5, 0xffff         # count in the lower half
    or t0, t0, t1
    sendme a3, t0
    ret
    .size __scmp_sendblock, . - __scmp_sendblock

# void sendDataIntValue(int dst_node, int *dst_addr, int value)      (thesis Table 2.3)
# One DATA message of three flits: head, address, the value with the tail bit.
    .globl sendDataIntValue
    .type sendDataIntValue, @function
sendDataIntValue:
    sendh_r a0, DATA, a1, 1
    sende a2
    ret
    .size sendDataIntValue, . - sendDataIntValue

# void sendDataFloatValue(int dst_node, double *dst_addr, double value)      (thesis Table 2.3)
# One DATA message of four flits: head, address, the double's low word then its high word (little-endian
# memory order, stride 1). Both halves travel in one message and the receiving NIU writes a message's words
# in order, so a reader that has seen the high word change also sees the new low word.
    .globl sendDataFloatValue
    .type sendDataFloatValue, @function
sendDataFloatValue:
    fmv.x.lo t0, fa0
    fmv.x.hi t1, fa0
    sendh_r a0, DATA, a1, 1
    send2e t0, t1
    ret
    .size sendDataFloatValue, . - sendDataFloatValue

# void sendAddIntValue(int dst_node, volatile int *dst_addr, int delta)
# A THREAD message of four flits that runs __scmp_add_handler(dst_addr, delta) on dst_node: *dst_addr +=
# delta there. Unlike a DATA write, concurrent additions from many nodes never overwrite each other, which
# is what completion counters need (waitCount).
    .globl sendAddIntValue
    .type sendAddIntValue, @function
sendAddIntValue:
    la t0, __scmp_add_handler
    sendh_r a0, THREAD, t0, 0
    send2e a1, a2
    ret
    .size sendAddIntValue, . - sendAddIntValue

# void signalCount(int dst_node, volatile int *counter): sendAddIntValue(dst_node, counter, 1).
    .globl signalCount
    .type signalCount, @function
signalCount:
    la t0, __scmp_add_handler
    li t1, 1
    sendh_r a0, THREAD, t0, 0
    send2e a1, t1
    ret
    .size signalCount, . - signalCount
