int f(int a) { return a ? a = 1 : -~!a; } int g[3] = {1,2,3,4}; char *s = "abc
int;