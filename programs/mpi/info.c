/* Info objects (MPI-2 section 4.10, MPI-4's MPI_Info_get_string): keys in the order they were set, a value
 * replaced in place, truncated gets, lengths, deletion, duplicates that are independent, the errors the standard
 * names (MPI_ERR_INFO_KEY, MPI_ERR_INFO_VALUE, MPI_ERR_INFO_NOKEY, MPI_ERR_ARG, MPI_ERR_INFO) under
 * MPI_ERRORS_RETURN, a thousand objects at once; the calls that take info: MPI_Comm_set_info/get_info,
 * MPI_Comm_dup_with_info, a window's hints from MPI_Win_create and MPI_Win_set_info read back with
 * MPI_Win_get_info. Prints on rank 0; compared with MPICH's output (info.4.expected, info.16.expected). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int rank, errs;

static const char *cls(int code)
{
    int c;
    MPI_Error_class(code, &c);
    switch (c) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_INFO: return "MPI_ERR_INFO";
    case MPI_ERR_INFO_KEY: return "MPI_ERR_INFO_KEY";
    case MPI_ERR_INFO_VALUE: return "MPI_ERR_INFO_VALUE";
    case MPI_ERR_INFO_NOKEY: return "MPI_ERR_INFO_NOKEY";
    }
    return "another class";
}

static void say(const char *what, int code)
{
    if (rank == 0)
        printf("%s: %s\n", what, cls(code));
}

static void keys(const char *what, MPI_Info info)
{
    int n, i, len, flag;
    char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
    MPI_Info_get_nkeys(info, &n);
    if (rank == 0)
        printf("%s: %d keys:", what, n);
    for (i = 0; i < n; i++) {
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get_valuelen(info, key, &len, &flag);
        MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag);
        if (!flag || len != (int)strlen(value))
            errs++;
        if (rank == 0)
            printf(" %s=%s", key, value);
    }
    if (rank == 0)
        printf("\n");
}

int main(int argc, char **argv)
{
    MPI_Info info, dup, got, many[1000];
    char value[MPI_MAX_INFO_VAL + 1], big[MPI_MAX_INFO_VAL + 2], key[MPI_MAX_INFO_KEY + 2];
    int flag, len, i, j, n, size, sum;
    MPI_Comm comm;
    MPI_Win win;
    int mem[4];

    /* info calls may come before MPI_Init (MPI-4) */
    MPI_Info_create(&info);
    MPI_Info_set(info, "early", "yes");
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    keys("before MPI_Init", info);
    MPI_Info_set(info, "file", "runfile.txt");
    MPI_Info_set(info, "soft", "2:1000:4,3:1000:7");
    MPI_Info_set(info, "host", "myhost.myorg.org");
    keys("three more", info);
    MPI_Info_set(info, "file", "other.txt");        /* keeps its place */
    keys("file replaced", info);

    MPI_Info_get(info, "soft", 4, value, &flag);
    if (rank == 0)
        printf("get soft, valuelen 4: flag %d \"%s\"\n", flag, value);
    MPI_Info_get(info, "nothere", MPI_MAX_INFO_VAL, value, &flag);
    if (rank == 0)
        printf("get nothere: flag %d\n", flag);
    MPI_Info_get_valuelen(info, "host", &len, &flag);
    if (rank == 0)
        printf("valuelen host: flag %d len %d\n", flag, len);

    len = 0;
    value[0] = 'C';
    MPI_Info_get_string(info, "host", &len, value, &flag);
    if (rank == 0)
        printf("get_string host, buflen 0: flag %d buflen %d untouched %d\n", flag, len, value[0] == 'C');
    len = 7;
    MPI_Info_get_string(info, "host", &len, value, &flag);
    if (rank == 0)
        printf("get_string host, buflen 7: flag %d buflen %d \"%s\"\n", flag, len, value);
    len = 9;
    strcpy(value, "canary");
    MPI_Info_get_string(info, "nothere", &len, value, &flag);
    if (rank == 0)
        printf("get_string nothere: flag %d value \"%s\"\n", flag, value);

    MPI_Info_dup(info, &dup);
    MPI_Info_delete(info, "early");
    MPI_Info_set(dup, "dup", "only");
    keys("after delete", info);
    keys("its duplicate", dup);

    say("delete nothere", MPI_Info_delete(info, "nothere"));
    say("set empty key", MPI_Info_set(info, "", "v"));
    memset(key, 'k', MPI_MAX_INFO_KEY + 1);
    key[MPI_MAX_INFO_KEY + 1] = 0;
    say("set key of MPI_MAX_INFO_KEY + 1", MPI_Info_set(info, key, "v"));
    key[MPI_MAX_INFO_KEY] = 0;
    say("set key of MPI_MAX_INFO_KEY", MPI_Info_set(info, key, "v"));
    say("delete it", MPI_Info_delete(info, key));
    memset(big, 'v', MPI_MAX_INFO_VAL + 1);
    big[MPI_MAX_INFO_VAL + 1] = 0;
    say("set value of MPI_MAX_INFO_VAL + 1", MPI_Info_set(info, "big", big));
    big[MPI_MAX_INFO_VAL] = 0;
    say("set value of MPI_MAX_INFO_VAL", MPI_Info_set(info, "big", big));
    MPI_Info_get_valuelen(info, "big", &len, &flag);
    if (rank == 0)
        printf("its valuelen: %d\n", len);
    say("delete it", MPI_Info_delete(info, "big"));
    MPI_Info_get_nkeys(info, &n);
    say("nthkey n", MPI_Info_get_nthkey(info, n, key));
    say("nthkey -1", MPI_Info_get_nthkey(info, -1, key));
    say("get valuelen -1", MPI_Info_get(info, "host", -1, value, &flag));
    say("get of MPI_INFO_NULL", MPI_Info_get(MPI_INFO_NULL, "host", 10, value, &flag));
    say("set MPI_INFO_NULL", MPI_Info_set(MPI_INFO_NULL, "k", "v"));
    say("free MPI_INFO_NULL", MPI_Info_free(&dup) == MPI_SUCCESS ? MPI_Info_free(&dup) : -1);

    /* a thousand objects at once, freed, made again; on rank 0 (the others', on nodes of their own, were rank
     * 0's again: at -n 16 sixteen times the simulation for the same check) */
    for (j = 0; rank == 0 && j < 2; j++) {
        for (i = 0; i < 1000; i++) {
            char k[32], v[32];
            MPI_Info_create(&many[i]);
            for (n = 0; n < 4; n++) {
                sprintf(k, "key%d-%d", i, n);
                sprintf(v, "value%d-%d", i, n);
                MPI_Info_set(many[i], k, v);
            }
        }
        for (i = 0; i < 1000; i++) {
            char k[32], v[32];
            MPI_Info_get_nkeys(many[i], &n);
            if (n != 4)
                errs++;
            sprintf(k, "key%d-3", i);
            sprintf(v, "value%d-3", i);
            MPI_Info_get_nthkey(many[i], 3, key);
            MPI_Info_get(many[i], k, MPI_MAX_INFO_VAL, value, &flag);
            if (strcmp(key, k) || !flag || strcmp(value, v))
                errs++;
        }
        for (i = 0; i < 1000; i++)
            MPI_Info_free(&many[i]);
        if (many[999] != MPI_INFO_NULL)
            errs++;
    }
    if (rank == 0)
        printf("1000 objects of 4 keys, twice: %d errors\n", errs);

    /* communicators: hints accepted, the info in use a new object */
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    if (rank == 0)
        printf("MPI_Comm_dup_with_info: sum of ranks %d\n", sum);
    say("MPI_Comm_set_info", MPI_Comm_set_info(comm, info));
    say("MPI_Comm_get_info", MPI_Comm_get_info(comm, &got));
    say("its MPI_Info_free", MPI_Info_free(&got));
    MPI_Comm_free(&comm);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &comm);
    MPI_Comm_free(&comm);

    /* windows: the standard's hints as given at creation, then by MPI_Win_set_info */
    MPI_Info_free(&info);
    MPI_Info_create(&info);
    MPI_Info_set(info, "no_locks", "true");
    MPI_Info_set(info, "accumulate_ordering", "waw,rar");
    MPI_Info_set(info, "no_such_hint", "1");
    MPI_Win_create(mem, sizeof mem, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Info_free(&info);
    MPI_Win_get_info(win, &got);
    for (i = 0; i < 2; i++) {
        static const char *const hints[] = {"no_locks", "accumulate_ordering", "accumulate_ops", "same_size",
                                            "same_disp_unit"};
        int k;
        if (rank == 0)
            printf("window hints%s:", i ? " after MPI_Win_set_info" : "");
        for (k = 0; k < 5; k++) {
            MPI_Info_get(got, hints[k], MPI_MAX_INFO_VAL, value, &flag);
            if (rank == 0)
                printf(" %s=%s", hints[k], flag ? value : "(none)");
        }
        MPI_Info_get(got, "no_such_hint", MPI_MAX_INFO_VAL, value, &flag);
        if (rank == 0)
            printf("; no_such_hint %s\n", flag ? "kept" : "not kept");
        MPI_Info_free(&got);
        if (i == 0) {
            MPI_Info_create(&info);
            MPI_Info_set(info, "accumulate_ops", "same_op");
            MPI_Info_set(info, "same_size", "true");
            MPI_Win_set_info(win, info);
            MPI_Info_free(&info);
            MPI_Win_get_info(win, &got);
        }
    }
    MPI_Win_free(&win);

    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("info: %s\n", errs ? "FAILED" : "OK");
    MPI_Finalize();
    return errs != 0;
}
