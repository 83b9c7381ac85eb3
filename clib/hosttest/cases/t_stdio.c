/* stdio beyond printf: reading host files (fopen "r", fgets, fgetc, ungetc, fread, fseek, ftell,
 * rewind, feof, fclose), modes that must fail, stdout line buffering and stderr's absence of buffering
 * (the write host calls are counted), puts/putchar/fwrite, sscanf against glibc, and, in child
 * processes, exit() with atexit handlers and the flush of stdout, and assert's message. */
#include "ht.h"
#include <unistd.h>
#include <sys/wait.h>

typedef struct scmp_file SFILE;
SFILE *scmp_fopen(const char *, const char *);
int scmp_fclose(SFILE *);
char *scmp_fgets(char *, int, SFILE *);
int scmp_fgetc(SFILE *);
int scmp_ungetc(int, SFILE *);
size_t scmp_fread(void *, size_t, size_t, SFILE *);
size_t scmp_fwrite(const void *, size_t, size_t, SFILE *);
int scmp_fseek(SFILE *, long, int);
long scmp_ftell(SFILE *);
void scmp_rewind(SFILE *);
int scmp_feof(SFILE *);
int scmp_ferror(SFILE *);
int scmp_fflush(SFILE *);
int scmp_fputs(const char *, SFILE *);
int scmp_fputc(int, SFILE *);
int scmp_puts(const char *);
int scmp_putchar(int);
void scmp_perror(const char *);
int scmp_remove(const char *);
int scmp_rename(const char *, const char *);
int scmp_setvbuf(SFILE *, char *, int, size_t);
int scmp_atexit(void (*)(void));
void scmp_exit(int);
void scmp___assert_fail(const char *, const char *, unsigned, const char *);
extern char *scmp___progname_full;
extern SFILE *scmp_stdout, *scmp_stderr, *scmp_stdin;
extern int shim_capture, shim_captured_len, shim_write_calls;
extern char shim_captured[];

static const char *path = "t_stdio.tmp";

static void h1(void) { scmp_printf("[h1]"); }
static void h2(void) { scmp_printf("[h2]"); }

/* runs fn in a child with stdout and stderr sent to a pipe; returns the exit status, output in out */
static int in_child(void (*fn)(void), char *out, int outsize)
{
    int fds[2], status, n = 0, r;
    pid_t pid;
    fflush(stdout);
    if (pipe(fds) != 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        fn();
        _exit(99);
    }
    close(fds[1]);
    while (n < outsize - 1 && (r = (int)read(fds[0], out + n, (size_t)(outsize - 1 - n))) > 0)
        n += r;
    out[n] = '\0';
    close(fds[0]);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void child_exit(void)
{
    scmp_atexit(h1);
    scmp_atexit(h2);
    scmp_printf("out");
    scmp_fputs("err;", scmp_stderr);
    scmp_exit(3);
}

static void child_assert(void)
{
    scmp___progname_full = (char *)"/some/dir/a.out";
    scmp___assert_fail("x == 1", "prog.c", 12, "main");
}

int main(void)
{
    static const char content[] = "first line\nsecond line\n\nlast line without newline";
    char line[128], big[8192];
    FILE *hf;
    SFILE *f;
    int i;

    ht_seed();
    hf = fopen(path, "wb");
    fwrite(content, 1, sizeof content - 1, hf);
    for (i = 0; i < 5000; i++)
        fputc('a' + i % 26, hf);
    fclose(hf);

    f = scmp_fopen(path, "r");
    ht_check(f != NULL, "fopen r");
    ht_check(scmp_fgets(line, sizeof line, f) != NULL && strcmp(line, "first line\n") == 0, "fgets 1");
    ht_check(scmp_ftell(f) == 11, "ftell after a line: %ld", scmp_ftell(f));
    ht_check(scmp_fgetc(f) == 's' && scmp_ungetc('S', f) == 'S' && scmp_fgetc(f) == 'S', "fgetc/ungetc");
    ht_check(scmp_ftell(f) == 12, "ftell after ungetc/fgetc");
    ht_check(scmp_fgets(line, 5, f) != NULL && strcmp(line, "econ") == 0, "fgets short buffer");
    ht_check(scmp_fgets(line, sizeof line, f) != NULL && strcmp(line, "d line\n") == 0, "fgets rest");
    ht_check(scmp_fgets(line, sizeof line, f) != NULL && strcmp(line, "\n") == 0, "fgets empty line");
    ht_check(scmp_fseek(f, -5, SEEK_END) == 0 && scmp_fgetc(f) == 'a' + 4995 % 26, "fseek SEEK_END");
    scmp_rewind(f);
    ht_check(scmp_fread(big, 1, 10, f) == 10 && memcmp(big, content, 10) == 0, "fread small");
    ht_check(scmp_fseek(f, 3, SEEK_CUR) == 0 && scmp_ftell(f) == 13, "fseek SEEK_CUR");
    {
        size_t total = sizeof content - 1 + 5000 - 13;
        size_t got = scmp_fread(big, 1, sizeof big, f);
        ht_check(got == total && memcmp(big, content + 13, sizeof content - 1 - 13) == 0, "fread to the end (%u)",
                 (unsigned)got);
        ht_check(scmp_feof(f) && !scmp_ferror(f) && scmp_fgetc(f) == EOF, "feof");
    }
    scmp_rewind(f);
    ht_check(!scmp_feof(f) && scmp_fread(big, 100, 3, f) == 3 && memcmp(big, content, sizeof content - 1) == 0,
             "rewind, fread records");
    ht_check(scmp_fclose(f) == 0, "fclose");

    scmp_errno = 0;
    ht_check(scmp_fopen(path, "w") == NULL && scmp_errno == EROFS, "fopen w fails with EROFS");
    ht_check(scmp_fopen(path, "r+") == NULL && scmp_fopen(path, "a") == NULL, "fopen r+ a fail");
    scmp_errno = 0;
    ht_check(scmp_fopen("no-such-file", "r") == NULL && scmp_errno == ENOENT, "fopen ENOENT");
    ht_check(scmp_remove(path) == -1 && scmp_rename(path, "x") == -1, "remove/rename fail");
    {
        /* all the slots, then EMFILE */
        SFILE *fs[20];
        int nf = 0;
        while (nf < 20 && (fs[nf] = scmp_fopen(path, "rb")) != NULL)
            nf++;
        ht_check(nf == 13 && scmp_errno == EMFILE, "FOPEN_MAX: %d streams", nf);
        while (nf > 0)
            scmp_fclose(fs[--nf]);
    }

    /* stdout is line buffered, stderr unbuffered: count the write host calls */
    shim_capture = 1;
    shim_captured_len = 0;
    shim_write_calls = 0;
    scmp_printf("abc");
    scmp_fputc('d', scmp_stdout);
    ht_check(shim_write_calls == 0, "stdout buffers without a newline");
    scmp_printf("%s\n", "ef");
    ht_check(shim_write_calls == 1 && shim_captured_len == 7 && memcmp(shim_captured, "abcdef\n", 7) == 0,
             "stdout flushed at newline");
    scmp_fputs("E1", scmp_stderr);
    ht_check(shim_write_calls == 2, "stderr unbuffered");
    scmp_puts("line");
    scmp_putchar('!');
    scmp_fwrite("xyz", 1, 3, scmp_stdout);
    ht_check(shim_write_calls == 3, "puts flushes, putchar buffers");
    scmp_fflush(scmp_stdout);
    ht_check(shim_write_calls == 4 && shim_captured_len == 7 + 2 + 5 + 4 &&
                 memcmp(shim_captured + 9, "line\n!xyz", 9) == 0,
             "fflush");
    scmp_errno = ENOENT;
    shim_captured_len = 0;
    scmp_perror("open");
    ht_check(shim_captured_len == 32 && memcmp(shim_captured, "open: No such file or directory\n", 32) == 0,
             "perror");
    shim_captured_len = 0;
    for (i = 0; i < 3000; i++)
        scmp_putchar('0' + i % 10);
    ht_check(shim_captured_len >= 2048 && shim_captured_len <= 3000, "a full buffer is written out");
    scmp_fflush(NULL);
    ht_check(shim_captured_len == 3000, "fflush(NULL)");
    scmp_setvbuf(scmp_stdout, NULL, 2 /* _IONBF */, 0);
    shim_write_calls = 0;
    scmp_printf("x");
    ht_check(shim_write_calls == 1, "setvbuf _IONBF");
    scmp_setvbuf(scmp_stdout, NULL, 1 /* _IOLBF */, 0);
    shim_capture = 0;

    /* sscanf against glibc */
    {
        static const struct {
            const char *in, *fmt;
        } cases[] = {
            { "42 -17 0x1f 077", "%d %i %i %i" }, { "  3.25e2 abc", "%lf %s" }, { "12abc", "%d%s" },
            { "a,b,c", "%[^,],%[^,],%s" }, { "key=value", "%[a-z]=%s" }, { "100%", "%d%%" },
            { "1 2", "%d %*d" }, { "xyz", "%d" }, { "", "%d" }, { "   ", "%d" }, { "3.0 4", "%f %d" },
            { "-0x1p3 inf nan", "%lf %lf %lf" }, { "123456789012", "%lld" }, { "ff", "%x" }, { "hello", "%3s" },
            { "abc def", "%c%c%c %n" }, { "12 34", "%2d%n %d" }, { "1.5e", "%lf%s" }, { "0x", "%i%s" },
            { "+.5 -.5e-1", "%lf %lf" }, { "4294967295", "%u" }, { "-1", "%u" }, { "7 8", "%hhd %hd" },
            { "abc123", "%[a-c]%d" }, { "]x", "%[]x]" }
        };
        size_t ci;
        for (ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
            union {
                int i[4];
                long long ll;
                double d[3];
                char s[64];
            } w1, w2, w3, g1, g2, g3;
            int rw, rg;
            memset(&w1, 0, sizeof w1);
            memset(&w2, 0, sizeof w2);
            memset(&w3, 0, sizeof w3);
            memset(&g1, 0, sizeof g1);
            memset(&g2, 0, sizeof g2);
            memset(&g3, 0, sizeof g3);
            rw = sscanf(cases[ci].in, cases[ci].fmt, &w1, &w2, &w3, w3.s + 32);
            rg = scmp_sscanf(cases[ci].in, cases[ci].fmt, &g1, &g2, &g3, g3.s + 32);
            ht_check(rw == rg && memcmp(&w1, &g1, sizeof w1) == 0 && memcmp(&w2, &g2, sizeof w2) == 0 &&
                         memcmp(&w3, &g3, sizeof w3) == 0,
                     "sscanf(\"%s\", \"%s\"): glibc %d, clib %d", cases[ci].in, cases[ci].fmt, rw, rg);
        }
    }

    /* exit: atexit handlers last-first, then stdout flushed; exit status */
    {
        char out[256];
        int st = in_child(child_exit, out, sizeof out);
        ht_check(st == 3 && strcmp(out, "err;out[h2][h1]") == 0, "exit: status %d output \"%s\"", st, out);
        st = in_child(child_assert, out, sizeof out);
        ht_check(st == 134 && strcmp(out, "a.out: prog.c:12: main: Assertion `x == 1' failed.\n") == 0,
                 "assert: status %d output \"%s\"", st, out);
    }
    remove(path);
    return ht_done("stdio");
}
