/* LAPI's vector calls (include/lapi.h, docs/sp.md "LAPI"): LAPI_Putv, LAPI_Getv and LAPI_Amsendv over LAPI_Amsend.
 * Each is one active message whose data are the pieces gathered in order; LAPI's own header handlers below (the
 * same addresses in every task: one program image) stage the message in the target, and a completion handler
 * scatters it to the target's pieces, so the target counter rises and the acknowledgement leaves only when every
 * piece is in place. A Putv's message carries the target's pieces as (address, length) pairs ahead of the data;
 * a Getv is a request of the same form whose completion handler answers with the data, as an active message back
 * to the origin; an Amsendv's header handler is the program's, given the origin's piece lengths, and the
 * program's completion handler runs after the scatter. */
#include <lapi.h>
#include <stdlib.h>
#include <string.h>

/* lapi.c: a Getv's answer is a message of the target's, which this task's LAPI_Fence waits for as well. */
void __lapi_outstanding(int delta);

/* Piece i of v: its address in *addr, its length returned. */
static int piece(const lapi_vec_t *v, unsigned i, char **addr) {
    if (v->vec_type == LAPI_GEN_IOVECTOR) {
        *addr = v->info[i];
        return (int)v->len[i];
    }
    *addr = (char *)v->info[0] + i * (unsigned)v->info[2];
    return (int)(unsigned)v->info[1];
}

/* Whether LAPI knows v's type; then, when other is given, whether both have the same pieces' lengths. */
static int valid(const lapi_vec_t *v, const lapi_vec_t *other) {
    if (!v || (v->vec_type != LAPI_GEN_IOVECTOR && v->vec_type != LAPI_GEN_STRIDED_XFER)) {
        return 0;
    }
    if (!other) {
        return 1;
    }
    if (!valid(other, 0) || other->vec_type != v->vec_type || other->num_vecs != v->num_vecs) {
        return 0;
    }
    for (unsigned i = 0; i < v->num_vecs; i++) {
        char *a, *b;
        if (piece(v, i, &a) != piece(other, i, &b)) {
            return 0;
        }
    }
    return 1;
}

static int total(const lapi_vec_t *v) {
    int bytes = 0;
    for (unsigned i = 0; i < v->num_vecs; i++) {
        char *a;
        bytes += piece(v, i, &a);
    }
    return bytes;
}

/* A list of pieces: the number of pieces, then an (address, length) pair for each, then `room` bytes more.
 * *bytes gets the list's size. */
static int *list_of(const lapi_vec_t *v, int room, int *bytes) {
    int n = (int)v->num_vecs;
    *bytes = (int)sizeof(int) * (1 + 2 * n);
    int *l = malloc(*bytes + room);
    l[0] = n;
    for (int i = 0; i < n; i++) {
        char *a;
        l[2 + 2 * i] = piece(v, (unsigned)i, &a);
        l[1 + 2 * i] = (int)a;
    }
    return l;
}

static void gather(const lapi_vec_t *v, char *to) {
    for (unsigned i = 0; i < v->num_vecs; i++) {
        char *a;
        int n = piece(v, i, &a);
        memcpy(to, a, n);
        to += n;
    }
}

/* Copies `bytes` bytes from `from` to the pieces of list l, in order, as far as both go. */
static void scatter(const int *l, const char *from, int bytes) {
    for (int i = 0; i < l[0] && bytes > 0; i++) {
        int n = l[2 + 2 * i] < bytes ? l[2 + 2 * i] : bytes;
        memcpy((char *)l[1 + 2 * i], from, n);
        from += n;
        bytes -= n;
    }
}

/* ---- LAPI_Putv: the target's list, then the data. */

static void putv_done(lapi_handle_t *hndl, void *param) {
    (void)hndl;
    int *l = param;
    scatter(l, (const char *)(l + 1 + 2 * l[0]), 1 << 30);
    free(l);
}

static void *putv_arrives(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                          compl_hndlr_t **comp_h, void **user_info) {
    (void)hndl, (void)uhdr, (void)uhdr_len;
    void *l = malloc(*msg_len);
    *comp_h = putv_done;
    *user_info = l;
    return l;
}

int LAPI_Putv(lapi_handle_t hndl, unsigned tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr,
              lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    if (!valid(tgt_vec, org_vec)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    int head, data = total(org_vec);
    int *l = list_of(tgt_vec, data, &head);
    gather(org_vec, (char *)l + head);
    int rc = LAPI_Amsend(hndl, tgt, (void *)putv_arrives, 0, 0, l, head + data, tgt_cntr, org_cntr, cmpl_cntr);
    free(l);
    return rc;
}

/* ---- LAPI_Getv: a request carrying the target's list; the answer is an active message back. */

typedef struct {
    lapi_cntr_t *org_cntr;
    int *list;        /* the origin's pieces */
    char *stage;      /* the answer's data */
} getv_origin;

typedef struct {
    getv_origin *origin;
    lapi_cntr_t *tgt_cntr;
    int from;         /* the origin task */
} getv_request;

typedef struct {
    getv_request r;
    int list[];       /* the target's pieces */
} getv_served;

static void getv_answered(lapi_handle_t *hndl, void *param) {
    (void)hndl;
    getv_origin *o = param;
    scatter(o->list, o->stage, 1 << 30);
    if (o->org_cntr) {
        o->org_cntr->cntr++;
    }
    __lapi_outstanding(-1);
    free(o->stage);
    free(o->list);
    free(o);
}

static void *getv_answer_arrives(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                                 compl_hndlr_t **comp_h, void **user_info) {
    (void)hndl, (void)uhdr_len;
    getv_origin *o;
    memcpy(&o, uhdr, sizeof o);
    o->stage = malloc(*msg_len);
    *comp_h = getv_answered;
    *user_info = o;
    return o->stage;
}

static void getv_serve(lapi_handle_t *hndl, void *param) {
    getv_served *s = param;
    int bytes = 0;
    for (int i = 0; i < s->list[0]; i++) {
        bytes += s->list[2 + 2 * i];
    }
    char *out = malloc(bytes), *to = out;
    for (int i = 0; i < s->list[0]; i++) {
        memcpy(to, (const char *)s->list[1 + 2 * i], s->list[2 + 2 * i]);
        to += s->list[2 + 2 * i];
    }
    LAPI_Amsend(*hndl, s->r.from, (void *)getv_answer_arrives, &s->r.origin, sizeof s->r.origin, out, bytes, 0, 0, 0);
    free(out);
    if (s->r.tgt_cntr) {
        s->r.tgt_cntr->cntr++;   /* the data have been sent */
    }
    free(s);
}

static void *getv_request_arrives(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                                  compl_hndlr_t **comp_h, void **user_info) {
    (void)hndl, (void)uhdr_len;
    getv_served *s = malloc(sizeof *s + *msg_len);
    memcpy(&s->r, uhdr, sizeof s->r);
    *comp_h = getv_serve;
    *user_info = s;
    return s->list;
}

int LAPI_Getv(lapi_handle_t hndl, unsigned tgt, lapi_vec_t *tgt_vec, lapi_vec_t *org_vec, lapi_cntr_t *tgt_cntr,
              lapi_cntr_t *org_cntr) {
    int tasks, me, head;
    LAPI_Qenv(hndl, NUM_TASKS, &tasks);
    LAPI_Qenv(hndl, TASK_ID, &me);
    if (tgt >= (unsigned)tasks || !valid(tgt_vec, org_vec)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    getv_origin *o = malloc(sizeof *o);
    o->org_cntr = org_cntr;
    o->list = list_of(org_vec, 0, &head);
    o->stage = 0;
    getv_request r = {o, tgt_cntr, me};
    int *l = list_of(tgt_vec, 0, &head);
    __lapi_outstanding(1);
    int rc = LAPI_Amsend(hndl, tgt, (void *)getv_request_arrives, &r, sizeof r, l, head, 0, 0, 0);
    free(l);
    return rc;
}

/* ---- LAPI_Amsendv: the program's header handler, its user header and the origin's lengths in the user header
 * LAPI sends; the gathered data. */

typedef struct {
    vhdr_hndlr_t *hh;
    int uhdr_len;
    int n;            /* then n lengths (unsigned long), then the program's user header */
} amv_header;

typedef struct {
    compl_hndlr_t *ch;
    void *uinfo;
    int *list;        /* the pieces the program's header handler gave (0: none) */
    int bytes;
    char stage[];
} amv_target;

static void amv_done(lapi_handle_t *hndl, void *param) {
    amv_target *t = param;
    if (t->list) {
        scatter(t->list, t->stage, t->bytes);
        free(t->list);
    }
    if (t->ch) {
        t->ch(hndl, t->uinfo);
    }
    free(t);
}

static void *amv_arrives(lapi_handle_t *hndl, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                         compl_hndlr_t **comp_h, void **user_info) {
    (void)uhdr_len;
    amv_header h;
    memcpy(&h, uhdr, sizeof h);
    unsigned long *lens = (unsigned long *)((char *)uhdr + sizeof h);
    unsigned ulen = (unsigned)h.uhdr_len;
    amv_target *t = malloc(sizeof *t + *msg_len);
    t->ch = 0;
    t->uinfo = 0;
    t->bytes = (int)*msg_len;
    lapi_vec_t *v = h.hh(hndl, lens + h.n, &ulen, lens, &t->ch, &t->uinfo);
    int head;
    t->list = valid(v, 0) ? list_of(v, 0, &head) : 0;
    *comp_h = amv_done;
    *user_info = t;
    return t->stage;
}

int LAPI_Amsendv(lapi_handle_t hndl, unsigned tgt, void *hdr_hdl, void *uhdr, unsigned uhdr_len, lapi_vec_t *org_vec,
                 lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    int max;
    LAPI_Qenv(hndl, MAX_UHDR_SZ, &max);
    if (!valid(org_vec, 0)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    unsigned n = org_vec->num_vecs, head = sizeof(amv_header) + n * sizeof(unsigned long);
    if (uhdr_len > (unsigned)max || head + uhdr_len > (unsigned)max) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    char *h = malloc(head + uhdr_len);
    amv_header a = {(vhdr_hndlr_t *)hdr_hdl, (int)uhdr_len, (int)n};
    memcpy(h, &a, sizeof a);
    unsigned long *lens = (unsigned long *)(h + sizeof a);
    for (unsigned i = 0; i < n; i++) {
        char *p;
        lens[i] = (unsigned long)piece(org_vec, i, &p);
    }
    if (uhdr_len > 0) {
        memcpy(h + head, uhdr, uhdr_len);
    }
    int bytes = total(org_vec);
    char *data = malloc(bytes);
    gather(org_vec, data);
    int rc = LAPI_Amsend(hndl, tgt, (void *)amv_arrives, h, head + uhdr_len, data, bytes, tgt_cntr, org_cntr,
                         cmpl_cntr);
    free(data);
    free(h);
    return rc;
}
