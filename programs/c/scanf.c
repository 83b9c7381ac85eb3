/* sscanf: integers in every base and length, floating point, strings, scansets, %n, suppression, literal
 * matching, return counts on partial matches and at the end of input; then a small record parser. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    int a = 0, b = 0, c = 0, n = 0, r;
    unsigned int u = 0;
    long long ll = 0;
    double d = 0, e = 0;
    float f = 0;
    char s1[32] = "", s2[32] = "";
    short h = 0;
    signed char hh = 0;

    r = sscanf("12 -34 +56", "%d %d %d", &a, &b, &c);
    printf("r=%d %d %d %d\n", r, a, b, c);
    r = sscanf("0x1f 017 0b1", "%i %i %i", &a, &b, &c);
    printf("r=%d %d %d %d\n", r, a, b, c);
    r = sscanf("ff 777 1010", "%x %o %u", &u, &a, &b);
    printf("r=%d %u %d %d\n", r, u, a, b);
    r = sscanf("-9223372036854775808 70000 300", "%lld %hd %hhd", &ll, &h, &hh);
    printf("r=%d %lld %d %d\n", r, ll, h, hh);
    r = sscanf("3.25 -1e-3 2.5e10", "%lf %lf %f", &d, &e, &f);
    printf("r=%d %.17g %.17g %.9g\n", r, d, e, (double)f);
    r = sscanf("inf nan", "%lf %lf", &d, &e);
    printf("r=%d %g %d\n", r, d, e != e);
    r = sscanf("hello world", "%s %s", s1, s2);
    printf("r=%d [%s] [%s]\n", r, s1, s2);
    r = sscanf("abcdefghij", "%4s%3s", s1, s2);
    printf("r=%d [%s] [%s]\n", r, s1, s2);
    r = sscanf("key=value;rest", "%[^=]=%[^;]", s1, s2);
    printf("r=%d [%s] [%s]\n", r, s1, s2);
    r = sscanf("aaabbbccc", "%[ab]%n", s1, &n);
    printf("r=%d [%s] n=%d\n", r, s1, n);
    r = sscanf("10:20:30", "%d:%*d:%d", &a, &b);
    printf("r=%d %d %d\n", r, a, b);
    r = sscanf("12 abc", "%d %d", &a, &b);
    printf("partial r=%d a=%d\n", r, a);
    r = sscanf("", "%d", &a);
    printf("empty r=%d\n", r);
    r = sscanf("   ", "%d", &a);
    printf("blank r=%d\n", r);
    r = sscanf("x", "y%d", &a);
    printf("literal mismatch r=%d\n", r);
    r = sscanf("100%", "%d%%", &a);
    printf("percent r=%d a=%d\n", r, a);
    r = sscanf("  42abc", "%d%n%s", &a, &n, s1);
    printf("r=%d a=%d n=%d s=%s\n", r, a, n, s1);
    r = sscanf("A B", "%c%c%c", s1, s1 + 1, s1 + 2);
    printf("chars r=%d [%c][%c][%c]\n", r, s1[0], s1[1], s1[2]);
    {
        static const char *lines[] = {
            "id=17 name=widget price=3.50 qty=12",
            "id=18 name=gadget price=12.25 qty=3",
            "id=x name=broken price=0 qty=0",
            "id=20 name=gizmo price=0.99 qty=100",
        };
        double total = 0;
        int i;
        for (i = 0; i < 4; i++) {
            int id, qty;
            char name[20];
            double price;
            r = sscanf(lines[i], "id=%d name=%19s price=%lf qty=%d", &id, name, &price, &qty);
            if (r != 4) {
                printf("line %d: parsed %d fields\n", i, r);
                continue;
            }
            printf("%3d %-8s %6.2f x %3d = %8.2f\n", id, name, price, qty, price * qty);
            total += price * qty;
        }
        printf("total %.2f\n", total);
    }
    return 0;
}
