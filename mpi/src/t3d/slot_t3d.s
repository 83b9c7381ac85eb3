# The protocol slot write of the T3D's collectives (coll_t3d.c, docs/mpi-t3d.md "Collectives"): one put of
# four words taken from registers, so the message is one packet that lands whole (docs/t3d.md) and the
# caller's stack may change at once (a put from memory reads its words later, after the return).

    .text

# void __t3d_put4(void *remote, int pe, int w0, int w1, int w2, int w3)
    .globl __t3d_put4
    .type __t3d_put4, @function
__t3d_put4:
    sendh_r a1, 1, a0, 1
    send2 a2, a3
    send2e a4, a5
    ret
