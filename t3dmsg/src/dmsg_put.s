# void dmsg_put_strided(void *remote, int rstride, const void *local, int lstride, int words, int pe)
# (include/dmsg.h): one put request whose head carries the remote stride (sendh_rr, docs/t3d.md "The guest
# interface") and whose DMA block reads words words of stride lstride from local memory (sendme: the stride in
# the high half, the count in the low half). Non-blocking: the shell reads local later (dmsg_quiet).

    .text
    .globl dmsg_put_strided
dmsg_put_strided:
    blez a4, 1f
    sendh_rr a5, 1, a0, a1
    slli t0, a3, 16
    or t0, t0, a4
    sendme a2, t0
1:
    ret
