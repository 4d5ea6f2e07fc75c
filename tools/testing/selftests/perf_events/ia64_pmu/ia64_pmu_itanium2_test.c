// SPDX-License-Identifier: GPL-2.0
/*
 * The driver on an Itanium 2 (make vm MODEL=itanium2): identity, exact
 * counts of injected records on 47-bit counters, an 8-bit event select,
 * thresholds on every counter, sampling, generic events, the EARs'
 * sysfs files, and the features not driven on the Itanium 2 yet
 * refused. Skipped on other CPU models.
 */

#include <errno.h>
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define USER_IP		0x4000000000001000ULL
#define DATA		0x6000000000008000ULL

#define ES_LOADS_RETIRED	0xcd	/* 8-bit event select */
#define ES_MISALIGNED_LOADS	0xce	/* MISALIGNED_LOADS_RETIRED */
#define CFG(es)		IA64_PMU_CONFIG(es, 0)
#define THRES(t)	((uint64_t)(t) << IA64_PMU_CFG_THRES_SHIFT)

/* The first line of sysfs file @path, without its newline */
static const char *sysfs_str(const char *path, char *buf, size_t len)
{
	read_line(path, buf, len);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

#define NOT_ITANIUM2	"the PMU is not an Itanium 2"

FIXTURE(ita2) {
	int dummy;
};

FIXTURE_SETUP(ita2)
{
	if (!pmu_is_itanium2())
		return;
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(ita2)
{
}

TEST_F(ita2, identity_in_sysfs)
{
	char buf[64];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	EXPECT_STREQ("47", sysfs_str(PMU_DIR "/caps/counter_width", buf,
				      sizeof(buf)));
	EXPECT_STREQ("4", sysfs_str(PMU_DIR "/caps/counters", buf,
				     sizeof(buf)));
	EXPECT_STREQ("config:8-15", sysfs_str(PMU_DIR "/format/event", buf,
					       sizeof(buf)));
	/* the EARs (ia64_pmu_ear_test): exact D-EAR instructions */
	EXPECT_STREQ("2", sysfs_str(PMU_DIR "/caps/max_precise", buf,
				     sizeof(buf)));
	EXPECT_EQ(0, access(PMU_DIR "/format/ear", F_OK));
	EXPECT_EQ(0, access(PMU_DIR "/format/ear_alat", F_OK));
	EXPECT_EQ(0, access(PMU_DIR "/events/mem-loads", F_OK));
	/* fields and caps of features not driven on the Itanium 2 */
	/* qualification is driven ([PFM-I2]), with range inversion */
	EXPECT_EQ(0, access(PMU_DIR "/format/drange", F_OK));
	EXPECT_EQ(0, access(PMU_DIR "/format/irange_inv", F_OK));
	EXPECT_EQ(0, access(PMU_DIR "/events/LOADS_RETIRED", F_OK));
	EXPECT_EQ(ES_LOADS_RETIRED << 8, sysfs_event_config("LOADS_RETIRED"));
	/* the branch trace buffer is driven (ia64_pmu_btb_test) */
	EXPECT_EQ(0, access(PMU_DIR "/format/br_mispred", F_OK));
	EXPECT_STREQ("7", sysfs_str(PMU_DIR "/caps/branches", buf,
				     sizeof(buf)));
}

/* Beyond 32 bits: the counters are 47 bits wide */
TEST_F(ita2, cycles_exact_beyond_32_bits)
{
	struct rec_buf b = { .len = 0 };
	uint64_t n = (1ULL << 33) + 12345;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	fd = open_user(CFG(ES_CPU_CYCLES), -1);
	ASSERT_GE(fd, 0);
	rec_cycles(&b, USER_IP, n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_cycles(&b, USER_IP, 777, 0, IA64_PMU_ISA_IA64, NULL, 0);
	EXPECT_EQ(n, run_count(fd, &b));
	close(fd);
}

/*
 * An 8-bit event select, on each of the four counters of a group (one
 * L1D set: LOADS_RETIRED and MISALIGNED_LOADS_RETIRED are both of set 3)
 */
TEST_F(ita2, loads_on_every_counter)
{
	struct rec_buf b = { .len = 0 };
	struct { uint64_t nr, v[4]; } g;
	struct perf_event_attr attr;
	int fd[4], i;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	/* three loads, the last one misaligned, and a store */
	for (i = 0; i < 3; i++)
		rec_mem(&b, USER_IP, 0, 3, DATA + 8 * i + (i == 2 ? 4 : 0),
			IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	rec_mem(&b, USER_IP, 1, 3, DATA, IA64_PMU_MEM_STORE, IA64_PMU_LVL_L1,
		IA64_PMU_TLB_L1, 1);
	counting_attr(&attr, CFG(ES_LOADS_RETIRED));
	attr.exclude_kernel = 1;
	attr.read_format = PERF_FORMAT_GROUP;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < 4; i++) {
		fd[i] = open_user(CFG(i == 3 ? ES_MISALIGNED_LOADS :
				      ES_LOADS_RETIRED), fd[0]);
		ASSERT_GE(fd[i], 0);
	}
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(g), read(fd[0], &g, sizeof(g)));
	EXPECT_EQ(4, g.nr);
	EXPECT_EQ(3, g.v[0]);
	EXPECT_EQ(3, g.v[1]);
	EXPECT_EQ(3, g.v[2]);
	EXPECT_EQ(1, g.v[3]);
	for (i = 0; i < 4; i++)
		close(fd[i]);
}

/*
 * A threshold of 5: PMC6/7 take it too (3 bits on every counter), so
 * four such events fit in one group, which the Itanium refuses
 */
TEST_F(ita2, threshold_on_all_counters)
{
	int lead, fd[3], i;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	lead = open_user(CFG(ES_IA64_INST_RETIRED) | THRES(5), -1);
	ASSERT_GE(lead, 0);
	for (i = 0; i < 3; i++) {
		fd[i] = open_user(CFG(ES_IA64_INST_RETIRED) | THRES(5), lead);
		EXPECT_GE(fd[i], 0) TH_LOG("member %d: %s", i, strerror(errno));
	}
	for (i = 0; i < 3; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	close(lead);
	/* not below the maximum increment (6): refused */
	EXPECT_EQ(EINVAL, open_errno(&(struct perf_event_attr){
		.size = sizeof(struct perf_event_attr), .type = PERF_TYPE_RAW,
		.config = CFG(ES_IA64_INST_RETIRED) | THRES(6),
		.disabled = 1 }));
}

/* One sample per period, on a 47-bit counter */
TEST_F(ita2, sampling_period_exact)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct ring r;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	counting_attr(&attr, CFG(ES_CPU_CYCLES));
	attr.exclude_kernel = 1;
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	rec_cycles(&b, USER_IP, 10500, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ(10, ring_count_samples(&r));
	ring_unmap(&r);
	close(fd);
}

TEST_F(ita2, generic_events_count)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	counting_attr(&attr, 0);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	rec_inst(&b, USER_IP, 100, 3, 2);
	EXPECT_EQ(200, run_count(fd, &b));
	close(fd);
	b.len = 0;
	rec_cycles(&b, USER_IP, 100, 3, IA64_PMU_ISA_IA64, NULL, 0);
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(100, run_count(fd, &b));
	close(fd);
	/* no Itanium 2 event for bus cycles */
	attr.config = PERF_COUNT_HW_BUS_CYCLES;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

/*
 * Every feature is driven on the Itanium 2; what has no meaning is
 * refused: precise_ip without an EAR, an event select no event has
 */
TEST_F(ita2, meaningless_selections_refused)
{
	struct perf_event_attr attr;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	counting_attr(&attr, CFG(0xc8));	/* DATA_EAR_EVENTS */
	attr.sample_period = 1000;
	attr.precise_ip = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	/* qualification is driven: ia64_pmu_qual_test */
	counting_attr(&attr, CFG(ES_LOADS_RETIRED));
	attr.config2 = DATA | 0x7ff;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	close(fd);
	/* an event select no Itanium 2 event has */
	counting_attr(&attr, CFG(0xff));
	EXPECT_EQ(EINVAL, open_errno(&attr));
}

/* Open sysfs event @name (exclude_kernel) in group @group; -errno */
static int open_named(const char *name, int group)
{
	uint64_t cfg = sysfs_event_config(name);
	int fd;

	if (!cfg)
		return -ENOENT;
	fd = open_user(cfg, group);
	return fd < 0 ? -errno : fd;
}

/*
 * [PFM-I2] cache event groups: the events of a group counting together
 * come from one set, and one of them is on the group's counter (PMC5 for
 * the L1D group); a group that breaks it: EBUSY; separate events:
 * multiplexed
 */
TEST_F(ita2, l1d_sets)
{
	struct rec_buf b = { .len = 0 };
	struct { uint64_t nr, v[2]; } g;
	struct perf_event_attr attr;
	int lead, fd, i;
	uint64_t es5;

	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	lead = open_named("L1D_READS_SET0", -1);
	ASSERT_GE(lead, 0);
	EXPECT_EQ(-EBUSY, open_named("L1D_READS_SET1", lead));
	close(lead);

	/* set 1: reads and read misses, one of them on PMC5 */
	counting_attr(&attr, sysfs_event_config("L1D_READS_SET1"));
	attr.exclude_kernel = 1;
	attr.read_format = PERF_FORMAT_GROUP;
	lead = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(lead, 0);
	fd = open_named("L1D_READ_MISSES_ALL", lead);
	ASSERT_GE(fd, 0);
	for (i = 0; i < 5; i++)
		rec_mem(&b, USER_IP, 0, 3, DATA + 64 * i, IA64_PMU_MEM_LOAD,
			i < 3 ? IA64_PMU_LVL_L1 : IA64_PMU_LVL_L2,
			IA64_PMU_TLB_L1, 5);
	ioctl(lead, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	es5 = (sim_model_pmc(0, 5) >> 8) & 0xff;
	ioctl(lead, PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_TRUE(es5 == 0xc4 || es5 == 0xc7) TH_LOG("PMC5 es %#llx",
						     (unsigned long long)es5);
	ASSERT_EQ(sizeof(g), read(lead, &g, sizeof(g)));
	EXPECT_EQ(5, g.v[0]);
	EXPECT_EQ(2, g.v[1]);
	close(fd);
	close(lead);

	/* two sets as separate events: they take turns */
	lead = open_named("L1D_READS_SET0", -1);
	fd = open_named("L1D_READS_SET1", -1);
	ASSERT_GE(lead, 0);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(1, multiplexed(lead, fd));
	close(fd);
	close(lead);
}

/*
 * L2 group: the events of set 0 share the umask of the one on PMC4, and
 * of the OZQ cancel events one code counts at a time
 */
TEST_F(ita2, l2_umask_and_cancels)
{
	int lead, fd;

	if (!pmu_is_itanium2())
		SKIP(return, NOT_ITANIUM2);
	lead = open_named("L2_OZQ_CANCELS0_ANY", -1);
	ASSERT_GE(lead, 0);
	/* set 0, another umask */
	EXPECT_EQ(-EBUSY, open_named("L2_OZQ_CANCELS0_LATE_ACQUIRE", lead));
	/* set 0, same umask, another cancel code */
	EXPECT_EQ(-EBUSY, open_named("L2_OZQ_CANCELS1_REL", lead));
	/* a group event with no cache group: fine */
	fd = open_named("CPU_CYCLES", lead);
	EXPECT_GE(fd, 0);
	if (fd >= 0)
		close(fd);
	close(lead);
	lead = open_named("L2_OZQ_CANCELS0_ANY", -1);
	fd = open_named("L2_OZQ_CANCELS1_REL", -1);
	ASSERT_GE(lead, 0);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(1, multiplexed(lead, fd));
	close(fd);
	close(lead);
}

TEST_HARNESS_MAIN
