/* gcc's extensions on complex values: ++ and -- (on the real part) and imaginary constants (2.0i, 2.0fi, 1.5j). */
#include <stdio.h>
#include <complex.h>

static double complex sd = 1.0 + 2.0i;          /* folded: a static initializer */
static float complex sf = 3.0fi;

struct s { int n; double complex z; };

static double complex g(double complex z) { return z; }

static void show(const char *name, double complex z) {
    printf("%s = %.17g %+.17gi\n", name, creal(z), cimag(z));
}

static void showf(const char *name, float complex z) {
    printf("%s = %.9g %+.9gi\n", name, (double)crealf(z), (double)cimagf(z));
}

int main(void) {
    double complex z = 1.5 + 2.5i;
    double complex w;
    /* prefix and postfix, values and side effects */
    w = z++;
    show("z++ old", w);
    show("z++ new", z);
    w = ++z;
    show("++z val", w);
    show("++z new", z);
    w = z--;
    show("z-- old", w);
    show("z-- new", z);
    w = --z;
    show("--z val", w);
    show("--z new", z);
    /* float complex and long double complex */
    float complex f = 0.25f + 1.0fi;
    f++;
    ++f;
    showf("f", f);
    long double complex l = 2.0L - 3.0Li;
    l--;
    printf("l = %g %+gi\n", (double)creall(l), (double)cimagl(l));
    /* through a pointer, an array element, a struct member; the operand is evaluated once */
    double complex a[3] = {1.0, 2.0i, 3.0 + 3.0i};
    double complex *p = a;
    (*p++)++;
    ++*p;
    show("a[0]", a[0]);
    show("a[1]", a[1]);
    int i = 2;
    a[i--]--;
    show("a[2]", a[2]);
    printf("i = %d\n", i);
    struct s st = {7, 1.0i};
    st.z++;
    show("st.z", st.z);
    /* a loop counting on the real part */
    double complex c;
    int n = 0;
    for (c = 0.5i; creal(c) < 5; c++) {
        n++;
    }
    printf("n = %d\n", n);
    show("c", c);
    /* imaginary constants: types and values */
    printf("sizeof 2.0i %d, 2.0fi %d, 2.0if %d, 1.5j %d\n", (int)sizeof(2.0i), (int)sizeof(2.0fi),
           (int)sizeof(2.0if), (int)sizeof(1.5j));
    printf("%d %d\n", _Generic(2.0fi, float complex: 1, default: 0), _Generic(1.5j, double complex: 1, default: 0));
    show("2.0i", 2.0i);
    showf("2.0fi", 2.0fi);
    showf("2.0IF", 2.0IF);
    show("1.5j", 1.5j);
    show("1e1i", 1e1i);
    show("0x1p-2i", 0x1p-2i);
    show(".5J", .5J);
    show("sd", sd);
    showf("sf", sf);
    double x = 4.0;
    show("x + 3.0i", x + 3.0i);
    show("x * 2.0i", x * 2.0i);
    show("z * 1.0i", z * 1.0i);
    show("g(1.0 - 2.0i)", g(1.0 - 2.0i));
    show("-1.0i", -1.0i);
    printf("1.0i == I: %d\n", 1.0i == I);
    return 0;
}
