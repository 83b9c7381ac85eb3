/* __scmp_va_words: the word arguments of createThread and parExecute (docs/libscmp.md, "Arguments").
 *
 * docs/abi.md passes every unnamed argument of a variadic function on the stack, in 4-byte slots just above
 * the caller's stack pointer, and a va_list is a plain pointer to the first one. The callee cannot know how
 * many were passed, so createThread and parExecute always forward SCMP_THREAD_ARGS words. Reading that many
 * is harmless inside the caller's frame, but a thread whose frame sits at the very top of its context's
 * stack (a thread started by a THREAD message calling parExecute(n, f) with no extra argument, say) would
 * read past its stack top, into the 1 KiB guard of the next context's stack, and fault. So words at or
 * above the stack top are replaced by 0. */
#include <scmp.h>
#include "libscmp.h"

void __scmp_va_words(const char *ap, int *w, int n)
{
    unsigned top = __scmp_stack_top();
    const int *p = (const int *)ap;
    int i;

    for (i = 0; i < n; i++) {
        if ((unsigned)(p + i) + 4 <= top) {
            w[i] = p[i];
        } else {
            w[i] = 0;
        }
    }
}
