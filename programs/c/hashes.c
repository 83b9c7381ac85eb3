/* Checksums and hashes with 32-bit unsigned arithmetic: CRC-32 (table and bitwise), Adler-32, FNV-1a,
 * SHA-256 (FIPS 180-4 test vectors), and MurmurHash3's finalizer, over fixed messages and generated data. */
#include <stdio.h>
#include <string.h>

static unsigned int crc_table[256];

static void crc_init(void)
{
    unsigned int i, k;
    for (i = 0; i < 256; i++) {
        unsigned int c = i;
        for (k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static unsigned int crc32(const unsigned char *p, size_t n)
{
    unsigned int c = 0xffffffffu;
    while (n--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

static unsigned int crc32_bitwise(const unsigned char *p, size_t n)
{
    unsigned int c = 0xffffffffu;
    int k;
    while (n--) {
        c ^= *p++;
        for (k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static unsigned int adler32(const unsigned char *p, size_t n)
{
    unsigned int a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

static unsigned long long fnv64(const unsigned char *p, size_t n)
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    while (n--) {
        h ^= *p++;
        h *= 0x100000001b3ULL;
    }
    return h;
}

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static const unsigned int K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static void sha256_block(unsigned int h[8], const unsigned char *blk)
{
    unsigned int w[64], a, b, c, d, e, f, g, hh;
    int i;
    for (i = 0; i < 16; i++)
        w[i] = (unsigned int)blk[4 * i] << 24 | (unsigned int)blk[4 * i + 1] << 16
               | (unsigned int)blk[4 * i + 2] << 8 | blk[4 * i + 3];
    for (i = 16; i < 64; i++) {
        unsigned int s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        unsigned int s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7];
    for (i = 0; i < 64; i++) {
        unsigned int t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        unsigned int t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha256(const unsigned char *msg, size_t n, char *hex)
{
    unsigned int h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
                          0x5be0cd19 };
    unsigned char blk[64];
    unsigned long long bits = (unsigned long long)n * 8;
    size_t i;
    int k;
    while (n >= 64) {
        sha256_block(h, msg);
        msg += 64;
        n -= 64;
    }
    memset(blk, 0, 64);
    memcpy(blk, msg, n);
    blk[n] = 0x80;
    if (n >= 56) {
        sha256_block(h, blk);
        memset(blk, 0, 64);
    }
    for (k = 0; k < 8; k++)
        blk[63 - k] = (unsigned char)(bits >> (8 * k));
    sha256_block(h, blk);
    for (i = 0; i < 8; i++)
        sprintf(hex + 8 * i, "%08x", h[i]);
}

static unsigned int fmix32(unsigned int h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

int main(void)
{
    static const char *msgs[] = { "", "a", "abc", "message digest", "abcdefghijklmnopqrstuvwxyz",
        "The quick brown fox jumps over the lazy dog",
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890" };
    static unsigned char data[5000];
    char hex[65];
    int i;
    crc_init();
    for (i = 0; i < 8; i++) {
        const unsigned char *m = (const unsigned char *)msgs[i];
        size_t n = strlen(msgs[i]);
        sha256(m, n, hex);
        printf("\"%.20s%s\"\n  crc32 %08x/%08x adler32 %08x fnv64 %016llx\n  sha256 %s\n", msgs[i],
               n > 20 ? "..." : "", crc32(m, n), crc32_bitwise(m, n), adler32(m, n), fnv64(m, n), hex);
    }
    for (i = 0; i < 5000; i++)
        data[i] = (unsigned char)(fmix32((unsigned)i) >> 24);
    sha256(data, sizeof data, hex);
    printf("5000 generated bytes: crc32 %08x adler32 %08x sha256 %s\n", crc32(data, sizeof data),
           adler32(data, sizeof data), hex);
    for (i = 0; i < 8; i++)
        printf("fmix32(%d) = %08x\n", i * 1000, fmix32((unsigned)i * 1000u));
    {
        /* 64000 x 'a', fed block by block from one buffer, with the padding built by hand */
        static unsigned char ma[64];
        unsigned int h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c,
                              0x1f83d9ab, 0x5be0cd19 };
        unsigned char blk[64];
        int blocks = 64000 / 64, k;
        memset(ma, 'a', sizeof ma);
        for (i = 0; i < blocks; i++)
            sha256_block(h, ma);
        memset(blk, 0, 64);
        blk[0] = 0x80;
        for (k = 0; k < 8; k++)
            blk[63 - k] = (unsigned char)((512000ULL >> (8 * k)) & 0xff);
        sha256_block(h, blk);
        printf("sha256(64000 x 'a') =");
        for (k = 0; k < 8; k++)
            printf(" %08x", h[k]);
        printf("\n");
        memset(data, 'a', sizeof data);
        sha256(data, 5000, hex);
        printf("sha256(5000 x 'a') = %s\n", hex);
    }
    return 0;
}
