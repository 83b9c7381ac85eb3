/* The SCMP-only parts of clib, run on scmpsim by e2e.sh and compared with e2e/scmp_only.expected:
 * setjmp/longjmp (assembly), the special registers (scmp.h), clock and time, reading a host file with
 * fopen/fgets/fseek (e2e.sh passes this source file with --file), atexit and exit's flush. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <time.h>
#define SCMP_NO_MPI     /* compiled with clib's headers only */
#include <scmp.h>

static jmp_buf env;
static int depth;

static void dive(int n)
{
    double keep = n * 1.5;
    depth = n;
    if (n == 5)
        longjmp(env, n * 10);
    dive(n + 1);
    printf("not reached %g\n", keep);
}

static void bye(void)
{
    printf("atexit handler ran\n");
}

int main(int argc, char **argv)
{
    volatile double fp_saved = 2.75;
    volatile int count = 0;
    int r;
    char line[128];
    long pos;
    FILE *f;
    clock_t c0, c1;

    atexit(bye);
    r = setjmp(env);
    count++;
    if (r == 0)
        dive(1);
    printf("setjmp returned %d after depth %d, count %d, fp %g\n", r, depth, count, fp_saved);
    r = setjmp(env);
    if (r == 0)
        longjmp(env, 0);
    printf("longjmp(env, 0) makes setjmp return %d\n", r);

    printf("nodeid %u nctx %u xdim %u ydim %u tid %u memsize %u\n", scmp_nodeid(), scmp_nctx(), scmp_xdim(),
           scmp_ydim(), scmp_tid(), scmp_memsize());
    printf("heapend below memsize: %d\n", __rdsr_heapend() < scmp_memsize() && __rdsr_heapend() > 0x1000);
    c0 = clock();
    for (r = 0; r < 1000; r++)
        count += r;
    c1 = clock();
    printf("clock advances: %d, time %ld\n", c1 > c0, (long)time(NULL));

    f = fopen(argc > 1 ? argv[1] : "scmp_only.c", "r");
    if (f == NULL) {
        perror("fopen");
        return 1;
    }
    fgets(line, sizeof line, f);
    printf("first line: %s", line);
    fseek(f, 3, SEEK_SET);
    pos = ftell(f);
    printf("ftell %ld, char '%c'\n", pos, fgetc(f));
    fclose(f);
    printf("fopen for writing: %p\n", (void *)fopen("x", "w"));
    printf("no newline at the end, flushed by exit");
    exit(5);
}
