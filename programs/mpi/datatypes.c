/* datatypes.c - derived datatypes and MPI_Pack: sizes, bounds and extents of predefined and derived types
 * (vector, hvector, indexed, hindexed, indexed_block, struct with MPI_Get_address, MPI_LB/MPI_UB markers,
 * resized, contiguous); messages whose layouts differ on the two sides (a matrix column sent as a vector and
 * received contiguous, and back; columns of doubles; arrays of structs with padding; an upper triangle);
 * Pack/Unpack of mixed data sent as MPI_PACKED; MPI_Get_count and MPI_Get_elements on partial items.
 * Rank 0 prints; every rank checks what it received. Runs on any number of ranks >= 2. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define N 24

struct item {
    int a;
    double b;
    char c[3];
};

static int failed;

static void check(int ok, const char *what)
{
    if (!ok) {
        failed = 1;
        printf("FAILED: %s\n", what);
    }
}

static void show(const char *name, MPI_Datatype t)
{
    int size;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &extent);
    MPI_Type_get_true_extent(t, &tlb, &textent);
    printf("%-16s size %3d lb %3ld extent %3ld true lb %3ld true extent %3ld\n", name, size, (long)lb,
           (long)extent, (long)tlb, (long)textent);
}

static MPI_Datatype item_type(void)
{
    struct item it;
    int bl[3] = {1, 1, 3};
    MPI_Aint base, d[3];
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, t;
    MPI_Get_address(&it, &base);
    MPI_Get_address(&it.a, &d[0]);
    MPI_Get_address(&it.b, &d[1]);
    MPI_Get_address(&it.c, &d[2]);
    d[0] -= base;
    d[1] -= base;
    d[2] -= base;
    MPI_Type_create_struct(3, bl, d, types, &t);
    MPI_Type_commit(&t);
    return t;
}

static void types(int rank)
{
    MPI_Datatype t;
    int size, bl[3] = {1, 2, 3}, disp[3] = {5, 0, 10};
    MPI_Aint hd[3] = {-4, 0, 12};
    MPI_Datatype marks[3] = {MPI_LB, MPI_INT, MPI_UB};
    int one[3] = {1, 1, 1};
    if (rank != 0)
        return;
    show("MPI_CHAR", MPI_CHAR);
    show("MPI_SHORT", MPI_SHORT);
    show("MPI_INT", MPI_INT);
    show("MPI_FLOAT", MPI_FLOAT);
    show("MPI_DOUBLE", MPI_DOUBLE);
    show("MPI_LONG_LONG", MPI_LONG_LONG_INT);
    show("MPI_BYTE", MPI_BYTE);
    show("MPI_PACKED", MPI_PACKED);
    show("MPI_2INT", MPI_2INT);
    show("MPI_FLOAT_INT", MPI_FLOAT_INT);
    show("MPI_DOUBLE_INT", MPI_DOUBLE_INT);
    show("MPI_SHORT_INT", MPI_SHORT_INT);
    /* these follow the C types of the platform */
    MPI_Type_size(MPI_LONG, &size);
    check(size == (int)sizeof(long), "MPI_LONG is a long");
    MPI_Type_size(MPI_UNSIGNED_LONG, &size);
    check(size == (int)sizeof(unsigned long), "MPI_UNSIGNED_LONG is an unsigned long");
    MPI_Type_size(MPI_LONG_DOUBLE, &size);
    check(size == (int)sizeof(long double), "MPI_LONG_DOUBLE is a long double");
    MPI_Type_size(MPI_LONG_INT, &size);
    check(size == (int)(sizeof(long) + sizeof(int)), "MPI_LONG_INT is a long and an int");
    printf("MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_DOUBLE, MPI_LONG_INT: the sizes of the C types\n");

    MPI_Type_vector(3, 2, 5, MPI_INT, &t);
    show("vector 3x2/5", t);
    MPI_Type_free(&t);
    check(t == MPI_DATATYPE_NULL, "MPI_Type_free sets the handle to MPI_DATATYPE_NULL");
    MPI_Type_create_hvector(2, 3, 100, MPI_SHORT, &t);
    show("hvector 2x3/100B", t);
    MPI_Type_free(&t);
    MPI_Type_indexed(3, bl, disp, MPI_INT, &t);
    show("indexed", t);
    MPI_Type_free(&t);
    MPI_Type_create_hindexed(3, bl, hd, MPI_DOUBLE, &t);
    show("hindexed", t);
    MPI_Type_free(&t);
    MPI_Type_create_indexed_block(3, 2, disp, MPI_SHORT, &t);
    show("indexed_block", t);
    MPI_Type_free(&t);
    t = item_type();
    show("struct item", t);
    check((int)sizeof(struct item) == 24, "struct item is 24 bytes");
    MPI_Type_free(&t);
    MPI_Type_struct(3, one, hd, marks, &t);
    show("LB int UB", t);
    MPI_Type_free(&t);
    MPI_Type_create_resized(MPI_INT, 0, 12, &t);
    show("resized int/12", t);
    MPI_Type_free(&t);
    MPI_Type_contiguous(3, MPI_DOUBLE_INT, &t);
    show("3 MPI_DOUBLE_INT", t);
    MPI_Type_free(&t);
}

/* Rank 0 sends column r of an int matrix to rank r as a vector; rank r receives it contiguous, adds 1000,
 * and sends it back as a row, which rank 0 receives straight into column r of another matrix. */
static void columns(int rank, int size)
{
    static int a[N][N], back[N][N];
    int col[N], i, j, r, bad = 0;
    MPI_Datatype column;
    MPI_Type_vector(N, 1, N, MPI_INT, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                a[i][j] = 100 * i + j;
                back[i][j] = -1;
            }
        for (r = 1; r < size && r < N; r++)
            MPI_Send(&a[0][r], 1, column, r, 1, MPI_COMM_WORLD);
        for (r = 1; r < size && r < N; r++)
            MPI_Recv(&back[0][r], 1, column, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                if (back[i][j] != (j >= 1 && j < size ? 100 * i + j + 1000 : -1))
                    bad++;
        printf("int columns: %d ranks answered, wrong elements %d\n", size - 1 < N - 1 ? size - 1 : N - 1, bad);
        check(bad == 0, "int columns");
    } else if (rank < N) {
        MPI_Recv(col, N, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++) {
            check(col[i] == 100 * i + rank, "a column received contiguous");
            col[i] += 1000;
        }
        MPI_Send(col, N, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Type_free(&column);
}

/* Columns of doubles (two words per element) both ways, the receiver's column type too. */
static void double_columns(int rank, int size)
{
    static double m[N][N];
    int i, j, r, bad = 0;
    MPI_Datatype column;
    MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            m[i][j] = rank == 0 ? i + j / 100.0 : -1.0;
    if (rank == 0) {
        for (r = 1; r < size; r++)
            MPI_Send(&m[0][r % N], 1, column, r, 3, MPI_COMM_WORLD);
        for (r = 1; r < size; r++) {
            MPI_Recv(&m[0][(r + 1) % N], 1, column, r, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (i = 0; i < N; i++)
                if (m[i][(r + 1) % N] != i + (r % N) / 100.0 + 0.5)
                    bad++;
        }
        printf("double columns: wrong elements %d\n", bad);
        check(bad == 0, "double columns");
    } else {
        MPI_Recv(&m[0][rank % N], 1, column, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++) {
            check(m[i][rank % N] == i + (rank % N) / 100.0, "a double column");
            m[i][rank % N] += 0.5;
        }
        MPI_Send(&m[0][rank % N], 1, column, 0, 4, MPI_COMM_WORLD);
    }
    MPI_Type_free(&column);
}

/* An array of structs with padding, and the upper triangle of a matrix (indexed), to rank 1 and back. */
static void structs_and_triangle(int rank)
{
    struct item items[7];
    double t[6][6];
    int bl[6], disp[6], i, j, bad = 0;
    MPI_Datatype it = item_type(), upper;
    for (i = 0; i < 6; i++) {
        bl[i] = 6 - i;
        disp[i] = 7 * i;
    }
    MPI_Type_indexed(6, bl, disp, MPI_DOUBLE, &upper);
    MPI_Type_commit(&upper);
    for (i = 0; i < 7; i++) {
        items[i].a = rank == 0 ? i * i : -1;
        items[i].b = rank == 0 ? i / 4.0 : -1.0;
        items[i].c[0] = rank == 0 ? (char)('a' + i) : 0;
        items[i].c[1] = rank == 0 ? (char)('A' + i) : 0;
        items[i].c[2] = rank == 0 ? (char)('0' + i) : 0;
    }
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++)
            t[i][j] = rank == 0 ? 10 * i + j : -1.0;
    if (rank == 0) {
        MPI_Send(items, 7, it, 1, 5, MPI_COMM_WORLD);
        MPI_Send(t, 1, upper, 1, 6, MPI_COMM_WORLD);
        MPI_Recv(items, 7, it, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < 7; i++)
            if (items[i].a != i * i + 1 || items[i].b != i / 4.0 + 1 || items[i].c[0] != 'a' + i
                || items[i].c[1] != 'A' + i || items[i].c[2] != '0' + i)
                bad++;
        printf("structs: 7 sent and returned, wrong %d\n", bad);
        check(bad == 0, "structs");
    } else if (rank == 1) {
        MPI_Recv(items, 7, it, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(t, 1, upper, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < 6; i++)
            for (j = 0; j < 6; j++)
                check(t[i][j] == (j >= i ? 10 * i + j : -1.0), "the upper triangle, lower one untouched");
        for (i = 0; i < 7; i++) {
            items[i].a += 1;
            items[i].b += 1;
        }
        MPI_Send(items, 7, it, 0, 7, MPI_COMM_WORLD);
    }
    MPI_Type_free(&it);
    MPI_Type_free(&upper);
}

/* Small messages of a strided type, received into an indexed one (the eager path packs them). */
static void small_strided(int rank, int size)
{
    int src[6] = {1, 2, 3, 4, 5, 6}, dst[9], i, r;
    int bl[3] = {1, 1, 1}, disp[3] = {8, 4, 0};
    MPI_Datatype every_other, reversed;
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Type_indexed(3, bl, disp, MPI_INT, &reversed);
    MPI_Type_commit(&reversed);
    if (rank == 0) {
        for (r = 1; r < size; r++)
            MPI_Send(src, 1, every_other, r, 8, MPI_COMM_WORLD);
        printf("small strided messages: sent to %d ranks\n", size - 1);
    } else {
        for (i = 0; i < 9; i++)
            dst[i] = 0;
        MPI_Recv(dst, 1, reversed, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(dst[8] == 1 && dst[4] == 3 && dst[0] == 5 && dst[1] == 0 && dst[5] == 0, "every other int, reversed");
    }
    MPI_Type_free(&every_other);
    MPI_Type_free(&reversed);
}

/* Mixed data packed by rank 0 and sent as MPI_PACKED to everyone. */
static void packing(int rank, int size)
{
    char buf[256], name[16];
    int position = 0, n = 5, k, r, psize, total = 0;
    double v[5];
    for (k = 0; k < 5; k++)
        v[k] = rank == 0 ? k * 1.5 : 0.0;
    if (rank == 0) {
        MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Pack(v, n, MPI_DOUBLE, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Pack("scmp mpi", 9, MPI_CHAR, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &psize);
        total += psize;
        MPI_Pack_size(5, MPI_DOUBLE, MPI_COMM_WORLD, &psize);
        total += psize;
        MPI_Pack_size(9, MPI_CHAR, MPI_COMM_WORLD, &psize);
        total += psize;
        printf("packed %d bytes (MPI_Pack_size says at most %d)\n", position, total);
        check(position <= total, "MPI_Pack_size bounds MPI_Pack");
        for (r = 1; r < size; r++)
            MPI_Send(buf, position, MPI_PACKED, r, 9, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        int count;
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 9, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_PACKED, &count);
        MPI_Unpack(buf, count, &position, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &position, v, n, MPI_DOUBLE, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &position, name, 9, MPI_CHAR, MPI_COMM_WORLD);
        check(n == 5 && v[4] == 6.0 && strcmp(name, "scmp mpi") == 0 && position == count, "unpacked");
    }
}

/* Two ints and a double per item; messages of 3 ints and of 4 ints and a double. */
static void elements(int rank)
{
    int bl[2] = {2, 1}, count, elems;
    MPI_Aint d[2] = {0, 8};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE}, t;
    MPI_Status st;
    char buf[64];
    int three[3] = {1, 2, 3};
    struct { int i[4]; double d; } mixed = {{1, 2, 3, 4}, 5.0};
    MPI_Type_create_struct(2, bl, d, ty, &t);
    MPI_Type_commit(&t);
    if (rank == 1) {
        MPI_Send(three, 3, MPI_INT, 0, 10, MPI_COMM_WORLD);
        MPI_Send(&mixed, 24, MPI_BYTE, 0, 11, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(buf, 2, t, 1, 10, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, t, &count);
        MPI_Get_elements(&st, t, &elems);
        printf("3 ints into {int, int, double}: count %s, elements %d\n",
               count == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined", elems);
        MPI_Recv(buf, 2, t, 1, 11, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, t, &count);
        MPI_Get_elements(&st, t, &elems);
        printf("24 bytes into {int, int, double}: count %s, elements %d\n",
               count == MPI_UNDEFINED ? "MPI_UNDEFINED" : "defined", elems);
        MPI_Get_count(&st, MPI_INT, &count);
        MPI_Get_elements(&st, MPI_INT, &elems);
        printf("the same as MPI_INT: count %d, elements %d\n", count, elems);
    }
    MPI_Type_free(&t);
}

int main(int argc, char **argv)
{
    int rank, size, any;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("datatypes: %d processes\n", size);
    types(rank);
    columns(rank, size);
    double_columns(rank, size);
    structs_and_triangle(rank);
    small_strided(rank, size);
    packing(rank, size);
    elements(rank);
    MPI_Reduce(&failed, &any, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("datatypes: %s\n", any ? "FAILED" : "OK");
    MPI_Finalize();
    return rank == 0 && any;
}
