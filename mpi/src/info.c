/* Info objects (MPI-2 section 4.10, MPI-4 section 10.4; docs/mpi.md, "Info objects"): ordered lists of (key,
 * value) strings by handle. MPI_INFO_NULL is 0 and MPI_INFO_ENV 1 (the predefined, empty one: nothing about
 * how the run was started is told to libmpi); the others index a table whose freed entries are used again.
 * Every call works before MPI_Init and after MPI_Finalize too, as MPI-4 lets a program call them then.
 *
 * The communicators' info calls are here too (MPI_Comm_set_info, MPI_Comm_get_info, MPI_Comm_dup_with_info):
 * a communicator keeps the four assertions MPI-4 defines for it and gives them back, as MPICH 4.0.2 does. The
 * windows' are in win_extra.c over the calls below. This file is linked
 * only into programs that call them. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#define FIRST 2                     /* handles 0 and 1: MPI_INFO_NULL, MPI_INFO_ENV */

struct pair {
    struct pair *next;
    char *value;                    /* in the same allocation, after the key */
    char key[1];
};

struct info {
    struct pair *pairs;             /* in the order their keys were first set */
    int n;
};

static struct info **infos;         /* handle - FIRST -> the object, or 0 for a free handle */
static int ninfos;
static struct info env;             /* MPI_INFO_ENV */

static struct info *info_of(MPI_Info info)
{
    if (info == MPI_INFO_ENV)
        return &env;
    return info >= FIRST && info < FIRST + ninfos ? infos[info - FIRST] : 0;
}

static int err(int code, const char *fn)
{
    return __mpi_error(MPI_COMM_WORLD, code, fn);
}

/* A handle that is no object: MPI_ERR_ARG for MPI_INFO_NULL (as MPICH), MPI_ERR_INFO for any other. */
static int bad(MPI_Info info, const char *fn)
{
    return err(info == MPI_INFO_NULL ? MPI_ERR_ARG : MPI_ERR_INFO, fn);
}

/* The key's checks: MPI_ERR_INFO_KEY for a null, empty or too long key, as MPICH. */
static int key_ok(const char *key)
{
    size_t n;
    if (!key)
        return 0;
    n = strlen(key);
    return n > 0 && n <= MPI_MAX_INFO_KEY;
}

static struct pair *find(struct info *x, const char *key, struct pair ***where)
{
    struct pair **pp, *p;
    for (pp = &x->pairs; (p = *pp) != 0; pp = &p->next)
        if (strcmp(p->key, key) == 0)
            break;
    if (where)
        *where = pp;
    return p;
}

static struct pair *new_pair(const char *key, const char *value)
{
    size_t k = strlen(key), v = strlen(value);
    struct pair *p = (struct pair *)malloc(sizeof *p + k + v + 1);
    if (!p)
        return 0;
    memcpy(p->key, key, k + 1);
    p->value = p->key + k + 1;
    memcpy(p->value, value, v + 1);
    p->next = 0;
    return p;
}

static void clear(struct info *x)
{
    while (x->pairs) {
        struct pair *p = x->pairs;
        x->pairs = p->next;
        free(p);
    }
    x->n = 0;
}

/* A new empty object's handle, or MPI_INFO_NULL when the node's memory is out. */
static MPI_Info make(void)
{
    int i;
    struct info *x;
    for (i = 0; i < ninfos && infos[i]; i++)
        ;
    if (i == ninfos) {
        int cap = ninfos ? 2 * ninfos : 16, j;
        struct info **t = (struct info **)realloc(infos, cap * sizeof *t);
        if (!t)
            return MPI_INFO_NULL;
        for (j = ninfos; j < cap; j++)
            t[j] = 0;
        infos = t;
        ninfos = cap;
    }
    x = (struct info *)calloc(1, sizeof *x);
    if (!x)
        return MPI_INFO_NULL;
    infos[i] = x;
    return FIRST + i;
}

/* Sets key to value in x: an existing key keeps its place and takes the new value. */
static int put(struct info *x, const char *key, const char *value)
{
    struct pair **pp, *p = find(x, key, &pp), *q = new_pair(key, value);
    if (!q)
        return MPI_ERR_NO_MEM;
    if (p) {
        q->next = p->next;
        free(p);
    } else
        x->n++;
    *pp = q;
    return MPI_SUCCESS;
}

int MPI_Info_create(MPI_Info *info)
{
    if (!info)
        return err(MPI_ERR_ARG, "MPI_Info_create");
    if ((*info = make()) == MPI_INFO_NULL)
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Info_create", (int)sizeof(struct info));
    return MPI_SUCCESS;
}

/* MPI-4: an object with what MPI_INFO_ENV holds (nothing here), whatever argc and argv are. */
int MPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    (void)argc;
    (void)argv;
    if (!info)
        return err(MPI_ERR_ARG, "MPI_Info_create_env");
    return MPI_Info_dup(MPI_INFO_ENV, info);
}

int MPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    struct info *x = info_of(info);
    if (!x || info == MPI_INFO_ENV)
        return bad(info, "MPI_Info_set");
    if (!key_ok(key))
        return err(MPI_ERR_INFO_KEY, "MPI_Info_set");
    if (!value || strlen(value) > MPI_MAX_INFO_VAL)
        return err(MPI_ERR_INFO_VALUE, "MPI_Info_set");
    if (put(x, key, value) != MPI_SUCCESS)
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Info_set", (int)(sizeof(struct pair) + strlen(key)
                                                                    + strlen(value)));
    return MPI_SUCCESS;
}

int MPI_Info_delete(MPI_Info info, const char *key)
{
    struct info *x = info_of(info);
    struct pair **pp, *p;
    if (!x || info == MPI_INFO_ENV)
        return bad(info, "MPI_Info_delete");
    if (!key_ok(key))
        return err(MPI_ERR_INFO_KEY, "MPI_Info_delete");
    if (!(p = find(x, key, &pp)))
        return err(MPI_ERR_INFO_NOKEY, "MPI_Info_delete");
    *pp = p->next;
    free(p);
    x->n--;
    return MPI_SUCCESS;
}

/* The value, cut to valuelen characters and terminated (value has valuelen + 1 bytes). */
int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    struct info *x = info_of(info);
    struct pair *p;
    if (!x)
        return bad(info, "MPI_Info_get");
    if (!key_ok(key))
        return err(MPI_ERR_INFO_KEY, "MPI_Info_get");
    if (valuelen < 0 || !value || !flag)
        return err(MPI_ERR_ARG, "MPI_Info_get");
    *flag = 0;
    if ((p = find(x, key, 0)) != 0) {
        size_t n = strlen(p->value);
        if (n > (size_t)valuelen)
            n = valuelen;
        memcpy(value, p->value, n);
        value[n] = 0;
        *flag = 1;
    }
    return MPI_SUCCESS;
}

int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    struct info *x = info_of(info);
    struct pair *p;
    if (!x)
        return bad(info, "MPI_Info_get_valuelen");
    if (!key_ok(key))
        return err(MPI_ERR_INFO_KEY, "MPI_Info_get_valuelen");
    if (!valuelen || !flag)
        return err(MPI_ERR_ARG, "MPI_Info_get_valuelen");
    *flag = 0;
    if ((p = find(x, key, 0)) != 0) {
        *valuelen = (int)strlen(p->value);
        *flag = 1;
    }
    return MPI_SUCCESS;
}

/* MPI-4: *buflen becomes the value's length with its terminator; up to *buflen - 1 characters of it, then a
 * terminator, are stored (nothing when *buflen was 0). An absent key changes neither value nor *buflen. */
int MPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    struct info *x = info_of(info);
    struct pair *p;
    if (!x)
        return bad(info, "MPI_Info_get_string");
    if (!key_ok(key))
        return err(MPI_ERR_INFO_KEY, "MPI_Info_get_string");
    if (!buflen || *buflen < 0 || (*buflen > 0 && !value) || !flag)
        return err(MPI_ERR_ARG, "MPI_Info_get_string");
    *flag = 0;
    if ((p = find(x, key, 0)) != 0) {
        int n = (int)strlen(p->value);
        if (*buflen > 0) {
            int m = n < *buflen - 1 ? n : *buflen - 1;
            memcpy(value, p->value, m);
            value[m] = 0;
        }
        *buflen = n + 1;
        *flag = 1;
    }
    return MPI_SUCCESS;
}

int MPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    struct info *x = info_of(info);
    if (!x)
        return bad(info, "MPI_Info_get_nkeys");
    if (!nkeys)
        return err(MPI_ERR_ARG, "MPI_Info_get_nkeys");
    *nkeys = x->n;
    return MPI_SUCCESS;
}

int MPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    struct info *x = info_of(info);
    struct pair *p;
    if (!x)
        return bad(info, "MPI_Info_get_nthkey");
    if (!key || n < 0 || n >= x->n)
        return err(MPI_ERR_ARG, "MPI_Info_get_nthkey");
    for (p = x->pairs; n > 0; n--)
        p = p->next;
    strcpy(key, p->key);
    return MPI_SUCCESS;
}

int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    struct info *x = info_of(info), *y;
    struct pair *p, **tail;
    if (!x)
        return bad(info, "MPI_Info_dup");
    if (!newinfo)
        return err(MPI_ERR_ARG, "MPI_Info_dup");
    if ((*newinfo = make()) == MPI_INFO_NULL)
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Info_dup", (int)sizeof(struct info));
    y = info_of(*newinfo);
    x = info_of(info);              /* the table may have moved, not the objects */
    tail = &y->pairs;
    for (p = x->pairs; p; p = p->next) {
        struct pair *q = new_pair(p->key, p->value);
        if (!q) {
            clear(y);
            MPI_Info_free(newinfo);
            return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Info_dup", (int)sizeof *q);
        }
        *tail = q;
        tail = &q->next;
        y->n++;
    }
    return MPI_SUCCESS;
}

int MPI_Info_free(MPI_Info *info)
{
    struct info *x;
    if (!info)
        return err(MPI_ERR_ARG, "MPI_Info_free");
    if (!(x = info_of(*info)) || *info == MPI_INFO_ENV)
        return bad(*info, "MPI_Info_free");
    clear(x);
    free(x);
    infos[*info - FIRST] = 0;
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}

/* For win_extra.c and the communicators' calls: the object, or 0 for MPI_INFO_NULL; -1 for a bad handle. */
int __mpi_info_check(MPI_Info info)
{
    return info == MPI_INFO_NULL || info_of(info) ? MPI_SUCCESS : MPI_ERR_INFO;
}

/* ---- Communicators' info (MPI-3, with MPI-4's meaning: the hints in use) ----------------------------------- */

/* The four assertions of MPI-4.0 section 7.4.4 that a communicator takes, in the order MPICH 4.0.2 gives them,
 * each "true" or "false": MPI_Comm_set_info sets those of the four its info has ("true", or "false" for any other
 * value, as MPICH 4.0.2 reads them; other keys are ignored); a new communicator starts with all "false"
 * (MPI_Comm_dup and the rest do not copy them, as in MPICH 4.0.2), MPI_Comm_dup_with_info with those of its info;
 * MPI_Comm_get_info gives all four. libmpi's matching is the same whatever they say (an assertion lets an
 * implementation do less; none needs it). */
static const char *const hint_keys[4] = { "mpi_assert_no_any_tag", "mpi_assert_no_any_source",
                                          "mpi_assert_exact_length", "mpi_assert_allow_overtaking" };

static void take_hints(struct __mpi_comm *c, struct info *x)
{
    struct pair *p;
    int i;
    for (i = 0; i < 4; i++)
        if ((p = find(x, hint_keys[i], 0)) != 0) {
            if (strcmp(p->value, "true") == 0)
                c->hints |= 1 << i;
            else
                c->hints &= ~(1 << i);
        }
}

int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_info");
    if (info == MPI_INFO_NULL || !info_of(info))
        return __mpi_error(comm, info == MPI_INFO_NULL ? MPI_ERR_ARG : MPI_ERR_INFO, "MPI_Comm_set_info");
    take_hints(c, info_of(info));
    return MPI_SUCCESS;
}

int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int i;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_info");
    if (!info_used)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_get_info");
    if ((*info_used = make()) == MPI_INFO_NULL)
        return __mpi_no_mem(comm, "MPI_Comm_get_info", (int)sizeof(struct info));
    for (i = 0; i < 4; i++)
        if (put(info_of(*info_used), hint_keys[i], c->hints & 1 << i ? "true" : "false") != MPI_SUCCESS) {
            MPI_Info_free(info_used);
            return __mpi_no_mem(comm, "MPI_Comm_get_info", (int)sizeof(struct pair) + MPI_MAX_INFO_KEY);
        }
    return MPI_SUCCESS;
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    int err;
    if (__mpi_comm(comm) && info != MPI_INFO_NULL && !info_of(info))
        return __mpi_error(comm, MPI_ERR_INFO, "MPI_Comm_dup_with_info");
    err = MPI_Comm_dup(comm, newcomm);
    if (err == MPI_SUCCESS && info != MPI_INFO_NULL && __mpi_comm(*newcomm))
        take_hints(__mpi_comm(*newcomm), info_of(info));
    return err;
}

/* MPI-4: as MPI_Comm_idup (comm_idup.c), the hints accepted and ignored as MPI_Comm_dup_with_info's. */
int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    if (__mpi_comm(comm) && info != MPI_INFO_NULL && !info_of(info))
        return __mpi_error(comm, MPI_ERR_INFO, "MPI_Comm_idup_with_info");
    return MPI_Comm_idup(comm, newcomm, request);
}
