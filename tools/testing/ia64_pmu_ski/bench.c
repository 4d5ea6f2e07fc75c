// SPDX-License-Identifier: GPL-2.0
/*
 * The bench (kernel argument skibench=1, make bench): what the driver
 * costs, as ia64 instructions retired under Ski. Not a test: it prints
 * figures and asserts nothing on them.
 *
 * The instrument is Ski's meter (tools/ski/ski_meter.c), started and
 * read with a simulator system call: it counts the instructions that
 * retire at CPL 0 in the driver's text (ski-bench.sh gives Ski the
 * driver's functions in the kernel's symbols), and at CPL 0 in all,
 * whatever the PMU's state, so that it sees the driver's overflow
 * routine while PMC0.fr is set and a CPU with no event at all. The
 * driver's figure is its own code: functions it calls in the perf core
 * or the kernel are not in it, inline helpers of headers are. The
 * kernel's figure is the difference between a run with the case's
 * events and the same run without them: the driver, the perf core's
 * hooks and what the events bring in.
 *
 *   switch m<->m   two tasks ping-pong a byte through two pipes, K round
 *                  trips (2K context switches), each task with a
 *                  per-task instructions:u event: / 2K
 *   switch m<->u   the same, only the parent monitored: every switch is
 *                  monitored -> unmonitored or back
 *   overflow x1    win_loop(N) with one instructions:u sampler of period
 *                  P, against the same window with the event counting:
 *                  / interrupts
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
 * Ski's clock counts instructions (Ski patch 0006), so the timer ticks
 * fall on the same instructions in every boot; a run may still include
 * one, and with it a switch to a kernel thread or the driver's watchdog
 * timer (ia64_pmu_isr.c): every figure is the least of REPS runs, and
 * the driver's is shown as least..most.
 */
#include "ski.h"
#include "win.h"
#include "ski_pmu.h"

#define REPS		5
#define ROUNDS		200	/* round trips per run */
#define LOOP_N		20000	/* win_loop iterations */
#define PERIOD		997

/* What the meter counted over one run */
struct run {
	u64 drv, kern;
};

static void meter_start(void)
{
	__ski_ssc(SKI_METER_START, 0, SKI_METER_SSC);
}

static struct run meter_stop(void)
{
	struct run r;

	__ski_ssc(SKI_METER_STOP, 0, SKI_METER_SSC);
	r.drv = __ski_ssc(SKI_METER_READ, SKI_METER_DRIVER, SKI_METER_SSC);
	r.kern = __ski_ssc(SKI_METER_READ, SKI_METER_KERNEL, SKI_METER_SSC);
	return r;
}

static const struct run failed_run = { ~0ULL, ~0ULL };

static long inst_u(long pid)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.disabled = 0;
	return sys_perf_event_open(&a, pid, -1, -1, 0);
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
 * K round trips with the child, with the parent monitored (@mon & 1)
 * and the child monitored (@mon & 2)
 */
static struct run pingpong(int mon)
{
	int pa[2], pb[2];
	long pid, fp = -1, fc = -1, st;
	struct run v;
	char c = 'x';
	u64 i;

	if (sys_pipe2(pa, 0) || sys_pipe2(pb, 0))
		return failed_run;
	pid = sys_fork();
	if (pid == 0) {
		sys_prctl(PR_SET_PDEATHSIG, SIGKILL);
		echo(pa[0], pb[1]);
	}
	if (pid < 0)
		return failed_run;
	if (mon & 1)
		fp = inst_u(0);
	if (mon & 2)
		fc = inst_u(pid);
	/* one round trip first: both tasks warm, the child in read() */
	sys_write(pa[1], &c, 1);
	sys_read(pb[0], &c, 1);
	meter_start();
	for (i = 0; i < ROUNDS; i++) {
		sys_write(pa[1], &c, 1);
		sys_read(pb[0], &c, 1);
	}
	v = meter_stop();
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
		return failed_run;
	return v;
}

/*
 * win_loop(LOOP_N) with a group of @nsamp events, samplers of period
 * PERIOD if @sample, else counting (the baseline: the same events, the
 * same enable and disable, no overflow): what the meter counted over
 * the window, and the number of interrupts (the samples of the group's
 * leader)
 */
static struct run overflow_run(unsigned int nsamp, int sample, u64 *irqs)
{
	struct perf_event_attr a;
	struct ring r;
	static u64 rec[32];
	long fd[4] = { -1, -1, -1, -1 };
	struct run v;
	unsigned int i;

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
			return failed_run;
		}
	}
	if (sample && ring_map(&r, fd[0], 64 * 1024)) {
		for (i = nsamp; i-- > 0;)
			sys_close(fd[i]);
		return failed_run;
	}
	meter_start();
	win_loop(fd[0], LOOP_N - 1, PERF_IOC_FLAG_GROUP);
	v = meter_stop();
	if (sample) {
		while (ring_next_sample(&r, rec, sizeof(rec)))
			(*irqs)++;
		ring_unmap(&r);
	}
	for (i = nsamp; i-- > 0;)
		sys_close(fd[i]);
	return v;
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

/* The least and the most of each count over the runs of one case */
struct range {
	struct run lo, hi;
	u64 irqs;		/* of the run with the least kernel count */
	unsigned int runs;
};

static void range_add(struct range *c, struct run v, u64 irqs)
{
	if (v.drv == ~0ULL)
		return;
	if (!c->runs++) {
		c->lo = v;
		c->hi = v;
		c->irqs = irqs;
		return;
	}
	if (v.kern < c->lo.kern) {
		c->lo.kern = v.kern;
		c->irqs = irqs;
	}
	c->lo.drv = v.drv < c->lo.drv ? v.drv : c->lo.drv;
	c->hi.drv = v.drv > c->hi.drv ? v.drv : c->hi.drv;
}

/* One line of the table: the driver per @n, and the kernel's difference */
static void row(const char *what, const struct range *c,
		const struct range *base, u64 n)
{
	char b1[32], b2[32], b3[32];

	if (!c->runs || !base->runs) {
		out("# bench %s: %-34s %22s %10s\n", id.name, what, "n/a",
		    "n/a");
		return;
	}
	per(b1, sizeof(b1), c->lo.drv, n);
	per(b2, sizeof(b2), c->hi.drv, n);
	snprintf(b3, sizeof(b3), "%s..%s", b1, b2);
	out("# bench %s: %-34s %22s %10s\n", id.name, what, b3,
	    per(b1, sizeof(b1), diff(c->lo.kern, base->lo.kern), n));
}

int bench(void)
{
	struct range base = {}, mm = {}, mu = {}, c1 = {}, w1 = {}, c4 = {},
		     w4 = {};
	unsigned int i;
	char b1[32];
	u64 n;

	if (__ski_ssc(SKI_METER_READ, SKI_METER_DRIVER, SKI_METER_SSC) ==
	    ~0ULL) {
		out("# bench %s: Ski has no meter, or not the driver's text "
		    "(SKI_METER_TEXT)\n", id.name);
		return 1;
	}
	win_loop(-1, 0, 0);
	for (i = 0; i < REPS; i++) {
		range_add(&base, pingpong(0), 0);
		range_add(&mm, pingpong(3), 0);
		range_add(&mu, pingpong(1), 0);
		range_add(&c1, overflow_run(1, 0, &n), 0);
		range_add(&w1, overflow_run(1, 1, &n), n);
		range_add(&c4, overflow_run(4, 0, &n), 0);
		range_add(&w4, overflow_run(4, 1, &n), n);
	}

	out("# bench %s: instructions retired (Ski's meter), %u runs\n",
	    id.name, REPS);
	out("# bench %s: %-34s %22s %10s\n", id.name, "case",
	    "driver, least..most", "kernel");
	row("switch, no events", &base, &base, 2 * ROUNDS);
	row("switch monitored <-> monitored", &mm, &base, 2 * ROUNDS);
	row("switch monitored <-> unmonitored", &mu, &base, 2 * ROUNDS);
	/* an interrupt's share: the sampling run less the counting one */
	w1.lo.drv = diff(w1.lo.drv, c1.lo.drv);
	w1.hi.drv = diff(w1.hi.drv, c1.lo.drv);
	w4.lo.drv = diff(w4.lo.drv, c4.lo.drv);
	w4.hi.drv = diff(w4.hi.drv, c4.lo.drv);
	snprintf(b1, sizeof(b1), "overflow, 1 counter (%lu irqs)", w1.irqs);
	row(b1, &w1, &c1, w1.irqs);
	snprintf(b1, sizeof(b1), "overflow, 4 counters (%lu irqs)", w4.irqs);
	row(b1, &w4, &c4, w4.irqs);
	out("# bench %s: driver: its own instructions per switch (2 x %u "
	    "round trips) or per interrupt (win_loop(%u), period %u, less "
	    "the same window counting); kernel: all at CPL 0, less the same "
	    "run without events (least of the runs)\n", id.name, ROUNDS,
	    LOOP_N, PERIOD);
	ur_bench();
	return 0;
}
