/* ACLMPL's global operations (docs/aclmpl.md, "Global operations"; paper section 4.3): tree broadcast and
 * tree reduce, and binary-swap reduce with a final gather, all on the synchronous protocol. PEs are numbered
 * relative to the root (v = (pe - root) mod P), so the paper's algorithms with PE 0 as the root serve any root.
 * For a partition size that is not a power of two the trees are binomial trees over the next power of two,
 * with the missing PEs left out. */
#include <stdlib.h>
#include <aclmpl.h>

static int pe_of(int v, int root, int p) {
    return (v + root) % p;
}

/* The smallest power of two >= p. */
static int ceil_pow2(int p) {
    int h = 1;
    while (h < p) {
        h <<= 1;
    }
    return h;
}

/* log P phases: in the phase of bit m (from the highest down), the PEs that have the data (v a multiple of
 * 2m) send it to v + m; the paper's first phase is PE 0 sending to PE P/2. */
void aclmpl_broadcast(void *buf, int bytes, int root) {
    int p = acl_n_pes();
    int v = (acl_my_pe() - root + p) % p;
    for (int m = ceil_pow2(p) / 2; m >= 1; m >>= 1) {
        if (v % (2 * m) == 0 && v + m < p) {
            aclmpl_send(pe_of(v + m, root, p), buf, bytes);
        } else if (v % (2 * m) == m) {
            aclmpl_receive(pe_of(v - m, root, p), buf, bytes);
        }
    }
}

/* The broadcast's tree in reverse: in the phase of bit m (from the lowest up), the PEs with that bit set send
 * to the PE without it and drop out; the receiver combines the data with its own. */
void aclmpl_reduce_tree(void *buf, int count, int elem_bytes, aclmpl_op op, int root) {
    int p = acl_n_pes();
    int v = (acl_my_pe() - root + p) % p;
    int bytes = count * elem_bytes;
    void *tmp = 0;
    for (int m = 1; m < p; m <<= 1) {
        if (v & m) {
            aclmpl_send(pe_of(v - m, root, p), buf, bytes);
            break;
        }
        if (v + m < p) {
            if (!tmp) {
                tmp = malloc((size_t) bytes + 4);
            }
            aclmpl_receive(pe_of(v + m, root, p), tmp, bytes);
            op(buf, tmp, count);
        }
    }
    free(tmp);
}

/* The part [*lo, *hi) of the array that relative PE v holds after the phases of bits below `upto`: in the
 * phase of bit m the pair splits its part in halves, the PE without bit m keeping the lower half. */
static void swap_part(int v, int upto, int count, int *lo, int *hi) {
    *lo = 0;
    *hi = count;
    for (int m = 1; m < upto; m <<= 1) {
        int mid = *lo + (*hi - *lo) / 2;
        if (v & m) {
            *lo = mid;
        } else {
            *hi = mid;
        }
    }
}

/* Binary swap: in the phase of bit m, PEs v and v ^ m split their part in two, exchange the halves they give
 * away and combine the halves they keep, so every PE works in every phase; a final gather brings the parts
 * to the root. Needs a power-of-two partition; otherwise it is the tree reduce. */
void aclmpl_reduce_swap(void *buf, int count, int elem_bytes, aclmpl_op op, int root) {
    int p = acl_n_pes();
    if (p & (p - 1)) {
        aclmpl_reduce_tree(buf, count, elem_bytes, op, root);
        return;
    }
    int v = (acl_my_pe() - root + p) % p;
    char *base = buf;
    char *tmp = malloc((size_t) ((count + 1) / 2) * (size_t) elem_bytes + 4);
    int lo = 0;
    int hi = count;
    for (int m = 1; m < p; m <<= 1) {
        int mid = lo + (hi - lo) / 2;
        int keep_lo = (v & m) ? mid : lo;
        int keep_hi = (v & m) ? hi : mid;
        int give_lo = (v & m) ? lo : mid;
        int give_hi = (v & m) ? mid : hi;
        int partner = pe_of(v ^ m, root, p);
        aclmpl_send_and_receive(partner, base + give_lo * elem_bytes, (give_hi - give_lo) * elem_bytes,
                                partner, tmp, (keep_hi - keep_lo) * elem_bytes);
        op(base + keep_lo * elem_bytes, tmp, keep_hi - keep_lo);
        lo = keep_lo;
        hi = keep_hi;
    }
    free(tmp);
    if (v != 0) {
        aclmpl_send(root, base + lo * elem_bytes, (hi - lo) * elem_bytes);
        return;
    }
    for (int w = 1; w < p; w++) {
        int wlo;
        int whi;
        swap_part(w, p, count, &wlo, &whi);
        aclmpl_receive(pe_of(w, root, p), base + wlo * elem_bytes, (whi - wlo) * elem_bytes);
    }
}

void aclmpl_reduce(void *buf, int count, int elem_bytes, aclmpl_op op, int root) {
    int p = acl_n_pes();
    if (count >= ACLMPL_SWAP_MIN && (p & (p - 1)) == 0) {
        aclmpl_reduce_swap(buf, count, elem_bytes, op, root);
    } else {
        aclmpl_reduce_tree(buf, count, elem_bytes, op, root);
    }
}

void aclmpl_sum_int(void *inout, const void *in, int count) {
    int *a = inout;
    const int *b = in;
    for (int i = 0; i < count; i++) {
        a[i] += b[i];
    }
}

void aclmpl_max_int(void *inout, const void *in, int count) {
    int *a = inout;
    const int *b = in;
    for (int i = 0; i < count; i++) {
        if (b[i] > a[i]) {
            a[i] = b[i];
        }
    }
}

void aclmpl_sum_double(void *inout, const void *in, int count) {
    double *a = inout;
    const double *b = in;
    for (int i = 0; i < count; i++) {
        a[i] += b[i];
    }
}
