# fanout: node 0 starts a worker on every node of the mesh (itself included) with a THREAD message; each
# worker computes four words and answers with ONE DATA message whose stride writes them as a column of node
# 0's result matrix (a transposition by the network, as the thesis describes); node 0 waits for every answer,
# checks it, and prints one line. Works on any mesh up to 8x8 (64 nodes).
#
#   bin/scmpas programs/mesh/fanout.s -o /tmp/fanout.o && bin/scmpld /tmp/fanout.o -o /tmp/fanout
#   bin/scmpsim --mesh 4x4 /tmp/fanout       # fanout: 16 nodes answered, checksum 0x00010a08: ok
#   bin/scmpsim --mesh 8x8 /tmp/fanout       # fanout: 64 nodes answered, checksum 0x00062020: ok
#
# Worker i (a0 = i) computes w0 = i + 1, w1 = (i + 1)^2, w2 = 1 + 2 + ... + (i + 1), w3 = 0x1000 + i, stores
# them in a local array and sends them by DMA (sendme, source stride 1) to node 0 at result + 4 i with a
# destination stride of MAXN words: row k of the 4 x MAXN result matrix receives w_k. w3 is never 0, so node 0
# knows that worker i has answered once result[3][i] is not 0.

    .equ MAXN, 64

    .text
    .globl _start
_start:
    rdsr s0, xdim
    rdsr t0, ydim
    mul s0, s0, t0              # s0 = nodes
    la s2, worker
    li s1, 0
1:  sendh_r s1, THREAD, s2, 0   # start worker s1 on node s1, a0 = s1
    sende s1
    addi s1, s1, 1
    blt s1, s0, 1b

    # wait for every answer: result[3][i] != 0 for i < nodes (suspend lets node 0's own worker run)
    la s3, result + 3 * 4 * MAXN
    li s1, 0
2:  slli t1, s1, 2
    add t1, t1, s3
3:  lw t2, 0(t1)
    bnez t2, 4f
    suspend
    j 3b
4:  addi s1, s1, 1
    blt s1, s0, 2b

    # check every column against the same formulas, and add everything up
    la s3, result
    li s1, 0
    li s4, 0                    # checksum
5:  slli t1, s1, 2
    add t1, t1, s3              # &result[0][i]
    addi t3, s1, 1              # i + 1
    lw t2, 0(t1)
    bne t2, t3, bad
    add s4, s4, t2
    mul t4, t3, t3
    lw t2, 4 * MAXN(t1)
    bne t2, t4, bad
    add s4, s4, t2
    mul t4, t3, t3              # 1 + ... + n = (n^2 + n) / 2
    add t4, t4, t3
    srli t4, t4, 1
    lw t2, 2 * 4 * MAXN(t1)
    bne t2, t4, bad
    add s4, s4, t2
    li t4, 0x1000
    add t4, t4, s1
    lw t2, 3 * 4 * MAXN(t1)
    bne t2, t4, bad
    add s4, s4, t2
    addi s1, s1, 1
    blt s1, s0, 5b

    # "fanout: N nodes answered, checksum 0xXXXXXXXX: ok\n"
    la a0, line_head
    jal puts
    mv a0, s0
    jal putdec
    la a0, line_mid
    jal puts
    mv a0, s4
    jal puthex
    la a0, line_ok
    jal puts
    li a0, 0
    hcall exit

bad:                            # s1 = the first column that is wrong
    la a0, line_bad
    jal puts
    mv a0, s1
    jal putdec
    la a0, line_nl
    jal puts
    li a0, 1
    hcall exit

# worker(a0 = i): compute, store the four words on the stack, send them to node 0 as column i
worker:
    addi sp, sp, -16
    addi t0, a0, 1              # i + 1
    sw t0, 0(sp)
    mul t1, t0, t0
    sw t1, 4(sp)
    li t1, 0                    # 1 + 2 + ... + (i + 1), by a loop
    mv t2, t0
1:  add t1, t1, t2
    addi t2, t2, -1
    bnez t2, 1b
    sw t1, 8(sp)
    li t1, 0x1000
    add t1, t1, a0
    sw t1, 12(sp)
    la t3, result
    slli t4, a0, 2
    add t3, t3, t4              # &result[0][i] on node 0
    li t5, MAXN
    li t6, 0x10004              # source stride 1 word : 4 words
    sendh_rr zero, DATA, t3, t5
    sendme sp, t6
    # the DMA engine reads the stack after the thread has moved on: wait until it is done (niustat bit 0)
2:  rdsr t0, niustat
    andi t0, t0, 1
    beqz t0, 3f
    suspend
    j 2b
3:  addi sp, sp, 16
    endt

# puts(a0 = NUL-terminated string) on stdout
puts:
    mv t0, a0
    li t1, 0
1:  add t2, t0, t1
    lbu t2, 0(t2)
    beqz t2, 2f
    addi t1, t1, 1
    j 1b
2:  mv a1, t0
    mv a2, t1
    li a0, 1
    hcall write
    ret

# putdec(a0 = unsigned value) on stdout, in decimal
putdec:
    la t0, digits + 11
    li t1, 10
1:  remu t2, a0, t1
    divu a0, a0, t1
    addi t2, t2, '0'
    addi t0, t0, -1
    sb t2, 0(t0)
    bnez a0, 1b
    la t3, digits + 11
    sub a2, t3, t0
    mv a1, t0
    li a0, 1
    hcall write
    ret

# puthex(a0 = value) on stdout: 0x and eight hexadecimal digits
puthex:
    la t0, digits
    li t1, '0'
    sb t1, 0(t0)
    li t1, 'x'
    sb t1, 1(t0)
    li t2, 28
1:  srl t3, a0, t2
    andi t3, t3, 15
    la t4, hexdigits
    add t4, t4, t3
    lbu t3, 0(t4)
    addi t0, t0, 1
    sb t3, 1(t0)
    addi t2, t2, -4
    bgez t2, 1b
    la a1, digits
    li a2, 10
    li a0, 1
    hcall write
    ret

    .data
line_head: .asciz "fanout: "
line_mid:  .asciz " nodes answered, checksum "
line_ok:   .asciz ": ok\n"
line_bad:  .asciz "fanout: wrong answer in column "
line_nl:   .asciz "\n"
hexdigits: .ascii "0123456789abcdef"
digits:    .space 12

    .bss
    .align 4
result:    .space 4 * 4 * MAXN
