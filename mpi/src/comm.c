/* Communicators (thesis sections 3.2 and 4.2.3): the communicator table, MPI_COMM_WORLD and MPI_COMM_SELF,
 * context allocation, and MPI_Comm_dup / create / split / free / compare (docs/mpi.md, "Communicators").
 *
 * A communicator's context is unique on the whole machine: one node, the last of MPI_COMM_WORLD (the
 * thesis's "highest numbered processor"), hands contexts out and takes them back. So a communicator's
 * handle is simply its context, the same number on every member, and the context a message carries finds
 * the communicator on the receiving node through __mpi_comm_tab. Contexts 0 and 1 are MPI_COMM_WORLD and
 * MPI_COMM_SELF (every node's MPI_COMM_SELF has context 1: its messages never leave the node). */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

struct __mpi_comm **__mpi_comm_tab;
int __mpi_comm_cap;

static int mesh_nodes;

/* ---- The table --------------------------------------------------------------------------------------- */

struct __mpi_comm *__mpi_comm(MPI_Comm comm)
{
    struct __mpi_comm *c;
    if (!__mpi_comm_tab)
        __mpi_state();
    if (comm < 0 || comm >= __mpi_comm_cap)
        return 0;
    c = __mpi_comm_tab[comm];
    return c && c->used ? c : 0;
}

int __mpi_rank_of_node(struct __mpi_comm *c, int node)
{
    int r;
    if (node < 0 || node >= mesh_nodes)
        return MPI_UNDEFINED;
    r = c->rank_of[node];
    return r < 0 ? MPI_UNDEFINED : r;
}

/* The ranks of c form a gx x gy rectangle of the mesh, rank r at (x0 + r % gx, y0 + r / gx)? */
static void grid_shape(struct __mpi_comm *c)
{
    int X = getXDim(), base = c->nodes[0], gx = 1, r;
    c->gx = c->gy = 0;
    while (gx < c->size && c->nodes[gx] == base + gx && base % X + gx < X)
        gx++;
    if (c->size % gx != 0)
        return;
    for (r = 0; r < c->size; r++)
        if (c->nodes[r] != base + (r / gx) * X + r % gx)
            return;
    c->gx = gx;
    c->gy = c->size / gx;
}

/* Enters a communicator with the given context into this node's table. nodes: rank -> node (copied). */
struct __mpi_comm *__mpi_comm_install(int context, int rank, int size, const int *nodes)
{
    struct __mpi_comm *c;
    int i;
    if (context >= __mpi_comm_cap) {
        int cap = __mpi_comm_cap ? __mpi_comm_cap : 8;
        while (cap <= context)
            cap *= 2;
        __mpi_comm_tab = (struct __mpi_comm **)realloc(__mpi_comm_tab, cap * sizeof *__mpi_comm_tab);
        for (i = __mpi_comm_cap; i < cap; i++)
            __mpi_comm_tab[i] = 0;
        __mpi_comm_cap = cap;
    }
    c = (struct __mpi_comm *)calloc(1, sizeof *c);
    c->context = context;
    c->rank = rank;
    c->size = size;
    c->nodes = (int *)malloc(size * sizeof(int));
    memcpy(c->nodes, nodes, size * sizeof(int));
    c->rank_of = (int *)malloc(mesh_nodes * sizeof(int));
    for (i = 0; i < mesh_nodes; i++)
        c->rank_of[i] = -1;
    for (i = 0; i < size; i++)
        c->rank_of[nodes[i]] = i;
    grid_shape(c);
    c->used = 1;
    __mpi_comm_tab[context] = c;
    if (__mpi_limbo)                  /* traffic that arrived before this communicator did (p2p.c) */
        __mpi_comm_ready(context);
    return c;
}

/* Frees what the communicator holds on this node (not its attributes: see MPI_Comm_free). */
static void destroy(struct __mpi_comm *c)
{
    int q;
    __mpi_comm_tab[c->context] = 0;
    for (q = 0; q < 2; q++)
        while (c->sends[q]) {
            struct __mpi_env *e = c->sends[q];
            c->sends[q] = e->next;
            free(e);
        }
    __mpi_topo_free(c);
    __coll_area_free(c);
    free(c->nodes);
    free(c->rank_of);
    free(c);
}

/* MPI_COMM_WORLD (nodes 0 .. n-1, rank = node) and MPI_COMM_SELF; called once by __mpi_state(). */
void __mpi_comm_init(int n, int self)
{
    int *nodes = (int *)malloc(n * sizeof(int)), i;
    struct __mpi_comm *w;
    mesh_nodes = getXDim() * getYDim();
    for (i = 0; i < n; i++)
        nodes[i] = i;
    w = __mpi_comm_install(MPI_COMM_WORLD, self < n ? self : MPI_UNDEFINED, n, nodes);
    __coll_area_world(w);
    __mpi_comm_install(MPI_COMM_SELF, 0, 1, &self);
    free(nodes);
}

int MPI_Comm_rank(MPI_Comm comm, int *rank)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_rank");
    if (!rank)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_rank");
    *rank = c->rank;
    return MPI_SUCCESS;
}

int MPI_Comm_size(MPI_Comm comm, int *size)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_size");
    if (!size)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_size");
    *size = c->size;
    return MPI_SUCCESS;
}

int MPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    *group = __mpi_group_new(c->size, c->nodes);
    return MPI_SUCCESS;
}

int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    struct __mpi_comm *a = __mpi_comm(comm1), *b = __mpi_comm(comm2);
    struct __mpi_group ga, gb;
    if (!a || !b)
        return MPI_ERR_COMM;
    if (a == b) {
        *result = MPI_IDENT;
        return MPI_SUCCESS;
    }
    ga.size = a->size;
    ga.nodes = a->nodes;
    gb.size = b->size;
    gb.nodes = b->nodes;
    *result = __mpi_group_compare(&ga, &gb);
    if (*result == MPI_IDENT)
        *result = MPI_CONGRUENT;
    return MPI_SUCCESS;
}

int MPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    if (!__mpi_comm(comm))
        return MPI_ERR_COMM;
    *flag = 0;      /* intercommunicators are not provided */
    return MPI_SUCCESS;
}

int MPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    (void)size;
    return __mpi_comm(comm) ? MPI_ERR_COMM : MPI_ERR_COMM;   /* not an intercommunicator */
}

int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    (void)group;
    return __mpi_comm(comm) ? MPI_ERR_COMM : MPI_ERR_COMM;
}

/* ---- Context allocation (thesis 4.2.3), on the last node of MPI_COMM_WORLD ------------------------------ *
 *
 *   requester                                      allocator (last node of MPI_COMM_WORLD)
 *   reply[k] = -1
 *   THREAD __mpi_ctx_alloc(node, reply, k, members) ---> takes the k lowest free contexts, each with
 *                                                        `members` references (0: set later)
 *   waits until reply[k] != -1          <---------------- DATA to reply: the k contexts, then k
 *   (__ours_comm_split: THREAD __mpi_ctx_setrefs(context, n) per context, when the sizes differ)
 *
 *   MPI_Comm_free, on every member: THREAD __mpi_ctx_release(context) ---> one reference fewer; at zero
 *                                                                          the context is free again
 *
 * The reply is one DATA message whose last word is written last, so when it has changed the contexts
 * before it have landed. A context comes back only when every member has freed its communicator, so no
 * two live communicators ever share one. */

static int *ctx_refs;       /* on the allocator: references left per context (0 = free) */
#define CTX_RESERVED (1 << 30)  /* references of a context whose count is still to come (setrefs) */
static int ctx_cap;

static int allocator_node(void)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    return w->nodes[w->size - 1];
}

/* Handler on the allocator. Never suspends. */
void __mpi_ctx_alloc(int node, int reply, int k, int members)
{
    int i, c = 2;
    int *got = (int *)malloc((k + 1) * sizeof(int));
    for (i = 0; i < k; i++) {
        for (;; c++) {
            if (c >= ctx_cap) {
                int cap = ctx_cap ? 2 * ctx_cap : 64, j;
                ctx_refs = (int *)realloc(ctx_refs, cap * sizeof(int));
                for (j = ctx_cap; j < cap; j++)
                    ctx_refs[j] = 0;
                ctx_cap = cap;
            }
            if (ctx_refs[c] == 0)
                break;
        }
        ctx_refs[c] = members > 0 ? members : CTX_RESERVED;
        got[i] = c;
    }
    got[k] = k;
    __scmp_sendblock(node, (int *)reply, 1, got, 1, k + 1);
    while (__scmp_niustat() & SCMP_NIU_DMA_BUSY)
        ;
    free(got);
}

/* Releases and the count of a reserved context may arrive in any order: both are additions. */
void __mpi_ctx_release(int context)
{
    if (context > 1 && context < ctx_cap)
        ctx_refs[context]--;
}

/* Asks the allocator for k contexts, each for a communicator of the given number of members. */
void __mpi_get_contexts(int k, int members, int *out)
{
    volatile int *reply = (volatile int *)malloc((k + 1) * sizeof(int));
    int i;
    reply[k] = -1;
    __scmp_thread4(allocator_node(), (void (*)())__mpi_ctx_alloc, getNodeId(), (int)reply, k, members);
    while (reply[k] == -1)
        suspendThread();
    for (i = 0; i < k; i++)
        out[i] = reply[i];
    free((void *)reply);
}

/* ---- Creating communicators ------------------------------------------------------------------------- */

/* The thesis's MPI_Comm_dup (4.2.3): rank 0 asks the allocator for a context and enters a barrier the
 * others wait in; then every other rank asks rank 0 for the context with a THREAD message and gets it back
 * as a DATA message; a second barrier keeps everyone from using the new communicator before all have it. */
void __mpi_ctx_query(int parent, int node, int reply)
{
    sendDataIntValue(node, (int *)reply, __mpi_comm_tab[parent]->new_context);
}

static int thesis_context(MPI_Comm comm, struct __mpi_comm *c, int members)
{
    int ctx;
    if (c->rank == 0) {
        __mpi_get_contexts(1, members, &ctx);
        c->new_context = ctx;
    }
    MPI_Barrier(comm);
    if (c->rank != 0) {
        volatile int reply = -1;
        __scmp_thread3(c->nodes[0], (void (*)())__mpi_ctx_query, c->context, getNodeId(), (int)&reply);
        while (reply == -1)
            suspendThread();
        ctx = reply;
    }
    return ctx;
}

static int cmp_int2(const void *a, const void *b)
{
    const int *x = (const int *)a, *y = (const int *)b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The members of colour `color` in table (color, key) per parent rank, ordered by key then parent rank:
 * fills ranks[] with parent ranks and returns how many. */
static int members_of(const int *table, int stride, int size, int color, int *ranks)
{
    int *pairs = (int *)malloc(2 * size * sizeof(int)), n = 0, r;
    for (r = 0; r < size; r++)
        if (table[r * stride] == color) {
            pairs[2 * n] = table[r * stride + 1];
            pairs[2 * n + 1] = r;
            n++;
        }
    qsort(pairs, n, 2 * sizeof(int), cmp_int2);
    for (r = 0; r < n; r++)
        ranks[r] = pairs[2 * r + 1];
    free(pairs);
    return n;
}

/* The distinct colours (not MPI_UNDEFINED) of the table, ascending; returns how many. */
static int colours_of(const int *table, int stride, int size, int *colours)
{
    int n = 0, r, i;
    for (r = 0; r < size; r++) {
        int col = table[r * stride];
        if (col == MPI_UNDEFINED)
            continue;
        for (i = 0; i < n && colours[i] != col; i++)
            ;
        if (i == n)
            colours[n++] = col;
    }
    for (i = 1; i < n; i++) {           /* insertion sort: few colours */
        int v = colours[i], j = i - 1;
        while (j >= 0 && colours[j] > v) {
            colours[j + 1] = colours[j];
            j--;
        }
        colours[j + 1] = v;
    }
    return n;
}

/* The thesis's MPI_Comm_split (4.2.3): rank 0 gathers every colour and key, works out the new
 * communicators, asking the allocator for a context for each as it goes, and sends every caller its new
 * communicator (context, rank, size, members); a barrier ends the call. */
int __thesis_comm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm)
{
    int mine[2], *table = 0, *info, err, r;
    MPI_Request req;
    mine[0] = color;
    mine[1] = key;
    if (c->rank == 0)
        table = (int *)malloc(2 * c->size * sizeof(int));
    err = MPI_Gather(mine, 2, MPI_INT, table, 2, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    info = (int *)malloc((c->size + 3) * sizeof(int));
    if (c->rank == 0) {
        int *colours = (int *)malloc(c->size * sizeof(int));
        int *ranks = (int *)malloc(c->size * sizeof(int));
        int *msg = (int *)malloc((c->size + 3) * sizeof(int));
        MPI_Request reqs[1];
        int nc = colours_of(table, 2, c->size, colours), i, n, ctx;
        for (i = 0; i < nc; i++) {
            n = members_of(table, 2, c->size, colours[i], ranks);
            __mpi_get_contexts(1, n, &ctx);
            msg[0] = ctx;
            msg[2] = n;
            for (r = 0; r < n; r++)
                msg[3 + r] = c->nodes[ranks[r]];
            for (r = 0; r < n; r++) {
                msg[1] = r;
                if (ranks[r] == 0) {
                    memcpy(info, msg, (n + 3) * sizeof(int));
                } else {
                    __mpi_isend(msg, n + 3, MPI_INT, ranks[r], TAG_SPLIT, comm, Q_COLL, &reqs[0]);
                    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
                }
            }
        }
        msg[0] = -1;
        for (r = 0; r < c->size; r++)
            if (table[2 * r] == MPI_UNDEFINED) {
                if (r == 0)
                    info[0] = -1;
                else {
                    __mpi_isend(msg, 1, MPI_INT, r, TAG_SPLIT, comm, Q_COLL, &reqs[0]);
                    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
                }
            }
        free(colours);
        free(ranks);
        free(msg);
        free(table);
    } else {
        __mpi_irecv(info, c->size + 3, MPI_INT, 0, TAG_SPLIT, comm, Q_COLL, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    *newcomm = MPI_COMM_NULL;
    if (info[0] >= 0) {
        __mpi_comm_install(info[0], info[1], info[2], info + 3);
        *newcomm = info[0];
    }
    free(info);
    return MPI_Barrier(comm);
}

/* Our split, for every way of making a communicator: an area for the collectives of the new communicator
 * is set up first (sized for the parent, the most the new one can hold); rank 0 gathers (colour, key,
 * area address) from everyone, takes one context per colour from the allocator in a single request and
 * broadcasts the contexts with the table; every process works out its own communicator from it. A
 * barrier ends the call, as in the thesis, so nobody sends on the new communicator before all have it. */
int __ours_comm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm)
{
    int p = c->size, mine[3], *buf, *table, *ctxs, nc, err, i, n;
    struct __coll_rec *area = color == MPI_UNDEFINED ? 0 : __coll_area_alloc(p);
    mine[0] = color;
    mine[1] = key;
    mine[2] = (int)area;
    /* buf: [nc, ctx_0 .. ctx_{p-1}, table (3 ints per parent rank)] */
    buf = (int *)malloc((1 + p + 3 * p) * sizeof(int));
    ctxs = buf + 1;
    table = buf + 1 + p;
    err = MPI_Gather(mine, 3, MPI_INT, table, 3, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    if (c->rank == 0) {
        int *colours = (int *)malloc(p * sizeof(int)), *want = (int *)malloc(p * sizeof(int));
        int *ranks = (int *)malloc(p * sizeof(int));
        nc = colours_of(table, 3, p, colours);
        buf[0] = nc;
        if (nc > 0) {
            /* one request; each context's reference count is its communicator's size */
            int *got = (int *)malloc(nc * sizeof(int));
            for (i = 0; i < nc; i++)
                want[i] = members_of(table, 3, p, colours[i], ranks);
            __mpi_get_contexts(nc, nc == 1 ? want[0] : 0, got);
            for (i = 0; i < nc; i++)
                ctxs[i] = got[i];
            if (nc > 1)
                __mpi_set_context_refs(nc, got, want);
            free(got);
        }
        free(colours);
        free(want);
        free(ranks);
    }
    err = MPI_Bcast(buf, 1 + p + 3 * p, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    *newcomm = MPI_COMM_NULL;
    if (color != MPI_UNDEFINED) {
        int *colours = (int *)malloc(p * sizeof(int)), *ranks = (int *)malloc(p * sizeof(int));
        int *nodes = (int *)malloc(p * sizeof(int)), me = -1, ci;
        struct __mpi_comm *nc_;
        int total = colours_of(table, 3, p, colours);
        for (ci = 0; ci < total && colours[ci] != color; ci++)
            ;
        n = members_of(table, 3, p, color, ranks);
        for (i = 0; i < n; i++) {
            nodes[i] = c->nodes[ranks[i]];
            if (ranks[i] == c->rank)
                me = i;
        }
        nc_ = __mpi_comm_install(ctxs[ci], me, n, nodes);
        for (i = 0; i < n; i++)
            nodes[i] = table[3 * ranks[i] + 2];    /* now the members' area addresses */
        __coll_area_set(nc_, area, nodes);
        *newcomm = ctxs[ci];
        free(colours);
        free(ranks);
        free(nodes);
    }
    free(buf);
    return MPI_Barrier(comm);
}

/* Sets the reference counts of contexts allocated with members 0 (__ours_comm_split asks for the contexts of
 * all its communicators, of different sizes, in one request). */
void __mpi_ctx_setrefs(int context, int refs)
{
    if (context > 1 && context < ctx_cap)
        ctx_refs[context] -= CTX_RESERVED - refs;
}

void __mpi_set_context_refs(int k, const int *ctxs, const int *refs)
{
    int i;
    for (i = 0; i < k; i++)
        __scmp_thread2(allocator_node(), (void (*)())__mpi_ctx_setrefs, ctxs[i], refs[i]);
}

/* Makes the communicator of the processes of comm that pass the same colour, ordered by key then rank in
 * comm; MPI_UNDEFINED gets MPI_COMM_NULL. Collective over comm. Both protocol families. */
int __mpi_comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (color < 0 && color != MPI_UNDEFINED)
        return MPI_ERR_ARG;
    return __mpi_family->comm_split(comm, c, color, key, newcomm);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    return __mpi_comm_split(comm, color, key, newcomm);
}

/* The thesis's MPI_Comm_dup (4.2.3): rank 0 takes a context, the others ask it for it; a barrier. */
int __thesis_comm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm)
{
    int ctx = thesis_context(comm, c, c->size);
    __mpi_comm_install(ctx, c->rank, c->size, c->nodes);
    *newcomm = ctx;
    return MPI_Barrier(comm);
}

/* Ours: a split with one colour. */
int __ours_comm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm)
{
    return __ours_comm_split(comm, c, 0, c->rank, newcomm);
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm), *n;
    int err;
    if (!c)
        return MPI_ERR_COMM;
    err = __mpi_family->comm_dup(comm, c, newcomm);
    if (err != MPI_SUCCESS)
        return err;
    n = __mpi_comm(*newcomm);
    n->errhandler = c->errhandler;
    __mpi_topo_copy(c, n);
    return __mpi_attr_copy(comm, c, n);
}

/* The thesis's MPI_Comm_create: as MPI_Comm_dup, with the group given (4.2.3). */
int __thesis_comm_create(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm)
{
    int ctx = g->size > 0 ? thesis_context(comm, c, g->size) : -1;
    *newcomm = MPI_COMM_NULL;
    if (me != MPI_UNDEFINED) {
        __mpi_comm_install(ctx, me, g->size, g->nodes);
        *newcomm = ctx;
    }
    return MPI_Barrier(comm);
}

/* Ours: a split in which the group's members have colour 0. */
int __ours_comm_create(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm)
{
    (void)g;
    return __ours_comm_split(comm, c, me == MPI_UNDEFINED ? MPI_UNDEFINED : 0, me, newcomm);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_group *g = __mpi_group(group);
    int me, i;
    if (!c)
        return MPI_ERR_COMM;
    if (!g)
        return MPI_ERR_GROUP;
    for (i = 0; i < g->size; i++)
        if (__mpi_rank_of_node(c, g->nodes[i]) == MPI_UNDEFINED)
            return MPI_ERR_GROUP;
    for (me = 0; me < g->size && g->nodes[me] != c->nodes[c->rank]; me++)
        ;
    if (me == g->size)
        me = MPI_UNDEFINED;
    return __mpi_family->comm_create(comm, c, g, me, newcomm);
}

/* Collective, not synchronising: deletes the attributes (their delete callbacks run), returns the
 * context's reference to the allocator and frees the local state. */
int MPI_Comm_free(MPI_Comm *comm)
{
    struct __mpi_comm *c = __mpi_comm(*comm);
    int err;
    if (!c)
        return MPI_ERR_COMM;
    if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
        return MPI_ERR_COMM;
    err = __mpi_attr_delete_all(*comm, c);
    if (err != MPI_SUCCESS)
        return err;
    __scmp_thread1(allocator_node(), (void (*)())__mpi_ctx_release, c->context);
    destroy(c);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}
