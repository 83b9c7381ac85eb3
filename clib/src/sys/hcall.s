# Host calls (docs/isa.md "Host calls"): one C-callable function per service.
# Arguments are already in a0..a3 by the calling convention; the result comes back in a0
# (a0:a1 for __hcall_cycles, a long long). A negative result is -errno.
#
#   void __hcall_exit(int status);                          never returns
#   int  __hcall_write(int fd, const void *buf, unsigned n);
#   int  __hcall_open(const char *path);
#   int  __hcall_read(int fd, void *buf, unsigned n);
#   int  __hcall_close(int fd);
#   unsigned long long __hcall_cycles(void);
#   void __hcall_abort(const char *msg);                    never returns
#   int  __hcall_lseek(int fd, int offset, int whence);
#   void __hcall_terminate(int status);                     never returns: ends the whole run (SPMD too)

    .text

    .globl __hcall_exit
__hcall_exit:
    hcall exit
    ret

    .globl __hcall_write
__hcall_write:
    hcall write
    ret

    .globl __hcall_open
__hcall_open:
    hcall open
    ret

    .globl __hcall_read
__hcall_read:
    hcall read
    ret

    .globl __hcall_close
__hcall_close:
    hcall close
    ret

    .globl __hcall_cycles
__hcall_cycles:
    hcall cycles
    ret

    .globl __hcall_abort
__hcall_abort:
    hcall abort
    ret

    .globl __hcall_lseek
__hcall_lseek:
    hcall lseek
    ret

    .globl __hcall_terminate
__hcall_terminate:
    hcall terminate
    ret
