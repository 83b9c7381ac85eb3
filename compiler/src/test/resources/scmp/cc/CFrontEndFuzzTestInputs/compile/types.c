typedef unsigned long long u64;
struct s { int a : 3; unsigned b : 5; struct { char c; double d; }; union { short h; float f; } u; int flex[]; };
enum e { A, B = 5, C };
typedef int (*fp)(int, char **);
static const volatile int cv[2][3] = { {1, 2}, [1] = { [2] = 9 } };
struct s *make(void);
int apply(fp f, int n, char **v) { return f(n, v); }
u64 mul(u64 a, u64 b) { return a * b + (a >> 3) - (b % 7u); }
double fl(float x, long double y) { return x / y + 1e10 - 0x1p-3; }
int sw(int x) {
    int r = 0;
    switch (x) { case A: r = 1; break; case B ... C: r += 2; default: r--; }
    for (int i = 0; i < 10; i++) { if (i & 1) continue; r ^= i; }
    do { r <<= 1; } while (r < 100 && r > -100);
    goto out;
out:
    return r ? r : sizeof(struct s) + _Alignof(double) + (int) (char) r;
}
int main(void) { int *p = (int[]){1, 2, 3}; char buf[] = "a\tb\x41\101"; return p[2] + buf[1] + sw(3) + (int) mul(2, 3); }
