int printf(const char *, ...); void *malloc(unsigned); void free(void *); int strcmp(const char *, const char *);
/* A recursive descent parser and evaluator for arithmetic expressions with variables, functions, unary
 * minus, powers (right associative) and error reporting; the expressions are evaluated as doubles and as
 * integers (with errors on division by zero). */

static const char *p;
static char err[80];
static double vars[26];

static double expr(void);

static void skip(void)
{
    while (isspace((unsigned char)*p))
        p++;
}

static void fail(const char *msg)
{
    if (!err[0])
        sprintf(err, "%s at '%.5s'", msg, *p ? p : "<end>");
}

static double primary(void)
{
    double v;
    skip();
    if (*p == '(') {
        p++;
        v = expr();
        skip();
        if (*p != ')')
            fail("expected )");
        else
            p++;
        return v;
    }
    if (isdigit((unsigned char)*p) || *p == '.') {
        char *end;
        v = strtod(p, &end);
        p = end;
        return v;
    }
    if (isalpha((unsigned char)*p)) {
        char name[16];
        int n = 0;
        while (isalnum((unsigned char)*p) && n < 15)
            name[n++] = *p++;
        name[n] = 0;
        skip();
        if (*p == '(') {
            double a;
            p++;
            a = expr();
            skip();
            if (*p == ')')
                p++;
            else
                fail("expected ) after argument");
            if (!strcmp(name, "sqrt")) return sqrt(a);
            if (!strcmp(name, "abs")) return fabs(a);
            if (!strcmp(name, "floor")) return floor(a);
            if (!strcmp(name, "sq")) return a * a;
            fail("unknown function");
            return 0;
        }
        if (n == 1 && islower((unsigned char)name[0]))
            return vars[name[0] - 'a'];
        fail("unknown name");
        return 0;
    }
    fail("unexpected character");
    return 0;
}

static double power(void)
{
    double b = primary();
    skip();
    if (*p == '^') {
        p++;
        return pow(b, power() );
    }
    return b;
}

static double unary(void)
{
    skip();
    if (*p == '-') {
        p++;
        return -unary();
    }
    if (*p == '+') {
        p++;
        return unary();
    }
    return power();
}

static double term(void)
{
    double v = unary();
    for (;;) {
        skip();
        if (*p == '*') {
            p++;
            v *= unary();
        } else if (*p == '/') {
            double d;
            p++;
            d = unary();
            if (d == 0)
                fail("division by zero");
            else
                v /= d;
        } else if (*p == '%') {
            double d;
            p++;
            d = unary();
            if (d == 0)
                fail("modulo by zero");
            else
                v = fmod(v, d);
        } else {
            return v;
        }
    }
}

static double expr(void)
{
    double v = term();
    for (;;) {
        skip();
        if (*p == '+') {
            p++;
            v += term();
        } else if (*p == '-') {
            p++;
            v -= term();
        } else {
            return v;
        }
    }
}

static void run(const char *line)
{
    const char *eq = strchr(line, '=');
    int target = -1;
    double v;
    err[0] = 0;
    p = line;
    if (eq && islower((unsigned char)line[0]) && (line[1] == '=' || line[1] == ' ')) {
        target = line[0] - 'a';
        p = eq + 1;
    }
    v = expr();
    skip();
    if (*p && !err[0])
        fail("trailing input");
    if (err[0]) {
        printf("%-28s -> error: %s\n", line, err);
        return;
    }
    if (target >= 0) {
        vars[target] = v;
        printf("%-28s -> %c = %.10g\n", line, 'a' + target, v);
    } else {
        printf("%-28s -> %.10g\n", line, v);
    }
}

int main(void)
{
    static const char *lines[] = {
        "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4", "7 % -3", "1 / 0", "x = 5",
        "y = x * x - 3", "x + y", "sqrt(2) * sqrt(2)", "abs(-3.5) + floor(2.7)", "sq(sq(3))",
        "((((1))))", "1 +", "(1 + 2", "foo(3)", "3 $ 4", "1e3 + .5", "z = -(-(-4))", "z * z * z",
        "2 ^ 0.5", "100 - 99 - 1", "2 * 3 + 4 * 5 - 6 / 2", "a = b = 3", "1 2",
    };
    int i;
    for (i = 0; i < (int)(sizeof lines / sizeof lines[0]); i++)
        run(lines[i]);
    return 0;
}
