/* Recursion: Ackermann, Fibonacci (naive and memoized), towers of Hanoi, mutual recursion, McCarthy's 91,
 * the Takeuchi function, permutations and subsets by backtracking, a recursive descent flood fill. */
#include <stdio.h>

static long long calls;

static int ack(int m, int n)
{
    calls++;
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static long long memo[93];
static long long fibm(int n)
{
    if (n < 2)
        return n;
    if (memo[n])
        return memo[n];
    return memo[n] = fibm(n - 1) + fibm(n - 2);
}

static int moves;
static void hanoi(int n, char from, char to, char via, int print)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to, print);
    moves++;
    if (print)
        printf("move disk %d %c->%c\n", n, from, to);
    hanoi(n - 1, via, to, from, print);
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static int mc91(int n) { return n > 100 ? n - 10 : mc91(mc91(n + 11)); }

static int tak(int x, int y, int z)
{
    if (y < x)
        return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
    return z;
}

static int perm_count;
static void permute(char *s, int k, int n)
{
    int i;
    if (k == n) {
        if (perm_count++ < 30)
            printf("%s%s", s, perm_count % 10 == 0 ? "\n" : " ");
        return;
    }
    for (i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

static int subset_sums(const int *v, int n, int target, int *chosen, int depth)
{
    int count = 0, i;
    if (target == 0) {
        printf("  {");
        for (i = 0; i < depth; i++)
            printf("%s%d", i ? "," : "", chosen[i]);
        printf("}\n");
        return 1;
    }
    if (n == 0 || target < 0)
        return 0;
    chosen[depth] = v[0];
    count += subset_sums(v + 1, n - 1, target - v[0], chosen, depth + 1);
    count += subset_sums(v + 1, n - 1, target, chosen, depth);
    return count;
}

static char grid[12][24];
static int fill(int r, int c, char from, char to)
{
    if (r < 0 || r >= 12 || c < 0 || c >= 23 || grid[r][c] != from)
        return 0;
    grid[r][c] = to;
    return 1 + fill(r + 1, c, from, to) + fill(r - 1, c, from, to) + fill(r, c + 1, from, to)
           + fill(r, c - 1, from, to);
}

int main(void)
{
    int m, n, i;
    for (m = 0; m <= 3; m++) {
        for (n = 0; n <= 6; n++) {
            int a;
            calls = 0;
            a = ack(m, n);  /* before reading calls: argument evaluation order is unspecified */
            printf("A(%d,%d)=%d[%lld] ", m, n, a, calls);
        }
        printf("\n");
    }
    calls = 0;
    n = ack(2, 200);
    printf("A(2,200)=%d with %lld calls\n", n, calls);
    for (n = 0; n <= 24; n += 4)
        printf("fib(%d)=%d ", n, fib(n));
    printf("\n");
    printf("fib(92)=%lld fib(60)=%lld\n", fibm(92), fibm(60));
    hanoi(4, 'A', 'C', 'B', 1);
    moves = 0;
    hanoi(16, 'A', 'C', 'B', 0);
    printf("hanoi(16) moves %d\n", moves);
    printf("even(1001)=%d odd(777)=%d even(0)=%d\n", is_even(1001), is_odd(777), is_even(0));
    for (n = 80; n <= 110; n += 5)
        printf("mc91(%d)=%d ", n, mc91(n));
    printf("\n");
    printf("tak(18,12,6)=%d tak(12,8,4)=%d\n", tak(18, 12, 6), tak(12, 8, 4));
    {
        char s[] = "abcde";
        permute(s, 0, 5);
        printf("permutations: %d\n", perm_count);
    }
    {
        static const int v[] = { 3, 34, 4, 12, 5, 2, 7, 8, 1 };
        int chosen[9];
        printf("subsets summing to 15:\n");
        printf("count %d\n", subset_sums(v, 9, 15, chosen, 0));
    }
    for (i = 0; i < 12; i++)
        for (n = 0; n < 23; n++)
            grid[i][n] = ((i * 7 + n * 3) % 11 < 3 || i == 6 || n == 11) ? '#' : '.';
    for (i = 0; i < 12; i++)
        grid[i][23] = 0;
    m = fill(1, 0, '.', 'a');
    n = fill(10, 22, '.', 'b');
    printf("filled %d cells from (1,0), %d from (10,22)\n", m, n);
    m = 0;
    for (i = 0; i < 12; i++)
        for (n = 0; n < 23; n++)
            m += fill(i, n, '.', (char)('c' + (i + n) % 20)) > 0;
    printf("%d more regions\n", m);
    for (i = 0; i < 12; i++)
        printf("%s\n", grid[i]);
    return 0;
}
