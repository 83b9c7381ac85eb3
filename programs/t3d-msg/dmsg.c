/* libdmsg (docs/t3d-msg.md, "DMSG") on any number of PEs, every result checked: the SOR halo exchange (every
 * PE deposits its edge rows into its neighbours' ghost rows), the personalized all-to-all without and with
 * congestion barriers (every phase of 1 and 2 steps), and a distributed transpose deposited element by element
 * with strided puts, gather and scatter done by the shell. Prints one line of errors. */
#include <dmsg.h>
#include "check.h"

#define W 24
#define B 3
/* rows 1..B are this PE's, rows 0 and B+1 the ghosts */
static int grid[B + 2][W];
static int src[64 * 5], dst[64 * 5];
/* the transpose of an N x N matrix, N = B p (at most 64 PEs): this PE's B rows before and after */
static int a[B][B * 64], t[B][B * 64];

int main(void) {
    int me = shmem_my_pe(), p = shmem_n_pes(), n = B * p;
    for (int r = 1; r <= B; r++) {
        for (int k = 0; k < W; k++) {
            grid[r][k] = value(me, r, k);
        }
    }
    dmsg_barrier();
    int up = (me + p - 1) % p, down = (me + 1) % p;
    dmsg_put(grid[B + 1], grid[1], W, up);
    dmsg_put(grid[0], grid[B], W, down);
    dmsg_sync();
    for (int k = 0; k < W; k++) {
        expect(grid[0][k] == value(up, B, k) && grid[B + 1][k] == value(down, 1, k));
    }
    for (int phase = 0; phase <= 2; phase++) {
        for (int j = 0; j < p; j++) {
            for (int k = 0; k < 5; k++) {
                src[5 * j + k] = value(me, j, k + phase);
            }
        }
        dmsg_alltoall(dst, src, 5, phase);
        for (int j = 0; j < p; j++) {
            for (int k = 0; k < 5; k++) {
                expect(dst[5 * j + k] == value(j, me, k + phase));
            }
        }
    }
    for (int r = 0; r < B; r++) {
        for (int c = 0; c < n; c++) {
            a[r][c] = value(B * me + r, c, 0);
        }
    }
    dmsg_barrier();
    /* element (i, c) of a goes to element (c, i): the segment of row r for PE q lands in column B me + r of
     * q's rows, stride one row */
    for (int q = 0; q < p; q++) {
        for (int r = 0; r < B; r++) {
            dmsg_put_strided(&t[0][B * me + r], B * 64, &a[r][B * q], 1, B, q);
        }
    }
    dmsg_sync();
    for (int r = 0; r < B; r++) {
        for (int c = 0; c < n; c++) {
            expect(t[r][c] == value(c, B * me + r, 0));
        }
    }
    return check_report("dmsg", errors);
}
