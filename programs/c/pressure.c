/* Register pressure and calls: functions with many live integer and double values across calls (more than
 * the saved registers), many arguments of mixed classes (integers, doubles, floats, long longs, structs),
 * nested calls as arguments, recursion with many locals, and expressions deep enough to need temporaries. */
#include <stdio.h>

struct pair { int a; double b; };

static int id(int x) { return x; }
static double half(double x) { return x / 2; }
static long long twice_ll(long long x) { return x * 2; }

static double mix(int i0, double d0, int i1, float f1, long long l0, double d1, int i2, struct pair p, int i3,
                  double d2, int i4, long long l1, double d3, int i5, double d4, float f2, int i6, double d5,
                  int i7, double d6, int i8, double d7, double d8, long long l2, int i9)
{
    return i0 + d0 * 2 + i1 * 3 + f1 * 4 + (double)l0 * 5 + d1 * 6 + i2 * 7 + p.a * 8 + p.b * 9 + i3 * 10 + d2 * 11
           + i4 * 12 + (double)l1 * 13 + d3 * 14 + i5 * 15 + d4 * 16 + f2 * 17 + i6 * 18 + d5 * 19 + i7 * 20
           + d6 * 21 + i8 * 22 + d7 * 23 + d8 * 24 + (double)l2 * 25 + i9 * 26;
}

static long long many_live(int n)
{
    int a = id(n), b = id(n + 1), c = id(n + 2), d = id(n + 3), e = id(n + 4), f = id(n + 5), g = id(n + 6);
    int h = id(n + 7), i = id(n + 8), j = id(n + 9), k = id(n + 10), l = id(n + 11), m = id(n + 12);
    double x = half(n), y = half(n + 1), z = half(n + 2), w = half(n + 3), v = half(n + 4), u = half(n + 5);
    double t = half(n + 6), s = half(n + 7), r = half(n + 8), q = half(n + 9), p = half(n + 10), o = half(n + 11);
    double nn = half(n + 12), mm = half(n + 13);
    long long big1 = twice_ll(n), big2 = twice_ll(n + 100), big3 = twice_ll(n + 1000);
    long long total = 0;
    int it;
    for (it = 0; it < 3; it++) {
        total += a * b - c * d + e * f - g * h + i * j - k * l + m + id(it);
        total += (long long)(x * y - z * w + v * u - t * s + r * q - p * o + nn * mm + half(it));
        total += big1 + big2 - big3 + twice_ll(it);
        a++; b--; c += 2; d -= 2; e ^= 1; f |= 2; g &= ~1; h <<= 1; i >>= 1; j %= 7; k /= 2; l *= 3; m = -m;
        x += 1; y -= 1; z *= 1.5; w /= 2; v = -v; u += y; t -= x; s *= 0.5; r += 0.25; q -= 0.125; p += p;
        o = o * o; nn = nn - mm; mm = mm + 1;
        big1 += big2; big2 -= big3; big3 ^= big1;
    }
    return total + a + b + c + d + e + f + g + h + i + j + k + l + m + (long long)(x + y + z + w + v + u + t + s
           + r + q + p + o + nn + mm) + big1 + big2 + big3;
}

static int deep(int n, int a, int b, int c, int d, int e, int f)
{
    int x = a + b, y = c + d, z = e + f, w = a * f - b * e;
    if (n == 0)
        return x + y + z + w;
    return deep(n - 1, x % 1000, y % 1000, z % 1000, w % 1000, a, b) + x - y + z - w;
}

static int sum3(int a, int b, int c) { return a + b + c; }

int main(void)
{
    struct pair pr = { 3, 0.5 };
    int i;
    printf("mix %.6f\n", mix(1, 2.5, 3, 4.25f, 5LL, 6.5, 7, pr, 9, 10.5, 11, 12LL, 13.5, 14, 15.5, 16.25f, 17,
                             18.5, 19, 20.5, 21, 22.5, 23.5, 24LL, 25));
    printf("mix nested %.6f\n", mix(id(1), half(5), id(id(3)), (float)half(8.5), twice_ll(2) + 1, half(13), sum3(1, 2, 4),
                                    pr, id(9), half(21), id(11), twice_ll(6), half(27), id(14), half(31), 16.25f,
                                    sum3(id(5), id(6), id(6)), half(37), 19, half(41), 21, half(45), half(47),
                                    twice_ll(12), id(25)));
    for (i = 0; i < 5; i++)
        printf("many_live(%d) = %lld\n", i * 7, many_live(i * 7));
    printf("deep %d %d\n", deep(20, 1, 2, 3, 4, 5, 6), deep(50, -7, 11, 13, -17, 19, 23));
    printf("nested %d\n", sum3(sum3(id(1), sum3(2, id(3), 4), 5), sum3(id(sum3(6, 7, 8)), 9, id(10)), sum3(11, 12, id(13))));
    {
        int v[20], j;
        long long acc = 0;
        for (j = 0; j < 20; j++)
            v[j] = j * j - 7 * j + 3;
        for (j = 0; j < 20; j++)
            acc += (long long)v[j] * v[19 - j] + (v[j] > v[(j + 7) % 20] ? v[j] - v[(j + 3) % 20] : v[(j * 5) % 20])
                   + ((v[j] & 0xff) ^ (v[(j + 1) % 20] | 3)) - (v[j] << 2) + (v[(j + 11) % 20] >> 1);
        printf("expression acc %lld\n", acc);
    }
    return 0;
}
