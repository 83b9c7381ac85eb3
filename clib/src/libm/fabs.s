# fabs and fabsf: clear the sign bit (fabs.d). A float argument arrives as its double value.

    .text

    .globl fabs
fabs:
    fabs.d fa0, fa0
    ret

    .globl fabsf
fabsf:
    fabs.d fa0, fa0
    ret
