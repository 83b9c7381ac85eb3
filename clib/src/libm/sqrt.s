# sqrt and sqrtf: the fsqrt.d instruction (correctly rounded; NaN for negative operands).
# A float argument arrives as its double value; sqrtf rounds the result to float
# (double rounding is innocuous for sqrt, docs/abi.md).

    .text

    .globl sqrt
sqrt:
    fsqrt.d fa0, fa0
    ret

    .globl sqrtf
sqrtf:
    fsqrt.d fa0, fa0
    fcvt.s.d fa0, fa0
    ret
