#include <stdlib.h>

long long llabs(long long j) { return j < 0 ? -j : j; }
