// SPDX-License-Identifier: GPL-2.0
/*
 * Counters a task reads itself, without a system call (issue 44): the
 * event's user page (cap_user_rdpmc, index = PMD number + 1, offset,
 * pmc_width) and mov r = pmd[], which at privilege level 3 returns the
 * count of a user monitor (PMC.pm = 0) while PSR.sp is 0, and 0 otherwise
 * ([SDM-2] §7.2.1, Table 7-5). The knob PMU_DIR/rdpmc: 0 never, 1 (the
 * default) for mapped events, 2 for unmapped ones too.
 *
 * Exactness: ur_read_sys() (win.S) reads a PMD and enters read() on the
 * same event UR_READ_SYS_AFTER user instructions later, so the count the
 * page and the PMD give must be read()'s less that, exactly. Between two
 * self-reads in C the user instructions are those of the same code each
 * time, so around win_loop(N) their difference is 3N plus a constant:
 * exact differences in N. A pass of the seqlock loop that has to retry
 * runs more of them; the tests count the passes (struct uval) and compare
 * only the reads that took one.
 *
 * user_read_exact    the page of instructions:u (cap_user_rdpmc 1,
 *                    cap_user_time* 0, pmc_width the identity's, index 0
 *                    until enabled, then PMD4 + 1 ...); user read + 3 ==
 *                    read() exactly; around win_loop(N), N = 1 .. 30000,
 *                    differences exactly 3 (N - N'); disabled: index 0,
 *                    offset == read(), the PMD reads 0; enabled again:
 *                    exact again
 * user_read_libperf  the same differences with libperf's ia64
 *                    read_perf_counter() (patches/perf, extracted from
 *                    the patched tools/lib/perf/mmap.c at build time),
 *                    and its reads equal to the inline mov's, less a
 *                    constant
 * user_read_switch   a counting and a sampling (period 997) readable
 *                    event, read each round trip with a competitor that
 *                    reads its own readable event: every one-pass read
 *                    exactly one round's instructions after the previous
 *                    (the same for both events, though the sampler
 *                    wraps), the round's growth with N exactly 3 N, the
 *                    last read exactly read()'s, floor(count / 997)
 *                    samples; the competitor's reads as exact
 * user_read_rdpmc0   rdpmc 0: cap_user_rdpmc 0, index 0, every generic
 *                    PMD reads 0 while the event counts
 * user_read_rdpmc1   rdpmc 1: unmapped, every PMD reads 0 (PSR.sp); mapped,
 *                    the event's PMD exact and the others 0; unmapped
 *                    again, all 0
 * user_read_rdpmc2   rdpmc 2: unmapped, exactly one PMD moves, and its
 *                    growth is read()'s exactly; the page, mapped later,
 *                    names that PMD; back to 1, the event stays readable
 *                    (a write applies to events opened after it)
 * user_read_noleak   an unprivileged task (uid 65534) with its own mapped
 *                    event reads every generic PMD: 0 but its own, while
 *                    root's CPU-wide instructions:u counts and right after
 *                    a competitor's readable event ran
 * user_read_example  the documentation's example (user_read_example.c):
 *                    differences exactly 3 (N - N'), -1 once disabled
 * user_read_multiplex  caps/counters + 1 readable instructions:u events,
 *                    multiplexed (the core rotates them from its
 *                    hrtimer), read each round until each was found
 *                    taken off the PMU and put back MX_MIN_MOVES times:
 *                    on a counter, user read + 3 == read() exactly; off
 *                    it, index 0 and offset == read(), unchanged while
 *                    the page is; counts and times never decrease;
 *                    disabled, offset == read()
 */
#include "ski.h"
#include "win.h"

#define RDPMC_KNOB	PMU_DIR "/rdpmc"
#define FIRST_CTR	4		/* PMC/PMD4: the first generic counter */
#define UREAD_TRIES	1000		/* passes before giving up on the lock */

/* the compiler keeps the page's reads on their side of it */
static inline void barrier(void)
{
	asm volatile("" : : : "memory");
}

static inline u64 pmd_read(u64 n)
{
	u64 v;

	asm volatile("mov %0 = pmd[%1]" : "=r" (v) : "r" (n));
	return v;
}

static u64 pmd_read_fn(unsigned int n)
{
	return pmd_read(n);
}

/* @v sign-extended from bit @width - 1 */
static s64 sext(u64 v, unsigned int width)
{
	unsigned int s = width && width < 64 ? 64 - width : 0;

	return (s64)(v << s) >> s;
}

struct uval {
	u64 count;	/* offset + the sign-extended counter */
	u64 raw;	/* the PMD as mov read it */
	u32 idx;	/* the page's index */
	u32 tries;	/* passes of the seqlock loop */
};

/*
 * The seqlock loop of include/uapi/linux/perf_event.h, with @rd reading
 * the PMD: 0, -1 when the page says the counter cannot be read (no
 * cap_user_rdpmc, or index 0), -2 when the lock moved in every pass
 */
static int uread(volatile struct perf_event_mmap_page *pg,
		 u64 (*rd)(unsigned int), struct uval *v)
{
	u32 seq, t;

	v->tries = 0;	/* 0: failed */
	for (t = 1; t <= UREAD_TRIES; t++) {
		seq = pg->lock;
		barrier();
		v->idx = pg->index;
		v->count = pg->offset;
		if (!pg->cap_user_rdpmc || !v->idx)
			return -1;
		v->raw = rd(v->idx - 1);
		v->count += sext(v->raw, pg->pmc_width);
		barrier();
		if (pg->lock == seq) {
			v->tries = t;
			return 0;
		}
	}
	return -2;
}

/* for the bench: the count of @pg's event, read as the tests do */
int user_read_count(volatile struct perf_event_mmap_page *pg, u64 *count)
{
	struct uval v;
	int ret = uread(pg, pmd_read_fn, &v);

	*count = v.count;
	return ret;
}

/*
 * The page's count against the kernel's: ur_read_sys() reads the PMD,
 * then read() returns the count UR_READ_SYS_AFTER instructions later
 */
static int uread_vs_read(volatile struct perf_event_mmap_page *pg, long fd,
			 const char *what)
{
	u64 k = ~0ULL, off = 0, raw = 0, want;
	u32 seq, idx = 0, tries;

	for (tries = 1; tries <= UREAD_TRIES; tries++) {
		seq = pg->lock;
		barrier();
		idx = pg->index;
		off = pg->offset;
		if (!pg->cap_user_rdpmc || !idx) {
			EXPECT(0, "%s: cap_user_rdpmc %u index %u: no counter "
			       "to read", what, (u32)pg->cap_user_rdpmc, idx);
			return -1;
		}
		raw = ur_read_sys(idx - 1, fd, &k);
		barrier();
		if (pg->lock == seq)
			break;
	}
	if (tries > UREAD_TRIES) {
		EXPECT(0, "%s: the page's lock moved in each of %u passes "
		       "(does read() update the page?)", what, UREAD_TRIES);
		return -1;
	}
	want = off + sext(raw, pg->pmc_width) + UR_READ_SYS_AFTER;
	out("# measured: %s: PMD%u 0x%lx + offset 0x%lx + %lu = %lu, "
	    "read() %lu\n", what, idx - 1, raw, off, UR_READ_SYS_AFTER,
	    want, k);
	EXPECT_EQ(what, k, want);
	return k == want ? 0 : -1;
}

/* An instructions:u event of this task, disabled, or sampling */
static long open_uinst(u64 period)
{
	struct perf_event_attr a;

	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	if (period) {
		a.sample_period = period;
		a.sample_type = PERF_SAMPLE_IP;
	}
	return perf_open(&a, 0, -1);
}

/* The event's first page alone (no ring buffer), or NULL */
static volatile struct perf_event_mmap_page *map_page(long fd)
{
	long p = sys_mmap(0, id.page, PROT_READ, MAP_SHARED, fd, 0);

	if (p < 0 && p > -4096) {
		EXPECT(0, "mmap of the user page: %s", errname(p));
		return NULL;
	}
	return (volatile struct perf_event_mmap_page *)p;
}

static void unmap_page(volatile struct perf_event_mmap_page *pg)
{
	sys_munmap((void *)pg, id.page);
}

static u64 kread(long fd)
{
	u64 v = ~0ULL;

	perf_read(fd, &v, 1);
	return v;
}

/* The generic PMDs, as user mode reads them */
static void scan_pmds(u64 *v)
{
	unsigned int i;

	for (i = 0; i < id.counters && i < 16; i++)
		v[i] = pmd_read(FIRST_CTR + i);
}

/* Which generic PMDs read non-zero: a mask, bit i for PMD4 + i */
static u32 nonzero_pmds(const u64 *v)
{
	unsigned int i;
	u32 m = 0;

	for (i = 0; i < id.counters && i < 16; i++)
		if (v[i])
			m |= 1U << i;
	return m;
}

static void print_pmds(const char *what, const u64 *v)
{
	char buf[512];
	unsigned int i, n = 0;

	for (i = 0; i < id.counters && i < 16 && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, " %u:0x%lx",
			      FIRST_CTR + i, v[i]);
	out("# measured: %s: PMD%s\n", what, buf);
}

/* ---------------------------------------------------------------- */
/* the knob */

static long rdpmc_get(void)
{
	char buf[16];
	u64 v;

	if (read_file(RDPMC_KNOB, buf, sizeof(buf)) <= 0 || parse_u64(buf, &v))
		return -1;
	return (long)v;
}

static int rdpmc_set(long v)
{
	char c = (char)('0' + v);
	long fd = sys_open(RDPMC_KNOB, O_WRONLY, 0), r;

	if (fd < 0) {
		EXPECT(0, "%s: %s", RDPMC_KNOB, errname(fd));
		return -1;
	}
	r = sys_write(fd, &c, 1);
	sys_close(fd);
	EXPECT(r == 1, "write %c to %s: %s", c, RDPMC_KNOB, errname(r));
	EXPECT_EQ("rdpmc read back", rdpmc_get(), v);
	return r == 1 ? 0 : -1;
}

/* ---------------------------------------------------------------- */
/* exact counts */

static const u64 ur_n[] = { 1, 2, 10, 1000, 30000 };

/*
 * Two self-reads around win_loop(-1, N - 1): its ioctls fail (fd -1), and
 * its user instructions are 3N plus a constant, with the C code around
 * it. Each N twice; a difference whose second read retried is measured
 * again.
 */
static int ur_slope(const char *what, volatile struct perf_event_mmap_page *pg,
		    u64 (*rd)(unsigned int))
{
	u64 d[ARRAY_SIZE(ur_n)][2];
	struct uval a, b;
	unsigned int i, r, k;
	int ra, rb;

	win_loop(-1, 0, 0);
	for (i = 0; i < ARRAY_SIZE(ur_n); i++) {
		for (r = 0; r < 2; r++) {
			for (k = 0; k < 5; k++) {
				ra = uread(pg, rd, &a);
				win_loop(-1, ur_n[i] - 1, 0);
				rb = uread(pg, rd, &b);
				if (ra || rb || b.tries == 1)
					break;
			}
			EXPECT(!ra && !rb && b.tries == 1 && b.idx == a.idx,
			       "%s: N=%lu: self-reads %d %d, passes %u, index "
			       "%u then %u", what, ur_n[i], ra, rb, b.tries,
			       a.idx, b.idx);
			if (test_failed)
				return 1;
			d[i][r] = b.count - a.count;
		}
		out("# measured: %s: N=%lu: self-reads %lu apart, %lu and %lu "
		    "(3N + %ld)\n", what, ur_n[i], d[i][0], d[i][0], d[i][1],
		    (long)(d[i][0] - WIN_K * ur_n[i]));
		EXPECT_EQ("the same window twice", d[i][1], d[i][0]);
		if (i)
			EXPECT_EQ("d(N) - d(N')", d[i][0] - d[i - 1][0],
				  WIN_K * (ur_n[i] - ur_n[i - 1]));
	}
	return test_failed;
}

/* The page of an instructions:u event that has not counted yet */
static void check_page(volatile struct perf_event_mmap_page *pg, int enabled)
{
	out("# measured: page: cap_user_rdpmc %u cap_user_time %u "
	    "cap_user_time_zero %u cap_user_time_short %u pmc_width %u "
	    "index %u\n", (u32)pg->cap_user_rdpmc, (u32)pg->cap_user_time,
	    (u32)pg->cap_user_time_zero, (u32)pg->cap_user_time_short,
	    (u32)pg->pmc_width, pg->index);
	EXPECT_EQ("cap_user_rdpmc", pg->cap_user_rdpmc, 1);
	EXPECT_EQ("cap_user_time", pg->cap_user_time, 0);
	EXPECT_EQ("cap_user_time_zero", pg->cap_user_time_zero, 0);
	EXPECT_EQ("cap_user_time_short", pg->cap_user_time_short, 0);
	EXPECT_EQ("pmc_width (caps/counter_width)", pg->pmc_width, id.width);
	if (!enabled)
		EXPECT_EQ("index of a disabled event", pg->index, 0);
	else
		EXPECT(pg->index >= FIRST_CTR + 1 &&
		       pg->index <= FIRST_CTR + id.counters,
		       "index %u: not PMD%u..%u + 1", pg->index, FIRST_CTR,
		       FIRST_CTR + id.counters - 1);
}

int t_user_read_exact(void)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval v;
	u64 k, off;
	u32 idx, seq;
	long fd;
	int i;

	fd = open_uinst(0);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	if (fd < 0)
		return 1;
	pg = map_page(fd);
	if (!pg)
		return 1;
	check_page(pg, 0);
	EXPECT_EQ("self-read of a disabled event", uread(pg, pmd_read_fn, &v),
		  -1);
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	check_page(pg, 1);
	if (test_failed)
		return 1;
	for (i = 0; i < 3; i++) {
		uread_vs_read(pg, fd, "user read vs read()");
		win_loop(-1, 999, 0);
	}
	ur_slope("mov r = pmd[]", pg, pmd_read_fn);

	/* disabled: not on a counter, the count in the offset */
	idx = pg->index;
	sys_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	do {
		seq = pg->lock;
		barrier();
		off = pg->offset;
		k = pg->index;
		barrier();
	} while (pg->lock != seq);
	v.raw = pmd_read(idx - 1);
	out("# measured: disabled: index %lu, offset %lu, read() %lu, PMD%u "
	    "0x%lx\n", k, off, kread(fd), idx - 1, v.raw);
	EXPECT_EQ("index when disabled", k, 0);
	EXPECT_EQ("offset when disabled (== read())", off, kread(fd));
	EXPECT_EQ("the stopped counter's PMD from user mode", v.raw, 0);

	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	EXPECT(pg->index, "index 0 after enabling again");
	uread_vs_read(pg, fd, "enabled again: user read vs read()");
	unmap_page(pg);
	sys_close(fd);
	return test_failed;
}

int t_user_read_libperf(void)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval a, b;
	u64 d0 = 0, d;
	unsigned int i, n = 0;
	long fd;

	fd = open_uinst(0);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	if (fd < 0)
		return 1;
	pg = map_page(fd);
	if (!pg)
		return 1;
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	check_page(pg, 1);
	if (test_failed)
		return 1;
	ur_slope("libperf read_perf_counter()", pg,
		 libperf_read_perf_counter);

	/* the inline mov, then libperf's: a constant apart */
	for (i = 0; i < 20; i++) {
		if (uread(pg, pmd_read_fn, &a) ||
		    uread(pg, libperf_read_perf_counter, &b)) {
			EXPECT(0, "self-read failed");
			break;
		}
		if (b.tries != 1)
			continue;
		d = b.count - a.count;
		if (!n++)
			d0 = d;
		else if (d != d0)
			EXPECT(0, "read %u: libperf's read %lu after the mov's, "
			       "the first time %lu", i, d, d0);
	}
	out("# measured: libperf's read_perf_counter() reads %lu instructions "
	    "after the inline mov (%u one-pass pairs)\n", d0, n);
	EXPECT(n >= 10, "only %u of 20 pairs in one pass", n);
	EXPECT(d0 > 0 && d0 < 1000, "libperf's read %lu after the mov's", d0);
	uread_vs_read(pg, fd, "user read vs read()");
	unmap_page(pg);
	sys_close(fd);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* context switches and overflows */

#define SW_ROUNDS	40

/*
 * What the competitor leaves in the shared page: its reads, its PMD, and
 * each read's count and passes (0: failed)
 */
enum { SH_READS, SH_IDX, SH_COUNT = 8, SH_TRIES = SH_COUNT + SW_ROUNDS };

/*
 * A competitor's own readable event, mapped and enabled, in a child that
 * dies with its parent; the child exits 3 if it cannot have one
 */
static void competitor_event(volatile struct perf_event_mmap_page **pg)
{
	long fd;

	sys_prctl(PR_SET_PDEATHSIG, SIGKILL);
	fd = open_uinst(0);
	*pg = fd >= 0 ? map_page(fd) : NULL;
	if (!*pg)
		sys_exit(3);
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
}

/*
 * The competitor: its own readable instructions:u, mapped; for each byte
 * from @rfd (up to 'q'), a self-read, win_loop(100) and the byte echoed
 * to @wfd, the same code each time
 */
static void competitor(long rfd, long wfd, volatile long *sh)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval v;
	unsigned int i;
	char c;

	competitor_event(&pg);
	for (i = 0; i < SW_ROUNDS; i++) {
		if (sys_read(rfd, &c, 1) != 1 || c == 'q')
			break;
		uread(pg, pmd_read_fn, &v);
		sh[SH_IDX] = v.idx;
		sh[SH_COUNT + i] = (long)v.count;
		sh[SH_TRIES + i] = v.tries;
		win_loop(-1, 99, 0);
		sys_write(wfd, &c, 1);
	}
	sh[SH_READS] = i;
	sys_exit(0);
}

/* The sampler's samples: their number, and those of another task */
static void count_samples(struct ring *r, long pid, u64 *n, u64 *other)
{
	static u64 rec[16];

	*n = *other = 0;
	while (ring_next_sample(r, rec, sizeof(rec))) {
		(*n)++;
		/* IP, then pid and tid */
		if ((u32)rec[2] != (u32)pid)
			(*other)++;
	}
}

/*
 * One run of SW_ROUNDS rounds of win_loop(N) and a round trip through
 * the competitor; the distance of two one-pass reads in *delta
 */
static int switch_run(u64 n, volatile long *sh, u64 *delta)
{
	static struct uval v[2][SW_ROUNDS];
	volatile struct perf_event_mmap_page *pg[2];
	struct perf_event_attr a;
	struct ring r;
	int pa[2], pb[2];
	long fd[2], pid, st, me = sys_getpid();
	u64 d, base = 0, cnt[2], samples, other, clean = 0, cclean = 0;
	u64 cbase = 0, cbad = 0;
	unsigned int i, e;
	char c = 'x';

	memset((void *)sh, 0, 8 * (SH_TRIES + SW_ROUNDS));
	if (sys_pipe2(pa, 0) || sys_pipe2(pb, 0)) {
		EXPECT(0, "pipe2 failed");
		return 1;
	}
	pid = sys_fork();
	if (pid == 0)
		competitor(pa[0], pb[1], sh);
	EXPECT(pid > 0, "fork: %s", errname(pid));
	if (pid < 0)
		return 1;

	fd[0] = open_uinst(0);
	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.sample_period = 997;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	fd[1] = perf_open(&a, 0, -1);
	EXPECT(fd[0] >= 0 && fd[1] >= 0, "perf_event_open: counting %s, "
	       "sampling %s", errname(fd[0]), errname(fd[1]));
	if (fd[0] < 0 || fd[1] < 0)
		return 1;
	pg[0] = map_page(fd[0]);
	if (ring_map(&r, fd[1], 64 * 1024)) {
		EXPECT(0, "mmap of the sampler's ring buffer failed");
		return 1;
	}
	pg[1] = r.pg;
	if (!pg[0])
		return 1;
	sys_ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	sys_ioctl(fd[1], PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < SW_ROUNDS; i++) {
		uread(pg[0], pmd_read_fn, &v[0][i]);
		uread(pg[1], pmd_read_fn, &v[1][i]);
		win_loop(-1, n - 1, 0);
		sys_write(pa[1], &c, 1);
		sys_read(pb[0], &c, 1);
	}
	uread_vs_read(pg[1], fd[1], "sampling event, last read vs read()");
	uread_vs_read(pg[0], fd[0], "counting event, last read vs read()");
	sys_ioctl(fd[1], PERF_EVENT_IOC_DISABLE, 0);
	sys_ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	sys_write(pa[1], "q", 1);
	sys_wait4(pid, &st, 0);
	cnt[0] = kread(fd[0]);
	cnt[1] = kread(fd[1]);
	count_samples(&r, me, &samples, &other);

	/*
	 * v[0][i] to v[0][i + 1] spans v[1][i] and v[0][i + 1]'s passes,
	 * v[1][i] to v[1][i + 1] those of v[0][i + 1] and v[1][i + 1]: one
	 * round when they took one each
	 */
	for (i = 0; i + 1 < SW_ROUNDS; i++) {
		if (!v[0][i].tries || !v[1][i].tries) {
			EXPECT(0, "round %u: a self-read failed", i);
			break;
		}
		for (e = 0; e < 2; e++) {
			if (v[0][i + 1].tries != 1 || v[1][i + e].tries != 1)
				continue;
			d = v[e][i + 1].count - v[e][i].count;
			if (!clean++)
				base = d;
			else if (d != base)
				EXPECT(0, "round %u, %s event: self-reads %lu "
				       "apart, the first one-pass pair %lu",
				       i, e ? "sampling" : "counting", d, base);
		}
	}
	/* the competitor's: its one-pass reads one of its rounds apart */
	for (i = 0; i + 1 < (u64)sh[SH_READS]; i++) {
		if (!sh[SH_TRIES + i]) {
			cbad++;
			continue;
		}
		if (sh[SH_TRIES + i + 1] != 1)
			continue;
		d = sh[SH_COUNT + i + 1] - sh[SH_COUNT + i];
		if (!cclean++)
			cbase = d;
		else if (d != cbase)
			cbad++;
	}
	out("# measured: N=%lu: %u rounds, %lu one-pass pairs %lu apart; "
	    "PMD%u counting %lu, PMD%u sampling %lu (%lu wraps, %lu samples, "
	    "%lu of another task); competitor: PMD%ld, %ld reads, %lu "
	    "one-pass pairs %lu apart, %lu not\n", n, SW_ROUNDS, clean, base,
	    v[0][0].idx - 1, cnt[0], v[1][0].idx - 1, cnt[1],
	    udiv(cnt[1], 997), samples, other, sh[SH_IDX] - 1,
	    sh[SH_READS], cclean, cbase, cbad);
	EXPECT(clean >= SW_ROUNDS, "only %lu one-pass pairs of %u", clean,
	       2 * (SW_ROUNDS - 1));
	EXPECT(udiv(cnt[1], 997) > SW_ROUNDS / 2, "the sampler wrapped %lu "
	       "times", udiv(cnt[1], 997));
	EXPECT_EQ("samples == count / 997", samples, udiv(cnt[1], 997));
	EXPECT_EQ("samples of another task", other, 0);
	EXPECT(!r.lost && !r.throttle, "%lu LOST and %lu THROTTLE records",
	       r.lost, r.throttle);
	EXPECT(WIFEXITED(st) && !WEXITSTATUS(st), "competitor: status 0x%lx",
	       st);
	EXPECT_EQ("competitor's reads", sh[SH_READS], SW_ROUNDS);
	EXPECT_EQ("competitor's reads not one round apart", cbad, 0);
	EXPECT(cclean >= SW_ROUNDS / 2, "competitor: %lu one-pass pairs",
	       cclean);
	*delta = base;
	ring_unmap(&r);
	unmap_page(pg[0]);
	sys_close(fd[1]);
	sys_close(fd[0]);
	for (i = 0; i < 2; i++) {
		sys_close(pa[i]);
		sys_close(pb[i]);
	}
	return test_failed;
}

int t_user_read_switch(void)
{
	volatile long *sh;
	u64 d1 = 0, d2 = 0;

	sh = (volatile long *)sys_mmap(0, id.page, PROT_READ | PROT_WRITE,
				       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if ((long)sh < 0 && (long)sh > -4096) {
		EXPECT(0, "mmap: %s", errname((long)sh));
		return 1;
	}
	win_loop(-1, 0, 0);
	if (switch_run(300, sh, &d1) || switch_run(1300, sh, &d2))
		return 1;
	out("# measured: a round of win_loop(1300) %lu, of win_loop(300) %lu: "
	    "%lu apart, expected %lu\n", d2, d1, d2 - d1, WIN_UL(WIN_K * 1000));
	EXPECT_EQ("round(1300) - round(300)", d2 - d1, WIN_UL(WIN_K * 1000));
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* multiplexing */

#define MX_EVENTS	17	/* caps/counters + 1, at most */
#define MX_N		1000	/* win_loop(MX_N) each round */
#define MX_MIN_MOVES	3	/* found moved off and on, each event */
#define MX_MAX_ROUNDS	20000
#define MX_FMT		(PERF_FORMAT_TOTAL_TIME_ENABLED | \
			 PERF_FORMAT_TOTAL_TIME_RUNNING)

/* One multiplexed event: its page and what the rounds saw of it */
struct mx_event {
	volatile struct perf_event_mmap_page *pg;
	long fd;
	u64 val[3];		/* read(): count, time_enabled, time_running */
	u64 reads;		/* one-pass or retried, that gave a count */
	u32 seq;		/* the page's lock of the last read */
	u32 idx;		/* the page's index of the last read */
	u32 pmds;		/* mask of the PMDs the page named */
	u64 on, off;		/* reads with the event on and off the PMU */
	u64 to_on, to_off;	/* reads that found it moved on, off */
	u64 moved;		/* reads on another PMD than the last one */
	u64 still;		/* off twice, the page unchanged in between */
	u64 retries;		/* passes of the seqlock loop retried */
	u64 bad;		/* failed checks (the first one printed) */
};

/*
 * One read of @e as the uapi loop does it, and read() of the same event
 * back to back: on the PMU, the self-read (ur_read_sys_n()) is read()'s
 * count less UR_READ_SYS_AFTER; off it, the page's offset is read()'s
 * count. Then the count and both times never decrease, and an event that
 * stayed off the PMU (the page not updated since) counted nothing.
 */
static void mx_read(struct mx_event *e, unsigned int n, u64 round)
{
	volatile struct perf_event_mmap_page *pg = e->pg;
	u64 k[3], off = 0, raw = 0, want;
	u32 seq = 0, idx = 0, cap = 0, tries;
	long r = 0;

	for (tries = 1; tries <= UREAD_TRIES; tries++) {
		k[0] = k[1] = k[2] = ~0ULL;
		seq = pg->lock;
		barrier();
		idx = pg->index;
		off = pg->offset;
		cap = pg->cap_user_rdpmc;
		if (idx && cap)
			raw = ur_read_sys_n(idx - 1, e->fd, k, sizeof(k));
		else
			r = sys_read(e->fd, k, sizeof(k));
		barrier();
		if (pg->lock == seq)
			break;
	}
	e->retries += tries - 1;
	if (tries > UREAD_TRIES) {
		if (!e->bad++)
			EXPECT(0, "event %u, round %lu: the page's lock moved in "
			       "each of %u passes", n, round, UREAD_TRIES);
		return;
	}
	if (idx && !cap) {
		if (!e->bad++)
			EXPECT(0, "event %u, round %lu: index %u, but "
			       "cap_user_rdpmc 0", n, round, idx);
		return;
	}
	if (idx) {
		want = off + sext(raw, pg->pmc_width) + UR_READ_SYS_AFTER;
		if ((k[0] != want || idx < FIRST_CTR + 1 ||
		     idx > FIRST_CTR + id.counters) && !e->bad++)
			EXPECT(0, "event %u, round %lu: PMD%u 0x%lx + offset "
			       "0x%lx + %lu = %lu, read() %lu", n, round,
			       idx - 1, raw, off, UR_READ_SYS_AFTER, want,
			       k[0]);
		e->on++;
		e->to_on += e->reads && !e->idx;
		e->moved += e->reads && e->idx && e->idx != idx;
		if (idx > FIRST_CTR && idx <= FIRST_CTR + 32)
			e->pmds |= 1U << (idx - 1 - FIRST_CTR);
	} else {
		if ((r != sizeof(k) || k[0] != off) && !e->bad++)
			EXPECT(0, "event %u, round %lu: off the PMU: offset %lu, "
			       "read() %ld: %lu", n, round, off, r, k[0]);
		e->off++;
		e->to_off += e->reads && e->idx;
		if (e->reads && e->seq == seq && !e->idx) {
			e->still++;
			if (k[0] != e->val[0] && !e->bad++)
				EXPECT(0, "event %u, round %lu: off the PMU, "
				       "the page unchanged, but read() %lu, "
				       "before %lu", n, round, k[0], e->val[0]);
		}
	}
	if ((k[0] < e->val[0] || k[1] < e->val[1] || k[2] < e->val[2] ||
	     k[2] > k[1]) && !e->bad++)
		EXPECT(0, "event %u, round %lu: read() %lu enabled %lu running "
		       "%lu, before %lu %lu %lu", n, round, k[0], k[1], k[2],
		       e->val[0], e->val[1], e->val[2]);
	memcpy(e->val, k, sizeof(k));
	e->reads++;
	e->seq = seq;
	e->idx = idx;
}

/*
 * Has @e been taken off the PMU and put back MX_MIN_MOVES times while
 * the rounds watched (by the page), and do read()'s times agree?
 */
static int mx_rotated(const struct mx_event *e)
{
	return e->to_on >= MX_MIN_MOVES && e->to_off >= MX_MIN_MOVES &&
	       e->val[2] && e->val[2] < e->val[1];
}

int t_user_read_multiplex(void)
{
	static struct mx_event ev[MX_EVENTS];
	struct perf_event_attr a;
	unsigned int i, n = id.counters + 1, all = 0;
	u64 round, k[3], off;
	u32 seq, idx;

	EXPECT(n <= MX_EVENTS, "caps/counters %u: more than %u events needed",
	       id.counters, MX_EVENTS);
	EXPECT_EQ("rdpmc", rdpmc_get(), 1);
	if (test_failed)
		return 1;
	for (i = 0; i < n; i++) {
		attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
		a.exclude_kernel = 1;
		a.read_format = MX_FMT;
		ev[i].fd = perf_open(&a, 0, -1);
		EXPECT(ev[i].fd >= 0, "perf_event_open(instructions:u) %u of "
		       "%u: %s", i + 1, n, errname(ev[i].fd));
		if (ev[i].fd < 0)
			return 1;
		ev[i].pg = map_page(ev[i].fd);
		if (!ev[i].pg)
			return 1;
	}
	for (i = 0; i < n; i++)
		sys_ioctl(ev[i].fd, PERF_EVENT_IOC_ENABLE, 0);

	win_loop(-1, 0, 0);
	for (round = 0; round < MX_MAX_ROUNDS; round++) {
		for (i = 0; i < n; i++)
			mx_read(&ev[i], i, round);
		if (test_failed)
			break;
		for (all = 0, i = 0; i < n; i++)
			all += mx_rotated(&ev[i]);
		if (all == n)
			break;
		win_loop(-1, MX_N - 1, 0);
	}
	out("# measured: %u events of instructions:u on %u counters, %lu "
	    "rounds of win_loop(%u) and %u self-reads\n", n, id.counters,
	    round + (round < MX_MAX_ROUNDS), MX_N, n);
	for (i = 0; i < n; i++)
		out("# measured: event %u: read() %lu, enabled %lu, running "
		    "%lu; reads on the PMU %lu, off %lu; found moved on %lu, "
		    "off %lu, to another PMD %lu; off with the page unchanged "
		    "%lu; PMDs (mask, bit i PMD%u + i) 0x%x; retried passes "
		    "%lu; page updates (lock / 2) %u\n", i, ev[i].val[0],
		    ev[i].val[1], ev[i].val[2], ev[i].on, ev[i].off,
		    ev[i].to_on, ev[i].to_off, ev[i].moved, ev[i].still,
		    FIRST_CTR, ev[i].pmds, ev[i].retries, ev[i].seq / 2);
	EXPECT(all == n, "after %lu rounds, %u of %u events were found "
	       "moved off and on the PMU %u times each, with time_running < "
	       "time_enabled", round, all, n, MX_MIN_MOVES);

	/* disabled: off the PMU, the count in the offset */
	for (i = 0; i < n; i++)
		sys_ioctl(ev[i].fd, PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < n; i++) {
		do {
			seq = ev[i].pg->lock;
			barrier();
			idx = ev[i].pg->index;
			off = ev[i].pg->offset;
			barrier();
		} while (ev[i].pg->lock != seq);
		perf_read(ev[i].fd, k, 3);
		if (idx || off != k[0] || k[0] < ev[i].val[0])
			out("# measured: event %u disabled: index %u, offset "
			    "%lu, read() %lu\n", i, idx, off, k[0]);
		EXPECT_EQ("index when disabled", idx, 0);
		EXPECT_EQ("offset when disabled (== read())", off, k[0]);
		EXPECT(k[0] >= ev[i].val[0], "event %u: read() %lu when "
		       "disabled, %lu before", i, k[0], ev[i].val[0]);
		unmap_page(ev[i].pg);
		sys_close(ev[i].fd);
	}
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* the knob */

int t_user_read_rdpmc0(void)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval v;
	u64 p[16];
	long fd;

	EXPECT_EQ("rdpmc at boot", rdpmc_get(), 1);
	if (test_failed || rdpmc_set(0))
		return 1;
	fd = open_uinst(0);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	pg = fd >= 0 ? map_page(fd) : NULL;
	if (pg) {
		sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		win_loop(-1, 999, 0);
		scan_pmds(p);
		print_pmds("rdpmc 0, counting", p);
		out("# measured: rdpmc 0: cap_user_rdpmc %u index %u, read() "
		    "%lu\n", (u32)pg->cap_user_rdpmc, pg->index, kread(fd));
		EXPECT_EQ("cap_user_rdpmc", pg->cap_user_rdpmc, 0);
		EXPECT_EQ("index", pg->index, 0);
		EXPECT_EQ("self-read", uread(pg, pmd_read_fn, &v), -1);
		EXPECT_EQ("PMDs reading non-zero (mask)", nonzero_pmds(p), 0);
		EXPECT(kread(fd) > WIN_K * 1000, "the event counted %lu",
		       kread(fd));
		unmap_page(pg);
	}
	if (fd >= 0)
		sys_close(fd);
	rdpmc_set(1);
	return test_failed;
}

int t_user_read_rdpmc1(void)
{
	volatile struct perf_event_mmap_page *pg;
	u64 p[16];
	u32 m;
	long fd;

	EXPECT_EQ("rdpmc", rdpmc_get(), 1);
	fd = open_uinst(0);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	if (fd < 0)
		return 1;
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	win_loop(-1, 999, 0);
	scan_pmds(p);
	print_pmds("rdpmc 1, not mapped", p);
	EXPECT_EQ("PMDs reading non-zero, not mapped (mask)", nonzero_pmds(p),
		  0);

	pg = map_page(fd);
	if (!pg)
		return 1;
	check_page(pg, 1);
	if (test_failed)
		return 1;
	win_loop(-1, 999, 0);
	scan_pmds(p);
	m = nonzero_pmds(p);
	print_pmds("rdpmc 1, mapped", p);
	EXPECT_EQ("PMDs reading non-zero, mapped (mask): the event's",
		  m, 1U << (pg->index - 1 - FIRST_CTR));
	uread_vs_read(pg, fd, "mapped: user read vs read()");

	EXPECT_EQ("munmap", sys_munmap((void *)pg, id.page), 0);
	win_loop(-1, 999, 0);
	scan_pmds(p);
	print_pmds("rdpmc 1, unmapped again", p);
	EXPECT_EQ("PMDs reading non-zero, unmapped again (mask)",
		  nonzero_pmds(p), 0);
	/* and after a context switch */
	msleep(1);
	scan_pmds(p);
	print_pmds("rdpmc 1, unmapped, after a sleep", p);
	EXPECT_EQ("PMDs reading non-zero, unmapped, after a sleep (mask)",
		  nonzero_pmds(p), 0);
	sys_close(fd);
	return test_failed;
}

int t_user_read_rdpmc2(void)
{
	volatile struct perf_event_mmap_page *pg;
	u64 p0[16], p1[16], k0 = 0, k1 = 0, r0, r1;
	unsigned int i, pmd = 0, moved = 0;
	long fd;

	if (rdpmc_set(2))
		return 1;
	fd = open_uinst(0);
	EXPECT(fd >= 0, "perf_event_open(instructions:u): %s", errname(fd));
	if (fd < 0)
		goto out;
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	scan_pmds(p0);
	win_loop(-1, 999, 0);
	scan_pmds(p1);
	print_pmds("rdpmc 2, not mapped, before win_loop(1000)", p0);
	print_pmds("rdpmc 2, not mapped, after", p1);
	for (i = 0; i < id.counters && i < 16; i++) {
		if (p1[i] != p0[i]) {
			moved++;
			pmd = FIRST_CTR + i;
		}
	}
	EXPECT_EQ("PMDs that moved", moved, 1);
	EXPECT_EQ("PMDs reading non-zero: the one that moved (mask)",
		  nonzero_pmds(p1), moved == 1 ? 1U << (pmd - FIRST_CTR) : 0);
	if (moved != 1)
		goto out_close;

	/* its growth is the count's: two reads each with read() after */
	r0 = ur_read_sys(pmd, fd, &k0);
	win_loop(-1, 999, 0);
	r1 = ur_read_sys(pmd, fd, &k1);
	out("# measured: PMD%u 0x%lx then 0x%lx, read() %lu then %lu\n", pmd,
	    r0, r1, k0, k1);
	EXPECT_EQ("growth of the PMD == growth of read()",
		  sext(r1, id.width) - sext(r0, id.width), k1 - k0);

	/* the page, mapped now, names that PMD */
	pg = map_page(fd);
	if (pg) {
		out("# measured: mapped: cap_user_rdpmc %u index %u\n",
		    (u32)pg->cap_user_rdpmc, pg->index);
		EXPECT_EQ("cap_user_rdpmc", pg->cap_user_rdpmc, 1);
		EXPECT_EQ("index", pg->index, pmd + 1);
		uread_vs_read(pg, fd, "mapped: user read vs read()");
		unmap_page(pg);
	}

	/* back to 1: the event, opened at 2, stays readable unmapped */
	rdpmc_set(1);
	win_loop(-1, 999, 0);
	scan_pmds(p1);
	print_pmds("rdpmc 1 again, the event opened at 2, unmapped", p1);
	EXPECT_EQ("PMDs reading non-zero (mask)", nonzero_pmds(p1),
		  1U << (pmd - FIRST_CTR));
out_close:
	sys_close(fd);
out:
	rdpmc_set(1);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* nothing else leaks */

#define NL_ROUNDS	8
#define NOBODY		65534

/* What the tasks of user_read_noleak tell the parent */
enum { NL_UID, NL_IDX, NL_BAD, NL_ROUND, NL_CREADS, NL_CRAW,
	NL_PMD = 8 };

/*
 * The unprivileged task: its own mapped instructions:u; NL_ROUNDS times,
 * a byte to the competitor, whose readable event then runs, and as soon
 * as the echo is back, every generic PMD
 */
static void nobody(long wfd, long rfd, volatile long *sh)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval v;
	u64 p[16];
	unsigned int i, r;
	long fd;
	char c = 'x';

	sys_prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (syscall1(__NR_setgid, NOBODY) || syscall1(__NR_setuid, NOBODY))
		sys_exit(2);
	sh[NL_UID] = syscall0(__NR_getuid);
	fd = open_uinst(0);
	if (fd < 0) {
		sh[NL_BAD] = fd;
		sys_exit(3);
	}
	pg = map_page(fd);
	if (!pg)
		sys_exit(4);
	sys_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (r = 0; r < NL_ROUNDS; r++) {
		sys_write(wfd, &c, 1);
		sys_read(rfd, &c, 1);
		scan_pmds(p);
		if (uread(pg, pmd_read_fn, &v)) {
			sh[NL_BAD]++;
			continue;
		}
		sh[NL_IDX] = v.idx;
		for (i = 0; i < id.counters && i < 16; i++) {
			if (FIRST_CTR + i + 1 == v.idx ? !p[i] : !!p[i]) {
				sh[NL_BAD]++;
				sh[NL_ROUND] = r;
				memcpy((void *)&sh[NL_PMD], p, sizeof(p));
			}
		}
	}
	sys_write(wfd, "q", 1);
	sys_exit(0);
}

/* The competitor: for each byte, its readable event counts and is read */
static void reader(long rfd, long wfd, volatile long *sh)
{
	volatile struct perf_event_mmap_page *pg;
	struct uval v;
	char c;

	competitor_event(&pg);
	while (sys_read(rfd, &c, 1) == 1 && c != 'q') {
		win_loop(-1, 99, 0);
		if (!uread(pg, pmd_read_fn, &v) && v.raw) {
			sh[NL_CREADS]++;
			sh[NL_CRAW] = (long)v.raw;
		}
		sys_write(wfd, &c, 1);
	}
	sys_exit(0);
}

int t_user_read_noleak(void)
{
	struct perf_event_attr a;
	volatile long *sh;
	int pa[2], pb[2];
	long cw, pid[2], st[2] = { -1, -1 };
	unsigned int i;

	sh = (volatile long *)sys_mmap(0, id.page, PROT_READ | PROT_WRITE,
				       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if ((long)sh < 0 && (long)sh > -4096) {
		EXPECT(0, "mmap: %s", errname((long)sh));
		return 1;
	}
	EXPECT_EQ("rdpmc", rdpmc_get(), 1);
	/* root's CPU-wide instructions:u: counts everyone's user mode */
	attr_hw(&a, PERF_COUNT_HW_INSTRUCTIONS);
	a.exclude_kernel = 1;
	a.disabled = 0;
	cw = sys_perf_event_open(&a, -1, 0, -1, 0);
	EXPECT(cw >= 0, "perf_event_open(instructions:u, CPU 0): %s",
	       errname(cw));
	if (cw < 0 || sys_pipe2(pa, 0) || sys_pipe2(pb, 0))
		return 1;
	pid[0] = sys_fork();
	if (pid[0] == 0)
		reader(pa[0], pb[1], sh);
	pid[1] = sys_fork();
	if (pid[1] == 0)
		nobody(pa[1], pb[0], sh);
	EXPECT(pid[0] > 0 && pid[1] > 0, "fork: %s %s", errname(pid[0]),
	       errname(pid[1]));
	for (i = 0; i < 2; i++)
		if (pid[i] > 0)
			sys_wait4(pid[i], &st[i], 0);
	out("# measured: unprivileged task: uid %ld, its PMD%ld, %ld bad "
	    "rounds of %u; competitor: %ld self-reads, last PMD 0x%lx; "
	    "root's CPU-wide count %lu\n", sh[NL_UID], sh[NL_IDX] - 1,
	    sh[NL_BAD], NL_ROUNDS, sh[NL_CREADS], (u64)sh[NL_CRAW],
	    kread(cw));
	if (sh[NL_BAD])
		print_pmds("a bad round", (const u64 *)&sh[NL_PMD]);
	EXPECT(WIFEXITED(st[1]) && !WEXITSTATUS(st[1]),
	       "the unprivileged task: status 0x%lx", st[1]);
	EXPECT(WIFEXITED(st[0]) && !WEXITSTATUS(st[0]),
	       "the competitor: status 0x%lx", st[0]);
	EXPECT_EQ("uid", sh[NL_UID], NOBODY);
	EXPECT(sh[NL_IDX] >= FIRST_CTR + 1, "its own index %ld",
	       sh[NL_IDX]);
	EXPECT_EQ("rounds where another PMD read non-zero, or its own 0",
		  sh[NL_BAD], 0);
	EXPECT_EQ("the competitor's non-zero self-reads", sh[NL_CREADS],
		  NL_ROUNDS);
	EXPECT(kread(cw) > 0, "the CPU-wide event counted nothing");
	sys_close(cw);
	return test_failed;
}

/* ---------------------------------------------------------------- */
/* the documentation's example */

int t_user_read_example(void)
{
	struct perf_event_mmap_page *pg = NULL;
	s64 a, b, d[ARRAY_SIZE(ur_n)];
	unsigned int i, k;
	long fd;

	fd = example_open(&pg);
	EXPECT(fd >= 0 && (long)pg > 0, "example_open: %s, page %p",
	       errname(fd), pg);
	if (fd < 0 || (long)pg <= 0)
		return 1;
	win_loop(-1, 0, 0);
	for (i = 0; i < ARRAY_SIZE(ur_n); i++) {
		/* a retried pass only adds: the least of three */
		d[i] = -1;
		for (k = 0; k < 3; k++) {
			a = example_read(pg);
			win_loop(-1, ur_n[i] - 1, 0);
			b = example_read(pg);
			EXPECT(a >= 0 && b >= a, "example_read: %ld, then %ld",
			       a, b);
			if (test_failed)
				return 1;
			if (d[i] < 0 || b - a < d[i])
				d[i] = b - a;
		}
		out("# measured: example_read() around win_loop(%lu): %ld "
		    "apart\n", ur_n[i], d[i]);
		if (i)
			EXPECT_EQ("d(N) - d(N')", d[i] - d[i - 1],
				  WIN_K * (ur_n[i] - ur_n[i - 1]));
	}
	sys_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ("example_read() of a disabled event", example_read(pg), -1);
	EXPECT_EQ("offset of a disabled event == read()", pg->offset,
		  kread(fd));
	sys_munmap(pg, id.page);
	sys_close(fd);
	return test_failed;
}
