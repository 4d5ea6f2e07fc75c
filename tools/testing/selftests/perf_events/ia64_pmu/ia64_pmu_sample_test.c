// SPDX-License-Identifier: GPL-2.0
/*
 * Sampling through the overflow interrupt ([SDM-2] Figure 7-7), with
 * samples counted exactly: the PMU model raises the interrupt in the
 * cycle a counter wraps and the backend delivers it before the rest of
 * the record runs, with the record's ip as the interrupted ip.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_sample.h"

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

/*
 * PERF_EVENT_IOC_PERIOD (and the frequency mode's period adjustment)
 * restarts the event with period_left 0: a fresh period starts, as on
 * every PMU, and nothing has overflowed. No sample, no interrupt: the
 * next one comes a whole new period later.
 */
TEST_F(smp, new_period_starts_without_a_sample)
{
	uint64_t ips[4], period = 2000;
	uint64_t irqs0, irqs1;
	struct ring r;
	int fd;

	fd = open_sampling(CFG_CYCLES, 1000, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject(IP_A, 500, NULL, 0));
	ASSERT_EQ(0, sim_dump_value(0, "irqs_delivered", 10, &irqs0));
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_PERIOD, &period));
	ASSERT_EQ(0, inject(IP_A, 1999, NULL, 0));
	ASSERT_EQ(0, sim_dump_value(0, "irqs_delivered", 10, &irqs1));
	EXPECT_EQ(irqs0, irqs1) TH_LOG("an interrupt without an overflow");
	EXPECT_EQ(0, samples(&r, ips, 4, 0, NULL, NULL));
	ASSERT_EQ(0, inject(IP_B, 1, NULL, 0));		/* 2000 */
	EXPECT_EQ(1, samples(&r, ips, 4, 2000, NULL, NULL));
	EXPECT_EQ(IP_B, ips[0]);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_unmap(&r);
	close(fd);
}

/* Two counters wrap in the same cycle: one interrupt, two samples */
TEST_F(smp, two_counters_overflow_together)
{
	struct ia64_pmu_rec_event ev = ALAT_EV(2);
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
	struct ia64_pmu_rec_event ev = ALAT_EV(1);
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

/* PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD */
struct freq_sample {
	struct perf_event_header h;
	uint64_t ip, period;
};

/* The periods of the samples of @r, sorted; returns how many (<= @max) */
static int sample_periods(struct ring *r, uint64_t *p, int max)
{
	union {
		struct perf_event_header h;
		struct freq_sample s;
		uint8_t raw[512];
	} rec;
	int type, n = 0, i, j;

	while ((type = ring_next(r, &rec, sizeof(rec))))
		if (type == PERF_RECORD_SAMPLE && n < max)
			p[n++] = rec.s.period;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && p[j - 1] > p[j]; j--) {
			uint64_t t = p[j];

			p[j] = p[j - 1];
			p[j - 1] = t;
		}
	return n;
}

/* Busy until @fd has run @ns more than @c says (at most 60 s); into @c */
static void busy_running(int fd, struct count *c, uint64_t ns)
{
	uint64_t end = c->running + ns;
	int i;

	for (i = 0; i < 1200 && c->running < end; i++) {
		busy_ms(50);
		if (read_count(fd, c))
			return;
	}
}

#define FREQ		100

/*
 * Frequency mode: the core sets the period so that sample_freq samples
 * are taken per second of the event's count rate (perf_adjust_period(),
 * smoothed): at each tick from the tick's count over TICK_NSEC (and at
 * an interrupt within two ticks of the one before, from the time between
 * them). Under the free-running model a busy task counts cycles at a
 * steady rate: count over the event's running time. After a second of
 * running time to converge, the periods of a further second's samples
 * are that rate over sample_freq: their median within a factor of 4
 * below, 16 above. A late tick, on a starved emulated CPU, over-estimates
 * the rate: up to 3 times seen at 100 Hz on a loaded host, 10 times at
 * 1000 Hz (more interrupts, later ticks). Never samples per wall-clock
 * second, which a loaded host divides. Broken, the period stays at 1
 * (or goes anywhere): millions of times off.
 */
TEST_F(smp, frequency_mode_converges)
{
	uint64_t p[2048], rate, want, med;
	struct perf_event_attr attr;
	struct count c = { 0 }, c0;
	int fd, n = 0, w, ok = 0;
	struct ring r;

	counting_attr(&attr, CFG_CYCLES);
	attr.freq = 1;
	attr.sample_freq = FREQ;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("freerun", "1"));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	busy_running(fd, &c, 1000000000ULL);
	sample_periods(&r, p, 0);
	/* in one of three windows: the host may stop the VM in one */
	for (w = 0; w < 3 && !ok; w++) {
		c0 = c;
		busy_running(fd, &c, 1000000000ULL);
		n = sample_periods(&r, p, ARRAY_SIZE(p));
		ASSERT_GT(c.running, c0.running);
		rate = (c.value - c0.value) * 1000000000.0 /
		       (c.running - c0.running);
		want = rate / FREQ;
		med = n ? p[n / 2] : 0;
		TH_LOG("window %d: %d samples, median period %llu; %llu events/s of running time: %llu expected",
		       w, n, (unsigned long long)med,
		       (unsigned long long)rate, (unsigned long long)want);
		ok = n >= 5 && med > want / 4 && med < want * 16;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, sim_set("freerun", "0"));
	EXPECT_TRUE(ok);
	ring_unmap(&r);
	close(fd);
}

/*
 * The overflow of a task that is switched out before its interrupt comes
 * ([SDM-2] §7.2.4.2): the delayed interrupt arrives in another task's
 * context and is bogus there; the overflow stays with the task that
 * overflowed, and when it runs again the driver raises the interrupt
 * again: the interrupt routine takes the sample, in that task, at its
 * user state (the event excludes the kernel). The other task, sampling
 * with a period it never reaches, gets nothing. The line is held until
 * the other task runs and releases it: the interrupt comes there.
 */
extern char __executable_start[], etext[];

/*
 * The model's line held (irq_delay_ns past KTIME_MAX) for as long as the
 * test needs, however slow the VM: the overflow is still pending when
 * the task is switched out, whenever that is.
 */
#define IRQ_HOLD	"18446744073709551615"

TEST_F(smp, pending_overflow_at_context_switch)
{
	int go[2], done[2], status, fd, n, type;
	union {
		struct perf_event_header h;
		struct sample s;
		uint8_t raw[512];
	} rec;
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
		/* the held interrupt comes here */
		if (sim_set("irq_delay_ns", "0"))
			_exit(5);
		got = samples(&cr, ips, 4, 0, NULL, NULL);
		if (write(done[1], &c, 1) != 1)
			_exit(4);
		_exit(got == 0 ? 0 : 1);
	}
	fd = open_sampling(CFG_CYCLES, 1000, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_set("irq_delay_ns", IRQ_HOLD));
	ASSERT_EQ(0, inject(IP_A, 1000, NULL, 0));
	/* overflowed, interrupt pending: let the other task run */
	ASSERT_EQ(1, write(go[1], &c, 1));
	ASSERT_EQ(1, read(done[0], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status)) TH_LOG("the other task got a sample");
	n = 0;
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		n++;
		EXPECT_EQ(PERF_RECORD_MISC_USER,
			  rec.h.misc & PERF_RECORD_MISC_CPUMODE_MASK);
		EXPECT_EQ(getpid(), rec.s.pid);
		EXPECT_EQ(1000, rec.s.period);
		/* where this task waited: in its own code */
		EXPECT_GE(rec.s.ip, (uintptr_t)__executable_start);
		EXPECT_LT(rec.s.ip, (uintptr_t)etext);
	}
	EXPECT_EQ(1, n);
	/* and counting went on exactly: samples at 2000 and 3000 */
	ASSERT_EQ(0, inject(IP_B, 2000, NULL, 0));
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

/* A child pinned to CPU0 that spins for @ms once poked */
struct spinner {
	pid_t pid;
	int go[2], done[2];
};

static int spinner_start(struct spinner *sp, long ms)
{
	char c;

	if (pipe(sp->go) || pipe(sp->done))
		return -1;
	sp->pid = fork();
	if (sp->pid < 0)
		return -1;
	if (sp->pid == 0) {
		if (read(sp->go[0], &c, 1) != 1)
			_exit(2);
		busy_ms(ms);
		_exit(write(sp->done[1], &c, 1) == 1 ? 0 : 3);
	}
	return 0;
}

/* Switch this task out while the spinner runs, until it is done */
static int spinner_run(struct spinner *sp)
{
	int status;
	char c = 0;

	if (write(sp->go[1], &c, 1) != 1 || read(sp->done[0], &c, 1) != 1)
		return -1;
	if (waitpid(sp->pid, &status, 0) != sp->pid)
		return -1;
	close(sp->go[0]);
	close(sp->go[1]);
	close(sp->done[0]);
	close(sp->done[1]);
	return WEXITSTATUS(status);
}

/*
 * An overflow left pending at a context switch by a kernel-only event
 * is sampled in kernel mode, not at the task's user state: the driver
 * raises it again at sched-in, merged with the held line, which the
 * write of irq_delay_ns releases in the kernel.
 */
TEST_F(smp, pending_sample_honours_exclude_user)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct spinner sp;
	union {
		struct perf_event_header h;
		uint8_t raw[512];
	} rec;
	int fd, type, n = 0;
	struct ring r;

	ASSERT_EQ(0, spinner_start(&sp, 300));
	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	attr.exclude_user = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_set("irq_delay_ns", IRQ_HOLD));
	rec_cycles(&b, IP_A, 1000, 0, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_EQ(0, spinner_run(&sp));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		n++;
		EXPECT_EQ(PERF_RECORD_MISC_KERNEL,
			  rec.h.misc & PERF_RECORD_MISC_CPUMODE_MASK);
	}
	EXPECT_EQ(1, n);
	ring_unmap(&r);
	close(fd);
}

/*
 * The pending sample of a group leader reads its siblings
 * (PERF_SAMPLE_READ) once every event of the group has its counter.
 */
TEST_F(smp, pending_sample_reads_programmed_group)
{
	struct ia64_pmu_rec_event ev = ALAT_EV(1);
	struct perf_event_attr attr;
	struct spinner sp;
	union {
		struct perf_event_header h;
		struct {
			struct perf_event_header h;
			uint64_t ip, nr, lead, sib;
		} s;
		uint8_t raw[512];
	} rec;
	int lead, sib, type, n = 0;
	struct ring r;

	ASSERT_EQ(0, spinner_start(&sp, 300));
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
	ASSERT_EQ(0, sim_set("irq_delay_ns", IRQ_HOLD));
	ASSERT_EQ(0, inject(IP_A, 1000, &ev, 1));
	ASSERT_EQ(0, spinner_run(&sp));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ioctl(lead, PERF_EVENT_IOC_DISABLE, 0);
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		n++;
		ASSERT_EQ(2ULL, rec.s.nr);
		EXPECT_EQ(1000ULL, rec.s.lead);
		EXPECT_EQ(1000ULL, rec.s.sib);
	}
	EXPECT_EQ(1, n);
	ring_unmap(&r);
	close(sib);
	close(lead);
}

/* x86 perf_regs: ax bx cx dx si di, r8-r15 */
#define REGS_GPR	(0x3fULL | (0xffULL << 16))

/*
 * A CPU-wide event stopped and restarted (an IPI in the idle task) while
 * its overflow interrupt waits: the interrupt raised again merges with
 * the waiting one, and the interrupt routine takes one sample, with the
 * real interrupted registers of that CPU (PERF_SAMPLE_REGS_INTR), not
 * a made-up state.
 */
TEST_F(smp, pending_sample_of_cpu_wide_event_taken_by_isr)
{
	struct perf_event_attr attr;
	union {
		struct perf_event_header h;
		struct {
			struct perf_event_header h;
			uint64_t ip, abi, regs[14];
		} s;
		uint8_t raw[512];
	} rec;
	int fd, type, i, nonzero, n = 0;
	struct ring r;

	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_REGS_INTR;
	attr.sample_regs_intr = REGS_GPR;
	attr.read_format = 0;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, pin_cpu(1));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "500000000"));	/* 0.5 s */
	ASSERT_EQ(0, inject(IP_A, 1000, NULL, 0));
	ASSERT_EQ(0, pin_cpu(0));
	/* CPU1 idles: disable and enable run there in the idle task */
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	EXPECT_EQ(0, ring_next(&r, &rec, sizeof(rec)));	/* not yet */
	usleep(600000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		n++;
		EXPECT_EQ(PERF_RECORD_MISC_KERNEL,
			  rec.h.misc & PERF_RECORD_MISC_CPUMODE_MASK);
		EXPECT_NE(PERF_SAMPLE_REGS_ABI_NONE, rec.s.abi);
		for (i = nonzero = 0; i < 14; i++)
			nonzero += !!rec.s.regs[i];
		EXPECT_GT(nonzero, 0);
	}
	EXPECT_EQ(1, n);
	ring_unmap(&r);
	close(fd);
}

TEST_HARNESS_MAIN
