# Start-up and host calls for the compiler's C tests (no C library needed): _start calls main and exits
# with its result; __host_write(fd, buf, len) and __host_exit(code) are the host calls of docs/isa.md.
    .text
    .globl _start
_start:
    call main
    hcall exit

    .globl __host_write
__host_write:
    hcall write
    ret

    .globl __host_exit
__host_exit:
    hcall exit
