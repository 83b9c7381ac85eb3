# setjmp/longjmp (C99 7.13). jmp_buf layout (include/setjmp.h: long long[19], 8-byte aligned):
#   0 ra, 4 sp, 8 fp, 12..48 s0..s9, 52 unused, 56..144 fs0..fs11 (8 bytes each)
# Only the callee-saved state of docs/abi.md is kept; gp is reserved and never changes.
#
#   int  setjmp(jmp_buf env);            a0 = env; returns 0
#   void longjmp(jmp_buf env, int val);  a0 = env, a1 = val; setjmp returns val (1 if val is 0)

    .text

    .globl setjmp
setjmp:
    sw ra, 0(a0)
    sw sp, 4(a0)
    sw fp, 8(a0)
    sw s0, 12(a0)
    sw s1, 16(a0)
    sw s2, 20(a0)
    sw s3, 24(a0)
    sw s4, 28(a0)
    sw s5, 32(a0)
    sw s6, 36(a0)
    sw s7, 40(a0)
    sw s8, 44(a0)
    sw s9, 48(a0)
    fsd fs0, 56(a0)
    fsd fs1, 64(a0)
    fsd fs2, 72(a0)
    fsd fs3, 80(a0)
    fsd fs4, 88(a0)
    fsd fs5, 96(a0)
    fsd fs6, 104(a0)
    fsd fs7, 112(a0)
    fsd fs8, 120(a0)
    fsd fs9, 128(a0)
    fsd fs10, 136(a0)
    fsd fs11, 144(a0)
    li a0, 0
    ret

    .globl longjmp
longjmp:
    lw ra, 0(a0)
    lw sp, 4(a0)
    lw fp, 8(a0)
    lw s0, 12(a0)
    lw s1, 16(a0)
    lw s2, 20(a0)
    lw s3, 24(a0)
    lw s4, 28(a0)
    lw s5, 32(a0)
    lw s6, 36(a0)
    lw s7, 40(a0)
    lw s8, 44(a0)
    lw s9, 48(a0)
    fld fs0, 56(a0)
    fld fs1, 64(a0)
    fld fs2, 72(a0)
    fld fs3, 80(a0)
    fld fs4, 88(a0)
    fld fs5, 96(a0)
    fld fs6, 104(a0)
    fld fs7, 112(a0)
    fld fs8, 120(a0)
    fld fs9, 128(a0)
    fld fs10, 136(a0)
    fld fs11, 144(a0)
    mv a0, a1
    bnez a0, longjmp_ret
    li a0, 1
longjmp_ret:
    ret
