/* Datatype attributes and names (MPI-2 sections 8.4 and 8.8): keyvals with copy and delete callbacks (their
 * extra state, the type they are given), attributes on derived and predefined types, replaced (the old value's
 * delete callback), deleted, copied by MPI_Type_dup (MPI_TYPE_DUP_FN, a callback of the program's that changes
 * the value, MPI_TYPE_NULL_COPY_FN), deleted by MPI_Type_free in the order they were put, a type freed while a
 * type built on it still holds it (its attributes go with the last), a keyval freed while attributes use it;
 * the names of the predefined types, a derived type's name set, replaced, not copied by a dup. Prints on rank 0;
 * compared with MPICH's output (typeattrs.4.expected, typeattrs.16.expected). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, copies, deletes;
static MPI_Datatype last_type;
static char order[64];

static int copy_fn(MPI_Datatype t, int key, void *extra, void *in, void *out, int *flag)
{
    copies += *(int *)extra;
    last_type = t;
    *(long *)out = (long)in + 1000;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_fn(MPI_Datatype t, int key, void *val, void *extra)
{
    char s[16];
    deletes += *(int *)extra;
    last_type = t;
    sprintf(s, "%ld ", (long)val);
    strcat(order, s);
    return MPI_SUCCESS;
}

static void get(const char *what, MPI_Datatype t, int key)
{
    void *val;
    int flag;
    MPI_Type_get_attr(t, key, &val, &flag);
    if (rank == 0) {
        if (flag)
            printf("%s: %ld\n", what, (long)val);
        else
            printf("%s: none\n", what);
    }
}

int main(int argc, char **argv)
{
    MPI_Datatype t, u, v, predef[] = { MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_SHORT,
                                       MPI_UNSIGNED_SHORT, MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG,
                                       MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_PACKED, MPI_FLOAT_INT,
                                       MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT, MPI_SHORT_INT,
                                       MPI_LONG_DOUBLE_INT, MPI_LONG_LONG_INT, MPI_UNSIGNED_LONG_LONG,
                                       MPI_DATATYPE_NULL };
    int one = 1, ten = 10, k1, k2, k3, len, i, err, cls;
    char name[MPI_MAX_OBJECT_NAME];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_create_keyval(copy_fn, delete_fn, &k1, &one);
    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, delete_fn, &k2, &ten);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &k3, 0);

    MPI_Type_contiguous(3, MPI_INT, &t);
    get("new type, k1", t, k1);
    MPI_Type_set_attr(t, k1, (void *)5);
    MPI_Type_set_attr(t, k2, (void *)7);
    MPI_Type_set_attr(t, k3, (void *)9);
    get("k1", t, k1);
    get("k2", t, k2);
    get("k3", t, k3);
    MPI_Type_set_attr(t, k1, (void *)6);            /* the old value's delete callback */
    get("k1 replaced", t, k1);
    if (rank == 0)
        printf("deletes %d (%s), same type %d\n", deletes, order, last_type == t);

    MPI_Type_dup(t, &u);
    if (rank == 0)
        printf("dup: copies %d, same type %d\n", copies, last_type == t);
    get("dup k1", u, k1);
    get("dup k2", u, k2);
    get("dup k3", u, k3);
    get("original k1", t, k1);

    deletes = 0;
    order[0] = 0;
    MPI_Type_delete_attr(u, k2);
    get("dup k2 deleted", u, k2);
    if (rank == 0)
        printf("deletes %d (%s), same type %d\n", deletes, order, last_type == u);

    /* free: every attribute's delete callback, in the order they were put */
    deletes = 0;
    order[0] = 0;
    MPI_Type_set_attr(u, k2, (void *)3);
    v = u;
    MPI_Type_free(&u);
    if (rank == 0)
        printf("free: deletes %d (%s), same type %d, handle null %d\n", deletes, order, last_type == v,
               u == MPI_DATATYPE_NULL);

    /* a type held by another: its attributes go when the last holder does */
    deletes = 0;
    order[0] = 0;
    MPI_Type_vector(2, 1, 4, t, &u);
    MPI_Type_free(&t);
    if (rank == 0)
        printf("inner freed: deletes %d\n", deletes);
    MPI_Type_free(&u);
    if (rank == 0)
        printf("outer freed: deletes %d (%s)\n", deletes, order);

    /* a keyval freed while an attribute uses it */
    deletes = 0;
    order[0] = 0;
    MPI_Type_contiguous(2, MPI_DOUBLE, &t);
    MPI_Type_set_attr(t, k1, (void *)11);
    MPI_Type_free_keyval(&k1);
    if (rank == 0)
        printf("keyval freed: %d\n", k1 == MPI_KEYVAL_INVALID);
    MPI_Type_free(&t);
    if (rank == 0)
        printf("its attribute deleted with the type: deletes %d (%s)\n", deletes, order);

    /* attributes on a predefined type */
    deletes = 0;
    order[0] = 0;
    MPI_Type_set_attr(MPI_INT, k2, (void *)42);
    get("MPI_INT k2", MPI_INT, k2);
    get("MPI_DOUBLE k2", MPI_DOUBLE, k2);
    MPI_Type_delete_attr(MPI_INT, k2);
    get("MPI_INT k2 deleted", MPI_INT, k2);
    if (rank == 0)
        printf("deletes %d (%s)\n", deletes, order);
    MPI_Type_free_keyval(&k2);
    MPI_Type_free_keyval(&k3);

    /* errors */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Type_set_attr(MPI_INT, MPI_TAG_UB, (void *)1);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("set_attr with MPI_TAG_UB: %s\n", cls == MPI_ERR_KEYVAL ? "MPI_ERR_KEYVAL" : err ? "another error" : "no error");

    /* names */
    for (i = 0; predef[i] != MPI_DATATYPE_NULL; i++) {
        MPI_Type_get_name(predef[i], name, &len);
        if (rank == 0)
            printf("name %d: %s (%d)\n", i, name, len);
    }
    MPI_Type_vector(3, 1, 2, MPI_FLOAT, &t);
    MPI_Type_get_name(t, name, &len);
    if (rank == 0)
        printf("derived: \"%s\" (%d)\n", name, len);
    MPI_Type_set_name(t, "a vector of floats");
    MPI_Type_get_name(t, name, &len);
    if (rank == 0)
        printf("set: \"%s\" (%d)\n", name, len);
    MPI_Type_set_name(t, "floats");
    MPI_Type_get_name(t, name, &len);
    if (rank == 0)
        printf("replaced: \"%s\" (%d)\n", name, len);
    MPI_Type_dup(t, &u);
    MPI_Type_get_name(u, name, &len);
    if (rank == 0)
        printf("its dup: \"%s\" (%d)\n", name, len);
    MPI_Type_free(&t);
    MPI_Type_free(&u);

    if (rank == 0)
        printf("typeattrs: OK\n");
    MPI_Finalize();
    return 0;
}
