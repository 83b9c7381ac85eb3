/* Error classes, codes and strings of the program's own (MPI-2 section 8.5; docs/mpi.md, "Error handlers"):
 * MPI_Add_error_class, MPI_Add_error_code, MPI_Add_error_string. Each new class or code is the next number after
 * MPI_LASTUSEDCODE's value (MPI_ERR_LASTCODE at first), so classes and codes never share a number; a table gives
 * each one its class and its string (the empty string until one is added, as MPICH). MPI_Error_class and
 * MPI_Error_string (init.c) ask it, through __mpi_user_error, for a number beyond MPI_ERR_LASTCODE; the fatal
 * handler's line then names the program's string. Linked only into programs that call these functions. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

struct user_code {
    int cls;                        /* its class: itself for a class */
    char *string;                   /* MPI_Add_error_string's, or 0 */
};

static struct user_code *codes;     /* codes[n - MPI_ERR_LASTCODE - 1] */
static int cap;

static struct user_code *code_of(int n)
{
    return n > MPI_ERR_LASTCODE && n <= __mpi_lastusedcode ? &codes[n - MPI_ERR_LASTCODE - 1] : 0;
}

/* init.c's question: the class and string of a number beyond MPI_ERR_LASTCODE, if it is one of these. */
static int lookup(int n, int *cls, const char **string)
{
    struct user_code *u = code_of(n);
    if (!u)
        return 0;
    if (cls)
        *cls = u->cls;
    if (string)
        *string = u->string ? u->string : "";
    return 1;
}

static int add(int cls, int *number, const char *fn)
{
    int n = __mpi_lastusedcode + 1, i = n - MPI_ERR_LASTCODE - 1;
    if (!number)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    if (i >= cap) {
        int c = cap ? 2 * cap : 64;
        struct user_code *t = (struct user_code *)realloc(codes, c * sizeof *t);
        if (!t)
            return __mpi_no_mem(MPI_COMM_WORLD, fn, c * (int)sizeof *t);
        codes = t;
        cap = c;
    }
    codes[i].cls = cls < 0 ? n : cls;
    codes[i].string = 0;
    __mpi_lastusedcode = n;
    __mpi_user_error = lookup;
    *number = n;
    return MPI_SUCCESS;
}

int MPI_Add_error_class(int *errorclass)
{
    return add(-1, errorclass, "MPI_Add_error_class");
}

/* A code of a predefined class or of one of the program's. */
int MPI_Add_error_code(int errorclass, int *errorcode)
{
    struct user_code *u = code_of(errorclass);
    if (errorclass < 0 || errorclass == MPI_SUCCESS || (errorclass > MPI_ERR_LASTCODE && (!u || u->cls != errorclass)))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Add_error_code");
    return add(errorclass, errorcode, "MPI_Add_error_code");
}

/* The string of one of the program's classes or codes (a predefined one's cannot change), at most
 * MPI_MAX_ERROR_STRING - 1 characters; a second call replaces it. */
int MPI_Add_error_string(int errorcode, const char *string)
{
    struct user_code *u = code_of(errorcode);
    char *s;
    if (!u || !string || strlen(string) >= MPI_MAX_ERROR_STRING)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Add_error_string");
    if (!(s = (char *)malloc(strlen(string) + 1)))
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Add_error_string", (int)strlen(string) + 1);
    strcpy(s, string);
    free(u->string);
    u->string = s;
    return MPI_SUCCESS;
}
