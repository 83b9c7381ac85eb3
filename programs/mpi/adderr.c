/* Error classes, codes and strings of the program's own (MPI-2 section 8.5): MPI_Add_error_class,
 * MPI_Add_error_code (to one of them and to a predefined class), MPI_Add_error_string (replaced too), what
 * MPI_Error_class and MPI_Error_string answer for them, MPI_LASTUSEDCODE, and a code of the program's given to a
 * handler by MPI_Comm_call_errhandler (not the calls' errors: MPICH 4.0.2 checks none of them). Prints on rank 0; compared with MPICH's
 * output (adderr.4.expected, adderr.16.expected). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, errs, handled_class;
static char handled_string[MPI_MAX_ERROR_STRING];

static void handler(MPI_Comm *comm, int *code, ...)
{
    int len;
    MPI_Error_class(*code, &handled_class);
    MPI_Error_string(*code, handled_string, &len);
}

int main(int argc, char **argv)
{
    int cls[3], code[3][4], argcode, c, len, i, j, *last, flag, max = 0;
    char s[MPI_MAX_ERROR_STRING], want[MPI_MAX_ERROR_STRING];
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    if (rank == 0)
        printf("MPI_LASTUSEDCODE: flag %d, at least MPI_ERR_LASTCODE %d\n", flag, *last >= MPI_ERR_LASTCODE);

    for (i = 0; i < 3; i++) {
        MPI_Add_error_class(&cls[i]);
        if (cls[i] > max)
            max = cls[i];           /* MPICH's codes are larger numbers than its classes: classes only */
        for (j = 0; j < 4; j++) {
            MPI_Add_error_code(cls[i], &code[i][j]);
            sprintf(s, "code %d of class %d", j, i);
            MPI_Add_error_string(code[i][j], s);
        }
    }
    MPI_Add_error_string(cls[1], "class 1");
    MPI_Add_error_code(MPI_ERR_ARG, &argcode);
    for (i = 0; i < 3; i++) {
        MPI_Error_class(cls[i], &c);
        if (c != cls[i] || cls[i] <= MPI_ERR_LASTCODE)
            errs++;
        for (j = 0; j < 4; j++) {
            MPI_Error_class(code[i][j], &c);
            MPI_Error_string(code[i][j], s, &len);
            sprintf(want, "code %d of class %d", j, i);
            if (c != cls[i] || strcmp(s, want) || len != (int)strlen(want))
                errs++;
        }
    }
    if (rank == 0)
        printf("3 classes of 4 codes each, with strings: %d errors\n", errs);
    MPI_Error_string(cls[0], s, &len);
    if (rank == 0)
        printf("a class without a string: \"%s\" (length %d)\n", s, len);
    MPI_Error_string(cls[1], s, &len);
    if (rank == 0)
        printf("a class with one: \"%s\"\n", s);
    MPI_Add_error_string(cls[1], "class 1, again");
    MPI_Error_string(cls[1], s, &len);
    if (rank == 0)
        printf("replaced: \"%s\"\n", s);
    MPI_Error_class(argcode, &c);
    if (rank == 0)
        printf("a code added to MPI_ERR_ARG: its class MPI_ERR_ARG %d, a new number %d\n", c == MPI_ERR_ARG,
               argcode != MPI_ERR_ARG);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    if (rank == 0)
        printf("MPI_LASTUSEDCODE now at least every class given: %d\n", flag && *last >= max);

    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, code[2][3]);
    if (rank == 0)
        printf("the handler heard class 2 %d and \"%s\"\n", handled_class == cls[2], handled_string);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);

    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("adderr: %s\n", errs ? "FAILED" : "OK");
    MPI_Finalize();
    return errs != 0;
}
