// SPDX-License-Identifier: GPL-2.0
/*
 * The bench (kernel argument skibench=1, make bench): what the driver
 * costs, as ia64 instructions retired in the kernel under Ski. Not a
 * test: it prints figures and asserts nothing on them.
 *
 * The instrument is the driver itself: one CPU-wide kernel-only
 * instructions event (pid -1, CPU 0), enabled around each measurement.
 * Each figure is the difference between a run with the events of the
 * case and the same run without them, so that what the kernel does
 * anyway (the pipe system calls, the scheduler, the switch itself)
 * drops out; the rest is the driver's share, with the perf core's code
 * that the events bring in.
 *
 *   switch m<->m   two tasks ping-pong a byte through two pipes, K round
 *                  trips (2K context switches), each task with a
 *                  per-task instructions:u event: (count - count without
 *                  events) / 2K
 *   switch m<->u   the same, only the parent monitored: every switch is
 *                  monitored -> unmonitored or back
 *   overflow x1    win_loop(N) with one instructions:u sampler of period
 *                  P: (count - count of the window with the same event
 *                  counting, no overflow) / interrupts
 *   overflow x4    four cycles:u samplers of period P in one group, which
 *                  overflow at the same cycle: one interrupt, four
 *                  overflow bits
 *
 *   user read      one self-read of a mapped cycles:u event (the seqlock
 *                  loop of the user page and mov r = pmd[], user_read.c),
 *                  against one read() system call on it: the task's own
 *                  instructions:u and instructions:k over UR_OPS of them,
 *                  less the same loop without the read, / UR_OPS. Not
 *                  the driver's share: all the instructions one read
 *                  costs, the system call's entry and exit included
 *
 * What it cannot see: the PMU counts nothing while PMC0.fr is set, and
 * an overflow sets it until the driver's interrupt routine unfreezes
 * the PMU at its end ([SDM-2] Figure 7-7): the overflow figures are the
 * part of the interrupt after the unfreeze (the interrupt's exit, the
 * perf core's irq_work), not the routine itself. And the instrument
 * keeps the CPU monitored: in "m<->u" the driver takes the path of a CPU
 * with a CPU-wide event (it does not freeze the PMU when the task
 * leaves), not that of a CPU with no event at all. The four-counter
 * case needs a fifth counter for the instrument: n/a on the Itanium and
 * the Itanium 2 (4 counters).
 *
 * Ski's timer interrupt follows the host's clock, so a run may include a
 * tick: each figure is the minimum of REPS runs.
 */
#include "ski.h"
#include "win.h"

#define REPS		5
#define ROUNDS		200	/* round trips per run */
#define LOOP_N		20000	/* win_loop iterations */
#define PERIOD		997

static long meas_open(void)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_user = 1;
	return sys_perf_event_open(&a, -1, 0, -1, 0);
}

static long inst_u(long pid)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.disabled = 0;
	return sys_perf_event_open(&a, pid, -1, -1, 0);
}

static u64 meas_read(long fd)
{
	u64 v = 0;

	perf_read(fd, &v, 1);
	return v;
}

/* the child: echo bytes from @rfd to @wfd until 'q' */
static void echo(long rfd, long wfd)
{
	char c;

	for (;;) {
		if (sys_read(rfd, &c, 1) != 1 || c == 'q')
			sys_exit(0);
		sys_write(wfd, &c, 1);
	}
}

/*
 * K round trips with the child: kernel instructions of CPU 0, with the
 * parent monitored (@mon & 1) and the child monitored (@mon & 2)
 */
static u64 pingpong(long meas, int mon)
{
	int pa[2], pb[2];
	long pid, fp = -1, fc = -1, st;
	u64 v, i;
	char c = 'x';

	if (sys_pipe2(pa, 0) || sys_pipe2(pb, 0))
		return ~0ULL;
	pid = sys_fork();
	if (pid == 0) {
		sys_prctl(PR_SET_PDEATHSIG, SIGKILL);
		echo(pa[0], pb[1]);
	}
	if (pid < 0)
		return ~0ULL;
	if (mon & 1)
		fp = inst_u(0);
	if (mon & 2)
		fc = inst_u(pid);
	/* one round trip first: both tasks warm, the child in read() */
	sys_write(pa[1], &c, 1);
	sys_read(pb[0], &c, 1);
	sys_ioctl(meas, PERF_EVENT_IOC_RESET, 0);
	sys_ioctl(meas, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < ROUNDS; i++) {
		sys_write(pa[1], &c, 1);
		sys_read(pb[0], &c, 1);
	}
	sys_ioctl(meas, PERF_EVENT_IOC_DISABLE, 0);
	v = meas_read(meas);
	sys_write(pa[1], "q", 1);
	sys_wait4(pid, &st, 0);
	if (fp >= 0)
		sys_close(fp);
	if (fc >= 0)
		sys_close(fc);
	sys_close(pa[0]);
	sys_close(pa[1]);
	sys_close(pb[0]);
	sys_close(pb[1]);
	if (((mon & 1) && fp < 0) || ((mon & 2) && fc < 0))
		return ~0ULL;
	return v;
}

/*
 * win_loop(LOOP_N) with a group of @nsamp events, samplers of period
 * PERIOD if @sample, else counting (the baseline: the same events, the
 * same enable and disable, no overflow): kernel instructions of CPU 0
 * over the window, and the number of interrupts (the samples of the
 * group's leader)
 */
static u64 overflow_run(long meas, unsigned int nsamp, int sample, u64 *irqs)
{
	struct perf_event_attr a;
	struct ring r;
	static u64 rec[32];
	long fd[4] = { -1, -1, -1, -1 };
	unsigned int i;
	u64 v;

	*irqs = 0;
	for (i = 0; i < nsamp; i++) {
		/* one: instructions; four: cycles, on any counter */
		attr_hw(&a, nsamp == 1 ? PERF_COUNT_HW_INSTRUCTIONS :
					 PERF_COUNT_HW_CPU_CYCLES);
		a.exclude_kernel = 1;
		if (sample) {
			a.sample_period = PERIOD;
			a.sample_type = PERF_SAMPLE_IP;
		}
		a.disabled = i == 0;
		fd[i] = perf_open(&a, 0, i ? fd[0] : -1);
		if (fd[i] < 0) {
			while (i-- > 0)
				sys_close(fd[i]);
			return ~0ULL;
		}
	}
	if (sample && ring_map(&r, fd[0], 64 * 1024)) {
		for (i = nsamp; i-- > 0;)
			sys_close(fd[i]);
		return ~0ULL;
	}
	sys_ioctl(meas, PERF_EVENT_IOC_RESET, 0);
	sys_ioctl(meas, PERF_EVENT_IOC_ENABLE, 0);
	win_loop(fd[0], LOOP_N - 1, PERF_IOC_FLAG_GROUP);
	sys_ioctl(meas, PERF_EVENT_IOC_DISABLE, 0);
	v = meas_read(meas);
	if (sample) {
		while (ring_next_sample(&r, rec, sizeof(rec)))
			(*irqs)++;
		ring_unmap(&r);
	}
	for (i = nsamp; i-- > 0;)
		sys_close(fd[i]);
	return v;
}

static u64 min_of(u64 a, u64 b)
{
	return a < b ? a : b;
}

/* @v / @d to one decimal, into @buf */
static const char *per(char *buf, size_t n, u64 v, u64 d)
{
	u64 r, q;

	if (!d || v == ~0ULL) {
		snprintf(buf, n, "n/a");
		return buf;
	}
	q = udivmod(v * 10 + (d >> 1), d, &r);
	snprintf(buf, n, "%lu.%lu", udiv(q, 10), umod(q, 10));
	return buf;
}

/* @a - @b, saturating, and ~0 if either failed */
static u64 diff(u64 a, u64 b)
{
	if (a == ~0ULL || b == ~0ULL)
		return ~0ULL;
	return a > b ? a - b : 0;
}

#define UR_OPS		200	/* reads per run */

enum { UR_NONE, UR_SELF, UR_SYSCALL };

/*
 * UR_OPS reads of @fd's count, by @kind: user instructions in @u and
 * kernel ones in @k (a group of this task's instructions:u and
 * instructions:k around the loop); 0, or -1 if a read failed
 */
static int ur_run(int kind, long fd, struct perf_event_mmap_page *pg,
		  u64 *u, u64 *k)
{
	struct perf_event_attr a;
	u64 v[1 + 2 * 2], x = 0, sum = 0;
	long m[2];
	unsigned int i;
	int bad = 0;

	for (i = 0; i < 2; i++) {
		attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
		a.exclude_kernel = !i;
		a.exclude_user = i;
		a.disabled = !i;
		a.read_format = PERF_FORMAT_GROUP;
		m[i] = perf_open(&a, 0, i ? m[0] : -1);
		if (m[i] < 0) {
			if (i)
				sys_close(m[0]);
			return -1;
		}
	}
	sys_ioctl(m[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	for (i = 0; i < UR_OPS; i++) {
		if (kind == UR_SELF)
			bad |= user_read_count(pg, &x);
		else if (kind == UR_SYSCALL)
			bad |= perf_read(fd, &x, 1) != 1;
		sum += x;
	}
	sys_ioctl(m[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	if (perf_read(m[0], v, ARRAY_SIZE(v)) != 3 || v[0] != 2)
		bad = 1;
	*u = v[1];
	*k = v[2];
	sys_close(m[1]);
	sys_close(m[0]);
	return bad || (kind != UR_NONE && !sum) ? -1 : 0;
}

/* One user read against one read(), in instructions */
static void ur_bench(void)
{
	static const char * const what[] = {
		"one user read (seqlock, mov from PMD)",
		"one read() system call",
	};
	struct perf_event_attr a;
	struct perf_event_mmap_page *pg;
	u64 u[3], k[3], uu, kk;
	char b1[32], b2[32], b3[32];
	unsigned int i, kind;
	long fd, p;

	for (kind = 0; kind < 3; kind++)
		u[kind] = k[kind] = ~0ULL;
	attr_hw(&a, PERF_COUNT_HW_CPU_CYCLES);
	a.exclude_kernel = 1;
	a.disabled = 0;
	fd = perf_open(&a, 0, -1);
	p = fd >= 0 ? sys_mmap(0, id.page, PROT_READ, MAP_SHARED, fd, 0) : fd;
	if (p < 0 && p > -4096) {
		out("# bench %s: user read: cycles:u: %s\n", id.name,
		    errname(p));
		if (fd >= 0)
			sys_close(fd);
		return;
	}
	pg = (struct perf_event_mmap_page *)p;
	for (i = 0; i < REPS; i++) {
		for (kind = UR_NONE; kind <= UR_SYSCALL; kind++) {
			if (ur_run(kind, fd, pg, &uu, &kk))
				continue;
			/* the run with the fewest instructions: no tick */
			if (u[kind] == ~0ULL ||
			    uu + kk < u[kind] + k[kind]) {
				u[kind] = uu;
				k[kind] = kk;
			}
		}
	}
	out("# bench %s: %-38s %10s %10s %10s\n", id.name,
	    "instructions per read, cycles:u", "user", "kernel", "total");
	for (kind = UR_SELF; kind <= UR_SYSCALL; kind++) {
		uu = diff(u[kind], u[UR_NONE]);
		kk = diff(k[kind], k[UR_NONE]);
		out("# bench %s: %-38s %10s %10s %10s\n", id.name,
		    what[kind - 1], per(b1, sizeof(b1), uu, UR_OPS),
		    per(b2, sizeof(b2), kk, UR_OPS),
		    per(b3, sizeof(b3), uu == ~0ULL || kk == ~0ULL ? ~0ULL :
				       uu + kk, UR_OPS));
	}
	out("# bench %s: per read = (the loop of %u reads - the same loop "
	    "without them) / %u, the least of %u runs; n/a: the event's "
	    "page is not readable (cap_user_rdpmc 0)\n", id.name, UR_OPS,
	    UR_OPS, REPS);
	sys_munmap(pg, id.page);
	sys_close(fd);
}

int bench(void)
{
	u64 base = ~0ULL, mm = ~0ULL, mu = ~0ULL, c1 = ~0ULL, c4 = ~0ULL,
	    w1 = ~0ULL, w4 = ~0ULL, irq1 = 0, irq4 = 0, v, n;
	char b1[32], b2[32], b3[32];
	unsigned int i;
	long meas;

	meas = meas_open();
	if (meas < 0) {
		out("# bench: CPU-wide instructions:k: %s\n", errname(meas));
		return 1;
	}
	win_loop(-1, 0, 0);
	for (i = 0; i < REPS; i++) {
		base = min_of(base, pingpong(meas, 0));
		mm = min_of(mm, pingpong(meas, 3));
		mu = min_of(mu, pingpong(meas, 1));
		c1 = min_of(c1, overflow_run(meas, 1, 0, &n));
		v = overflow_run(meas, 1, 1, &n);
		if (v < w1) {
			w1 = v;
			irq1 = n;
		}
		if (id.counters > 4) {
			c4 = min_of(c4, overflow_run(meas, 4, 0, &n));
			v = overflow_run(meas, 4, 1, &n);
			if (v < w4) {
				w4 = v;
				irq4 = n;
			}
		}
	}
	sys_close(meas);

	out("# bench %s: kernel instructions retired (CPU-wide "
	    "instructions:k), minimum of %u runs\n", id.name, REPS);
	out("# bench %s: %-34s %12s %10s %12s\n", id.name, "case", "total",
	    "per", "driver/each");
	out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
	    "switch, no events (2K switches)", base,
	    per(b1, sizeof(b1), base, 2 * ROUNDS), "-");
	out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
	    "switch monitored <-> monitored", mm,
	    per(b1, sizeof(b1), mm, 2 * ROUNDS),
	    per(b2, sizeof(b2), diff(mm, base), 2 * ROUNDS));
	out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
	    "switch monitored <-> unmonitored", mu,
	    per(b1, sizeof(b1), mu, 2 * ROUNDS),
	    per(b2, sizeof(b2), diff(mu, base), 2 * ROUNDS));
	out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
	    "win_loop, 1 counting event", c1, "-", "-");
	snprintf(b3, sizeof(b3), "%lu irqs", irq1);
	out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
	    "overflow, 1 counter (after unfreeze)", w1, b3,
	    per(b2, sizeof(b2), diff(w1, c1), irq1));
	if (id.counters > 4) {
		out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
		    "win_loop, 4 counting events", c4, "-", "-");
		snprintf(b3, sizeof(b3), "%lu irqs", irq4);
		out("# bench %s: %-34s %12lu %10s %12s\n", id.name,
		    "overflow, 4 counters (after unfreeze)", w4, b3,
		    per(b2, sizeof(b2), diff(w4, c4), irq4));
	} else {
		out("# bench %s: %-34s %12s %10s %12s\n", id.name,
		    "overflow, 4 counters", "n/a", "-", "n/a");
	}
	out("# bench %s: per = total / switches (2 x %u round trips); "
	    "driver/each = (total - the same without events) / switches, or "
	    "/ interrupts (win_loop(%u), period %u)\n", id.name, ROUNDS,
	    LOOP_N, PERIOD);
	ur_bench();
	return 0;
}
