/* errhandlers.c - user error handlers made and freed many times, the cases of MPICH's errhan/commcall and
 * errhan/predef_eh:
 *
 *  - a handler made per duplicate of MPI_COMM_WORLD, set on it, called through MPI_Comm_call_errhandler,
 *    inherited by a duplicate of the duplicate, then freed with both communicators, 40 times over (more
 *    handlers than exist at once): each call reaches the handler with the communicator it was called on and
 *    the code it was given (MPI-2.2, 8.3: a freed handler stays in use while a communicator has it);
 *  - a handler freed while MPI_COMM_WORLD still uses it keeps being called there;
 *  - a handler of the MPI-2.2 type name MPI_Comm_errhandler_function set on MPI_COMM_WORLD and
 *    MPI_COMM_SELF, then freed.
 *
 * Every process checks; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <mpi.h>

static int rank, errors, calls;
static MPI_Comm expected;

static void check(int ok)
{
    if (!ok)
        errors++;
}

static void report(const char *what)
{
    int all;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %s\n", what, all ? "FAILED" : "ok");
    errors = 0;
}

static void handler(MPI_Comm *comm, int *code, ...)
{
    check(*code == MPI_ERR_OTHER);
    check(*comm == expected);
    calls++;
}

static void quiet(MPI_Comm *comm, int *code)
{
    (void)comm;
    (void)code;
}

int main(int argc, char **argv)
{
    MPI_Errhandler eh, got;
    MPI_Comm comm, comm2;
    int i;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (i = 0; i < 40; i++) {
        check(MPI_Comm_dup(MPI_COMM_WORLD, &comm) == MPI_SUCCESS);
        check(MPI_Comm_create_errhandler(handler, &eh) == MPI_SUCCESS);
        check(MPI_Comm_set_errhandler(comm, eh) == MPI_SUCCESS);
        calls = 0;
        expected = comm;
        MPI_Comm_call_errhandler(comm, MPI_ERR_OTHER);
        check(calls == 1);
        check(MPI_Comm_dup(comm, &comm2) == MPI_SUCCESS);
        calls = 0;
        expected = comm2;
        MPI_Comm_call_errhandler(comm2, MPI_ERR_OTHER);
        check(calls == 1);
        if (i % 2)
            MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
        check(MPI_Errhandler_free(&eh) == MPI_SUCCESS);
        check(eh == MPI_ERRHANDLER_NULL);
        MPI_Comm_free(&comm);
        MPI_Comm_free(&comm2);
    }
    report("40 handlers made, inherited by a duplicate, called and freed");

    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Errhandler_free(&eh);
    for (i = 0; i < 40; i++) {          /* new handlers must not take the freed one's place */
        MPI_Errhandler other;
        check(MPI_Comm_create_errhandler(handler, &other) == MPI_SUCCESS);
        MPI_Errhandler_free(&other);
    }
    calls = 0;
    expected = MPI_COMM_WORLD;
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    check(calls == 1);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("a freed handler still set on MPI_COMM_WORLD is called");

    check(MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)quiet, &eh) == MPI_SUCCESS);
    check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh) == MPI_SUCCESS);
    check(MPI_Comm_set_errhandler(MPI_COMM_SELF, eh) == MPI_SUCCESS);
    check(MPI_Errhandler_free(&eh) == MPI_SUCCESS);
    check(MPI_Comm_get_errhandler(MPI_COMM_SELF, &got) == MPI_SUCCESS);
    MPI_Errhandler_free(&got);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
    report("MPI_Comm_errhandler_function on MPI_COMM_WORLD and MPI_COMM_SELF");

    MPI_Finalize();
    return 0;
}
