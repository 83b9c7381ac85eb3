/* Internal: exact conversions between binary doubles and decimal digit strings. */
#ifndef _SCMP_INTERNAL_FPCONV_H
#define _SCMP_INTERNAL_FPCONV_H

/* Room for the longest exact expansion of a double (767 significant digits) and some slack. */
#define FP_DIGITS_MAX 800

/* Exact decimal expansion of a finite x > 0: writes its significant digits ('0'..'9', no leading or
 * trailing zeros, not NUL-terminated) to digits and the power of ten of the first digit to *dexp,
 * so that x = 0.d1d2d3... * 10^(*dexp + 1). Returns the number of digits. */
int __fp_decimal(double x, char *digits, int *dexp);

/* Rounds the digit string d[0..*nd) (first digit's power of ten *dexp) to its first keep digits,
 * round-half-even on the exact value; keep may be <= 0. Afterwards d has no trailing zeros,
 * *nd may be 0 (the value rounded to zero) and *dexp grows by one on a carry out of the first digit. */
void __fp_round(char *d, int *nd, int *dexp, int keep);

/* Builds the double nearest to (hi:lo) * 2^(e2 - 63) where hi has its top bit set, with sticky != 0
 * meaning that nonzero bits lie below lo. Round-half-even; handles subnormals, overflow to infinity
 * and underflow to zero, setting *range_err (if not NULL) to 1 in those cases (errno ERANGE). */
double __fp_make(unsigned int hi, unsigned int lo, int e2, int sticky, int *range_err);

#endif
