// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers as perf memory samples ([ITA-RM]
 * §6.2.7.4-6.2.7.6; the Itanium 2's of [PFM-I2]): memory records
 * injected into the model come back, exactly, as samples of the D-EAR's
 * capture event with the capture's data address, latency, data source
 * and instruction; fetch records as I-EAR samples. On every CPU model
 * with EARs (caps/pmu_name), with the Itanium 2's own I-EAR thresholds
 * and ALAT mode, which the Montecito's EARs ([PFM-MONT]: PMC37, PMC40)
 * share.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

/* Are the EARs the Itanium 2's (Itanium 2, Montecito), else the Itanium's? */
static int ears_ita2(void)
{
	return pmu_is_itanium2() || pmu_is_montecito();
}

/* DATA_EAR_EVENTS: 0x67 on the Itanium, 0xc8 on the Itanium 2 */
#define ES_DATA_EAR_EVENTS	(ears_ita2() ? 0xc8 : 0x67)
#define CFG_DEAR		IA64_PMU_CONFIG(ES_DATA_EAR_EVENTS, 0)
/* INSTRUCTION_EAR_EVENTS; the Itanium 2's L1I_EAR_EVENTS */
#define ES_INSTRUCTION_EAR_EVENTS	(ears_ita2() ? 0x43 : 0x23)
#define NOT_ITANIUM2		"the EARs are not the Itanium 2's"
#define IP(n)			(0x4000000000020000ULL + 0x10 * (n))
#define ADDR(n)			(0x6000000000100000ULL + 0x40 * (n))
#define LOAD			IA64_PMU_MEM_LOAD
#define STORE			IA64_PMU_MEM_STORE

#define SAMPLE_TYPE	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
			 PERF_SAMPLE_ADDR | PERF_SAMPLE_WEIGHT | \
			 PERF_SAMPLE_DATA_SRC)

struct mem_sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t addr, weight, data_src;
};

static uint64_t cfg1(int tlb, int tlbmask, int ldlat)
{
	return IA64_PMU_CFG1_EAR_DATA | (tlb ? IA64_PMU_CFG1_EAR_TLB : 0) |
	       ((uint64_t)tlbmask << IA64_PMU_CFG1_TLBMASK_SHIFT) |
	       ((uint64_t)ldlat << IA64_PMU_CFG1_LDLAT_SHIFT);
}

static void ear_attr(struct perf_event_attr *attr, uint64_t config1,
		     uint64_t period)
{
	counting_attr(attr, CFG_DEAR);
	attr->config1 = config1;
	attr->sample_period = period;
	attr->sample_type = SAMPLE_TYPE;
	attr->read_format = 0;
	attr->exclude_kernel = 1;
	attr->precise_ip = 2;
}

/* An enabled D-EAR event on this task, its ring mapped; or -1 */
static int open_ear(uint64_t config1, uint64_t period, struct ring *r)
{
	struct perf_event_attr attr;

	ear_attr(&attr, config1, period);
	return ring_open(&attr, r);
}

static int next_sample(struct ring *r, struct mem_sample *s)
{
	union {
		struct mem_sample s;
		uint8_t raw[512];
	} rec;
	int type;

	while ((type = ring_next(r, &rec, sizeof(rec))))
		if (type == PERF_RECORD_SAMPLE) {
			*s = rec.s;
			return 1;
		}
	return 0;
}

/* One user load of @n at @lat cycles from @level */
static int load(int n, int level, uint32_t lat)
{
	struct rec_buf b = { .len = 0 };

	rec_mem(&b, IP(n), n % 3, 3, ADDR(n), LOAD, level, IA64_PMU_TLB_L1,
		lat);
	return sim_inject(&b);
}

FIXTURE(ear) {
	int fd;
	struct ring r;
};

FIXTURE_SETUP(ear)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	self->fd = -1;
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(ear)
{
	if (self->fd >= 0) {
		ring_unmap(&self->r);
		close(self->fd);
	}
}

/*
 * Period 1: each captured load is one sample with its exact address,
 * latency, data source (a load that missed L1D) and instruction
 */
TEST_F(ear, each_capture_is_an_exact_sample)
{
	struct mem_sample s;
	int i;

	self->fd = open_ear(cfg1(0, 0, 0), 1, &self->r);
	ASSERT_GE(self->fd, 0);
	for (i = 0; i < 3; i++)
		ASSERT_EQ(0, load(i, IA64_PMU_LVL_L2 + i, 20 + 100 * i));
	for (i = 0; i < 3; i++) {
		ASSERT_TRUE(next_sample(&self->r, &s));
		EXPECT_EQ(IP(i) + i % 3, s.ip);
		EXPECT_EQ(PERF_RECORD_MISC_USER | PERF_RECORD_MISC_EXACT_IP,
			  s.h.misc & (PERF_RECORD_MISC_CPUMODE_MASK |
				      PERF_RECORD_MISC_EXACT_IP));
		EXPECT_EQ(ADDR(i), s.addr);
		EXPECT_EQ(20 + 100 * i, s.weight);
		EXPECT_EQ(PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
			  PERF_MEM_S(LVL, MISS) | PERF_MEM_S(SNOOP, NA) |
			  PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA),
			  s.data_src);
	}
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/*
 * ldlat 30 is the threshold 16 (rounded down, Table 6-17): loads under
 * it, L1 hits and stores are never sampled
 */
TEST_F(ear, threshold_hits_and_stores_not_sampled)
{
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;

	self->fd = open_ear(cfg1(0, 0, 30), 1, &self->r);
	ASSERT_GE(self->fd, 0);
	rec_mem(&b, IP(0), 0, 3, ADDR(0), LOAD, IA64_PMU_LVL_L2,
		IA64_PMU_TLB_L1, 15);
	rec_mem(&b, IP(1), 0, 3, ADDR(1), LOAD, IA64_PMU_LVL_L1,
		IA64_PMU_TLB_L1, 100);
	rec_mem(&b, IP(2), 0, 3, ADDR(2), STORE, IA64_PMU_LVL_MEM,
		IA64_PMU_TLB_L1, 300);
	rec_mem(&b, IP(3), 0, 3, ADDR(3), LOAD, IA64_PMU_LVL_L3,
		IA64_PMU_TLB_L1, 16);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(ADDR(3), s.addr);
	EXPECT_EQ(16, s.weight);
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/*
 * The I-EAR on its capture event: each fetch that missed L1I over the
 * threshold (128 on both models) is a sample with the cache line and the
 * latency; ITLB misses in TLB mode with their outcome
 */
TEST_F(ear, instruction_ear_samples)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;

	ear_attr(&attr, IA64_PMU_CFG1_EAR_INST |
		 (128ULL << IA64_PMU_CFG1_LDLAT_SHIFT), 1);
	attr.config = IA64_PMU_CONFIG(ES_INSTRUCTION_EAR_EVENTS, 0);
	attr.precise_ip = 0;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	rec_fetch(&b, IP(0), 3, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 127);
	rec_fetch(&b, IP(1), 3, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 90);
	rec_fetch(&b, IP(2) + 0x30, 3, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1,
		  250);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ((IP(2) + 0x30) & ~0x1fULL, s.addr);
	EXPECT_EQ(250, s.weight);
	EXPECT_EQ(PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, L1) |
		  PERF_MEM_S(LVL, MISS) | PERF_MEM_S(SNOOP, NA) |
		  PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA), s.data_src);
	EXPECT_EQ(0, s.h.misc & PERF_RECORD_MISC_EXACT_IP);
	EXPECT_FALSE(next_sample(&self->r, &s));
	ring_unmap(&self->r);
	close(self->fd);

	/* TLB mode: only ITLB misses handled by software (bit 7) */
	ear_attr(&attr, IA64_PMU_CFG1_EAR_INST | IA64_PMU_CFG1_EAR_TLB |
		 (0x8ULL << IA64_PMU_CFG1_TLBMASK_SHIFT), 1);
	attr.config = IA64_PMU_CONFIG(ES_INSTRUCTION_EAR_EVENTS, 0);
	attr.precise_ip = 0;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	b.len = 0;
	rec_fetch(&b, IP(3), 3, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 5);
	rec_fetch(&b, IP(4), 3, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 5);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(IP(4) & ~0x1fULL, s.addr);
	EXPECT_EQ(0, s.weight);
	EXPECT_EQ(PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		  PERF_MEM_S(TLB, OS) | PERF_MEM_S(SNOOP, NA) |
		  PERF_MEM_S(LOCK, NA), s.data_src);
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/* TLB mode: the level that resolved the miss, loads and stores */
TEST_F(ear, tlb_mode_reports_the_tlb_level)
{
	static const struct {
		int tlb;
		uint64_t src;
	} want[] = {
		{ IA64_PMU_TLB_L2,
		  PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT) },
		{ IA64_PMU_TLB_VHPT,
		  PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT) },
		{ IA64_PMU_TLB_SW, PERF_MEM_S(TLB, OS) },
	};
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;
	unsigned int i;

	self->fd = open_ear(cfg1(1, 0, 0), 1, &self->r);
	ASSERT_GE(self->fd, 0);
	/* an L1 DTLB hit is no TLB miss */
	rec_mem(&b, IP(9), 0, 3, ADDR(9), LOAD, IA64_PMU_LVL_MEM,
		IA64_PMU_TLB_L1, 300);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		rec_mem(&b, IP(i), 1, 3, ADDR(i), i == 1 ? STORE : LOAD,
			IA64_PMU_LVL_L1, want[i].tlb, 5);
	ASSERT_EQ(0, sim_inject(&b));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		ASSERT_TRUE(next_sample(&self->r, &s));
		EXPECT_EQ(ADDR(i), s.addr);
		EXPECT_EQ(IP(i) + 1, s.ip);
		EXPECT_EQ(0, s.weight);
		EXPECT_EQ(want[i].src | PERF_MEM_S(OP, NA) |
			  PERF_MEM_S(LVL, NA) | PERF_MEM_S(SNOOP, NA) |
			  PERF_MEM_S(LOCK, NA), s.data_src);
	}
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/*
 * A sample without a fresh capture is a plain sample: a CPU_CYCLES
 * event with the D-EAR gets the capture once, never again
 */
TEST_F(ear, no_stale_capture)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;

	ear_attr(&attr, cfg1(0, 0, 0), 1000);
	attr.config = IA64_PMU_CONFIG(ES_CPU_CYCLES, 0);
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	ASSERT_EQ(0, load(5, IA64_PMU_LVL_MEM, 200));
	rec_cycles(&b, IP(7), 2000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(ADDR(5), s.addr);
	EXPECT_EQ(IP(5) + 2, s.ip);
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(0, s.addr);
	EXPECT_EQ(0, s.weight);
	EXPECT_EQ(IP(7), s.ip);
	EXPECT_EQ(0, s.h.misc & PERF_RECORD_MISC_EXACT_IP);
}

/* A CPU_CYCLES event of this task with the D-EAR; or -1 */
static int open_cycles_ear(struct ring *r)
{
	struct perf_event_attr attr;

	ear_attr(&attr, cfg1(0, 0, 0), 1000);
	attr.config = IA64_PMU_CONFIG(ES_CPU_CYCLES, 0);
	return ring_open(&attr, r);
}

static int cycles(uint64_t n)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, IP(7), n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	return sim_inject(&b);
}

/*
 * Two tasks on one CPU, each with a capture in the D-EAR when it is
 * switched out: each task's next sample holds its own capture (the
 * context switch saves and restores PMD2/3/17)
 */
TEST_F(ear, two_tasks_see_only_their_own_captures)
{
	int to_child[2], to_parent[2], status;
	struct mem_sample s;
	char c = 0;
	pid_t pid;

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	self->fd = open_cycles_ear(&self->r);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, load(0, IA64_PMU_LVL_L2, 50));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct ring r;
		int fd = open_cycles_ear(&r), ok;

		ok = fd >= 0 && next_sample(&r, &s) == 0 &&
		     !load(10, IA64_PMU_LVL_L3, 60) && !cycles(1000) &&
		     next_sample(&r, &s) && s.addr == ADDR(10);
		ok = ok && !load(11, IA64_PMU_LVL_L3, 70) &&
		     write(to_parent[1], &c, 1) == 1 &&
		     read(to_child[0], &c, 1) == 1 && !cycles(1000) &&
		     next_sample(&r, &s) && s.addr == ADDR(11);
		_exit(ok ? 0 : 1);
	}
	ASSERT_EQ(1, read(to_parent[0], &c, 1));
	ASSERT_EQ(0, cycles(1000));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(ADDR(0), s.addr);
	EXPECT_EQ(50, s.weight);
	ASSERT_EQ(1, write(to_child[1], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
}


/*
 * Throttled by the sample rate cap (a capture per load, thousands of
 * loads at once), then unthrottled: the next capture is sampled exactly
 */
TEST_F(ear, throttling_and_recovery)
{
	char old_rate[32] = "100000";
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;
	int i, type, throttles = 0;

	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));
	self->fd = open_ear(cfg1(0, 0, 0), 1, &self->r);
	ASSERT_GE(self->fd, 0);
	for (i = 0; i < 60; i++)
		rec_mem(&b, IP(i), 0, 3, ADDR(i), LOAD, IA64_PMU_LVL_MEM,
			IA64_PMU_TLB_L1, 200);
	for (i = 0; i < 20; i++)
		ASSERT_EQ(0, sim_inject(&b));
	while ((type = ring_next(&self->r, &s, sizeof(s))))
		throttles += type == PERF_RECORD_THROTTLE;
	EXPECT_GT(throttles, 0);
	usleep(100000);		/* a tick unthrottles */
	ASSERT_EQ(0, load(70, IA64_PMU_LVL_L3, 90));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(ADDR(70), s.addr);
	EXPECT_EQ(90, s.weight);
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

/* Every malformed config1, and what the D-EAR cannot do */
TEST(config1_errnos)
{
	static const struct {
		uint64_t config1;
		int err;
	} cases[] = {
		{ 0x3, EINVAL },			/* ear 3 */
		{ 0x2, 0 },				/* I-EAR */
		{ 0x6 | (0x1 << 4), EINVAL },		/* I-EAR mask 1:0 */
		{ 0x6 | (0xc << 4), 0 },
		{ 0x4, EINVAL },			/* ear_tlb without ear */
		{ 1ULL << 3, EINVAL },			/* ear_alat, no ear */
		{ 0xa, EINVAL },			/* ear_alat, I-EAR */
		{ 0xd, EINVAL },			/* ear_alat, TLB */
		{ 0x9 | (0x2 << 4), EINVAL },		/* ... tlbmask */
		{ 0x9 | (30 << 8), EINVAL },		/* ... ldlat */
		{ 1ULL << 59, EINVAL },			/* reserved bits */
		{ 1ULL << 63, EINVAL },
		{ 0x1 | (0x2 << 4), EINVAL },		/* tlbmask, cache mode */
		{ 0x5 | (0x1 << 4), EINVAL },		/* tlbmask bit 0 */
		{ 0x5 | (30 << 8), EINVAL },		/* ldlat, TLB mode */
		{ 0x1, 0 },
		{ 0x1 | (0xffffULL << 8), 0 },		/* ldlat max: 4096 */
		{ 0x5 | (0xe << 4), 0 },
	};
	/* the Itanium 2's: the ALAT mode, the L2 ITLB bit of the I-EAR */
	static const struct {
		uint64_t config1;
		int ita, ita2;
	} per_model[] = {
		{ 0x9, EOPNOTSUPP, 0 },			/* ALAT mode */
		{ 0x6 | (0x2 << 4), EINVAL, 0 },	/* I-EAR, L2 ITLB */
		{ 0x6 | (0xe << 4), EINVAL, 0 },
	};
	struct perf_event_attr attr;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ear_attr(&attr, cases[i].config1, 1);
		attr.precise_ip = 0;
		EXPECT_EQ(cases[i].err, open_errno(&attr))
			TH_LOG("config1 %#llx",
			       (unsigned long long)cases[i].config1);
	}
	for (i = 0; i < ARRAY_SIZE(per_model); i++) {
		ear_attr(&attr, per_model[i].config1, 1);
		attr.precise_ip = 0;
		EXPECT_EQ(ears_ita2() ? per_model[i].ita2 : per_model[i].ita,
			  open_errno(&attr))
			TH_LOG("config1 %#llx",
			       (unsigned long long)per_model[i].config1);
	}
	/* an EAR goes with a sample; precise_ip needs an EAR, up to 2 */
	ear_attr(&attr, cfg1(0, 0, 0), 0);
	EXPECT_EQ(EINVAL, open_errno(&attr));
	ear_attr(&attr, cfg1(0, 0, 0), 1);
	attr.precise_ip = 3;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	ear_attr(&attr, 0, 1);
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	/* the I-EAR gives a cache line, no exact instruction */
	ear_attr(&attr, IA64_PMU_CFG1_EAR_INST, 1);
	attr.precise_ip = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

/* One D-EAR per CPU: -EBUSY in a group, -EAGAIN (multiplexing) at add */
TEST(sharing)
{
	struct perf_event_attr attr;
	int lead, fd, a, b;

	ear_attr(&attr, cfg1(0, 0, 0), 1);
	lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(lead, 0);
	attr.config1 = cfg1(1, 0, 0);
	fd = sys_perf_event_open(&attr, 0, -1, lead, 0);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EBUSY, errno);
	attr.config1 = cfg1(0, 0, 0);
	fd = sys_perf_event_open(&attr, 0, -1, lead, 0);
	EXPECT_GE(fd, 0);
	close(fd);
	close(lead);

	ASSERT_EQ(0, pin_cpu(0));
	ear_attr(&attr, cfg1(0, 0, 0), 1ULL << 40);
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	a = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.config1 = cfg1(1, 0, 0);
	b = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	EXPECT_EQ(1, multiplexed(a, b));
	close(a);
	close(b);
}

/*
 * sysfs: the mem-loads alias perf mem opens, the format, max_precise,
 * the thresholds of each EAR; the ALAT mode's field on the Itanium 2
 */
TEST(sysfs)
{
	int ita2 = ears_ita2();
	char buf[128];

	EXPECT_STREQ(ita2 ? "event=0xc8,umask=0x0,ear=1\n" :
			    "event=0x67,umask=0x0,ear=1\n",
		     read_line(PMU_DIR "/events/mem-loads", buf, sizeof(buf)));
	EXPECT_STREQ("config1:8-23\n",
		     read_line(PMU_DIR "/format/ldlat", buf, sizeof(buf)));
	EXPECT_STREQ("2\n",
		     read_line(PMU_DIR "/caps/max_precise", buf, sizeof(buf)));
	EXPECT_STREQ("4 8 16 32 64 128 256 512 1024 2048 4096\n",
		     read_line(PMU_DIR "/caps/ear_thresholds", buf, sizeof(buf)));
	EXPECT_STREQ(ita2 ? "4 8 16 32 128 256 1024 4096\n" :
			    "4 8 16 32 64 128 256 512 1024 2048 4096\n",
		     read_line(PMU_DIR "/caps/iear_thresholds", buf,
			       sizeof(buf)));
	EXPECT_EQ(ita2 ? 0 : -1,
		  access(PMU_DIR "/format/ear_alat", R_OK));
	if (ita2)
		EXPECT_STREQ("config1:3\n",
			     read_line(PMU_DIR "/format/ear_alat", buf,
				       sizeof(buf)));
}

/* The I-EAR's thresholds: ldlat 64 is 64 on the Itanium, 32 on the 2 */
TEST_F(ear, iear_threshold_per_model)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;

	ear_attr(&attr, IA64_PMU_CFG1_EAR_INST |
		 (64ULL << IA64_PMU_CFG1_LDLAT_SHIFT), 1);
	attr.config = IA64_PMU_CONFIG(ES_INSTRUCTION_EAR_EVENTS, 0);
	attr.precise_ip = 0;
	self->fd = ring_open(&attr, &self->r);
	ASSERT_GE(self->fd, 0);
	rec_fetch(&b, IP(0), 3, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 31);
	rec_fetch(&b, IP(1), 3, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 40);
	rec_fetch(&b, IP(2), 3, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 64);
	ASSERT_EQ(0, sim_inject(&b));
	if (ears_ita2()) {
		ASSERT_TRUE(next_sample(&self->r, &s));
		EXPECT_EQ(IP(1) & ~0x1fULL, s.addr);
		EXPECT_EQ(40, s.weight);
	}
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(IP(2) & ~0x1fULL, s.addr);
	EXPECT_EQ(64, s.weight);
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/*
 * Itanium 2, ALAT mode ([PFM-I2] DATA_EAR_ALAT): only the advanced load
 * checks that missed the ALAT are sampled, with their address and exact
 * instruction; no latency, and nothing said of the cache or the TLB
 */
TEST_F(ear, alat_mode_samples)
{
	struct rec_buf b = { .len = 0 };
	struct ia64_pmu_rec_mem *r;
	struct mem_sample s;
	int i;

	if (!ears_ita2())
		SKIP(return, NOT_ITANIUM2);
	self->fd = open_ear(IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_ALAT,
			    1, &self->r);
	ASSERT_GE(self->fd, 0);
	for (i = 0; i < 4; i++) {
		r = (void *)(b.data + b.len);
		rec_mem(&b, IP(i), i % 3, 3, ADDR(i), LOAD,
			i ? IA64_PMU_LVL_L1 : IA64_PMU_LVL_MEM,
			IA64_PMU_TLB_L1, i ? 2 : 300);
		if (i & 1)
			r->hdr.flags = IA64_PMU_REC_MEM_ALAT_MISS;
	}
	ASSERT_EQ(0, sim_inject(&b));
	for (i = 1; i < 4; i += 2) {
		ASSERT_TRUE(next_sample(&self->r, &s));
		EXPECT_EQ(IP(i) + i % 3, s.ip);
		EXPECT_EQ(ADDR(i), s.addr);
		EXPECT_EQ(0, s.weight);
		EXPECT_EQ(PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
			  PERF_MEM_S(TLB, NA) | PERF_MEM_S(SNOOP, NA) |
			  PERF_MEM_S(LOCK, NA), s.data_src);
	}
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/* Itanium 2: the I-EAR's TLB mode has the L2 ITLB bit (bit 5) too */
TEST_F(ear, itanium2_iear_tlb_mode)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct mem_sample s;

	if (!ears_ita2())
		SKIP(return, NOT_ITANIUM2);
	/* bits 6 and 7: VHPT and software, stat 2 and 3 */
	ear_attr(&attr, IA64_PMU_CFG1_EAR_INST | IA64_PMU_CFG1_EAR_TLB |
		 (0xcULL << IA64_PMU_CFG1_TLBMASK_SHIFT), 1);
	attr.config = IA64_PMU_CONFIG(ES_INSTRUCTION_EAR_EVENTS, 0);
	attr.precise_ip = 0;
	self->fd = ring_open(&attr, &self->r);
	ASSERT_GE(self->fd, 0);
	rec_fetch(&b, IP(3), 3, IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 500);
	rec_fetch(&b, IP(4), 3, IA64_PMU_LVL_L1, IA64_PMU_TLB_VHPT, 5);
	rec_fetch(&b, IP(5), 3, IA64_PMU_LVL_L1, IA64_PMU_TLB_SW, 5);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(IP(4) & ~0x1fULL, s.addr);
	EXPECT_EQ(PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		  PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT) |
		  PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA), s.data_src);
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(IP(5) & ~0x1fULL, s.addr);
	EXPECT_EQ(PERF_MEM_S(OP, EXEC) | PERF_MEM_S(LVL, NA) |
		  PERF_MEM_S(TLB, OS) | PERF_MEM_S(SNOOP, NA) |
		  PERF_MEM_S(LOCK, NA), s.data_src);
	EXPECT_FALSE(next_sample(&self->r, &s));
}

/* PERF_SAMPLE_PHYS_ADDR through the core, for a mapped data address */
TEST_F(ear, physical_address)
{
	static uint64_t target = 1;
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct {
		struct mem_sample s;
		uint64_t phys;
	} rec;
	int type;

	ear_attr(&attr, cfg1(0, 0, 0), 1);
	attr.sample_type |= PERF_SAMPLE_PHYS_ADDR;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	__atomic_add_fetch(&target, 1, __ATOMIC_SEQ_CST);	/* present */
	rec_mem(&b, IP(0), 0, 3, (uintptr_t)&target, LOAD, IA64_PMU_LVL_MEM,
		IA64_PMU_TLB_L1, 100);
	ASSERT_EQ(0, sim_inject(&b));
	while ((type = ring_next(&self->r, &rec, sizeof(rec))))
		if (type == PERF_RECORD_SAMPLE)
			break;
	ASSERT_EQ(PERF_RECORD_SAMPLE, type);
	EXPECT_EQ((uintptr_t)&target, rec.s.addr);
	EXPECT_NE(0, rec.phys);
	EXPECT_EQ((uintptr_t)&target & 0xfff, rec.phys & 0xfff);
}

/* A cycles event with user branch stacks, counting time */
static void branch_stack_attr(struct perf_event_attr *attr)
{
	counting_attr(attr, IA64_PMU_CONFIG(ES_CPU_CYCLES, 0));
	attr->sample_period = 1ULL << 40;
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	attr->branch_sample_type = PERF_SAMPLE_BRANCH_ANY |
				   PERF_SAMPLE_BRANCH_USER;
	attr->exclude_kernel = 1;
}

/*
 * Itanium 2: the D-EAR's TLB and ALAT modes need PMC12 = 0 (libpfm 3.x
 * after the Itanium 2 manual: else a miss right after a mispredicted
 * branch gets a wrong IP); Montecito: PMC39, its execution trace
 * buffer's, = 0 ([PFM-MONT]). PMC12 is 0 while such an event counts, also
 * after a branch-stack event left the BTB at rest, so the capture after
 * a mispredicted branch has the load's exact IP; such an event and a
 * branch stack exclude each other (-EBUSY in a group, multiplexed
 * otherwise); the cache mode goes with a branch stack
 */
TEST_F(ear, itanium2_dear_tlb_alat_modes_keep_pmc12_zero)
{
	static const uint64_t modes[] = {
		IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_TLB,
		IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_ALAT,
	};
	struct perf_event_attr attr, br;
	struct rec_buf b = { .len = 0 };
	int btb_pmc = pmu_is_montecito() ? 39 : 12;
	struct mem_sample s;
	int lead, fd;
	unsigned int i;

	if (!ears_ita2())
		SKIP(return, NOT_ITANIUM2);
	/* the BTB used on this CPU: its PMC at rest afterwards, not 0 */
	branch_stack_attr(&br);
	fd = sys_perf_event_open(&br, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	EXPECT_NE(0, sim_model_pmc(0, btb_pmc));
	close(fd);

	self->fd = open_ear(modes[0], 1, &self->r);
	ASSERT_GE(self->fd, 0);
	EXPECT_EQ(0, sim_model_pmc(0, btb_pmc));
	rec_branch(&b, IP(40), 2, 3, IP(60), IA64_PMU_REC_BR_TAKEN |
		   IA64_PMU_REC_BR_MISPRED_PATH);
	rec_mem(&b, IP(1), 1, 3, ADDR(1), LOAD, IA64_PMU_LVL_L1,
		IA64_PMU_TLB_L2, 5);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(IP(1) + 1, s.ip);
	EXPECT_EQ(ADDR(1), s.addr);
	ring_unmap(&self->r);
	close(self->fd);
	self->fd = -1;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		ear_attr(&attr, modes[i], 1);
		lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
		ASSERT_GE(lead, 0);
		fd = sys_perf_event_open(&br, 0, -1, lead, 0);
		EXPECT_EQ(-1, fd) TH_LOG("mode %u", i);
		EXPECT_EQ(EBUSY, errno);
		close(lead);
		attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				   PERF_FORMAT_TOTAL_TIME_RUNNING;
		attr.sample_period = 1ULL << 40;
		lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
		fd = sys_perf_event_open(&br, 0, -1, -1, 0);
		ASSERT_GE(lead, 0);
		ASSERT_GE(fd, 0);
		EXPECT_EQ(1, multiplexed(lead, fd)) TH_LOG("mode %u", i);
		close(fd);
		close(lead);
	}
	ear_attr(&attr, cfg1(0, 0, 0), 1);
	lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(lead, 0);
	fd = sys_perf_event_open(&br, 0, -1, lead, 0);
	EXPECT_GE(fd, 0) TH_LOG("cache mode with a branch stack");
	close(fd);
	close(lead);
	/* one event asking for both */
	ear_attr(&attr, modes[0], 1);
	attr.sample_type |= PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = br.branch_sample_type;
	EXPECT_EQ(-1, sys_perf_event_open(&attr, 0, -1, -1, 0));
	EXPECT_EQ(EINVAL, errno);
}

TEST_HARNESS_MAIN
