/* setjmp.h - SCMP C library. A jmp_buf holds ra, sp, fp, s0-s9 and fs0-fs11 (clib/src/sys/setjmp.s);
 * long long elements make it 8-byte aligned for the FP stores. */
#ifndef _SETJMP_H
#define _SETJMP_H

typedef long long jmp_buf[19];

int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int val);

#endif
