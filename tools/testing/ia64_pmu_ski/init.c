// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the Ski test initramfs: mounts proc and sysfs, prints the
 * PMU's identity, runs each test in a process of its own (a crash or a
 * hang of one does not stop the others: a test that runs longer than
 * TEST_TIMEOUT seconds of the guest's time is killed by SIGALRM) and
 * prints TAP:
 *
 *   TAP version 13
 *   # identity: pmu_name itanium2 cpu_family 0x1f counters 4 ...
 *   1..11
 *   # measured: ...
 *   ok 1 identity
 *   not ok 2 inst_user
 *   ...
 *   # ski itanium2: 10 passed, 1 failed
 *   SKI-CHECK-DONE
 *
 * then idles forever, reaping orphans. The kernel argument
 * skitests=NAME,NAME,... (or numbers, 1-based in the full list) selects
 * tests; a file /skitests with the same list does too.
 *
 * With the kernel argument skibench=1, /init runs the bench (bench.c)
 * instead of the tests: a table of "# bench" lines, no TAP, then
 * SKI-CHECK-DONE.
 */
#include "ski.h"

#define TEST_TIMEOUT	600

static void setup(void)
{
	char buf[8];

	sys_mkdir("/proc", 0555);
	sys_mkdir("/sys", 0555);
	sys_mkdir("/dev", 0755);
	sys_mount("proc", "/proc", "proc", 0, 0);
	sys_mount("sysfs", "/sys", "sysfs", 0, 0);
	/* no console from the kernel (no /dev/console in the archive) */
	if (sys_write(1, buf, 0) < 0) {
		long fd;

		sys_mknod("/dev/console", S_IFCHR | 0600, (5 << 8) | 1);
		fd = sys_open("/dev/console", O_RDWR, 0);
		if (fd >= 0) {
			sys_dup2(fd, 0);
			sys_dup2(fd, 1);
			sys_dup2(fd, 2);
		}
	}
}

static void write_file(const char *path, const char *s)
{
	long fd = sys_open(path, O_WRONLY, 0);

	if (fd < 0) {
		out("# %s: %s\n", path, errname(fd));
		return;
	}
	if (sys_write(fd, s, strlen(s)) < 0)
		out("# %s: write failed\n", path);
	sys_close(fd);
}

/* Is test @i (0-based) in the comma-separated @list? */
static int selected(const char *list, unsigned int i)
{
	const char *p = list, *e;
	size_t l;
	u64 n;

	while (*p) {
		e = p;
		while (*e && *e != ',' && *e != ' ')
			e++;
		l = (size_t)(e - p);
		if (l == strlen(tests[i].name) &&
		    !strncmp(p, tests[i].name, l))
			return 1;
		if (!parse_u64(p, &n) && n == i + 1)
			return 1;
		if (*e != ',')
			break;
		p = e + 1;
	}
	return 0;
}

static void get_selection(char *list, size_t size)
{
	char cmdline[1024], *p, *e;

	list[0] = 0;
	if (read_file("/skitests", list, size) > 0)
		return;
	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	p = strstr(cmdline, "skitests=");
	if (!p)
		return;
	p += 9;
	for (e = p; *e && *e != ' ' && (size_t)(e - p) + 1 < size; e++)
		;
	memcpy(list, p, (size_t)(e - p));
	list[e - p] = 0;
}

static int bench_mode(void)
{
	char cmdline[1024];

	if (read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return 0;
	return strstr(cmdline, "skibench=1") != NULL;
}

/* The bench in a child process, as a test */
static void run_bench(void)
{
	long pid, r, st = 0;

	pid = sys_fork();
	if (pid == 0)
		sys_exit(bench() ? 1 : 0);
	if (pid < 0) {
		out("# bench: fork: %s\n", errname(pid));
		return;
	}
	do
		r = sys_wait4(pid, &st, 0);
	while (r == -EINTR);
	if (r != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		out("# bench: failed (status 0x%lx)\n", st);
}

static int run_test(unsigned int i, unsigned int num)
{
	struct itimerval_k t;
	long pid, r, st = 0;

	pid = sys_fork();
	if (pid == 0) {
		memset(&t, 0, sizeof(t));
		t.val_sec = TEST_TIMEOUT;
		sys_setitimer(0, &t);		/* ITIMER_REAL: SIGALRM */
		test_failed = 0;
		sys_exit(tests[i].fn() ? 1 : 0);
	}
	if (pid < 0) {
		out("not ok %u %s\n# fork: %s\n", num, tests[i].name,
		    errname(pid));
		return 1;
	}
	do
		r = sys_wait4(pid, &st, 0);
	while (r == -EINTR);
	if (r != pid) {
		out("not ok %u %s\n# wait4: %s\n", num, tests[i].name,
		    errname(r));
		return 1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		out("ok %u %s\n", num, tests[i].name);
		return 0;
	}
	if (WIFSIGNALED(st))
		out("# %s: killed by signal %lu%s\n", tests[i].name,
		    WTERMSIG(st), WTERMSIG(st) == SIGALRM ? " (timeout)" : "");
	out("not ok %u %s\n", num, tests[i].name);
	return 1;
}

int main(void)
{
	char list[512];
	unsigned int i, n = 0, num = 0, failed = 0;
	int is_init = sys_getpid() == 1;
	struct timespec_k t;
	long st;

	if (is_init)
		setup();
	out("TAP version 13\n");
	if (ident_read())
		out("# identity: no PMU 'cpu' in sysfs\n");
	else
		out("# identity: pmu_name %s cpu_family 0x%02x cpu_model "
		    "0x%02x counters %u counter_width %u branches %d "
		    "nr_addr_filters %d\n", id.name, id.family, id.model,
		    id.counters, id.width, id.branches, id.nr_addr_filters);
	/*
	 * the tests count their samples: no throttling by rate or time
	 * (the rate first: the core refuses it once the time limit is off)
	 */
	write_file("/proc/sys/kernel/perf_event_max_sample_rate", "10000000");
	write_file("/proc/sys/kernel/perf_cpu_time_max_percent", "0");
	write_file("/proc/sys/kernel/perf_event_mlock_kb", "4096");

	if (bench_mode()) {
		run_bench();
		out("SKI-CHECK-DONE\n");
		if (!is_init)
			return 0;
		goto idle;
	}
	get_selection(list, sizeof(list));
	for (i = 0; i < nr_tests; i++)
		if (!list[0] || selected(list, i))
			n++;
	if (list[0])
		out("# selected: %s\n", list);
	out("1..%u\n", n);
	for (i = 0; i < nr_tests; i++)
		if (!list[0] || selected(list, i))
			failed += run_test(i, ++num);
	out("# ski %s: %u passed, %u failed\n", id.name[0] ? id.name : "?",
	    n - failed, failed);
	out("SKI-CHECK-DONE\n");
	if (!is_init)
		return failed ? 1 : 0;
idle:
	for (;;) {
		if (sys_wait4(-1, &st, 0) == -ECHILD) {
			t.tv_sec = 3600;
			t.tv_nsec = 0;
			sys_nanosleep(&t);
		}
	}
}
