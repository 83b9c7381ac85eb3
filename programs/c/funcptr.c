/* Function pointers: dispatch tables indexed by opcode, a tiny stack VM, callbacks with context pointers,
 * pointers to functions returning function pointers, arrays of pointers in structs, comparison of function
 * pointers, and calls through typedefs and casts between compatible types. */
#include <stdio.h>
#include <string.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int divi(int a, int b) { return b ? a / b : 0; }
static int mod(int a, int b) { return b ? a % b : 0; }
static int maxi(int a, int b) { return a > b ? a : b; }

static const struct { const char *name; binop fn; char sym; } ops[] = {
    { "add", add, '+' }, { "sub", sub, '-' }, { "mul", mul, '*' }, { "div", divi, '/' }, { "mod", mod, '%' },
    { "max", maxi, 'M' },
};
#define NOPS ((int)(sizeof ops / sizeof ops[0]))

static binop lookup(char sym)
{
    int i;
    for (i = 0; i < NOPS; i++)
        if (ops[i].sym == sym)
            return ops[i].fn;
    return NULL;
}

/* a function returning a pointer to a function */
static int (*choose(int which))(int, int)
{
    return ops[which % NOPS].fn;
}

/* stack VM: opcodes dispatched through a table of handlers */
enum { OP_PUSH, OP_ADD, OP_MUL, OP_SUB, OP_DUP, OP_SWAP, OP_PRINT, OP_JNZ, OP_DEC, OP_HALT };
struct vm { int stack[64]; int sp; int pc; const int *code; int running; };
typedef void (*handler)(struct vm *);

static void h_push(struct vm *m) { m->stack[m->sp++] = m->code[++m->pc]; }
static void h_add(struct vm *m) { m->sp--; m->stack[m->sp - 1] += m->stack[m->sp]; }
static void h_mul(struct vm *m) { m->sp--; m->stack[m->sp - 1] *= m->stack[m->sp]; }
static void h_sub(struct vm *m) { m->sp--; m->stack[m->sp - 1] -= m->stack[m->sp]; }
static void h_dup(struct vm *m) { m->stack[m->sp] = m->stack[m->sp - 1]; m->sp++; }
static void h_swap(struct vm *m) { int t = m->stack[m->sp - 1]; m->stack[m->sp - 1] = m->stack[m->sp - 2]; m->stack[m->sp - 2] = t; }
static void h_print(struct vm *m) { printf("vm: %d\n", m->stack[m->sp - 1]); }
static void h_jnz(struct vm *m)
{
    int target = m->code[++m->pc];
    if (m->stack[m->sp - 1] != 0)
        m->pc = target - 1;
}
static void h_dec(struct vm *m) { m->stack[m->sp - 1]--; }
static void h_halt(struct vm *m) { m->running = 0; }

static const handler table[] = { h_push, h_add, h_mul, h_sub, h_dup, h_swap, h_print, h_jnz, h_dec, h_halt };

static void run(const int *code)
{
    struct vm m;
    m.sp = 0;
    m.pc = 0;
    m.code = code;
    m.running = 1;
    while (m.running) {
        table[code[m.pc]](&m);
        m.pc++;
    }
}

/* callbacks with a context pointer */
typedef void (*visitor)(int value, void *ctx);
static void each(const int *v, int n, visitor f, void *ctx)
{
    int i;
    for (i = 0; i < n; i++)
        f(v[i], ctx);
}
static void summer(int v, void *ctx) { *(long long *)ctx += v; }
struct minmax { int min, max; };
static void tracker(int v, void *ctx)
{
    struct minmax *mm = ctx;
    if (v < mm->min) mm->min = v;
    if (v > mm->max) mm->max = v;
}
static void printer(int v, void *ctx) { printf("%s%d", (const char *)ctx, v); }

/* function composition through a struct of pointers */
typedef double (*unary)(double);
static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }
static double inc(double x) { return x + 1; }
static double compose(const unary *fs, int n, double x)
{
    while (n-- > 0)
        x = fs[n](x);
    return x;
}

int main(void)
{
    int i, j;
    static const int program[] = {
        OP_PUSH, 1, OP_PUSH, 10,            /* acc=1, counter=10 */
        OP_SWAP, OP_PUSH, 3, OP_MUL, OP_PRINT, OP_SWAP, OP_DEC, OP_JNZ, 4,
        OP_HALT
    };
    static const int data[] = { 5, -3, 17, 0, 99, -42, 8, 8, 1 };
    long long sum = 0;
    struct minmax mm = { 1000, -1000 };
    unary chain[] = { inc, square, twice, inc };

    for (i = 0; i < NOPS; i++)
        for (j = -2; j <= 2; j++)
            printf("%s(%d, %d) = %d%s", ops[i].name, 17, j * 3 + 1, ops[i].fn(17, j * 3 + 1), j == 2 ? "\n" : ", ");
    {
        const char *expr = "7+5*3-4M20%6/2";
        int acc = expr[0] - '0';
        for (i = 1; expr[i]; i += 2) {
            binop f = lookup(expr[i]);
            int operand = expr[i + 1] - '0';
            if (expr[i + 1] == '2' && expr[i + 2] == '0') {
                operand = 20;
                i++;
            }
            acc = f(acc, operand);
            printf("%c%d -> %d\n", expr[i], operand, acc);
        }
    }
    for (i = 0; i < 8; i++)
        printf("choose(%d)(100, 7) = %d\n", i, choose(i)(100, 7));
    printf("same pointer: %d %d\n", choose(2) == mul, choose(3) == choose(9));
    run(program);
    each(data, 9, summer, &sum);
    each(data, 9, tracker, &mm);
    printf("sum %lld min %d max %d\n", sum, mm.min, mm.max);
    each(data, 9, printer, (void *)" ");
    printf("\n");
    for (i = 0; i <= 4; i++)
        printf("compose(%d) at 3 = %g\n", i, compose(chain, i, 3.0));
    {
        void (*vp)(int, void *) = printer;
        (*vp)(123, (void *)"star-call: ");
        (**vp)(456, (void *)" double-star: ");
        printf("\n");
    }
    return 0;
}
