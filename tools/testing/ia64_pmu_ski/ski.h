/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Freestanding ia64 user space for the PMU tests under Ski: raw system
 * calls, a few string and output helpers, perf_event helpers. No libc, no
 * libgcc: no division or remainder on variables (udivmod() instead), and
 * memset/memcpy/memcmp are ours (lib.c).
 */
#ifndef IA64_PMU_SKI_H
#define IA64_PMU_SKI_H

#include <stdarg.h>
#include <linux/types.h>
#include <linux/perf_event.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s64 s64;
typedef unsigned long size_t;

#define NULL ((void *)0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ia64 system call numbers (arch/ia64/kernel/syscalls/syscall.tbl + 1024) */
#define __NR_exit		1025
#define __NR_read		1026
#define __NR_write		1027
#define __NR_open		1028
#define __NR_close		1029
#define __NR_mknod		1037
#define __NR_getpid		1041
#define __NR_mount		1043
#define __NR_setuid		1045
#define __NR_getuid		1046
#define __NR_kill		1053
#define __NR_mkdir		1055
#define __NR_setgid		1061
#define __NR_ioctl		1065
#define __NR_dup2		1070
#define __NR_setitimer		1118
#define __NR_wait4		1126
#define __NR_clone		1128
#define __NR_mmap		1151
#define __NR_munmap		1152
#define __NR_sched_yield	1164
#define __NR_nanosleep		1168
#define __NR_prctl		1170
#define __NR_pipe2		1317
#define __NR_exit_group		1236
#define __NR_perf_event_open	1352

/* errno values (asm-generic/errno-base.h, errno.h) */
#define EPERM		1
#define ENOENT		2
#define EINTR		4
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define EACCES		13
#define EBUSY		16
#define EINVAL		22
#define EOPNOTSUPP	95

#define O_RDONLY	0
#define O_WRONLY	1
#define O_RDWR		2
#define PROT_READ	1
#define PROT_WRITE	2
#define MAP_SHARED	0x01
#define MAP_PRIVATE	0x02
#define MAP_ANONYMOUS	0x20
#define SIGKILL		9
#define SIGALRM		14
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define WNOHANG		1
#define WUNTRACED	2
#define PR_SET_PDEATHSIG 1
#define S_IFCHR		0020000
#define S_IFDIR		0040000

long __syscall6(long a0, long a1, long a2, long a3, long a4, long a5,
		long nr);
/* its break bundle (start.S) */
extern const char __syscall6_break[];

/* A simulator system call of Ski (start.S) */
u64 __ski_ssc(u64 a0, u64 a1, u64 nr);

#define syscall0(nr)		__syscall6(0, 0, 0, 0, 0, 0, nr)
#define syscall1(nr, a)		__syscall6((long)(a), 0, 0, 0, 0, 0, nr)
#define syscall2(nr, a, b)	__syscall6((long)(a), (long)(b), 0, 0, 0, 0, nr)
#define syscall3(nr, a, b, c)	__syscall6((long)(a), (long)(b), (long)(c), \
					   0, 0, 0, nr)
#define syscall4(nr, a, b, c, d) __syscall6((long)(a), (long)(b), (long)(c), \
					    (long)(d), 0, 0, nr)
#define syscall5(nr, a, b, c, d, e) __syscall6((long)(a), (long)(b), \
					       (long)(c), (long)(d), \
					       (long)(e), 0, nr)
#define syscall6(nr, a, b, c, d, e, f) __syscall6((long)(a), (long)(b), \
						  (long)(c), (long)(d), \
						  (long)(e), (long)(f), nr)

/* each returns the result, or -errno */
#define sys_read(fd, b, n)	syscall3(__NR_read, fd, b, n)
#define sys_write(fd, b, n)	syscall3(__NR_write, fd, b, n)
#define sys_open(p, f, m)	syscall3(__NR_open, p, f, m)
#define sys_close(fd)		syscall1(__NR_close, fd)
#define sys_ioctl(fd, r, a)	syscall3(__NR_ioctl, fd, r, a)
#define sys_getpid()		syscall0(__NR_getpid)
#define sys_kill(p, s)		syscall2(__NR_kill, p, s)
#define sys_wait4(p, st, o)	syscall4(__NR_wait4, p, st, o, 0)
#define sys_sched_yield()	syscall0(__NR_sched_yield)
#define sys_exit(c)		syscall1(__NR_exit_group, c)
#define sys_mmap(a, l, p, f, fd, o) syscall6(__NR_mmap, a, l, p, f, fd, o)
#define sys_munmap(a, l)	syscall2(__NR_munmap, a, l)
#define sys_mount(s, t, f, fl, d) syscall5(__NR_mount, s, t, f, fl, d)
#define sys_mkdir(p, m)		syscall2(__NR_mkdir, p, m)
#define sys_mknod(p, m, d)	syscall3(__NR_mknod, p, m, d)
#define sys_dup2(a, b)		syscall2(__NR_dup2, a, b)
#define sys_prctl(o, a)		syscall2(__NR_prctl, o, a)
#define sys_pipe2(f, fl)	syscall2(__NR_pipe2, f, fl)
#define sys_nanosleep(t)	syscall2(__NR_nanosleep, t, 0)
#define sys_setitimer(w, n)	syscall3(__NR_setitimer, w, n, 0)
#define sys_perf_event_open(a, p, c, g, f) \
	syscall5(__NR_perf_event_open, a, p, c, g, f)

/* fork: clone(SIGCHLD) with the parent's stack (ia64 sys_clone) */
static inline long sys_fork(void)
{
	return syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
}

#define WIFEXITED(s)	(((s) & 0x7f) == 0)
#define WEXITSTATUS(s)	(((s) >> 8) & 0xff)
#define WIFSIGNALED(s)	(((s) & 0x7f) != 0 && ((s) & 0x7f) != 0x7f)
#define WTERMSIG(s)	((s) & 0x7f)
#define WIFSTOPPED(s)	(((s) & 0xff) == 0x7f)

struct timespec_k {
	long tv_sec;
	long tv_nsec;
};

struct itimerval_k {
	long int_sec, int_usec;
	long val_sec, val_usec;
};

/* lib.c */
void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strstr(const char *h, const char *n);

u64 udivmod(u64 n, u64 d, u64 *rem);
static inline u64 udiv(u64 n, u64 d) { return udivmod(n, d, NULL); }
static inline u64 umod(u64 n, u64 d)
{
	u64 r;

	udivmod(n, d, &r);
	return r;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *errname(long err);

long read_file(const char *path, char *buf, size_t size);
int parse_u64(const char *s, u64 *v);
long auxv_get(unsigned long type);
void msleep(long ms);

/* perf.c */
#define PMU_DIR "/sys/bus/event_source/devices/cpu"

struct ident {
	char name[32];		/* caps/pmu_name */
	u32 family, model;	/* caps/cpu_family, cpu_model */
	u32 counters, width;	/* caps/counters, counter_width */
	int branches;		/* caps/branches, -1 without */
	int max_precise;
	int nr_addr_filters;
	u32 type;		/* the PMU's perf type */
	u64 page;		/* page size */
};

extern struct ident id;

int ident_read(void);
int ident_is(const char *name);
void attr_init(struct perf_event_attr *a, u32 type, u64 config);
void attr_hw(struct perf_event_attr *a, u64 hw_id);
int attr_event(struct perf_event_attr *a, const char *event);
int attr_term(struct perf_event_attr *a, const char *term, u64 val);
long perf_open(struct perf_event_attr *a, long pid, long group);
long perf_read(long fd, u64 *buf, size_t n);

struct ring {
	struct perf_event_mmap_page *pg;
	char *data;
	u64 size, tail;
	u64 map_len;
	u64 lost, throttle, other;
};

int ring_map(struct ring *r, long fd, u64 data_bytes);
void ring_unmap(struct ring *r);
/* the next PERF_RECORD_SAMPLE into @buf (others counted), its size or 0 */
u64 ring_next_sample(struct ring *r, u64 *buf, u64 max);

/* tests.c */
struct test {
	const char *name;
	int (*fn)(void);
};

extern const struct test tests[];
extern const unsigned int nr_tests;

/* a failed expectation: print it and remember it */
extern int test_failed;
#define EXPECT(cond, ...) do {						\
	if (!(cond)) {							\
		out("# FAIL %s:%d: ", __FILE__, __LINE__);		\
		out(__VA_ARGS__);					\
		out("\n");						\
		test_failed = 1;					\
	}								\
} while (0)
#define EXPECT_EQ(what, got, want) do {					\
	u64 __g = (u64)(got), __w = (u64)(want);			\
	if (__g != __w) {						\
		out("# FAIL %s:%d: %s: measured %lu (0x%lx), expected %lu (0x%lx)\n", \
		    __FILE__, __LINE__, what, __g, __g, __w, __w);	\
		test_failed = 1;					\
	}								\
} while (0)

/* bench.c: the bench of skibench=1, 0 if it ran */
int bench(void);

/* user_read.c: the tests of counters read from user space */
int t_user_read_exact(void);
int t_user_read_libperf(void);
int t_user_read_switch(void);
int t_user_read_rdpmc0(void);
int t_user_read_rdpmc1(void);
int t_user_read_rdpmc2(void);
int t_user_read_noleak(void);
int t_user_read_example(void);
int t_user_read_multiplex(void);
/* the count of @pg's event by a self-read: 0, or -1 if not readable */
int user_read_count(volatile struct perf_event_mmap_page *pg, u64 *count);

/* user_read_example.c: the documentation's example */
long example_open(struct perf_event_mmap_page **pg);
s64 example_read(volatile struct perf_event_mmap_page *pg);

/* libperf.c: libperf's ia64 read_perf_counter() and read_timestamp() */
u64 libperf_read_perf_counter(unsigned int counter);
u64 libperf_read_timestamp(void);

#endif
