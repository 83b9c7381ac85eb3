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
#include "mpi_machine.h"
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
        __mpi_comm_tab = (struct __mpi_comm **)__mpi_xrealloc(__mpi_comm_tab, cap * sizeof *__mpi_comm_tab,
                                                              "communicator table");
        for (i = __mpi_comm_cap; i < cap; i++)
            __mpi_comm_tab[i] = 0;
        __mpi_comm_cap = cap;
    }
    c = (struct __mpi_comm *)__mpi_xcalloc(1, sizeof *c, "communicator");
    c->context = context;
    c->rank = rank;
    c->size = size;
    c->nodes = (int *)__mpi_xmalloc(size * sizeof(int), "communicator");
    memcpy(c->nodes, nodes, size * sizeof(int));
    c->rank_of = (int *)__mpi_xmalloc(mesh_nodes * sizeof(int), "communicator");
    for (i = 0; i < mesh_nodes; i++)
        c->rank_of[i] = -1;
    for (i = 0; i < size; i++)
        c->rank_of[nodes[i]] = i;
    grid_shape(c);
    c->used = 1;
    __mpi_comm_tab[context] = c;
    if (__mpi_limbo)                  /* traffic that arrived before this communicator did (p2p.c) */
        __mpi_comm_ready(context);
#ifdef __SCMP__
    if (__thesis_pending)             /* and barrier counts (coll_thesis.c) */
        __thesis_counts_ready(c);
#endif
    return c;
}

/* Enters an intercommunicator: point to point reaches the remote group (rsize, rnodes) as an
 * intracommunicator's reaches its members; rank is the rank in the local group (lsize, lnodes). */
struct __mpi_comm *__mpi_intercomm_install(int context, int rank, int lsize, const int *lnodes, int rsize,
                                           const int *rnodes, int low)
{
    struct __mpi_comm *c = __mpi_comm_install(context, rank, rsize, rnodes);
    c->inter = 1;
    c->lsize = lsize;
    c->lnodes = (int *)__mpi_xmalloc(lsize * sizeof(int), "intercommunicator");
    memcpy(c->lnodes, lnodes, lsize * sizeof(int));
    c->low = low;
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
    free(c->lnodes);
    free(c->name);
    free(c);
}

/* MPI_COMM_WORLD (nodes 0 .. n-1, rank = node) and MPI_COMM_SELF; called once by __mpi_state(). */
void __mpi_comm_init(int n, int self)
{
    int *nodes = (int *)__mpi_xmalloc(n * sizeof(int), "MPI_Init"), i;
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
    *size = c->inter ? c->lsize : c->size;
    return MPI_SUCCESS;
}

int MPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_group");
    if (!group)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_group");
    *group = c->inter ? __mpi_group_new(c->lsize, c->lnodes) : __mpi_group_new(c->size, c->nodes);
    return MPI_SUCCESS;
}

/* The comparison of two groups given by their node lists. */
static int compare_nodes(int na, int *a, int nb, int *b)
{
    struct __mpi_group ga, gb;
    ga.size = na;
    ga.nodes = a;
    gb.size = nb;
    gb.nodes = b;
    return __mpi_group_compare(&ga, &gb);
}

/* Intercommunicators compare by both groups: congruent when both are the same in the same order, similar
 * when both have the same members (MPI-1.2 5.6.1). */
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    struct __mpi_comm *a = __mpi_comm(comm1), *b = __mpi_comm(comm2);
    if (!a || !b)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_compare");
    if (!result)
        return __mpi_error(comm1, MPI_ERR_ARG, "MPI_Comm_compare");
    if (a == b) {
        *result = MPI_IDENT;
    } else if (a->inter != b->inter) {
        *result = MPI_UNEQUAL;
    } else {
        *result = compare_nodes(a->size, a->nodes, b->size, b->nodes);
        if (a->inter) {
            int local = compare_nodes(a->lsize, a->lnodes, b->lsize, b->lnodes);
            if (local > *result)
                *result = local;
        }
        if (*result == MPI_IDENT)
            *result = MPI_CONGRUENT;
    }
    return MPI_SUCCESS;
}

int MPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_test_inter");
    if (!flag)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_test_inter");
    *flag = c->inter;
    return MPI_SUCCESS;
}

int MPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c || !c->inter)
        return __mpi_error_why(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_remote_size",
                               c ? "not an intercommunicator" : 0);
    if (!size)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_remote_size");
    *size = c->size;
    return MPI_SUCCESS;
}

int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c || !c->inter)
        return __mpi_error_why(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_remote_group",
                               c ? "not an intercommunicator" : 0);
    if (!group)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_remote_group");
    *group = __mpi_group_new(c->size, c->nodes);
    return MPI_SUCCESS;
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

#ifdef __SCMP__  /* the T3D's allocator is in t3d/comm_t3d.c */
static int *ctx_refs;       /* on the allocator: references left per context (0 = free) */
#define CTX_RESERVED (1 << 30)  /* references of a context whose count is still to come (setrefs) */
static int ctx_cap;

static int allocator_node(void)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    return w->nodes[w->size - 1];
}

/* On the allocator: takes the k lowest free contexts into got. Never suspends, so that handlers and the
 * allocator's own requests (below) take contexts one at a time. */
static void take_contexts(int k, int members, int *got)
{
    int i, c = 2;
    for (i = 0; i < k; i++) {
        for (;; c++) {
            if (c >= ctx_cap) {
                int cap = ctx_cap ? 2 * ctx_cap : 64, j;
                ctx_refs = (int *)__mpi_xrealloc(ctx_refs, cap * sizeof(int), "context allocation");
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
}

/* Handler on the allocator. Never suspends. */
void __mpi_ctx_alloc(int node, int reply, int k, int members)
{
    int *got = (int *)__mpi_xmalloc((k + 1) * sizeof(int), "context allocation");
    take_contexts(k, members, got);
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
    volatile int *reply;
    int i;
    if (allocator_node() == getNodeId()) {
        /* The allocator's own: taken here. A reply to itself would be a DMA into its own ejection port, which can
         * wait there behind THREAD messages for a context while every context is held by handlers, among them
         * the one spinning until that DMA is done (MPICH's comm_idup_nb livelocked so). */
        take_contexts(k, members, out);
        return;
    }
    reply = (volatile int *)__mpi_xmalloc((k + 1) * sizeof(int), "context allocation");
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

#endif

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
    int *pairs = (int *)__mpi_xmalloc(2 * size * sizeof(int), "MPI_Comm_split"), n = 0, r;
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

#ifdef __SCMP__
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
        table = (int *)__mpi_xmalloc(2 * c->size * sizeof(int), "MPI_Comm_split");
    err = MPI_Gather(mine, 2, MPI_INT, table, 2, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    info = (int *)__mpi_xmalloc((c->size + 3) * sizeof(int), "MPI_Comm_split");
    if (c->rank == 0) {
        int *colours = (int *)__mpi_xmalloc(c->size * sizeof(int), "MPI_Comm_split");
        int *ranks = (int *)__mpi_xmalloc(c->size * sizeof(int), "MPI_Comm_split");
        int *msg = (int *)__mpi_xmalloc((c->size + 3) * sizeof(int), "MPI_Comm_split");
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

#endif

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
    buf = (int *)__mpi_xmalloc((1 + p + 3 * p) * sizeof(int), "MPI_Comm_split");
    ctxs = buf + 1;
    table = buf + 1 + p;
    err = MPI_Gather(mine, 3, MPI_INT, table, 3, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    if (c->rank == 0) {
        int *colours = (int *)__mpi_xmalloc(3 * p * sizeof(int), "MPI_Comm_split"), *want = colours + p;
        int *ranks = want + p;
        nc = colours_of(table, 3, p, colours);
        buf[0] = nc;
        if (nc > 0) {
            /* one request; each context's reference count is its communicator's size */
            int *got = (int *)__mpi_xmalloc(nc * sizeof(int), "MPI_Comm_split");
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
    }
    err = MPI_Bcast(buf, 1 + p + 3 * p, MPI_INT, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    *newcomm = MPI_COMM_NULL;
    if (color != MPI_UNDEFINED) {
        int *colours = (int *)__mpi_xmalloc(3 * p * sizeof(int), "MPI_Comm_split"), *ranks = colours + p;
        int *nodes = ranks + p, me = -1, ci;
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
    }
    free(buf);
    return MPI_Barrier(comm);
}

#ifdef __SCMP__
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

#endif

/* Makes the communicator of the processes of comm that pass the same colour, ordered by key then rank in
 * comm; MPI_UNDEFINED gets MPI_COMM_NULL. Collective over comm. Both protocol families. */
int __mpi_comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if ((color < 0 && color != MPI_UNDEFINED) || !newcomm)
        return MPI_ERR_ARG;
    return c->inter ? __mpi_intercomm_split(comm, c, color, key, newcomm)
                    : __mpi_family->comm_split(comm, c, color, key, newcomm);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    return __mpi_error(comm, __mpi_comm_split(comm, color, key, newcomm), "MPI_Comm_split");
}

#ifdef __SCMP__
/* The thesis's MPI_Comm_dup (4.2.3): rank 0 takes a context, the others ask it for it; a barrier. */
int __thesis_comm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm)
{
    int ctx = thesis_context(comm, c, c->size);
    __mpi_comm_install(ctx, c->rank, c->size, c->nodes);
    *newcomm = ctx;
    return MPI_Barrier(comm);
}

#endif

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
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_dup");
    if (!newcomm)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_dup");
    err = c->inter ? __mpi_intercomm_dup(comm, c, newcomm) : __mpi_family->comm_dup(comm, c, newcomm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Comm_dup");
    n = __mpi_comm(*newcomm);
    n->errhandler = c->errhandler;
    __mpi_topo_copy(c, n);
    return __mpi_error(comm, __mpi_attr_copy(comm, c, n), "MPI_Comm_dup");
}

#ifdef __SCMP__
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

#endif

/* Ours: a split in which the group's members have colour 0. */
int __ours_comm_create(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, int me, MPI_Comm *newcomm)
{
    (void)g;
    return __ours_comm_split(comm, c, me == MPI_UNDEFINED ? MPI_UNDEFINED : 0, me, newcomm);
}

/* The caller's rank in g, a group of members of c (else -1: MPI_ERR_GROUP), or MPI_UNDEFINED. */
static int rank_in_group(struct __mpi_comm *c, struct __mpi_group *g)
{
    int me, i;
    for (i = 0; i < g->size; i++)
        if (__mpi_rank_of_node(c, g->nodes[i]) == MPI_UNDEFINED)
            return -1;
    for (me = 0; me < g->size && g->nodes[me] != c->nodes[c->rank]; me++)
        ;
    return me == g->size ? MPI_UNDEFINED : me;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_group *g = __mpi_group(group);
    int me;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_create");
    if (!g)
        return __mpi_error(comm, MPI_ERR_GROUP, "MPI_Comm_create");
    if (!newcomm)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_create");
    if (c->inter)
        return __mpi_error(comm, __mpi_intercomm_create_from_group(comm, c, g, newcomm), "MPI_Comm_create");
    me = rank_in_group(c, g);
    if (me == -1)
        return __mpi_error(comm, MPI_ERR_GROUP, "MPI_Comm_create");
    return __mpi_error(comm, __mpi_family->comm_create(comm, c, g, me, newcomm), "MPI_Comm_create");
}

/* MPI-3: collective over the members of group only (a subgroup of comm). The group's rank 0 takes a context
 * from the allocator, gathers the members' slot areas (when the family's collectives use them) and sends
 * every member the context and the areas, point to point on comm's collective queue with a tag made of the
 * caller's (so that concurrent calls on comm with different tags never mix). No barrier ends the call: a
 * member may send on the new communicator before another has installed it, and the engine keeps such
 * traffic until it has (p2p.c, "limbo"). */
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm), *nc;
    struct __mpi_group *g = __mpi_group(group);
    int me, n, i, err = MPI_SUCCESS, itag, *msg;
    struct __coll_rec *area;
    if (!c || c->inter)
        return __mpi_error(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_create_group");
    if (!g)
        return __mpi_error(comm, MPI_ERR_GROUP, "MPI_Comm_create_group");
    if (tag < 0 || !newcomm)
        return __mpi_error(comm, tag < 0 ? MPI_ERR_TAG : MPI_ERR_ARG, "MPI_Comm_create_group");
    me = rank_in_group(c, g);
    if (me == -1)
        return __mpi_error(comm, MPI_ERR_GROUP, "MPI_Comm_create_group");
    *newcomm = MPI_COMM_NULL;
    if (me == MPI_UNDEFINED)
        return MPI_SUCCESS;
    n = g->size;
    itag = TAG_USER_BASE - tag;
    area = __mpi_family->slot_areas ? __coll_area_alloc(n) : 0;
    msg = (int *)__mpi_xmalloc((n + 1) * sizeof(int), "MPI_Comm_create_group");
    if (me == 0) {
        __mpi_get_contexts(1, n, &msg[0]);
        msg[1] = (int)area;
        for (i = 1; i < n && err == MPI_SUCCESS; i++)
            err = __coll_recv(&msg[1 + i], 1, MPI_INT, __mpi_rank_of_node(c, g->nodes[i]), itag, comm);
        for (i = 1; i < n && err == MPI_SUCCESS; i++)
            err = __coll_send(msg, n + 1, MPI_INT, __mpi_rank_of_node(c, g->nodes[i]), itag, comm);
    } else {
        int leader = __mpi_rank_of_node(c, g->nodes[0]), a = (int)area;
        err = __coll_send(&a, 1, MPI_INT, leader, itag, comm);
        if (err == MPI_SUCCESS)
            err = __coll_recv(msg, n + 1, MPI_INT, leader, itag, comm);
    }
    if (err == MPI_SUCCESS) {
        nc = __mpi_comm_install(msg[0], me, n, g->nodes);
        if (area)
            __coll_area_set(nc, area, msg + 1);
        nc->errhandler = c->errhandler;
        *newcomm = msg[0];
    }
    free(msg);
    return __mpi_error(comm, err, "MPI_Comm_create_group");
}

/* Returns the context's reference to the allocator and frees the local state. */
static void retire(struct __mpi_comm *c)
{
#ifdef __SCMP__
    __scmp_thread1(allocator_node(), (void (*)())__mpi_ctx_release, c->context);
#endif
    destroy(c);
}

static int lingering;   /* communicators freed while receives were posted on them, not yet retired */

/* Retires the freed communicators whose posted receives have all been matched (or cancelled). A matched
 * receive needs its communicator no more: the payload's landing and the completion go by the request. */
static void sweep(void)
{
    int i;
    for (i = 0; lingering && i < __mpi_comm_cap; i++) {
        struct __mpi_comm *c = __mpi_comm_tab[i];
        if (c && c->freed && !c->recvs[0] && !c->recvs[1]) {
            retire(c);
            lingering--;
        }
    }
}

/* Collective, not synchronising: deletes the attributes (their delete callbacks run), returns the
 * context's reference to the allocator and frees the local state. MPI only marks the communicator for
 * deallocation: communication pending on it completes normally. So while receives are posted on it, it stays
 * in the table (the engine and fast.S go on matching arriving messages to them) with its context reserved,
 * and a later MPI_Comm_free retires it once they have all been matched (docs/mpi.md, "Communicators"). */
int MPI_Comm_free(MPI_Comm *comm)
{
    struct __mpi_comm *c = comm ? __mpi_comm(*comm) : 0;
    int err;
    if (!c || c->freed || *comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_free");
    err = __mpi_attr_delete_all(*comm, c);
    if (err != MPI_SUCCESS)
        return __mpi_error(*comm, err, "MPI_Comm_free");
    sweep();
    if (c->recvs[0] || c->recvs[1]) {
        c->freed = 1;
        lingering++;
    } else {
        retire(c);
    }
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* MPI-2 (section 10.5.4), on any communicator but MPI_COMM_WORLD and MPI_COMM_SELF: as for MPI_Finalize, the
 * program has completed its communication on comm (and has matched it), so what is left to wait for is every
 * process's call; a barrier, then MPI_Comm_free. Collective. */
int MPI_Comm_disconnect(MPI_Comm *comm)
{
    struct __mpi_comm *c = comm ? __mpi_comm(*comm) : 0;
    int err;
    if (!c || c->freed || *comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_disconnect");
    err = MPI_Barrier(*comm);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Comm_free(comm);
}

/* MPI-3: a node's memory is its own, so the shared-memory domain of MPI_COMM_TYPE_SHARED is the process
 * alone: a communicator of one (collective over comm all the same, as MPI_Comm_split). */
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    (void)info;
    if (!c || c->inter)
        return __mpi_error(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_split_type");
    if (split_type != MPI_COMM_TYPE_SHARED && split_type != MPI_UNDEFINED)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_split_type");
    return __mpi_error(comm,
                       __mpi_comm_split(comm, split_type == MPI_UNDEFINED ? MPI_UNDEFINED : c->rank, key, newcomm),
                       "MPI_Comm_split_type");
}

/* ---- Names (MPI-2): a copy of the caller's string; the predefined communicators are named after
 * themselves, others have the empty name until they get one (MPI_Comm_dup does not copy it). */

int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int n;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_name");
    if (!comm_name)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_set_name");
    n = (int)strlen(comm_name);
    if (n > MPI_MAX_OBJECT_NAME - 1)
        n = MPI_MAX_OBJECT_NAME - 1;
    free(c->name);
    c->name = (char *)malloc(n + 1);
    if (!c->name)
        return __mpi_no_mem(comm, "MPI_Comm_set_name", n + 1);
    memcpy(c->name, comm_name, n);
    c->name[n] = 0;
    return MPI_SUCCESS;
}

int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    const char *name;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_name");
    if (!comm_name || !resultlen)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_get_name");
    name = c->name                  ? c->name
           : comm == MPI_COMM_WORLD ? "MPI_COMM_WORLD"
           : comm == MPI_COMM_SELF  ? "MPI_COMM_SELF"
                                    : "";
    strcpy(comm_name, name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
