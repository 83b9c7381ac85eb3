/* n-queens for n = 1..9 by backtracking with bitmasks and by the array method, printing counts and the
 * first solution board for a few n; a knight's tour on 5x5 by Warnsdorff's rule with backtracking. */
#include <stdio.h>
#include <string.h>

static int count_bits(unsigned int all, unsigned int cols, unsigned int d1, unsigned int d2)
{
    unsigned int avail, bit;
    int count = 0;
    if (cols == all)
        return 1;
    avail = all & ~(cols | d1 | d2);
    while (avail) {
        bit = avail & (0u - avail);
        avail -= bit;
        count += count_bits(all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1);
    }
    return count;
}

static int pos[16];
static int safe(int row, int col)
{
    int r;
    for (r = 0; r < row; r++)
        if (pos[r] == col || pos[r] - col == r - row || pos[r] - col == row - r)
            return 0;
    return 1;
}

static int first_found;
static int solve(int row, int n)
{
    int c, total = 0;
    if (row == n) {
        if (!first_found) {
            int r, k;
            first_found = 1;
            for (r = 0; r < n; r++) {
                for (k = 0; k < n; k++)
                    putchar(pos[r] == k ? 'Q' : '.');
                putchar('\n');
            }
        }
        return 1;
    }
    for (c = 0; c < n; c++)
        if (safe(row, c)) {
            pos[row] = c;
            total += solve(row + 1, n);
        }
    return total;
}

#define N 5
static int board[N][N];
static const int dr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
static const int dc[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };

static int degree(int r, int c)
{
    int k, d = 0;
    for (k = 0; k < 8; k++) {
        int nr = r + dr[k], nc = c + dc[k];
        if (nr >= 0 && nr < N && nc >= 0 && nc < N && !board[nr][nc])
            d++;
    }
    return d;
}

static int tour(int r, int c, int step)
{
    int order[8], deg[8], k, i, j;
    board[r][c] = step;
    if (step == N * N)
        return 1;
    for (k = 0; k < 8; k++) {
        int nr = r + dr[k], nc = c + dc[k];
        order[k] = k;
        deg[k] = (nr >= 0 && nr < N && nc >= 0 && nc < N && !board[nr][nc]) ? degree(nr, nc) : 99;
    }
    for (i = 1; i < 8; i++)
        for (j = i; j > 0 && deg[order[j]] < deg[order[j - 1]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    for (i = 0; i < 8; i++) {
        k = order[i];
        if (deg[k] < 99 && tour(r + dr[k], c + dc[k], step + 1))
            return 1;
    }
    board[r][c] = 0;
    return 0;
}

int main(void)
{
    int n;
    for (n = 1; n <= 9; n++) {
        int a = count_bits((1u << n) - 1, 0, 0, 0), b;
        first_found = !(n == 4 || n == 6 || n == 8);
        b = solve(0, n);
        printf("n=%d: %d solutions (bitmask %d)\n", n, b, a);
    }
    memset(board, 0, sizeof board);
    if (tour(0, 0, 1)) {
        int r, c;
        for (r = 0; r < N; r++) {
            for (c = 0; c < N; c++)
                printf("%3d", board[r][c]);
            printf("\n");
        }
    } else {
        printf("no tour\n");
    }
    return 0;
}
