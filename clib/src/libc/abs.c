#include <stdlib.h>

int abs(int j) { return j < 0 ? -j : j; }
