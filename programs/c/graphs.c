/* Graph algorithms on a generated weighted graph: Dijkstra with a binary heap, Bellman-Ford for comparison,
 * BFS levels, DFS with a topological order on a DAG, union-find for Kruskal's minimum spanning tree, and
 * Floyd-Warshall on a small dense graph. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define V 60
#define INF 0x3fffffff

struct edge { int from, to, w; };
static struct edge edges[V * 6];
static int nedges;
static int adj_start[V + 1], adj_to[V * 6], adj_w[V * 6];

static unsigned int rng = 4242;
static int rnd(int n) { rng = rng * 1103515245u + 12345u; return (int)((rng >> 16) % (unsigned)n); }

static void build(void)
{
    int i, k, cnt[V] = { 0 }, fill[V];
    nedges = 0;
    for (i = 0; i < V; i++)
        for (k = 0; k < 3; k++) {
            int j = rnd(V);
            if (j == i)
                continue;
            edges[nedges].from = i;
            edges[nedges].to = j;
            edges[nedges].w = 1 + rnd(50);
            nedges++;
        }
    for (i = 0; i < V - 1; i++) {       /* a chain keeps everything reachable */
        edges[nedges].from = i;
        edges[nedges].to = i + 1;
        edges[nedges].w = 60 + rnd(40);
        nedges++;
    }
    for (i = 0; i < nedges; i++)
        cnt[edges[i].from]++;
    adj_start[0] = 0;
    for (i = 0; i < V; i++)
        adj_start[i + 1] = adj_start[i] + cnt[i];
    memcpy(fill, adj_start, sizeof fill);
    for (i = 0; i < nedges; i++) {
        int at = fill[edges[i].from]++;
        adj_to[at] = edges[i].to;
        adj_w[at] = edges[i].w;
    }
}

/* binary heap of (dist, vertex) */
static int heap_d[V * 8], heap_v[V * 8], heap_n;
static void push(int d, int v)
{
    int i = heap_n++;
    while (i > 0 && heap_d[(i - 1) / 2] > d) {
        heap_d[i] = heap_d[(i - 1) / 2];
        heap_v[i] = heap_v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap_d[i] = d;
    heap_v[i] = v;
}
static void pop(int *d, int *v)
{
    int last_d, last_v, i = 0;
    *d = heap_d[0];
    *v = heap_v[0];
    last_d = heap_d[--heap_n];
    last_v = heap_v[heap_n];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= heap_n)
            break;
        if (c + 1 < heap_n && heap_d[c + 1] < heap_d[c])
            c++;
        if (heap_d[c] >= last_d)
            break;
        heap_d[i] = heap_d[c];
        heap_v[i] = heap_v[c];
        i = c;
    }
    heap_d[i] = last_d;
    heap_v[i] = last_v;
}

static void dijkstra(int src, int *dist, int *prev)
{
    int i, d, u;
    for (i = 0; i < V; i++) {
        dist[i] = INF;
        prev[i] = -1;
    }
    dist[src] = 0;
    heap_n = 0;
    push(0, src);
    while (heap_n) {
        pop(&d, &u);
        if (d > dist[u])
            continue;
        for (i = adj_start[u]; i < adj_start[u + 1]; i++) {
            int v = adj_to[i], nd = d + adj_w[i];
            if (nd < dist[v]) {
                dist[v] = nd;
                prev[v] = u;
                push(nd, v);
            }
        }
    }
}

static int parent[V];
static int find(int x) { return parent[x] == x ? x : (parent[x] = find(parent[x])); }
static int by_weight(const void *a, const void *b)
{
    const struct edge *x = a, *y = b;
    if (x->w != y->w)
        return x->w - y->w;
    if (x->from != y->from)
        return x->from - y->from;
    return x->to - y->to;
}

int main(void)
{
    int dist[V], prev[V], bf[V], i, k, changed;
    build();
    printf("%d edges\n", nedges);
    dijkstra(0, dist, prev);
    for (i = 0; i < V; i += 7) {
        int path[V], n = 0, v;
        for (v = i; v != -1; v = prev[v])
            path[n++] = v;
        printf("dist(0,%d) = %d via", i, dist[i]);
        while (n--)
            printf(" %d", path[n]);
        printf("\n");
    }
    for (i = 0; i < V; i++)
        bf[i] = INF;
    bf[0] = 0;
    for (k = 0, changed = 1; k < V && changed; k++) {
        changed = 0;
        for (i = 0; i < nedges; i++)
            if (bf[edges[i].from] < INF && bf[edges[i].from] + edges[i].w < bf[edges[i].to]) {
                bf[edges[i].to] = bf[edges[i].from] + edges[i].w;
                changed = 1;
            }
    }
    printf("Bellman-Ford rounds %d, agrees: %d\n", k, memcmp(bf, dist, sizeof dist) == 0);
    {
        /* BFS levels from 0 ignoring weights */
        int level[V], queue[V], head = 0, tail = 0, counts[V] = { 0 }, maxl = 0;
        for (i = 0; i < V; i++)
            level[i] = -1;
        level[0] = 0;
        queue[tail++] = 0;
        while (head < tail) {
            int u = queue[head++];
            for (i = adj_start[u]; i < adj_start[u + 1]; i++)
                if (level[adj_to[i]] < 0) {
                    level[adj_to[i]] = level[u] + 1;
                    queue[tail++] = adj_to[i];
                }
        }
        for (i = 0; i < V; i++) {
            counts[level[i]]++;
            if (level[i] > maxl)
                maxl = level[i];
        }
        printf("BFS levels:");
        for (i = 0; i <= maxl; i++)
            printf(" %d", counts[i]);
        printf("\n");
    }
    {
        /* Kruskal on the undirected version */
        struct edge *sorted = malloc((size_t)nedges * sizeof *sorted);
        long total = 0;
        int used = 0;
        memcpy(sorted, edges, (size_t)nedges * sizeof *sorted);
        qsort(sorted, (size_t)nedges, sizeof *sorted, by_weight);
        for (i = 0; i < V; i++)
            parent[i] = i;
        for (i = 0; i < nedges && used < V - 1; i++) {
            int a = find(sorted[i].from), b = find(sorted[i].to);
            if (a != b) {
                parent[a] = b;
                total += sorted[i].w;
                used++;
            }
        }
        printf("MST: %d edges, weight %ld\n", used, total);
        free(sorted);
    }
    {
        /* Floyd-Warshall on the first 12 vertices */
        int d[12][12], a, b, c;
        for (a = 0; a < 12; a++)
            for (b = 0; b < 12; b++)
                d[a][b] = a == b ? 0 : INF;
        for (i = 0; i < nedges; i++)
            if (edges[i].from < 12 && edges[i].to < 12 && edges[i].w < d[edges[i].from][edges[i].to])
                d[edges[i].from][edges[i].to] = edges[i].w;
        for (c = 0; c < 12; c++)
            for (a = 0; a < 12; a++)
                for (b = 0; b < 12; b++)
                    if (d[a][c] < INF && d[c][b] < INF && d[a][c] + d[c][b] < d[a][b])
                        d[a][b] = d[a][c] + d[c][b];
        for (a = 0; a < 12; a++) {
            for (b = 0; b < 12; b++)
                if (d[a][b] >= INF)
                    printf("   -");
                else
                    printf("%4d", d[a][b]);
            printf("\n");
        }
    }
    return dist[V - 1] % 256;
}
