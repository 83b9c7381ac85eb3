/* Data compression round trips: run-length encoding, an LZ77 variant with a sliding window and greedy
 * longest matches, and canonical Huffman code lengths (package-merge-free: a heap-built tree, then codes
 * assigned in canonical order), each checked by decompressing; sizes and code tables are printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rle_encode(const unsigned char *in, int n, unsigned char *out)
{
    int i = 0, o = 0;
    while (i < n) {
        int run = 1;
        while (i + run < n && in[i + run] == in[i] && run < 255)
            run++;
        out[o++] = (unsigned char)run;
        out[o++] = in[i];
        i += run;
    }
    return o;
}

static int rle_decode(const unsigned char *in, int n, unsigned char *out)
{
    int i, o = 0;
    for (i = 0; i < n; i += 2) {
        memset(out + o, in[i + 1], in[i]);
        o += in[i];
    }
    return o;
}

/* LZ77 tokens: literal (flag 0, byte) or match (flag 1, distance 1..4095, length 3..18) */
static int lz_encode(const unsigned char *in, int n, unsigned char *out)
{
    int i = 0, o = 0;
    while (i < n) {
        int best_len = 0, best_dist = 0, j;
        int start = i > 4095 ? i - 4095 : 0;
        for (j = start; j < i; j++) {
            int len = 0;
            while (len < 18 && i + len < n && in[j + len] == in[i + len])
                len++;
            if (len > best_len) {
                best_len = len;
                best_dist = i - j;
            }
        }
        if (best_len >= 3) {
            out[o++] = 1;
            out[o++] = (unsigned char)(best_dist >> 4);
            out[o++] = (unsigned char)(((best_dist & 15) << 4) | (best_len - 3));
            i += best_len;
        } else {
            out[o++] = 0;
            out[o++] = in[i++];
        }
    }
    return o;
}

static int lz_decode(const unsigned char *in, int n, unsigned char *out)
{
    int i = 0, o = 0;
    while (i < n) {
        if (in[i] == 0) {
            out[o++] = in[i + 1];
            i += 2;
        } else {
            int dist = (in[i + 1] << 4) | (in[i + 2] >> 4), len = (in[i + 2] & 15) + 3, k;
            for (k = 0; k < len; k++, o++)
                out[o] = out[o - dist];
            i += 3;
        }
    }
    return o;
}

struct hnode { long weight; int sym, left, right; };

static void code_lengths(const long *freq, int *len)
{
    struct hnode nodes[512];
    int heap[256], hn = 0, nn = 0, i;
    for (i = 0; i < 256; i++) {
        len[i] = 0;
        if (freq[i]) {
            int k = hn++;
            nodes[nn].weight = freq[i];
            nodes[nn].sym = i;
            nodes[nn].left = nodes[nn].right = -1;
            /* insertion into a heap ordered by (weight, index) */
            while (k > 0) {
                int p = (k - 1) / 2;
                struct hnode *a = &nodes[heap[p]], *b = &nodes[nn];
                if (a->weight < b->weight || (a->weight == b->weight && heap[p] < nn))
                    break;
                heap[k] = heap[p];
                k = p;
            }
            heap[k] = nn++;
        }
    }
    while (hn > 1) {
        int pick[2], t;
        for (t = 0; t < 2; t++) {
            int last = heap[--hn], k = 0;
            pick[t] = heap[0];
            for (;;) {
                int c = 2 * k + 1;
                if (c >= hn)
                    break;
                if (c + 1 < hn && (nodes[heap[c + 1]].weight < nodes[heap[c]].weight
                                   || (nodes[heap[c + 1]].weight == nodes[heap[c]].weight && heap[c + 1] < heap[c])))
                    c++;
                if (nodes[heap[c]].weight > nodes[last].weight
                    || (nodes[heap[c]].weight == nodes[last].weight && heap[c] > last))
                    break;
                heap[k] = heap[c];
                k = c;
            }
            if (hn > 0 || t == 0)
                heap[k] = last;
            if (hn == 0 && t == 0) {
                heap[0] = last;
            }
        }
        nodes[nn].weight = nodes[pick[0]].weight + nodes[pick[1]].weight;
        nodes[nn].sym = -1;
        nodes[nn].left = pick[0];
        nodes[nn].right = pick[1];
        {
            int k = hn++;
            while (k > 0) {
                int p = (k - 1) / 2;
                if (nodes[heap[p]].weight < nodes[nn].weight
                    || (nodes[heap[p]].weight == nodes[nn].weight && heap[p] < nn))
                    break;
                heap[k] = heap[p];
                k = p;
            }
            heap[k] = nn++;
        }
    }
    /* depths by an explicit stack walk */
    {
        int stack[512], depth[512], sp = 0;
        if (nn == 0)
            return;
        stack[sp] = heap[0];
        depth[sp++] = 0;
        while (sp) {
            int v = stack[--sp], d = depth[sp];
            if (nodes[v].sym >= 0)
                len[nodes[v].sym] = d ? d : 1;
            else {
                stack[sp] = nodes[v].left;
                depth[sp++] = d + 1;
                stack[sp] = nodes[v].right;
                depth[sp++] = d + 1;
            }
        }
    }
}

int main(void)
{
    static unsigned char text[6000], enc[20000], dec[6000];
    static const char *words[] = { "the ", "scmp ", "message ", "passing ", "chip ", "node ", "thread ", "data ",
                                   "mesh ", "router " };
    unsigned int s = 1;
    int n = 0, e, d, i;
    long freq[256] = { 0 };
    int len[256];
    while (n < 5900) {
        const char *w;
        s = s * 1103515245u + 12345u;
        w = words[(s >> 16) % 10];
        memcpy(text + n, w, strlen(w));
        n += (int)strlen(w);
        if ((s >> 12) % 13 == 0) {
            memset(text + n, '=', 20);
            n += 20;
        }
    }
    e = rle_encode(text, n, enc);
    d = rle_decode(enc, e, dec);
    printf("text %d bytes; RLE %d bytes, round trip %s\n", n, e, d == n && memcmp(text, dec, (size_t)n) == 0 ? "ok" : "BROKEN");
    e = lz_encode(text, n, enc);
    d = lz_decode(enc, e, dec);
    printf("LZ77 %d bytes, round trip %s\n", e, d == n && memcmp(text, dec, (size_t)n) == 0 ? "ok" : "BROKEN");
    for (i = 0; i < n; i++)
        freq[text[i]]++;
    code_lengths(freq, len);
    {
        long bits = 0;
        double kraft = 0;
        int code = 0, l, maxlen = 0;
        for (i = 0; i < 256; i++) {
            bits += freq[i] * len[i];
            if (len[i]) {
                kraft += 1.0 / (double)(1L << len[i]);
                if (len[i] > maxlen)
                    maxlen = len[i];
            }
        }
        printf("Huffman: %ld bits (%ld bytes), Kraft sum %.6f, longest code %d\n", bits, (bits + 7) / 8, kraft, maxlen);
        for (l = 1; l <= maxlen; l++) {
            for (i = 0; i < 256; i++)
                if (len[i] == l) {
                    int b;
                    printf("'%c' %5ld ", i, freq[i]);
                    for (b = l - 1; b >= 0; b--)
                        putchar((code >> b) & 1 ? '1' : '0');
                    putchar('\n');
                    code++;
                }
            code <<= 1;
        }
    }
    return 0;
}
