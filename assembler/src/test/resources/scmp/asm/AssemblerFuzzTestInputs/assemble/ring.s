# ring: a THREAD message travels once around every node of the mesh: node 0 starts hop() on node 1, which
# prints its number and starts hop() on node 2, and so on; the last node starts done() on node 0, which prints
# the end of the line and exits. Host calls of many nodes, in cycle order.
#
#   bin/scmpas programs/mesh/ring.s -o /tmp/ring.o && bin/scmpld /tmp/ring.o -o /tmp/ring
#   bin/scmpsim --mesh 4x4 /tmp/ring         # ring: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 done

    .text
    .globl _start
_start:
    la a0, head
    li a1, 6
    jal print
    li a0, 0
hop:                            # a0 = this node's number (node 0 falls through from _start)
    mv s0, a0
    jal putdec
    rdsr t0, xdim
    rdsr t1, ydim
    mul t0, t0, t1
    addi s1, s0, 1
    bge s1, t0, 1f
    la t2, hop                  # start hop(s0 + 1) on node s0 + 1
    sendh_r s1, THREAD, t2, 0
    sende s1
    endt
1:  la t2, done                 # the last node: done() on node 0
    sendh_r zero, THREAD, t2, 0
    sende zero
    endt
done:
    la a0, tail
    li a1, 5
    jal print
    li a0, 0
    hcall exit

# print(a0 = address, a1 = length) on stdout
print:
    mv a2, a1
    mv a1, a0
    li a0, 1
    hcall write
    ret

# putdec(a0) on stdout, in decimal, followed by a space
putdec:
    la t0, digits + 11
    li t1, ' '
    sb t1, 0(t0)
    li t1, 10
1:  remu t2, a0, t1
    divu a0, a0, t1
    addi t2, t2, '0'
    addi t0, t0, -1
    sb t2, 0(t0)
    bnez a0, 1b
    la t3, digits + 12
    sub a2, t3, t0
    mv a1, t0
    li a0, 1
    hcall write
    ret

    .data
head:   .ascii "ring: "
tail:   .ascii "done\n"
digits: .space 12
