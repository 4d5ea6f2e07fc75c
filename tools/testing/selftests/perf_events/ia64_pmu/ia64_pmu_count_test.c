// SPDX-License-Identifier: GPL-2.0
/*
 * Counting on the Itanium PMU, with exact counts: every event counted here
 * comes from execution records injected into the PMU model on the test's
 * own CPU and in its own context (the model counts nothing else while its
 * free-running mode is off). On the three CPU models (caps/pmu_name): the
 * events the test needs beyond CPU_CYCLES and IA64_INST_RETIRED are each
 * model's own (struct cnt_model), looked up by name in sysfs.
 */

#include <pthread.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define USER_IP		0x4000000000001000ULL
#define KERNEL_IP	0xa000000100002000ULL

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define CFG_INST	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0)
#define THRES(t)	((uint64_t)(t) << IA64_PMU_CFG_THRES_SHIFT)
#define ISM(m)		((uint64_t)(m) << IA64_PMU_CFG_ISM_SHIFT)

/*
 * What the test needs of a CPU model: two events counted only in cycles
 * records, with their maximum increments per cycle, and a selection only
 * @narrow_fit of the four counters take
 */
struct cnt_model {
	const char *multi;	/* max. increment @multi_max >= 2 */
	unsigned int multi_max;
	const char *other;	/* max. increment 2 at least */
	uint64_t narrow;
	int narrow_fit;
};

/*
 * Itanium ([ITA-RM] §7.8): ALAT_REPLACEMENT.ALL (max. 2),
 * L1D_READS_RETIRED (2); IA64_INST_RETIRED with a threshold of 4, which
 * only PMC4/5 compare (Figures 6-13/6-14)
 */
static const struct cnt_model itanium = {
	.multi = "ALAT_REPLACEMENT.ALL", .multi_max = 2,
	.other = "L1D_READS_RETIRED",
	.narrow = CFG_INST | THRES(4), .narrow_fit = 2,
};

/*
 * Itanium 2 ([PFM-I2] event list): FP_OPS_RETIRED (max. 4),
 * BE_LOST_BW_DUE_TO_FE_BUBBLE (2); every counter takes a threshold,
 * L2_FORCE_RECIRC_ANY counts on PMC4 only
 */
static const struct cnt_model itanium2 = {
	.multi = "FP_OPS_RETIRED", .multi_max = 4,
	.other = "BE_LOST_BW_DUE_TO_FE_BUBBLE",
	.narrow = IA64_PMU_CONFIG(0xb4, 0), .narrow_fit = 1,
};

/*
 * Montecito ([PFM-MONT] event list): FP_OPS_RETIRED (max. 6),
 * BE_LOST_BW_DUE_TO_FE_BUBBLE (2); every counter takes a threshold,
 * CPU_OP_CYCLES_HALTED counts on PMC10 only
 */
static const struct cnt_model montecito = {
	.multi = "FP_OPS_RETIRED", .multi_max = 6,
	.other = "BE_LOST_BW_DUE_TO_FE_BUBBLE",
	.narrow = IA64_PMU_CONFIG(0x18, 0), .narrow_fit = 1,
};

static const struct cnt_model *cnt_model(void)
{
	if (pmu_is_montecito())
		return &montecito;
	return pmu_is_itanium2() ? &itanium2 : &itanium;
}

/* A cycles-record event of the sysfs event @name, @inc per cycle */
static struct ia64_pmu_rec_event rec_event(const char *name, unsigned int inc)
{
	uint64_t cfg = sysfs_event_config(name);
	struct ia64_pmu_rec_event ev = {
		.code = (cfg & IA64_PMU_CFG_ES_MASK) >> IA64_PMU_CFG_ES_SHIFT,
		.umask = (cfg & IA64_PMU_CFG_UMASK_MASK) >>
			 IA64_PMU_CFG_UMASK_SHIFT,
		.inc = inc,
	};

	return ev;
}

/* Open a disabled counting event on this task; -1 on failure */
static int open_counter(uint64_t cfg, int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	if (group >= 0)
		attr.disabled = 0;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

static uint64_t count_of(int fd)
{
	struct count c = { 0 };

	if (read_count(fd, &c))
		return ~0ULL;
	return c.value;
}

static int inject_cycles(uint64_t n, int cpl, int isa)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, cpl == 3 ? USER_IP : KERNEL_IP, n, cpl, isa, NULL, 0);
	return sim_inject(&b);
}

FIXTURE(pinned) {
	int dummy;
};

FIXTURE_SETUP(pinned)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
}

FIXTURE_TEARDOWN(pinned)
{
}

TEST_F(pinned, raw_cycles_exact)
{
	int fd = open_counter(CFG_CYCLES, -1);

	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, inject_cycles(500, 3, IA64_PMU_ISA_IA64));
	ASSERT_EQ(0, count_of(fd)) TH_LOG("counted while disabled");
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject_cycles(1000003, 3, IA64_PMU_ISA_IA64));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, inject_cycles(700, 3, IA64_PMU_ISA_IA64));
	EXPECT_EQ(1000003, count_of(fd));
	close(fd);
}

/* A named event of events/, with several increments per cycle */
TEST_F(pinned, named_event_increments)
{
	const struct cnt_model *cm = cnt_model();
	struct ia64_pmu_rec_event ev = rec_event(cm->multi, cm->multi_max);
	uint64_t cfg = sysfs_event_config(cm->multi);
	struct rec_buf b = { .len = 0 };
	int fd;

	ASSERT_EQ(pmu_is_itanium2() || pmu_is_montecito() ?
		  IA64_PMU_CONFIG(0x09, 0x0) : IA64_PMU_CONFIG(0x38, 0x3), cfg);
	fd = open_counter(cfg, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	rec_cycles(&b, USER_IP, 1000, 3, IA64_PMU_ISA_IA64, &ev, 1);
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(1000 * cm->multi_max, count_of(fd));
	close(fd);
}

/* exclude_user / exclude_kernel select plm bits 3 and 0 */
TEST_F(pinned, privilege_levels)
{
	struct perf_event_attr attr;
	int all, user, kernel;

	counting_attr(&attr, CFG_CYCLES);
	all = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.exclude_kernel = 1;
	user = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.exclude_kernel = 0;
	attr.exclude_user = 1;
	kernel = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(all, 0);
	ASSERT_GE(user, 0);
	ASSERT_GE(kernel, 0);
	ioctl(all, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(user, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(kernel, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
	ASSERT_EQ(0, inject_cycles(100, 0, IA64_PMU_ISA_IA64));
	EXPECT_EQ(1100, count_of(all));
	EXPECT_EQ(1000, count_of(user));
	EXPECT_EQ(100, count_of(kernel));
	close(all);
	close(user);
	close(kernel);
}

/*
 * ism bit 24 excludes IA-64 code, bit 25 IA-32 code. The Montecito's ism
 * is fixed at 0b10 (IA-64 code only): a raw ism is EINVAL, and a counter
 * counts no IA-32 code.
 */
TEST_F(pinned, instruction_set_mask)
{
	int ia64_only, ia32_only;

	if (pmu_is_montecito()) {
		EXPECT_EQ(-1, open_counter(CFG_CYCLES | ISM(2), -1));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(-1, open_counter(CFG_CYCLES | ISM(1), -1));
		EXPECT_EQ(EINVAL, errno);
		ia64_only = open_counter(CFG_CYCLES, -1);
		ASSERT_GE(ia64_only, 0);
		ioctl(ia64_only, PERF_EVENT_IOC_ENABLE, 0);
		ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
		ASSERT_EQ(0, inject_cycles(300, 3, IA64_PMU_ISA_IA32));
		EXPECT_EQ(1000, count_of(ia64_only));
		close(ia64_only);
		return;
	}
	ia64_only = open_counter(CFG_CYCLES | ISM(2), -1);
	ia32_only = open_counter(CFG_CYCLES | ISM(1), -1);
	ASSERT_GE(ia64_only, 0);
	ASSERT_GE(ia32_only, 0);
	ioctl(ia64_only, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(ia32_only, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
	ASSERT_EQ(0, inject_cycles(300, 3, IA64_PMU_ISA_IA32));
	EXPECT_EQ(1000, count_of(ia64_only));
	EXPECT_EQ(300, count_of(ia32_only));
	close(ia64_only);
	close(ia32_only);
}

/*
 * IA64_INST_RETIRED (max. increment 6): without threshold the counter
 * adds the instructions retired per cycle; with threshold t it adds one
 * per cycle retiring at least t.
 */
TEST_F(pinned, threshold_and_increments)
{
	struct rec_buf b = { .len = 0 };
	int sum, thres2, thres4;

	sum = open_counter(CFG_INST, -1);
	thres2 = open_counter(CFG_INST | THRES(2), -1);
	ASSERT_GE(sum, 0);
	ASSERT_GE(thres2, 0);
	ioctl(sum, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(thres2, PERF_EVENT_IOC_ENABLE, 0);
	rec_inst(&b, USER_IP, 300, 3, 1);
	rec_inst(&b, USER_IP + 16, 200, 3, 3);
	rec_inst(&b, USER_IP + 32, 10, 3, 6);
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(300 + 600 + 60, count_of(sum));
	EXPECT_EQ(210, count_of(thres2));
	close(sum);
	close(thres2);

	/* thres 4 only fits PMC4/5 on the Itanium: schedulable alone */
	thres4 = open_counter(CFG_INST | THRES(4), -1);
	ASSERT_GE(thres4, 0);
	ioctl(thres4, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(10, count_of(thres4));
	close(thres4);
}

/* perf's "instructions" is IA64_INST_RETIRED, "cycles" CPU_CYCLES */
TEST_F(pinned, generic_cycles_and_instructions)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int cyc, ins;

	counting_attr(&attr, PERF_COUNT_HW_CPU_CYCLES);
	attr.type = PERF_TYPE_HARDWARE;
	cyc = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	ins = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(cyc, 0);
	ASSERT_GE(ins, 0);
	ioctl(cyc, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(ins, PERF_EVENT_IOC_ENABLE, 0);
	rec_cycles(&b, USER_IP, 4000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_inst(&b, USER_IP, 1500, 3, 2);
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(4000, count_of(cyc));
	EXPECT_EQ(3000, count_of(ins));
	close(cyc);
	close(ins);
}

/* An increment above the event's maximum per cycle is not an execution */
TEST_F(pinned, max_increment_is_enforced)
{
	const struct cnt_model *cm = cnt_model();
	struct ia64_pmu_rec_event ev = rec_event(cm->multi, cm->multi_max + 1);
	struct rec_buf b = { .len = 0 };
	int fd = open_counter(CFG_CYCLES, -1);

	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	rec_cycles(&b, USER_IP, 10, 3, IA64_PMU_ISA_IA64, NULL, 0);
	rec_cycles(&b, USER_IP, 10, 3, IA64_PMU_ISA_IA64, &ev, 1);
	EXPECT_EQ(-EINVAL, sim_inject(&b));
	/* refused whole: not even the first, valid record ran */
	EXPECT_EQ(0, count_of(fd));
	close(fd);
}

/*
 * 64-bit counts from the W-bit counters (caps/counter_width: 32 on the
 * Itanium, 47 on the Itanium 2 and the Montecito): no wrap is lost
 */
TEST_F(pinned, wrap_beyond_2_to_w_plus_1)
{
	unsigned int width = pmu_counter_width();
	uint64_t n;
	int fd;

	ASSERT_EQ(pmu_is_itanium2() || pmu_is_montecito() ? 47 : 32, width);
	n = (1ULL << (width + 1)) + 12345;
	fd = open_counter(CFG_CYCLES, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, inject_cycles(n, 3, IA64_PMU_ISA_IA64));
	EXPECT_EQ(n, count_of(fd));
	close(fd);
}

/* A group of four, read at once */
TEST_F(pinned, group_of_four)
{
	const struct cnt_model *cm = cnt_model();
	struct ia64_pmu_rec_event ev[2] = {
		rec_event(cm->multi, 1), rec_event(cm->other, 2),
	};
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	uint64_t vals[1 + 4];
	int fd[4], i;

	counting_attr(&attr, CFG_CYCLES);
	attr.read_format = PERF_FORMAT_GROUP;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	fd[1] = open_counter(sysfs_event_config(cm->multi), fd[0]);
	fd[2] = open_counter(CFG_INST, fd[0]);
	fd[3] = open_counter(sysfs_event_config(cm->other), fd[0]);
	for (i = 1; i < 4; i++)
		ASSERT_GE(fd[i], 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	rec_cycles(&b, USER_IP, 5000, 3, IA64_PMU_ISA_IA64, ev, 2);
	rec_inst(&b, USER_IP, 700, 3, 2);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(vals), read(fd[0], vals, sizeof(vals)));
	EXPECT_EQ(4, vals[0]);
	EXPECT_EQ(5000, vals[1]);
	EXPECT_EQ(5000, vals[2]);
	EXPECT_EQ(1400, vals[3]);
	EXPECT_EQ(10000, vals[4]);
	for (i = 0; i < 4; i++)
		close(fd[i]);
}

/*
 * More events than the counters that can count them never fit: the
 * group fails at perf_event_open. On the Itanium three that only PMC4/5
 * count (threshold 4), on the Itanium 2 two PMC4-only events, on the
 * Montecito two PMC10-only ones; as many as fit do, with others.
 */
TEST_F(pinned, unschedulable_group_fails_at_open)
{
	const struct cnt_model *cm = cnt_model();
	int fd[4], i, c;

	fd[0] = open_counter(cm->narrow, -1);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < cm->narrow_fit; i++) {
		fd[i] = open_counter(cm->narrow, fd[0]);
		ASSERT_GE(fd[i], 0);
	}
	fd[i] = open_counter(CFG_CYCLES, fd[0]);
	ASSERT_GE(fd[i], 0);
	c = open_counter(cm->narrow, fd[0]);
	EXPECT_EQ(-1, c);
	EXPECT_EQ(EINVAL, errno);
	for (; i >= 0; i--)
		close(fd[i]);
}

/* Rounds of fifth_event_multiplexed: at most, and rotations to see */
#define MUX_ROUNDS_MAX		20000
#define MUX_ROTATIONS		30

/*
 * One event more than the counters (caps/counters: five on four, 13 on
 * the Montecito's twelve): the core multiplexes them. Records are atomic
 * with respect to rotation, so each is counted by exactly as many events
 * as there are counters; each event's scaled count estimates the total.
 * The events that counted a round's record are the ones on the PMU: the
 * rounds go on until each event was seen both on and off the PMU and the
 * set changed MUX_ROTATIONS times per event (the core rotates from a
 * timer, which a loaded host delays), so that the estimate, time-based,
 * is over many rotations whatever the timing.
 */
TEST_F(pinned, fifth_event_multiplexed)
{
	unsigned int nr = pmu_counters();
	uint64_t total = 0, sum = 0, last[16 + 1] = { 0 };
	unsigned int on = 0, off = 0, set, prev = 0, all;
	int fd[16 + 1], n, i, round, changes = 0;
	struct count c[16 + 1];

	ASSERT_GE(nr, 4);
	ASSERT_LE(nr, 16);
	n = nr + 1;
	all = (1U << n) - 1;
	for (i = 0; i < n; i++) {
		fd[i] = open_counter(CFG_CYCLES, -1);
		ASSERT_GE(fd[i], 0);
		ioctl(fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
	/*
	 * The core rotates a task's events from a timer while the task
	 * runs: stay on the CPU (busy) between records, do not sleep.
	 */
	for (round = 0; round < MUX_ROUNDS_MAX; round++) {
		if (on == all && off == all && changes >= MUX_ROTATIONS * n)
			break;
		ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
		total += 1000;
		for (set = 0, i = 0; i < n; i++) {
			ASSERT_EQ(0, read_count(fd[i], &c[i]));
			if (c[i].value != last[i])
				set |= 1U << i;
			last[i] = c[i].value;
		}
		on |= set;
		off |= ~set & all;
		changes += round && set != prev;
		prev = set;
		busy_ms(1);
	}
	TH_LOG("%d rounds, the set of counting events changed %d times",
	       round, changes);
	ASSERT_EQ(all, on) TH_LOG("an event never counted");
	ASSERT_EQ(all, off) TH_LOG("an event never rotated out");
	ASSERT_GE(changes, MUX_ROTATIONS * n)
		TH_LOG("no rotation in %d rounds", MUX_ROUNDS_MAX);
	for (i = 0; i < n; i++) {
		ioctl(fd[i], PERF_EVENT_IOC_DISABLE, 0);
		ASSERT_EQ(0, read_count(fd[i], &c[i]));
		sum += c[i].value;
	}
	EXPECT_EQ(nr * total, sum);
	for (i = 0; i < n; i++) {
		double scaled;

		EXPECT_GT(c[i].running, 0);
		EXPECT_LT(c[i].running, c[i].enabled);
		scaled = (double)c[i].value * c[i].enabled / c[i].running;
		EXPECT_GT(scaled, total * 0.6) TH_LOG("event %d: %.0f of %llu",
			i, scaled, (unsigned long long)total);
		EXPECT_LT(scaled, total * 1.4) TH_LOG("event %d: %.0f of %llu",
			i, scaled, (unsigned long long)total);
		close(fd[i]);
	}
}

/*
 * Two tasks on one CPU, each counting itself: each sees exactly its own
 * records although they run interleaved.
 */
TEST_F(pinned, two_tasks_one_cpu_isolated)
{
	int to_child[2], to_parent[2], status, fd, round;
	char token = 'x';
	pid_t pid;

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		int cfd = open_counter(CFG_CYCLES, -1);

		if (cfd < 0)
			_exit(2);
		ioctl(cfd, PERF_EVENT_IOC_ENABLE, 0);
		for (round = 0; round < 20; round++) {
			if (read(to_child[0], &token, 1) != 1)
				_exit(3);
			if (inject_cycles(333, 3, IA64_PMU_ISA_IA64))
				_exit(4);
			if (write(to_parent[1], &token, 1) != 1)
				_exit(5);
		}
		_exit(count_of(cfd) == 20 * 333 ? 0 : 1);
	}
	fd = open_counter(CFG_CYCLES, -1);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (round = 0; round < 20; round++) {
		ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
		ASSERT_EQ(1, write(to_child[1], &token, 1));
		ASSERT_EQ(1, read(to_parent[0], &token, 1));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(20 * 1000, count_of(fd));
	close(fd);
}

/* Register accesses the model of CPU @cpu has seen; ~0 if unknown */
static uint64_t model_accesses(int cpu)
{
	static const char * const kinds[] = {
		"pmc_reads", "pmc_writes", "pmd_reads", "pmd_writes",
		"psr_changes",
	};
	uint64_t v, sum = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (sim_dump_value(cpu, kinds[i], 10, &v))
			return ~0ULL;
		sum += v;
	}
	return sum;
}

#define CLONE_ROUNDS	200

/*
 * A task and its child, which inherited its counting event, ping-pong
 * on one CPU. Their contexts are clones: at each switch the core swaps
 * them and leaves the events on the PMU, inside a disable/enable pair
 * where nothing changes, and the PMU is not touched (the driver's lazy
 * disable). Before, each switch cleared and set PSR.pp and read PMC0:
 * 6 accesses per round trip. Other tasks run in between (kernel
 * threads; more of them the longer the test takes, on a loaded host):
 * a full switch out and in each, a few accesses. They are counted (a
 * CPU-wide context-switch software event: the round trips' two each,
 * the rest are others'), and allowed 4 accesses each beyond half an
 * access per round trip: the eager disable is over 1000 more. The
 * counts stay exact: the parent's count takes the child's at its exit,
 * whichever event counted which task's records.
 */
TEST_F(pinned, inherited_clones_switch_without_access)
{
	int to_child[2], to_parent[2], status, fd, round, csfd;
	struct perf_event_attr attr;
	uint64_t before, after, cs0 = 0, cs1 = 0;
	char token = 'x';
	int64_t other, allowed;
	pid_t pid;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	csfd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(csfd, 0);
	counting_attr(&attr, CFG_CYCLES);
	attr.inherit = 1;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		for (round = 0; round < CLONE_ROUNDS; round++) {
			if (read(to_child[0], &token, 1) != 1)
				_exit(1);
			if (inject_cycles(333, 3, IA64_PMU_ISA_IA64))
				_exit(2);
			if (write(to_parent[1], &token, 1) != 1)
				_exit(3);
		}
		_exit(0);
	}
	/* the first round trip settles both tasks on the CPU */
	before = 0;
	for (round = 0; round < CLONE_ROUNDS; round++) {
		ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));
		ASSERT_EQ(1, write(to_child[1], &token, 1));
		ASSERT_EQ(1, read(to_parent[0], &token, 1));
		if (round == 0) {
			before = model_accesses(0);
			ASSERT_EQ(sizeof(cs0), read(csfd, &cs0, sizeof(cs0)));
		}
	}
	after = model_accesses(0);
	ASSERT_EQ(sizeof(cs1), read(csfd, &cs1, sizeof(cs1)));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	ASSERT_NE(~0ULL, before);
	ASSERT_NE(~0ULL, after);
	/* the switches of the round trips, 2 each, and the others */
	other = cs1 - cs0 - 2 * (CLONE_ROUNDS - 1);
	TH_LOG("%llu register accesses in %d round trips, %lld other switches",
	       (unsigned long long)(after - before), CLONE_ROUNDS - 1,
	       (long long)other);
	ASSERT_LT(other, 2 * CLONE_ROUNDS) TH_LOG("too busy a CPU to judge");
	allowed = CLONE_ROUNDS / 2 + 4 * (other > 0 ? other : 0);
	EXPECT_LT(after - before, allowed);
	EXPECT_EQ(CLONE_ROUNDS * (1000 + 333), count_of(fd));
	close(fd);
	close(csfd);
}

/* A CPU-wide event counts every task's records on its CPU */
TEST_F(pinned, cpu_wide_counts_all_tasks)
{
	struct perf_event_attr attr;
	int fd, status;
	pid_t pid;

	counting_attr(&attr, CFG_CYCLES);
	fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(fd, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0)
		_exit(inject_cycles(4000, 3, IA64_PMU_ISA_IA64) ? 1 : 0);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(0, inject_cycles(600, 0, IA64_PMU_ISA_IA64));
	EXPECT_EQ(4600, count_of(fd));
	close(fd);
}

/*
 * A task's PMC4/5-only event (the Itanium 2: PMC4-only) arrives while
 * CPU-wide events hold PMC4 and PMC5: the CPU-wide event on a counter it
 * needs moves to PMC6/7 on the fly and loses nothing. The Montecito's
 * PMC10-only event takes a counter the two leave free: nothing moves,
 * and nothing is lost either.
 */
TEST_F(pinned, running_event_moves_to_another_counter)
{
	const struct cnt_model *cm = cnt_model();
	struct ia64_pmu_rec_event ev = {
		.code = (cm->narrow & IA64_PMU_CFG_ES_MASK) >>
			IA64_PMU_CFG_ES_SHIFT,
		.umask = (cm->narrow & IA64_PMU_CFG_UMASK_MASK) >>
			 IA64_PMU_CFG_UMASK_SHIFT,
		.inc = 1,
	};
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int cyc, ins, task;

	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	cyc = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(cyc, 0);
	counting_attr(&attr, CFG_INST);
	attr.disabled = 0;
	ins = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(ins, 0);
	ASSERT_EQ(0, inject_cycles(1000, 3, IA64_PMU_ISA_IA64));

	task = open_counter(cm->narrow, -1);
	ASSERT_GE(task, 0);
	ioctl(task, PERF_EVENT_IOC_ENABLE, 0);
	if (pmu_is_itanium2() || pmu_is_montecito()) {
		/* L2_FORCE_RECIRC_ANY, CPU_OP_CYCLES_HALTED: 30 cycles */
		rec_cycles(&b, USER_IP, 1970, 3, IA64_PMU_ISA_IA64, NULL, 0);
		rec_cycles(&b, USER_IP, 30, 3, IA64_PMU_ISA_IA64, &ev, 1);
	} else {
		rec_cycles(&b, USER_IP, 2000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	}
	rec_inst(&b, USER_IP, 30, 3, 6);
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(3000, count_of(cyc));
	EXPECT_EQ(180, count_of(ins));
	EXPECT_EQ(30, count_of(task));
	close(task);
	close(ins);
	close(cyc);
}

TEST_HARNESS_MAIN
