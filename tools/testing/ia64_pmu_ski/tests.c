// SPDX-License-Identifier: GPL-2.0
/*
 * The PMU tests on ia64 under Ski. Each runs in a process of its own
 * (init.c) and asserts exact values: the measured code is win.S, whose
 * user instructions, cycles, branches and loads are known one by one
 * (win.h). A failed check prints "# FAIL ..." with the measured and the
 * expected value; each test prints its measurements ("# measured: ...").
 *
 * What Ski's PMU gives (tools/ski/ski_pmu.c): every retired IA-64
 * instruction, nops and predicated-off ones included, counts in
 * IA64_INST_RETIRED, a faulting one (a break: the system calls) does
 * not; cycles by Ski's rule (win.h); every branch is a branch record,
 * never mispredicted; a load's latency comes from a 16 KiB direct-mapped
 * table of 64-byte lines filled by loads (1 if its line is there, else
 * 8); the overflow interrupt comes at the PMV vector before the next
 * instruction.
 *
 * identity       caps/ and nr_addr_filters are the identity's (family,
 *                counters, width, branches, max_precise, filters)
 * inst_user      instructions:u of win_loop(N) == 3N + 8 for N = 1 ..
 *                30000, so count(N) - count(N') == 3(N - N'); excluding
 *                both levels is EINVAL
 * inst_kernel    {instructions:k, instructions} in a group: both - kernel
 *                == the window's user instructions, kernel > 0
 * inst_both      {user, kernel, both} in a group: user exact, both ==
 *                user + kernel; on the Itanium (IA64_INST_RETIRED on
 *                PMC4/5 only) the third member is EINVAL
 * reenable       disable, reset, enable: the next window counts exactly,
 *                nothing of what ran while disabled
 * after_close    after closed short-period samplers, a new event counts
 *                exactly
 * sample_period  period 101 over win_loop(1000): floor(count / 101)
 *                samples, each with the exact IP of the instruction after
 *                its 101 * i-th one, period 101
 * per_task_switch  a per-task count stays exact while a competitor runs
 *                between every two slices (pipe round trips), unmonitored
 *                or with a counter of its own, which counts exactly the
 *                competitor's instructions
 * group_read4    {instructions:u x2, cycles:u x2} read with
 *                PERF_FORMAT_GROUP: exact values, pairs equal, ids,
 *                time_running == time_enabled
 * overflow_width a sampler of period 997 (its counter loaded with
 *                2^width - 997) and a counting member: each sample reads
 *                997 * i for both (the freeze), the 64-bit counts after
 *                60 wraps are exact
 * branch_stack   BRANCH_EVENT:u period 3 with a branch stack over a
 *                pattern of 4 taken branches: every stack holds exactly
 *                the 3 branches since the last sample, from/to exact;
 *                generic: EOPNOTSUPP
 * branch_xfer    BRANCH_EVENT of both levels, period 1000, branch stack
 *                ANY | USER | KERNEL | TYPE_SAVE over 2000 getpid() calls:
 *                on the Montecito, whose ETB records interruptions and
 *                rfi, entries typed IRQ from the system call's break
 *                (slot 0 at __syscall6_break) to the Break Instruction
 *                vector (cr.iva + 0x2c00), and typed ERET from a kernel
 *                rfi back to that bundle (a target entry records no
 *                slot); on the Itanium and Itanium 2,
 *                whose buffers do not, no typed entry; generic:
 *                EOPNOTSUPP
 * dear_samples   DATA_EAR_EVENTS:u, ear=1, ldlat=8, period 1, over 1024
 *                loads missing the latency table: 1024 samples with the
 *                exact address, IP, latency 8 and data source; generic:
 *                EOPNOTSUPP
 * ibr_filter     IA64_TAGGED_INST_RETIRED (the identity's name) with the
 *                filter of filt_fn (file range of /init, then absolute)
 *                counts filt_fn's instructions exactly, unfiltered the
 *                whole window; generic: SET_FILTER is EINVAL
 * opcode_match   IA64_TAGGED_INST_RETIRED (the identity's PMC8-tagged
 *                name) with an opcode pattern over win_loop(1000): nop
 *                in I slots 2 (the two nop.i), in M slots N (nop.m), in
 *                both N + 2; "adds r14 = ., r14" with m and i N (the
 *                loop's add), with b only 0; unqualified and with every
 *                type and no bit compared, the whole window; opc_match
 *                outside opc_care EINVAL; Montecito: opc_match_mid
 *                imm7b 1 N, imm7b 2 0 (elsewhere EINVAL); generic:
 *                EOPNOTSUPP
 *
 * user_read_*    counters read from user space: user_read.c
 */
#include "ski.h"
#include "win.h"
#include <linux/perf/ia64_pmu.h>

int test_failed;

#define IOC_RESET	PERF_EVENT_IOC_RESET
#define IOC_GROUP	PERF_IOC_FLAG_GROUP

/* The code labels as numbers */
#define L(x)		((u64)(unsigned long)(x))

static int is_generic(void)
{
	return ident_is("generic");
}

/* ---------------------------------------------------------------- */
/* samples */

struct sample {
	u64 ip, addr, period, weight, data_src;
	u64 nr_read;
	u64 read[2 * 8];		/* FORMAT_GROUP | FORMAT_ID */
	u64 bnr;
	struct perf_branch_entry br[32];
};

/* Decode a PERF_RECORD_SAMPLE of @size bytes at @rec; 0 if it fits */
static int parse_sample(const u64 *rec, u64 size, u64 type, u64 rfmt,
			struct sample *s)
{
	u64 n = size >> 3, i = 1, k;

	memset(s, 0, sizeof(*s));
#define NEXT() (i < n ? rec[i++] : (i++, 0))
	if (type & PERF_SAMPLE_IDENTIFIER)
		NEXT();
	if (type & PERF_SAMPLE_IP)
		s->ip = NEXT();
	if (type & PERF_SAMPLE_TID)
		NEXT();
	if (type & PERF_SAMPLE_TIME)
		NEXT();
	if (type & PERF_SAMPLE_ADDR)
		s->addr = NEXT();
	if (type & PERF_SAMPLE_ID)
		NEXT();
	if (type & PERF_SAMPLE_STREAM_ID)
		NEXT();
	if (type & PERF_SAMPLE_CPU)
		NEXT();
	if (type & PERF_SAMPLE_PERIOD)
		s->period = NEXT();
	if (type & PERF_SAMPLE_READ) {
		if (!(rfmt & PERF_FORMAT_GROUP) || !(rfmt & PERF_FORMAT_ID) ||
		    (rfmt & (PERF_FORMAT_TOTAL_TIME_ENABLED |
			     PERF_FORMAT_TOTAL_TIME_RUNNING)))
			return -1;	/* only the layout the tests use */
		s->nr_read = NEXT();
		if (s->nr_read > 8)
			return -1;
		for (k = 0; k < 2 * s->nr_read; k++)
			s->read[k] = NEXT();
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		s->bnr = NEXT();
		if (s->bnr > ARRAY_SIZE(s->br))
			return -1;
		for (k = 0; k < s->bnr; k++) {
			s->br[k].from = NEXT();
			s->br[k].to = NEXT();
			memcpy((char *)&s->br[k] + 16, &rec[i < n ? i : 0], 8);
			NEXT();
		}
	}
	if (type & PERF_SAMPLE_WEIGHT)
		s->weight = NEXT();
	if (type & PERF_SAMPLE_DATA_SRC)
		s->data_src = NEXT();
#undef NEXT
	return i <= n ? 0 : -1;
}

static void ring_report(const char *what, struct ring *r)
{
	EXPECT(!r->lost && !r->throttle,
	       "%s: %lu LOST and %lu THROTTLE/UNTHROTTLE records", what,
	       r->lost, r->throttle);
}

/* ---------------------------------------------------------------- */
/* events */

static long open_inst(int excl_user, int excl_kernel, long group)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_user = excl_user;
	a.exclude_kernel = excl_kernel;
	if (group >= 0) {
		a.disabled = 0;
		a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID;
	}
	return perf_open(&a, 0, group);
}

static long read1(long fd)
{
	u64 v = ~0ULL;

	if (perf_read(fd, &v, 1) != 1)
		return -1;
	return (long)v;
}

/* A group's values, FORMAT_GROUP | FORMAT_ID: @n of them in @v */
static int read_group(long leader, u64 *v, unsigned int n)
{
	u64 buf[1 + 2 * 8] = { 0 };
	unsigned int i;
	long r = perf_read(leader, buf, 1 + 2 * n);

	if (r != 1 + 2 * (long)n || buf[0] != n) {
		out("# read of the group: %ld words, nr %lu (want %u)\n", r,
		    buf[0], n);
		return -1;
	}
	for (i = 0; i < n; i++)
		v[i] = buf[1 + 2 * i];
	return 0;
}

/*
 * win_loop's k-th counted instruction (bundle + slot), k = 1 .. U; U + 1
 * is the disabling break. A sample taken after c instructions has the IP
 * of instruction c + 1: the PMU freezes at the overflow, and the
 * interrupt comes before the next instruction.
 */
static u64 win_loop_ip(u64 k, u64 n)
{
	u64 r;

	if (k <= WIN_LOOP_PRE)
		return L(win_loop_enable) + k;
	k -= WIN_LOOP_PRE + 1;
	if (k < WIN_K * n) {
		udivmod(k, WIN_K, &r);
		return L(win_loop_body) + r;
	}
	k -= WIN_K * n;
	if (k < 3)
		return L(win_loop_post) + k;
	if (k < 6)
		return L(win_loop_post2) + k - 3;
	return L(win_loop_disable);
}

/* ---------------------------------------------------------------- */
/* identity */

static int t_identity(void)
{
	static const struct {
		const char *name;
		u32 family, counters, width;
		int branches, precise, filters;
	} ids[] = {
		{ "itanium", 0x07, 4, 32, 7, 2, 4 },
		{ "itanium2", 0x1f, 4, 47, 7, 2, 4 },
		{ "montecito", 0x20, 12, 47, 16, 2, 4 },
		{ "generic", 0x21, 12, 50, -1, 0, 0 },
	};
	unsigned int i;

	out("# measured: pmu_name %s cpu_family 0x%02x counters %u "
	    "counter_width %u branches %d max_precise %d nr_addr_filters %d "
	    "type %u page %lu\n", id.name, id.family, id.counters, id.width,
	    id.branches, id.max_precise, id.nr_addr_filters, id.type,
	    id.page);
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		if (ident_is(ids[i].name))
			break;
	if (i == ARRAY_SIZE(ids)) {
		EXPECT(0, "unknown pmu_name '%s'", id.name);
		return test_failed;
	}
	EXPECT_EQ("caps/cpu_family", id.family, ids[i].family);
	EXPECT_EQ("caps/counters", id.counters, ids[i].counters);
	EXPECT_EQ("caps/counter_width", id.width, ids[i].width);
	EXPECT_EQ("caps/branches", id.branches, ids[i].branches);
	EXPECT_EQ("caps/max_precise", id.max_precise, ids[i].precise);
	EXPECT_EQ("nr_addr_filters", id.nr_addr_filters, ids[i].filters);
	EXPECT_EQ("type (PERF_TYPE_RAW)", id.type, PERF_TYPE_RAW);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 1. instructions: user, kernel, both */

/*
 * Each measurement opens its events afresh, so that these tests do not
 * depend on what a disabled event's counter does meanwhile (that is the
 * reenable test's).
 */
static const u64 inst_n[] = { 1, 2, 10, 1000, 30000 };

/* instructions with exclude_user @xu, exclude_kernel @xk, in @group */
static long open_inst_g(int xu, int xk, long group)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_user = xu;
	a.exclude_kernel = xk;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID;
	a.disabled = group < 0;
	return perf_open(&a, 0, group);
}

static int t_inst_user(void)
{
	struct perf_event_attr a;
	long fd, c[ARRAY_SIZE(inst_n)], r;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(inst_n); i++) {
		fd = open_inst(0, 1, -1);
		EXPECT(fd >= 0, "perf_event_open(instructions:u): %s",
		       errname(fd));
		if (fd < 0)
			return 1;
		r = win_loop(fd, inst_n[i] - 1, 0);
		EXPECT_EQ("win_loop status", r, 0);
		c[i] = read1(fd);
		sys_close(fd);
		out("# measured: N=%lu user instructions %ld, expected %lu "
		    "(%u + %u*N + %u)\n", inst_n[i], c[i],
		    WIN_LOOP_USER(inst_n[i]), WIN_LOOP_PRE, WIN_K,
		    WIN_LOOP_POST);
		EXPECT_EQ("count(N)", c[i], WIN_LOOP_USER(inst_n[i]));
		if (i)
			EXPECT_EQ("count(N) - count(N')", c[i] - c[i - 1],
				  WIN_K * (inst_n[i] - inst_n[i - 1]));
	}

	/* excluding both levels would count nothing: refused */
	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_user = 1;
	a.exclude_kernel = 1;
	fd = perf_open(&a, 0, -1);
	out("# measured: exclude_user + exclude_kernel: %s\n", errname(fd));
	EXPECT_EQ("exclude_user + exclude_kernel errno", -fd, EINVAL);
	if (fd >= 0)
		sys_close(fd);
	return test_failed;
}

/*
 * kernel-only and both in one group: their difference is the user
 * instructions of the window, exactly; the kernel part is not 0 (the
 * ioctls' own paths, and getpid() in win_loop_sys)
 */
static int t_inst_kernel(void)
{
	long k, b;
	int ret;
	u64 v[2], n;
	unsigned int i, sys;

	for (sys = 0; sys < 2; sys++) {
		for (i = 2; i < 4; i++) {
			n = inst_n[i];
			k = open_inst_g(1, 0, -1);
			b = open_inst_g(0, 0, k);
			EXPECT(k >= 0 && b >= 0, "group {instructions:k, "
			       "instructions}: %s %s", errname(k),
			       errname(b));
			if (k < 0 || b < 0)
				return 1;
			EXPECT_EQ("window status",
				  sys ? win_loop_sys(k, n - 1, IOC_GROUP) :
					win_loop(k, n - 1, IOC_GROUP), 0);
			ret = read_group(k, v, 2);
			sys_close(b);
			sys_close(k);
			if (ret) {
				test_failed = 1;
				continue;
			}
			out("# measured: %s N=%lu kernel %lu both %lu: user "
			    "%lu, expected %lu\n",
			    sys ? "win_loop_sys" : "win_loop", n, v[0], v[1],
			    v[1] - v[0], sys ? WIN_LOOP_SYS_USER(n) :
					       WIN_LOOP_USER(n));
			EXPECT_EQ("both - kernel", v[1] - v[0],
				  sys ? WIN_LOOP_SYS_USER(n) :
					WIN_LOOP_USER(n));
			EXPECT(v[0] > 0, "kernel-only counted nothing");
		}
	}
	return test_failed;
}

/*
 * user-only, kernel-only and both counting one window in one group:
 * both == user + kernel exactly. The Itanium counts IA64_INST_RETIRED on
 * PMC4/5 only ([ITA-RM] §7.8): there the three cannot be a group
 * (EINVAL at open, the driver's group check), and the group is {user,
 * both}: user exact and both above it (inst_kernel checks the sum).
 */
static int t_inst_both(void)
{
	long u, k, b;
	u64 v[3], n;
	unsigned int i;
	int three = !ident_is("itanium");
	int ret;

	for (i = 2; i < 4; i++) {
		n = inst_n[i];
		u = open_inst_g(0, 1, -1);
		b = open_inst_g(0, 0, u);
		k = open_inst_g(1, 0, u);
		if (!three) {
			out("# measured: third instructions event in a group "
			    "on the Itanium: %s\n", errname(k));
			EXPECT_EQ("third IA64_INST_RETIRED in a group (errno)",
				  -k, EINVAL);
			if (k >= 0)
				sys_close(k);
			k = -1;
		}
		EXPECT(u >= 0 && b >= 0 && (!three || k >= 0),
		       "group: user %s both %s kernel %s", errname(u),
		       errname(b), errname(k));
		if (u < 0 || b < 0 || (three && k < 0))
			return 1;
		EXPECT_EQ("window status", win_loop_sys(u, n - 1, IOC_GROUP),
			  0);
		ret = read_group(u, v, three ? 3 : 2);
		if (k >= 0)
			sys_close(k);
		sys_close(b);
		sys_close(u);
		if (ret) {
			test_failed = 1;
			continue;
		}
		/* in the group's order: user, both, kernel */
		if (!three)
			v[2] = v[1] - v[0];
		out("# measured: N=%lu user %lu kernel %lu both %lu "
		    "(expected user %lu)\n", n, v[0], v[2], v[1],
		    WIN_LOOP_SYS_USER(n));
		EXPECT_EQ("user", v[0], WIN_LOOP_SYS_USER(n));
		EXPECT_EQ("both - (user + kernel)", v[1] - (v[0] + v[2]), 0);
		EXPECT(v[2] > 0 && v[2] < v[1],
		       "kernel part %lu of both %lu", v[2], v[1]);
	}
	return test_failed;
}

/*
 * An event disabled, reset and enabled again counts the next window
 * exactly: nothing of what ran while it was disabled (here filt_fn,
 * 3 * k + 9 user instructions, and the C code around it). perf's
 * semantics; on ia64, user code runs with PSR.pp set (the glue), so a
 * counter left programmed while its event is off would count it.
 */
static int t_reenable(void)
{
	long fd, c;
	unsigned int k;

	fd = open_inst(0, 1, -1);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	if (fd < 0)
		return 1;
	EXPECT_EQ("win_loop status", win_loop(fd, 9, 0), 0);
	c = read1(fd);
	out("# measured: first window %ld, expected %lu\n", c,
	    WIN_LOOP_USER(10));
	EXPECT_EQ("first window", c, WIN_LOOP_USER(10));
	for (k = 0; k < 3; k++) {
		sys_ioctl(fd, IOC_RESET, 0);
		filt_fn(k * 1000);
		EXPECT_EQ("win_loop status", win_loop(fd, 9, 0), 0);
		c = read1(fd);
		out("# measured: after %lu user instructions while disabled: "
		    "%ld, expected %lu\n", FILT_FN_INSNS(k * 1000 + 1), c,
		    WIN_LOOP_USER(10));
		EXPECT_EQ("re-enabled window", c, WIN_LOOP_USER(10));
	}
	sys_close(fd);
	return test_failed;
}

/*
 * Events closed, then a new one: it counts exactly. The closed ones are
 * sampling events of short periods, whose counters would overflow again
 * soon if they went on counting (an overflow interrupt with no event,
 * PMC0 frozen).
 */
static int t_after_close(void)
{
	static const u64 periods[] = { 10, 997 };
	struct perf_event_attr a;
	struct ring r;
	long fd, c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(periods); i++) {
		attr_hw(&a, PERF_COUNT_HW_CPU_CYCLES);
		a.exclude_kernel = 1;
		a.sample_period = periods[i];
		a.sample_type = PERF_SAMPLE_IP;
		fd = perf_open(&a, 0, -1);
		EXPECT(fd >= 0, "perf_event_open(cycles:u, period %lu): %s",
		       periods[i], errname(fd));
		if (fd < 0)
			return 1;
		if (ring_map(&r, fd, 64 * 1024)) {
			EXPECT(0, "mmap of the ring buffer failed");
			return 1;
		}
		EXPECT_EQ("win_loop status", win_loop(fd, 999, 0), 0);
		c = read1(fd);
		EXPECT_EQ("cycles of the sampling event", c,
			  WIN_LOOP_CYCLES(1000));
		ring_unmap(&r);
		sys_close(fd);
		filt_fn(1000);

		fd = open_inst(0, 1, -1);
		EXPECT(fd >= 0, "perf_event_open(instructions:u): %s",
		       errname(fd));
		if (fd < 0)
			return 1;
		EXPECT_EQ("win_loop status", win_loop(fd, 99, 0), 0);
		c = read1(fd);
		sys_close(fd);
		out("# measured: after a closed cycles:u sampler of period "
		    "%lu: instructions:u %ld, expected %lu\n", periods[i], c,
		    WIN_LOOP_USER(100));
		EXPECT_EQ("count after the close", c, WIN_LOOP_USER(100));
	}
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 2. sampling period */

static int t_sample_period(void)
{
	static u64 rec[64];
	struct perf_event_attr a;
	struct ring r;
	struct sample s;
	const u64 n = 1000, p = 101;
	u64 size, cnt, want, nr = 0;
	long fd;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.sample_period = p;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	fd = perf_open(&a, 0, -1);
	EXPECT(fd >= 0, "perf_event_open(instructions:u, period %lu): %s", p,
	       errname(fd));
	if (fd < 0)
		return 1;
	if (ring_map(&r, fd, 64 * 1024)) {
		EXPECT(0, "mmap of the ring buffer failed");
		return 1;
	}
	EXPECT_EQ("win_loop status", win_loop(fd, n - 1, 0), 0);
	cnt = (u64)read1(fd);
	want = WIN_LOOP_USER(n);
	while ((size = ring_next_sample(&r, rec, sizeof(rec)))) {
		nr++;
		if (parse_sample(rec, size, a.sample_type, 0, &s)) {
			EXPECT(0, "sample %lu: bad layout", nr);
			continue;
		}
		EXPECT_EQ("sample period", s.period, p);
		if (s.ip != win_loop_ip(nr * p + 1, n))
			EXPECT(0, "sample %lu (after %lu instructions): IP "
			       "0x%lx, expected 0x%lx", nr, nr * p, s.ip,
			       win_loop_ip(nr * p + 1, n));
	}
	out("# measured: count %lu (expected %lu), %lu samples of period %lu "
	    "(expected %lu), loop at 0x%lx-0x%lx\n", cnt, want, nr, p,
	    udiv(cnt, p), L(win_loop_body), L(win_loop_body) + 16);
	EXPECT_EQ("count", cnt, want);
	EXPECT_EQ("samples == count / period", nr, udiv(cnt, p));
	ring_report("sample_period", &r);
	ring_unmap(&r);
	sys_close(fd);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 3. per-task counts across context switches */

/*
 * The parent counts its user instructions (pid 0, exclude_kernel) over
 * win_pipe: reps times the loop, a byte written to the competitor and its
 * echo read back, so that the competitor runs between every two slices
 * (each read blocks until it has). The count must be what win_pipe runs,
 * exactly: alone (echoing through one pipe of its own), with a competitor
 * that no event monitors (monitored <-> unmonitored switches), and with a
 * competitor that has a counter of its own (monitored <-> monitored),
 * whose count must be the competitor's own instructions exactly.
 */
static int per_task_round(const char *what, int child, int monitored,
			  volatile long *shared)
{
	static char buf[8];
	struct perf_event_attr a;
	const u64 n = 200, reps = 20;
	int pa[2] = { -1, -1 }, pb[2] = { -1, -1 };
	long fd, cfd = -1, pid = 0, st = 0, ret, wfd, rfd;
	u64 c, cc = 0, iters = 0;

	if (sys_pipe2(pa, 0) || sys_pipe2(pb, 0)) {
		EXPECT(0, "pipe2 failed");
		return 1;
	}
	buf[0] = 'x';
	shared[1] = 0;
	wfd = pa[1];
	rfd = child ? pb[0] : pa[0];
	if (child) {
		pid = sys_fork();
		if (pid == 0) {
			sys_prctl(PR_SET_PDEATHSIG, SIGKILL);
			child_echo(pa[0], pb[1], buf, shared, sys_getpid());
		}
		EXPECT(pid > 0, "fork: %s", errname(pid));
		if (pid < 0)
			return 1;
		ret = sys_wait4(pid, &st, WUNTRACED);
		EXPECT(ret == pid && WIFSTOPPED(st), "%s: competitor not "
		       "stopped: %ld 0x%lx", what, ret, st);
		if (monitored) {
			attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
			a.exclude_kernel = 1;
			a.disabled = 0;
			cfd = perf_open(&a, pid, -1);
			EXPECT(cfd >= 0, "perf_event_open(instructions:u, "
			       "competitor): %s", errname(cfd));
		}
		sys_kill(pid, SIGCONT);
	}
	fd = open_inst(0, 1, -1);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	ret = win_pipe(fd, n - 1, reps, 0, wfd, rfd, buf);
	EXPECT_EQ("win_pipe status", ret, 0);
	c = (u64)read1(fd);
	sys_close(fd);
	if (child) {
		sys_write(pa[1], "q", 1);
		ret = sys_wait4(pid, &st, WUNTRACED);
		EXPECT(ret == pid && WIFSTOPPED(st), "%s: competitor not "
		       "stopped again: %ld 0x%lx", what, ret, st);
		iters = (u64)shared[1];
		if (cfd >= 0)
			cc = (u64)read1(cfd);
		sys_kill(pid, SIGKILL);
		sys_wait4(pid, &st, 0);
	}
	out("# measured: %s: parent %lu user instructions, expected %lu "
	    "(N=%lu, %lu round trips)\n", what, c, WIN_PIPE_USER(n, reps), n,
	    reps);
	EXPECT_EQ(what, c, WIN_PIPE_USER(n, reps));
	if (child) {
		EXPECT_EQ("echoes by the competitor", iters, reps);
		if (monitored) {
			out("# measured: the competitor's own counter: %lu "
			    "for %lu echoes, expected %lu\n", cc, iters,
			    CHILD_ECHO_USER(iters));
			EXPECT_EQ("competitor's count", cc,
				  CHILD_ECHO_USER(iters));
		}
	}
	if (cfd >= 0)
		sys_close(cfd);
	sys_close(pa[0]);
	sys_close(pa[1]);
	sys_close(pb[0]);
	sys_close(pb[1]);
	return test_failed;
}

static int t_per_task_switch(void)
{
	volatile long *shared;

	shared = (volatile long *)sys_mmap(0, id.page, PROT_READ | PROT_WRITE,
					   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if ((long)shared < 0 && (long)shared > -4096) {
		EXPECT(0, "mmap: %s", errname((long)shared));
		return 1;
	}
	per_task_round("alone", 0, 0, shared);
	per_task_round("with an unmonitored competitor", 1, 0, shared);
	per_task_round("with a monitored competitor", 1, 1, shared);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 4. a group of four read at once */

static int t_group_read4(void)
{
	struct perf_event_attr a;
	u64 buf[3 + 2 * 4], ids[4], v[2][4];
	static const u64 n[2] = { 1000, 3000 };
	long fd[4], r;
	unsigned int i, j;

	/* the window's code once, with no event (its TLB entries) */
	win_loop(-1, 0, 0);
	for (j = 0; j < 2; j++) {
		for (i = 0; i < 4; i++) {
			attr_hw(&a, i < 2 ? PERF_COUNT_HW_INSTRUCTIONS :
					    PERF_COUNT_HW_CPU_CYCLES);
			a.exclude_kernel = 1;
			a.disabled = i == 0;
			a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID |
					PERF_FORMAT_TOTAL_TIME_ENABLED |
					PERF_FORMAT_TOTAL_TIME_RUNNING;
			fd[i] = perf_open(&a, 0, i ? fd[0] : -1);
			EXPECT(fd[i] >= 0, "group member %u: %s", i,
			       errname(fd[i]));
			if (fd[i] < 0)
				return 1;
			ids[i] = ~0ULL;
			sys_ioctl(fd[i], PERF_EVENT_IOC_ID, &ids[i]);
		}
		EXPECT_EQ("win_loop status",
			  win_loop(fd[0], n[j] - 1, IOC_GROUP), 0);
		r = perf_read(fd[0], buf, ARRAY_SIZE(buf));
		for (i = 4; i-- > 0;)
			sys_close(fd[i]);
		EXPECT_EQ("words read", r, ARRAY_SIZE(buf));
		EXPECT_EQ("nr", buf[0], 4);
		EXPECT_EQ("time_running == time_enabled", buf[2], buf[1]);
		for (i = 0; i < 4; i++) {
			v[j][i] = buf[3 + 2 * i];
			EXPECT_EQ("id", buf[4 + 2 * i], ids[i]);
		}
		out("# measured: N=%lu instructions:u %lu %lu (expected %lu), "
		    "cycles:u %lu %lu (expected %lu), enabled %lu running "
		    "%lu\n", n[j], v[j][0], v[j][1], WIN_LOOP_USER(n[j]),
		    v[j][2], v[j][3], WIN_LOOP_CYCLES(n[j]), buf[1], buf[2]);
		EXPECT_EQ("instructions", v[j][0], WIN_LOOP_USER(n[j]));
		EXPECT_EQ("instructions, second", v[j][1], v[j][0]);
		EXPECT_EQ("cycles", v[j][2], WIN_LOOP_CYCLES(n[j]));
		EXPECT_EQ("cycles, second", v[j][3], v[j][2]);
	}
	out("# measured: cycles(%lu) - cycles(%lu) = %lu, expected %lu\n",
	    n[1], n[0], v[1][2] - v[0][2], n[1] - n[0]);
	EXPECT_EQ("cycles(N) - cycles(N')", v[1][2] - v[0][2], n[1] - n[0]);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 5. counts carried past the counter's width */

/*
 * A sampling counter starts at 2^W - period ([ITA-RM] §6.2.2: the driver
 * loads -period) and carries out of bit W-1 at each period: an overflow
 * bit, PMC0.fr, the interrupt. With the group's counting member read in
 * each sample (PERF_SAMPLE_READ), sample i must show i * period for both:
 * the freeze stopped both counters at that instruction. The 64-bit
 * counts after many wraps are exact.
 */
static int t_overflow_width(void)
{
	static u64 rec[64];
	struct perf_event_attr a;
	struct ring r;
	struct sample s;
	const u64 n = 20000, p = 997;
	u64 size, nr = 0, want = WIN_LOOP_USER(n), v[2], idl = 0, idm = 0;
	long lead, mem;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.sample_period = p;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID;
	lead = perf_open(&a, 0, -1);
	mem = open_inst(0, 1, lead);
	EXPECT(lead >= 0 && mem >= 0, "group {sampling, counting}: %s %s",
	       errname(lead), errname(mem));
	if (lead < 0 || mem < 0)
		return 1;
	sys_ioctl(lead, PERF_EVENT_IOC_ID, &idl);
	sys_ioctl(mem, PERF_EVENT_IOC_ID, &idm);
	if (ring_map(&r, lead, 64 * 1024)) {
		EXPECT(0, "mmap of the ring buffer failed");
		return 1;
	}
	EXPECT_EQ("win_loop status", win_loop(lead, n - 1, IOC_GROUP), 0);
	while ((size = ring_next_sample(&r, rec, sizeof(rec)))) {
		nr++;
		if (parse_sample(rec, size, a.sample_type, a.read_format, &s) ||
		    s.nr_read != 2) {
			EXPECT(0, "sample %lu: bad layout", nr);
			continue;
		}
		if (s.read[0] != nr * p || s.read[2] != nr * p ||
		    s.read[1] != idl || s.read[3] != idm ||
		    s.ip != win_loop_ip(nr * p + 1, n) || s.period != p)
			EXPECT(0, "sample %lu: sampling %lu counting %lu "
			       "(expected %lu each), IP 0x%lx (expected 0x%lx), "
			       "period %lu", nr, s.read[0], s.read[2], nr * p,
			       s.ip, win_loop_ip(nr * p + 1, n), s.period);
	}
	if (read_group(lead, v, 2)) {
		test_failed = 1;
		v[0] = v[1] = 0;
	}
	out("# measured: counter width %u, period %lu: the sampling counter "
	    "started at 0x%lx and wrapped %lu times; counts %lu and %lu, "
	    "expected %lu; %lu samples\n", id.width, p,
	    (u64)((1ULL << id.width) - p), udiv(want, p), v[0], v[1], want, nr);
	EXPECT_EQ("sampling event's count", v[0], want);
	EXPECT_EQ("counting event's count", v[1], want);
	EXPECT_EQ("samples", nr, udiv(want, p));
	ring_report("overflow_width", &r);
	ring_unmap(&r);
	sys_close(mem);
	sys_close(lead);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 6. branch stacks */

/* the pattern's branches in execution order (win.S) */
static void br_expected(u64 j, u64 *from, u64 *to)
{
	u64 r;

	udivmod(j, 4, &r);
	switch (r) {
	case 0:	*from = L(win_br0) + 2; *to = L(win_br2); break;
	case 1:	*from = L(win_br2) + 0; *to = L(win_br1); break;
	case 2:	*from = L(win_br1) + 1; *to = L(win_br3); break;
	default: *from = L(win_br3) + 2; *to = L(win_br0); break;
	}
}

static int t_branch_stack(void)
{
	static u64 rec[256];
	struct perf_event_attr a;
	struct ring r;
	struct sample s;
	const u64 n = 30, p = 3;
	u64 size, nr = 0, cnt, k, j, from, to;
	long fd;
	int ret;

	ret = attr_event(&a, "BRANCH_EVENT");
	if (is_generic()) {
		/* no BTB: the driver refuses a branch stack (EOPNOTSUPP) */
		EXPECT(ret == -ENOENT, "the generic model has BRANCH_EVENT");
		attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	} else {
		EXPECT(!ret, "events/BRANCH_EVENT: %s", errname(ret));
		if (ret)
			return 1;
	}
	a.exclude_kernel = 1;
	a.sample_period = p;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	a.branch_sample_type = PERF_SAMPLE_BRANCH_ANY |
			       PERF_SAMPLE_BRANCH_USER;
	fd = perf_open(&a, 0, -1);
	if (is_generic()) {
		out("# measured: branch stack on the generic model: %s\n",
		    errname(fd));
		EXPECT_EQ("errno", -fd, EOPNOTSUPP);
		if (fd >= 0)
			sys_close(fd);
		return test_failed;
	}
	EXPECT(fd >= 0, "perf_event_open(BRANCH_EVENT:u, branch stack): %s",
	       errname(fd));
	if (fd < 0)
		return 1;
	if (ring_map(&r, fd, 64 * 1024)) {
		EXPECT(0, "mmap of the ring buffer failed");
		return 1;
	}
	EXPECT_EQ("win_branches status", win_branches(fd, n - 1, 0), 0);
	cnt = (u64)read1(fd);
	while ((size = ring_next_sample(&r, rec, sizeof(rec)))) {
		nr++;
		if (parse_sample(rec, size, a.sample_type, 0, &s)) {
			EXPECT(0, "sample %lu: bad layout", nr);
			continue;
		}
		/*
		 * the stack holds the branches since the previous sample,
		 * newest first: branches nr * p - 1 down to (nr - 1) * p
		 * (0-based), the last one the overflowing branch
		 */
		if (s.bnr != p) {
			EXPECT(0, "sample %lu: %lu branches, expected %lu", nr,
			       s.bnr, p);
			continue;
		}
		for (k = 0; k < s.bnr; k++) {
			j = nr * p - 1 - k;
			br_expected(j, &from, &to);
			if (s.br[k].from != from || s.br[k].to != to ||
			    s.br[k].mispred || !s.br[k].predicted)
				EXPECT(0, "sample %lu entry %lu: 0x%lx -> 0x%lx "
				       "mispred %u predicted %u, expected "
				       "0x%lx -> 0x%lx predicted", nr, k,
				       s.br[k].from, s.br[k].to,
				       (unsigned int)s.br[k].mispred,
				       (unsigned int)s.br[k].predicted, from,
				       to);
		}
		if (nr == 1)
			for (k = 0; k < s.bnr; k++)
				out("# measured: sample 1 entry %lu: 0x%lx -> "
				    "0x%lx\n", k, s.br[k].from, s.br[k].to);
	}
	out("# measured: BRANCH_EVENT %lu (expected %lu taken branches), %lu "
	    "samples (expected %lu); pattern at 0x%lx\n", cnt,
	    WIN_BR_TAKEN(n), nr, udiv(WIN_BR_TAKEN(n), p), L(win_br0));
	EXPECT_EQ("BRANCH_EVENT count", cnt, WIN_BR_TAKEN(n));
	EXPECT_EQ("samples", nr, udiv(WIN_BR_TAKEN(n), p));
	ring_report("branch_stack", &r);
	ring_unmap(&r);
	sys_close(fd);
	return test_failed;
}

/*
 * The system call's transfers in the branch stacks of a sampler that
 * counts in both privilege levels. The typed entries must be exactly
 * the break's interruption and the rfi back: a branch of the kernel
 * typed as either, or one of them typed as a branch, fails.
 */
static int t_branch_xfer(void)
{
	static u64 rec[256];
	const u64 brk = L(__syscall6_break), calls = 2000;
	struct perf_event_attr a;
	struct ring r;
	struct sample s;
	u64 size, nr = 0, k, irq = 0, eret = 0, other = 0, iva = 0;
	int xfer = ident_is("montecito");
	long fd, ret;
	u64 i;

	if (is_generic())
		attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	else if (attr_event(&a, "BRANCH_EVENT"))
		return 1;
	a.sample_period = 1000;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	a.branch_sample_type = PERF_SAMPLE_BRANCH_ANY |
			       PERF_SAMPLE_BRANCH_USER |
			       PERF_SAMPLE_BRANCH_KERNEL |
			       PERF_SAMPLE_BRANCH_TYPE_SAVE;
	fd = perf_open(&a, 0, -1);
	if (is_generic()) {
		EXPECT_EQ("errno", -fd, EOPNOTSUPP);
		if (fd >= 0)
			sys_close(fd);
		return test_failed;
	}
	EXPECT(fd >= 0, "perf_event_open(BRANCH_EVENT, both levels, branch "
	       "stack): %s", errname(fd));
	if (fd < 0)
		return 1;
	if (ring_map(&r, fd, 256 * 1024)) {
		EXPECT(0, "mmap of the ring buffer failed");
		return 1;
	}
	ret = sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < calls && !ret; i++)
		sys_getpid();
	ret |= sys_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ("enable/disable", ret, 0);
	while ((size = ring_next_sample(&r, rec, sizeof(rec)))) {
		nr++;
		if (parse_sample(rec, size, a.sample_type, 0, &s)) {
			EXPECT(0, "sample %lu: bad layout", nr);
			continue;
		}
		for (k = 0; k < s.bnr; k++) {
			struct perf_branch_entry *e = &s.br[k];

			if (e->type == PERF_BR_IRQ && e->from == brk &&
			    e->to >> 61 == 5 && (e->to & 0x7fff) == 0x2c00 &&
			    !e->mispred && !e->predicted) {
				irq++;
				iva = e->to - 0x2c00;
			} else if (e->type == PERF_BR_ERET &&
				   e->to == brk && e->from >> 61 == 5 &&
				   !e->mispred && !e->predicted) {
				eret++;
			} else if (e->type != PERF_BR_UNKNOWN) {
				if (!other++)
					out("# unexpected: type %u 0x%lx -> "
					    "0x%lx\n", (unsigned int)e->type,
					    e->from, e->to);
			}
		}
	}
	out("# measured: %lu samples over %lu getpid() calls: %lu break "
	    "entries (cr.iva 0x%lx), %lu rfi entries, %lu other typed\n", nr,
	    calls, irq, iva, eret, other);
	EXPECT(nr > 0, "no sample");
	EXPECT_EQ("other typed entries", other, 0);
	if (xfer) {
		EXPECT(irq > 0, "no break entry from 0x%lx", brk);
		EXPECT(eret > 0, "no rfi entry to 0x%lx", brk);
	} else {
		EXPECT_EQ("break entries", irq, 0);
		EXPECT_EQ("rfi entries", eret, 0);
	}
	ring_report("branch_xfer", &r);
	ring_unmap(&r);
	sys_close(fd);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 7. D-EAR samples */

#define DEAR_BYTES	(64 * 1024)
#define DEAR_LOADS	(DEAR_BYTES / WIN_LD_STRIDE)
static u8 dear_buf[DEAR_BYTES] __attribute__((aligned(65536)));
static u8 dear_flush[16 * 1024] __attribute__((aligned(65536)));

static int t_dear_samples(void)
{
	static u64 rec[64];
	struct perf_event_attr a;
	struct ring r;
	struct sample s;
	u64 size, nr = 0, cnt, i, want_src, bad = 0;
	long fd;
	int ret;

	want_src = ((u64)PERF_MEM_OP_LOAD << PERF_MEM_OP_SHIFT) |
		   ((u64)(PERF_MEM_LVL_L1 | PERF_MEM_LVL_MISS) <<
		    PERF_MEM_LVL_SHIFT) |
		   ((u64)PERF_MEM_SNOOP_NA << PERF_MEM_SNOOP_SHIFT) |
		   ((u64)PERF_MEM_LOCK_NA << PERF_MEM_LOCK_SHIFT) |
		   ((u64)PERF_MEM_TLB_NA << PERF_MEM_TLB_SHIFT);
	ret = attr_event(&a, "DATA_EAR_EVENTS");
	if (is_generic()) {
		/* no EAR: the driver refuses config1's ear (EOPNOTSUPP) */
		EXPECT(ret == -ENOENT, "the generic model has DATA_EAR_EVENTS");
		attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
		a.config1 = IA64_PMU_CFG1_EAR_DATA |
			    (8ULL << IA64_PMU_CFG1_LDLAT_SHIFT);
	} else {
		EXPECT(!ret, "events/DATA_EAR_EVENTS: %s", errname(ret));
		if (ret)
			return 1;
		ret = attr_term(&a, "ear", 1) ?: attr_term(&a, "ldlat", 8);
		EXPECT(!ret, "format/ear, format/ldlat: %s", errname(ret));
		if (ret)
			return 1;
	}
	a.exclude_kernel = 1;
	a.sample_period = 1;
	a.precise_ip = 2;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_ADDR |
			PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC;
	fd = perf_open(&a, 0, -1);
	if (is_generic()) {
		out("# measured: D-EAR on the generic model: %s\n",
		    errname(fd));
		EXPECT_EQ("errno", -fd, EOPNOTSUPP);
		if (fd >= 0)
			sys_close(fd);
		return test_failed;
	}
	EXPECT(fd >= 0, "perf_event_open(DATA_EAR_EVENTS:u, ear=1, ldlat=8): "
	       "%s", errname(fd));
	if (fd < 0)
		return 1;
	if (ring_map(&r, fd, 256 * 1024)) {
		EXPECT(0, "mmap of the ring buffer failed");
		return 1;
	}
	/*
	 * The pages in by stores (which do not fill the latency table),
	 * then 16 KiB of other lines loaded: every entry of the table holds
	 * another line, so each of the 1024 loads misses (latency 8)
	 */
	memset(dear_buf, 1, sizeof(dear_buf));
	memset(dear_flush, 2, sizeof(dear_flush));
	for (i = 0; i < sizeof(dear_flush); i += 64)
		(void)*(volatile u64 *)&dear_flush[i];
	EXPECT_EQ("win_loads status",
		  win_loads(fd, DEAR_LOADS - 1, 0, dear_buf), 0);
	cnt = (u64)read1(fd);
	while ((size = ring_next_sample(&r, rec, sizeof(rec)))) {
		i = nr++;
		if (parse_sample(rec, size, a.sample_type, 0, &s)) {
			EXPECT(0, "sample %lu: bad layout", nr);
			continue;
		}
		if (s.addr != L(dear_buf) + i * WIN_LD_STRIDE ||
		    s.ip != L(win_ld_body) || s.weight != 8 ||
		    s.data_src != want_src) {
			if (bad++ < 8)
				EXPECT(0, "sample %lu: addr 0x%lx ip 0x%lx "
				       "weight %lu data_src 0x%lx, expected "
				       "0x%lx 0x%lx 8 0x%lx", nr, s.addr, s.ip,
				       s.weight, s.data_src,
				       L(dear_buf) + i * WIN_LD_STRIDE,
				       L(win_ld_body), want_src);
			test_failed = 1;
		}
		if (nr == 1 || nr == DEAR_LOADS)
			out("# measured: sample %lu: addr 0x%lx ip 0x%lx "
			    "weight %lu data_src 0x%lx\n", nr, s.addr, s.ip,
			    s.weight, s.data_src);
	}
	out("# measured: DATA_EAR_EVENTS %lu, %lu samples (expected %u each),"
	    " %lu wrong; buffer at 0x%lx\n", cnt, nr, DEAR_LOADS, bad,
	    L(dear_buf));
	EXPECT_EQ("DATA_EAR_EVENTS count", cnt, DEAR_LOADS);
	EXPECT_EQ("samples", nr, DEAR_LOADS);
	ring_report("dear_samples", &r);
	ring_unmap(&r);
	sys_close(fd);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 8. IBR range: an address filter */

/*
 * The file offset of @addr in the executable (/proc/self/exe, which is
 * /init), from its ELF program headers: the offset of a PT_LOAD segment
 * plus @addr's distance from the segment's start
 */
static long exe_offset(u64 addr)
{
	struct phdr {
		u32 type, flags;
		u64 offset, vaddr, paddr, filesz, memsz, align;
	} *ph;
	static u64 buf[512];
	u64 phoff, i, phnum, phent;
	long fd, n;

	fd = sys_open("/proc/self/exe", O_RDONLY, 0);
	if (fd < 0)
		return -1;
	n = sys_read(fd, buf, sizeof(buf));
	sys_close(fd);
	if (n < 64 || memcmp(buf, "\177ELF", 4))
		return -1;
	phoff = buf[4];				/* e_phoff, offset 32 */
	phent = (buf[6] >> 48) & 0xffff;	/* e_phentsize, offset 54 */
	phnum = buf[7] & 0xffff;		/* e_phnum, offset 56 */
	if (phent != sizeof(*ph) || phoff + phnum * phent > (u64)n)
		return -1;
	ph = (struct phdr *)((char *)buf + phoff);
	for (i = 0; i < phnum; i++)
		if (ph[i].type == 1 && addr >= ph[i].vaddr &&
		    addr < ph[i].vaddr + ph[i].filesz)
			return (long)(addr - ph[i].vaddr + ph[i].offset);
	return -1;
}

static const char *const tagged_events[] = {
	"IA64_TAGGED_INST_RETIRED",			/* Itanium, PMC8 */
	"IA64_TAGGED_INST_RETIRED_IBRP0_PMC8",		/* Itanium 2 */
	"IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33",	/* Montecito */
};

static int t_ibr_filter(void)
{
	struct perf_event_attr a;
	char filt[128];
	const u64 nf = 100, no = 200;
	u64 want = FILT_FN_INSNS(nf), all = WIN_FILTER_USER(nf, no), c;
	long fd, off, ret;
	unsigned int i, pass;
	const char *ev = NULL;

	if (is_generic()) {
		/* nr_addr_filters = 0: the core refuses the filter */
		fd = open_inst(0, 1, -1);
		EXPECT(fd >= 0, "perf_event_open: %s", errname(fd));
		if (fd < 0)
			return 1;
		snprintf(filt, sizeof(filt), "filter 0x%lx/%u",
			 L(filt_fn_start), FILT_FN_SIZE);
		ret = sys_ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filt);
		out("# measured: address filter on the generic model: %s\n",
		    errname(ret));
		EXPECT_EQ("errno", -ret, EINVAL);
		sys_close(fd);
		return test_failed;
	}
	for (i = 0; i < ARRAY_SIZE(tagged_events); i++)
		if (!attr_event(&a, tagged_events[i])) {
			ev = tagged_events[i];
			break;
		}
	EXPECT(ev, "no IA64_TAGGED_INST_RETIRED event");
	if (!ev)
		return 1;
	off = exe_offset(L(filt_fn_start));
	EXPECT(off >= 0, "filt_fn not in a PT_LOAD segment");
	if (off < 0)
		return 1;

	/* 0: unfiltered, 1: file range of /init, 2: absolute range */
	win_filter(-1, 0, 0, 0);
	for (pass = 0; pass < 3; pass++) {
		attr_event(&a, ev);
		a.exclude_kernel = 1;
		fd = perf_open(&a, 0, -1);
		EXPECT(fd >= 0, "perf_event_open(%s:u): %s", ev, errname(fd));
		if (fd < 0)
			return 1;
		filt[0] = 0;
		if (pass == 1)
			snprintf(filt, sizeof(filt), "filter 0x%lx/%u@/init",
				 off, FILT_FN_SIZE);
		else if (pass == 2)
			snprintf(filt, sizeof(filt), "filter 0x%lx/%u",
				 L(filt_fn_start), FILT_FN_SIZE);
		if (pass) {
			ret = sys_ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filt);
			EXPECT(!ret, "SET_FILTER '%s': %s", filt, errname(ret));
		}
		EXPECT_EQ("win_filter status",
			  win_filter(fd, nf - 1, no - 1, 0), 0);
		c = (u64)read1(fd);
		out("# measured: %s:u %s%s: %lu, expected %lu (filt_fn at "
		    "0x%lx, file offset 0x%lx)\n", ev,
		    pass ? "with " : "unfiltered", filt, c, pass ? want : all,
		    L(filt_fn_start), off);
		EXPECT_EQ(pass == 1 ? "file range" : pass == 2 ?
			  "absolute range" : "unfiltered", c,
			  pass ? want : all);
		sys_close(fd);
	}
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* 9. opcode matching: IA64_TAGGED_INST_RETIRED under PMC8's pattern */

/*
 * The matcher's 27-bit field ([ITA-RM] §6.2.5, Table 6-11; the uapi's
 * opc_match and opc_care): field bits 26:13 are the encoding bits 40:27,
 * field bits 12:0 the encoding bits 12:0. The Montecito's matchers see
 * all 41 bits; encoding bits 26:13 are opc_match_mid and opc_care_mid
 * there, and with opc_care_mid = 0 they are not compared, as on the
 * others.
 *
 * win_loop(N)'s user instructions (win.S; objdump of /init):
 *   #1      mov r37 = r10       adds r37 = 0, r10   I slot (A-type)
 *   #2      mov.i ar.lc = r33                       I slot
 *   loop    nop.m 0                                 M slot, N times
 *           adds r14 = 1, r14                       I slot, N times
 *           br.cloop                                B slot, N times
 *   post    mov r38 = r32       adds                M slot
 *           mov r39 = IOC_DISABLE  addl             I slot
 *           mov r15 = NR_IOCTL     addl             I slot
 *           mov r40 = r34       adds                M slot
 *           nop.i 0, nop.i 0                        I slots
 * nop.m 0 and nop.i 0 have the same encoding (opcode 0, x3 0, x6 0x01
 * (M: x2:x4), imm 0, qp 0): only the type bits tell them apart.
 * "adds r14 = 1, r14" (A4: opcode 8, x2a 2, ve 0, imm6d 0, r1 14, qp 0;
 * in bits 26:13 r3 14, imm7b 1) is the loop's add alone: the other adds
 * write r37, r38 and r40.
 */
#define OPC_F(enc_hi, enc_lo)	(((u64)(enc_hi) << 13) | (enc_lo))
/* nop.m 0 / nop.i 0: encoding bit 27 (x6 = 0x01), nothing else */
#define OPC_NOP			OPC_F(0x0001, 0)
/* adds r14 = 1, r14: opcode 8 (40:37), x2a 2 (35:34); r1 14 (12:6) */
#define OPC_ADDS_R14		OPC_F((8 << 10) | (2 << 7), 14 << 6)
#define OPC_CARE_ALL		0x7ffffffULL
/* its encoding bits 26:13: r3 14 (26:20), imm7b 1 (19:13) */
#define OPC_ADDS_R14_MID	((14 << 7) | 1)
#define OPC_T_M			(1ULL << 54)
#define OPC_T_I			(1ULL << 53)
#define OPC_T_B			(1ULL << 51)

/* encoding bits 26:13 into opc_match_mid's bits (uapi: 20:13, 21, 22,
 * 26:23 at config 7:0, 23, 31, 63:60) */
static u64 opc_mid_config(u64 v)
{
	return (v & 0xff) | (((v >> 8) & 1) << 23) | (((v >> 9) & 1) << 31) |
	       (((v >> 10) & 0xf) << IA64_PMU_CFG_OPC_MID_HI_SHIFT);
}

struct opc_case {
	const char *what;
	u64 match, care, types;		/* field, field, config1 type bits */
	int mid;			/* Montecito only: imm7b to match */
	u64 (*want)(u64 n);
};

static u64 want_all(u64 n) { return WIN_LOOP_USER(n); }
static u64 want_n(u64 n) { return n; }
static u64 want_2(u64 n) { return 2; }
static u64 want_n2(u64 n) { return n + 2; }
static u64 want_0(u64 n) { return 0; }

static const struct opc_case opc_cases[] = {
	{ "unqualified", 0, 0, 0, 0, want_all },
	{ "nop, I slots (nop.i)", OPC_NOP, OPC_CARE_ALL, OPC_T_I, 0, want_2 },
	{ "nop, M slots (nop.m)", OPC_NOP, OPC_CARE_ALL, OPC_T_M, 0, want_n },
	{ "nop, M and I slots", OPC_NOP, OPC_CARE_ALL, OPC_T_M | OPC_T_I, 0,
	  want_n2 },
	{ "adds r14 = ., r14 (A-type: m and i)", OPC_ADDS_R14, OPC_CARE_ALL,
	  OPC_T_M | OPC_T_I, 0, want_n },
	{ "adds r14, B slots only", OPC_ADDS_R14, OPC_CARE_ALL, OPC_T_B, 0,
	  want_0 },
	{ "every M, I and B instruction, no bit compared", 0, 0,
	  OPC_T_M | OPC_T_I | OPC_T_B, 0, want_all },
	/* Montecito: encoding bits 26:13 compared too */
	{ "adds r14 = 1, r14 (mid: r3 14, imm7b 1)", OPC_ADDS_R14,
	  OPC_CARE_ALL, OPC_T_M | OPC_T_I, 1, want_n },
	{ "adds r14 = 2, r14 (mid: r3 14, imm7b 2)", OPC_ADDS_R14,
	  OPC_CARE_ALL, OPC_T_M | OPC_T_I, 2, want_0 },
};

static void opc_attr(struct perf_event_attr *a, const struct opc_case *c)
{
	a->config |= c->match << IA64_PMU_CFG_OPC_MATCH_SHIFT;
	a->config1 |= (c->care << IA64_PMU_CFG1_OPC_CARE_SHIFT) | c->types;
	if (c->mid) {
		a->config |= opc_mid_config((14 << 7) | c->mid);
		a->config1 |= IA64_PMU_CFG1_OPC_CARE_MID_MASK;
	}
}

/*
 * IA64_TAGGED_INST_RETIRED (PMC8's tag; the Montecito's first matcher,
 * PMC32/33), user only, over win_loop(N), with a pattern: exactly the
 * matching instructions. The first case is the same window unqualified:
 * every instruction. Not in a group with IA64_INST_RETIRED: on the
 * Itanium 2 and the Montecito that is IBR pair 0's tag with the first
 * matcher (umask 0), which would see the pattern too, so the driver
 * refuses the pair (EBUSY, matchers must agree). Generic: the opcode
 * fields are EOPNOTSUPP (no qualification).
 */
static int t_opcode_match(void)
{
	struct perf_event_attr a;
	const struct opc_case *c;
	const u64 n = 1000;
	u64 got, want;
	long fd, ret;
	unsigned int i;
	const char *ev = NULL;
	int mont = ident_is("montecito");

	if (is_generic()) {
		ret = attr_event(&a, "instructions");
		EXPECT(!ret, "events/instructions: %s", errname(ret));
		if (ret)
			return 1;
		opc_attr(&a, &opc_cases[1]);
		a.exclude_kernel = 1;
		fd = perf_open(&a, 0, -1);
		out("# measured: instructions:u with opc_match 0x%lx "
		    "opc_care 0x%lx opc_i on the generic model: %s\n",
		    opc_cases[1].match, opc_cases[1].care, errname(fd));
		EXPECT_EQ("errno", -fd, EOPNOTSUPP);
		if (fd >= 0)
			sys_close(fd);
		return test_failed;
	}
	for (i = 0; i < ARRAY_SIZE(tagged_events); i++)
		if (!attr_event(&a, tagged_events[i])) {
			ev = tagged_events[i];
			break;
		}
	EXPECT(ev, "no IA64_TAGGED_INST_RETIRED event");
	if (!ev)
		return 1;

	/* a opc_match bit outside opc_care: the matcher would ignore it */
	a.config |= OPC_NOP << IA64_PMU_CFG_OPC_MATCH_SHIFT;
	a.config1 |= OPC_T_I;
	a.exclude_kernel = 1;
	fd = perf_open(&a, 0, -1);
	out("# measured: %s:u opc_match 0x%lx, opc_care 0: %s\n", ev,
	    OPC_NOP, errname(fd));
	EXPECT_EQ("opc_match outside opc_care (errno)", -fd, EINVAL);
	if (fd >= 0)
		sys_close(fd);

	win_loop(-1, 0, 0);
	for (i = 0; i < ARRAY_SIZE(opc_cases); i++) {
		c = &opc_cases[i];
		attr_event(&a, ev);
		a.exclude_kernel = 1;
		opc_attr(&a, c);
		fd = perf_open(&a, 0, -1);
		if (c->mid && !mont) {
			/* opc_care_mid: the ldlat bits, reserved here */
			out("# measured: %s: %s\n", c->what, errname(fd));
			EXPECT_EQ("opc_care_mid off the Montecito (errno)", -fd,
				  EINVAL);
			if (fd >= 0)
				sys_close(fd);
			continue;
		}
		EXPECT(fd >= 0, "%s: perf_event_open(%s:u): %s", c->what, ev,
		       errname(fd));
		if (fd < 0)
			return 1;
		EXPECT_EQ("win_loop status", win_loop(fd, n - 1, 0), 0);
		got = (u64)read1(fd);
		sys_close(fd);
		want = c->want(n);
		out("# measured: N=%lu %s: %s:u %lu (expected %lu, the window "
		    "%lu); opc_match 0x%lx opc_care 0x%lx types%s%s%s%s\n", n,
		    c->what, ev, got, want, WIN_LOOP_USER(n), c->match, c->care,
		    c->types & OPC_T_M ? " m" : "",
		    c->types & OPC_T_I ? " i" : "",
		    c->types & OPC_T_B ? " b" : "",
		    c->mid ? ", opc_care_mid all" : "");
		EXPECT_EQ(c->what, got, want);
	}
	return test_failed;
}

const struct test tests[] = {
	{ "identity", t_identity },
	{ "inst_user", t_inst_user },
	{ "inst_kernel", t_inst_kernel },
	{ "inst_both", t_inst_both },
	{ "reenable", t_reenable },
	{ "after_close", t_after_close },
	{ "sample_period", t_sample_period },
	{ "per_task_switch", t_per_task_switch },
	{ "group_read4", t_group_read4 },
	{ "overflow_width", t_overflow_width },
	{ "branch_stack", t_branch_stack },
	{ "branch_xfer", t_branch_xfer },
	{ "dear_samples", t_dear_samples },
	{ "ibr_filter", t_ibr_filter },
	{ "opcode_match", t_opcode_match },
	{ "user_read_exact", t_user_read_exact },
	{ "user_read_libperf", t_user_read_libperf },
	{ "user_read_switch", t_user_read_switch },
	{ "user_read_rdpmc0", t_user_read_rdpmc0 },
	{ "user_read_rdpmc1", t_user_read_rdpmc1 },
	{ "user_read_rdpmc2", t_user_read_rdpmc2 },
	{ "user_read_noleak", t_user_read_noleak },
	{ "user_read_example", t_user_read_example },
	{ "user_read_multiplex", t_user_read_multiplex },
};

const unsigned int nr_tests = ARRAY_SIZE(tests);
