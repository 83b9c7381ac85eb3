/* Internal: the machine-dependent layer (the assembly files in clib/src/sys). */
#ifndef _SCMP_INTERNAL_SYS_H
#define _SCMP_INTERNAL_SYS_H

void __hcall_exit(int status);
int __hcall_write(int fd, const void *buf, unsigned int n);
int __hcall_open(const char *path);
int __hcall_read(int fd, void *buf, unsigned int n);
int __hcall_close(int fd);
unsigned long long __hcall_cycles(void);
void __hcall_abort(const char *msg);
int __hcall_lseek(int fd, int offset, int whence);
void __hcall_terminate(int status);
void __hcall_sleep(unsigned long long ns);
unsigned long long __hcall_time(void);
int __hcall_openw(const char *path, int flags, int mode);
int __hcall_unlink(const char *path);
int __hcall_rename(const char *from, const char *to);

unsigned int __rdsr_heapend(void);
unsigned long long __scmp_cycles(void);

#endif
