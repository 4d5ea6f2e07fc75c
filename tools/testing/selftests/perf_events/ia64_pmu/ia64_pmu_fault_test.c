// SPDX-License-Identifier: GPL-2.0
/*
 * The driver against the faults the simulated backend injects
 * (ia64_pmu_sim/fault/): counters that advance between register
 * accesses, lost PMC0 writes, a stuck freeze bit, bogus interrupts, and
 * registers left in a non-default state by an earlier user. Each test is
 * named after the defect it pins; the events are CPU-wide on CPU0 where
 * the defect needs an event that no context switch reprograms.
 */

#include <pthread.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define IP_A		0x4000000000001000ULL
#define IP_B		0x4000000000002040ULL
#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
/*
 * IA64_TAGGED_INST_RETIRED with the PMC8 tag: umask 0011 on the Itanium
 * ([ITA-RM] Table 7-30), IBRP0_PMC8 umask 0000 on the Itanium 2
 * ([PFM-I2] event list)
 */
#define CFG_TAGGED_PMC8	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0x3)
#define CFG2_TAGGED_PMC8 IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0x0)

/* A sampling event on @cpu (pid -1), or on this task (@cpu -1) */
static int open_sampler(uint64_t cfg, uint64_t period, int cpu,
			int exclude_kernel)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	attr.disabled = 0;
	attr.exclude_kernel = exclude_kernel;
	return sys_perf_event_open(&attr, cpu < 0 ? 0 : -1, cpu, -1, 0);
}

static uint64_t value_of(int fd)
{
	uint64_t v = ~0ULL;

	return read(fd, &v, sizeof(v)) == sizeof(v) ? v : ~0ULL;
}

static int count_samples(struct ring *r)
{
	uint8_t rec[512];
	int type, n = 0;

	while ((type = ring_next(r, rec, sizeof(rec))))
		n += type == PERF_RECORD_SAMPLE;
	return n;
}

static int inject_cycles(uint64_t ip, uint64_t n)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, ip, n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	return sim_inject(&b);
}

/* Writes to PMC1, PMC2 and PMC3 of CPU0, and its unhandled interrupts */
struct pmc1_3_count {
	uint64_t writes[4];
	uint64_t unhandled, delivered;
};

static int pmc1_3_count(struct pmc1_3_count *c)
{
	char name[32];
	int i;

	for (i = 1; i <= 3; i++) {
		snprintf(name, sizeof(name), "pmc%d_writes", i);
		if (sim_dump_value(0, name, 10, &c->writes[i]))
			return -1;
	}
	if (sim_dump_value(0, "irqs_unhandled", 10, &c->unhandled) ||
	    sim_dump_value(0, "irqs_delivered", 10, &c->delivered))
		return -1;
	return 0;
}

/* Kernel log lines containing @what, written since kmsg_open() */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

static int kmsg_count(int fd, const char *what)
{
	char line[1024];
	ssize_t n;
	int count = 0;

	while ((n = read(fd, line, sizeof(line) - 1)) > 0 ||
	       (n < 0 && errno == EPIPE)) {
		if (n <= 0)
			continue;
		line[n] = 0;
		count += !!strstr(line, what);
	}
	return count;
}

/* Longer than two watchdog periods (100 ms) under emulation */
#define WATCHDOG_WAIT_US	500000

FIXTURE(fault) {
	int dummy;
};

FIXTURE_SETUP(fault)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(fault)
{
	sim_set("fault/cycles_per_access", "0");
	sim_set("fault/lose_pmc0_writes", "0");
	sim_set("fault/stuck_fr", "0");
	sim_set("irq_delay_ns", "0");
	set_cpu1_online(1);
	pin_cpu(0);
}

/*
 * Freezing the PMU is a read-modify-write of PMC0. With the counters
 * advancing between register accesses, a counter that wraps between the
 * read and the write loses its sticky overflow bit unless the driver
 * stops the monitors first: a CPU-wide sampling event, never reloaded
 * by the task events that come and go around it, would then take no
 * sample for the next 2^32 events. Every period must give its sample.
 */
TEST_F(fault, lost_overflow_on_freeze)
{
	uint64_t count, expect;
	int cpu_fd, task_fd, i, n = 0;
	struct perf_event_attr attr;
	struct ring r;

	cpu_fd = open_sampler(CFG_CYCLES, 1000, 0, 0);
	ASSERT_GE(cpu_fd, 0);
	ASSERT_EQ(0, ring_map(&r, cpu_fd));
	counting_attr(&attr, CFG_CYCLES);
	attr.exclude_kernel = 1;
	task_fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(task_fd, 0);

	/* each enable/disable of the task event freezes/unfreezes CPU0 */
	ASSERT_EQ(0, sim_set("fault/cycles_per_access", "300"));
	for (i = 0; i < 300; i++) {
		ioctl(task_fd, PERF_EVENT_IOC_ENABLE, 0);
		ioctl(task_fd, PERF_EVENT_IOC_DISABLE, 0);
		if (i % 50 == 0)
			n += count_samples(&r);
	}
	ASSERT_EQ(0, sim_set("fault/cycles_per_access", "0"));
	ioctl(cpu_fd, PERF_EVENT_IOC_DISABLE, 0);
	count = value_of(cpu_fd);
	n += count_samples(&r);
	expect = count / 1000;
	TH_LOG("%llu cycles, %d samples", (unsigned long long)count, n);
	ASSERT_GT(expect, 20);
	/* the last period may still be pending at the disable */
	EXPECT_GE(n + 1, expect);
	EXPECT_LE(n, expect);
	ring_unmap(&r);
	close(task_fd);
	close(cpu_fd);
}

/*
 * The interrupt handler's PMC0 write (clear the overflow bits, unfreeze)
 * is lost: no interrupt will ever come again. The driver's watchdog
 * finds the PMU frozen with no interrupt, recovers, and counting and
 * sampling go on; only what the frozen PMU did not see is missing.
 */
TEST_F(fault, lose_pmc0_writes_recovers)
{
	uint64_t lost = 0;
	struct ring r;
	int fd, n;

	fd = open_sampler(CFG_CYCLES, 1000, 0, 1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, inject_cycles(IP_A, 999));
	ASSERT_EQ(0, sim_set("fault/lose_pmc0_writes", "1"));
	ASSERT_EQ(0, inject_cycles(IP_A, 1));		/* overflow */
	ASSERT_EQ(1, count_samples(&r));
	ASSERT_EQ(0, inject_cycles(IP_B, 500));		/* frozen: lost */
	usleep(WATCHDOG_WAIT_US);
	ASSERT_EQ(0, sim_dump_value(0, "lost_pmc0_writes", 10, &lost));
	EXPECT_GE(lost, 1);
	ASSERT_EQ(0, inject_cycles(IP_B, 2000));
	n = count_samples(&r);
	EXPECT_EQ(2, n);
	EXPECT_EQ(3000, value_of(fd));
	ring_unmap(&r);
	close(fd);
}

/*
 * An overflow left in PMC0 by an event that is gone: its interrupt comes
 * late (irq_delay_ns), the PMC0 write that should clear its bit when the
 * event stops is lost, and the interrupt then finds the CPU unmonitored
 * (bogus). PMC0 holds fr and an overflow bit that no interrupt will
 * serve. The next event on the CPU must count at once, not after the
 * watchdog: the bits are stale when the CPU becomes monitored (found by
 * the fuzzer as sentinels that counted nothing, seed 23).
 */
TEST_F(fault, stale_overflow_when_monitoring_starts)
{
	struct perf_event_attr attr;
	uint64_t pmc0 = 0;
	int fd;

	counting_attr(&attr, CFG_CYCLES);
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	/*
	 * late enough that the event is closed first, however slowly the
	 * host runs this test (50 ms was once not enough)
	 */
	ASSERT_EQ(0, sim_set("irq_delay_ns", "1000000000"));
	/* a counting event overflows every half range: 2^31, 2^46 */
	ASSERT_EQ(0, inject_cycles(IP_A, 1ULL << (pmu_counter_width() - 1)));
	ASSERT_EQ(0, sim_set("fault/lose_pmc0_writes", "1"));
	close(fd);
	ASSERT_EQ(0, sim_set("fault/lose_pmc0_writes", "0"));
	usleep(1200000);	/* the late interrupt: bogus now */
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(0, sim_dump_value(0, "pmc0", 16, &pmc0));
	ASSERT_EQ(0x11, pmc0) TH_LOG("the stale state is not there");

	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, inject_cycles(IP_B, 1234));
	EXPECT_EQ(1234, value_of(fd));
	close(fd);
}

/*
 * PMC0.fr cannot be cleared: monitoring stays frozen, the CPU does not
 * hang in a retry loop and the log says so once. When the fault goes,
 * counting resumes by itself.
 */
TEST_F(fault, stuck_fr_does_not_hang_and_recovers)
{
	struct ring r;
	int fd, kmsg;

	kmsg = kmsg_open();
	ASSERT_GE(kmsg, 0);
	fd = open_sampler(CFG_CYCLES, 1000, 0, 1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("fault/stuck_fr", "1"));
	ASSERT_EQ(0, inject_cycles(IP_A, 1000));	/* overflow */
	ASSERT_EQ(1, count_samples(&r));
	ASSERT_EQ(0, inject_cycles(IP_B, 500));		/* frozen: lost */
	usleep(3 * WATCHDOG_WAIT_US);
	EXPECT_EQ(1, kmsg_count(kmsg, "cannot be cleared"));
	ASSERT_EQ(0, sim_set("fault/stuck_fr", "0"));
	usleep(WATCHDOG_WAIT_US);
	ASSERT_EQ(0, inject_cycles(IP_B, 1000));
	EXPECT_EQ(1, count_samples(&r));
	EXPECT_EQ(2000, value_of(fd));
	ring_unmap(&r);
	close(fd);
	close(kmsg);
}

/* A kernel address, as a record's ip at privilege level 0 */
#define IP_K		0xa000000100001000ULL

/* Spin in user mode for @us: no system call, so the timers interrupt it */
static void spin_user_us(long us)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
	} while ((b.tv_sec - a.tv_sec) * 1000000L +
		 (b.tv_nsec - a.tv_nsec) / 1000 < us);
}

/*
 * A kernel-only sampler's overflow whose interrupt never comes (held by
 * the model, irq_delay_ns past KTIME_MAX) is taken by the watchdog, from
 * its timer, which interrupts whatever runs: here this task in user
 * mode. The sample must still say kernel, never PERF_RECORD_MISC_USER:
 * the event counted nothing in user mode.
 */
TEST_F(fault, watchdog_sample_of_kernel_event_is_kernel)
{
	struct perf_event_attr attr;
	struct perf_event_header h;
	struct rec_buf b = { .len = 0 };
	uint8_t rec[512];
	int fd, type, n = 0;
	struct ring r;

	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	attr.disabled = 0;
	attr.exclude_user = 1;
	fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "18446744073709551615"));
	rec_cycles(&b, IP_K, 1000, 0, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_inject(&b));			/* overflow, held */
	/* two watchdog checks (100 ms) and room for a slow host */
	spin_user_us(3 * WATCHDOG_WAIT_US);
	while ((type = ring_next(&r, rec, sizeof(rec)))) {
		if (type != PERF_RECORD_SAMPLE)
			continue;
		memcpy(&h, rec, sizeof(h));
		EXPECT_EQ(PERF_RECORD_MISC_KERNEL,
			  h.misc & PERF_RECORD_MISC_CPUMODE_MASK);
		n++;
	}
	EXPECT_EQ(1, n) TH_LOG("the watchdog took no overflow");
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ring_unmap(&r);
	close(fd);
}

#define STORM_US	1000000

/* From CPU1: end the storm of CPU0 after STORM_US, whatever CPU0 does */
static void *end_storm(void *done)
{
	pin_cpu(1);
	usleep(STORM_US);
	sim_set("fault/cycles_per_access", "0");
	__atomic_store_n((int *)done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * An interrupt whose own handling overflows its counter again: a
 * kernel-counting sampler with a period shorter than the kernel cycles
 * of the handler's register accesses (fault/cycles_per_access). The
 * core's cap on samples per tick does not bound the time such a storm
 * takes when one interrupt is slower than a tick's share of the cap;
 * the driver reports each handled interrupt's duration
 * (perf_sample_event_took()), from which the core lowers the cap and
 * the sample rate so that sampling keeps within perf_cpu_time_max_percent
 * (the kernel's default, 25, here; the suite runs with 0). An emulated
 * interrupt takes far longer than the 2.5 us that 25 % of a 100 kHz
 * rate allows: the rate must come down, and CPU0's task go on.
 */
TEST_F(fault, interrupt_duration_lowers_the_sample_rate)
{
	char old_rate[32] = "100000", old_cpu[32] = "0", rate[32] = "";
	unsigned long loops = 0;
	int fd, done = 0;
	struct ring r;
	pthread_t t;

	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_NE('\0', read_line(MAX_CPU, old_cpu, sizeof(old_cpu))[0]);
	ASSERT_EQ(0, write_str(MAX_CPU, "25"));
	ASSERT_EQ(0, write_str(MAX_RATE, "100000"));
	fd = open_sampler(CFG_CYCLES, 1000, 0, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("fault/cycles_per_access", "5000"));
	ASSERT_EQ(0, pthread_create(&t, NULL, end_storm, &done));
	/* register accesses on CPU0 start it */
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE)) {
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		loops++;
	}
	pthread_join(t, NULL);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	read_line(MAX_RATE, rate, sizeof(rate));
	TH_LOG("%lu loops on CPU0, %d samples, max sample rate %s", loops,
	       count_samples(&r), rate);
	EXPECT_GT(loops, 0);
	EXPECT_LT(strtoul(rate, NULL, 10), 100000)
		TH_LOG("no interrupt duration reported");
	ring_unmap(&r);
	close(fd);
	EXPECT_EQ(0, write_str(MAX_RATE, old_rate));
	EXPECT_EQ(0, write_str(MAX_CPU, old_cpu));
}

/* Bogus interrupts (fr clear) change nothing for a CPU-wide event */
TEST_F(fault, spurious_irq_ignored)
{
	struct ring r;
	int fd, i;

	fd = open_sampler(CFG_CYCLES, 1000, 0, 1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, inject_cycles(IP_A, 600));
	for (i = 0; i < 3; i++)
		ASSERT_EQ(0, sim_set("fault/spurious_irq", "0"));
	EXPECT_EQ(0, count_samples(&r));
	ASSERT_EQ(0, inject_cycles(IP_B, 2400));
	EXPECT_EQ(3, count_samples(&r));
	EXPECT_EQ(3000, value_of(fd));
	ring_unmap(&r);
	close(fd);
}

/*
 * A bogus interrupt sent while the line is armed merges with it, and the
 * write returns once it is delivered. A line armed for longer than the
 * model waits (2 s; here an overflow's, 3 s late) fails the write with
 * ETIMEDOUT rather than holding the writer; the interrupt still comes,
 * one sample.
 */
TEST_F(fault, spurious_irq_gives_up_on_a_line_armed_too_long)
{
	struct ring r;
	int fd, i, n = 0;

	fd = open_sampler(CFG_CYCLES, 1000, 0, 1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "3000000000"));
	ASSERT_EQ(0, inject_cycles(IP_A, 1200));
	EXPECT_EQ(-ETIMEDOUT, sim_set("fault/spurious_irq", "0"));
	for (i = 0; i < 300 && !n; i++) {
		usleep(10000);
		n = count_samples(&r);
	}
	EXPECT_EQ(1, n);
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(0, sim_set("fault/spurious_irq", "0"));
	ring_unmap(&r);
	close(fd);
}

/*
 * [SDM-2] Figure 7-7 clears PMC3..PMC1 on both of its paths. An
 * interrupt with PMC0.fr clear is bogus: the handler leaves PMC0 alone
 * but must still clear them. On Itanium they ignore writes ([ITA-RM]
 * Table 6-7), so only the model's count of writes shows it: one bogus
 * interrupt, one write to each, and no other interrupt on CPU0.
 */
TEST_F(fault, bogus_irq_clears_pmc1_3)
{
	struct pmc1_3_count a, b;
	int i;

	ASSERT_EQ(0, pmc1_3_count(&a));
	ASSERT_EQ(0, sim_set("fault/spurious_irq", "0"));
	ASSERT_EQ(0, pmc1_3_count(&b));
	ASSERT_EQ(1, b.delivered - a.delivered);
	ASSERT_EQ(1, b.unhandled - a.unhandled);
	for (i = 1; i <= 3; i++) {
		EXPECT_EQ(1, b.writes[i] - a.writes[i]) {
			TH_LOG("PMC%d written %llu times", i,
			       (unsigned long long)(b.writes[i] - a.writes[i]));
		}
	}
}

/*
 * The same on the interrupt's other path: a real overflow, handled
 * (one sample), ends with PMC3..PMC1 cleared once.
 */
TEST_F(fault, overflow_irq_clears_pmc1_3)
{
	struct pmc1_3_count a, b;
	struct ring r;
	int fd, i;

	fd = open_sampler(CFG_CYCLES, 1000, 0, 1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, inject_cycles(IP_A, 500));
	ASSERT_EQ(0, pmc1_3_count(&a));
	ASSERT_EQ(0, inject_cycles(IP_A, 500));		/* overflow */
	ASSERT_EQ(0, pmc1_3_count(&b));
	EXPECT_EQ(1, count_samples(&r));
	ASSERT_EQ(1, b.delivered - a.delivered);
	ASSERT_EQ(0, b.unhandled - a.unhandled);
	for (i = 1; i <= 3; i++) {
		EXPECT_EQ(1, b.writes[i] - a.writes[i]) {
			TH_LOG("PMC%d written %llu times", i,
			       (unsigned long long)(b.writes[i] - a.writes[i]));
		}
	}
	ring_unmap(&r);
	close(fd);
}

/*
 * The Itanium 2's PMC8-15 after the driver brought a CPU up: the
 * [PFM-MCK] default values (PMC8/9 match every instruction; PMC10-12
 * enable no EAR or BTB capture; PMC13-15 the default ranges)
 */
static const uint64_t itanium2_pmc8_15[8] = {
	0xffffffff3fffffffULL, 0xffffffff3ffffffcULL, 0, 0, 0,
	0x00002078fefefefeULL, 0x0db60db60db60db6ULL, 0x00000000fffffff0ULL,
};

/*
 * Montecito: PMC32-42 as perfmon's register description leaves them
 * ([PFM-MONT]); the reserved bits of PMC36 read as their reset value
 */
static const uint64_t montecito_pmc32_42[11] = {
	0x030f01ffffffffffULL, 0, 0x000f01ffffffffffULL, 0, 0xfffffff0ULL,
	0, 0xdb6, 0, 0x2000000, 0x2078fefefefeULL, 0,
};

/*
 * An earlier user of the qualification registers (or the kernel before
 * a kexec) left PMC8/9, PMC11 and PMC13 restricting every qualifiable
 * event. The driver gives them their reset values ([ITA-RM] §6.2.9; on
 * the Itanium 2 PMC8-15, [PFM-MCK]) when a CPU comes up: an
 * opcode-qualified event counts every instruction.
 */
TEST_F(fault, registers_initialised_at_bringup)
{
	struct perf_event_attr attr;
	struct ia64_pmu_rec_inst *ri;
	struct rec_buf b = { .len = 0 };
	struct count c = { 0 };
	uint64_t v = 0;
	int fd, i;

	ASSERT_EQ(0, sim_set("fault/clobber_regs", "1"));
	ASSERT_EQ(0, set_cpu1_online(0));
	ASSERT_EQ(0, set_cpu1_online(1));

	if (pmu_is_montecito()) {
		/* perfmon's defaults: PMC32-36, 38 and 41 tag everything */
		for (i = 32; i <= 42; i++) {
			char name[8];

			snprintf(name, sizeof(name), "pmc%d", i);
			ASSERT_EQ(0, sim_dump_value(1, name, 16, &v));
			EXPECT_EQ(montecito_pmc32_42[i - 32], v)
				TH_LOG("PMC%d", i);
		}
		goto count;
	}
	if (pmu_is_itanium2()) {
		for (i = 8; i <= 15; i++) {
			char name[8];

			snprintf(name, sizeof(name), "pmc%d", i);
			ASSERT_EQ(0, sim_dump_value(1, name, 16, &v));
			EXPECT_EQ(itanium2_pmc8_15[i - 8], v) TH_LOG("PMC%d", i);
		}
		goto count;
	}

	ASSERT_EQ(0, sim_dump_value(1, "pmc8", 16, &v));
	EXPECT_EQ(0xf00000003ffffff8ULL, v);
	ASSERT_EQ(0, sim_dump_value(1, "pmc9", 16, &v));
	EXPECT_EQ(0xf00000003ffffff8ULL, v);
	ASSERT_EQ(0, sim_dump_value(1, "pmc11", 16, &v));
	EXPECT_EQ(1ULL << 28, v & ((1ULL << 28) | 0xf));
	ASSERT_EQ(0, sim_dump_value(1, "pmc13", 16, &v));
	EXPECT_EQ(1, v & 1);
	ASSERT_EQ(0, sim_dump_value(1, "pmc10", 16, &v));
	EXPECT_EQ(0, v & 0xf);
	ASSERT_EQ(0, sim_dump_value(1, "pmc12", 16, &v));
	EXPECT_EQ(0, v & 0xf);

count:
	ASSERT_EQ(0, pin_cpu(1));
	/* the Montecito's umask 0 is IBR pair 0 and PMC32/33, as PMC8 */
	counting_attr(&attr, pmu_is_itanium2() || pmu_is_montecito() ?
			     CFG2_TAGGED_PMC8 : CFG_TAGGED_PMC8);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	rec_inst(&b, IP_A, 1000, 3, 1);
	ri = (struct ia64_pmu_rec_inst *)b.data;
	ri->itype = IA64_PMU_ITYPE_M;
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(1000, c.value);
	close(fd);
}

TEST_HARNESS_MAIN
