/* Waiting for memory that messages write (docs/libscmp.md, "Waiting and counting").
 *
 * A DATA message changes memory behind the core's back and a THREAD message's handler runs only when the
 * waiting thread gives up the core, so every wait re-reads the word through a volatile pointer and calls
 * suspendThread() between reads. A node with nothing else to run simply resumes the waiting thread. */
#include <scmp.h>

void waitFlag(volatile int *flag, int value)
{
    while (*flag != value) {
        suspendThread();
    }
}

int waitFlagChange(volatile int *flag, int old_value)
{
    int v;
    while ((v = *flag) == old_value) {
        suspendThread();
    }
    return v;
}

void waitCount(volatile int *counter, int target)
{
    while (*counter < target) {
        suspendThread();
    }
}
