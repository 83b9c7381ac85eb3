/* A tiny Lisp-ish interpreter with tagged unions, arena allocation and recursion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

typedef enum { T_NIL, T_NUM, T_SYM, T_CONS, T_PRIM, T_LAMBDA } tag_t;
typedef struct obj obj;
typedef obj *(*prim_fn)(obj *args);
struct obj {
    tag_t tag;
    union {
        long num;
        char sym[16];
        struct { obj *car, *cdr; } cons;
        prim_fn prim;
        struct { obj *params, *body, *env; } lam;
    } u;
};

static obj pool[20000];
static int pool_used;
static obj nil_obj = { T_NIL };
#define NIL (&nil_obj)

static obj *alloc(tag_t t) {
    if (pool_used >= 20000) { printf("out of memory\n"); exit(1); }
    obj *o = &pool[pool_used++];
    o->tag = t;
    return o;
}
static obj *num(long n) { obj *o = alloc(T_NUM); o->u.num = n; return o; }
static obj *sym(const char *s) { obj *o = alloc(T_SYM); strncpy(o->u.sym, s, 15); o->u.sym[15] = 0; return o; }
static obj *cons(obj *a, obj *b) { obj *o = alloc(T_CONS); o->u.cons.car = a; o->u.cons.cdr = b; return o; }
#define car(o) ((o)->u.cons.car)
#define cdr(o) ((o)->u.cons.cdr)

static const char *src;
static obj *read_expr(void);
static void skip(void) { while (isspace((unsigned char)*src)) src++; }
static obj *read_list(void) {
    skip();
    if (*src == ')') { src++; return NIL; }
    obj *first = read_expr();
    return cons(first, read_list());
}
static obj *read_expr(void) {
    skip();
    if (*src == '(') { src++; return read_list(); }
    if (*src == '\'') { src++; return cons(sym("quote"), cons(read_expr(), NIL)); }
    char buf[16];
    int n = 0;
    while (*src && !isspace((unsigned char)*src) && *src != '(' && *src != ')') { if (n < 15) buf[n++] = *src; src++; }
    buf[n] = 0;
    if (isdigit((unsigned char)buf[0]) || (buf[0] == '-' && isdigit((unsigned char)buf[1]))) return num(strtol(buf, 0, 10));
    return sym(buf);
}
static void print(obj *o) {
    switch (o->tag) {
    case T_NIL: printf("()"); break;
    case T_NUM: printf("%ld", o->u.num); break;
    case T_SYM: printf("%s", o->u.sym); break;
    case T_PRIM: printf("<prim>"); break;
    case T_LAMBDA: printf("<lambda>"); break;
    case T_CONS:
        putchar('(');
        for (;;) {
            print(car(o));
            o = cdr(o);
            if (o->tag != T_CONS) break;
            putchar(' ');
        }
        if (o->tag != T_NIL) { printf(" . "); print(o); }
        putchar(')');
        break;
    }
}
static obj *lookup(obj *env, const char *name) {
    for (; env->tag == T_CONS; env = cdr(env))
        if (strcmp(car(car(env))->u.sym, name) == 0) return car(env);
    return NULL;
}
static obj *global_env;
static obj *eval(obj *e, obj *env);
static obj *evlis(obj *l, obj *env) { if (l->tag == T_NIL) return NIL; obj *h = eval(car(l), env); return cons(h, evlis(cdr(l), env)); }
static obj *p_add(obj *a) { long s = 0; for (; a->tag == T_CONS; a = cdr(a)) s += car(a)->u.num; return num(s); }
static obj *p_sub(obj *a) { long s = car(a)->u.num; if (cdr(a)->tag == T_NIL) return num(-s); for (a = cdr(a); a->tag == T_CONS; a = cdr(a)) s -= car(a)->u.num; return num(s); }
static obj *p_mul(obj *a) { long s = 1; for (; a->tag == T_CONS; a = cdr(a)) s *= car(a)->u.num; return num(s); }
static obj *p_lt(obj *a) { return car(a)->u.num < car(cdr(a))->u.num ? sym("t") : NIL; }
static obj *p_eq(obj *a) { return car(a)->u.num == car(cdr(a))->u.num ? sym("t") : NIL; }
static obj *p_car(obj *a) { return car(car(a)); }
static obj *p_cdr(obj *a) { return cdr(car(a)); }
static obj *p_cons(obj *a) { return cons(car(a), car(cdr(a))); }
static obj *p_mod(obj *a) { return num(car(a)->u.num % car(cdr(a))->u.num); }
static obj *p_null(obj *a) { return car(a)->tag == T_NIL ? sym("t") : NIL; }
static obj *p_list(obj *a) { return a; }

static obj *eval(obj *e, obj *env) {
    for (;;) {
        if (e->tag == T_NUM || e->tag == T_NIL) return e;
        if (e->tag == T_SYM) {
            obj *b = lookup(env, e->u.sym);
            if (!b) { printf("unbound %s\n", e->u.sym); return NIL; }
            return cdr(b);
        }
        obj *op = car(e);
        if (op->tag == T_SYM) {
            const char *s = op->u.sym;
            if (!strcmp(s, "quote")) return car(cdr(e));
            if (!strcmp(s, "if")) {
                obj *c = eval(car(cdr(e)), env);
                e = c->tag != T_NIL ? car(cdr(cdr(e))) : (cdr(cdr(cdr(e)))->tag == T_CONS ? car(cdr(cdr(cdr(e)))) : NIL);
                continue;
            }
            if (!strcmp(s, "lambda")) {
                obj *l = alloc(T_LAMBDA);
                l->u.lam.params = car(cdr(e));
                l->u.lam.body = car(cdr(cdr(e)));
                l->u.lam.env = env;
                return l;
            }
            if (!strcmp(s, "define")) {
                obj *v = eval(car(cdr(cdr(e))), env);
                obj *b = lookup(global_env, car(cdr(e))->u.sym);
                if (b) cdr(b) = v;
                else global_env = cons(cons(car(cdr(e)), v), global_env);
                return car(cdr(e));
            }
        }
        obj *f = eval(op, env);
        obj *args = evlis(cdr(e), env);
        if (f->tag == T_PRIM) return f->u.prim(args);
        if (f->tag != T_LAMBDA) { printf("not a function\n"); return NIL; }
        obj *ne = f->u.lam.env == NIL ? global_env : f->u.lam.env;
        if (ne == NIL) ne = global_env;
        for (obj *p = f->u.lam.params; p->tag == T_CONS; p = cdr(p), args = cdr(args))
            ne = cons(cons(car(p), car(args)), ne);
        if (f->u.lam.env == NIL) {}
        e = f->u.lam.body;
        env = ne;
    }
}
static void defprim(const char *n, prim_fn f) { obj *p = alloc(T_PRIM); p->u.prim = f; global_env = cons(cons(sym(n), p), global_env); }

int main(void) {
    static const struct { const char *n; prim_fn f; } prims[] = {
        { "+", p_add }, { "-", p_sub }, { "*", p_mul }, { "<", p_lt }, { "=", p_eq }, { "car", p_car },
        { "cdr", p_cdr }, { "cons", p_cons }, { "mod", p_mod }, { "null?", p_null }, { "list", p_list },
    };
    global_env = NIL;
    for (unsigned i = 0; i < sizeof prims / sizeof prims[0]; i++) defprim(prims[i].n, prims[i].f);
    const char *progs[] = {
        "(+ 1 2 3)",
        "(define fact (lambda (n) (if (< n 2) 1 (* n (fact (- n 1))))))",
        "(fact 10)",
        "(define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))",
        "(fib 15)",
        "(define map (lambda (f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l))))))",
        "(map fact '(1 2 3 4 5 6))",
        "(define range (lambda (a b) (if (< a b) (cons a (range (+ a 1) b)) '())))",
        "(map (lambda (x) (* x x)) (range 0 12))",
        "(define gcd (lambda (a b) (if (= b 0) a (gcd b (mod a b)))))",
        "(gcd 1071 462)",
        "(define count (lambda (n acc) (if (= n 0) acc (count (- n 1) (+ acc 1)))))",
        "(count 3000 0)",
        "'(a (b . c) d)",
        "(list 1 (list 2 3) '(4 . 5))",
        "(- 5)",
        "undefined-sym",
        "(define compose (lambda (f g) (lambda (x) (f (g x)))))",
        "((compose fact fib) 5)",
    };
    for (unsigned i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        src = progs[i];
        obj *r = eval(read_expr(), NIL);
        print(r);
        printf("\n");
    }
    printf("used %d\n", pool_used > 0);
    return 0;
}
