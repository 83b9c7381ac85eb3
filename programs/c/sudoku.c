/* A sudoku solver: constraint bitmasks, most-constrained-cell backtracking, solving three puzzles of
 * increasing difficulty and printing the grids and the number of guesses. */
#include <stdio.h>
#include <string.h>

static int grid[81];
static unsigned short rows[9], cols[9], boxes[9];
static long guesses;

static int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

static void place(int cell, int d)
{
    unsigned short bit = (unsigned short)(1u << d);
    grid[cell] = d;
    rows[cell / 9] |= bit;
    cols[cell % 9] |= bit;
    boxes[box_of(cell)] |= bit;
}

static void unplace(int cell, int d)
{
    unsigned short bit = (unsigned short)~(1u << d);
    grid[cell] = 0;
    rows[cell / 9] &= bit;
    cols[cell % 9] &= bit;
    boxes[box_of(cell)] &= bit;
}

static int bits(unsigned int x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int solve(void)
{
    int best = -1, best_count = 10, cell, d;
    unsigned int best_free = 0;
    for (cell = 0; cell < 81; cell++) {
        if (!grid[cell]) {
            unsigned int used = rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)];
            unsigned int avail = ~used & 0x3feu;
            int n = bits(avail);
            if (n < best_count) {
                best = cell;
                best_count = n;
                best_free = avail;
                if (n <= 1)
                    break;
            }
        }
    }
    if (best < 0)
        return 1;
    for (d = 1; d <= 9; d++) {
        if (best_free & (1u << d)) {
            guesses++;
            place(best, d);
            if (solve())
                return 1;
            unplace(best, d);
        }
    }
    return 0;
}

static int load(const char *s)
{
    int i;
    memset(rows, 0, sizeof rows);
    memset(cols, 0, sizeof cols);
    memset(boxes, 0, sizeof boxes);
    for (i = 0; i < 81; i++) {
        int d = s[i] == '.' ? 0 : s[i] - '0';
        grid[i] = 0;
        if (d) {
            unsigned int used = rows[i / 9] | cols[i % 9] | boxes[box_of(i)];
            if (used & (1u << d))
                return 0;
            place(i, d);
        }
    }
    return 1;
}

static void print(void)
{
    int r, c;
    for (r = 0; r < 9; r++) {
        if (r % 3 == 0)
            printf("+-------+-------+-------+\n");
        for (c = 0; c < 9; c++)
            printf("%s%d", c % 3 == 0 ? "| " : "", grid[r * 9 + c]), printf(" ");
        printf("|\n");
    }
    printf("+-------+-------+-------+\n");
}

static int valid(void)
{
    int i, j;
    for (i = 0; i < 9; i++)
        if (rows[i] != 0x3fe || cols[i] != 0x3fe || boxes[i] != 0x3fe)
            return 0;
    for (i = 0; i < 81; i++)
        for (j = i + 1; j < 81; j++)
            if (grid[i] == grid[j] && (i / 9 == j / 9 || i % 9 == j % 9 || box_of(i) == box_of(j)))
                return 0;
    return 1;
}

int main(void)
{
    static const char *puzzles[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "11..............................................................................",
    };
    int i;
    for (i = 0; i < 4; i++) {
        guesses = 0;
        if (!load(puzzles[i])) {
            printf("puzzle %d: invalid givens\n", i);
            continue;
        }
        if (solve()) {
            printf("puzzle %d: solved with %ld guesses, valid %d\n", i, guesses, valid());
            print();
        } else {
            printf("puzzle %d: no solution\n", i);
        }
    }
    return 0;
}
