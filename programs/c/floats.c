/* Single precision: float arithmetic rounds after every operation, float arguments and returns, mixing
 * float and double, conversions between float, double and integers, float accumulations that differ from
 * double ones, FLT limits, and float math functions (printed with %.6g, well inside float's precision). */
#include <float.h>
#include <math.h>
#include <stdio.h>

static float fmadd(float a, float b, float c) { return a * b + c; }
static float favg(float a, float b) { return (a + b) / 2; }
static double widen(float f) { return f; }

int main(void)
{
    float f = 0.1f, sum = 0;
    double d = 0.1, dsum = 0;
    int i;
    printf("0.1f = %.17g, 0.1 = %.17g, equal: %d\n", (double)f, d, f == d);
    for (i = 0; i < 1000; i++) {
        sum += f;
        dsum += d;
    }
    printf("sum of 1000: float %.9g double %.17g\n", sum, dsum);
    {
        float big = 16777216.0f;
        printf("2^24 + 1 in float: %.1f, 2^24 + 2: %.1f\n", big + 1.0f, big + 2.0f);
        printf("float eps: %.9g, 1 + eps/2 == 1: %d\n", FLT_EPSILON, 1.0f + FLT_EPSILON / 2 == 1.0f);
        printf("FLT_MAX %.9g FLT_MIN %.9g FLT_MAX*2 %g\n", FLT_MAX, FLT_MIN, (double)(FLT_MAX * 2.0f));
        printf("FLT_DIG %d FLT_MANT_DIG %d DBL_DIG %d DBL_MANT_DIG %d\n", FLT_DIG, FLT_MANT_DIG, DBL_DIG,
               DBL_MANT_DIG);
    }
    printf("fmadd %.9g favg %.9g widen %.17g\n", fmadd(1.1f, 2.2f, 3.3f), favg(1e30f, 3e30f), widen(1.0f / 3));
    {
        float a = 1.0f / 3.0f;
        double b = 1.0 / 3.0;
        printf("1/3 float %.17g double %.17g, float*3 %.17g\n", (double)a, b, (double)(a * 3));
        printf("float -> int: %d %d %d %u\n", (int)2.9f, (int)-2.9f, (int)16777217.0f, (unsigned)4e9f);
        printf("int -> float: %.1f %.1f %.1f\n", (float)16777217, (float)2147483647, (float)-33554435);
    }
    {
        /* harmonic series in float stalls; in double it keeps growing */
        float h = 0;
        double hd = 0;
        for (i = 1; i <= 200000; i++) {
            h += 1.0f / i;
            hd += 1.0 / i;
        }
        printf("harmonic(200000): float %.9g double %.17g\n", h, hd);
    }
    {
        float x = 1.0f;
        int steps = 0;
        while (x + 1.0f != x) {
            x *= 2;
            steps++;
        }
        printf("float: x + 1 == x from 2^%d = %.1f\n", steps, x);
    }
    {
        static const float xs[] = { 0.5f, 1.0f, 2.0f, 3.14159f, 10.0f };
        for (i = 0; i < 5; i++) {
            float x = xs[i];
            printf("x=%g sinf %.6g cosf %.6g expf %.6g logf %.6g sqrtf %.6g powf %.6g atan2f %.6g\n", x, sinf(x),
                   cosf(x), expf(x), logf(x), sqrtf(x), powf(x, 1.5f), atan2f(x, 2.0f));
        }
        printf("fabsf %g floorf %g ceilf %g roundf %g truncf %g fmodf %g\n", fabsf(-2.5f), floorf(-2.5f),
               ceilf(-2.5f), roundf(-2.5f), truncf(-2.5f), fmodf(7.5f, 2.0f));
    }
    {
        float arr[8];
        float prod = 1;
        for (i = 0; i < 8; i++) {
            arr[i] = (float)i / 7.0f + 0.25f;
            prod *= arr[i] + 1;
        }
        printf("array:");
        for (i = 0; i < 8; i++)
            printf(" %.8g", arr[i]);
        printf("\nproduct %.9g\n", prod);
    }
    {
        /* compound assignment and increments on floats */
        float v = 10;
        v += 0.1f;
        v *= 3;
        v -= 0.3f;
        v /= 7;
        v++;
        printf("compound %.9g\n", v);
        printf("float compare: %d %d %d\n", 0.1f < 0.1, 0.5f == 0.5, (float)0.1 == 0.1f);
    }
    return 0;
}
