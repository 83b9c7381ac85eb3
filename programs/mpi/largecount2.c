/* largecount2.c - the rest of MPI-4's large-count functions (the `_c` bindings) of functions libmpi has:
 * MPI_Type_create_darray_c, MPI_Type_create_hindexed_block_c, MPI_Type_get_envelope_c, MPI_Type_get_contents_c,
 * MPI_Pack_external_c, MPI_Unpack_external_c, MPI_Pack_external_size_c, MPI_Mrecv_c and MPI_Imrecv_c. Each `_c`
 * result is compared with its int function's; envelopes and contents are asked of datatypes built by the int
 * constructors (a `_c` constructor may keep its counts as large counts, MPICH's do). Every process checks; rank 0
 * prints what it found. The output is the same under MPICH. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

static void show(const char *name, MPI_Datatype t)
{
    MPI_Count size, lb, extent;
    MPI_Type_size_c(t, &size);
    MPI_Type_get_extent_c(t, &lb, &extent);
    if (rank == 0)
        printf("  %-34s size %lld lb %lld extent %lld\n", name, (long long)size, (long long)lb, (long long)extent);
}

/* The same type map: the same bytes packed from the same buffer. */
static int same(MPI_Datatype a, MPI_Datatype b)
{
    int buf[64], pa[64], pb[64], sa, sb, i, posa = 0, posb = 0;
    for (i = 0; i < 64; i++)
        buf[i] = 1000 + i;
    MPI_Pack_size(1, a, MPI_COMM_WORLD, &sa);
    MPI_Pack_size(1, b, MPI_COMM_WORLD, &sb);
    if (sa != sb || sa > (int)sizeof pa)
        return 0;
    MPI_Pack(buf, 1, a, pa, sizeof pa, &posa, MPI_COMM_WORLD);
    MPI_Pack(buf, 1, b, pb, sizeof pb, &posb, MPI_COMM_WORLD);
    return posa == posb && memcmp(pa, pb, posa) == 0;
}

static void datatypes(void)
{
    MPI_Count gsizes_c[2] = {8, 6}, displs_c[3] = {0, 20, 40}, ni, na, nl, nd;
    int gsizes[2] = {8, 6}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {2, 2}, r, combiner, ints[8], i;
    MPI_Aint displs[3] = {0, 20, 40}, addrs[8];
    MPI_Datatype dc, d, hc, h, types[2];
    char name[64];
    for (r = 0; r < 4; r++) {
        MPI_Type_create_darray_c(4, r, 2, gsizes_c, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &dc);
        MPI_Type_create_darray(4, r, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &d);
        MPI_Type_commit(&dc);
        MPI_Type_commit(&d);
        sprintf(name, "darray 8x6 block, cyclic(2): rank %d", r);
        show(name, dc);
        check(same(dc, d));
        MPI_Type_free(&dc);
        MPI_Type_free(&d);
    }
    MPI_Type_create_hindexed_block_c(3, 2, displs_c, MPI_INT, &hc);
    MPI_Type_create_hindexed_block(3, 2, displs, MPI_INT, &h);
    MPI_Type_commit(&hc);
    MPI_Type_commit(&h);
    show("hindexed_block 2 at (0,20,40) bytes", hc);
    check(same(hc, h));
    /* the envelope and contents of the int constructor's type */
    MPI_Type_get_envelope_c(h, &ni, &na, &nl, &nd, &combiner);
    check(combiner == MPI_COMBINER_HINDEXED_BLOCK);
    if (rank == 0)
        printf("  its envelope: %lld integers, %lld addresses, %lld large counts, %lld datatypes\n", (long long)ni,
               (long long)na, (long long)nl, (long long)nd);
    for (i = 0; i < 8; i++)
        ints[i] = -1, addrs[i] = -1;
    MPI_Type_get_contents_c(h, ni, na, nl, nd, ints, addrs, 0, types);
    if (rank == 0)
        printf("  its contents: integers %d %d, addresses %ld %ld %ld, the type MPI_INT: %s\n", ints[0], ints[1],
               (long)addrs[0], (long)addrs[1], (long)addrs[2], types[0] == MPI_INT ? "yes" : "no");
    check(ints[2] == -1 && addrs[3] == -1);
    MPI_Type_get_envelope_c(MPI_DOUBLE, &ni, &na, &nl, &nd, &combiner);
    check(combiner == MPI_COMBINER_NAMED && ni == 0 && na == 0 && nl == 0 && nd == 0);
    MPI_Type_free(&hc);
    MPI_Type_free(&h);
}

static void external(void)
{
    int in[5] = {1, -2, 300000, 4, 0x12345678}, out[5], i;
    unsigned char packed[64];
    MPI_Count size, pos = 0, upos = 0;
    MPI_Aint isize;
    MPI_Pack_external_size_c("external32", 5, MPI_INT, &size);
    MPI_Pack_external_size("external32", 5, MPI_INT, &isize);
    check(size == isize);
    MPI_Pack_external_c("external32", in, 5, MPI_INT, packed, (MPI_Count)1 << 40, &pos);
    MPI_Unpack_external_c("external32", packed, pos, &upos, out, 5, MPI_INT);
    for (i = 0; i < 5; i++)
        check(out[i] == in[i]);
    check(upos == pos);
    if (rank == 0)
        printf("  external32 of 5 ints: size %lld, packed %lld bytes (big-endian: %02x %02x %02x %02x), unpacked %lld\n",
               (long long)size, (long long)pos, packed[16], packed[17], packed[18], packed[19], (long long)upos);
}

static void matched(void)
{
    int to = (rank + 1) % size, from = (rank + size - 1) % size, buf[8], got[8], i;
    MPI_Message msg;
    MPI_Status st;
    MPI_Request req, sreq;
    MPI_Count n;
    for (i = 0; i < 3; i++)
        buf[i] = 100 * rank + i;
    /* a ring: a standard send may wait for its receiver (it does under a rendezvous protocol), so nonblocking */
    MPI_Isend(buf, 3, MPI_INT, to, 5, MPI_COMM_WORLD, &sreq);
    MPI_Mprobe(from, 5, MPI_COMM_WORLD, &msg, &st);
    memset(got, 0, sizeof got);
    /* a receive's count is a limit: one beyond an int takes the 3 that came */
    MPI_Mrecv_c(got, ((MPI_Count)1 << 32) + 5, MPI_INT, &msg, &st);
    MPI_Get_count_c(&st, MPI_INT, &n);
    check(n == 3 && msg == MPI_MESSAGE_NULL && st.MPI_SOURCE == from);
    for (i = 0; i < 3; i++)
        check(got[i] == 100 * from + i);
    MPI_Wait(&sreq, MPI_STATUS_IGNORE);
    if (rank == 0)
        printf("  MPI_Mrecv_c with count 2^32 + 5: %lld ints from %d\n", (long long)n, st.MPI_SOURCE);
    for (i = 0; i < 4; i++)
        buf[i] = 200 * rank + i;
    MPI_Isend(buf, 4, MPI_INT, to, 6, MPI_COMM_WORLD, &sreq);
    MPI_Mprobe(from, 6, MPI_COMM_WORLD, &msg, &st);
    MPI_Imrecv_c(got, 8, MPI_INT, &msg, &req);
    MPI_Wait(&req, &st);
    MPI_Wait(&sreq, MPI_STATUS_IGNORE);
    MPI_Get_count_c(&st, MPI_INT, &n);
    check(n == 4);
    for (i = 0; i < 4; i++)
        check(got[i] == 200 * from + i);
    if (rank == 0)
        printf("  MPI_Imrecv_c: %lld ints from %d\n", (long long)n, st.MPI_SOURCE);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("largecount2: %d processes\n", size);
    datatypes();
    report("darray, hindexed_block, envelope and contents with MPI_Count arguments");
    external();
    report("external32 with MPI_Count arguments");
    matched();
    report("matched receives with MPI_Count counts");
    if (rank == 0)
        printf("largecount2: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
