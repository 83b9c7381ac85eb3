.data
x: .word 1, 2, x+4
.text
.globl f
f: addi r1, r0, %hi(x)
 lw r2, 0(r1)
 jr r31
.bss
.space 8
