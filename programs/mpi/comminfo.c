/* comminfo.c - the hints a communicator uses (MPI-4.0 section 7.4.4): MPI_Comm_get_info on MPI_COMM_WORLD, on a
 * communicator of MPI_Comm_dup_with_info (the four assertions set true or false, an unknown key, a value that is
 * neither), on its MPI_Comm_dup and MPI_Comm_split (which start afresh, as in MPICH 4.0.2), after
 * MPI_Comm_set_info of some keys (the others keep theirs), on MPI_COMM_WORLD after MPI_Comm_set_info, and with
 * MPI_INFO_NULL given to MPI_Comm_dup_with_info. The object returned is the program's, freed each time. The keys
 * printed are the standard's ("mpi_" ones; MPICH adds its own); rank 0 prints what every rank saw alike. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

static void show(const char *what, MPI_Comm comm)
{
    MPI_Info info;
    int n, k, flag, len, mine = 0, all;
    char key[MPI_MAX_INFO_KEY + 1], val[MPI_MAX_INFO_VAL + 1], line[1024];
    MPI_Comm_get_info(comm, &info);
    MPI_Info_get_nkeys(info, &n);
    line[0] = 0;
    for (k = 0; k < n; k++) {
        MPI_Info_get_nthkey(info, k, key);
        if (strncmp(key, "mpi_", 4) != 0)
            continue;
        MPI_Info_get(info, key, MPI_MAX_INFO_VAL, val, &flag);
        len = (int)strlen(line);
        snprintf(line + len, sizeof line - len, "  %s = %s\n", key, val);
        mine = mine * 31 + (int)strlen(val);
    }
    MPI_Info_free(&info);
    check(info == MPI_INFO_NULL);
    /* every rank sees the same */
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(all == mine);
    if (rank == 0)
        printf("%s:\n%s", what, line);
}

int main(int argc, char **argv)
{
    MPI_Info in;
    MPI_Comm dup, dup2, split, plain;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    show("MPI_COMM_WORLD", MPI_COMM_WORLD);
    MPI_Info_create(&in);
    MPI_Info_set(in, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(in, "mpi_assert_no_any_source", "false");
    MPI_Info_set(in, "mpi_assert_exact_length", "true");
    MPI_Info_set(in, "mpi_assert_allow_overtaking", "true");
    MPI_Info_set(in, "no_such_hint", "1");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, in, &dup);
    show("MPI_Comm_dup_with_info, three assertions true", dup);
    MPI_Comm_dup(dup, &dup2);
    show("MPI_Comm_dup of it", dup2);
    MPI_Comm_split(dup, rank % 2, rank, &split);
    show("MPI_Comm_split of it", split);
    MPI_Info_free(&in);
    MPI_Info_create(&in);
    MPI_Info_set(in, "mpi_assert_no_any_tag", "false");
    MPI_Info_set(in, "mpi_assert_no_any_source", "true");
    MPI_Info_set(in, "mpi_assert_exact_length", "maybe");
    MPI_Comm_set_info(dup, in);
    show("after MPI_Comm_set_info (no_any_tag false, no_any_source true, exact_length maybe)", dup);
    MPI_Comm_set_info(MPI_COMM_WORLD, in);
    show("MPI_COMM_WORLD after the same MPI_Comm_set_info", MPI_COMM_WORLD);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &plain);
    show("MPI_Comm_dup_with_info with MPI_INFO_NULL", plain);
    MPI_Info_free(&in);
    MPI_Comm_free(&plain);
    MPI_Comm_free(&split);
    MPI_Comm_free(&dup2);
    MPI_Comm_free(&dup);
    report("hints alike on every rank");
    if (rank == 0)
        printf("comminfo: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
