/* clib's stdio on host files, exit and abort, on scmpsim (tests/ClibOnScmpTest runs it).
 *
 *     scmpsim --file=DIR/other.txt files DATA DIR [MODE]
 *
 *     (and --file=DIR/missing.txt, a file that does not exist)
 *
 * DATA is a host file named as a program argument, DIR/other.txt one named only with --file (the program
 * is given its directory, which is no file it may open), MISSING a file that does not exist. Prints, for
 * DATA: its size by fseek/ftell, a checksum of its bytes read with fread in odd-sized chunks, the same
 * read with fgetc, its lines counted with fgets into a short buffer, the byte at a few offsets reached
 * with fseek (SEEK_SET, SEEK_CUR, SEEK_END) and rewind, ungetc, feof and ferror; then what fopen does
 * with OTHER, a missing file, a file the user did not name, and a write mode. Then stdout and stderr
 * lines, and clock() against the cycle counter.
 *
 * MODE "exit" ends with exit(7) and three atexit handlers (they run last registered first, and a partial
 * stdout line is flushed by exit); "abort" ends with abort() after a partial stdout line (abort does not
 * flush stdio: the line is lost, exit status 134). Without MODE main returns 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <time.h>
#define SCMP_NO_MPI
#include <scmp.h>

static unsigned checksum_add(unsigned sum, int c)
{
    return sum * 31u + (unsigned)c;
}

static void h1(void)
{
    printf("atexit 1 (registered first, runs last)\n");
}

static void h2(void)
{
    printf("atexit 2");
}

static void h3(void)
{
    printf("atexit 3 (registered last, runs first)\n");
}

static void try_open(const char *what, const char *path, const char *mode)
{
    FILE *f;
    errno = 0;
    f = fopen(path, mode);
    if (f != NULL) {
        printf("fopen %s: opened\n", what);
        fclose(f);
    } else {
        printf("fopen %s: NULL, %s\n", what, strerror(errno));
    }
}

int main(int argc, char **argv)
{
    FILE *f;
    char buf[1000];
    char line[17];
    unsigned sum = 0, sum2 = 0;
    long size, got = 0, n;
    int c, lines = 0, chunks = 0;
    unsigned long long c0, c1;
    clock_t k0, k1;

    if (argc < 4) {
        fprintf(stderr, "usage: files DATA DIR MISSING [exit|abort]\n");
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    rewind(f);
    printf("size %ld\n", size);

    while ((n = (long)fread(buf, 1, 997, f)) > 0) {
        long i;
        for (i = 0; i < n; i++) {
            sum = checksum_add(sum, (unsigned char)buf[i]);
        }
        got += n;
        chunks++;
    }
    printf("fread: %ld bytes in %d chunks, checksum %u, feof %d, ferror %d\n", got, chunks, sum, feof(f) != 0,
           ferror(f) != 0);

    rewind(f);
    got = 0;
    while ((c = fgetc(f)) != EOF) {
        sum2 = checksum_add(sum2, c);
        got++;
    }
    printf("fgetc: %ld bytes, checksum %u\n", got, sum2);

    rewind(f);
    while (fgets(line, sizeof line, f) != NULL) {
        if (strchr(line, '\n') != NULL) {
            lines++;
        }
    }
    printf("fgets: %d lines\n", lines);

    fseek(f, 100, SEEK_SET);
    c = fgetc(f);
    printf("byte 100: %d\n", c);
    fseek(f, 50, SEEK_CUR);
    c = fgetc(f);
    printf("byte 151: %d, ftell %ld\n", c, ftell(f));
    fseek(f, -1, SEEK_END);
    printf("last byte: %d\n", fgetc(f));
    c = fgetc(f);
    printf("after the end: %d, feof %d\n", c, feof(f) != 0);
    rewind(f);
    c = fgetc(f);
    ungetc('Z', f);
    c = fgetc(f);
    printf("ungetc: %c", c);
    c = fgetc(f);
    printf(" then %d\n", c);
    fclose(f);

    snprintf(buf, sizeof buf, "%s/other.txt", argv[2]);
    try_open("--file", buf, "r");
    try_open("named but missing", argv[3], "r");
    try_open("not named", "/etc/passwd", "r");
    try_open("a directory argument", argv[2], "r");
    try_open("for writing", buf, "w");

    fprintf(stderr, "stderr line 1\n");
    printf("stdout line\n");
    fprintf(stderr, "stderr line 2\n");

    k0 = clock();
    c0 = scmp_cycles();
    for (c = 0; c < 1000; c++) {
        sum += (unsigned)c;
    }
    c1 = scmp_cycles();
    k1 = clock();
    printf("clock: advances %d, counts cycles %d, CLOCKS_PER_SEC %lld\n", k1 > k0,
           (unsigned long long)(k1 - k0) >= c1 - c0 && (unsigned long long)(k1 - k0) < c1 - c0 + 200,
           (long long)CLOCKS_PER_SEC);

    if (argc > 4 && strcmp(argv[4], "exit") == 0) {
        atexit(h1);
        atexit(h2);
        atexit(h3);
        printf("partial line, flushed by exit: ");
        exit(7);
    }
    if (argc > 4 && strcmp(argv[4], "abort") == 0) {
        printf("partial line, lost by abort");
        abort();
    }
    return 0;
}
