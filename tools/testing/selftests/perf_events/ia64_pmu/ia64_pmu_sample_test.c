// SPDX-License-Identifier: GPL-2.0
/*
 * Sampling through the overflow interrupt (spec 003 Figure 7-7), with
 * samples counted exactly: the PMU model raises the interrupt in the
 * cycle a counter wraps and the backend delivers it before the rest of
 * the record runs, with the record's ip as the interrupted ip.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define IP_A		0x4000000000001000ULL
#define IP_B		0x4000000000002040ULL
#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define CFG_ALAT	IA64_PMU_CONFIG(0x38, 0x3)

/* PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD */
struct sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t period;
};

static int open_sampling(uint64_t cfg, uint64_t period, int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_PERIOD;
	attr.read_format = 0;
	attr.disabled = group < 0;
	attr.exclude_kernel = 1;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

static int inject(uint64_t ip, uint64_t n, const struct ia64_pmu_rec_event *ev,
		  int nev)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, ip, n, 3, IA64_PMU_ISA_IA64, ev, nev);
	return sim_inject(&b);
}

/* Collect the samples of @r; returns how many, IPs into @ips */
static int samples(struct ring *r, uint64_t *ips, int max, uint64_t period,
		   int *bad_period, int *throttles)
{
	union {
		struct perf_event_header h;
		struct sample s;
		uint8_t raw[512];
	} rec;
	int type, n = 0;

	while ((type = ring_next(r, &rec, sizeof(rec)))) {
		if (type == PERF_RECORD_THROTTLE && throttles)
			(*throttles)++;
		if (type != PERF_RECORD_SAMPLE)
			continue;
		if (n < max)
			ips[n] = rec.s.ip;
		if (period && rec.s.period != period && bad_period)
			(*bad_period)++;
		n++;
	}
	return n;
}

FIXTURE(smp) {
	int dummy;
};

FIXTURE_SETUP(smp)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
}

FIXTURE_TEARDOWN(smp)
{
	sim_set("irq_delay_ns", "0");
	sim_set("freerun", "0");
}

/* Period N: one sample per N events, at the ip of the record */
TEST_F(smp, exact_samples_at_injected_ips)
{
	uint64_t ips[16];
	struct ring r;
	int fd, n, bad = 0;

	fd = open_sampling(CFG_CYCLES, 1000, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject(IP_A, 2500, NULL, 0));	/* 1000, 2000 */
	ASSERT_EQ(0, inject(IP_B, 1000, NULL, 0));	/* 3000 */
	ASSERT_EQ(0, inject(IP_A, 999, NULL, 0));	/* 4000 */
	ASSERT_EQ(0, inject(IP_B, 499, NULL, 0));	/* none: 4998 */
	ASSERT_EQ(0, inject(IP_A, 1, NULL, 0));		/* none: 4999 */
	ASSERT_EQ(0, inject(IP_B, 1, NULL, 0));		/* 5000 */
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	n = samples(&r, ips, 16, 1000, &bad, NULL);
	ASSERT_EQ(5, n);
	EXPECT_EQ(0, bad);
	EXPECT_EQ(IP_A, ips[0]);
	EXPECT_EQ(IP_A, ips[1]);
	EXPECT_EQ(IP_B, ips[2]);
	EXPECT_EQ(IP_A, ips[3]);
	EXPECT_EQ(IP_B, ips[4]);
	ring_unmap(&r);
	close(fd);
}

/* Two counters wrap in the same cycle: one interrupt, two samples */
TEST_F(smp, two_counters_overflow_together)
{
	struct ia64_pmu_rec_event ev = { .code = 0x38, .umask = 0x3, .inc = 2 };
	uint64_t ips[8];
	struct ring ra, rb;
	int a, b;

	a = open_sampling(CFG_CYCLES, 500, -1);
	b = open_sampling(CFG_ALAT, 1000, -1);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	ASSERT_EQ(0, ring_map(&ra, a));
	ASSERT_EQ(0, ring_map(&rb, b));
	ioctl(a, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(b, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject(IP_A, 1500, &ev, 1));
	EXPECT_EQ(3, samples(&ra, ips, 8, 500, NULL, NULL));
	EXPECT_EQ(3, samples(&rb, ips, 8, 1000, NULL, NULL));
	ring_unmap(&ra);
	ring_unmap(&rb);
	close(a);
	close(b);
}

/* A leader samples the counts of its siblings (PERF_SAMPLE_READ) */
TEST_F(smp, group_leader_samples_sibling_counts)
{
	struct ia64_pmu_rec_event ev = { .code = 0x38, .umask = 0x3, .inc = 1 };
	struct perf_event_attr attr;
	union {
		struct perf_event_header h;
		struct {
			struct perf_event_header h;
			uint64_t ip, nr, lead, sib;
		} s;
		uint8_t raw[512];
	} rec;
	struct ring r;
	int lead, sib, type, n = 0;

	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_READ;
	attr.read_format = PERF_FORMAT_GROUP;
	attr.exclude_kernel = 1;
	lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(lead, 0);
	counting_attr(&attr, CFG_ALAT);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	sib = sys_perf_event_open(&attr, 0, -1, lead, 0);
	ASSERT_GE(sib, 0);
	ASSERT_EQ(0, ring_map(&r, lead));
	ioctl(lead, PERF_EVENT_IOC_ENABLE, 0);
	/* ALAT once per cycle for the first 1500 cycles only */
	ASSERT_EQ(0, inject(IP_A, 1500, &ev, 1));
	ASSERT_EQ(0, inject(IP_B, 1500, NULL, 0));
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		n++;
		ASSERT_EQ(2ULL, rec.s.nr);
		EXPECT_EQ(1000ULL * n, rec.s.lead);
		EXPECT_EQ(n == 1 ? 1000ULL : 1500ULL, rec.s.sib);
	}
	EXPECT_EQ(3, n);
	ring_unmap(&r);
	close(sib);
	close(lead);
}

/*
 * Frequency mode: the core adjusts the period so that about sample_freq
 * samples are taken per second of the event's running time. Under the
 * free-running model the task runs a busy loop: after a second to
 * converge, the next second has about sample_freq samples.
 */
TEST_F(smp, frequency_mode_converges)
{
	struct perf_event_attr attr;
	uint64_t ips[4];
	struct ring r;
	int fd, n;

	counting_attr(&attr, CFG_CYCLES);
	attr.freq = 1;
	attr.sample_freq = 100;
	attr.sample_type = PERF_SAMPLE_IP;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("freerun", "1"));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	busy_ms(1000);
	samples(&r, ips, 4, 0, NULL, NULL);
	busy_ms(1000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, sim_set("freerun", "0"));
	n = samples(&r, ips, 4, 0, NULL, NULL);
	TH_LOG("%d samples in 1 s after convergence, sample_freq 100", n);
	EXPECT_GT(n, 50);
	EXPECT_LT(n, 150);
	ring_unmap(&r);
	close(fd);
}

/*
 * The overflow of a task that is switched out before its interrupt comes
 * (spec 003 §7.2.4.2): the delayed interrupt arrives in another task's
 * context and is bogus there; the sample goes to the task that
 * overflowed, when it runs again. The other task, sampling with a
 * period it never reaches, gets nothing.
 */
TEST_F(smp, pending_overflow_at_context_switch)
{
	int go[2], done[2], status, fd, n;
	uint64_t ips[4];
	char c = 0;
	struct ring r;
	pid_t pid;

	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(done));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		/* the other task: monitored, spinning when the irq comes */
		struct ring cr;
		int cfd = open_sampling(CFG_CYCLES, 1000000, -1), got;

		if (cfd < 0 || ring_map(&cr, cfd))
			_exit(2);
		ioctl(cfd, PERF_EVENT_IOC_ENABLE, 0);
		if (read(go[0], &c, 1) != 1)
			_exit(3);
		busy_ms(200);
		got = samples(&cr, ips, 4, 0, NULL, NULL);
		if (write(done[1], &c, 1) != 1)
			_exit(4);
		_exit(got == 0 ? 0 : 1);
	}
	fd = open_sampling(CFG_CYCLES, 1000, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_set("irq_delay_ns", "50000000"));	/* 50 ms */
	ASSERT_EQ(0, inject(IP_A, 1000, NULL, 0));
	/* overflowed, interrupt pending: let the other task run */
	ASSERT_EQ(1, write(go[1], &c, 1));
	ASSERT_EQ(1, read(done[0], &c, 1));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status)) TH_LOG("the other task got a sample");
	ASSERT_EQ(0, inject(IP_B, 10, NULL, 0));
	n = samples(&r, ips, 4, 1000, NULL, NULL);
	EXPECT_EQ(1, n);
	/* and counting went on exactly */
	ASSERT_EQ(0, inject(IP_B, 1990, NULL, 0));
	EXPECT_EQ(3, n + samples(&r, ips, 4, 1000, NULL, NULL));
	ring_unmap(&r);
	close(fd);
}

/* A bogus interrupt (fr clear) is ignored and loses nothing */
TEST_F(smp, bogus_interrupt_ignored)
{
	uint64_t ips[8];
	struct ring r;
	int fd;

	fd = open_sampling(CFG_CYCLES, 1000, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject(IP_A, 600, NULL, 0));
	ASSERT_EQ(0, sim_set("fault/spurious_irq", "0"));
	ASSERT_EQ(0, sim_set("fault/spurious_irq", "0"));
	EXPECT_EQ(0, samples(&r, ips, 8, 0, NULL, NULL));
	ASSERT_EQ(0, inject(IP_B, 2400, NULL, 0));	/* at 1000, 2000, 3000 */
	EXPECT_EQ(3, samples(&r, ips, 8, 1000, NULL, NULL));
	EXPECT_EQ(IP_B, ips[0]);
	ring_unmap(&r);
	close(fd);
}

#define MAX_RATE "/proc/sys/kernel/perf_event_max_sample_rate"

static int write_file(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -1;
}

/*
 * Throttling engages on an interrupt storm and the event recovers. The
 * rate cap is lowered to 1000 samples/s (a few per tick): the emulated
 * machine cannot take interrupts as fast as the default cap.
 */
TEST_F(smp, throttling_engages_and_recovers)
{
	int fd, n, throttles = 0;
	char old_rate[32] = "100000";
	uint64_t ips[4];
	struct ring r;
	FILE *f;

	f = fopen(MAX_RATE, "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(old_rate, sizeof(old_rate), f));
	fclose(f);
	ASSERT_EQ(0, write_file(MAX_RATE, "1000"));
	fd = open_sampling(CFG_CYCLES, 10, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/* 100000 overflows in one record: far above the cap */
	ASSERT_EQ(0, inject(IP_A, 1000000, NULL, 0));
	n = samples(&r, ips, 4, 0, NULL, &throttles);
	EXPECT_GT(throttles, 0);
	EXPECT_LT(n, 100000);
	/* after a tick the core unthrottles: samples come again */
	usleep(100000);
	ASSERT_EQ(0, inject(IP_B, 100, NULL, 0));
	EXPECT_GT(samples(&r, ips, 4, 0, NULL, NULL), 0);
	ring_unmap(&r);
	close(fd);
	EXPECT_EQ(0, write_file(MAX_RATE, old_rate));
}

TEST_HARNESS_MAIN
