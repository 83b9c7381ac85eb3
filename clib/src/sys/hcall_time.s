# The host calls of simulated time (docs/isa.md "Host calls"), apart from hcall.s so that only programs that
# sleep or read the time of day link them.
#
#   void __hcall_sleep(unsigned long long ns);   a0 = low word, a1 = high word; returns after ns of simulated
#                                                time, the thread descheduled meanwhile (docs/timing.md "Sleeping")
#   unsigned long long __hcall_time(void);       nanoseconds since the start of the run at the model's clock

    .text

    .globl __hcall_sleep
__hcall_sleep:
    hcall sleep
    # the host has noted the wake-up cycle: this suspend keeps the thread out of the ready queue until then
    suspend
    ret

    .globl __hcall_time
__hcall_time:
    hcall time
    ret
