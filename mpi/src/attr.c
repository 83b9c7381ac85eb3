/* Attribute caching on communicators (MPI-1.2 section 5.7), and the same on windows (MPI-2: win_extra.c calls the
 * __mpi_attr_* functions on its windows' lists): keyvals with copy and delete callbacks, and the
 * predefined attributes of every communicator (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL).
 * Keyvals are local to a process; a process that creates its keyvals in the same order as the others gets
 * the same numbers. A keyval lives until it is freed and no attribute uses it any more. */
#include <stdlib.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

struct __mpi_keyval {
    int refs;                       /* 1 until MPI_Keyval_free, plus one per attribute using it; KV_FREED */
    MPI_Copy_function *copy;
    MPI_Delete_function *del;
    void *extra;
};

struct __mpi_attr {
    struct __mpi_attr *next;
    int keyval;
    void *val;
};

/* In refs: MPI_Keyval_free was called. A second call (through a copy of the number, or by a delete callback)
 * lets nothing more go, as in MPICH (its attr/keyval_double_free tests). */
#define KV_FREED 0x40000000

#define FIRST_KEYVAL 16             /* below: the predefined keys, MPI_TAG_UB .. MPI_WTIME_IS_GLOBAL */

static struct __mpi_keyval **keyvals;
static int nkeyvals;

/* The values the predefined attributes point to. */
static int tag_ub = MPI_TAG_UB_VALUE;
static int host = MPI_PROC_NULL;
static int io_rank;
static int wtime_is_global = 1;     /* one clock for the whole machine */
static int universe_size, appnum;   /* MPI_UNIVERSE_SIZE, MPI_APPNUM */
int __mpi_lastusedcode = MPI_ERR_LASTCODE;   /* MPI_LASTUSEDCODE: the last class or code errclass.c added */

static struct __mpi_keyval *keyval(int k)
{
    if (k < FIRST_KEYVAL || k - FIRST_KEYVAL >= nkeyvals)
        return 0;
    return keyvals[k - FIRST_KEYVAL];
}

static void keyval_unref(int k)
{
    struct __mpi_keyval *kv = keyval(k);
    if (kv && (--kv->refs & ~KV_FREED) == 0) {
        free(kv);
        keyvals[k - FIRST_KEYVAL] = 0;
    }
}

int __mpi_dup_fn(MPI_Comm oldcomm, int key, void *extra, void *in, void *out, int *flag)
{
    (void)oldcomm;
    (void)key;
    (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int __mpi_null_copy_fn(MPI_Comm oldcomm, int key, void *extra, void *in, void *out, int *flag)
{
    (void)oldcomm;
    (void)key;
    (void)extra;
    (void)in;
    (void)out;
    *flag = 0;
    return MPI_SUCCESS;
}

int __mpi_null_delete_fn(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm;
    (void)key;
    (void)val;
    (void)extra;
    return MPI_SUCCESS;
}

int MPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *key, void *extra)
{
    struct __mpi_keyval *kv;
    int i;
    for (i = 0; i < nkeyvals && keyvals[i]; i++)
        ;
    if (i == nkeyvals) {
        int cap = nkeyvals ? 2 * nkeyvals : 8, j;
        keyvals = (struct __mpi_keyval **)__mpi_xrealloc(keyvals, cap * sizeof *keyvals, "MPI_Keyval_create");
        for (j = nkeyvals; j < cap; j++)
            keyvals[j] = 0;
        nkeyvals = cap;
    }
    kv = (struct __mpi_keyval *)__mpi_xmalloc(sizeof *kv, "MPI_Keyval_create");
    kv->refs = 1;
    kv->copy = copy_fn;
    kv->del = delete_fn;
    kv->extra = extra;
    keyvals[i] = kv;
    *key = FIRST_KEYVAL + i;
    return MPI_SUCCESS;
}

int MPI_Keyval_free(int *key)
{
    struct __mpi_keyval *kv = keyval(*key);
    if (!kv)
        return MPI_ERR_ARG;
    if (!(kv->refs & KV_FREED)) {
        kv->refs |= KV_FREED;
        keyval_unref(*key);
    }
    *key = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

static struct __mpi_attr **find(struct __mpi_attr **list, int key)
{
    struct __mpi_attr **pp;
    for (pp = list; *pp; pp = &(*pp)->next)
        if ((*pp)->keyval == key)
            return pp;
    return 0;
}

/* Removes one attribute, calling its delete callback; the callback's error, if any, keeps it. */
static int remove_attr(MPI_Comm comm, struct __mpi_attr **pp)
{
    struct __mpi_attr *a = *pp;
    struct __mpi_keyval *kv = keyval(a->keyval);
    if (kv && kv->del) {
        int err = kv->del(comm, a->keyval, a->val, kv->extra);
        if (err != MPI_SUCCESS)
            return err;
    }
    *pp = a->next;
    keyval_unref(a->keyval);
    free(a);
    return MPI_SUCCESS;
}

/* An attribute of key on the object whose list this is (a communicator's, a window's: win_extra.c), handle
 * passed to the callbacks: put, got (its value into val and *flag 1, or *flag 0), deleted, all deleted. */
int __mpi_attr_put(struct __mpi_attr **list, int handle, int key, void *val)
{
    struct __mpi_attr **pp, *a;
    struct __mpi_keyval *kv = keyval(key);
    if (!kv)
        return MPI_ERR_ARG;     /* unknown, freed, or predefined (read-only) */
    pp = find(list, key);
    if (pp) {
        int err = kv->del ? kv->del(handle, key, (*pp)->val, kv->extra) : MPI_SUCCESS;
        if (err != MPI_SUCCESS)
            return err;
        (*pp)->val = val;
        return MPI_SUCCESS;
    }
    a = (struct __mpi_attr *)__mpi_xmalloc(sizeof *a, "MPI_Attr_put");
    a->keyval = key;
    a->val = val;
    a->next = 0;
    for (pp = list; *pp; pp = &(*pp)->next)
        ;
    *pp = a;
    kv->refs++;
    return MPI_SUCCESS;
}

void __mpi_attr_get(struct __mpi_attr **list, int key, void *val, int *flag)
{
    struct __mpi_attr **pp = find(list, key);
    *flag = pp != 0;
    if (pp)
        *(void **)val = (*pp)->val;
}

int __mpi_attr_delete(struct __mpi_attr **list, int handle, int key)
{
    struct __mpi_attr **pp;
    if (!keyval(key))
        return MPI_ERR_ARG;
    pp = find(list, key);
    return pp ? remove_attr(handle, pp) : MPI_SUCCESS;
}

int __mpi_attr_clear(struct __mpi_attr **list, int handle)
{
    while (*list) {
        int err = remove_attr(handle, list);
        if (err != MPI_SUCCESS)
            return err;
    }
    return MPI_SUCCESS;
}

int MPI_Attr_put(MPI_Comm comm, int key, void *val)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    return __mpi_attr_put(&c->attrs, comm, key, val);
}

int MPI_Attr_get(MPI_Comm comm, int key, void *val, int *flag)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    *flag = 1;
    switch (key) {
    case MPI_TAG_UB: *(int **)val = &tag_ub; return MPI_SUCCESS;
    case MPI_HOST: *(int **)val = &host; return MPI_SUCCESS;
    case MPI_IO: io_rank = __mpi_spmd_nprocs > 0 ? MPI_ANY_SOURCE : 0; *(int **)val = &io_rank;
        return MPI_SUCCESS;
    case MPI_WTIME_IS_GLOBAL: *(int **)val = &wtime_is_global; return MPI_SUCCESS;
    }
    *flag = 0;
    if (key < FIRST_KEYVAL) {
        if (key != MPI_LASTUSEDCODE) {  /* out of the switch: only the paths of other keys stay as they were */
            if (key != MPI_UNIVERSE_SIZE && key != MPI_APPNUM)
                return MPI_ERR_ARG;
            /* MPI-2: no process can be spawned, so the universe is MPI_COMM_WORLD; one application, number 0 */
            universe_size = __mpi_comm(MPI_COMM_WORLD)->size;
            *(int **)val = key == MPI_APPNUM ? &appnum : &universe_size;
            *flag = 1;
            return MPI_SUCCESS;
        }
        *(int **)val = &__mpi_lastusedcode;
        *flag = 1;
        return MPI_SUCCESS;
    }
    __mpi_attr_get(&c->attrs, key, val, flag);
    return MPI_SUCCESS;
}

int MPI_Attr_delete(MPI_Comm comm, int key)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    return __mpi_attr_delete(&c->attrs, comm, key);
}

/* MPI_Comm_dup (__mpi_attr_copy, a macro: mpi_internal.h), MPI_Type_dup (type_extra.c): every attribute whose
 * copy callback sets its flag goes to the new object's list, in order; handle is given to the callbacks. */
int __mpi_attr_copy_list(int oldcomm, struct __mpi_attr *from, struct __mpi_attr **to)
{
    struct __mpi_attr *a, **tail = to;
    for (a = from; a; a = a->next) {
        struct __mpi_keyval *kv = keyval(a->keyval);
        void *out = 0;
        int flag = 0, err;
        if (!kv || !kv->copy)
            continue;
        err = kv->copy(oldcomm, a->keyval, kv->extra, a->val, &out, &flag);
        if (err != MPI_SUCCESS)
            return err;
        if (flag) {
            struct __mpi_attr *b = (struct __mpi_attr *)__mpi_xmalloc(sizeof *b, "MPI_Comm_dup");
            b->keyval = a->keyval;
            b->val = out;
            b->next = 0;
            *tail = b;
            tail = &b->next;
            kv->refs++;
        }
    }
    return MPI_SUCCESS;
}

/* MPI_Comm_free: every attribute's delete callback, in the order they were put. */
int __mpi_attr_delete_all(MPI_Comm comm, struct __mpi_comm *c)
{
    return __mpi_attr_clear(&c->attrs, comm);
}

/* MPI_Finalize: MPI_COMM_SELF's attributes are deleted first, as if the communicator were freed, in the
 * reverse of the order they were put (MPI-2.2 section 8.7.1), so that a program can have callbacks run at
 * the end of MPI. A delete callback that fails stops the deletion with its code. */
int __mpi_attr_finalize_self(void)
{
    struct __mpi_comm *c = __mpi_comm(MPI_COMM_SELF);
    while (c && c->attrs) {
        struct __mpi_attr **last = &c->attrs;
        int err;
        while ((*last)->next)
            last = &(*last)->next;
        err = remove_attr(MPI_COMM_SELF, last);
        if (err != MPI_SUCCESS)
            return err;
    }
    return MPI_SUCCESS;
}

/* The MPI-2 names of the same functions. */
int MPI_Comm_create_keyval(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *key,
                           void *extra)
{
    return MPI_Keyval_create(copy_fn, delete_fn, key, extra);
}

int MPI_Comm_free_keyval(int *key)
{
    return MPI_Keyval_free(key);
}

int MPI_Comm_set_attr(MPI_Comm comm, int key, void *val)
{
    return MPI_Attr_put(comm, key, val);
}

int MPI_Comm_get_attr(MPI_Comm comm, int key, void *val, int *flag)
{
    return MPI_Attr_get(comm, key, val, flag);
}

int MPI_Comm_delete_attr(MPI_Comm comm, int key)
{
    return MPI_Attr_delete(comm, key);
}
