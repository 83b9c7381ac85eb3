/* The types MPI_Compare_and_swap and MPI_Fetch_and_op take (MPI-3.1 11.3.4, 5.9.2): compare-and-swap one
 * element of a C integer, Fortran integer, logical, multi-language or byte type (MPI_ERR_TYPE for floating,
 * complex and MPI_PACKED; MPICH also takes MPI_CHAR and MPI_CHARACTER, and refuses MPI_WCHAR); fetch-and-op a
 * predefined type only (a derived one is MPI_ERR_TYPE). Before, floating types were swapped and a derived type
 * fetched. Rank 0 prints what every call returned; each valid call is checked against the window. */
#include <stdio.h>
#include <mpi.h>

static const char *what(int e)
{
    int c;
    if (e == MPI_SUCCESS)
        return "ok";
    MPI_Error_class(e, &c);
    return c == MPI_ERR_TYPE ? "MPI_ERR_TYPE" : c == MPI_ERR_OP ? "MPI_ERR_OP" : "another error";
}

int main(int argc, char **argv)
{
    struct {
        MPI_Datatype t;
        const char *n;
    } ts[] = {{MPI_INT, "MPI_INT"}, {MPI_BYTE, "MPI_BYTE"}, {MPI_CHAR, "MPI_CHAR"},
              {MPI_SIGNED_CHAR, "MPI_SIGNED_CHAR"}, {MPI_UNSIGNED_CHAR, "MPI_UNSIGNED_CHAR"},
              {MPI_WCHAR, "MPI_WCHAR"}, {MPI_C_BOOL, "MPI_C_BOOL"}, {MPI_LOGICAL, "MPI_LOGICAL"},
              {MPI_INTEGER, "MPI_INTEGER"}, {MPI_AINT, "MPI_AINT"}, {MPI_OFFSET, "MPI_OFFSET"},
              {MPI_COUNT, "MPI_COUNT"}, {MPI_INT64_T, "MPI_INT64_T"}, {MPI_LONG_LONG, "MPI_LONG_LONG"},
              {MPI_SHORT, "MPI_SHORT"}, {MPI_INTEGER1, "MPI_INTEGER1"}, {MPI_CHARACTER, "MPI_CHARACTER"},
              {MPI_FLOAT, "MPI_FLOAT"}, {MPI_DOUBLE, "MPI_DOUBLE"}, {MPI_REAL, "MPI_REAL"},
              {MPI_C_FLOAT_COMPLEX, "MPI_C_FLOAT_COMPLEX"}, {MPI_PACKED, "MPI_PACKED"}};
    long long buf[2] = {0, 0}, o[2] = {0, 0}, c[2] = {0, 0}, r[2];
    int i, rank, size, e, ok = 0, n = (int)(sizeof ts / sizeof ts[0]), target;
    MPI_Datatype v;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    target = (rank + 1) % size;
    MPI_Win_create(buf, sizeof buf, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    for (i = 0; i < n; i++) {
        MPI_Win_fence(0, win);
        buf[0] = 0;
        o[0] = -1;
        c[0] = 0;
        r[0] = 0x0505050505050505LL;
        MPI_Win_fence(0, win);
        e = MPI_Compare_and_swap(o, c, r, ts[i].t, target, 0, win);
        MPI_Win_fence(0, win);
        if (e == MPI_SUCCESS) {
            int k, bytes;
            MPI_Type_size(ts[i].t, &bytes);
            for (k = 0; k < bytes; k++)
                if (((unsigned char *)r)[k] != 0 || ((unsigned char *)buf)[k] != 0xff)
                    break;
            if (k < bytes)
                printf("rank %d: %s: byte %d: old %d, now %d\n", rank, ts[i].n, k, ((unsigned char *)r)[k],
                       ((unsigned char *)buf)[k]);
        }
        if (rank == 0)
            printf("MPI_Compare_and_swap %-20s %s\n", ts[i].n, what(e));
    }
    MPI_Type_contiguous(1, MPI_INT, &v);
    MPI_Type_commit(&v);
    MPI_Win_fence(0, win);
    e = MPI_Fetch_and_op(o, r, v, target, 0, MPI_SUM, win);
    if (rank == 0)
        printf("MPI_Fetch_and_op of a contiguous type: %s\n", what(e));
    e = MPI_Fetch_and_op(o, r, MPI_INT, target, 0, MPI_REPLACE, win);
    ok += e == MPI_SUCCESS;
    MPI_Win_fence(0, win);
    e = MPI_Fetch_and_op(o, r, MPI_INT, target, 0, MPI_NO_OP, win);
    ok += e == MPI_SUCCESS;
    MPI_Win_fence(0, win);
    if (rank == 0)
        printf("MPI_Fetch_and_op of MPI_INT, MPI_REPLACE then MPI_NO_OP: %d ok, %s\n", ok,
               r[0] == (long long)(int)-1 || (int)r[0] == -1 ? "the value put" : "another value");
    MPI_Type_free(&v);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
