# hotspot: every node sends ROUNDS DATA messages of 16 words (by DMA, from its own table) to its own slice of
# node 0's memory, all at once, then one THREAD message to node 0 that counts it in. Node 0's ejection port is
# the bottleneck: messages queue up in the network, backpressure reaches the senders' injection queues, and
# the senders' threads block on the NIU until their flits can move. Node 0 waits for every node, checks all
# the data and prints the total.
#
#   bin/scmpas programs/mesh/hotspot.s -o /tmp/hotspot.o && bin/scmpld /tmp/hotspot.o -o /tmp/hotspot
#   bin/scmpsim --mesh 4x4 --stats - /tmp/hotspot    # hotspot: 16 nodes, 64 messages, sum 7687680: ok

    .equ ROUNDS, 4
    .equ WORDS, 16

    .text
    .globl _start
_start:
    rdsr s0, xdim
    rdsr t0, ydim
    mul s0, s0, t0              # nodes
    la s2, sender
    li s1, 1
1:  bge s1, s0, 2f              # start sender(i) on every other node
    sendh_r s1, THREAD, s2, 0
    sende s1
    addi s1, s1, 1
    j 1b
2:  li a0, 0                    # node 0 sends too, from another context
    sendh_r zero, THREAD, s2, 0
    sende a0
3:  la t0, arrived              # wait until every node has counted itself in
    lw t1, 0(t0)
    beq t1, s0, 4f
    suspend
    j 3b
4:  la t0, slices               # add up everything: node i's slice holds ROUNDS x WORDS words 1000 i + k
    li t1, ROUNDS * WORDS
    mul t1, t1, s0
    li s3, 0
5:  lw t2, 0(t0)
    add s3, s3, t2
    addi t0, t0, 4
    addi t1, t1, -1
    bnez t1, 5b
    # expected: sum over i < nodes, r < ROUNDS, k < WORDS of (1000 i + k)
    li s4, 0
    li t1, 0                    # i
6:  li t2, 1000
    mul t2, t2, t1
    slli t2, t2, 4              # x WORDS
    addi t2, t2, 120            # + 0 + 1 + ... + 15
    slli t2, t2, 2              # x ROUNDS
    add s4, s4, t2
    addi t1, t1, 1
    blt t1, s0, 6b
    bne s3, s4, bad
    la a0, msg1
    jal puts
    mv a0, s0
    jal putdec
    la a0, msg2
    jal puts
    li a0, ROUNDS
    mul a0, a0, s0
    jal putdec
    la a0, msg3
    jal puts
    mv a0, s3
    jal putdec
    la a0, msg4
    jal puts
    li a0, 0
    hcall exit
bad:
    la a0, msgbad
    jal puts
    li a0, 1
    hcall exit

# sender(a0 = i): fill a table with 1000 i + k, send it ROUNDS times to node 0, then count in
sender:
    mv s0, a0
    la s1, table
    li t1, 1000
    mul t1, t1, s0
    li t2, 0
1:  add t3, t1, t2
    slli t4, t2, 2
    add t4, t4, s1
    sw t3, 0(t4)
    addi t2, t2, 1
    li t5, WORDS
    blt t2, t5, 1b
    la s2, slices               # node 0's slice for i: slices + 4 i ROUNDS WORDS
    li t1, 4 * ROUNDS * WORDS
    mul t1, t1, s0
    add s2, s2, t1
    li s3, ROUNDS
    li s4, 0x10000 + WORDS      # stride 1 : WORDS words
2:  sendh_r zero, DATA, s2, 1
    sendme s1, s4
    addi s2, s2, 4 * WORDS
    addi s3, s3, -1
    bnez s3, 2b
    la t0, count                # count in: a THREAD message runs count() on node 0
    sendh_r zero, THREAD, t0, 0
    sende s0
    endt

# count(): arrived += 1 on node 0 (threads switch only at suspend, endt or a blocked send: no race)
count:
    la t0, arrived
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    endt

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

    .data
msg1:   .asciz "hotspot: "
msg2:   .asciz " nodes, "
msg3:   .asciz " messages, sum "
msg4:   .asciz ": ok\n"
msgbad: .asciz "hotspot: wrong data\n"
digits: .space 12
    .align 4
arrived: .word 0
table:  .space 4 * WORDS

    .bss
    .align 4
slices: .space 4 * ROUNDS * WORDS * 64
