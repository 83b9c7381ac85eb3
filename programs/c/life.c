/* Conway's game of life on a 40x20 torus: a glider gun region, a glider, a pulsar and an R-pentomino,
 * printing the board every 25 generations and the population every generation (as a compact line). */
#include <stdio.h>
#include <string.h>

#define W 40
#define H 20

static unsigned char cur[H][W], nxt[H][W];

static void set_cells(int r0, int c0, const char *const *rows, int n)
{
    int r, c;
    for (r = 0; r < n; r++)
        for (c = 0; rows[r][c]; c++)
            if (rows[r][c] == '#')
                cur[(r0 + r) % H][(c0 + c) % W] = 1;
}

static int step(void)
{
    int r, c, pop = 0;
    for (r = 0; r < H; r++)
        for (c = 0; c < W; c++) {
            int n = 0, dr, dc;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++)
                    if (dr || dc)
                        n += cur[(r + dr + H) % H][(c + dc + W) % W];
            nxt[r][c] = (unsigned char)(n == 3 || (n == 2 && cur[r][c]));
            pop += nxt[r][c];
        }
    memcpy(cur, nxt, sizeof cur);
    return pop;
}

static void show(int gen)
{
    int r, c;
    printf("generation %d:\n", gen);
    for (r = 0; r < H; r++) {
        for (c = 0; c < W; c++)
            putchar(cur[r][c] ? '#' : '.');
        putchar('\n');
    }
}

int main(void)
{
    static const char *glider[] = { ".#.", "..#", "###" };
    static const char *rpent[] = { ".##", "##.", ".#." };
    static const char *pulsar[] = {
        "..###...###..", ".............", "#....#.#....#", "#....#.#....#", "#....#.#....#",
        "..###...###..", ".............", "..###...###..", "#....#.#....#", "#....#.#....#",
        "#....#.#....#", ".............", "..###...###..",
    };
    int gen, pop = 0;
    unsigned int hash = 0;
    set_cells(1, 1, glider, 3);
    set_cells(3, 22, pulsar, 13);
    set_cells(12, 8, rpent, 3);
    show(0);
    for (gen = 1; gen <= 100; gen++) {
        int r, c;
        pop = step();
        printf("%d%c", pop, gen % 20 == 0 ? '\n' : ' ');
        for (r = 0; r < H; r++)
            for (c = 0; c < W; c++)
                hash = hash * 31u + cur[r][c];
        if (gen % 25 == 0)
            show(gen);
    }
    printf("final population %d, history hash %08x\n", pop, hash);
    return pop % 100;
}
