/* fixedtypes.c - MPI-2.2's C datatypes of fixed width (MPI_INT8_T ... MPI_UINT64_T), MPI_C_BOOL, MPI_WCHAR and
 * MPI_OFFSET: their sizes and extents, a ring of sends of each, MPI_Allreduce with MPI_SUM, MPI_MAX and MPI_MIN
 * on the integers (values near each width's limits), MPI_LAND and MPI_LOR on MPI_C_BOOL, an MPI_Bcast of
 * wchar_t, and MPI_Pack_size and MPI_Pack/MPI_Unpack of an int64_t and a bool. Rank 0 prints what it received
 * and the reductions' results; the output is the same under MPICH. */
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <mpi.h>
#include "check.h"

static void sizes(void)
{
    static const struct { MPI_Datatype t; const char *name; int size; } ts[] = {
        { MPI_INT8_T, "MPI_INT8_T", 1 }, { MPI_UINT8_T, "MPI_UINT8_T", 1 }, { MPI_INT16_T, "MPI_INT16_T", 2 },
        { MPI_UINT16_T, "MPI_UINT16_T", 2 }, { MPI_INT32_T, "MPI_INT32_T", 4 }, { MPI_UINT32_T, "MPI_UINT32_T", 4 },
        { MPI_INT64_T, "MPI_INT64_T", 8 }, { MPI_UINT64_T, "MPI_UINT64_T", 8 },
        { MPI_C_BOOL, "MPI_C_BOOL", (int)sizeof(bool) }, { MPI_WCHAR, "MPI_WCHAR", (int)sizeof(wchar_t) },
        { MPI_OFFSET, "MPI_OFFSET", (int)sizeof(MPI_Offset) },
    };
    int i;
    for (i = 0; i < (int)(sizeof ts / sizeof ts[0]); i++) {
        int sz;
        MPI_Aint lb, ext;
        MPI_Type_size(ts[i].t, &sz);
        MPI_Type_get_extent(ts[i].t, &lb, &ext);
        check(sz == ts[i].size && lb == 0 && ext == ts[i].size);
        if (rank == 0)
            printf("%s: size %d, extent %ld\n", ts[i].name, sz, (long)ext);
    }
    report("sizes and extents");
}

/* Each rank sends its values to the next; rank 0 prints what came from the last. */
static void ring(void)
{
    int8_t i8 = (int8_t)(-100 - rank), r8;
    uint8_t u8 = (uint8_t)(200 + rank), ru8;
    int16_t i16 = (int16_t)(-30000 + rank), r16;
    uint16_t u16 = (uint16_t)(60000 + rank), ru16;
    int32_t i32 = -2000000000 + rank, r32;
    uint32_t u32 = 4000000000u + (uint32_t)rank, ru32;
    int64_t i64 = -9000000000000000000LL + rank, r64;
    uint64_t u64 = 18000000000000000000ULL + (uint64_t)rank, ru64;
    bool b = rank % 2, rb;
    wchar_t w = L'A' + rank, rw;
    MPI_Offset off = 5000000000LL * (rank + 1), roff;
    int to = (rank + 1) % size, from = (rank + size - 1) % size;
    MPI_Status st;

#define SHIFT(v, r, t) MPI_Sendrecv(&v, 1, t, to, 0, &r, 1, t, from, 0, MPI_COMM_WORLD, &st)
    SHIFT(i8, r8, MPI_INT8_T);
    SHIFT(u8, ru8, MPI_UINT8_T);
    SHIFT(i16, r16, MPI_INT16_T);
    SHIFT(u16, ru16, MPI_UINT16_T);
    SHIFT(i32, r32, MPI_INT32_T);
    SHIFT(u32, ru32, MPI_UINT32_T);
    SHIFT(i64, r64, MPI_INT64_T);
    SHIFT(u64, ru64, MPI_UINT64_T);
    SHIFT(b, rb, MPI_C_BOOL);
    SHIFT(w, rw, MPI_WCHAR);
    SHIFT(off, roff, MPI_OFFSET);
    check(r8 == (int8_t)(-100 - from) && ru8 == (uint8_t)(200 + from) && r16 == (int16_t)(-30000 + from));
    check(ru16 == (uint16_t)(60000 + from) && r32 == -2000000000 + from && ru32 == 4000000000u + (uint32_t)from);
    check(r64 == -9000000000000000000LL + from && ru64 == 18000000000000000000ULL + (uint64_t)from);
    check(rb == (from % 2 != 0) && rw == L'A' + from && roff == 5000000000LL * (from + 1));
    if (rank == 0)
        printf("ring from %d: %d %u %d %u %ld %lu %lld %llu %d %c %lld\n", from, r8, ru8, r16, ru16, (long)r32,
               (unsigned long)ru32, (long long)r64, (unsigned long long)ru64, rb, (char)rw, (long long)roff);
    report("sends of each type");
}

static void reductions(void)
{
    int8_t i8[3] = { (int8_t)(rank - 60), (int8_t)(-rank), (int8_t)(rank * 3) }, s8[3];
    uint16_t u16[2] = { (uint16_t)(1000 * rank), (uint16_t)(65535 - rank) }, s16[2];
    int64_t i64[2] = { 1000000000000LL * rank, -((int64_t)1 << 40) * (rank + 1) }, s64[2], m64[2];
    uint64_t u64 = (uint64_t)rank << 40, su64, mu64;
    uint32_t u32 = 3000000000u + (uint32_t)rank, xu32;
    bool b = rank != 1, land, lor;
    MPI_Offset off = (MPI_Offset)rank * 3000000000LL, soff;

    MPI_Allreduce(i8, s8, 3, MPI_INT8_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(u16, s16, 2, MPI_UINT16_T, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(i64, s64, 2, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(i64, m64, 2, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&u64, &su64, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&u64, &mu64, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&u32, &xu32, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&b, &land, 1, MPI_C_BOOL, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&b, &lor, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);
    MPI_Allreduce(&off, &soff, 1, MPI_OFFSET, MPI_SUM, MPI_COMM_WORLD);
    check(s8[0] == -60 && s8[1] == (int8_t)(1 - size) && s8[2] == 0);
    check(s16[0] == (uint16_t)(1000 * (size - 1)) && s16[1] == 65535);
    check(s64[0] == 1000000000000LL * size * (size - 1) / 2);
    check(s64[1] == -((int64_t)1 << 40) * size * (size + 1) / 2 && m64[1] == -((int64_t)1 << 40) * size);
    check(su64 == ((uint64_t)size * (size - 1) / 2) << 40 && mu64 == (uint64_t)(size - 1) << 40);
    check(xu32 == 3000000000u + (uint32_t)(size - 1) && !land && lor);
    check(soff == (MPI_Offset)size * (size - 1) / 2 * 3000000000LL);
    if (rank == 0) {
        printf("MPI_INT8_T min: %d %d %d\n", s8[0], s8[1], s8[2]);
        printf("MPI_UINT16_T max: %u %u\n", s16[0], s16[1]);
        printf("MPI_INT64_T sum: %lld %lld, min %lld %lld\n", (long long)s64[0], (long long)s64[1],
               (long long)m64[0], (long long)m64[1]);
        printf("MPI_UINT64_T sum %llu, max %llu\n", (unsigned long long)su64, (unsigned long long)mu64);
        printf("MPI_UINT32_T max %lu\n", (unsigned long)xu32);
        printf("MPI_C_BOOL land %d, lor %d\n", land, lor);
        printf("MPI_OFFSET sum %lld\n", (long long)soff);
    }
    report("reductions");
}

static void bcast_pack(void)
{
    wchar_t ws[6] = { 0 };
    int64_t v = -1234567890123LL, v2 = 0;
    bool b = true, b2 = false;
    char buf[64];
    int pos = 0, sz64, szb;
    if (rank == 0) {
        ws[0] = L'h';
        ws[1] = L'i';
        ws[2] = 0x263a;                                 /* a code point past 16 bits' lower half */
        ws[3] = 0x1f600;                                /* and past 16 bits */
    }
    MPI_Bcast(ws, 6, MPI_WCHAR, 0, MPI_COMM_WORLD);
    check(ws[0] == L'h' && ws[1] == L'i' && ws[2] == 0x263a && ws[3] == 0x1f600 && ws[4] == 0);
    MPI_Pack_size(1, MPI_INT64_T, MPI_COMM_WORLD, &sz64);
    MPI_Pack_size(1, MPI_C_BOOL, MPI_COMM_WORLD, &szb);
    MPI_Pack(&v, 1, MPI_INT64_T, buf, sizeof buf, &pos, MPI_COMM_WORLD);
    MPI_Pack(&b, 1, MPI_C_BOOL, buf, sizeof buf, &pos, MPI_COMM_WORLD);
    check(pos == 9 && sz64 >= 8 && szb >= 1);
    pos = 0;
    MPI_Unpack(buf, sizeof buf, &pos, &v2, 1, MPI_INT64_T, MPI_COMM_WORLD);
    MPI_Unpack(buf, sizeof buf, &pos, &b2, 1, MPI_C_BOOL, MPI_COMM_WORLD);
    check(v2 == v && b2 && pos == 9);
    if (rank == 0)
        printf("wchar_t broadcast: %lx %lx %lx %lx; packed int64_t and bool in %d bytes: %lld %d\n",
               (unsigned long)ws[0], (unsigned long)ws[1], (unsigned long)ws[2], (unsigned long)ws[3], pos,
               (long long)v2, b2);
    report("broadcast, pack and unpack");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    sizes();
    ring();
    reductions();
    bcast_pack();
    MPI_Finalize();
    return failed;
}
