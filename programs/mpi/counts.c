/* counts.c - large counts (MPI-3): MPI_Count, MPI_Type_size_x, MPI_Type_get_extent_x and
 * MPI_Type_get_true_extent_x of predefined and derived types (vector, resized with a negative lower bound,
 * struct with gaps), MPI_Get_elements_x of received messages (whole items, a partial item of a struct),
 * MPI_Status_set_elements and MPI_Status_set_elements_x read back by MPI_Get_elements(_x) and MPI_Get_count,
 * counts beyond an int (up to 2^63 - 1 bytes) beside MPI_Status_set_cancelled's flag,
 * MPI_COUNT values sent round a ring, and MPI_ERR_ARG for a null result argument. Rank 0 prints; the output is
 * the same under MPICH. */
#include <stdio.h>
#include <mpi.h>
#include "check.h"

static void sizes(const char *name, MPI_Datatype t)
{
    MPI_Count size, lb, extent, tlb, textent;
    MPI_Type_size_x(t, &size);
    MPI_Type_get_extent_x(t, &lb, &extent);
    MPI_Type_get_true_extent_x(t, &tlb, &textent);
    if (rank == 0)
        printf("%-28s size %lld lb %lld extent %lld true_lb %lld true_extent %lld\n", name, size, lb, extent, tlb,
               textent);
    {
        int s;
        MPI_Aint l, e;
        MPI_Type_size(t, &s);
        MPI_Type_get_extent(t, &l, &e);
        check(s == size && l == lb && e == extent);
    }
}

static void elements(const char *name, MPI_Status *st, MPI_Datatype t)
{
    MPI_Count ex;
    int e, c;
    MPI_Get_elements_x(st, t, &ex);
    MPI_Get_elements(st, t, &e);
    MPI_Get_count(st, t, &c);
    check(ex == e);
    if (rank == 0)
        printf("  %-34s elements_x %lld elements %d count %d\n", name, ex, e, c);
}

static int run(void)
{
    MPI_Datatype vec, rsz, st;
    int bl[3] = { 1, 2, 1 }, err, cls;
    MPI_Aint d[3] = { 0, 8, 24 };
    MPI_Datatype ty[3] = { MPI_CHAR, MPI_INT, MPI_DOUBLE };
    MPI_Status status;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("counts: %d processes, sizeof(MPI_Count) %d\n", size, (int)sizeof(MPI_Count));
    check(sizeof(MPI_Count) >= sizeof(MPI_Aint) && sizeof(MPI_Count) == 8);

    MPI_Type_vector(3, 2, 5, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_create_resized(vec, -8, 64, &rsz);
    MPI_Type_commit(&rsz);
    MPI_Type_create_struct(3, bl, d, ty, &st);
    MPI_Type_commit(&st);
    sizes("MPI_INT", MPI_INT);
    sizes("MPI_DOUBLE", MPI_DOUBLE);
    sizes("MPI_COUNT", MPI_COUNT);
    sizes("MPI_DOUBLE_INT", MPI_DOUBLE_INT);
    sizes("vector 3x2 stride 5 of int", vec);
    sizes("the vector resized (-8, 64)", rsz);
    sizes("struct char, 2 int, double", st);
    report("type sizes and extents");

    /* received messages: rank r sends to r+1 */
    {
        int ibuf[32], i;
        double dbuf[16];
        int to = (rank + 1) % size, from = (rank + size - 1) % size;
        for (i = 0; i < 32; i++)
            ibuf[i] = i;
        if (rank == 0)
            printf("received:\n");
        MPI_Sendrecv(ibuf, 13, MPI_INT, to, 1, ibuf + 16, 16, MPI_INT, from, 1, MPI_COMM_WORLD, &status);
        elements("13 ints as MPI_INT", &status, MPI_INT);
        elements("13 ints as the vector", &status, vec);
        elements("13 ints as MPI_BYTE", &status, MPI_BYTE);
        /* one struct (17 bytes of data), then 22 bytes: a struct, a char and an int */
        MPI_Sendrecv(dbuf, 1, st, to, 2, dbuf + 8, 2, st, from, 2, MPI_COMM_WORLD, &status);
        elements("one struct as the struct", &status, st);
        elements("one struct as MPI_BYTE", &status, MPI_BYTE);
        MPI_Sendrecv(ibuf, 22, MPI_BYTE, to, 3, dbuf + 8, 2, st, from, 3, MPI_COMM_WORLD, &status);
        elements("22 bytes into the struct (partial)", &status, st);
    }
    report("MPI_Get_elements_x of received messages");

    /* set and read back */
    if (rank == 0)
        printf("set:\n");
    MPI_Status_set_elements(&status, MPI_INT, 10);
    elements("set_elements(MPI_INT, 10)", &status, MPI_INT);
    MPI_Status_set_elements_x(&status, MPI_INT, 10);
    elements("set_elements_x(MPI_INT, 10)", &status, MPI_INT);
    MPI_Status_set_elements_x(&status, vec, 3);
    elements("set_elements_x(vector, 3)", &status, vec);
    elements("  read as MPI_INT", &status, MPI_INT);
    MPI_Status_set_elements(&status, st, 2);
    elements("set_elements(struct, 2)", &status, st);
    elements("  read as MPI_BYTE", &status, MPI_BYTE);
    MPI_Status_set_elements_x(&status, MPI_DOUBLE, 1000000);
    elements("set_elements_x(MPI_DOUBLE, 10^6)", &status, MPI_DOUBLE);
    elements("  read as MPI_INT", &status, MPI_INT);
    MPI_Status_set_elements_x(&status, MPI_BYTE, 0);
    elements("set_elements_x(MPI_BYTE, 0)", &status, MPI_INT);
    report("MPI_Status_set_elements(_x)");

    /* counts beyond an int, with MPI_Status_set_cancelled on either side (MPICH's big_count_status) */
    {
        static const MPI_Count big[] = { 60, 0x7fffffffLL, 0x80000000LL, 0x3654321f71234567LL,
                                         0x7654321ff1234567LL };
        int i, c, fl;
        MPI_Count got;
        for (i = 0; i < 5; i++)
            for (c = 0; c < 2; c++) {
                MPI_Status_set_cancelled(&status, c);
                MPI_Status_set_elements_x(&status, MPI_BYTE, big[i]);
                MPI_Get_elements_x(&status, MPI_BYTE, &got);
                MPI_Test_cancelled(&status, &fl);
                check(got == big[i] && fl == c);
                MPI_Status_set_cancelled(&status, !c);
                MPI_Get_elements_x(&status, MPI_BYTE, &got);
                MPI_Test_cancelled(&status, &fl);
                check(got == big[i] && fl == !c);
            }
        /* 3 * 2^31 ints of the vector (6 ints an item): 2^32 items */
        MPI_Status_set_elements_x(&status, MPI_INT, 3LL << 32);
        MPI_Get_elements_x(&status, vec, &got);
        check(got == 3LL << 32);
        if (rank == 0)
            printf("set_elements_x(MPI_INT, 3*2^32) read as the vector: %lld elements\n", got);
        if (rank == 0) {     /* rank 0 only: MPICH takes a while over 2^31 items of a struct */
            MPI_Status_set_elements_x(&status, st, 1LL << 31);
            MPI_Get_elements_x(&status, MPI_BYTE, &got);
            printf("set_elements_x(struct, 2^31) read as MPI_BYTE: %lld\n", got);
            MPI_Get_elements_x(&status, st, &got);
            printf("  read as the struct: %lld elements\n", got);
        }
    }
    report("counts beyond an int, with the cancelled flag");

    /* MPI_COUNT values round the ring */
    {
        MPI_Count v[2], got[2] = { 0, 0 }, sum;
        v[0] = 5000000000LL + rank;
        v[1] = -(1LL << 40) - rank;
        MPI_Sendrecv(v, 2, MPI_COUNT, (rank + 1) % size, 4, got, 2, MPI_COUNT, (rank + size - 1) % size, 4,
                     MPI_COMM_WORLD, &status);
        check(got[0] == 5000000000LL + (rank + size - 1) % size && got[1] == -(1LL << 40) - (rank + size - 1) % size);
        MPI_Allreduce(&v[0], &sum, 1, MPI_COUNT, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0)
            printf("MPI_COUNT: sum of 5000000000 + r over the ranks %lld\n", sum);
    }
    report("MPI_COUNT sent and reduced");

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Type_size_x(MPI_INT, 0);
    MPI_Error_class(err, &cls);
    check(cls == MPI_ERR_ARG);
    err = MPI_Type_get_true_extent_x(MPI_INT, 0, 0);
    MPI_Error_class(err, &cls);
    check(cls == MPI_ERR_ARG);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("null arguments: MPI_ERR_ARG");

    MPI_Type_free(&vec);
    MPI_Type_free(&rsz);
    MPI_Type_free(&st);
    if (rank == 0)
        printf("counts: %s\n", failed ? "FAILED" : "OK");
    return failed;
}

int main(int argc, char **argv)
{
    int status;
    MPI_Init(&argc, &argv);
    status = run();
    MPI_Finalize();
    return status;
}
