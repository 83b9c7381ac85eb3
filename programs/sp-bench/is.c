/* is.c - the NAS Parallel Benchmarks' IS kernel (integer sort, NPB 2.3's MPI version as its specification
 * describes it), written for this project in C over MPI: the parallel bucket sort of the seed's Table 3 row IS
 * (docs/sp-tables.md). Unmodified MPI: it runs on SCMP, the T3D and the SP.
 *
 * The keys are NAS's: key i (of TOTAL_KEYS, spread in equal blocks over the processes) is MAX_KEY/4 times the sum
 * of four numbers of NAS's generator randlc (x <- 5^13 x mod 2^46, seed 314159265, each number x / 2^46), here
 * in exact 64-bit integer arithmetic, which gives the same keys as the double arithmetic of the reference code.
 * Each of the MAX_ITERATIONS (10) rankings sets two keys by the iteration number (as NAS does), counts the keys of
 * each bucket, sums the counts over the processes (MPI_Allreduce, which also carries the five test keys), gives
 * each process a run of buckets holding about TOTAL_KEYS/p keys, sends the keys there (MPI_Alltoall of the counts,
 * MPI_Alltoallv of the keys) and ranks them by counting. Verification, as NAS does: the partial verification of
 * the five test keys' ranks in every iteration (against NAS's own class S values when the size is class S), and
 * after the last ranking the full verification (every process's keys sorted, and in order across processes).
 * Besides, at every size, each test key's rank is checked against a direct count of the smaller keys.
 *
 * Arguments: [LOG2_KEYS [LOG2_MAX_KEY [LOG2_BUCKETS]]], default 16 11 9: class S (65536 keys below 2048, 512
 * buckets). The number of processes must be a power of 2 that divides the keys. Prints the timed rankings' time
 * and "verify: is: OK" (or FAILED).
 * Run: scmpcc -O1 is.c -lmpi && scmpsim -n 4 a.out [ARGS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5
#define MASK46 ((1ULL << 46) - 1)
#define A 1220703125ULL /* 5^13 */
#define SEED 314159265ULL

/* NAS's class S test keys (indices into the global key array) and their ranks (NPB 2.3, is.c). */
static const int s_test_index[TEST_ARRAY_SIZE] = {48427, 17148, 23627, 62548, 4431};
static const int s_test_rank[TEST_ARRAY_SIZE] = {0, 18, 346, 64917, 65463};

static int total_keys, max_key, num_buckets, num_keys, shift, is_class_s;
static int my_rank, procs;
static int *key_array, *key_buff1, *key_buff2, *bucket_size, *bucket_totals, *bucket_ptrs;
static int *send_count, *recv_count, *send_displ, *recv_displ, *bucket_first, *bucket_last;
static int test_index[TEST_ARRAY_SIZE], test_rank[TEST_ARRAY_SIZE], test_vals[TEST_ARRAY_SIZE];
static int found_rank[TEST_ARRAY_SIZE]; /* the last ranking's rank of each test key this process holds */
static int passed, failed, total_local_keys, min_key_val;

/* a * x mod 2^46, exactly, for a < 2^31 and x < 2^46. */
static unsigned long long mulmod46(unsigned long long a, unsigned long long x) {
    unsigned long long hi = x >> 23, lo = x & ((1ULL << 23) - 1);
    return ((((a * hi) & ((1ULL << 23) - 1)) << 23) + a * lo) & MASK46;
}

/* The generator's state after `n` steps from `x`: x * A^n mod 2^46 (NAS's find_my_seed). */
static unsigned long long skip(unsigned long long x, unsigned long long n) {
    unsigned long long p = A;
    while (n) {
        if (n & 1)
            x = mulmod46(p, x);
        p = mulmod46(p, p);
        n >>= 1;
    }
    return x;
}

static void create_seq(void) {
    unsigned long long x = skip(SEED, 4ULL * num_keys * my_rank);
    for (int i = 0; i < num_keys; i++) {
        unsigned long long sum = 0;
        for (int k = 0; k < 4; k++) {
            x = mulmod46(A, x);
            sum += x;
        }
        /* MAX_KEY/4 * (sum / 2^46), truncated: the reference code's k*x in doubles is exact, so this is equal. */
        key_array[i] = (int)(((unsigned long long)(max_key / 4) * sum) >> 46);
    }
}

static void *need(size_t bytes) {
    void *p = malloc(bytes);
    if (p == 0) {
        fprintf(stderr, "is: no memory for %lu bytes\n", (unsigned long)bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

static void rank_keys(int iteration) {
    int i, j;
    if (my_rank == 0) {
        key_array[iteration] = iteration;
        key_array[iteration + MAX_ITERATIONS] = max_key - iteration;
    }
    for (i = 0; i < num_buckets + TEST_ARRAY_SIZE; i++)
        bucket_size[i] = 0;
    /* The test keys ride on the bucket counts' sum: only their holder gives a value. */
    for (i = 0; i < TEST_ARRAY_SIZE; i++)
        if (test_index[i] / num_keys == my_rank)
            bucket_size[num_buckets + i] = key_array[test_index[i] % num_keys];
    for (i = 0; i < num_keys; i++)
        bucket_size[key_array[i] >> shift]++;
    bucket_ptrs[0] = 0;
    for (i = 1; i < num_buckets; i++)
        bucket_ptrs[i] = bucket_ptrs[i - 1] + bucket_size[i - 1];
    for (i = 0; i < num_keys; i++)
        key_buff1[bucket_ptrs[key_array[i] >> shift]++] = key_array[i];
    MPI_Allreduce(bucket_size, bucket_totals, num_buckets + TEST_ARRAY_SIZE, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < TEST_ARRAY_SIZE; i++)
        test_vals[i] = bucket_totals[num_buckets + i];

    /* Each process takes a run of buckets until the runs so far hold (j+1)*num_keys keys (NAS's distribution). */
    int sum = 0, local = 0;
    for (j = 0; j < procs; j++) {
        send_count[j] = 0;
        bucket_first[j] = num_buckets;
        bucket_last[j] = num_buckets - 1;
    }
    send_displ[0] = 0;
    bucket_first[0] = 0;
    for (i = 0, j = 0; i < num_buckets; i++) {
        sum += bucket_totals[i];
        local += bucket_size[i];
        if (sum >= (j + 1) * num_keys || i == num_buckets - 1) {
            send_count[j] = local;
            if (j != 0) {
                send_displ[j] = send_displ[j - 1] + send_count[j - 1];
                bucket_first[j] = bucket_last[j - 1] + 1;
            }
            bucket_last[j++] = i;
            local = 0;
            if (j == procs)
                break;
        }
    }
    for (; j < procs; j++)
        send_displ[j] = send_displ[j - 1] + send_count[j - 1];

    MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
    recv_displ[0] = 0;
    for (i = 1; i < procs; i++)
        recv_displ[i] = recv_displ[i - 1] + recv_count[i - 1];
    total_local_keys = recv_displ[procs - 1] + recv_count[procs - 1];
    MPI_Alltoallv(key_buff1, send_count, send_displ, MPI_INT, key_buff2, recv_count, recv_displ, MPI_INT,
                  MPI_COMM_WORLD);

    /* Rank the keys of this process's buckets by counting. */
    min_key_val = bucket_first[my_rank] << shift;
    int max_key_val = ((bucket_last[my_rank] + 1) << shift) - 1;
    int span = max_key_val - min_key_val + 1;
    for (i = 0; i < span; i++)
        key_buff1[i] = 0;
    for (i = 0; i < total_local_keys; i++)
        key_buff1[key_buff2[i] - min_key_val]++;
    for (i = 0; i < span - 1; i++)
        key_buff1[i + 1] += key_buff1[i];
    int lesser = 0;
    for (i = 0; i < bucket_first[my_rank]; i++)
        lesser += bucket_totals[i];

    /* Partial verification: the holder of each test key's value checks its rank. */
    for (i = 0; i < TEST_ARRAY_SIZE; i++) {
        int k = test_vals[i];
        if (min_key_val <= k && k <= max_key_val && span > 0) {
            int key_rank = lesser + (k > min_key_val ? key_buff1[k - 1 - min_key_val] : 0);
            int want = test_rank[i] + (i <= 2 ? iteration : -iteration);
            if (!is_class_s || key_rank == want)
                passed++;
            else {
                printf("is: iteration %d: test key %d (value %d) has rank %d, NAS gives %d\n", iteration, i, k,
                       key_rank, want);
                failed++;
            }
            found_rank[i] = key_rank;
        }
    }
}

/* The rank of each test key counted directly (the keys below its value, over all processes), against the
 * bucket sort's: a check at every size. */
static void direct_check(void) {
    int mine[TEST_ARRAY_SIZE], all[TEST_ARRAY_SIZE], sorted_rank[TEST_ARRAY_SIZE], got[TEST_ARRAY_SIZE];
    for (int t = 0; t < TEST_ARRAY_SIZE; t++) {
        mine[t] = 0;
        for (int i = 0; i < num_keys; i++)
            mine[t] += key_array[i] < test_vals[t];
        got[t] = min_key_val <= test_vals[t] && test_vals[t] <= ((bucket_last[my_rank] + 1) << shift) - 1
                 ? found_rank[t] + 1 : 0;
    }
    MPI_Allreduce(mine, all, TEST_ARRAY_SIZE, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(got, sorted_rank, TEST_ARRAY_SIZE, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (int t = 0; t < TEST_ARRAY_SIZE; t++)
        if (sorted_rank[t] - 1 != all[t]) {
            if (my_rank == 0)
                printf("is: test key %d: bucket sort rank %d, direct count %d\n", t, sorted_rank[t] - 1, all[t]);
            failed++;
        }
}

/* Full verification: the keys sorted by their ranks, in order within and across processes. */
static void full_verify(void) {
    int i, j = 0, prev = -1;
    MPI_Status st;
    MPI_Request req;
    for (i = 0; i < total_local_keys; i++)
        key_array[--key_buff1[key_buff2[i] - min_key_val]] = key_buff2[i];
    if (my_rank > 0)
        MPI_Irecv(&prev, 1, MPI_INT, my_rank - 1, 1000, MPI_COMM_WORLD, &req);
    if (my_rank < procs - 1) {
        int last = total_local_keys > 0 ? key_array[total_local_keys - 1] : -1;
        MPI_Send(&last, 1, MPI_INT, my_rank + 1, 1000, MPI_COMM_WORLD);
    }
    if (my_rank > 0)
        MPI_Wait(&req, &st);
    for (i = 1; i < total_local_keys; i++)
        j += key_array[i - 1] > key_array[i];
    if (total_local_keys > 0 && prev > key_array[0])
        j++;
    if (j != 0) {
        printf("is: process %d: full verification: %d keys out of order\n", my_rank, j);
        failed++;
    } else
        passed++;
}

int main(int argc, char **argv) {
    int lk = 16, lm = 11, lb = 9;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &procs);
    if (argc > 1)
        lk = atoi(argv[1]);
    if (argc > 2)
        lm = atoi(argv[2]);
    if (argc > 3)
        lb = atoi(argv[3]);
    if (lk < 8 || lk > 20 || lm < 4 || lm > 20 || lb < 1 || lb > lm || (procs & (procs - 1)) != 0
        || (1 << lk) % procs != 0 || (1 << lk) / procs < 2 * MAX_ITERATIONS) {
        if (my_rank == 0)
            fprintf(stderr, "is: usage: is [LOG2_KEYS 8..20 [LOG2_MAX_KEY 4..20 [LOG2_BUCKETS]]] on a power of 2 "
                    "of processes\n");
        MPI_Finalize();
        return 2;
    }
    total_keys = 1 << lk;
    max_key = 1 << lm;
    num_buckets = 1 << lb;
    shift = lm - lb;
    num_keys = total_keys / procs;
    is_class_s = lk == 16 && lm == 11 && lb == 9;
    for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
        /* Other sizes take the class S indices scaled to the keys; only the direct check applies to them. */
        test_index[i] = is_class_s ? s_test_index[i] : (int)((long long)s_test_index[i] * total_keys / 65536);
        test_rank[i] = s_test_rank[i];
    }
    int room = total_keys > max_key ? total_keys : max_key;
    key_array = need(sizeof(int) * total_keys); /* full_verify sorts the keys this process received into it */
    key_buff1 = need(sizeof(int) * room);
    key_buff2 = need(sizeof(int) * total_keys);
    bucket_size = need(sizeof(int) * (num_buckets + TEST_ARRAY_SIZE));
    bucket_totals = need(sizeof(int) * (num_buckets + TEST_ARRAY_SIZE));
    bucket_ptrs = need(sizeof(int) * num_buckets);
    send_count = need(sizeof(int) * procs);
    recv_count = need(sizeof(int) * procs);
    send_displ = need(sizeof(int) * procs);
    recv_displ = need(sizeof(int) * procs);
    bucket_first = need(sizeof(int) * procs);
    bucket_last = need(sizeof(int) * procs);

    create_seq();
    rank_keys(1); /* the untimed first ranking, as NAS does */
    passed = failed = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int it = 1; it <= MAX_ITERATIONS; it++)
        rank_keys(it);
    double t = MPI_Wtime() - t0, tmax;
    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    direct_check();
    full_verify();
    int counts[2] = {passed, failed}, sums[2];
    MPI_Reduce(counts, sums, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (my_rank == 0) {
        int ok = sums[1] == 0 && sums[0] == TEST_ARRAY_SIZE * MAX_ITERATIONS + procs;
        printf("is: %d keys below %d, %d buckets, %d processes, %d rankings\n", total_keys, max_key, num_buckets,
               procs, MAX_ITERATIONS);
        printf("is: timed %.1f us\n", tmax * 1e6);
        printf("verify: is: %s\n", ok ? "OK" : "FAILED");
    }
    MPI_Finalize();
    return 0;
}
