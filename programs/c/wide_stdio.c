/* Wide character output: a program that writes standard output with the wide functions only (wprintf,
 * fwprintf, putwchar, fputwc, fputws), as a glibc program must once the stream is wide-oriented. */
#include <stdio.h>
#include <wchar.h>
#include <wctype.h>

struct item {
    const wchar_t *name;
    int count;
    double price;
};

static const struct item items[] = {
    {L"apples", 12, 0.5}, {L"bananas", 7, 0.25}, {L"cherries", 150, 0.05}, {L"dates", 0, 3.75},
};

static void table(void)
{
    double total = 0;
    wprintf(L"%-10ls %6ls %8ls %9ls\n", L"item", L"count", L"price", L"amount");
    for (unsigned i = 0; i < sizeof items / sizeof items[0]; i++) {
        double amount = items[i].count * items[i].price;
        total += amount;
        wprintf(L"%-10ls %6d %8.2f %9.3f\n", items[i].name, items[i].count, items[i].price, amount);
    }
    fwprintf(stdout, L"%-10ls %6ls %8ls %9.3f\n", L"total", L"", L"", total);
}

static void characters(void)
{
    const wchar_t *s = L"Wide Characters, One At A Time";
    for (const wchar_t *p = s; *p != 0; p++)
        putwchar(iswupper(*p) ? towlower(*p) : towupper(*p));
    putwchar(L'\n');
    for (wchar_t c = L'a'; c <= L'z'; c += 5)
        fputwc(c, stdout);
    fputwc(L'\n', stdout);
    fputws(L"fputws writes a whole string\n", stdout);
}

static int collatz(long n)
{
    int steps = 0;
    while (n != 1) {
        n = n % 2 ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

static void numbers(void)
{
    for (int i = 1; i <= 30; i += 3) {
        wchar_t line[64];
        int n = swprintf(line, 64, L"%3d: %2d steps, %#06x %o", i, collatz(i), i * 37, i);
        wprintf(L"%ls (%d)\n", line, n);
    }
    wprintf(L"%5.1f%% %e %g %c%lc\n", 99.5, 1.0 / 3, 1e20, 'o', L'k');
    int written = wprintf(L"count me\n");
    wprintf(L"wprintf returned %d\n", written);
}

int main(void)
{
    table();
    characters();
    numbers();
    return 0;
}
