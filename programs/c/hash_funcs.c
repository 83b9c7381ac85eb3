#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <stdlib.h>

static uint32_t murmur3(const void *key, int len, uint32_t seed) {
    const uint8_t *data = key;
    int nblocks = len / 4;
    uint32_t h1 = seed, c1 = 0xcc9e2d51, c2 = 0x1b873593;
    for (int i = 0; i < nblocks; i++) {
        uint32_t k1;
        memcpy(&k1, data + i * 4, 4);
        k1 *= c1; k1 = (k1 << 15) | (k1 >> 17); k1 *= c2;
        h1 ^= k1; h1 = (h1 << 13) | (h1 >> 19); h1 = h1 * 5 + 0xe6546b64;
    }
    const uint8_t *tail = data + nblocks * 4;
    uint32_t k1 = 0;
    switch (len & 3) {
    case 3: k1 ^= tail[2] << 16;
    case 2: k1 ^= tail[1] << 8;
    case 1: k1 ^= tail[0]; k1 *= c1; k1 = (k1 << 15) | (k1 >> 17); k1 *= c2; h1 ^= k1;
    }
    h1 ^= len;
    h1 ^= h1 >> 16; h1 *= 0x85ebca6b; h1 ^= h1 >> 13; h1 *= 0xc2b2ae35; h1 ^= h1 >> 16;
    return h1;
}
static uint64_t fnv1a64(const char *s) { uint64_t h = 0xcbf29ce484222325ULL; while (*s) { h ^= (unsigned char)*s++; h *= 0x100000001b3ULL; } return h; }
static uint64_t splitmix(uint64_t *x) { uint64_t z = (*x += 0x9e3779b97f4a7c15ULL); z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL; return z ^ (z >> 31); }
static uint32_t xorshift32(uint32_t *s) { uint32_t x = *s; x ^= x << 13; x ^= x >> 17; x ^= x << 5; return *s = x; }
static uint16_t crc16(const uint8_t *d, int n) {
    uint16_t crc = 0xffff;
    for (int i = 0; i < n; i++) {
        crc ^= (uint16_t)d[i] << 8;
        for (int b = 0; b < 8; b++) crc = crc & 0x8000 ? (uint16_t)(crc << 1) ^ 0x1021 : (uint16_t)(crc << 1);
    }
    return crc;
}
static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static void md5ish(const char *msg, uint32_t out[4]) {
    uint32_t a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
    for (const char *p = msg; *p; p++) {
        uint32_t f = (b & c) | (~b & d);
        uint32_t t = d; d = c; c = b;
        b = b + rotl(a + f + (uint8_t)*p + 0x5a827999u, 7);
        a = t;
    }
    out[0] = a; out[1] = b; out[2] = c; out[3] = d;
}

struct entry { char *key; int value; struct entry *next; };
struct table { struct entry **buckets; int nb, count; };
static void tput(struct table *t, const char *k, int v) {
    uint32_t h = murmur3(k, strlen(k), 7) % t->nb;
    for (struct entry *e = t->buckets[h]; e; e = e->next) if (!strcmp(e->key, k)) { e->value += v; return; }
    struct entry *e = malloc(sizeof *e);
    e->key = malloc(strlen(k) + 1);
    strcpy(e->key, k);
    e->value = v;
    e->next = t->buckets[h];
    t->buckets[h] = e;
    t->count++;
}
static int tget(struct table *t, const char *k) {
    uint32_t h = murmur3(k, strlen(k), 7) % t->nb;
    for (struct entry *e = t->buckets[h]; e; e = e->next) if (!strcmp(e->key, k)) return e->value;
    return -1;
}

int main(void) {
    const char *keys[] = { "", "a", "ab", "abc", "abcd", "hello world", "The quick brown fox jumps over the lazy dog" };
    for (int i = 0; i < 7; i++)
        printf("%08x %016llx %04x\n", murmur3(keys[i], strlen(keys[i]), 0x9747b28c), (unsigned long long)fnv1a64(keys[i]), crc16((const uint8_t *)keys[i], strlen(keys[i])));
    uint64_t sm = 42;
    for (int i = 0; i < 5; i++) printf("%016llx ", (unsigned long long)splitmix(&sm));
    printf("\n");
    uint32_t xs = 2463534242u;
    for (int i = 0; i < 5; i++) printf("%u ", xorshift32(&xs));
    printf("\n");
    uint32_t md[4];
    md5ish("message digest", md);
    printf("%08x%08x%08x%08x\n", md[0], md[1], md[2], md[3]);
    struct table t = { calloc(17, sizeof(struct entry *)), 17, 0 };
    char word[16];
    uint32_t s = 1;
    for (int i = 0; i < 500; i++) {
        int len = 1 + xorshift32(&s) % 3;
        for (int k = 0; k < len; k++) word[k] = 'a' + xorshift32(&s) % 4;
        word[len] = 0;
        tput(&t, word, i);
    }
    printf("count=%d a=%d ab=%d dd=%d zz=%d\n", t.count, tget(&t, "a"), tget(&t, "ab"), tget(&t, "dd"), tget(&t, "zz"));
    int maxchain = 0;
    for (int b = 0; b < t.nb; b++) { int n = 0; for (struct entry *e = t.buckets[b]; e; e = e->next) n++; if (n > maxchain) maxchain = n; }
    printf("maxchain=%d\n", maxchain);
    return 0;
}
