/* setjmp and longjmp: error recovery out of deep recursion, values returned by setjmp (including
 * longjmp(buf, 0) becoming 1), volatile locals preserved across the jump, and a simple coroutine-free
 * exception pattern with nested handlers. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static int depth_reached;

static void dive(int depth, int limit)
{
    depth_reached = depth;
    if (depth == limit)
        longjmp(env, depth);
    dive(depth + 1, limit);
}

static jmp_buf *handler;

static void throw_error(int code)
{
    longjmp(*handler, code);
}

static int parse_digit(char c)
{
    if (c < '0' || c > '9')
        throw_error(c);
    return c - '0';
}

static int parse_number(const char *s)
{
    int v = 0;
    while (*s)
        v = v * 10 + parse_digit(*s++);
    return v;
}

static int try_parse(const char *s, int *out)
{
    jmp_buf local, *saved = handler;
    int code;
    handler = &local;
    code = setjmp(local);
    if (code == 0) {
        *out = parse_number(s);
        handler = saved;
        return 0;
    }
    handler = saved;
    return code;
}

int main(void)
{
    volatile int attempts = 0;
    int r, limit;
    for (limit = 1; limit <= 1000; limit *= 10) {
        r = setjmp(env);
        if (r == 0) {
            attempts++;
            dive(1, limit);
            printf("not reached\n");
        } else {
            printf("longjmp from depth %d returned %d (attempts %d)\n", depth_reached, r, attempts);
        }
    }
    r = setjmp(env);
    if (r == 0)
        longjmp(env, 0);
    printf("longjmp(env, 0) makes setjmp return %d\n", r);
    {
        static const char *inputs[] = { "12345", "12a45", "", "999999", "7-", "0" };
        int i;
        jmp_buf outer;
        handler = &outer;
        if (setjmp(outer)) {
            printf("outer handler should not run\n");
            return 1;
        }
        for (i = 0; i < 6; i++) {
            int v = -1, code = try_parse(inputs[i], &v);
            if (code)
                printf("\"%s\": error, bad character '%c'\n", inputs[i], code);
            else
                printf("\"%s\": %d\n", inputs[i], v);
        }
    }
    {
        volatile int counter = 0;
        jmp_buf loop;
        if (setjmp(loop) < 5) {
            counter++;
            if (counter < 5)
                longjmp(loop, counter);
        }
        printf("looped with longjmp: counter %d\n", counter);
    }
    return 0;
}
