/* Process groups (thesis section 3.1, MPI-1.2 chapter 5.3): ordered sets of processes, local objects that
 * need no communication. A process is named by its node; a group lists its members' nodes in rank order.
 * Handles index a table that grows as needed; MPI_GROUP_EMPTY is a fixed group with no members, and every
 * operation whose result has no members returns it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

static struct __mpi_group **groups;
static int ngroups;
static struct __mpi_group empty_group = { 1, 0, 0 };

struct __mpi_group *__mpi_group(MPI_Group g)
{
    if (g == MPI_GROUP_EMPTY)
        return &empty_group;
    if (g < 0 || g >= ngroups)
        return 0;
    return groups[g];
}

/* A new group with a copy of the n nodes; MPI_GROUP_EMPTY when n is 0. */
MPI_Group __mpi_group_new(int n, const int *nodes)
{
    struct __mpi_group *g;
    int h;
    if (n == 0)
        return MPI_GROUP_EMPTY;
    for (h = 0; h < ngroups && groups[h]; h++)
        ;
    if (h == ngroups) {
        int cap = ngroups ? 2 * ngroups : 8, i;
        groups = (struct __mpi_group **)__mpi_xrealloc(groups, cap * sizeof *groups, "group table");
        for (i = ngroups; i < cap; i++)
            groups[i] = 0;
        ngroups = cap;
    }
    g = (struct __mpi_group *)__mpi_xmalloc(sizeof *g, "group");
    g->refs = 1;
    g->size = n;
    g->nodes = (int *)__mpi_xmalloc(n * sizeof(int), "group");
    memcpy(g->nodes, nodes, n * sizeof(int));
    groups[h] = g;
    return h;
}

static int nnodes(void)
{
    return getXDim() * getYDim();
}

/* rank of node in g, or MPI_UNDEFINED */
static int rank_in(struct __mpi_group *g, int node)
{
    int i;
    for (i = 0; i < g->size; i++)
        if (g->nodes[i] == node)
            return i;
    return MPI_UNDEFINED;
}

int MPI_Group_size(MPI_Group group, int *size)
{
    struct __mpi_group *g = __mpi_group(group);
    if (!g)
        return MPI_ERR_GROUP;
    *size = g->size;
    return MPI_SUCCESS;
}

int MPI_Group_rank(MPI_Group group, int *rank)
{
    struct __mpi_group *g = __mpi_group(group);
    if (!g)
        return MPI_ERR_GROUP;
    *rank = rank_in(g, getNodeId());
    return MPI_SUCCESS;
}

int MPI_Group_translate_ranks(MPI_Group group1, int n, int *ranks1, MPI_Group group2, int *ranks2)
{
    struct __mpi_group *a = __mpi_group(group1), *b = __mpi_group(group2);
    int i;
    if (!a || !b)
        return MPI_ERR_GROUP;
    if (n < 0)
        return MPI_ERR_ARG;
    for (i = 0; i < n; i++) {
        if (ranks1[i] == MPI_PROC_NULL) {
            ranks2[i] = MPI_PROC_NULL;
            continue;
        }
        if (ranks1[i] < 0 || ranks1[i] >= a->size)
            return MPI_ERR_RANK;
        ranks2[i] = rank_in(b, a->nodes[ranks1[i]]);
    }
    return MPI_SUCCESS;
}

/* 1 for every node of g in a fresh array indexed by node (free it) */
static char *marks(struct __mpi_group *g)
{
    char *m = (char *)__mpi_xcalloc(nnodes(), 1, "group");
    int i;
    for (i = 0; i < g->size; i++)
        m[g->nodes[i]] = 1;
    return m;
}

int __mpi_group_compare(struct __mpi_group *a, struct __mpi_group *b)
{
    char *m;
    int i, same = 1;
    if (a->size != b->size)
        return MPI_UNEQUAL;
    for (i = 0; i < a->size; i++)
        if (a->nodes[i] != b->nodes[i])
            same = 0;
    if (same)
        return MPI_IDENT;
    m = marks(a);
    for (i = 0; i < b->size; i++)
        if (!m[b->nodes[i]])
            same = -1;
    free(m);
    return same < 0 ? MPI_UNEQUAL : MPI_SIMILAR;
}

int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    struct __mpi_group *a = __mpi_group(group1), *b = __mpi_group(group2);
    if (!a || !b)
        return MPI_ERR_GROUP;
    *result = __mpi_group_compare(a, b);
    return MPI_SUCCESS;
}

/* The set operations: op 0 union (a's members, then b's that are not in a, in b's order), 1 intersection
 * (a's members that are in b, in a's order), 2 difference (a's members that are not in b). */
static int setop(MPI_Group group1, MPI_Group group2, int op, MPI_Group *newgroup)
{
    struct __mpi_group *a = __mpi_group(group1), *b = __mpi_group(group2);
    char *inb;
    int *out, n = 0, i;
    if (!a || !b)
        return MPI_ERR_GROUP;
    out = (int *)__mpi_xmalloc((a->size + b->size + 1) * sizeof(int), "group");
    inb = marks(b);
    for (i = 0; i < a->size; i++)
        if (op == 0 || (op == 1) == (inb[a->nodes[i]] != 0))
            out[n++] = a->nodes[i];
    if (op == 0) {
        char *ina = marks(a);
        for (i = 0; i < b->size; i++)
            if (!ina[b->nodes[i]])
                out[n++] = b->nodes[i];
        free(ina);
    }
    free(inb);
    *newgroup = __mpi_group_new(n, out);
    free(out);
    return MPI_SUCCESS;
}

int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return setop(group1, group2, 0, newgroup);
}

int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return setop(group1, group2, 1, newgroup);
}

int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return setop(group1, group2, 2, newgroup);
}

/* Checks that the n ranks are valid in g and distinct; fills seen[rank] = 1. */
static int check_ranks(struct __mpi_group *g, int n, const int *ranks, char *seen)
{
    int i;
    if (n < 0 || n > g->size)
        return MPI_ERR_ARG;
    for (i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size)
            return MPI_ERR_RANK;
        if (seen[ranks[i]])
            return MPI_ERR_RANK;
        seen[ranks[i]] = 1;
    }
    return MPI_SUCCESS;
}

/* incl: the listed ranks in the listed order; excl: the others in group order. */
static int inclexcl(MPI_Group group, int n, const int *ranks, int excl, MPI_Group *newgroup)
{
    struct __mpi_group *g = __mpi_group(group);
    char *seen;
    int *out, k = 0, i, err;
    if (!g)
        return MPI_ERR_GROUP;
    seen = (char *)__mpi_xcalloc(g->size + 1, 1, "group");
    err = check_ranks(g, n, ranks, seen);
    if (err != MPI_SUCCESS) {
        free(seen);
        return err;
    }
    out = (int *)__mpi_xmalloc((g->size + 1) * sizeof(int), "group");
    if (excl) {
        for (i = 0; i < g->size; i++)
            if (!seen[i])
                out[k++] = g->nodes[i];
    } else {
        for (i = 0; i < n; i++)
            out[k++] = g->nodes[ranks[i]];
    }
    *newgroup = __mpi_group_new(k, out);
    free(out);
    free(seen);
    return MPI_SUCCESS;
}

int MPI_Group_incl(MPI_Group group, int n, int *ranks, MPI_Group *newgroup)
{
    return inclexcl(group, n, ranks, 0, newgroup);
}

int MPI_Group_excl(MPI_Group group, int n, int *ranks, MPI_Group *newgroup)
{
    return inclexcl(group, n, ranks, 1, newgroup);
}

/* Expands (first, last, stride) triplets into ranks; NULL and *err set on a bad triplet. */
static int *expand_ranges(struct __mpi_group *g, int n, int ranges[][3], int *count, int *err)
{
    int *out, k = 0, i, r;
    *err = MPI_SUCCESS;
    if (n < 0) {
        *err = MPI_ERR_ARG;
        return 0;
    }
    for (i = 0; i < n; i++) {
        int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
        if (stride == 0 || first < 0 || first >= g->size || last < 0 || last >= g->size
            || (stride > 0 && first > last) || (stride < 0 && first < last)) {
            *err = MPI_ERR_ARG;
            return 0;
        }
        k += (last - first) / stride + 1;
    }
    out = (int *)__mpi_xmalloc((k + 1) * sizeof(int), "group");
    k = 0;
    for (i = 0; i < n; i++) {
        int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
        if (stride > 0)
            for (r = first; r <= last; r += stride)
                out[k++] = r;
        else
            for (r = first; r >= last; r += stride)
                out[k++] = r;
    }
    *count = k;
    return out;
}

static int range_inclexcl(MPI_Group group, int n, int ranges[][3], int excl, MPI_Group *newgroup)
{
    struct __mpi_group *g = __mpi_group(group);
    int *ranks, k, err;
    if (!g)
        return MPI_ERR_GROUP;
    ranks = expand_ranges(g, n, ranges, &k, &err);
    if (!ranks)
        return err;
    err = inclexcl(group, k, ranks, excl, newgroup);
    free(ranks);
    return err;
}

int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return range_inclexcl(group, n, ranges, 0, newgroup);
}

int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return range_inclexcl(group, n, ranges, 1, newgroup);
}

int MPI_Group_free(MPI_Group *group)
{
    struct __mpi_group *g;
    if (*group == MPI_GROUP_EMPTY) {
        *group = MPI_GROUP_NULL;
        return MPI_SUCCESS;
    }
    g = __mpi_group(*group);
    if (!g)
        return MPI_ERR_GROUP;
    if (--g->refs == 0) {
        free(g->nodes);
        free(g);
        groups[*group] = 0;
    }
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
