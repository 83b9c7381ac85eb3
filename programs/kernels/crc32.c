/* CRC-32 of 64 KiB: shifts, xors and table lookups. Built with -DREPEAT=N, the CRC of the 64 KiB repeated N times
   (programs/kernels/qemu-compare.sh); without it the code is that of one pass. */
#include <stdio.h>
static unsigned table[256];
static unsigned char data[65536];
int main(void) {
    for (unsigned i = 0; i < 256; i++) {
        unsigned c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (unsigned char)(i * 7 + (i >> 8));
    unsigned crc = 0xFFFFFFFFu;
#ifdef REPEAT
    for (int r = 0; r < REPEAT; r++)
#endif
    for (unsigned i = 0; i < sizeof data; i++)
        crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    printf("crc32 %08x\n", crc ^ 0xFFFFFFFFu);
    return 0;
}
