// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode, seen by ordinary perf_event_open programs that know
 * nothing of the model: counts follow the time a task runs (an 800 MHz
 * Itanium, or Itanium 2) at the privilege level it runs at, grow between two reads,
 * vary from task to task, and the usual interfaces (reset, period,
 * enable_on_exec, inherit, group reads) behave as on a real PMU. Nothing
 * is injected. Bounds are wide: the VM is emulated and its timing noisy.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define CFG_INST	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0)
#define CYCLES_PER_MS	800000ULL

static int open_counter(uint64_t cfg, int excl_user, int excl_kernel,
			pid_t pid, int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	attr.disabled = group < 0;
	attr.exclude_user = excl_user;
	attr.exclude_kernel = excl_kernel;
	return sys_perf_event_open(&attr, pid, -1, group, 0);
}

static uint64_t count_of(int fd)
{
	struct count c = { 0 };

	return read_count(fd, &c) ? ~0ULL : c.value;
}

FIXTURE(fr) {
	int dummy;
};

FIXTURE_SETUP(fr)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(0, sim_set("freerun", "1"));
}

FIXTURE_TEARDOWN(fr)
{
	sim_set("freerun", "1");
}

/* A busy loop of N ms counts about N ms of cycles, in user mode */
TEST_F(fr, busy_loop_counts_its_time)
{
	uint64_t user, kernel;
	int u, k;

	u = open_counter(CFG_CYCLES, 0, 1, 0, -1);
	k = open_counter(CFG_CYCLES, 1, 0, 0, -1);
	ASSERT_GE(u, 0);
	ASSERT_GE(k, 0);
	ioctl(u, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(k, PERF_EVENT_IOC_ENABLE, 0);
	busy_ms(300);
	ioctl(u, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(k, PERF_EVENT_IOC_DISABLE, 0);
	user = count_of(u);
	kernel = count_of(k);
	TH_LOG("300 ms busy: %llu user, %llu kernel cycles",
	       (unsigned long long)user, (unsigned long long)kernel);
	EXPECT_GT(user + kernel, 300 * CYCLES_PER_MS / 2);
	EXPECT_LT(user + kernel, 300 * CYCLES_PER_MS * 3 / 2);
	/*
	 * The kernel's part is the interrupts the loop took, which the
	 * model counts where they ran: a fifth of the loop's time on the
	 * KASAN kernel under TCG on a loaded host (138528690 user, 35589983
	 * kernel cycles seen), a fiftieth or less elsewhere
	 */
	EXPECT_GT(user, 2 * kernel);
	close(u);
	close(k);
}

/* A loop of system calls spends much of its time in the kernel */
TEST_F(fr, syscalls_count_as_kernel)
{
	struct timespec t0, t;
	uint64_t user, kernel;
	int u, k;

	u = open_counter(CFG_CYCLES, 0, 1, 0, -1);
	k = open_counter(CFG_CYCLES, 1, 0, 0, -1);
	ASSERT_GE(u, 0);
	ASSERT_GE(k, 0);
	ioctl(u, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(k, PERF_EVENT_IOC_ENABLE, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		syscall(__NR_getppid);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000L +
		 (t.tv_nsec - t0.tv_nsec) / 1000000L < 300);
	ioctl(u, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(k, PERF_EVENT_IOC_DISABLE, 0);
	user = count_of(u);
	kernel = count_of(k);
	TH_LOG("300 ms of getppid: %llu user, %llu kernel cycles",
	       (unsigned long long)user, (unsigned long long)kernel);
	EXPECT_GT(kernel, (user + kernel) / 10);
	/*
	 * Not against the 300 ms of the clock: the model's own time, which
	 * it skips, is much of them on a loaded host (60 % seen)
	 */
	EXPECT_GT(user + kernel, 0);
	close(u);
	close(k);
}

/* Two reads in a row: the second sees the time in between */
TEST_F(fr, reads_grow)
{
	uint64_t a, b;
	int fd;

	fd = open_counter(CFG_CYCLES, 0, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	busy_ms(1);
	a = count_of(fd);
	b = count_of(fd);
	EXPECT_GT(a, 0);
	EXPECT_GT(b, a);
	close(fd);
}

/* A run shorter than the model's tick still counts its time */
TEST_F(fr, half_millisecond_counts)
{
	struct timespec t0, t;
	uint64_t n;
	int fd;

	ASSERT_EQ(0, sim_set("freerun_period_us", "1000000"));	/* 1 s */
	fd = open_counter(CFG_CYCLES, 0, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000000L +
	       (t.tv_nsec - t0.tv_nsec) / 1000L < 500);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	n = count_of(fd);
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000"));
	TH_LOG("0.5 ms: %llu cycles", (unsigned long long)n);
	EXPECT_GT(n, CYCLES_PER_MS / 4);
	EXPECT_LT(n, 50 * CYCLES_PER_MS);
	close(fd);
}

/* About @n million x86 instructions of user code (3 an iteration) */
static void loop_minsn(int n)
{
	long i;

	for (i = 0; i < n * 330000L; i++)
		__asm__ __volatile__("" : : "r" (i));
}

/*
 * Windows of about a million instructions that no tick sees (the
 * model's tick at 1 s), each opened and closed by ioctls and read while
 * it counts, as perf_event_tests' programs do, after a stretch of
 * system calls whose ticks saw the kernel: each counts its loop in user
 * mode, never nothing (the time of a window the tick did not see once
 * went to whatever an older tick had interrupted).
 */
TEST_F(fr, short_windows_count_in_user_mode)
{
	uint64_t live[8], done[8];
	struct timespec t0, t;
	int fd, i;

	fd = open_counter(CFG_INST, 0, 1, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, sim_set("freerun_period_us", "100"));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		syscall(__NR_getppid);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000L +
		 (t.tv_nsec - t0.tv_nsec) / 1000000L < 20);
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000000"));
	for (i = 0; i < 8; i++) {
		ioctl(fd, PERF_EVENT_IOC_RESET, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		loop_minsn(1);
		live[i] = count_of(fd);
		loop_minsn(1);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		done[i] = count_of(fd);
	}
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000"));
	for (i = 0; i < 8; i++) {
		TH_LOG("window %d: %llu while counting, %llu at the end", i,
		       (unsigned long long)live[i],
		       (unsigned long long)done[i]);
		EXPECT_GT(live[i], 0);
		EXPECT_NE(~0ULL, done[i]);
		EXPECT_GT(done[i], live[i]);
	}
	close(fd);
}

/* About @n thousand x86 instructions of user code (3 an iteration) */
static void loop_kinsn(int n)
{
	long i;

	for (i = 0; i < n * 330L; i++)
		__asm__ __volatile__("" : : "r" (i));
}

/*
 * Many user-only windows of some 20000 instructions, with the
 * model's timer every 100 us: none reads 0, wherever its ticks land. The
 * split between user and kernel follows the task's transitions; it was
 * once taken from the last tick, and one that fell in the enabling
 * ioctl after its last register access made the whole window kernel
 * time (a few in a hundred, more on a loaded host).
 */
TEST_F(fr, many_short_windows_none_reads_zero)
{
	int fd, i, zero = 0, bad = 0;
	uint64_t n, min = ~0ULL;

	fd = open_counter(CFG_INST, 0, 1, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, sim_set("freerun_period_us", "100"));
	for (i = 0; i < 500; i++) {
		ioctl(fd, PERF_EVENT_IOC_RESET, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		loop_kinsn(20);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		n = count_of(fd);
		if (n == ~0ULL)
			bad++;
		else if (!n)
			zero++;
		else if (n < min)
			min = n;
	}
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000"));
	TH_LOG("500 windows: %d read 0, %d failed, the smallest other %llu",
	       zero, bad, (unsigned long long)min);
	EXPECT_EQ(0, bad);
	EXPECT_EQ(0, zero);
	close(fd);
}

/*
 * A user-only count across one read() of 64 MB from /dev/zero counts
 * the user code around the system call, nothing of the copy, which a
 * kernel-only count sees, with the model's timer at 1 s so that no tick
 * falls in it: the smallest of five is below a tenth of the smallest
 * kernel count (tens of millions; the user code between two ioctls takes
 * 0.1 to 1 ms of the emulated clock on a loaded host). Such a call once
 * went to user mode whole when no tick fell in it, and up to the first
 * tick in it when one did (0.4 to 6 million with the timer at 1 ms).
 */
TEST_F(fr, user_count_across_a_long_read_is_user_time_only)
{
	const size_t len = 64 << 20;
	uint64_t u, k, umin = ~0ULL, kmin = ~0ULL;
	int fu, fk, z, i;
	char *buf;

	buf = malloc(len);
	ASSERT_NE(NULL, buf);
	memset(buf, 1, len);
	z = open("/dev/zero", O_RDONLY);
	ASSERT_GE(z, 0);
	fu = open_counter(CFG_INST, 0, 1, 0, -1);
	fk = open_counter(CFG_INST, 1, 0, 0, -1);
	ASSERT_GE(fu, 0);
	ASSERT_GE(fk, 0);
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000000"));
	for (i = 0; i < 5; i++) {
		ioctl(fu, PERF_EVENT_IOC_RESET, 0);
		ioctl(fk, PERF_EVENT_IOC_RESET, 0);
		ioctl(fu, PERF_EVENT_IOC_ENABLE, 0);
		ioctl(fk, PERF_EVENT_IOC_ENABLE, 0);
		ASSERT_EQ((ssize_t)len, read(z, buf, len));
		ioctl(fk, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(fu, PERF_EVENT_IOC_DISABLE, 0);
		u = count_of(fu);
		k = count_of(fk);
		ASSERT_NE(~0ULL, u);
		ASSERT_NE(~0ULL, k);
		TH_LOG("read of 64 MB: %llu user, %llu kernel instructions",
		       (unsigned long long)u, (unsigned long long)k);
		umin = u < umin ? u : umin;
		kmin = k < kmin ? k : kmin;
	}
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000"));
	/* the copy itself counted, in the kernel */
	EXPECT_GT(kmin, 1000000);
	EXPECT_LT(umin * 10, kmin);
	close(fu);
	close(fk);
	close(z);
	free(buf);
}

/*
 * User-only instructions and cycles over 5 million x86 instructions,
 * with no tick in the window (the timer at 1 s), once alone and once
 * beside a sampler of instructions overflowing every 100000: the ratio
 * is the mix's user IPC either way (1.2, 0.9-1.5 by phase). An overflow
 * stops a batch of the mix anywhere; the rest once went unrun, for
 * every counter, and the ratio fell to 0.08-0.30 with the sampler (0.15
 * and 0.16 in this test).
 */
TEST_F(fr, counts_do_not_depend_on_another_counters_overflow)
{
	struct perf_event_attr attr;
	struct count ci, cc;
	uint64_t inst, cyc;
	struct ring r = { 0 };
	int fi, fc, fs, pass;
	double ipc;

	ASSERT_EQ(0, perf_limits_off());
	for (pass = 0; pass < 2; pass++) {
		fs = -1;
		if (pass) {
			counting_attr(&attr, CFG_INST);
			attr.exclude_kernel = 1;
			attr.sample_period = 100000;
			attr.sample_type = PERF_SAMPLE_IP;
			fs = sys_perf_event_open(&attr, 0, -1, -1, 0);
			ASSERT_GE(fs, 0);
			ASSERT_EQ(0, ring_map(&r, fs));
		}
		fi = open_counter(CFG_INST, 0, 1, 0, -1);
		fc = open_counter(CFG_CYCLES, 0, 1, 0, -1);
		ASSERT_GE(fi, 0);
		ASSERT_GE(fc, 0);
		ASSERT_EQ(0, sim_set("freerun_period_us", "1000000"));
		ioctl(fi, PERF_EVENT_IOC_ENABLE, 0);
		ioctl(fc, PERF_EVENT_IOC_ENABLE, 0);
		if (pass)
			ioctl(fs, PERF_EVENT_IOC_ENABLE, 0);
		loop_minsn(5);
		/* the counters stop first, the sampler's overflow pending */
		ioctl(fc, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(fi, PERF_EVENT_IOC_DISABLE, 0);
		if (pass)
			ioctl(fs, PERF_EVENT_IOC_DISABLE, 0);
		ASSERT_EQ(0, sim_set("freerun_period_us", "1000"));
		ASSERT_EQ(0, read_count(fi, &ci));
		ASSERT_EQ(0, read_count(fc, &cc));
		inst = ci.value;
		cyc = cc.value;
		TH_LOG("running/enabled: %llu/%llu, %llu/%llu ns",
		       (unsigned long long)ci.running,
		       (unsigned long long)ci.enabled,
		       (unsigned long long)cc.running,
		       (unsigned long long)cc.enabled);
		ASSERT_GT(cyc, 0);
		ipc = (double)inst / cyc;
		TH_LOG("%s: %llu instructions, %llu cycles, IPC %.2f",
		       pass ? "with a sampler" : "alone",
		       (unsigned long long)inst, (unsigned long long)cyc, ipc);
		if (pass)
			TH_LOG("%d samples", ring_count_samples(&r));
		EXPECT_GT(ipc, 0.8);
		EXPECT_LT(ipc, 1.7);
		if (pass) {
			ring_unmap(&r);
			close(fs);
		}
		close(fi);
		close(fc);
	}
}

/* ioctl(RESET) starts the count again from zero */
TEST_F(fr, reset_restarts_the_count)
{
	uint64_t before, after;
	int fd;

	fd = open_counter(CFG_CYCLES, 0, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	busy_ms(100);
	before = count_of(fd);
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	after = count_of(fd);
	EXPECT_GT(before, 50 * CYCLES_PER_MS);
	EXPECT_LT(after, before / 4);
	close(fd);
}

/*
 * The samples of @r with period @period (PERF_SAMPLE_IP|PERIOD), and
 * into @other those with another, into @meta other records (throttling)
 */
/*
 * The samples in @r: @n[i] of period @p[i] (i = 0, 1), @other of another
 * period, @meta records of another type
 */
static void samples_of_periods(struct ring *r, const uint64_t *p, int *n,
			       int *other, int *meta)
{
	union {
		struct perf_event_header h;
		struct {
			struct perf_event_header h;
			uint64_t ip, period;
		} s;
		uint8_t raw[256];
	} rec;
	int type;

	while ((type = ring_next(r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			(*meta)++;
		else if (rec.s.period == p[0])
			n[0]++;
		else if (rec.s.period == p[1])
			n[1]++;
		else
			(*other)++;
	}
}

/* Busy until @fd has counted @n more than @c says (at most 60 s) */
static void busy_counted(int fd, struct count *c, uint64_t n)
{
	uint64_t end = c->value + n;
	int i;

	for (i = 0; i < 1200 && c->value < end; i++) {
		busy_ms(50);
		if (read_count(fd, c))
			return;
	}
}

/*
 * Samples in two phases; ioctl(PERIOD) makes the second one sparser.
 * Each phase runs until it has counted enough (not for a wall-clock
 * time, which a loaded host divides): its samples carry its period and
 * are at most its count over it, plus the one in flight at the switch
 * (an overflow of the first phase not taken yet: the new period's). The
 * ioctl is between two reads, which a loaded host can hold apart for
 * milliseconds: the first phase's count is the second read's, the
 * second phase's is from the first read on. A CI run took 6 samples
 * for the 4.9 periods counted from the second read: the one in flight,
 * and what was counted between the reads (once seen 4 ms apart, 0.15 of
 * a period). The lower bound takes the second read's.
 * The ring is read once, at the end: on a loaded host a sample of the
 * second period can be written before the test task reads the first
 * phase's. Broken, the second phase has ten times as many samples, at
 * the first period. Sampling is not throttled (perf_limits_off()), but a
 * loaded host lost a few overflows' samples (24 for 29 periods once, not
 * understood yet): at least half of them, which shows sampling at that
 * period.
 */
TEST_F(fr, period_change_takes_effect)
{
	const uint64_t p[2] = { 2000000, 20000000 };	/* 2.5 ms, 25 ms */
	struct perf_event_attr attr;
	int fd, n[2] = { 0 }, other = 0, meta = 0;
	struct count c = { 0 }, cb, c0;
	struct ring r;
	double e1, e2, e2max;

	ASSERT_EQ(0, perf_limits_off());
	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = p[0];
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	busy_counted(fd, &c, 20 * p[0]);
	cb = c;		/* busy_counted() read it last */
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_PERIOD, &p[1]));
	ASSERT_EQ(0, read_count(fd, &c));
	c0 = c;
	e1 = (double)c0.value / p[0];
	busy_counted(fd, &c, 4 * p[1]);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, read_count(fd, &c));
	samples_of_periods(&r, p, n, &other, &meta);
	e2 = (double)(c.value - c0.value) / p[1];
	e2max = (double)(c.value - cb.value) / p[1];
	TH_LOG("samples: %d at 2.5 ms for %.1f periods, %d at 25 ms for %.1f (%.2f from the read before the switch), %d of another period, %d other records",
	       n[0], e1, n[1], e2, e2max, other, meta);
	EXPECT_GE(e1, 20);
	EXPECT_GE(e2, 4);
	EXPECT_GE(n[0], e1 / 2);
	EXPECT_LE(n[0], e1 + 1);
	EXPECT_GE(n[1], e2 / 2);
	EXPECT_LE(n[1], e2max + 1);
	EXPECT_EQ(0, other);
	ring_unmap(&r);
	close(fd);
}

/* enable_on_exec: nothing before the exec, the new program after it */
TEST_F(fr, enable_on_exec_counts_the_new_program)
{
	struct perf_event_attr attr;
	int go[2], fd, status;
	uint64_t before, after;
	pid_t pid;
	char c = 0;

	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		if (read(go[0], &c, 1) != 1)
			_exit(2);
		busy_ms(50);		/* before exec: not counted */
		execl("/proc/self/exe", "ia64_pmu_freerun_test", "--busy",
		      NULL);
		_exit(3);
	}
	counting_attr(&attr, CFG_CYCLES);
	attr.enable_on_exec = 1;
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, pid, -1, -1, 0);
	ASSERT_GE(fd, 0);
	before = count_of(fd);
	ASSERT_EQ(1, write(go[1], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	after = count_of(fd);
	TH_LOG("enable_on_exec: %llu before, %llu after",
	       (unsigned long long)before, (unsigned long long)after);
	EXPECT_EQ(0, before);
	/* the exec'd program spins 200 ms; the 50 ms before are not in */
	EXPECT_GT(after, 100 * CYCLES_PER_MS);
	EXPECT_LT(after, 400 * CYCLES_PER_MS);
	close(fd);
}

/* inherit: a child's time is in its parent's count */
TEST_F(fr, inherit_counts_children)
{
	struct perf_event_attr attr;
	int fd, status;
	pid_t pid;

	counting_attr(&attr, CFG_CYCLES);
	attr.inherit = 1;
	attr.exclude_kernel = 1;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		busy_ms(200);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	{
		uint64_t v = 0;

		ASSERT_EQ(sizeof(v), read(fd, &v, sizeof(v)));
		TH_LOG("inherited: %llu", (unsigned long long)v);
		EXPECT_GT(v, 100 * CYCLES_PER_MS);
	}
	close(fd);
}

/*
 * A group read gives cycles and instructions together; IPC is
 * plausible and differs from phase to phase (not a constant 1.00).
 */
TEST_F(fr, group_read_and_varying_ipc)
{
	struct perf_event_attr attr;
	struct {
		uint64_t nr, cycles, inst;
	} g[6];
	int lead, inst, i, distinct = 0;
	double ipc[6];

	counting_attr(&attr, CFG_CYCLES);
	attr.read_format = PERF_FORMAT_GROUP;
	attr.exclude_kernel = 1;
	lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(lead, 0);
	inst = open_counter(CFG_INST, 0, 1, 0, lead);
	ASSERT_GE(inst, 0);
	for (i = 0; i < 6; i++) {
		ioctl(lead, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
		ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
		busy_ms(150);
		ioctl(lead, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
		ASSERT_EQ(sizeof(g[i]), read(lead, &g[i], sizeof(g[i])));
		ASSERT_EQ(2, g[i].nr);
		ASSERT_GT(g[i].cycles, 0);
		ipc[i] = (double)g[i].inst / g[i].cycles;
		TH_LOG("phase %d: IPC %.3f", i, ipc[i]);
		EXPECT_GT(ipc[i], 0.3);
		EXPECT_LT(ipc[i], 2.5);
	}
	for (i = 1; i < 6; i++)
		distinct += (int)(ipc[i] * 100) != (int)(ipc[0] * 100);
	EXPECT_GT(distinct, 0);
	close(inst);
	close(lead);
}

/*
 * Every family of events moves while a program runs: on each CPU model
 * (caps/pmu_name) its own events, the stall, bus, FP and RSE events of
 * the mix's cycles records among them
 */
TEST_F(fr, every_event_family_moves)
{
	static const char * const itanium[] = {
		"L1D_READ_MISSES_RETIRED", "L2_MISSES", "L3_MISSES",
		"DTLB_MISSES", "ITLB_MISSES_FETCH", "L1I_DEMAND_READS",
		"BRANCH_PATH.ALL.NT_OUTCOMES_CORRECTLY_PREDICTED",
		"BRANCH_PREDICTOR.ALL.WRONG_PATH", "NOPS_RETIRED",
		"MEMORY_CYCLE", "INST_ACCESS_CYCLE", "PIPELINE_ALL_FLUSH_CYCLE",
		"STORES_RETIRED", "FP_OPS_RETIRED_LO", "BUS_MEMORY",
		"RSE_REFERENCES_RETIRED", NULL,
	};
	static const char * const itanium2[] = {
		"L1D_READS_SET0", "L1D_READ_MISSES_ALL", "DATA_REFERENCES_SET1",
		"L2_MISSES", "L3_REFERENCES", "L3_MISSES", "LOADS_RETIRED",
		"STORES_RETIRED", "NOPS_RETIRED",
		"BR_MISPRED_DETAIL_ALL_ALL_PRED",
		"BR_MISPRED_DETAIL_ALL_WRONG_PATH",
		"BACK_END_BUBBLE_ALL", "BE_EXE_BUBBLE_GRALL",
		"BACK_END_BUBBLE_FE", "FE_BUBBLE_IMISS", "BE_FLUSH_BUBBLE_BRU",
		"FP_OPS_RETIRED", "RSE_REFERENCES_RETIRED_ALL",
		"BUS_MEMORY_ALL_ANY", "BUS_MEM_READ_ALL_ANY", NULL,
	};
	static const char * const montecito[] = {
		"L1D_READS_SET0", "L1D_READ_MISSES_ALL",
		"DATA_REFERENCES_SET1", "L2D_MISSES", "L3_REFERENCES",
		"L3_MISSES", "LOADS_RETIRED", "STORES_RETIRED", "NOPS_RETIRED",
		"BR_MISPRED_DETAIL_ALL_ALL_PRED",
		"BR_MISPRED_DETAIL_ALL_WRONG_PATH",
		"BACK_END_BUBBLE_ALL", "BE_EXE_BUBBLE_GRALL",
		"BACK_END_BUBBLE_FE", "FE_BUBBLE_IMISS", "BE_FLUSH_BUBBLE_BRU",
		"FP_OPS_RETIRED", "RSE_REFERENCES_RETIRED_ALL", "BUS_ALL_ANY",
		"BUS_MEMORY_ALL_ANY", "BUS_MEM_READ_ALL_ANY", NULL,
	};
	const char * const *names = pmu_is_montecito() ? montecito :
				    pmu_is_itanium2() ? itanium2 : itanium;
	unsigned int i;

	for (i = 0; names[i]; i++) {
		uint64_t cfg, v;
		int fd;

		ASSERT_EQ(0, sysfs_event_lookup(names[i], &cfg))
			TH_LOG("no event %s", names[i]);
		fd = open_counter(cfg, 0, 0, 0, -1);
		ASSERT_GE(fd, 0) TH_LOG("%s", names[i]);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		busy_ms(100);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		v = count_of(fd);
		TH_LOG("%s: %llu", names[i], (unsigned long long)v);
		EXPECT_GT(v, 0) TH_LOG("%s did not move", names[i]);
		close(fd);
	}
}

int main(int argc, char **argv)
{
	/* the program that enable_on_exec_counts_the_new_program execs */
	if (argc > 1 && !strcmp(argv[1], "--busy")) {
		busy_ms(200);
		return 0;
	}
	return test_harness_run(argc, argv);
}
