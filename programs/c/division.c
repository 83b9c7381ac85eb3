/* Division and remainder by constants (the code generator turns powers of two into shifts and masks at -O1,
 * which must still round toward zero for negative dividends) and by 3, for int, unsigned, long long, short and
 * signed char, over edge values; compound /= %= and >>=. */
#include <stdio.h>
#include <limits.h>
int main(void)
{
    static const int xs[] = { 0, 1, -1, 7, -7, 8, -8, 9, -9, 1023, -1023, 1024, -1024, INT_MAX, INT_MIN, INT_MIN + 1 };
    static const long long ls[] = { 0, 7, -7, -8, 9, -9, 1LL << 40, -(1LL << 40) - 3, LLONG_MIN, LLONG_MAX };
    int i;
    for (i = 0; i < 16; i++) {
        int x = xs[i];
        unsigned u = (unsigned)x;
        printf("%d: /2 %d /4 %d /8 %d /1024 %d /-2 %d /-8 %d /1 %d %%2 %d %%8 %d %%1024 %d %%-8 %d %%1 %d *8 %d *-4 %d\n",
               x, x / 2, x / 4, x / 8, x / 1024, x / -2, x / -8, x / 1, x % 2, x % 8, x % 1024, x % -8, x % 1,
               (int)((unsigned)x * 8u), (int)((unsigned)x * (unsigned)-4));
        printf("   u/2 %u u/8 %u u%%8 %u u%%1024 %u u*16 %u /3 %d %%3 %d /-3 %d %%-3 %d\n", u / 2, u / 8, u % 8,
               u % 1024, u * 16, x / 3, x % 3, x == INT_MIN ? 0 : x / -3, x % -3);
        {
            int y = x;
            y /= 16;
            printf("   y/=16 %d", y);
            y = x;
            y %= 16;
            printf(" y%%=16 %d", y);
            y = x;
            y >>= 3;
            printf(" y>>=3 %d\n", y);
        }
    }
    for (i = 0; i < 10; i++) {
        long long l = ls[i];
        printf("%lld: /2 %lld /8 %lld %%8 %lld /1024 %lld %%4096 %lld /-4 %lld u/8 %llu u%%8 %llu\n", l, l / 2, l / 8,
               l % 8, l / 1024, l % 4096, l == LLONG_MIN ? 0 : l / -4, (unsigned long long)l / 8, (unsigned long long)l % 8);
    }
    {
        short s = -7; signed char c = -9;
        printf("%d %d %d %d\n", s / 2, s % 4, c / 4, c % 2);
    }
    return 0;
}
