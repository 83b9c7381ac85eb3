# crt0: program entry (docs/abi.md "Program start").
# _start: node 0 context 0 (every rank's node in an SPMD run, scmpsim -n) starts here with sp at its
# stack top, a0 = argc, a1 = argv (never 0: the loader always passes at least argv[0]). The C library
# needs no other set-up: stdio's streams and the atexit table are static data, malloc finds its heap
# (__heap_start up to rdsr heapend) on its first call, and the loader has already pointed environ at
# the environment in every node's argument area (nodes that never run _start included).
# We keep argv[0] in __progname_full (for assert's message), call main(argc, argv, envp = environ)
# and pass its result to exit(), which runs the atexit handlers, flushes stdout and does hcall exit.
# (Seven instructions before main, as many and as timed as before environ existed.)
#
# __thread_exit: the simulator sets ra to this address for a thread started by a THREAD message,
# so that returning from the thread's function ends the thread.

    .text

    .globl _start
_start:
    lw t0, 0(a1)
    lui t1, %hi(__progname_full)
    ori t1, t1, %lo(__progname_full)
    sw t0, 0(t1)
    lui t1, %ha(environ)
    lw a2, %lo(environ)(t1)
    call main
    call exit
    hcall exit

    .globl __thread_exit
__thread_exit:
    endt
