/* Process topologies (MPI-1.2 chapter 6): Cartesian grids mapped onto the physical mesh, and graphs.
 *
 * MPI_Cart_create with reorder places the grid on the mesh so that grid neighbours are mesh neighbours
 * where the shapes allow (docs/mpi.md, "Topologies"): when the communicator's processes form a W x H
 * rectangle of the mesh (in row-major rank order) and the grid's dimensions split into a set whose
 * extents multiply to W and a set that multiply to H, each set is laid along one mesh axis (mixed radix,
 * the set's last dimension adjacent; a periodic dimension alone on an axis folded, so that its wrap-around
 * is 1 hop and every step at most 2); a periodic one-dimensional grid goes round a Hamiltonian cycle of
 * the rectangle when one exists (W or H even), so even its wrap-around neighbours are adjacent; any other
 * grid of the rectangle's size follows a boustrophedon walk of the rectangle, which keeps the last
 * dimension adjacent. Otherwise ranks keep their order. Every process computes the same mapping from the
 * communicator's node list; no messages are needed beyond the split. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#include "topo.h"

static struct __mpi_topo *cart_topo(int ndims, const int *dims, const int *periods)
{
    struct __mpi_topo *t = (struct __mpi_topo *)__mpi_xcalloc(1, sizeof *t, "topology");
    int i;
    t->kind = MPI_CART;
    t->ndims = ndims;
    t->dims = (int *)__mpi_xmalloc((ndims + 1) * sizeof(int), "topology");
    t->periods = (int *)__mpi_xmalloc((ndims + 1) * sizeof(int), "topology");
    for (i = 0; i < ndims; i++) {
        t->dims[i] = dims[i];
        t->periods[i] = periods[i] != 0;
    }
    return t;
}

static struct __mpi_topo *graph_topo(int nnodes, const int *index, const int *edges)
{
    struct __mpi_topo *t = (struct __mpi_topo *)__mpi_xcalloc(1, sizeof *t, "topology");
    int ne = nnodes > 0 ? index[nnodes - 1] : 0;
    t->kind = MPI_GRAPH;
    t->nnodes = nnodes;
    t->nedges = ne;
    t->index = (int *)__mpi_xmalloc((nnodes + 1) * sizeof(int), "topology");
    t->edges = (int *)__mpi_xmalloc((ne + 1) * sizeof(int), "topology");
    memcpy(t->index, index, nnodes * sizeof(int));
    memcpy(t->edges, edges, ne * sizeof(int));
    return t;
}

/* Set by distgraph.c when it makes a distributed graph: how MPI_Comm_dup copies one. */
struct __mpi_topo *(*__mpi_dist_graph_dup)(struct __mpi_topo *t);

void __mpi_topo_free(struct __mpi_comm *c)
{
    struct __mpi_topo *t = c->topo;
    if (!t)
        return;
    free(t->dims);
    free(t->periods);
    free(t->index);
    free(t->edges);
    free(t);
    c->topo = 0;
}

void __mpi_topo_copy(struct __mpi_comm *from, struct __mpi_comm *to)
{
    struct __mpi_topo *t = from->topo;
    if (!t)
        return;
    if (t->kind == MPI_DIST_GRAPH)  /* distgraph.c, linked with the programs that make one */
        to->topo = __mpi_dist_graph_dup(t);
    else
        to->topo = t->kind == MPI_CART ? cart_topo(t->ndims, t->dims, t->periods)
                                       : graph_topo(t->nnodes, t->index, t->edges);
}

/* ---- MPI_Dims_create ---------------------------------------------------------------------------------
 * The free entries get the factorisation of nnodes / (product of the fixed entries) into that many factors
 * whose largest minus smallest is least, ties going to the one whose smallest factor is largest, then whose
 * second smallest is, and so on up, in non-increasing order: the results MPICH gives (checked against MPICH
 * 4.0.2 for every nnodes up to 100000 in 2 to 7 dimensions, and by MPICH's topo/dims5, 75000 cases up to
 * 10^6 in up to 17 dimensions). The search visits only divisors (at most 1600 below 2^31), each factor's
 * candidates from the smallest that can still reach what is left upwards, and leaves as soon as even the best
 * completion would spread wider than the best found: a few thousand steps at most, 10^9 nodes included. */

struct dims_search {
    const int *divs;        /* the divisors of the number to factor, in increasing order */
    int ndivs;
    int nfree;
    int best_spread;        /* -1: none yet */
    int *best, *cur;
};

/* Whether f^k >= n (f >= 1, n >= 1), without overflow: 32-bit products while both sides are below 2^16. */
static int reaches(int f, int k, int n)
{
    unsigned p = 1, uf = f;
    while (k-- > 0) {
        if (p >= 65536 || uf >= 65536) {
            if (p > (unsigned)n / uf)
                return 1;
        }
        p *= uf;
        if (p >= (unsigned)n)
            return 1;
    }
    return p >= (unsigned)n;
}

/* Whether g^k > n (g >= 1, n >= 1), without overflow. */
static int exceeds(int g, int k, int n)
{
    unsigned p = 1, ug = g;
    while (k-- > 0) {
        if ((p >= 65536 || ug >= 65536) && p > (unsigned)n / ug)
            return 1;
        p *= ug;
        if (p > (unsigned)n)
            return 1;
    }
    return 0;
}

/* The largest g with g^k <= n (k >= 1). */
static int iroot(int n, int k)
{
    int lo = 1, hi, bits = 0;
    if (k == 1 || n <= 1)
        return n;
    while ((n >> bits) > 1)
        bits++;                                     /* n < 2^(bits+1): its k-th root < 2^ceil((bits+1)/k) */
    bits = (bits + k) / k;
    hi = bits >= 31 ? n : (1 << bits) - 1;
    if (hi > n)
        hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (exceeds(mid, k, n))
            hi = mid - 1;
        else
            lo = mid;
    }
    return lo;
}

/* The first of the (increasing) divisors f with f^k >= n: a largest factor of k that reach n. */
static int first_reaching(struct dims_search *S, int k, int n)
{
    int lo = 0, hi = S->ndivs;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (reaches(S->divs[mid], k, n))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* cur[at..nfree-1] = the factorisations of n into non-increasing factors of at most maxf */
/* cur[at..nfree-1] = the factorisations of n into non-increasing factors of at most maxf. The candidates
 * for cur[at] go up from the smallest that can still reach n, so that balanced factorisations come
 * first; past the point where even the best completion would spread wider than the best found, larger
 * ones only spread wider, and the search leaves. */
static void search(struct dims_search *S, int n, int at, int maxf)
{
    int i, k = S->nfree - at;
    if (k == 1) {
        int spread, j;
        if (n > maxf)
            return;
        S->cur[at] = n;
        spread = S->cur[0] - n;
        if (S->best_spread >= 0) {
            if (spread > S->best_spread)
                return;
            if (spread == S->best_spread) {
                /* the larger smallest factor, then second smallest, ... (n is cur[at], the smallest) */
                for (j = at; j >= 0 && S->cur[j] == S->best[j]; j--)
                    ;
                if (j < 0 || S->cur[j] < S->best[j])
                    return;
            }
        }
        S->best_spread = spread;
        memcpy(S->best, S->cur, S->nfree * sizeof(int));
        return;
    }
    for (i = first_reaching(S, k, n); i < S->ndivs; i++) {
        int f = S->divs[i], rest, low;
        if (f > maxf || f > n)
            break;
        if (n % f)
            continue;
        /* the k - 1 factors after f multiply to n / f: the smallest is at most its (k-1)-th root, and the
         * largest factor is cur[0] (f itself at the top); that bound grows with f */
        rest = iroot(n / f, k - 1);
        low = rest < f ? rest : f;
        if (S->best_spread >= 0 && (at == 0 ? f : S->cur[0]) - low > S->best_spread)
            break;
        S->cur[at] = f;
        search(S, n / f, at + 1, f);
    }
}

#define MAX_DIVISORS 1600      /* the most a number below 2^31 has (2095133040) */

static int asc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* The divisors of n > 0, in increasing order, from its prime factors; returns how many. */
static int divisors(int n, int *out)
{
    static const unsigned char gap[8] = { 4, 2, 4, 2, 4, 6, 2, 6 };     /* 7, 11, 13, ...: not 2, 3, 5 */
    int nd = 1, p = 2, m = n, w = 0;
    out[0] = 1;
    while (m > 1) {
        int e = 0, k, i, base = nd;
        if ((unsigned)p * (unsigned)p > (unsigned)m)   /* p < 46350 here: no overflow */
            p = m;                                  /* what remains is prime */
        while (m % p == 0) {
            m /= p;
            e++;
        }
        for (k = 1, i = 0; k <= e; k++)             /* every divisor so far times p^k */
            for (i = 0; i < base; i++)
                out[nd++] = out[(k - 1) * base + i] * p;
        if (p < 7)
            p = p == 2 ? 3 : p == 3 ? 5 : 7;
        else
            p += gap[w++ & 7];
    }
    qsort(out, nd, sizeof(int), asc);
    return nd;
}

int MPI_Dims_create(int nnodes, int ndims, int *dims)
{
    int fixed = 1, nfree = 0, i, j, n;
    struct dims_search S;
    if (nnodes <= 0 || ndims < 0 || (ndims > 0 && !dims))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_DIMS, "MPI_Dims_create");
    for (i = 0; i < ndims; i++) {
        if (dims[i] < 0 || (dims[i] > 0 && fixed > nnodes))
            return __mpi_error(MPI_COMM_WORLD, MPI_ERR_DIMS, "MPI_Dims_create");
        if (dims[i] > 0)
            fixed *= dims[i];
        else
            nfree++;
    }
    if (nfree == 0)
        return fixed == nnodes ? MPI_SUCCESS : __mpi_error(MPI_COMM_WORLD, MPI_ERR_DIMS, "MPI_Dims_create");
    if (nnodes % fixed != 0)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_DIMS, "MPI_Dims_create");
    n = nnodes / fixed;
    S.best = (int *)__mpi_xmalloc((2 * nfree + MAX_DIVISORS) * sizeof(int), "MPI_Dims_create");
    S.cur = S.best + nfree;
    S.divs = S.cur + nfree;
    S.ndivs = divisors(n, (int *)S.divs);
    S.nfree = nfree;
    S.best_spread = -1;
    search(&S, n, 0, n);
    for (i = 0, j = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = S.best[j++];
    free(S.best);
    return MPI_SUCCESS;
}

/* ---- Mapping a grid onto the mesh --------------------------------------------------------------------- */

/* Position along one axis of the coordinates of the dimensions in set (a bit mask): mixed radix in
 * dimension order (the last dimension adjacent); a periodic dimension of more than 2 alone on its axis is
 * folded (0, 2, 4, ..., 5, 3, 1), so that its wrap-around neighbours are 1 hop apart and the others 2. */
static int axis_pos(int ndims, const int *dims, const int *periods, int set, const int *coords)
{
    int pos = 0, d, n = 0, only = -1;
    for (d = 0; d < ndims; d++)
        if (set & (1 << d)) {
            n++;
            only = d;
        }
    if (n == 1 && periods[only] && dims[only] > 2) {
        int c = coords[only], L = dims[only];
        return c < (L + 1) / 2 ? 2 * c : 2 * (L - 1 - c) + 1;
    }
    for (d = 0; d < ndims; d++)
        if (set & (1 << d))
            pos = pos * dims[d] + coords[d];
    return pos;
}

/* Where, in a W x H rectangle, the i-th step of a walk lies: a Hamiltonian cycle when cycle is set and one
 * exists, else a boustrophedon walk by rows. */
static void walk(int W, int H, int i, int cycle, int *x, int *y)
{
    if (cycle && H % 2 == 0 && W >= 2) {
        /* along row 0, then snake over rows 1 .. H-1 in columns W-1 .. 1, then up column 0 */
        if (i < W) {
            *x = i;
            *y = 0;
            return;
        }
        i -= W;
        if (i < (H - 1) * (W - 1)) {
            int r = i / (W - 1), k = i % (W - 1);
            *y = 1 + r;
            *x = (r % 2 == 0) ? W - 1 - k : 1 + k;
            return;
        }
        i -= (H - 1) * (W - 1);
        *x = 0;
        *y = H - 1 - i;
        return;
    }
    if (cycle && W % 2 == 0 && H >= 2) {
        walk(H, W, i, cycle, y, x);
        return;
    }
    *y = i / W;
    *x = (*y % 2 == 0) ? i % W : W - 1 - i % W;
}

static void coords_of_rank(int ndims, const int *dims, int g, int *coords)
{
    int d;
    for (d = ndims - 1; d >= 0; d--) {
        coords[d] = g % dims[d];
        g /= dims[d];
    }
}

/* One placement of the grid on the W x H rectangle: kind 0..2^ndims-1 = the dimensions in that set along x,
 * the rest along y; kind -1 = the walk of the rectangle. Fills node[g]; returns 0 if the split does not
 * fit the rectangle. */
static int place(struct __mpi_comm *c, int ndims, const int *dims, const int *periods, int kind, int *node,
                 int *coords)
{
    int W = c->gx, H = c->gy, nn = W * H, g, d;
    if (kind >= 0) {
        int px = 1, py = 1;
        for (d = 0; d < ndims; d++) {
            if (kind & (1 << d))
                px *= dims[d];
            else
                py *= dims[d];
        }
        if (px != W || py != H)
            return 0;
    }
    for (g = 0; g < nn; g++) {
        int x, y;
        coords_of_rank(ndims, dims, g, coords);
        if (kind >= 0) {
            x = axis_pos(ndims, dims, periods, kind, coords);
            y = axis_pos(ndims, dims, periods, ((1 << ndims) - 1) & ~kind, coords);
        } else {
            walk(W, H, g, ndims == 1 && periods[0], &x, &y);
        }
        node[g] = c->nodes[y * W + x];
    }
    return 1;
}

/* The most and the total mesh hops between grid neighbours (wrap-around ones included): most * 65536 +
 * total, to compare placements. */
static int cost(int ndims, const int *dims, const int *periods, const int *node, int nn, int *coords)
{
    int X = getXDim(), g, d, most = 0, total = 0;
    for (g = 0; g < nn; g++) {
        coords_of_rank(ndims, dims, g, coords);
        for (d = 0; d < ndims; d++) {
            int c = coords[d], q = 0, k, h, dx, dy;
            if (!(c + 1 < dims[d] || (periods[d] && dims[d] > 2)))
                continue;
            coords[d] = c + 1 == dims[d] ? 0 : c + 1;
            for (k = 0; k < ndims; k++)
                q = q * dims[k] + coords[k];
            coords[d] = c;
            dx = node[g] % X - node[q] % X;
            dy = node[g] / X - node[q] / X;
            h = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
            total += h;
            if (h > most)
                most = h;
        }
    }
    return most * 65536 + total;
}

/* node[g] for every grid rank g < prod(dims), chosen among the nodes of c (see the top of this file): of
 * the ranks' own order, the walk, and the splits of the dimensions between the axes (tried in that order,
 * a later one winning a tie), the placement whose farthest neighbours are nearest, then whose neighbours
 * are nearest in all. */
static void cart_nodes(struct __mpi_comm *c, int ndims, const int *dims, const int *periods, int reorder,
                       int *node)
{
    int nn = 1, d, g, kind, best;
    int *coords = (int *)__mpi_xmalloc((ndims + 1) * sizeof(int), "topology"), *cand;
    for (d = 0; d < ndims; d++)
        nn *= dims[d];
    for (g = 0; g < nn; g++)
        node[g] = c->nodes[g];
    if (!reorder || c->gx == 0 || nn != c->size) {
        free(coords);
        return;
    }
    best = cost(ndims, dims, periods, node, nn, coords);
    cand = (int *)__mpi_xmalloc(nn * sizeof(int), "topology");
    for (kind = -1; kind < (1 << ndims); kind++) {
        int k;
        if (!place(c, ndims, dims, periods, kind, cand, coords))
            continue;
        k = cost(ndims, dims, periods, cand, nn, coords);
        if (k <= best) {
            best = k;
            for (g = 0; g < nn; g++)
                node[g] = cand[g];
        }
    }
    free(cand);
    free(coords);
}

/* The grid rank the calling process gets, or MPI_UNDEFINED. */
static int cart_newrank(struct __mpi_comm *c, int ndims, const int *dims, const int *periods, int reorder)
{
    int nn = 1, d, g, me = c->nodes[c->rank], r = MPI_UNDEFINED;
    int *node;
    for (d = 0; d < ndims; d++)
        nn *= dims[d];
    node = (int *)__mpi_xmalloc((nn + 1) * sizeof(int), "topology");
    cart_nodes(c, ndims, dims, periods, reorder, node);
    for (g = 0; g < nn; g++)
        if (node[g] == me)
            r = g;
    free(node);
    return r;
}

static int check_dims(struct __mpi_comm *c, int ndims, const int *dims)
{
    int nn = 1, d;
    if (ndims < 0)
        return MPI_ERR_DIMS;
    for (d = 0; d < ndims; d++) {
        if (dims[d] <= 0)
            return MPI_ERR_DIMS;
        nn *= dims[d];
    }
    if (nn > c->size)
        return MPI_ERR_TOPOLOGY;
    return MPI_SUCCESS;
}

int MPI_Cart_map(MPI_Comm comm, int ndims, int *dims, int *periods, int *newrank)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err;
    if (!c || c->inter)
        return MPI_ERR_COMM;
    err = check_dims(c, ndims, dims);
    if (err != MPI_SUCCESS)
        return err;
    *newrank = cart_newrank(c, ndims, dims, periods, 1);
    return MPI_SUCCESS;
}

int MPI_Cart_create(MPI_Comm comm_old, int ndims, int *dims, int *periods, int reorder, MPI_Comm *comm_cart)
{
    struct __mpi_comm *c = __mpi_comm(comm_old);
    int err, r;
    if (!c || c->inter)
        return MPI_ERR_COMM;
    err = check_dims(c, ndims, dims);
    if (err != MPI_SUCCESS)
        return err;
    r = cart_newrank(c, ndims, dims, periods, reorder);
    err = __mpi_comm_split(comm_old, r == MPI_UNDEFINED ? MPI_UNDEFINED : 0, r, comm_cart);
    if (err != MPI_SUCCESS)
        return err;
    if (*comm_cart != MPI_COMM_NULL)
        __mpi_comm(*comm_cart)->topo = cart_topo(ndims, dims, periods);
    return MPI_SUCCESS;
}

static struct __mpi_topo *cart_of(MPI_Comm comm, int *err)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    *err = MPI_SUCCESS;
    if (!c) {
        *err = MPI_ERR_COMM;
        return 0;
    }
    if (!c->topo || c->topo->kind != MPI_CART) {
        *err = MPI_ERR_TOPOLOGY;
        return 0;
    }
    return c->topo;
}

int MPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    int err;
    struct __mpi_topo *t = cart_of(comm, &err);
    if (!t)
        return err;
    *ndims = t->ndims;
    return MPI_SUCCESS;
}

static void coords_of(struct __mpi_topo *t, int rank, int *coords)
{
    int d;
    for (d = t->ndims - 1; d >= 0; d--) {
        coords[d] = rank % t->dims[d];
        rank /= t->dims[d];
    }
}

int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int *coords)
{
    int err, d, nn = 1;
    struct __mpi_topo *t = cart_of(comm, &err);
    int *all;
    if (!t)
        return err;
    for (d = 0; d < t->ndims; d++)
        nn *= t->dims[d];
    if (rank < 0 || rank >= nn)
        return MPI_ERR_RANK;
    all = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    coords_of(t, rank, all);
    for (d = 0; d < t->ndims && d < maxdims; d++)
        coords[d] = all[d];
    free(all);
    return MPI_SUCCESS;
}

int MPI_Cart_get(MPI_Comm comm, int maxdims, int *dims, int *periods, int *coords)
{
    int err, d;
    struct __mpi_topo *t = cart_of(comm, &err);
    int *all;
    if (!t)
        return err;
    all = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    coords_of(t, __mpi_comm(comm)->rank, all);
    for (d = 0; d < t->ndims && d < maxdims; d++) {
        dims[d] = t->dims[d];
        periods[d] = t->periods[d];
        coords[d] = all[d];
    }
    free(all);
    return MPI_SUCCESS;
}

int MPI_Cart_rank(MPI_Comm comm, int *coords, int *rank)
{
    int err, d, r = 0;
    struct __mpi_topo *t = cart_of(comm, &err);
    if (!t)
        return err;
    for (d = 0; d < t->ndims; d++) {
        int x = coords[d], n = t->dims[d];
        if (t->periods[d]) {
            x %= n;
            if (x < 0)
                x += n;
        } else if (x < 0 || x >= n) {
            return MPI_ERR_ARG;
        }
        r = r * n + x;
    }
    *rank = r;
    return MPI_SUCCESS;
}

int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    int err, k;
    struct __mpi_topo *t = cart_of(comm, &err);
    int *co;
    if (!t)
        return err;
    if (direction < 0 || direction >= t->ndims)
        return MPI_ERR_ARG;
    co = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    for (k = 0; k < 2; k++) {
        int *out = k == 0 ? rank_dest : rank_source;
        int x, n = t->dims[direction];
        coords_of(t, __mpi_comm(comm)->rank, co);
        x = co[direction] + (k == 0 ? disp : -disp);
        if (t->periods[direction]) {
            x %= n;
            if (x < 0)
                x += n;
        } else if (x < 0 || x >= n) {
            *out = MPI_PROC_NULL;
            continue;
        }
        co[direction] = x;
        MPI_Cart_rank(comm, co, out);
    }
    free(co);
    return MPI_SUCCESS;
}

/* The processes that share the coordinates of the dropped dimensions form a communicator, ranked by the
 * coordinates they keep (so its order is the grid's), with the kept dimensions as its grid. */
int MPI_Cart_sub(MPI_Comm comm, int *remain_dims, MPI_Comm *newcomm)
{
    int err, d, color = 0, key = 0, nk = 0;
    struct __mpi_topo *t = cart_of(comm, &err);
    int *co, *kdims, *kper;
    if (!t)
        return err;
    co = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    kdims = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    kper = (int *)__mpi_xmalloc((t->ndims + 1) * sizeof(int), "topology");
    coords_of(t, __mpi_comm(comm)->rank, co);
    for (d = 0; d < t->ndims; d++) {
        if (remain_dims[d]) {
            key = key * t->dims[d] + co[d];
            kdims[nk] = t->dims[d];
            kper[nk++] = t->periods[d];
        } else {
            color = color * t->dims[d] + co[d];
        }
    }
    err = __mpi_comm_split(comm, color, key, newcomm);
    if (err == MPI_SUCCESS && *newcomm != MPI_COMM_NULL)
        __mpi_comm(*newcomm)->topo = cart_topo(nk, kdims, kper);
    free(co);
    free(kdims);
    free(kper);
    return err;
}

int MPI_Topo_test(MPI_Comm comm, int *status)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    *status = c->topo ? c->topo->kind : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

/* ---- Graphs: the processes keep their order (MPI_Graph_map is the identity) ------------------------------ */

int MPI_Graph_map(MPI_Comm comm, int nnodes, int *index, int *edges, int *newrank)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    (void)index;
    (void)edges;
    if (!c || c->inter)
        return MPI_ERR_COMM;
    if (nnodes < 1 || nnodes > c->size)
        return MPI_ERR_ARG;
    *newrank = c->rank < nnodes ? c->rank : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

int MPI_Graph_create(MPI_Comm comm_old, int nnodes, int *index, int *edges, int reorder, MPI_Comm *comm_graph)
{
    struct __mpi_comm *c = __mpi_comm(comm_old);
    int err, r, i;
    (void)reorder;
    if (!c || c->inter)
        return MPI_ERR_COMM;
    if (nnodes == 0) {              /* an empty graph: MPI_COMM_NULL everywhere (MPI-2.2, 7.5.3) */
        *comm_graph = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    if (nnodes < 0 || nnodes > c->size)
        return MPI_ERR_ARG;
    for (i = 0; i < nnodes; i++)
        if (index[i] < (i ? index[i - 1] : 0))
            return MPI_ERR_ARG;
    for (i = 0; i < index[nnodes - 1]; i++)
        if (edges[i] < 0 || edges[i] >= nnodes)
            return MPI_ERR_ARG;
    MPI_Graph_map(comm_old, nnodes, index, edges, &r);
    err = __mpi_comm_split(comm_old, r == MPI_UNDEFINED ? MPI_UNDEFINED : 0, r, comm_graph);
    if (err == MPI_SUCCESS && *comm_graph != MPI_COMM_NULL)
        __mpi_comm(*comm_graph)->topo = graph_topo(nnodes, index, edges);
    return err;
}

static struct __mpi_topo *graph_of(MPI_Comm comm, int *err)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    *err = MPI_SUCCESS;
    if (!c) {
        *err = MPI_ERR_COMM;
        return 0;
    }
    if (!c->topo || c->topo->kind != MPI_GRAPH) {
        *err = MPI_ERR_TOPOLOGY;
        return 0;
    }
    return c->topo;
}

int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    int err;
    struct __mpi_topo *t = graph_of(comm, &err);
    if (!t)
        return err;
    *nnodes = t->nnodes;
    *nedges = t->nedges;
    return MPI_SUCCESS;
}

int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int *index, int *edges)
{
    int err, i;
    struct __mpi_topo *t = graph_of(comm, &err);
    if (!t)
        return err;
    for (i = 0; i < t->nnodes && i < maxindex; i++)
        index[i] = t->index[i];
    for (i = 0; i < t->nedges && i < maxedges; i++)
        edges[i] = t->edges[i];
    return MPI_SUCCESS;
}

int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    int err;
    struct __mpi_topo *t = graph_of(comm, &err);
    if (!t)
        return err;
    if (rank < 0 || rank >= t->nnodes)
        return MPI_ERR_RANK;
    *nneighbors = t->index[rank] - (rank ? t->index[rank - 1] : 0);
    return MPI_SUCCESS;
}

int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int *neighbors)
{
    int err, i, k = 0;
    struct __mpi_topo *t = graph_of(comm, &err);
    if (!t)
        return err;
    if (rank < 0 || rank >= t->nnodes)
        return MPI_ERR_RANK;
    for (i = rank ? t->index[rank - 1] : 0; i < t->index[rank] && k < maxneighbors; i++)
        neighbors[k++] = t->edges[i];
    return MPI_SUCCESS;
}
