# libhal's access to the SP switch adapter (docs/sp.md, "The guest interface"): one function per adapter
# operation. The head's type field selects it: 1 send, 2 receive ring, 3 free slots, 4 interrupt handler,
# 5 interrupt return, 6 wait (mask 1: sends read, 2: a packet in the ring), 7 start a thread.

    .text

    .globl hal_my_node
hal_my_node:
    rdsr a0, nodeid
    ret

    .globl hal_nodes
hal_nodes:
    rdsr a0, xdim
    ret

    .globl hal_status
hal_status:
    rdsr a0, niustat
    ret

# void __hal_ring(void *ring, int slots)
    .globl __hal_ring
__hal_ring:
    sendh_r zero, 2, a0, 0
    sende a1
    ret

# void __hal_send(int node, int user, const void *buf, int words): one packet, its words read by the DMA
# (stride 1 in the upper half of sendme's second operand).
    .globl __hal_send
__hal_send:
    sendh_r a0, 1, a1, 0
    lui t0, 1
    or t0, t0, a3
    sendme a2, t0
    ret

# void __hal_free(int slots)
    .globl __hal_free
__hal_free:
    sendh_r zero, 3, a0, 0
    ret

# void __hal_wait(int mask)
    .globl __hal_wait
__hal_wait:
    sendh_r zero, 6, a0, 0
    ret

# void __hal_handler(void (*entry)(int)): 0 is polling mode
    .globl __hal_handler
__hal_handler:
    sendh_r zero, 4, a0, 0
    ret

# void __hal_return(void)
    .globl __hal_return
__hal_return:
    sendh_i zero, 5, 0
    ret

# void hal_thread(void (*entry)(int switch_cycles))
    .globl hal_thread
hal_thread:
    sendh_r zero, 7, a0, 0
    ret

# void hal_yield(void)
    .globl hal_yield
hal_yield:
    suspend
    ret
