/* LAPI's vector calls (docs/sp.md, "LAPI"), checked in every task: LAPI_Putv to the next task and LAPI_Getv from
 * the previous one with LAPI_GEN_IOVECTOR vectors (pieces of 1 to 3000 bytes, so some take several packets) and
 * LAPI_GEN_STRIDED_XFER ones (blocks of 12 bytes at different strides on the two sides), and LAPI_Amsendv whose
 * header handler reads the origin's piece lengths and user header and answers with a strided vector; all three
 * counters of each call, LAPI_Fence after a Getv, the bytes between the pieces left alone, and vectors whose pieces
 * differ refused. Each in polling mode, in interrupt mode and with inline completion handlers. Task 0 prints the
 * errors of all tasks.
 * Run: scmpcc -mmachine=sp lapi_vec.c -o v && scmpsim -n 4 v */
#include <lapi.h>
#include <stdio.h>
#include <string.h>

#define AREA 4096
#define BLOCKS 40
#define BLOCK 12

static char src[AREA], dst[AREA], get_src[AREA], get_dst[AREA], am_dst[AREA];
static lapi_cntr_t put_tgt, get_tgt, am_tgt;
static int errors, error_tab[128];
static volatile int am_done, am_lens_ok;

/* The IOVECTOR pieces: lengths, and offsets in the origin's and in the target's area. */
static unsigned long io_len[3] = {10, 3000, 1};
static int io_org[3] = {7, 100, 3500};
static int io_tgt[3] = {3100, 1, 3200};

static char pattern(int task, int round, int i) {
    return (char)(task * 37 + round * 11 + i * 7 + (i >> 7));
}

static void fill(char *p, int task, int round) {
    for (int i = 0; i < AREA; i++) {
        p[i] = pattern(task, round, i);
    }
}

/* Whether byte i of area `got` is right: inside piece k of `to` it is byte from[k] + (i - to[k]) of the
 * sender's pattern, elsewhere it is still `blank`. */
static int check_io(const char *got, const int *to, const int *from, int task, int round, char blank) {
    int bad = 0;
    for (int i = 0; i < AREA; i++) {
        char want = blank;
        for (int k = 0; k < 3; k++) {
            if (i >= to[k] && i < to[k] + (int)io_len[k]) {
                want = pattern(task, round, from[k] + i - to[k]);
            }
        }
        bad += got[i] != want;
    }
    return bad;
}

static int check_strided(const char *got, int to_stride, int from_stride, int task, int round, char blank) {
    int bad = 0;
    for (int i = 0; i < AREA; i++) {
        char want = blank;
        int b = i / to_stride, o = i % to_stride;
        if (b < BLOCKS && o < BLOCK) {
            want = pattern(task, round, b * from_stride + o);
        }
        bad += got[i] != want;
    }
    return bad;
}

static lapi_vec_t io_vec(char *area, int *offsets, void **info) {
    for (int k = 0; k < 3; k++) {
        info[k] = area + offsets[k];
    }
    lapi_vec_t v = {LAPI_GEN_IOVECTOR, 3, info, io_len};
    return v;
}

static lapi_vec_t strided(char *area, int stride, void **info) {
    info[0] = area;
    info[1] = (void *)BLOCK;
    info[2] = (void *)stride;
    lapi_vec_t v = {LAPI_GEN_STRIDED_XFER, BLOCKS, info, 0};
    return v;
}

static void am_complete(lapi_handle_t *h, void *param) {
    (void)h;
    am_done += (int)param;
}

static void *am_info[3];
static lapi_vec_t am_vec;

static lapi_vec_t *am_arrives(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned long *len_vec,
                              compl_hndlr_t **comp_h, void **user_info) {
    (void)h;
    int ok = *uhdr_len == 2 * sizeof(int) && ((int *)uhdr)[1] == 4242;
    for (int i = 0; i < BLOCKS; i++) {
        ok &= len_vec[i] == BLOCK;
    }
    am_lens_ok = ok;
    *comp_h = am_complete;
    *user_info = (void *)1;
    am_vec = strided(am_dst, 24, am_info);
    return &am_vec;
}

static void round_of(lapi_handle_t h, int me, int n, int round) {
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    lapi_cntr_t org, cmpl;
    void *oi[3], *ti[3];
    int v;

    /* Putv, IOVECTOR: three pieces out of src into dst of the next task */
    fill(src, me, round);
    memset(dst, 'x', AREA);
    LAPI_Gfence(h);
    lapi_vec_t ov = io_vec(src, io_org, oi), tv = io_vec(dst, io_tgt, ti);
    LAPI_Setcntr(h, &org, 0);
    LAPI_Setcntr(h, &cmpl, 0);
    errors += LAPI_Putv(h, next, &tv, &ov, &put_tgt, &org, &cmpl) != LAPI_SUCCESS;
    LAPI_Waitcntr(h, &org, 1, 0);
    memset(src, 0, AREA);   /* the origin's pieces may change now */
    LAPI_Waitcntr(h, &cmpl, 1, &v);
    errors += v != 0;
    LAPI_Waitcntr(h, &put_tgt, 1, 0);
    errors += check_io(dst, io_tgt, io_org, prev, round, 'x');

    /* Putv, STRIDED_XFER: 40 blocks at a stride of 20 into a stride of 36 */
    fill(src, me, round + 10);
    memset(dst, 'y', AREA);
    LAPI_Gfence(h);
    ov = strided(src, 20, oi);
    tv = strided(dst, 36, ti);
    LAPI_Setcntr(h, &cmpl, 0);
    errors += LAPI_Putv(h, next, &tv, &ov, &put_tgt, 0, &cmpl) != LAPI_SUCCESS;
    LAPI_Waitcntr(h, &put_tgt, 1, 0);
    errors += check_strided(dst, 36, 20, prev, round + 10, 'y');
    LAPI_Waitcntr(h, &cmpl, 1, 0);

    /* Getv, IOVECTOR: the previous task's pieces (at the Putv's target offsets) into ours (its origin offsets) */
    fill(get_src, me, round + 20);
    memset(get_dst, 'z', AREA);
    LAPI_Gfence(h);
    ov = io_vec(get_dst, io_org, oi);
    tv = io_vec(get_src, io_tgt, ti);
    LAPI_Setcntr(h, &org, 0);
    errors += LAPI_Getv(h, prev, &tv, &ov, &get_tgt, &org) != LAPI_SUCCESS;
    LAPI_Waitcntr(h, &org, 1, 0);
    errors += check_io(get_dst, io_org, io_tgt, prev, round + 20, 'z');
    LAPI_Waitcntr(h, &get_tgt, 1, 0);   /* the next task's Getv has been served */

    /* Getv, STRIDED_XFER, with no origin counter: LAPI_Fence waits for the data */
    memset(get_dst, 'w', AREA);
    LAPI_Gfence(h);
    ov = strided(get_dst, 28, oi);
    tv = strided(get_src, 16, ti);
    errors += LAPI_Getv(h, prev, &tv, &ov, 0, 0) != LAPI_SUCCESS;
    LAPI_Fence(h);
    errors += check_strided(get_dst, 28, 16, prev, round + 20, 'w');

    /* Amsendv: 40 blocks at a stride of 32; the header handler puts them at a stride of 24 */
    fill(src, me, round + 30);
    memset(am_dst, 'v', AREA);
    LAPI_Gfence(h);
    ov = strided(src, 32, oi);
    int uhdr[2] = {me, 4242};
    LAPI_Setcntr(h, &cmpl, 0);
    errors += LAPI_Amsendv(h, next, (void *)am_arrives, uhdr, sizeof uhdr, &ov, &am_tgt, 0, &cmpl) != LAPI_SUCCESS;
    LAPI_Waitcntr(h, &am_tgt, 1, 0);
    errors += am_done != 1 || !am_lens_ok;
    am_done = 0;
    errors += check_strided(am_dst, 24, 32, prev, round + 30, 'v');
    LAPI_Waitcntr(h, &cmpl, 1, 0);

    /* refused: pieces of different lengths, different counts, a task that is not there */
    unsigned long other_len[3] = {10, 2999, 1};
    lapi_vec_t bad = {LAPI_GEN_IOVECTOR, 3, oi, other_len};
    ov = io_vec(src, io_org, oi);
    tv = io_vec(dst, io_tgt, ti);
    errors += LAPI_Putv(h, next, &tv, &bad, 0, 0, 0) != LAPI_ERR_BAD_PARAMETER;
    errors += LAPI_Getv(h, next, &bad, &ov, 0, 0) != LAPI_ERR_BAD_PARAMETER;
    tv.num_vecs = 2;
    errors += LAPI_Putv(h, next, &tv, &ov, 0, 0, 0) != LAPI_ERR_BAD_PARAMETER;
    errors += LAPI_Putv(h, n, &ov, &ov, 0, 0, 0) != LAPI_ERR_BAD_PARAMETER;
    LAPI_Gfence(h);
}

int main(void) {
    lapi_handle_t h;
    lapi_info_t info = {0};
    int me, n;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    round_of(h, me, n, 1);
    LAPI_Senv(h, INTERRUPT_SET, 1);
    round_of(h, me, n, 2);
    LAPI_Senv(h, INTERRUPT_SET, 0);
    LAPI_Senv(h, COMPL_INLINE, 1);
    round_of(h, me, n, 3);
    LAPI_Senv(h, COMPL_INLINE, 0);
    lapi_cntr_t done;
    LAPI_Setcntr(h, &done, 0);
    LAPI_Put(h, 0, sizeof errors, &error_tab[me], &errors, 0, 0, &done);
    LAPI_Waitcntr(h, &done, 1, 0);
    LAPI_Gfence(h);
    if (me == 0) {
        int all = 0;
        for (int t = 0; t < n; t++) {
            all += error_tab[t];
        }
        printf("LAPI vector calls on %d tasks: %d error(s)\n", n, all);
    }
    LAPI_Term(h);
    return 0;
}
