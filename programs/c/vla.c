/* Variable-length arrays (C99 6.7.5.2): automatic arrays sized at run time, of one and more dimensions and of
 * any element type, typedefs and pointers to them, sizeof evaluated at run time, VLA parameters
 * (f(int n, double a[n][n]), [*] in prototypes), and the space given back whenever a scope is left (loops that
 * declare a VLA on every iteration, break, continue, goto, recursion). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void identity(int n, double m[n][n])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[i][j] = i == j;
}

static void multiply(int n, int k, int p, const double a[n][k], const double b[k][p], double c[n][p])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++) {
            double s = 0;
            for (int q = 0; q < k; q++)
                s += a[i][q] * b[q][j];
            c[i][j] = s;
        }
}

long trace(int n, long a[*][*]);

long trace(int n, long a[n][n])
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += a[i][i];
    return t;
}

static int sum_rows(int rows, int cols, int (*a)[cols])
{
    int s = 0;
    for (int (*row)[cols] = a; row < a + rows; row++)
        for (int j = 0; j < cols; j++)
            s += (*row)[j];
    return s;
}

static unsigned row_size(int n, char grid[][n + 1])
{
    return (unsigned)sizeof grid[0];
}

/* Determinant by expansion along the first row: each level has a VLA minor one size smaller. */
static long det(int n, long m[n][n])
{
    if (n == 1)
        return m[0][0];
    long total = 0;
    for (int c = 0; c < n; c++) {
        long minor[n - 1][n - 1];
        for (int i = 1; i < n; i++)
            for (int j = 0, k = 0; j < n; j++)
                if (j != c)
                    minor[i - 1][k++] = m[i][j];
        long d = det(n - 1, minor);
        total += (c % 2 ? -1 : 1) * m[0][c] * d;
    }
    return total;
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static unsigned lcg(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

static void sorting(void)
{
    unsigned seed = 7;
    for (int n = 1; n <= 40; n += 13) {
        int v[n];
        for (int i = 0; i < n; i++)
            v[i] = (int)(lcg(&seed) % 1000);
        qsort(v, (size_t)n, sizeof v[0], compare_ints);
        printf("sorted %2d:", n);
        for (int i = 0; i < n; i += 4)
            printf(" %d", v[i]);
        printf(" (sizeof %u)\n", (unsigned)sizeof v);
    }
}

static void loops(void)
{
    long total = 0;
    int iterations = 0;
    for (int it = 0; it < 20000; it++) {
        int n = it % 9 + 1;
        int big[n * 40];
        big[n * 40 - 1] = it;
        total += big[n * 40 - 1] + (long)sizeof big;
        iterations++;
        if (it % 3 == 0)
            continue;
        {
            double d[n][n];
            d[n - 1][n - 1] = 0.5 * n;
            total += (long)(d[n - 1][n - 1] * 2);
            if (it % 5 == 0)
                continue;
        }
        while (1) {
            char w[n];
            memset(w, 1, sizeof w);
            total += w[n - 1];
            break;
        }
        int k = 0;
again:
        if (k < 2) {
            short t[n + k];
            t[0] = (short)k;
            total += t[0] + (long)sizeof t;
            k++;
            goto again;
        }
        switch (n) {
        case 1: {
            int once[n * 1000];
            once[0] = 1;
            total += once[0];
            break;
        }
        default:
            break;
        }
    }
    printf("loops %d total %ld\n", iterations, total);
}

/* Every iteration gets its arrays at the same place: what the one before allocated was given back, whichever
 * way it left its scopes. */
static void stack_reuse(int n)
{
    char *first = NULL;
    int same = 1;
    for (int it = 0; it < 1000; it++) {
        char probe[n];
        probe[0] = 1;
        if (first == NULL)
            first = probe;
        else
            same &= probe == first;
        if (it % 2)
            continue;
        {
            int inner[n];
            inner[0] = it;
            if (it % 4 == 0)
                continue;
        }
        int k = 0;
again:
        {
            short s[n];
            s[0] = 0;
            if (++k < 3)
                goto again;
        }
        while (k--) {
            long w[n];
            w[0] = k;
            if (k == 1)
                break;
        }
    }
    printf("stack reused %d\n", same);
}

static int recurse(int depth)
{
    if (depth == 0)
        return 0;
    char pad[depth * 64];
    memset(pad, depth, sizeof pad);
    return pad[depth * 64 - 1] + recurse(depth - 1);
}

struct cell { short row; char tag; };

int main(void)
{
    int n = 3, k = 4, p = 2;
    double a[n][k], b[k][p], c[n][p];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < k; j++)
            a[i][j] = i + j;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < p; j++)
            b[i][j] = i * j + 1;
    multiply(n, k, p, a, b, c);
    for (int i = 0; i < n; i++)
        printf("c[%d] = %g %g\n", i, c[i][0], c[i][1]);
    double id[n][n];
    identity(n, id);
    printf("identity %g %g %g\n", id[0][0], id[0][1], id[2][2]);

    long sq[5][5];
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            sq[i][j] = (i * 7 + j * 3) % 11 - 5;
    printf("trace %ld det %ld\n", trace(5, sq), det(5, sq));
    for (int m = 1; m <= 6; m++) {
        long h[m][m];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                h[i][j] = (i + 1 == j) - (i == j + 1) + 2 * (i == j);
        printf("det tridiagonal %d: %ld\n", m, det(m, h));
    }

    int cols = 5;
    int (*heap)[cols] = malloc(4 * sizeof *heap);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < cols; j++)
            heap[i][j] = i * cols + j;
    printf("heap rows %u sum %d step %d\n", (unsigned)sizeof *heap, sum_rows(4, cols, heap),
           (int)((char *)(heap + 1) - (char *)heap));
    printf("row distance %d\n", (int)(&heap[3] - &heap[1]));
    free(heap);
    char grid[3][8];
    printf("param row %u\n", row_size(7, grid));

    typedef int row_t[cols];
    row_t rows[3];
    cols = 100;
    printf("typedef %u %u (cols now %d)\n", (unsigned)sizeof(row_t), (unsigned)sizeof rows, cols);
    int x = 2;
    int cube[x + 1][x + 2][x + 3];
    printf("3d %u %u %u\n", (unsigned)sizeof cube, (unsigned)sizeof cube[0], (unsigned)sizeof cube[0][0]);
    for (int i = 0; i < x + 1; i++)
        for (int j = 0; j < x + 2; j++)
            for (int l = 0; l < x + 3; l++)
                cube[i][j][l] = i * 100 + j * 10 + l;
    printf("cube %d %d\n", cube[2][3][4], cube[1][0][2]);
    int idx = 0;
    size_t sz = sizeof(cube[idx++]);
    printf("sizeof operand evaluated: idx %d size %u\n", idx, (unsigned)sz);
    sz = sizeof(int[idx + 5]);
    printf("sizeof type %u\n", (unsigned)sz);
    struct cell cells[x * 2];
    for (int i = 0; i < x * 2; i++) {
        cells[i].row = (short)(i * 10);
        cells[i].tag = (char)('a' + i);
    }
    printf("cells %d %c %u\n", cells[3].row, cells[3].tag, (unsigned)sizeof cells);
    const char *names[x];
    names[0] = "var";
    names[1] = "iable";
    printf("%s%s\n", names[0], names[1]);
    int v = ({ int t[x]; t[0] = 40; t[x - 1] = 2; t[0] + t[x - 1]; });
    printf("statement expression %d\n", v);
    sorting();
    loops();
    stack_reuse(37);
    printf("recursion %d\n", recurse(12));
    return 0;
}
