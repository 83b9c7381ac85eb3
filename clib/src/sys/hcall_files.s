# The host calls that write files inside scmpsim's writable directory (--dir; docs/isa.md "Host calls"),
# apart from hcall.s so that only programs that write files link them. A negative result is -errno
# (-EROFS when the run has no writable directory).
#
#   int __hcall_openw(const char *path, int flags, int mode);
#   int __hcall_unlink(const char *path);
#   int __hcall_rename(const char *from, const char *to);

    .text

    .globl __hcall_openw
__hcall_openw:
    hcall openw
    ret

    .globl __hcall_unlink
__hcall_unlink:
    hcall unlink
    ret

    .globl __hcall_rename
__hcall_rename:
    hcall rename
    ret
