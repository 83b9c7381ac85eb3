/* Intercommunicators (MPI-1.2 section 5.6; docs/mpi.md, "Intercommunicators"): two disjoint groups, each
 * process talking to the other group. An intercommunicator is a communicator-table entry whose size, nodes
 * and rank_of are the remote group's (so that point to point, the engine and the assembly fast paths alike,
 * reaches the remote group as it reaches an intracommunicator's members) and whose local group is kept
 * beside them (comm.c, __mpi_intercomm_install). Its context, unique on the machine as every other, has a
 * reference per process of both groups.
 *
 * Of the two groups, the "low" one is that whose leader (local rank 0 once made) has the smaller node:
 * both sides know both leaders, so they agree without a message. It takes the context from the allocator
 * whenever one is needed, and goes first when MPI_Intercomm_merge's callers leave the order open.
 *
 * Their traffic uses the collective queue of the communicator it goes through, so it never meets user
 * messages. None of these calls ends with a barrier: a process may send on the new communicator before a
 * process of the other group has installed it, and the engine keeps such traffic until it has (p2p.c). */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

/* Sends n ints to rank `to` and receives up to m from rank `from` at once, on comm's collective queue (both
 * may be handshakes that wait for the other side: neither blocks the other). */
static int swap_ints(const int *out, int n, int to, int *in, int m, int from, int tag, MPI_Comm comm)
{
    MPI_Request r[2];
    int err = __mpi_irecv(in, m, MPI_INT, from, tag, comm, Q_COLL, &r[0]), e2;
    if (err != MPI_SUCCESS)
        return err;
    err = __mpi_isend((void *)out, n, MPI_INT, to, tag, comm, Q_COLL, &r[1]);
    e2 = MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    return err != MPI_SUCCESS ? err : e2;
}

/* MPI_Intercomm_create: the two leaders exchange their groups (sizes and nodes) over peer_comm with the
 * caller's tag; the low leader takes the context and sends it to the other; each leader broadcasts the
 * context and the remote group over its local_comm; every process installs the intercommunicator. */
static int intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                            MPI_Comm *newintercomm)
{
    struct __mpi_comm *lc = __mpi_comm(local_comm), *pc, *nc;
    int info[3], *buf, err = MPI_SUCCESS, world = __mpi_comm(MPI_COMM_WORLD)->size;
    if (!lc || lc->inter)
        return MPI_ERR_COMM;
    if (local_leader < 0 || local_leader >= lc->size)
        return MPI_ERR_RANK;
    if (tag < 0)
        return MPI_ERR_TAG;
    if (!newintercomm)
        return MPI_ERR_ARG;
    /* buf: [size, nodes...] of a group: this one's, then the remote one's */
    buf = (int *)malloc(2 * (world + 1) * sizeof(int));
    if (!buf)
        return MPI_ERR_NO_MEM;
    if (lc->rank == local_leader) {
        int *mine = buf, *theirs = buf + world + 1, itag = TAG_USER_BASE - tag, low;
        pc = __mpi_comm(peer_comm);
        if (!pc || pc->inter)
            err = MPI_ERR_COMM;
        else if (remote_leader < 0 || remote_leader >= pc->size || pc->nodes[remote_leader] == __mpi_self_node)
            err = MPI_ERR_RANK;
        if (err == MPI_SUCCESS) {
            mine[0] = lc->size;
            memcpy(mine + 1, lc->nodes, lc->size * sizeof(int));
            err = swap_ints(mine, lc->size + 1, remote_leader, theirs, world + 1, remote_leader, itag, peer_comm);
        }
        if (err == MPI_SUCCESS) {
            low = __mpi_self_node < pc->nodes[remote_leader];
            if (low) {
                __mpi_get_contexts(1, lc->size + theirs[0], &info[0]);
                err = __coll_send(&info[0], 1, MPI_INT, remote_leader, itag, peer_comm);
            } else {
                err = __coll_recv(&info[0], 1, MPI_INT, remote_leader, itag, peer_comm);
            }
            info[1] = low;
            info[2] = theirs[0];
            memmove(buf, theirs + 1, theirs[0] * sizeof(int));
        }
        if (err != MPI_SUCCESS)
            info[0] = -1;           /* the others hear of the failure */
    }
    /* the leader's news for everyone of its group (their local_comm's collective) */
    if (lc->size > 1) {
        int e = MPI_Bcast(info, 3, MPI_INT, local_leader, local_comm);
        if (e == MPI_SUCCESS && info[0] >= 0)
            e = MPI_Bcast(buf, info[2], MPI_INT, local_leader, local_comm);
        if (err == MPI_SUCCESS)
            err = e;
    }
    if (err == MPI_SUCCESS && info[0] < 0)
        err = MPI_ERR_OTHER;
    if (err == MPI_SUCCESS) {
        nc = __mpi_intercomm_install(info[0], lc->rank, lc->size, lc->nodes, info[2], buf, info[1]);
        nc->errhandler = lc->errhandler;
        *newintercomm = info[0];
    }
    free(buf);
    return err;
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm *newintercomm)
{
    return __mpi_error(local_comm, intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
                                                    newintercomm),
                       "MPI_Intercomm_create");
}

/* MPI_Comm_dup of an intercommunicator (collective over both groups): the low leader takes a context and
 * sends it to every process of the high group; the high leader, having it, sends it on to the low group's
 * other processes. */
int __mpi_intercomm_dup(MPI_Comm comm, struct __mpi_comm *c, MPI_Comm *newcomm)
{
    int ctx = -1, err = MPI_SUCCESS, i;
    struct __mpi_comm *nc;
    if (c->low && c->rank == 0) {
        __mpi_get_contexts(1, c->lsize + c->size, &ctx);
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
            err = __coll_send(&ctx, 1, MPI_INT, i, TAG_INTER, comm);
    } else {
        err = __coll_recv(&ctx, 1, MPI_INT, 0, TAG_INTER, comm);
        if (!c->low && c->rank == 0)
            for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
                err = __coll_send(&ctx, 1, MPI_INT, i, TAG_INTER, comm);
    }
    if (err != MPI_SUCCESS)
        return err;
    nc = __mpi_intercomm_install(ctx, c->rank, c->lsize, c->lnodes, c->size, c->nodes, c->low);
    (void)nc;
    *newcomm = ctx;
    return MPI_SUCCESS;
}

/* MPI_Intercomm_merge: an intracommunicator of both groups, the group whose processes pass high = 0 first
 * (the low group first when both pass the same). Collective over both groups; its traffic goes through
 * the intercommunicator, whose processes reach only the other group, so each leader learns the other
 * group's slot areas from its processes, the leaders swap what they learnt (and the low leader's context),
 * and each leader tells the other group's processes everything:
 *
 *   every process: its area to the remote leader       (each leader now has the other group's areas)
 *   leaders: [high, context, the other group's areas]   (each now has both)
 *   each leader to the other group's processes but its leader: [context, order, all areas]
 */
static int intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    struct __mpi_comm *c = __mpi_comm(intercomm), *nc;
    int L, R, n, err = MPI_SUCCESS, i, *msg, *nodes, lowfirst, *ownpart, *otherpart, mine_first, me;
    struct __coll_rec *area;
    if (!c || !c->inter)
        return MPI_ERR_COMM;
    if (!newintracomm)
        return MPI_ERR_ARG;
    L = c->lsize;
    R = c->size;
    n = L + R;
    high = high != 0;
    area = __mpi_family->slot_areas ? __coll_area_alloc(n) : 0;
    /* msg: [context, lowfirst, areas of the low group, areas of the high group]; then room for a swap */
    msg = (int *)malloc((2 + n + 2 + n) * sizeof(int) + n * sizeof(int));
    if (!msg)
        return MPI_ERR_NO_MEM;
    nodes = msg + 2 + n + 2 + n;
    ownpart = msg + 2 + (c->low ? 0 : R);      /* this group's areas, in the final message */
    otherpart = msg + 2 + (c->low ? L : 0);    /* the other group's */
    if (c->rank == 0) {
        MPI_Request *reqs = (MPI_Request *)malloc((R + 1) * sizeof(MPI_Request));
        int mine[1], *swap = msg + 2 + n;           /* [high, context, areas...] */
        if (!reqs) {
            free(msg);
            return MPI_ERR_NO_MEM;
        }
        /* the other group's areas, straight into their place; this leader's own area to the other leader */
        for (i = 0; i < R && err == MPI_SUCCESS; i++)
            err = __mpi_irecv(&otherpart[i], 1, MPI_INT, i, TAG_INTER, intercomm, Q_COLL, &reqs[i]);
        mine[0] = (int)area;
        if (err == MPI_SUCCESS)
            err = __mpi_isend(mine, 1, MPI_INT, 0, TAG_INTER, intercomm, Q_COLL, &reqs[R]);
        for (i = 0; i <= R && err == MPI_SUCCESS; i++)
            err = MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
        free(reqs);
        if (err == MPI_SUCCESS) {
            int *o = (int *)malloc((R + 2) * sizeof(int));
            if (!o)
                err = MPI_ERR_NO_MEM;
            else {
                o[0] = high;
                o[1] = -1;
                if (c->low)
                    __mpi_get_contexts(1, n, &o[1]);
                memcpy(o + 2, otherpart, R * sizeof(int));
                err = swap_ints(o, R + 2, 0, swap, L + 2, 0, TAG_INTER, intercomm);
                if (err == MPI_SUCCESS) {
                    int other_high = swap[0];
                    msg[0] = c->low ? o[1] : swap[1];
                    memcpy(ownpart, swap + 2, L * sizeof(int));
                    /* the low group first unless it asked to be high and the other did not */
                    msg[1] = c->low ? !(high && !other_high) : !(other_high && !high);
                }
                free(o);
            }
        }
        for (i = 1; i < R && err == MPI_SUCCESS; i++)
            err = __coll_send(msg, 2 + n, MPI_INT, i, TAG_INTER, intercomm);
    } else {
        int a = (int)area;
        err = __coll_send(&a, 1, MPI_INT, 0, TAG_INTER, intercomm);
        if (err == MPI_SUCCESS)
            err = __coll_recv(msg, 2 + n, MPI_INT, 0, TAG_INTER, intercomm);
    }
    if (err == MPI_SUCCESS) {
        int *areas = msg + 2 + n + 2;               /* the areas in the new ranks' order */
        lowfirst = msg[1];
        mine_first = c->low ? lowfirst : !lowfirst;
        me = mine_first ? c->rank : R + c->rank;
        for (i = 0; i < n; i++) {
            int first = i < (mine_first ? L : R);
            int k = first ? i : i - (mine_first ? L : R);
            if (mine_first == first) {
                nodes[i] = c->lnodes[k];
                areas[i] = ownpart[k];
            } else {
                nodes[i] = c->nodes[k];
                areas[i] = otherpart[k];
            }
        }
        nc = __mpi_comm_install(msg[0], me, n, nodes);
        if (area)
            __coll_area_set(nc, area, areas);
        nc->errhandler = c->errhandler;
        *newintracomm = msg[0];
    }
    free(msg);
    return err;
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    return __mpi_error(intercomm, intercomm_merge(intercomm, high, newintracomm), "MPI_Intercomm_merge");
}

/* MPI-2's MPI_Comm_split of an intercommunicator: the processes of each group that pass the same colour make
 * a new intercommunicator with those of the other group that pass it, each group ordered by key, then by
 * rank; a process that passes MPI_UNDEFINED, or whose colour no process of the other group passes, gets
 * MPI_COMM_NULL. Collective over both groups: they merge into one intracommunicator (the low group first),
 * where every process learns every colour and key; each group splits off its own part (its old local group),
 * that part by colour (the new local groups), and each new local group's leader meets the other group's
 * leader of its colour over the merged communicator (MPI_Intercomm_create). */
int __mpi_intercomm_split(MPI_Comm comm, struct __mpi_comm *c, int color, int key, MPI_Comm *newcomm)
{
    MPI_Comm merged = MPI_COMM_NULL, side_comm = MPI_COMM_NULL, local = MPI_COMM_NULL;
    int n = c->lsize + c->size, nlow = c->low ? c->lsize : c->size, side = !c->low, lead[2] = {-1, -1};
    int mine[2], *all, err, i;
    *newcomm = MPI_COMM_NULL;
    all = (int *)malloc(2 * n * sizeof(int));
    if (!all)
        return MPI_ERR_NO_MEM;
    mine[0] = color;
    mine[1] = key;
    err = MPI_Intercomm_merge(comm, side, &merged);
    if (err == MPI_SUCCESS)
        err = MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, merged);
    /* the leader of each group's part of this colour: the smallest key, then the smallest rank */
    for (i = 0; err == MPI_SUCCESS && color != MPI_UNDEFINED && i < n; i++) {
        int s = i >= nlow;
        if (all[2 * i] == color && (lead[s] < 0 || all[2 * i + 1] < all[2 * lead[s] + 1]))
            lead[s] = i;
    }
    if (err == MPI_SUCCESS)
        err = __mpi_comm_split(merged, side, 0, &side_comm);
    if (err == MPI_SUCCESS)
        err = __mpi_comm_split(side_comm, color == MPI_UNDEFINED || lead[!side] < 0 ? MPI_UNDEFINED : color, key,
                               &local);
    if (err == MPI_SUCCESS && local != MPI_COMM_NULL)
        err = intercomm_create(local, 0, merged, lead[!side], 0, newcomm);
    if (local != MPI_COMM_NULL)
        MPI_Comm_free(&local);
    if (side_comm != MPI_COMM_NULL)
        MPI_Comm_free(&side_comm);
    if (merged != MPI_COMM_NULL)
        MPI_Comm_free(&merged);
    free(all);
    return err;
}

/* MPI-2's MPI_Comm_create of an intercommunicator: each group passes a subgroup of its own (local) group; the
 * new intercommunicator joins the two subgroups, each in its group's order; a process outside its group's
 * subgroup, or whose subgroup faces an empty one, gets MPI_COMM_NULL. A split with colour 0 for the members
 * and their rank in the subgroup as key. Collective over both groups. */
int __mpi_intercomm_create_from_group(MPI_Comm comm, struct __mpi_comm *c, struct __mpi_group *g, MPI_Comm *newcomm)
{
    int i, j, me = MPI_UNDEFINED;
    for (i = 0; i < g->size; i++) {
        for (j = 0; j < c->lsize && c->lnodes[j] != g->nodes[i]; j++)
            ;
        if (j == c->lsize)
            return MPI_ERR_GROUP;           /* not a subgroup of the local group */
        if (j == c->rank)
            me = i;
    }
    return __mpi_intercomm_split(comm, c, me == MPI_UNDEFINED ? MPI_UNDEFINED : 0, me, newcomm);
}
