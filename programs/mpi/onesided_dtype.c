/* onesided_dtype.c - accumulates whose origin and target datatypes are both derived, and the pair types
 * (MPI_2INT, MPI_FLOAT_INT, MPI_LONG_INT, MPI_SHORT_INT, MPI_DOUBLE_INT, MPI_LONG_DOUBLE_INT) with MPI_MAXLOC,
 * MPI_MINLOC and MPI_REPLACE in MPI_Accumulate, MPI_Get_accumulate and MPI_Fetch_and_op: to another process
 * and to one's own window, between fences and under locks. MPI requires only that every side's type be made
 * of one predefined type (a pair type counting as one); the layouts may differ. Every process checks what it
 * gets, and that the window's elements outside the target's type are untouched; rank 0 prints one line per
 * case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

struct di { double v; int k; };
struct si { short v; int k; };
struct ii { int v; int k; };
struct fi { float v; int k; };
struct li { long v; int k; };
struct ldi { long double v; int k; };

/* A value of rank r in case c that differs from every other rank's and is exact in every type (small integers
 * and halves), its maximum at rank (c + size / 2) % size. */
static int val(int r, int c)
{
    return (r + size - (c + size / 2) % size) % size;
}

int main(int argc, char **argv)
{
    int i, right, left;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    /* MPI_SUM of ints: the origin every other of 8 ints (a vector), the target an indexed type of blocks of 1
     * and 3 ints at 0 and 5 of the right neighbour's 12; between fences, then the same to one's own window */
    {
        int win_buf[12], org[8];
        MPI_Datatype ovec, tidx;
        MPI_Win win;
        int blens[2] = {1, 3}, disps[2] = {0, 5}, pass;
        MPI_Type_vector(4, 1, 2, MPI_INT, &ovec);
        MPI_Type_commit(&ovec);
        MPI_Type_indexed(2, blens, disps, MPI_INT, &tidx);
        MPI_Type_commit(&tidx);
        MPI_Win_create(win_buf, sizeof win_buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        for (pass = 0; pass < 2; pass++) {
            int from = pass ? rank : left;
            for (i = 0; i < 12; i++)
                win_buf[i] = 100 * i;
            for (i = 0; i < 8; i++)
                org[i] = 1000 * rank + i;
            MPI_Win_fence(0, win);
            MPI_Accumulate(org, 1, ovec, pass ? rank : right, 1, 1, tidx, MPI_SUM, win);
            MPI_Win_fence(0, win);
            /* the origin's 0, 2, 4, 6 onto window elements 1, 6, 7, 8 */
            for (i = 0; i < 12; i++) {
                int want = 100 * i;
                if (i == 1)
                    want += 1000 * from + 0;
                else if (i >= 6 && i <= 8)
                    want += 1000 * from + 2 * (i - 5);
                check(win_buf[i] == want);
            }
        }
        MPI_Win_free(&win);
        MPI_Type_free(&ovec);
        MPI_Type_free(&tidx);
        report("MPI_Accumulate MPI_SUM: a vector of ints onto an indexed type, to a neighbour and to oneself");
    }

    /* MPI_MAX of doubles from every process into rank 0, under a shared lock: the origin three items of a
     * vector (two doubles three apart, extent four), the target two items of a struct of an hvector of two
     * doubles and one more double (0, 4 and 9, extent ten) */
    {
        double *wd, org[12];
        MPI_Datatype vec, hvec, tstruct;
        MPI_Win win;
        int blens[2] = {1, 1};
        MPI_Aint disps[2] = {0, 9 * sizeof(double)};
        MPI_Datatype types[2];
        int from[6] = {0, 3, 4, 7, 8, 11}, to[6] = {0, 4, 9, 10, 14, 19}, j;
        MPI_Win_allocate(20 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &wd, &win);
        for (i = 0; i < 20; i++)
            wd[i] = -1.5;
        MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &vec);
        MPI_Type_commit(&vec);
        MPI_Type_create_hvector(2, 1, 4 * sizeof(double), MPI_DOUBLE, &hvec);
        types[0] = hvec;
        types[1] = MPI_DOUBLE;
        MPI_Type_create_struct(2, blens, disps, types, &tstruct);
        MPI_Type_commit(&tstruct);
        for (i = 0; i < 12; i++)
            org[i] = val(rank, i) + 0.5 * i;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(org, 3, vec, 0, 0, 2, tstruct, MPI_MAX, win);
        MPI_Win_unlock(0, win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0)
            for (i = 0; i < 20; i++) {
                double want = -1.5;
                for (j = 0; j < 6; j++)
                    if (to[j] == i) {
                        int r, best = 0;
                        for (r = 1; r < size; r++)
                            if (val(r, from[j]) > val(best, from[j]))
                                best = r;
                        want = val(best, from[j]) + 0.5 * from[j];
                    }
                check(wd[i] == want);
            }
        MPI_Type_free(&vec);
        MPI_Type_free(&hvec);
        MPI_Type_free(&tstruct);
        MPI_Win_free(&win);
        report("MPI_Accumulate MPI_MAX: a vector of doubles onto a struct type, every process to rank 0");
    }

    /* MPI_MAXLOC with MPI_DOUBLE_INT, a pair with a gap: every process accumulates three pairs (a contiguous
     * type of them) onto every other element of rank 0's six (a vector); then MPI_MINLOC the same way, and
     * MPI_REPLACE of a vector onto a contiguous type at the right neighbour */
    {
        struct di wbuf[6], org[6];
        MPI_Datatype cont3, every_other;
        MPI_Win win;
        int op;
        MPI_Type_contiguous(3, MPI_DOUBLE_INT, &cont3);
        MPI_Type_commit(&cont3);
        MPI_Type_vector(3, 1, 2, MPI_DOUBLE_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Win_create(wbuf, sizeof wbuf, sizeof(struct di), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        for (op = 0; op < 2; op++) {
            for (i = 0; i < 6; i++) {
                wbuf[i].v = op ? 1000.0 : -1000.0;
                wbuf[i].k = -1;
            }
            for (i = 0; i < 3; i++) {
                org[i].v = 0.5 * val(rank, i);
                org[i].k = rank;
            }
            MPI_Win_fence(0, win);
            MPI_Accumulate(org, 1, cont3, 0, 0, 1, every_other, op ? MPI_MINLOC : MPI_MAXLOC, win);
            MPI_Win_fence(0, win);
            if (rank == 0)
                for (i = 0; i < 6; i++) {
                    if (i % 2 == 0) {
                        /* the maximum (minimum) value i / 2 had, and the rank that had it */
                        int r, best = 0;
                        for (r = 1; r < size; r++)
                            if (op ? val(r, i / 2) < val(best, i / 2) : val(r, i / 2) > val(best, i / 2))
                                best = r;
                        check(wbuf[i].v == 0.5 * val(best, i / 2) && wbuf[i].k == best);
                    } else {
                        check(wbuf[i].v == (op ? 1000.0 : -1000.0) && wbuf[i].k == -1);
                    }
                }
        }
        MPI_Win_fence(0, win);
        for (i = 0; i < 6; i++) {
            org[i].v = 10.0 * rank + i;
            org[i].k = 100 * rank + i;
        }
        MPI_Accumulate(org, 1, every_other, right, 2, 3, MPI_DOUBLE_INT, MPI_REPLACE, win);
        MPI_Win_fence(0, win);
        for (i = 2; i < 5; i++)
            check(wbuf[i].v == 10.0 * left + 2 * (i - 2) && wbuf[i].k == 100 * left + 2 * (i - 2));
        MPI_Win_free(&win);
        MPI_Type_free(&cont3);
        MPI_Type_free(&every_other);
        report("MPI_DOUBLE_INT: MPI_MAXLOC and MPI_MINLOC onto a vector at rank 0, MPI_REPLACE from a vector");
    }

    /* MPI_MAXLOC from every process to rank 0 with each other pair type, one element under an exclusive lock,
     * then the same to one's own window */
    {
        /* each in memory of its own from malloc: MPICH 4.0 puts some of these pairs elsewhere in a window at an
         * address that is not a multiple of 8 or 16 */
        struct si *ws = (struct si *)malloc(sizeof *ws), *os = (struct si *)malloc(sizeof *os);
        struct ii *wi = (struct ii *)malloc(sizeof *wi), *oi = (struct ii *)malloc(sizeof *oi);
        struct fi *wf = (struct fi *)malloc(sizeof *wf), *of = (struct fi *)malloc(sizeof *of);
        struct li *wl = (struct li *)malloc(sizeof *wl), *ol = (struct li *)malloc(sizeof *ol);
        struct ldi *wld = (struct ldi *)malloc(sizeof *wld), *old = (struct ldi *)malloc(sizeof *old);
        struct { MPI_Datatype t; void *w, *o; int bytes; } pair[5] = {
            {MPI_SHORT_INT, ws, os, sizeof *ws}, {MPI_2INT, wi, oi, sizeof *wi},
            {MPI_FLOAT_INT, wf, of, sizeof *wf}, {MPI_LONG_INT, wl, ol, sizeof *wl},
            {MPI_LONG_DOUBLE_INT, wld, old, sizeof *wld}};
        int p, best = 0, r;
        for (r = 1; r < size; r++)
            if (val(r, 7) > val(best, 7))
                best = r;
        ws->v = -1, ws->k = -1, os->v = (short)val(rank, 7), os->k = rank;
        wi->v = -1, wi->k = -1, oi->v = val(rank, 7), oi->k = rank;
        wf->v = -1, wf->k = -1, of->v = 0.5f * val(rank, 7), of->k = rank;
        wl->v = -1, wl->k = -1, ol->v = val(rank, 7), ol->k = rank;
        wld->v = -1, wld->k = -1, old->v = 0.5L * val(rank, 7), old->k = rank;
        for (p = 0; p < 5; p++) {
            MPI_Win win;
            MPI_Win_create(pair[p].w, pair[p].bytes, pair[p].bytes, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Accumulate(pair[p].o, 1, pair[p].t, 0, 0, 1, pair[p].t, MPI_MAXLOC, win);
            MPI_Win_unlock(0, win);
            MPI_Barrier(MPI_COMM_WORLD);
            /* and a MPI_MINLOC of one's own pair into one's own window: on rank 0 the maximum stays unless it
             * is rank 0's own value, elsewhere one's own pair replaces the -1s only if smaller: never */
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
            MPI_Accumulate(pair[p].o, 1, pair[p].t, rank, 0, 1, pair[p].t, MPI_MINLOC, win);
            MPI_Win_unlock(rank, win);
            MPI_Win_free(&win);
        }
        if (rank == 0) {
            /* rank 0's own value is smaller than the maximum unless it is the maximum */
            int k = val(0, 7) < val(best, 7) ? 0 : best;
            check(ws->v == val(k, 7) && ws->k == k);
            check(wi->v == val(k, 7) && wi->k == k);
            check(wf->v == 0.5f * val(k, 7) && wf->k == k);
            check(wl->v == val(k, 7) && wl->k == k);
            check(wld->v == 0.5L * val(k, 7) && wld->k == k);
        } else {
            check(ws->v == -1 && ws->k == -1 && wi->v == -1 && wi->k == -1 && wf->v == -1 && wf->k == -1);
            check(wl->v == -1 && wl->k == -1 && wld->v == -1 && wld->k == -1);
        }
        for (p = 0; p < 5; p++) {
            free(pair[p].w);
            free(pair[p].o);
        }
        report("MPI_SHORT_INT, MPI_2INT, MPI_FLOAT_INT, MPI_LONG_INT, MPI_LONG_DOUBLE_INT: MPI_MAXLOC, MPI_MINLOC");
    }

    /* MPI_Fetch_and_op with MPI_DOUBLE_INT and MPI_SHORT_INT: MPI_MAXLOC from every process to rank 0, one at
     * a time (each sees the maximum of those before it), then MPI_NO_OP reads the result */
    {
        /* (in malloc's memory, as above) */
        struct both { struct di d; struct si s; };
        struct both *wb = (struct both *)malloc(sizeof *wb), *ob = (struct both *)malloc(sizeof *ob);
        struct both *rb = (struct both *)malloc(sizeof *rb), *nb = (struct both *)malloc(sizeof *nb);
        struct di *wd = &wb->d, *od = &ob->d, *rd = &rb->d, *nd = &nb->d;
        struct si *wsh = &wb->s, *osh = &ob->s, *rsh = &rb->s, *nsh = &nb->s;
        MPI_Win wind, wins;
        int r, best = 0, seen_ok = 1;
        for (r = 1; r < size; r++)
            if (val(r, 3) > val(best, 3))
                best = r;
        wd->v = -1.0, wd->k = -1, wsh->v = -1, wsh->k = -1;
        od->v = 0.5 * val(rank, 3), od->k = rank;
        osh->v = (short)val(rank, 3), osh->k = rank;
        MPI_Win_create(wd, sizeof *wd, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &wind);
        MPI_Win_create(wsh, sizeof *wsh, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &wins);
        for (r = 0; r < size; r++) {
            if (r == rank) {
                MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, wind);
                MPI_Fetch_and_op(od, rd, MPI_DOUBLE_INT, 0, 0, MPI_MAXLOC, wind);
                MPI_Win_unlock(0, wind);
                MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, wins);
                MPI_Fetch_and_op(osh, rsh, MPI_SHORT_INT, 0, 0, MPI_MAXLOC, wins);
                MPI_Win_unlock(0, wins);
            }
            MPI_Barrier(MPI_COMM_WORLD);
        }
        /* what each saw: the maximum of the ranks before it (or the initial -1) */
        {
            int b = -1, q;
            for (q = 0; q < rank; q++)
                if (b < 0 || val(q, 3) > val(b, 3))
                    b = q;
            if (b < 0)
                seen_ok = rd->v == -1.0 && rd->k == -1 && rsh->v == -1 && rsh->k == -1;
            else
                seen_ok = rd->v == 0.5 * val(b, 3) && rd->k == b && rsh->v == val(b, 3) && rsh->k == b;
        }
        check(seen_ok);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, wind);
        MPI_Fetch_and_op(NULL, nd, MPI_DOUBLE_INT, 0, 0, MPI_NO_OP, wind);
        MPI_Win_unlock(0, wind);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, wins);
        MPI_Fetch_and_op(NULL, nsh, MPI_SHORT_INT, 0, 0, MPI_NO_OP, wins);
        MPI_Win_unlock(0, wins);
        check(nd->v == 0.5 * val(best, 3) && nd->k == best && nsh->v == val(best, 3) && nsh->k == best);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_free(&wind);
        MPI_Win_free(&wins);
        free(wb);
        free(ob);
        free(rb);
        free(nb);
        report("MPI_Fetch_and_op: MPI_MAXLOC of MPI_DOUBLE_INT and MPI_SHORT_INT, then MPI_NO_OP");
    }

    /* MPI_Get_accumulate with derived types on all three sides: MPI_MINLOC of MPI_2INT and of MPI_DOUBLE_INT
     * from a vector onto an indexed type of the right neighbour's window, the old pairs into a vector */
    {
        struct di wd[8], od[8], rd[8];
        struct ii wi[8], oi[8], ri[8];
        MPI_Datatype ovd, tid, rvd, ovi, tii, rvi;
        MPI_Win wind, wini;
        int blens[2] = {2, 1}, disps[2] = {1, 6};
        for (i = 0; i < 8; i++) {
            wd[i].v = 10.0 * rank + i, wd[i].k = 100 * rank + i;
            wi[i].v = 10 * rank + i, wi[i].k = 100 * rank + i;
            od[i].v = 5.0 * rank + 0.5, od[i].k = -rank;
            oi[i].v = i == 2 ? 10 * rank + 50 : 5 * rank - 20, oi[i].k = -rank;
            rd[i].v = -7, rd[i].k = -7, ri[i].v = -7, ri[i].k = -7;
        }
        MPI_Type_vector(3, 1, 2, MPI_DOUBLE_INT, &ovd);     /* origin 0, 2, 4 */
        MPI_Type_indexed(2, blens, disps, MPI_DOUBLE_INT, &tid);   /* target 1, 2, 6 */
        MPI_Type_vector(3, 1, 3, MPI_DOUBLE_INT, &rvd);     /* result 0, 3, 6 */
        MPI_Type_vector(3, 1, 2, MPI_2INT, &ovi);
        MPI_Type_indexed(2, blens, disps, MPI_2INT, &tii);
        MPI_Type_vector(3, 1, 3, MPI_2INT, &rvi);
        MPI_Type_commit(&ovd);
        MPI_Type_commit(&tid);
        MPI_Type_commit(&rvd);
        MPI_Type_commit(&ovi);
        MPI_Type_commit(&tii);
        MPI_Type_commit(&rvi);
        MPI_Win_create(wd, sizeof wd, sizeof wd[0], MPI_INFO_NULL, MPI_COMM_WORLD, &wind);
        MPI_Win_create(wi, sizeof wi, sizeof wi[0], MPI_INFO_NULL, MPI_COMM_WORLD, &wini);
        MPI_Win_fence(0, wind);
        MPI_Win_fence(0, wini);
        MPI_Get_accumulate(od, 1, ovd, rd, 1, rvd, right, 0, 1, tid, MPI_MINLOC, wind);
        MPI_Get_accumulate(oi, 1, ovi, ri, 1, rvi, right, 0, 1, tii, MPI_MINLOC, wini);
        MPI_Win_fence(0, wind);
        MPI_Win_fence(0, wini);
        {
            int t[3] = {1, 2, 6}, o[3] = {0, 2, 4}, j;
            for (j = 0; j < 3; j++) {
                /* the old pair of the right neighbour's element t[j] */
                check(rd[3 * j].v == 10.0 * right + t[j] && rd[3 * j].k == 100 * right + t[j]);
                check(ri[3 * j].v == 10 * right + t[j] && ri[3 * j].k == 100 * right + t[j]);
            }
            for (i = 0; i < 8; i++)
                if (i % 3 != 0)
                    check(rd[i].v == -7 && rd[i].k == -7 && ri[i].v == -7 && ri[i].k == -7);
            /* own window: elements 1, 2, 6 got the left neighbour's origin 0, 2, 4 where smaller */
            for (i = 0; i < 8; i++) {
                double dv = 10.0 * rank + i;
                int dk = 100 * rank + i, iv = 10 * rank + i, ik = 100 * rank + i;
                for (j = 0; j < 3; j++)
                    if (t[j] == i) {
                        double ov = 5.0 * left + 0.5;
                        int oiv = o[j] == 2 ? 10 * left + 50 : 5 * left - 20;
                        if (ov < dv)
                            dv = ov, dk = -left;
                        if (oiv < iv || (oiv == iv && -left < ik))
                            iv = oiv, ik = -left;
                    }
                check(wd[i].v == dv && wd[i].k == dk && wi[i].v == iv && wi[i].k == ik);
            }
        }
        MPI_Win_free(&wind);
        MPI_Win_free(&wini);
        MPI_Type_free(&ovd);
        MPI_Type_free(&tid);
        MPI_Type_free(&rvd);
        MPI_Type_free(&ovi);
        MPI_Type_free(&tii);
        MPI_Type_free(&rvi);
        report("MPI_Get_accumulate MPI_MINLOC of MPI_DOUBLE_INT and MPI_2INT: vector, indexed and vector types");
    }

    if (rank == 0)
        printf("%s\n", failed ? "onesided_dtype: FAILED" : "onesided_dtype: all ok");
    MPI_Finalize();
    return 0;
}
