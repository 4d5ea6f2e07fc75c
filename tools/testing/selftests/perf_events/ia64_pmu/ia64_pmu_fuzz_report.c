// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's reports (see ia64_pmu_fuzz.c): the log of the recent
 * operations; file access with open/read/write/close only and the
 * async-signal-safe put_*() that the signal handlers use, with the "no
 * progress" (stall) report; the signal handlers; failures and the scan
 * of the kernel log.
 */

#include "ia64_pmu_fuzz.h"

/* Operation log: the last operations, printed with a failure ------- */

#define LOG_LINES	24

static char oplog[LOG_LINES][160];
static long oplog_n;

void note(const char *fmt, ...)
{
	char *l = oplog[oplog_n++ % LOG_LINES];
	va_list ap;
	int n;

	n = snprintf(l, sizeof(oplog[0]), "%6ld %-10s ", iter, cur_op);
	va_start(ap, fmt);
	vsnprintf(l + n, sizeof(oplog[0]) - n, fmt, ap);
	va_end(ap);
	if (verbose)
		printf("%s: %s\n", NAME, l);
}

static void print_oplog(void)
{
	long i = oplog_n > LOG_LINES ? oplog_n - LOG_LINES : 0;

	printf("%s:   recent operations (iteration, operation):\n", NAME);
	for (; i < oplog_n; i++)
		printf("%s:     %s\n", NAME, oplog[i % LOG_LINES]);
}

/* Files: only open/write/close, so that signal handlers may use them */

int write_file(const char *path, const char *val)
{
	size_t len = strlen(val);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	if (n < 0)
		n = -errno;
	close(fd);
	return n == (ssize_t)len ? 0 : n < 0 ? n : -EIO;
}

int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return n;
}

static void put_str(const char *s)
{
	ssize_t n = write(STDOUT_FILENO, s, strlen(s));

	(void)n;
}

static void put_num(long v)
{
	char buf[24], *p = buf + sizeof(buf) - 1;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	*p = 0;
	do
		*--p = '0' + u % 10;
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	put_str(p);
}

/* The file @path after a heading, write(2) only */
static void put_file(const char *path)
{
	static char buf[8192];

	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	put_str(NAME ":   ");
	put_str(path);
	put_str(":\n");
	put_str(buf);
}

/* The pacer's numbers, async-signal-safe (ia64_pmu_fuzz_pace.h) */
static void put_pace(void)
{
	if (!pace)
		return;
	put_str(NAME ":   pacer: ");
	put_num(PACE_GET(beats));
	put_str(" measurements of the same work: best ");
	put_num(PACE_GET(best_ns) / 1000);
	put_str(" us, latest ");
	put_num(PACE_GET(last_ns) / 1000);
	put_str(" us (");
	put_num((pace_now_ns() - PACE_GET(last_at_ns)) / 1000000);
	put_str(" ms ago), worst ");
	put_num(PACE_GET(worst_ns) / 1000);
	put_str(" us\n");
}

/*
 * What a "no progress" report adds, async-signal-safe: the recent
 * operations, both CPUs' registers, and where in the kernel each child
 * is (the main task itself is in this handler)
 */
static void put_stall_report(void)
{
	long i = oplog_n > LOG_LINES ? oplog_n - LOG_LINES : 0;
	char path[32], *p;
	int c;
	pid_t pid;

	put_str(NAME ":   recent operations (iteration, operation):\n");
	for (; i < oplog_n; i++) {
		put_str(NAME ":     ");
		put_str(oplog[i % LOG_LINES]);
		put_str("\n");
	}
	put_file(SIM_DIR "/cpu0/regs");
	put_file(SIM_DIR "/cpu1/regs");
	put_pace();
	for (c = 0; c < nr_children; c++) {
		/* "/proc/<pid>/stack", without the stdio of snprintf() */
		p = path + sizeof(path) - 1;
		*p = 0;
		p -= 6;
		memcpy(p, "/stack", 6);
		pid = children[c];
		do
			*--p = '0' + pid % 10;
		while (pid /= 10);
		p -= 6;
		memcpy(p, "/proc/", 6);
		put_file(p);
	}
}

static void on_fatal_signal(int sig)
{
	if (is_child || getpid() != main_pid)
		_exit(128 + sig);
	put_str(NAME ": ");
	put_str(sig == SIGALRM ? "no progress for " : "signal ");
	put_num(sig == SIGALRM ? OP_TIMEOUT_S : sig);
	put_str(sig == SIGALRM ? " s in " : " in ");
	put_str(cur_op);
	put_str(" at iteration ");
	put_num(iter);
	put_str(", seed ");
	put_num((long)seed);
	put_str(": restoring the knobs and exiting\n");
	if (sig == SIGALRM) {
		put_str(NAME ": ");
		put_str(pace_starved() ?
			"host starvation beyond the allowance" :
			"the guest is stuck: a livelock, not host starvation");
		put_str("\n");
		put_stall_report();
	}
	restore_all();
	_exit(sig == SIGALRM ? 3 : 128 + sig);
}

/*
 * An operation ran out of time. On a starved host (the pacer's work is
 * PACE_SLOW times slower than at its best) it gets the time again, at
 * most PACE_EXTENSIONS times; else the run fails as stuck.
 */
int pace_extended;

static void on_alarm(int sig)
{
	if (is_child || getpid() != main_pid)
		_exit(128 + sig);
	if (pace_extended < PACE_EXTENSIONS && pace_starved()) {
		pace_extended++;
		st.starved++;
		put_str(NAME ": host starvation: no progress for ");
		put_num(OP_TIMEOUT_S);
		put_str(" s in ");
		put_str(cur_op);
		put_str(" while the guest runs slowly: waiting again\n");
		put_pace();
		alarm(OP_TIMEOUT_S);
		return;
	}
	on_fatal_signal(sig);
}

static void on_counted_signal(int sig)
{
	st.sigs++;
}

void at_exit_restore(void)
{
	if (!is_child && getpid() == main_pid)
		restore_all();
}

void setup_signals(void)
{
	static const int fatal[] = { SIGINT, SIGTERM, SIGHUP,
				     SIGSEGV, SIGBUS, SIGABRT };
	static const int counted[] = { SIGTRAP, SIGIO, SIGUSR1 };
	struct sigaction sa;
	unsigned int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < ARRAY_SIZE(fatal); i++)
		sigaction(fatal[i], &sa, NULL);
	sa.sa_handler = on_alarm;
	sa.sa_flags = 0;
	sigaction(SIGALRM, &sa, NULL);
	sa.sa_handler = on_counted_signal;
	sa.sa_flags = SA_RESTART;
	for (i = 0; i < ARRAY_SIZE(counted); i++)
		sigaction(counted[i], &sa, NULL);
	sigaction(SIGRTMIN + 1, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Reports --------------------------------------------------------- */

static void dump_regs(int cpu)
{
	char path[128], buf[8192];

	snprintf(path, sizeof(path), SIM_DIR "/cpu%d/regs", cpu);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	printf("%s:   %s:\n%s", NAME, path, buf);
}

void failure(int cpu, const char *fmt, ...)
{
	va_list ap;

	if (++st.failures > MAX_REPORTS)
		return;
	printf("%s: FAIL seed %llu iteration %ld: ", NAME,
	       (unsigned long long)seed, iter);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (st.failures <= 3) {
		print_oplog();
		if (cpu >= 0)
			dump_regs(cpu);
	}
	fflush(stdout);
}

/* Kernel log: problems reported while the fuzzer runs */

int kmsg_fd = -1;

static const char *const kernel_problem[] = {
	"BUG:", "WARNING:", "UBSAN:", "Oops", "Call Trace",
	"possible recursive locking", "turning off the locking correctness",
	"blocked for more than", "soft lockup", "self-detected stall",
	"rcu: INFO", "Kernel panic",
};

void kmsg_scan(void)
{
	static int infos;
	char line[2048], *msg, *end;
	unsigned int i;
	ssize_t n;

	if (kmsg_fd < 0)
		return;
	for (;;) {
		n = read(kmsg_fd, line, sizeof(line) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			return;
		line[n] = 0;
		msg = strchr(line, ';');
		msg = msg ? msg + 1 : line;
		end = strchr(msg, '\n');
		if (end)
			*end = 0;
		for (i = 0; i < ARRAY_SIZE(kernel_problem); i++)
			if (strstr(msg, kernel_problem[i]))
				break;
		if (i < ARRAY_SIZE(kernel_problem)) {
			if (++st.kernel_problems <= MAX_REPORTS)
				printf("%s: kernel problem at iteration %ld (%s), seed %llu: %s\n",
				       NAME, iter, cur_op,
				       (unsigned long long)seed, msg);
			if (st.kernel_problems == 1)
				print_oplog();
		} else if ((!strncmp(msg, "ia64_pmu:", 9) ||
			    !strncmp(msg, "ia64_pmu_sim:", 13)) &&
			   ++infos <= MAX_REPORTS) {
			printf("%s: kernel log at iteration %ld (%s): %s\n",
			       NAME, iter, cur_op, msg);
		}
	}
}
