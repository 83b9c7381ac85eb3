/* Files written by a program (docs/libc.md "stdio", scmpsim --dir): argv[1] is a directory the program may
 * write in. It creates, writes, appends, updates, reads back, renames and removes files there with stdio and
 * with open/write/close, printing what it reads and each result and errno. The output is the same with glibc
 * (the test compares it with gcc -m32's); with a second argument it also checks, on SCMP only, that scmpsim
 * refuses paths outside the directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static char path[512], path2[512];

static const char *in_dir(char *buf, const char *dir, const char *name)
{
    snprintf(buf, 512, "%s/%s", dir, name);
    return buf;
}

static void show(const char *p)
{
    char line[128];
    FILE *f = fopen(p, "r");
    if (f == NULL) {
        printf("  (cannot read: %s)\n", strerror(errno));
        return;
    }
    while (fgets(line, sizeof line, f) != NULL)
        printf("  | %s", line);
    printf("  size %ld\n", (fseek(f, 0, SEEK_END), ftell(f)));
    fclose(f);
}

int main(int argc, char **argv)
{
    const char *dir = argv[1];
    FILE *f;
    int fd, i, r;
    long pos;
    char buf[64];

    if (argc < 2)
        return 2;
    in_dir(path, dir, "out.txt");
    f = fopen(path, "w");
    printf("fopen w: %s\n", f != NULL ? "opened" : strerror(errno));
    for (i = 0; i < 3; i++)
        fprintf(f, "line %d: %d squared is %d\n", i, i, i * i);
    pos = ftell(f);
    printf("ftell after three lines: %ld\n", pos);
    printf("fclose: %d\n", fclose(f));
    show(path);

    f = fopen(path, "a");
    fputs("appended\n", f);
    fclose(f);
    printf("after appending:\n");
    show(path);

    f = fopen(path, "r+");
    fseek(f, 5, SEEK_SET);
    fputc('#', f);
    fseek(f, 0, SEEK_SET);
    memset(buf, 0, sizeof buf);
    r = (int)fread(buf, 1, 10, f);
    printf("r+ read %d bytes: %s\n", r, buf);
    fputs("XY", f);   /* straight after a read: C wants a seek between, glibc and clib both write at 10 */
    fclose(f);
    printf("after updating:\n");
    show(path);

    f = fopen(path, "w+");
    fprintf(f, "fresh %d\n", 42);
    rewind(f);
    memset(buf, 0, sizeof buf);
    printf("w+ reads back: %s", fgets(buf, sizeof buf, f) != NULL ? buf : "(nothing)\n");
    fclose(f);

    errno = 0;
    f = fopen(in_dir(path2, dir, "missing.txt"), "r+");
    printf("r+ of a missing file: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));
    errno = 0;
    f = fopen(in_dir(path2, dir, "no/such/dir.txt"), "w");
    printf("w in a missing directory: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));
    errno = 0;
    f = fopen(path, "wx");
    printf("wx of an existing file: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));
    errno = 0;
    f = fopen(path, "z");
    printf("mode z: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));

    in_dir(path2, dir, "renamed.txt");
    printf("rename: %d\n", rename(path, path2));
    errno = 0;
    printf("the old name: %s\n", fopen(path, "r") == NULL ? strerror(errno) : "still there");
    show(path2);
    printf("remove: %d\n", remove(path2));
    errno = 0;
    r = remove(path2);
    printf("remove again: %d, %s\n", r, strerror(errno));

    fd = open(in_dir(path, dir, "raw.bin"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    printf("open O_CREAT: %s\n", fd >= 3 ? "fd >= 3" : strerror(errno));
    printf("write: %d\n", (int)write(fd, "0123456789", 10));
    printf("lseek: %ld\n", (long)lseek(fd, 2, SEEK_SET));
    printf("write: %d\n", (int)write(fd, "ab", 2));
    errno = 0;
    r = (int)read(fd, buf, 4);
    printf("read of a write-only fd: %d, %s\n", r, strerror(errno));
    printf("close: %d\n", close(fd));
    fd = open(path, O_RDONLY);
    memset(buf, 0, sizeof buf);
    printf("read back: %d bytes, %s\n", (int)read(fd, buf, sizeof buf - 1), buf);
    close(fd);
    errno = 0;
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    printf("O_EXCL of an existing file: %d, %s\n", fd, strerror(errno));
    printf("unlink: %d\n", unlink(path));

    if (argc > 2) {
        /* SCMP only: the host refuses what lies outside the directory */
        errno = 0;
        f = fopen(in_dir(path, dir, "../escape.txt"), "w");
        printf("fopen w of DIR/../escape.txt: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));
        errno = 0;
        r = remove(path);
        printf("remove of DIR/../escape.txt: %d, %s\n", r, strerror(errno));
        f = fopen(in_dir(path2, dir, "x"), "w");
        fclose(f);
        errno = 0;
        r = rename(path2, path);
        printf("rename into DIR/..: %d, %s\n", r, strerror(errno));
        errno = 0;
        f = fopen("/tmp/escape.txt", "a");
        printf("fopen a of /tmp/escape.txt: %s, %s\n", f == NULL ? "NULL" : "opened", strerror(errno));
    }
    return 0;
}
