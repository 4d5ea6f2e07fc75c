// SPDX-License-Identifier: GPL-2.0
/*
 * The driver on a Montecito (make vm MODEL=montecito): identity, exact
 * counts of injected records on all twelve counters at once, overflow
 * sampling on PMD15 (PMC0 bit 15), the counter fields that are not the
 * user's, exact counts across stops, where a
 * stopped counter (plm = 0) loses its PMD, and none in IA-32 code (ism is
 * fixed), the MESI filter, and the thread bit: format all counts the
 * sibling thread's events with the privilege of a CPU-wide event, and
 * with two threads per core (MODEL=montecito,threads=2) every event takes
 * PMC4-9 only (erratum 121) and there is no IP-EAR (erratum 120).
 * Skipped on other models.
 */

#include <dirent.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"
#include "ia64_pmu_mont.h"

#define USER_IP		0x4000000000001000ULL

TEST_F(mont, identity_in_sysfs)
{
	char buf[64];
	struct dirent *d;
	int n = 0;
	DIR *dir;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	EXPECT_STREQ("12\n", read_line(PMU_DIR "/caps/counters", buf,
					sizeof(buf)));
	EXPECT_STREQ("47\n", read_line(PMU_DIR "/caps/counter_width", buf,
					sizeof(buf)));
	EXPECT_STREQ("0x20\n", read_line(PMU_DIR "/caps/cpu_family", buf,
					  sizeof(buf)));
	EXPECT_STREQ("config:8-15\n", read_line(PMU_DIR "/format/event", buf,
						 sizeof(buf)));
	/* ism is fixed */
	EXPECT_NE(0, access(PMU_DIR "/format/ism", F_OK));
	EXPECT_STREQ("config:32\n", read_line(PMU_DIR "/format/br_mispred",
						buf, sizeof(buf)));
	/* a stack's entries at most: 16 IP-EAR IPs, 15 branches */
	EXPECT_STREQ(sim_threads() > 1 ? "15\n" : "16\n",
		     read_line(PMU_DIR "/caps/branches", buf, sizeof(buf)));
	dir = opendir(PMU_DIR "/events");
	ASSERT_NE(NULL, dir);
	while ((d = readdir(dir)))
		n += d->d_name[0] != '.';
	closedir(dir);
	/* the table's 601 events, and mem-loads (DATA_EAR_EVENTS, D-EAR) */
	EXPECT_EQ(601 + 1, n);
	EXPECT_EQ(0, access(PMU_DIR "/events/mem-loads", F_OK));
	EXPECT_STREQ("config1:0-1\n", read_line(PMU_DIR "/format/ear", buf,
						  sizeof(buf)));
	EXPECT_EQ(0, access(PMU_DIR "/format/ear_alat", F_OK));
	EXPECT_EQ(IA64_PMU_CONFIG(0x12, 0), ev("CPU_OP_CYCLES_ALL"));
	EXPECT_EQ(IA64_PMU_CONFIG(0x18, 0), ev("CPU_OP_CYCLES_HALTED"));
}

/*
 * Twelve events, one per counter, in one group: cycles and eleven events
 * the cycles records list, each counted exactly, all the time; with two
 * threads per core six, on PMC4-9 (erratum 121), and a seventh does not
 * fit
 */
TEST_F(mont, twelve_events_count_on_all_twelve)
{
	static const char * const names[12] = {
		"CPU_OP_CYCLES_ALL", "BACK_END_BUBBLE_ALL",
		"BACK_END_BUBBLE_FE", "BE_EXE_BUBBLE_ALL",
		"BE_FLUSH_BUBBLE_ALL", "BE_RSE_BUBBLE_ALL", "FE_BUBBLE_ALL",
		"FE_LOST_BW_ALL", "BE_LOST_BW_DUE_TO_FE_ALL",
		"IDEAL_BE_LOST_BW_DUE_TO_FE_ALL", "SERIALIZATION_EVENTS",
		"ALAT_CAPACITY_MISS_ALL",
	};
	struct { uint64_t nr, te, tr, v[12]; } g;
	struct ia64_pmu_rec_event rec[11];
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	int fd[12], i, nr;
	uint64_t cfg;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	nr = sim_threads() > 1 ? 6 : 12;
	memset(rec, 0, sizeof(rec));
	for (i = 1; i < 12; i++) {
		cfg = ev(names[i]);
		ASSERT_NE(~0ULL, cfg) TH_LOG("%s", names[i]);
		rec[i - 1].code = es_of(cfg);
		rec[i - 1].umask = (cfg >> 16) & 0xf;
		rec[i - 1].inc = 1;
	}
	rec_cycles(&b, USER_IP, 5000, 3, IA64_PMU_ISA_IA64, rec, 11);
	counting_attr(&attr, ev(names[0]));
	attr.exclude_kernel = 1;
	attr.read_format = PERF_FORMAT_GROUP |
			   PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < nr; i++) {
		fd[i] = open_user(ev(names[i]), fd[0]);
		ASSERT_GE(fd[i], 0) TH_LOG("%s: %s", names[i],
					   strerror(errno));
	}
	/* one more does not fit */
	EXPECT_EQ(-1, open_user(ev("CPU_OP_CYCLES_ALL"), fd[0]));
	EXPECT_EQ(EINVAL, errno);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(8 * (3 + nr), read(fd[0], &g, sizeof(g)));
	EXPECT_EQ(nr, g.nr);
	EXPECT_EQ(g.te, g.tr);
	for (i = 0; i < nr; i++)
		EXPECT_EQ(5000, g.v[i]) TH_LOG("member %d", i);
	close_all(fd, nr);
}

/* One sample per period on the last counter, PMD15 (PMC0 bit 15) */
TEST_F(mont, samples_on_pmd15)
{
	static const char * const fill[11] = {
		"BACK_END_BUBBLE_ALL", "BACK_END_BUBBLE_FE",
		"BE_EXE_BUBBLE_ALL", "BE_FLUSH_BUBBLE_ALL", "BE_RSE_BUBBLE_ALL",
		"FE_BUBBLE_ALL", "FE_LOST_BW_ALL", "BE_LOST_BW_DUE_TO_FE_ALL",
		"IDEAL_BE_LOST_BW_DUE_TO_FE_ALL", "SERIALIZATION_EVENTS",
		"ALAT_CAPACITY_MISS_ALL",
	};
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	int fd[12];
	struct ring r;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	if (sim_threads() > 1)
		SKIP(return, "two threads: no sampling on PMD15 (erratum 121)");
	ASSERT_EQ(0, open_group(fill, 11, fd));
	counting_attr(&attr, ev("CPU_OP_CYCLES_ALL"));
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	fd[11] = sys_perf_event_open(&attr, 0, -1, fd[0], 0);
	ASSERT_GE(fd[11], 0);
	ASSERT_EQ(0, ring_map(&r, fd[11]));
	rec_cycles(&b, USER_IP, 10500, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	EXPECT_EQ(0x12, pmc_es(15));
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ(10, ring_count_samples(&r));
	ring_unmap(&r);
	close_all(fd, 12);
}

/*
 * ism is fixed and the thread bit not driven yet; an event that takes no
 * MESI filter refuses the mesi bits
 */
TEST_F(mont, fixed_and_undriven_fields_refused)
{
	uint64_t cyc = IA64_PMU_CONFIG(0x12, 0);
	struct perf_event_attr attr;
	int bit;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	/*
	 * 26: all, refused on CPU_OP_CYCLES_ALL, a causal event
	 * (thread_all_by_thread_type)
	 */
	for (bit = 24; bit <= 30; bit++) {
		counting_attr(&attr, cyc | (1ULL << bit));
		EXPECT_EQ(EINVAL, open_errno(&attr)) TH_LOG("bit %d", bit);
	}
	/* CPU_OP_CYCLES_ALL: at most 1 per cycle, no threshold */
	counting_attr(&attr, cyc | (1ULL << IA64_PMU_CFG_THRES_SHIFT));
	EXPECT_EQ(EINVAL, open_errno(&attr));
}

/*
 * A stopped counter (plm = 0) loses its PMD: counts stay exact across
 * disable/enable and across a period change of a sampling event
 */
TEST_F(mont, exact_across_stops)
{
	struct rec_buf a = { .len = 0 }, b = { .len = 0 };
	struct count c;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	fd = open_user(ev("CPU_OP_CYCLES_ALL"), -1);
	ASSERT_GE(fd, 0);
	rec_cycles(&a, USER_IP, 1234, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_cycles(&b, USER_IP, 100000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&a));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));		/* not counted */
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&a));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(2 * 1234, c.value);
	close(fd);
}

/*
 * ism is fixed at IA-64 only: the cycles of IA-32 code count nothing,
 * at user level as at any other (what the fuzzer's count checks expect)
 */
TEST_F(mont, ia32_code_not_counted)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	fd = open_user(ev("CPU_OP_CYCLES_ALL"), -1);
	ASSERT_GE(fd, 0);
	rec_cycles(&b, USER_IP, 1234, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_cycles(&b, 0x1000, 100000, 3, IA64_PMU_ISA_IA32, NULL, 0);
	rec_cycles(&b, USER_IP, 4321, 3, IA64_PMU_ISA_IA64, NULL, 0);
	EXPECT_EQ(1234 + 4321, run_count(fd, &b));
	close(fd);
}

/*
 * The MESI filter (format mesi, config:27-30: I S E M) on an L3 event
 * that takes it: exact counts of the loads whose L3 line was in the
 * selected states, every load with mesi=0 (the driver writes all four
 * bits: a PMC with none counts nothing) and with the generic LLC-loads;
 * EINVAL on other events
 */
TEST_F(mont, mesi_filter_exact)
{
	static const struct { unsigned int filter; uint64_t want; } t[] = {
		{ 0x8, 3 },	/* M */
		{ 0x3, 5 + 7 },	/* I, S */
		{ 0x4, 11 },	/* E: the hits with no state given */
		{ 0x0, 3 + 5 + 7 + 11 },
		{ 0xf, 3 + 5 + 7 + 11 },
		{ 0x0, 3 + 5 + 7 + 11 },	/* LLC-loads */
	};
	static const struct { int level, state, n; } loads[] = {
		{ IA64_PMU_LVL_L3, IA64_PMU_L3_M, 3 },
		{ IA64_PMU_LVL_L3, IA64_PMU_L3_S, 5 },
		{ IA64_PMU_LVL_MEM, 0, 7 },
		{ IA64_PMU_LVL_L3, IA64_PMU_L3_DEFAULT, 11 },
		{ IA64_PMU_LVL_L2, 0, 13 },	/* not L3's */
	};
	uint64_t read_all = ev("L3_READS_DATA_READ_ALL");
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	struct ia64_pmu_rec_mem *r;
	int fd[ARRAY_SIZE(t)], i, k;
	char buf[64];
	struct count c;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	EXPECT_STREQ("config:27-30\n", read_line(PMU_DIR "/format/mesi", buf,
						   sizeof(buf)));
	for (i = 0; i < (int)ARRAY_SIZE(t) - 1; i++) {
		fd[i] = open_user(read_all | (uint64_t)t[i].filter << 27,
				  i ? fd[0] : -1);
		ASSERT_GE(fd[i], 0);
	}
	counting_attr(&attr, PERF_COUNT_HW_CACHE_LL |
			     PERF_COUNT_HW_CACHE_OP_READ << 8 |
			     PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16);
	attr.type = PERF_TYPE_HW_CACHE;
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	fd[i] = sys_perf_event_open(&attr, 0, -1, fd[0], 0);
	ASSERT_GE(fd[i], 0);
	for (i = 0; i < (int)ARRAY_SIZE(loads); i++)
		for (k = 0; k < loads[i].n; k++) {
			r = (void *)(b.data + b.len);
			rec_mem(&b, USER_IP, 0, 3, 0x6000000000100000ULL,
				IA64_PMU_MEM_LOAD, loads[i].level,
				IA64_PMU_TLB_L1, 100);
			r->hdr.flags = IA64_PMU_REC_MEM_L3(loads[i].state);
		}
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	/* every member's PMC selects some state: mesi=0 is all four */
	for (i = 4; i < 4 + (int)ARRAY_SIZE(t); i++)
		EXPECT_NE(0, (sim_model_pmc(0, i) >> 27) & 0xf) TH_LOG("PMC%d", i);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < (int)ARRAY_SIZE(t); i++) {
		ASSERT_EQ(0, read_count(fd[i], &c));
		EXPECT_EQ(t[i].want, c.value) TH_LOG("member %d", i);
		EXPECT_EQ(c.enabled, c.running);
	}
	for (i = 0; i < (int)ARRAY_SIZE(t); i++)
		close(fd[i]);
	/* MESI-capable: L3_WRITES_*, L3_INSERTS; not: L3_REFERENCES */
	fd[0] = open_user(ev("L3_WRITES_ALL_HIT") | 1ULL << 30, -1);
	EXPECT_GE(fd[0], 0);
	close(fd[0]);
	fd[0] = open_user(ev("L3_INSERTS") | 0xfULL << 27, -1);
	EXPECT_GE(fd[0], 0);
	close(fd[0]);
	EXPECT_EQ(-1, open_user(ev("L3_REFERENCES") | 1ULL << 30, -1));
	EXPECT_EQ(EINVAL, errno);
}

#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

/*
 * In a child as user nobody: the errno of a per-task IA64_INST_RETIRED
 * with the all bit (0 if it opens) as its exit status, 100 if the same
 * event without the bit fails
 */
static int unprivileged_all_errno(void)
{
	uint64_t inst = ev("IA64_INST_RETIRED");
	int status, fd;
	pid_t pid;

	pid = fork();
	if (!pid) {
		if (setgid(65534) || setuid(65534))
			_exit(101);
		fd = open_user(inst, -1);
		if (fd < 0)
			_exit(100);
		close(fd);
		fd = open_user(inst | IA64_PMU_CFG_THREAD_ALL, -1);
		_exit(fd < 0 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * format all (config:26) counts both threads of the core, what other
 * tasks do: perf_allow_cpu(), as a CPU-wide event. An unprivileged task
 * gets EACCES while perf_event_paranoid > 0, and the event at 0.
 */
TEST_F(mont, thread_all_needs_cpu_privilege)
{
	uint64_t inst = ev("IA64_INST_RETIRED");
	char old[16], buf[64];
	int fd;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	EXPECT_STREQ("config:26\n", read_line(PMU_DIR "/format/all", buf,
						 sizeof(buf)));
	fd = open_user(inst | IA64_PMU_CFG_THREAD_ALL, -1);
	EXPECT_GE(fd, 0);
	close(fd);
	read_line(PARANOID, old, sizeof(old));
	ASSERT_EQ(0, write_str(PARANOID, "1"));
	EXPECT_EQ(EACCES, unprivileged_all_errno());
	ASSERT_EQ(0, write_str(PARANOID, "0"));
	EXPECT_EQ(0, unprivileged_all_errno());
	ASSERT_EQ(0, write_str(PARANOID, old));
}

/*
 * The thread bit by the event's thread type ([PFM-MONT] S7): taken on an
 * active (IA64_INST_RETIRED), floating (L2D_MISSES) or self-floating
 * (BUS_ALL_SELF) event, refused on a causal one (CPU_OP_CYCLES_ALL,
 * BUS_DATA_CYCLE_SELF): it belongs to no thread
 */
TEST_F(mont, thread_all_by_thread_type)
{
	static const char *const takes[] = {
		"IA64_INST_RETIRED", "L2D_MISSES", "BUS_ALL_SELF",
	};
	static const char *const causal[] = {
		"CPU_OP_CYCLES_ALL", "BUS_DATA_CYCLE_SELF",
	};
	struct perf_event_attr attr;
	unsigned int i;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	for (i = 0; i < ARRAY_SIZE(takes); i++) {
		counting_attr(&attr, ev(takes[i]) | IA64_PMU_CFG_THREAD_ALL);
		EXPECT_EQ(0, open_errno(&attr)) TH_LOG("%s", takes[i]);
	}
	for (i = 0; i < ARRAY_SIZE(causal); i++) {
		counting_attr(&attr, ev(causal[i]));
		EXPECT_EQ(0, open_errno(&attr)) TH_LOG("%s", causal[i]);
		attr.config |= IA64_PMU_CFG_THREAD_ALL;
		EXPECT_EQ(EINVAL, open_errno(&attr)) TH_LOG("%s", causal[i]);
	}
}

/*
 * With two threads per core, the sibling's records (ctx.thread 1) count
 * in an active event with the all bit (40 + 25 instructions, 40
 * without), and in a causal event without it (1000 + 300 cycles of the
 * core); with one thread such a record is malformed
 */
TEST_F(mont, thread_all_counts_both_threads)
{
	uint64_t cyc = IA64_PMU_CONFIG(0x12, 0);
	uint64_t inst = ev("IA64_INST_RETIRED");
	static const uint64_t want[3] = { 1300, 40, 65 };
	struct rec_buf b = { .len = 0 };
	struct ia64_pmu_rec_cycles *r;
	struct ia64_pmu_rec_inst *in;
	struct count c;
	int fd[3], i;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	r = (void *)b.data;
	rec_cycles(&b, USER_IP, 300, 3, IA64_PMU_ISA_IA64, NULL, 0);
	r->ctx.thread = 1;
	if (sim_threads() < 2) {
		EXPECT_EQ(-EINVAL, sim_inject(&b));
		SKIP(return, "one thread per core");
	}
	in = (void *)(b.data + b.len);
	rec_inst(&b, USER_IP, 25, 3, 1);
	in->ctx.thread = 1;
	rec_cycles(&b, USER_IP, 1000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_inst(&b, USER_IP, 40, 3, 1);
	fd[0] = open_user(cyc, -1);
	ASSERT_GE(fd[0], 0);
	fd[1] = open_user(inst, fd[0]);
	fd[2] = open_user(inst | IA64_PMU_CFG_THREAD_ALL, fd[0]);
	ASSERT_GE(fd[1], 0);
	ASSERT_GE(fd[2], 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < 3; i++) {
		ASSERT_EQ(0, read_count(fd[i], &c));
		EXPECT_EQ(want[i], c.value) TH_LOG("event %d", i);
	}
	close_all(fd, 3);
}

/*
 * Erratum 121: with two threads per core an event takes PMC4-9 only:
 * six sampling events fit, a seventh does not, nor a counting one;
 * CPU_OP_CYCLES_HALTED (PMC10 only) is not supported, sampling or
 * counting; the samples come. With one thread, HALTED opens.
 */
TEST_F(mont, erratum121_sampling_on_pmc4_9)
{
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	int fd[8], i;
	struct ring r;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	counting_attr(&attr, ev("CPU_OP_CYCLES_HALTED"));
	attr.exclude_kernel = 1;
	attr.sample_period = 1000;
	if (sim_threads() < 2) {
		EXPECT_EQ(0, open_errno(&attr));
		SKIP(return, "one thread per core");
	}
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	attr.sample_period = 0;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));

	counting_attr(&attr, IA64_PMU_CONFIG(0x12, 0));
	attr.exclude_kernel = 1;
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	for (i = 0; i < 6; i++) {
		attr.disabled = !i;
		fd[i] = sys_perf_event_open(&attr, 0, -1, i ? fd[0] : -1, 0);
		ASSERT_GE(fd[i], 0);
	}
	EXPECT_EQ(-1, sys_perf_event_open(&attr, 0, -1, fd[0], 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, open_user(ev("IA64_INST_RETIRED"), fd[0]));
	EXPECT_EQ(EINVAL, errno);
	ASSERT_EQ(0, ring_map(&r, fd[5]));
	rec_cycles(&b, USER_IP, 10500, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	for (i = 4; i <= 9; i++)
		EXPECT_EQ(0x12, pmc_es(i)) TH_LOG("PMC%d", i);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ(10, ring_count_samples(&r));
	ring_unmap(&r);
	close_all(fd, 6);
}

/*
 * Erratum 121 and counting: a counting event relies on its overflow
 * interrupt to extend its 47-bit count. A group of six CPU_OP_CYCLES_ALL
 * and six NOPS_RETIRED: with one thread all twelve count, the cycles
 * exactly past 2^47 on PMC4-15; with two threads per core six fit, on
 * PMC4-9, where the overflow interrupts come, and count exactly too (on
 * PMC10-15 they would lose 2^47 silently).
 */
TEST_F(mont, erratum121_counts_past_2_47)
{
	const uint64_t cycles = (1ULL << 47) + 12345;
	struct rec_buf b = { .len = 0 };
	int fd[12], i, nr, fit;
	uint64_t cfg;
	struct count c;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	fit = sim_threads() > 1 ? 6 : 12;
	for (nr = 0; nr < 12; nr++) {
		cfg = ev(nr < 6 ? "CPU_OP_CYCLES_ALL" : "NOPS_RETIRED");
		fd[nr] = open_user(cfg, nr ? fd[0] : -1);
		if (nr >= fit) {
			EXPECT_EQ(-1, fd[nr]);
			EXPECT_EQ(EINVAL, errno);
			break;
		}
		ASSERT_GE(fd[nr], 0) TH_LOG("member %d: %s", nr,
					    strerror(errno));
	}
	rec_cycles(&b, USER_IP, cycles, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	for (i = 4; i < 4 + nr; i++)
		EXPECT_NE(0, pmc_es(i)) TH_LOG("PMC%d", i);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < nr; i++) {
		ASSERT_EQ(0, read_count(fd[i], &c));
		EXPECT_EQ(i < 6 ? cycles : 0, c.value) TH_LOG("member %d", i);
		EXPECT_EQ(c.enabled, c.running);
	}
	close_all(fd, nr);
}

/*
 * Erratum 120: with two threads per core there is no IP-EAR: a request
 * is EOPNOTSUPP and the format fields are hidden; with one, it opens
 */
TEST_F(mont, erratum120_no_ipear)
{
	struct perf_event_attr attr;

	if (!pmu_is_montecito())
		SKIP(return, NOT_MONTECITO);
	counting_attr(&attr, IA64_PMU_CONFIG(0x12, 0));
	attr.exclude_kernel = 1;
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY |
				  PERF_SAMPLE_BRANCH_USER;
	attr.config1 = IA64_PMU_CFG1_IPEAR;
	if (sim_threads() < 2) {
		EXPECT_EQ(0, access(PMU_DIR "/format/ipear", F_OK));
		EXPECT_EQ(0, open_errno(&attr));
		SKIP(return, "one thread per core");
	}
	EXPECT_NE(0, access(PMU_DIR "/format/ipear", F_OK));
	EXPECT_NE(0, access(PMU_DIR "/format/ipear_delay", F_OK));
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	/* the execution trace buffer's branch stacks are still there */
	attr.config1 = 0;
	EXPECT_EQ(0, open_errno(&attr));
}

TEST_HARNESS_MAIN
