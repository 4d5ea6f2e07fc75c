// SPDX-License-Identifier: GPL-2.0
/*
 * Events that count what the task did not cause (the admin guide's
 * "Events that see other agents"): other bus agents' transactions,
 * inbound snoops, the bus's in-order queue, and on a core running two
 * threads the Montecito's causal events. A per-task event of one shows
 * what other tasks do: it needs the privilege of a CPU-wide event
 * (perf_allow_cpu(), as x86's any-thread bit and uncore events), so user
 * nobody gets EACCES while perf_event_paranoid > 0 and the event at 0.
 * The events of the task's own activity, and the counts of time, open
 * for anyone; CPU-wide events are unchanged; the generic model, which
 * cannot know what a code counts, keeps its rule for raw bits.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

/* Table 7-22 ([ITA-RM]): the Itanium's bus initiators, umask 19:16 */
#define MERCED_ANY	0x1
#define MERCED_SELF	0x2
#define MERCED_IO	0x4

struct case_ {
	const char *name;	/* sysfs event */
	int umask;		/* -1: the event's own */
	int err;		/* errno of user nobody at paranoid 1 */
};

/* The config of @c, 0 if the PMU has no such event */
static uint64_t case_config(const struct case_ *c)
{
	uint64_t cfg;

	if (sysfs_event_lookup(c->name, &cfg))
		return 0;
	if (c->umask >= 0)
		cfg = (cfg & ~IA64_PMU_CFG_UMASK_MASK) |
		      ((uint64_t)c->umask << IA64_PMU_CFG_UMASK_SHIFT);
	return cfg;
}

/*
 * The errno of a per-task (@cpu -1) or CPU-wide (@cpu 0) counting event
 * of @cfg, 0 if it opens, opened in a child as user nobody (@nobody) or
 * as root
 */
static int open_as(uint64_t cfg, int nobody, int cpu)
{
	struct perf_event_attr attr;
	int status, fd;
	pid_t pid;

	pid = fork();
	if (!pid) {
		if (nobody && (setgid(65534) || setuid(65534)))
			_exit(101);
		counting_attr(&attr, cfg);
		attr.exclude_kernel = 1;
		fd = sys_perf_event_open(&attr, cpu < 0 ? 0 : -1, cpu, -1, 0);
		_exit(fd < 0 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static const struct case_ itanium_cases[] = {
	{ "BUS_ALL", -1, EACCES },		/* default: ANY */
	{ "BUS_ALL", MERCED_ANY, EACCES },
	{ "BUS_ALL", MERCED_IO, EACCES },
	{ "BUS_ALL", MERCED_SELF, 0 },
	{ "BUS_SNOOPS", -1, EACCES },		/* ANY only */
	{ "BUS_SNOOPQ_REQ", -1, EACCES },	/* inbound snoops */
	{ "BUS_IOQ_LIVE_REQ_LO", -1, EACCES },	/* the bus's queue */
	{ "BUS_HITM", -1, 0 },			/* this processor's */
	{ "BUS_BRQ_LIVE_REQ_LO", -1, 0 },	/* its request queue */
	{ "CPU_CYCLES", -1, 0 },
};

static const struct case_ itanium2_cases[] = {
	{ "BUS_ALL_ANY", -1, EACCES },
	{ "BUS_ALL_IO", -1, EACCES },
	{ "BUS_ALL_SELF", -1, 0 },
	{ "BUS_SNOOPS_ANY", -1, EACCES },
	{ "BUS_SNOOPQ_REQ", -1, EACCES },
	{ "BUS_IOQ_LIVE_REQ_HI", -1, EACCES },
	{ "BUS_DATA_CYCLE", -1, EACCES },
	{ "MEM_READ_CURRENT_ANY", -1, EACCES },
	{ "BUS_RD_HITM", -1, 0 },	/* others' answers to our reads */
	{ "CPU_CYCLES", -1, 0 },
};

/* err_mt: errno at paranoid 1 with two threads per core */
struct mont_case {
	const char *name;
	int err, err_mt;
};

static const struct mont_case montecito_cases[] = {
	{ "SI_SCB_INSERTS_HITM_EITHER", EACCES, EACCES },
	{ "SI_SCB_INSERTS_HITM_SELF", EACCES, EACCES },	/* snoops */
	{ "BUS_ALL_ANY", EACCES, EACCES },
	{ "BUS_ALL_EITHER", EACCES, EACCES },		/* the other core */
	{ "BUS_ALL_IO", EACCES, EACCES },
	{ "MEM_READ_CURRENT_ANY", EACCES, EACCES },
	{ "ER_SNOOPQ_REQ_LO", EACCES, EACCES },
	{ "BUS_ALL_SELF", 0, 0 },			/* self-floating */
	{ "BUS_DATA_CYCLE_SELF", 0, EACCES },		/* causal */
	{ "ER_BRQ_LIVE_REQ_LO", 0, EACCES },		/* causal */
	{ "CPU_OP_CYCLES_ALL", 0, 0 },			/* causal, time */
	{ "SI_CYCLES", 0, 0 },				/* causal, time */
	{ "IA64_INST_RETIRED", 0, 0 },
};

FIXTURE(others) {
	char paranoid[16];
	const struct case_ *cases;
	unsigned int n;
	struct case_ mont[ARRAY_SIZE(montecito_cases)];
};

FIXTURE_SETUP(others)
{
	unsigned int i;

	ASSERT_NE('\0', read_line(PARANOID, self->paranoid,
				  sizeof(self->paranoid))[0]);
	if (pmu_is_montecito()) {
		for (i = 0; i < ARRAY_SIZE(montecito_cases); i++) {
			self->mont[i].name = montecito_cases[i].name;
			self->mont[i].umask = -1;
			self->mont[i].err = sim_threads() > 1 ?
					    montecito_cases[i].err_mt :
					    montecito_cases[i].err;
		}
		self->cases = self->mont;
		self->n = ARRAY_SIZE(montecito_cases);
	} else if (pmu_is_itanium2()) {
		self->cases = itanium2_cases;
		self->n = ARRAY_SIZE(itanium2_cases);
	} else if (!pmu_is_generic()) {
		self->cases = itanium_cases;
		self->n = ARRAY_SIZE(itanium_cases);
	}
}

FIXTURE_TEARDOWN(others)
{
	write_str(PARANOID, self->paranoid);
}

/*
 * User nobody at perf_event_paranoid 1 and 2: EACCES for a per-task
 * event of other agents (and, with two threads, of the sibling), the
 * event for the task's own; at 0, every event
 */
TEST_F(others, per_task_needs_cpu_privilege)
{
	static const char *const levels[] = { "1", "2" };
	unsigned int i, l;
	uint64_t cfg;

	if (!self->cases)
		SKIP(return, "the generic model: generic_test's raw bits");
	for (l = 0; l < ARRAY_SIZE(levels); l++) {
		ASSERT_EQ(0, write_str(PARANOID, levels[l]));
		for (i = 0; i < self->n; i++) {
			cfg = case_config(&self->cases[i]);
			ASSERT_NE(0, cfg) TH_LOG("no %s", self->cases[i].name);
			EXPECT_EQ(self->cases[i].err, open_as(cfg, 1, -1))
				TH_LOG("%s umask %d, paranoid %s",
				       self->cases[i].name,
				       self->cases[i].umask, levels[l]);
		}
	}
	ASSERT_EQ(0, write_str(PARANOID, "0"));
	for (i = 0; i < self->n; i++)
		EXPECT_EQ(0, open_as(case_config(&self->cases[i]), 1, -1))
			TH_LOG("%s at paranoid 0", self->cases[i].name);
}

/* Root (CAP_PERFMON): every event, per task and CPU-wide, at paranoid 2 */
TEST_F(others, privileged_and_cpu_wide_unchanged)
{
	unsigned int i;
	uint64_t cfg;

	if (!self->cases)
		SKIP(return, "the generic model: generic_test's raw bits");
	ASSERT_EQ(0, write_str(PARANOID, "2"));
	for (i = 0; i < self->n; i++) {
		cfg = case_config(&self->cases[i]);
		EXPECT_EQ(0, open_as(cfg, 0, -1)) TH_LOG("%s per task",
							 self->cases[i].name);
		EXPECT_EQ(0, open_as(cfg, 0, 0)) TH_LOG("%s CPU-wide",
							self->cases[i].name);
	}
}

/*
 * The generic model cannot know what a code counts: the Itanium 2's and
 * Montecito's BUS_ALL_ANY code (es 0x87, umask 0x3) opens per task for
 * user nobody; only the raw bits above the threshold need the privilege
 * (generic_test)
 */
TEST_F(others, generic_keeps_raw_bits_rule)
{
	if (!pmu_is_generic())
		SKIP(return, "not the generic model");
	ASSERT_EQ(0, write_str(PARANOID, "2"));
	EXPECT_EQ(0, open_as(IA64_PMU_CONFIG(0x87, 0x3), 1, -1));
}

TEST_HARNESS_MAIN
