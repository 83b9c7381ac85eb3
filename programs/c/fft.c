/* A radix-2 FFT on complex numbers held in structs, with its inverse: the transform of a few test signals,
 * Parseval's identity, convolution of integer sequences through the FFT (polynomial multiplication), and a
 * direct DFT to compare with. Printed values are rounded to 6 decimals and tiny ones snapped to zero, so the
 * output does not depend on the last bits of sin and cos. */
#include <math.h>
#include <stdio.h>

typedef struct { double re, im; } cpx;

static cpx cadd(cpx a, cpx b) { cpx r = { a.re + b.re, a.im + b.im }; return r; }
static cpx csub(cpx a, cpx b) { cpx r = { a.re - b.re, a.im - b.im }; return r; }
static cpx cmul(cpx a, cpx b) { cpx r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re }; return r; }

static void fft(cpx *a, int n, int inverse)
{
    int i, j, len;
    for (i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            cpx t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
    for (len = 2; len <= n; len <<= 1) {
        double ang = 2 * M_PI / len * (inverse ? -1 : 1);
        cpx wl = { cos(ang), sin(ang) };
        for (i = 0; i < n; i += len) {
            cpx w = { 1, 0 };
            for (j = 0; j < len / 2; j++) {
                cpx u = a[i + j], v = cmul(a[i + j + len / 2], w);
                a[i + j] = cadd(u, v);
                a[i + j + len / 2] = csub(u, v);
                w = cmul(w, wl);
            }
        }
    }
    if (inverse)
        for (i = 0; i < n; i++) {
            a[i].re /= n;
            a[i].im /= n;
        }
}

static double snap(double x) { return fabs(x) < 5e-7 ? 0.0 : x; }

static void show(const char *label, const cpx *a, int n)
{
    int i;
    printf("%s:\n", label);
    for (i = 0; i < n; i++)
        printf("  %2d: %12.6f %12.6f\n", i, snap(a[i].re), snap(a[i].im));
}

int main(void)
{
    cpx a[16], b[16], d[16];
    int i, k, n = 16;
    double e1 = 0, e2 = 0, maxdiff = 0;

    for (i = 0; i < n; i++) {
        a[i].re = (i < 4) ? 1 : 0;
        a[i].im = 0;
    }
    fft(a, n, 0);
    show("box", a, n);
    for (i = 0; i < n; i++) {
        a[i].re = cos(2 * M_PI * 3 * i / n) + 0.5 * sin(2 * M_PI * 5 * i / n);
        a[i].im = 0;
        b[i] = a[i];
        e1 += a[i].re * a[i].re;
    }
    fft(a, n, 0);
    show("two tones", a, n);
    for (i = 0; i < n; i++)
        e2 += a[i].re * a[i].re + a[i].im * a[i].im;
    printf("parseval %.6f %.6f\n", e1, e2 / n);
    /* direct DFT for comparison */
    for (k = 0; k < n; k++) {
        cpx s = { 0, 0 };
        for (i = 0; i < n; i++) {
            cpx w = { cos(2 * M_PI * k * i / n), sin(2 * M_PI * k * i / n) };
            s = cadd(s, cmul(b[i], w));
        }
        d[k] = s;
        if (fabs(s.re - a[k].re) > maxdiff)
            maxdiff = fabs(s.re - a[k].re);
        if (fabs(s.im - a[k].im) > maxdiff)
            maxdiff = fabs(s.im - a[k].im);
    }
    printf("fft vs dft below 1e-9: %s\n", maxdiff < 1e-9 ? "yes" : "no");
    fft(a, n, 1);
    maxdiff = 0;
    for (i = 0; i < n; i++)
        if (fabs(a[i].re - b[i].re) > maxdiff)
            maxdiff = fabs(a[i].re - b[i].re);
    printf("round trip below 1e-12: %s\n", maxdiff < 1e-12 ? "yes" : "no");
    {
        /* (1 + 2x + 3x^2 + ... + 8x^7)^2 through the FFT, rounded to integers */
        cpx p[16], q[16];
        for (i = 0; i < 16; i++) {
            p[i].re = i < 8 ? i + 1 : 0;
            p[i].im = 0;
            q[i].re = i < 8 ? 8 - i : 0;
            q[i].im = 0;
        }
        fft(p, 16, 0);
        fft(q, 16, 0);
        for (i = 0; i < 16; i++)
            p[i] = cmul(p[i], q[i]);
        fft(p, 16, 1);
        printf("product:");
        for (i = 0; i < 15; i++)
            printf(" %ld", lround(p[i].re));
        printf("\n");
        for (i = 0; i < 15; i++) {
            long direct = 0;
            int j;
            for (j = 0; j <= i; j++)
                if (j < 8 && i - j < 8)
                    direct += (long)(j + 1) * (8 - (i - j));
            if (direct != lround(p[i].re))
                printf("coefficient %d differs\n", i);
        }
    }
    (void)d;
    return 0;
}
