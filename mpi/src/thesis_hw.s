// Assembly of protocol family thesis-hw (p2p_thesis_hw.c, docs/mpi.md "Family thesis-hw"): the CTS message of
// the chip's hardware handshake, and the reading of SCMP_MPI_PROTOCOL that can choose the family.

// ---------------------------------------------------------------------------------------------------------
// void __mpi_hw_cts(int node, int desc, int count, int target, int stride, int done, int value)
// The hardware CTS (docs/timing.md section 3.5): node's NIU sends count words as its send descriptor at desc
// says, to target here (stride words apart), then writes value to its word done. 7 flits.
    .text
    .globl __mpi_hw_cts
    .type __mpi_hw_cts, @function
__mpi_hw_cts:
    sendh_r a0, CTS, a1, 0
    send2 a2, a3
    send2 a4, a5
    sende a6
    ret
    .size __mpi_hw_cts, . - __mpi_hw_cts

// ---------------------------------------------------------------------------------------------------------
// int __mpi_protocol_of(const char *p)
// SCMP_MPI_PROTOCOL's value as init.c's read_environment stores it in __mpi_protocol: "thesis" gives
// MPI_PROTO_THESIS (0); "thesis-hw" gives MPI_PROTO_THESIS too, and points __mpi_thesis_like at the family
// thesis-hw, which __mpi_state then chooses; anything else gives MPI_PROTO_OURS (1).
//
// Why it is written so: before the family thesis-hw existed, read_environment compiled to
//     la a1, "thesis"; call strcmp; bne a0, zero, 1f; li a0, 0; j 2f; 1: li a0, 1; 2: (store)
// and every run of the other families is held to the cycle (tests/golden/identity.tsv). This function is that
// sequence with libc's strcmp (clib/src/libc/strcmp.c at -O1) inlined instruction for instruction, its first
// iteration peeled, and each of strcmp's returns followed by the caller's choice before one ret: the same
// instructions in an order that costs the same cycles (no new stall; the ret's and the branch's bubbles
// trade places). "ours" (a first letter other than t) leaves by the peeled iteration, "thesis" by the loop's
// end of string, as before; only a name that agrees with "thesis" beyond its first letter reaches the new
// comparison with "-hw" (docs/mpi.md, "Starting a program").
    .globl __mpi_protocol_of
    .type __mpi_protocol_of, @function
__mpi_protocol_of:
    la a1, .Lpo_thesis
    mv t6, a0
    mv t7, a1
    mv t4, t6
    mv a0, t7
    mv t5, a0
    j .Lpo_first
.Lpo_first:                         // strcmp's first iteration
    lbu a0, 0(t4)
    beq a0, zero, .Lpo_end
    lbu t0, 0(t4)
    lbu a0, 0(t5)
    beq t0, a0, .Lpo_next
    lbu t0, 0(t4)                   // the first letters differ: strcmp's return value, then the choice
    lbu a0, 0(t5)
    sub a0, t0, a0
    bne a0, zero, .Lpo_ours
    li a0, 0
    j .Lpo_ret
.Lpo_next:                          // strcmp's loop
    addi t4, t4, 1
    addi t5, t5, 1
    mv a0, t5
    lbu a0, 0(t4)
    beq a0, zero, .Lpo_end
    lbu t0, 0(t4)
    lbu a0, 0(t5)
    beq t0, a0, .Lpo_next
    lbu a0, 0(t5)                   // a later letter differs: "thesis" followed by "-hw"?
    bnez a0, .Lpo_other
    la t5, .Lpo_hw
.Lpo_hwloop:
    lbu t0, 0(t4)
    lbu a0, 0(t5)
    bne t0, a0, .Lpo_other
    beqz t0, .Lpo_thesis_hw
    addi t4, t4, 1
    addi t5, t5, 1
    j .Lpo_hwloop
.Lpo_thesis_hw:
    la t0, __mpi_thesis_hw
    la t1, __mpi_thesis_like
    sw t0, 0(t1)
    li a0, 0
    ret
.Lpo_other:
    li a0, 1
    ret
.Lpo_end:                           // p ended: strcmp's return value, then the choice
    lbu t0, 0(t4)
    lbu a0, 0(t5)
    sub a0, t0, a0
    bne a0, zero, .Lpo_ours
    li a0, 0
    j .Lpo_ret
.Lpo_ours:
    li a0, 1
.Lpo_ret:
    ret
    .size __mpi_protocol_of, . - __mpi_protocol_of

    .section .rodata
.Lpo_thesis:
    .asciz "thesis"
.Lpo_hw:
    .asciz "-hw"
