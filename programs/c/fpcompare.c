/* Floating-point comparisons with NaN, signed zeros and infinities, in conditions, negated conditions, loops
 * and conditional expressions: a NaN compares unordered, so !(a < b) is not (a >= b). */
#include <stdio.h>
#include <math.h>
static int cmp(double a, double b)
{
    int r = 0;
    if (a < b) r |= 1;
    if (a <= b) r |= 2;
    if (a > b) r |= 4;
    if (a >= b) r |= 8;
    if (a == b) r |= 16;
    if (a != b) r |= 32;
    if (!(a < b)) r |= 64;
    if (!(a <= b)) r |= 128;
    if (!(a > b)) r |= 256;
    if (!(a >= b)) r |= 512;
    if (!(a == b)) r |= 1024;
    if (!(a != b)) r |= 2048;
    r |= (a < b ? 1 : 0) << 12;
    r |= (!(a >= b) ? 1 : 0) << 13;
    r |= ((a < b) || (a > b)) << 14;
    r |= (!(a < b) && !(a > b)) << 15;
    return r;
}
static int cmpf(float a, float b)
{
    int r = 0, n = 0;
    while (!(a >= b) && n < 3) { n++; r += 1; }
    do { r += 10; } while (a != a && ++n < 5);
    for (; !(a <= b) && n < 7; n++) r += 100;
    return r;
}
int main(void)
{
    volatile double z = 0.0;
    double nan = z / z;
    double vals[] = { 0.0, -0.0, 1.0, -1.0, nan, INFINITY, -INFINITY };
    int i, j;
    for (i = 0; i < 7; i++)
        for (j = 0; j < 7; j++)
            printf("%d %d: %d %d\n", i, j, cmp(vals[i], vals[j]), cmpf((float)vals[i], (float)vals[j]));
    return 0;
}
