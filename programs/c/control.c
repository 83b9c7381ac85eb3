/* Control flow: switch with fall-through, default in the middle, Duff's device, nested switches, goto for
 * error unwinding and loops, a goto-driven state machine, break/continue in nested loops, do-while,
 * comma and conditional operators, short-circuit evaluation with side effects. */
#include <stdio.h>
#include <string.h>

static const char *classify(int n)
{
    switch (n) {
    case 0:
        return "zero";
    case 1:
    case 3:
    case 5:
    case 7:
    case 9:
        return "odd digit";
    default:
        if (n < 0)
            return "negative";
        return "big";
    case 2:
    case 4:
    case 6:
    case 8:
        return "even digit";
    }
}

static int fallthrough(int n)
{
    int acc = 0;
    switch (n) {
    case 5: acc += 5;
    case 4: acc += 4;
    case 3: acc += 3;
        break;
    case 2: acc += 2;
    default: acc += 100;
    case 1: acc += 1;
    }
    return acc;
}

static void duff_copy(char *to, const char *from, int count)
{
    int n = (count + 7) / 8;
    if (count <= 0)
        return;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int cleanup_log[8], ncleanup;

static int acquire(int fail_at)
{
    int step = 0;
    ncleanup = 0;
    if (fail_at == step++)
        goto fail0;
    if (fail_at == step++)
        goto fail1;
    if (fail_at == step++)
        goto fail2;
    cleanup_log[ncleanup++] = 99;
    return 0;
fail2:
    cleanup_log[ncleanup++] = 2;
fail1:
    cleanup_log[ncleanup++] = 1;
fail0:
    cleanup_log[ncleanup++] = 0;
    return -step;
}

/* a tokenizer as a goto state machine: counts numbers, words and other characters */
static void scan(const char *s, int *nums, int *words, int *other)
{
    *nums = *words = *other = 0;
start:
    if (!*s)
        return;
    if (*s >= '0' && *s <= '9')
        goto number;
    if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
        goto word;
    if (*s != ' ')
        (*other)++;
    s++;
    goto start;
number:
    while (*s >= '0' && *s <= '9')
        s++;
    (*nums)++;
    goto start;
word:
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9'))
        s++;
    (*words)++;
    goto start;
}

static int calls;
static int t(int v) { calls++; return v; }

int main(void)
{
    int i, j, k;
    char src[40], dst[40];

    for (i = -2; i < 12; i++)
        printf("%d: %s, fall %d\n", i, classify(i), fallthrough(i));

    for (i = 0; i < 40; i++)
        src[i] = (char)('A' + i % 26);
    for (k = 0; k <= 20; k += 3) {
        memset(dst, '.', sizeof dst);
        dst[39] = 0;
        duff_copy(dst, src, k);
        printf("duff %2d: %s\n", k, dst);
    }

    for (i = -1; i < 4; i++) {
        int r = acquire(i), n;
        printf("acquire(%d) = %d, cleanup:", i, r);
        for (n = 0; n < ncleanup; n++)
            printf(" %d", cleanup_log[n]);
        printf("\n");
    }

    {
        int n, w, o;
        scan("abc 123 x9 42+7 = hello, world!! 2024", &n, &w, &o);
        printf("scan: %d numbers %d words %d other\n", n, w, o);
    }

    /* nested loops with break, continue and a goto out of both */
    for (i = 0; i < 10; i++) {
        for (j = 0; j < 10; j++) {
            if (j > i)
                break;
            if ((i + j) % 3 == 0)
                continue;
            if (i * j == 42)
                goto found;
            printf("%d%d ", i, j);
        }
    }
    printf("\nnot found\n");
    goto after;
found:
    printf("\nfound %d*%d\n", i, j);
after:

    /* goto-built loop */
    k = 0;
    i = 1;
again:
    k += i;
    if (++i <= 100)
        goto again;
    printf("sum 1..100 by goto = %d\n", k);

    /* do-while runs at least once */
    i = 100;
    do {
        printf("do-while body with i=%d\n", i);
    } while (i < 10);

    /* nested switch with continue inside a loop */
    for (i = 0; i < 6; i++) {
        switch (i % 3) {
        case 0:
            switch (i) {
            case 0: printf("zero "); break;
            default: printf("multiple-of-3 "); continue;
            }
            printf("(after inner) ");
            break;
        case 1:
            printf("one-mod-3 ");
            continue;
        default:
            printf("two-mod-3 ");
        }
        printf("| ");
    }
    printf("\n");

    /* short circuit, comma and conditional */
    calls = 0;
    k = t(0) && t(1);
    k += t(1) || t(2);
    k += (t(0) || t(0)) && t(3);
    k += t(2) ? t(5) : t(6);
    printf("k=%d calls=%d\n", k, calls);
    i = (j = 3, j * 2, j + 10);
    printf("comma %d %d\n", i, j);
    for (i = 0, j = 10; i < j; i += 2, j--)
        ;
    printf("for comma %d %d\n", i, j);
    /* switch on a char and on a negative number */
    {
        const char *s = "a1-B?";
        for (; *s; s++) {
            switch (*s) {
            case 'a' ... 'z': printf("lower "); break;
            case 'A' ... 'Z': printf("upper "); break;
            case '0' ... '9': printf("digit "); break;
            case '-': printf("minus "); break;
            default: printf("other ");
            }
        }
        printf("\n");
        switch (-5) {
        case -5: printf("minus five\n");
        case -4: printf("fell to minus four\n"); break;
        case 5: printf("wrong\n");
        }
    }
    return 3;
}
