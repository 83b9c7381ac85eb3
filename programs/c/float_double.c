#include <stdio.h>
#include <math.h>
#include <float.h>

float fsum(float *a, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
double dsum(double *a, int n) { double s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
float fmix(float a, double b, int c, float d, long long e, unsigned f) { return a * b + c - d / e + f; }
double many(double a, float b, double c, float d, double e, float f, double g, float h, double i, float j, int k) {
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k;
}
static float gf = 1.0f / 3.0f;
static double gd = 1.0 / 3.0;
float fa[] = { 1.5f, 2.25f, -3.125f, 1e10f, 1e-10f };

int main(void) {
    float f = 0.1f;
    double d = 0.1;
    printf("%.20f %.20f\n", f, d);
    printf("%d %d\n", f == d, (float)d == f);
    float acc = 0;
    for (int i = 0; i < 1000; i++) acc += 0.001f;
    printf("%.10f\n", acc);
    double dacc = 0;
    for (int i = 0; i < 1000; i++) dacc += 0.001;
    printf("%.17g\n", dacc);
    printf("%.9g %.17g\n", gf, gd);
    printf("%.9g\n", gf * 3);
    printf("%.9g\n", (float)(gf * 3.0));
    float x = 16777216.0f;
    printf("%.1f %.1f\n", x + 1.0f, x + 1.0);
    float big = 3.4e38f;
    printf("%g %g\n", big * 10.0f, (double)big * 10.0);
    printf("%g\n", FLT_EPSILON);
    printf("%g\n", DBL_EPSILON);
    printf("%.9g %.9g\n", FLT_MAX, FLT_MIN);
    printf("%.17g %.17g\n", DBL_MAX, DBL_MIN);
    printf("%.9g\n", fsum(fa, 5));
    double da[] = { 1e100, 1.0, -1e100, 1e-300, 3.5 };
    printf("%.17g\n", dsum(da, 5));
    printf("%.9g\n", fmix(1.5f, 2.5, 3, 4.5f, 7, 9));
    printf("%.17g\n", many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
    int iv[] = { 0, 1, -1, 100, -100, 2147483647, -2147483647 - 1 };
    for (int i = 0; i < 7; i++) printf("%.9g %.17g ", (float)iv[i], (double)iv[i]);
    printf("\n");
    unsigned uv[] = { 0, 1, 0x80000000u, 0xffffffffu, 0x7fffffffu, 16777217 };
    for (int i = 0; i < 6; i++) printf("%.9g %.17g ", (float)uv[i], (double)uv[i]);
    printf("\n");
    double dv[] = { 0.5, -0.5, 1.9999, -1.9999, 2147483647.9, -2147483648.5, 4294967295.5, 1e9, -1e9, 0.0, -0.0 };
    for (int i = 0; i < 11; i++) {
        int a = (dv[i] > 2147483647.0 || dv[i] < -2147483648.0) ? 0 : (int)dv[i]; unsigned b = dv[i] >= 0 ? (unsigned)dv[i] : 0;
        short s = (short)a; signed char c = (signed char)a;
        printf("%d %u %d %d | ", a, b, s, c);
    }
    printf("\n");
    float fv[] = { 0.5f, -0.5f, 1.9999f, -1.9999f, 1e9f, 16777216.f, -33554432.f };
    for (int i = 0; i < 7; i++) printf("%d %u ", (int)fv[i], fv[i] > 0 ? (unsigned)fv[i] : 0u);
    printf("\n");
    double z = 0.0;
    double inf = 1.0 / z;
    double nan = z / z;
    printf("%g %g %d %d %d\n", inf, -inf, isnan(nan), isinf(inf), nan != nan);
    printf("%d %d %d %d\n", nan < 1, nan > 1, nan == nan, !(nan >= 1));
    printf("%g %g\n", 1.0 / inf, -1.0 / inf);
    printf("%g\n", copysign(1.0, -0.0));
    float fz = -0.0f;
    printf("%g %g\n", fz, 1 / fz);
    printf("%.17g %.17g %.17g\n", sqrt(2.0), floor(-2.5), ceil(-2.5));
    printf("%.9g\n", sqrtf(2.0f));
    printf("%.17g\n", fmod(10.5, 3.0));
    double t = 1.0;
    t /= 3; t *= 3; t -= 1; t += 0.25;
    printf("%.17g\n", t);
    float ft = 1.0f;
    ft /= 3; ft *= 3; ft -= 1; ft += 0.25f;
    printf("%.9g\n", ft);
    float q = 7;
    q /= 2;
    int qi = 7;
    qi /= 2.5;
    printf("%g %d\n", q, qi);
    qi *= 1.5f;
    printf("%d\n", qi);
    char ch = 'A';
    ch += 1.7;
    printf("%c\n", ch);
    unsigned char uc = 200;
    uc *= 1.1;
    printf("%d\n", uc);
    double cmp[] = { -1, 0, 1, 2 };
    for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++)
        printf("%d", (cmp[i] < cmp[j]) + 2 * (cmp[i] <= cmp[j]) + 4 * (cmp[i] != cmp[j]));
    printf("\n");
    float e = 1.0f;
    int n = 0;
    while (1.0f + e != 1.0f) { e /= 2; n++; }
    printf("float eps steps %d\n", n);
    double de = 1.0;
    n = 0;
    while (1.0 + de != 1.0) { de /= 2; n++; }
    printf("double eps steps %d\n", n);
    printf("%a %a\n", 1.0, 0.1f);
    double h = 0.1 + 0.2;
    printf("%d %.17g\n", h == 0.3, h);
    float hf = 0.1f + 0.2f;
    printf("%d %.9g\n", hf == 0.3f, hf);
    printf("%.3f %.3e %.3g\n", 123456.789, 123456.789, 123456.789);
    printf("%10.4f|%-10.2e|%+g|% g\n", M_PI, -M_PI, M_E, 1e-5);
    double neg = -3.7;
    printf("%d %d %g %g\n", (int)neg, (int)-neg, trunc(neg), round(neg));
    printf("%g\n", (double)(float)1e40);
    printf("%g\n", (float)1e-50);
    long double ld = 1.0L / 3;
    printf("%d\n", (int)(ld * 3));
    return 0;
}
