// SPDX-License-Identifier: GPL-2.0
/*
 * Raw umask selections of the Itanium PMU: perf_event_open takes every
 * selection [ITA-RM] §7.8 defines for an event code, and only those
 * (Documentation/admin-guide/perf/ia64-pmu.rst, "Raw events"). The exact
 * counts come from execution records injected into the PMU model on the
 * test's own CPU.
 *
 * On the Itanium 2 (caps/pmu_name) every variant of an event has its own
 * exact 4-bit umask ([PFM-I2] event list): the kinds of selection are
 * that one, and the test checks every selection of its events/ against
 * the driver, its tag and bus initiator umasks with exact counts. The
 * Montecito's umasks are exact too ([PFM-MONT] event list): the same
 * checks with its own selections and event list.
 */

#include <dirent.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define USER_IP		0x4000000000001000ULL

/* Event codes of [ITA-RM] §7.8 */
#define ES_TAGGED	0x08	/* IA64_TAGGED_INST_RETIRED, Table 7-30 */
#define ES_TAKEN_SLOT	0x0d	/* BRANCH_TAKEN_SLOT, Table 7-29 */
#define ES_PFLUSH	0x33	/* PIPELINE_FLUSH, Table 7-32 */
#define ES_CHKS		0x35	/* INST_FAILED_CHKS_RETIRED.*, xx01/10/11 */
#define ES_ALAT_REPL	0x38	/* ALAT_REPLACEMENT.*, xx01/10/11 */
#define ES_BUS_ALL	0x47	/* initiator: Table 7-22 */
#define ES_BUS_IO	0x50	/* "only Any and Self" */
#define ES_BUS_LOCK	0x53	/* "only Any" */
#define ES_BUS_STALL	0x55	/* BUS_SNOOP_STALL_CYCLES, "only Self, Any" */
#define ES_L2_DATA	0x69	/* L2_DATA_REFERENCES.*, xx01/10/11 */
#define ES_L2_FLUSH	0x77	/* L2_FLUSH_DETAILS, Table 7-31 */
#define ES_L3_READS	0x7d	/* L3_READS.*: nine four-bit patterns */

/* Table 7-22: initiator in umask bits 18:16, bit 19 don't care */
#define BUS_ANY		0x1
#define BUS_SELF	0x2
#define BUS_IO		0x4
#define BUS_X		0x8

struct sel {
	unsigned int es, umask;
};

static int raw_errno(unsigned int es, unsigned int umask)
{
	struct perf_event_attr attr;

	counting_attr(&attr, IA64_PMU_CONFIG(es, umask));
	return open_errno(&attr);
}

/* The selections of the Hardening issue, each valid by [ITA-RM] §7.8 */
static const struct sel valid[] = {
	/* Table 7-30: PMC9 tag, PMC8 tag, all */
	{ ES_TAGGED, 0x2 }, { ES_TAGGED, 0x3 }, { ES_TAGGED, 0x0 },
	/* Table 7-22: ANY, SELF, IO, each also with bit 19 set */
	{ ES_BUS_ALL, BUS_ANY }, { ES_BUS_ALL, BUS_SELF },
	{ ES_BUS_ALL, BUS_IO }, { ES_BUS_ALL, BUS_X | BUS_ANY },
	{ ES_BUS_ALL, BUS_X | BUS_SELF }, { ES_BUS_ALL, BUS_X | BUS_IO },
	{ ES_BUS_IO, BUS_ANY }, { ES_BUS_IO, BUS_SELF },
	{ ES_BUS_STALL, BUS_X | BUS_SELF }, { ES_BUS_LOCK, BUS_ANY },
	/* Tables 7-29, 7-31, 7-32: any non-empty combination of the bits */
	{ ES_TAKEN_SLOT, 0x1 }, { ES_TAKEN_SLOT, 0x6 },
	{ ES_TAKEN_SLOT, 0x8 }, { ES_TAKEN_SLOT, 0xf },
	{ ES_L2_FLUSH, 0x1 }, { ES_L2_FLUSH, 0x5 }, { ES_L2_FLUSH, 0xa },
	{ ES_L2_FLUSH, 0xf }, { ES_PFLUSH, 0x2 }, { ES_PFLUSH, 0x9 },
	{ ES_PFLUSH, 0xc }, { ES_PFLUSH, 0xf },
	/* "xx11", "xx10", "xx01" with the x bits set */
	{ ES_ALAT_REPL, 0x7 }, { ES_ALAT_REPL, 0xb }, { ES_ALAT_REPL, 0xf },
	{ ES_ALAT_REPL, 0xe }, { ES_CHKS, 0xd }, { ES_L2_DATA, 0x6 },
	/* "Umask: Ignored": CPU_CYCLES with any umask */
	{ 0x12, 0x5 }, { 0x12, 0xf },
	/* four-bit patterns: L3_READS.INST_READS.HIT 0101 */
	{ ES_L3_READS, 0x5 },
};

/* Selections §7.8 does not define: -EINVAL */
static const struct sel invalid[] = {
	/* Table 7-30: "All other umask settings": undefined event count */
	{ ES_TAGGED, 0x1 }, { ES_TAGGED, 0x4 }, { ES_TAGGED, 0x7 },
	{ ES_TAGGED, 0xb }, { ES_TAGGED, 0xf },
	/* Table 7-22: no initiator, or several */
	{ ES_BUS_ALL, 0x0 }, { ES_BUS_ALL, BUS_X }, { ES_BUS_ALL, 0x3 },
	{ ES_BUS_ALL, 0x6 }, { ES_BUS_ALL, 0x7 }, { ES_BUS_ALL, 0xf },
	/* initiators the event does not support */
	{ ES_BUS_IO, BUS_IO }, { ES_BUS_IO, BUS_X | BUS_IO },
	{ ES_BUS_STALL, BUS_IO }, { ES_BUS_LOCK, BUS_SELF },
	{ ES_BUS_LOCK, BUS_IO },
	/* "xx00" matches none of xx01, xx10, xx11 */
	{ ES_ALAT_REPL, 0x0 }, { ES_ALAT_REPL, 0xc }, { ES_CHKS, 0x4 },
	{ ES_L2_DATA, 0x8 },
	/* L3_READS: seven of the sixteen patterns are no event */
	{ ES_L3_READS, 0x0 }, { ES_L3_READS, 0x3 }, { ES_L3_READS, 0x4 },
	{ ES_L3_READS, 0x8 }, { ES_L3_READS, 0xc },
	/* bit sets with no bit set: they select nothing, never count */
	{ ES_TAKEN_SLOT, 0x0 }, { ES_L2_FLUSH, 0x0 }, { ES_PFLUSH, 0x0 },
	/* event codes §7.8 does not list, with any umask */
	{ 0x13, 0x0 }, { 0x13, 0x5 }, { 0x7a, 0xf },
};

/* Itanium 2 event codes ([PFM-I2] event list) */
#define ES2_TAGGED	0x08	/* IA64_TAGGED_INST_RETIRED_IBRP0-3 */
#define ES2_BUS_ALL	0x87	/* BUS_ALL: IO 0001, SELF 0010, ANY 0011 */
#define ES2_BUS_MEMORY	0x8a	/* BUS_MEMORY: 9 of the 16 umasks */
#define ES2_BR_MISPRED	0x5b	/* BR_MISPRED_DETAIL: type 3:2, outcome 1:0 */
#define ES2_L2_OZQ_ACQ	0xa2	/* L2_OZQ_ACQUIRE: umask 0 only */

#define BUS2_IO		0x1
#define BUS2_SELF	0x2
#define BUS2_ANY	0x3

/* Itanium 2 selections its event list defines */
static const struct sel valid2[] = {
	/* retired instructions tagged by IBR pair 0-3 (PMC8/PMC9) */
	{ ES2_TAGGED, 0x0 }, { ES2_TAGGED, 0x1 }, { ES2_TAGGED, 0x2 },
	{ ES2_TAGGED, 0x3 },
	{ ES2_BUS_ALL, BUS2_IO }, { ES2_BUS_ALL, BUS2_SELF },
	{ ES2_BUS_ALL, BUS2_ANY },
	{ ES2_BUS_MEMORY, 0xf }, { ES2_BUS_MEMORY, 0x5 },
	{ ES2_BR_MISPRED, 0x0 }, { ES2_BR_MISPRED, 0x7 },
	{ ES2_BR_MISPRED, 0xf },
	{ 0x12, 0x0 }, { 0xcd, 0x0 }, { ES2_L2_OZQ_ACQ, 0x0 },
};

/* ... and selections it does not: -EINVAL */
static const struct sel invalid2[] = {
	/* no IBR pair 4 and beyond */
	{ ES2_TAGGED, 0x4 }, { ES2_TAGGED, 0x7 }, { ES2_TAGGED, 0xf },
	/* no initiator, or bit 19 (no "x" bit on the Itanium 2) */
	{ ES2_BUS_ALL, 0x0 }, { ES2_BUS_ALL, 0x4 }, { ES2_BUS_ALL, 0xb },
	{ ES2_BUS_MEMORY, 0x0 }, { ES2_BUS_MEMORY, 0x4 },
	/* "Umask: Ignored" of the Itanium is no Itanium 2 selection */
	{ 0x12, 0x5 }, { 0x12, 0xf }, { 0xcd, 0x1 }, { ES2_L2_OZQ_ACQ, 0x1 },
	/* event codes with no event, with any umask */
	{ 0xff, 0x0 }, { 0x7a, 0xf }, { 0xe0, 0x0 },
};

/* Montecito event codes ([PFM-MONT] event list) */
#define ES3_CPL		0x13	/* CPU_CPL_CHANGES: 0001-1000, 1111 */
#define ES3_BUS_WR_WB	0x92	/* BUS_WR_WB: 8 of the 16 umasks */

/*
 * Montecito selections its event list defines: the Itanium 2's tags and
 * initiators, with BUS_ALL's EITHER 0000
 */
static const struct sel valid3[] = {
	{ ES2_TAGGED, 0x0 }, { ES2_TAGGED, 0x1 }, { ES2_TAGGED, 0x2 },
	{ ES2_TAGGED, 0x3 },
	{ ES2_BUS_ALL, 0x0 }, { ES2_BUS_ALL, BUS2_IO },
	{ ES2_BUS_ALL, BUS2_SELF }, { ES2_BUS_ALL, BUS2_ANY },
	{ ES2_BUS_MEMORY, 0xf }, { ES2_BUS_MEMORY, 0x5 },
	{ ES2_BUS_MEMORY, 0xc }, { ES2_BUS_MEMORY, 0x4 },
	{ ES2_BR_MISPRED, 0x0 }, { ES2_BR_MISPRED, 0x7 },
	{ ES2_BR_MISPRED, 0xf },
	{ 0x12, 0x0 }, { 0x12, 0x1 }, { 0xcd, 0x0 },
	{ ES3_CPL, 0x1 }, { ES3_CPL, 0x8 }, { ES3_CPL, 0xf },
	{ ES3_BUS_WR_WB, 0xf }, { ES3_BUS_WR_WB, 0x5 },
};

/* ... and selections it does not: -EINVAL */
static const struct sel invalid3[] = {
	{ ES2_TAGGED, 0x4 }, { ES2_TAGGED, 0x7 }, { ES2_TAGGED, 0xf },
	{ ES2_BUS_ALL, 0x4 }, { ES2_BUS_ALL, 0xb },
	{ ES2_BUS_MEMORY, 0x0 }, { ES2_BUS_MEMORY, 0x3 },
	{ 0x12, 0x2 }, { 0x12, 0xf }, { 0xcd, 0x1 },
	{ ES3_CPL, 0x0 }, { ES3_CPL, 0x3 }, { ES3_CPL, 0x9 },
	{ ES3_BUS_WR_WB, 0x0 }, { ES3_BUS_WR_WB, 0x9 },
	{ 0xff, 0x0 }, { 0x38, 0x0 }, { 0x38, 0xf },
};

TEST(valid_selections_open)
{
	int ita2 = pmu_is_itanium2();
	const struct sel *v = ita2 ? valid2 : valid;
	unsigned int i, n = ita2 ? ARRAY_SIZE(valid2) : ARRAY_SIZE(valid);

	if (pmu_is_montecito()) {
		v = valid3;
		n = ARRAY_SIZE(valid3);
	}

	/* braces: EXPECT_EQ() and its TH_LOG() are two statements */
	for (i = 0; i < n; i++) {
		EXPECT_EQ(0, raw_errno(v[i].es, v[i].umask))
			TH_LOG("es 0x%02x umask 0x%x refused", v[i].es,
			       v[i].umask);
	}
}

TEST(undefined_selections_einval)
{
	int ita2 = pmu_is_itanium2();
	const struct sel *v = ita2 ? invalid2 : invalid;
	unsigned int i, n = ita2 ? ARRAY_SIZE(invalid2) : ARRAY_SIZE(invalid);

	if (pmu_is_montecito()) {
		v = invalid3;
		n = ARRAY_SIZE(invalid3);
	}

	for (i = 0; i < n; i++) {
		EXPECT_EQ(EINVAL, raw_errno(v[i].es, v[i].umask))
			TH_LOG("es 0x%02x umask 0x%x", v[i].es, v[i].umask);
	}
}

/*
 * Itanium 2 and Montecito: the selections of events/ are exactly those
 * that open. Every (es, umask) an event file names opens; every other
 * umask of an event code, and every event code without an event file,
 * is -EINVAL.
 */
TEST(itanium2_selections_are_the_event_list)
{
	static uint8_t listed[256][16];
	unsigned int es, umask, nr = 0, bad = 0;
	int mont = pmu_is_montecito();
	struct dirent *d;
	DIR *dir;

	if (!pmu_is_itanium2() && !mont)
		SKIP(return, "the PMU is neither an Itanium 2 nor a Montecito");
	dir = opendir(PMU_DIR "/events");
	ASSERT_NE(NULL, dir);
	while ((d = readdir(dir))) {
		uint64_t cfg;

		if (d->d_name[0] == '.' || !strcmp(d->d_name, "mem-loads"))
			continue;
		cfg = 0;
		EXPECT_EQ(0, sysfs_event_lookup(d->d_name, &cfg))
			TH_LOG("%s: no config", d->d_name);
		es = (cfg & IA64_PMU_CFG_ES_MASK) >> IA64_PMU_CFG_ES_SHIFT;
		umask = (cfg & IA64_PMU_CFG_UMASK_MASK) >>
			IA64_PMU_CFG_UMASK_SHIFT;
		listed[es][umask] = 1;
		nr++;
	}
	closedir(dir);
	/*
	 * [PFM-I2]: 460 counting events and BRANCH_EVENT; [PFM-MONT]: 599
	 * counting events, ETB_EVENT and BRANCH_EVENT
	 */
	EXPECT_EQ(mont ? 601 : 461, nr);
	for (es = 0; es < 256; es++) {
		for (umask = 0; umask < 16; umask++) {
			int want = listed[es][umask] ? 0 : EINVAL;
			int got = raw_errno(es, umask);

			if (got != want && bad++ < 20)
				TH_LOG("es 0x%02x umask 0x%x: errno %d, want %d",
				       es, umask, got, want);
		}
	}
	EXPECT_EQ(0, bad);
}

/* Exact counts -------------------------------------------------------- */

static int open_counter(unsigned int es, unsigned int umask)
{
	struct perf_event_attr attr;

	counting_attr(&attr, IA64_PMU_CONFIG(es, umask));
	return sys_perf_event_open(&attr, 0, -1, -1, 0);
}

static uint64_t count_of(int fd)
{
	struct count c = { 0 };

	if (read_count(fd, &c))
		return ~0ULL;
	return c.value;
}

/* Append a retired IA-64 branch record: @repeat times, at bundle @slot */
static void rec_slot_branch(struct rec_buf *b, uint64_t repeat, int slot,
		       int taken)
{
	struct ia64_pmu_rec_branch *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_BRANCH;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = taken ? IA64_PMU_REC_BR_TAKEN : 0;
	rec_ctx(&r->ctx, USER_IP, repeat, 3, IA64_PMU_ISA_IA64);
	r->ctx.slot = slot;
	r->target = taken ? USER_IP + 0x100 : USER_IP + 0x10;
	r->btype = IA64_PMU_BR_COND;
	r->predictor = IA64_PMU_PRED_BAC;
	b->len += sizeof(*r);
}

/* Append a cycles record with one event increment per cycle */
static void rec_event(struct rec_buf *b, uint64_t repeat, unsigned int es,
		      unsigned int umask, unsigned int inc)
{
	struct ia64_pmu_rec_event ev = {
		.code = es, .umask = umask, .inc = inc,
	};

	rec_cycles(b, USER_IP, repeat, 3, IA64_PMU_ISA_IA64, &ev, 1);
}

static void enable_all(const int *fd, int n, unsigned long op)
{
	int i;

	for (i = 0; i < n; i++)
		ioctl(fd[i], op, 0);
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

/*
 * IA64_TAGGED_INST_RETIRED with the PMC9 tag (umask 0010, Table 7-30).
 * PMC8/9 keep their reset value, which tags every instruction ([ITA-RM]
 * §6.2.9, Figure 6-17): the PMC9 tag counts exactly what
 * IA64_INST_RETIRED (umask 0000) counts.
 */
TEST_F(pinned, tagged_pmc9_exact)
{
	struct rec_buf b = { .len = 0 };
	int fd[2];

	if (pmu_is_itanium2() || pmu_is_montecito())
		SKIP(return, "Itanium 2, Montecito: tagged_ibrp_exact");
	fd[0] = open_counter(ES_TAGGED, 0x2);
	fd[1] = open_counter(ES_TAGGED, 0x0);
	ASSERT_GE(fd[0], 0);
	ASSERT_GE(fd[1], 0);
	enable_all(fd, 2, PERF_EVENT_IOC_ENABLE);
	rec_inst(&b, USER_IP, 1000, 3, 4);
	rec_inst(&b, USER_IP + 0x10, 77, 3, 1);
	ASSERT_EQ(0, sim_inject(&b));
	enable_all(fd, 2, PERF_EVENT_IOC_DISABLE);
	EXPECT_EQ(4077, count_of(fd[0]));
	EXPECT_EQ(4077, count_of(fd[1]));
	close(fd[0]);
	close(fd[1]);
}

/*
 * Itanium 2: IA64_TAGGED_INST_RETIRED of IBR pairs 0-3, umask 0-3: pairs
 * 0 and 2 take PMC8's tag, 1 and 3 PMC9's ([PFM-I2]); PMC8/9 keep their
 * reset value ([PFM-MCK] defaults), which tags every instruction: each
 * pair counts every retired instruction. The Montecito's pairs 0 and 2
 * take the tag of PMC32/33, 1 and 3 PMC34/35's ([PFM-MONT]), which also
 * tag every instruction at reset.
 */
TEST_F(pinned, tagged_ibrp_exact)
{
	struct rec_buf b = { .len = 0 };
	int fd[4], i;

	if (!pmu_is_itanium2() && !pmu_is_montecito())
		SKIP(return, "the PMU is neither an Itanium 2 nor a Montecito");
	for (i = 0; i < 4; i++) {
		fd[i] = open_counter(ES2_TAGGED, i);
		ASSERT_GE(fd[i], 0) TH_LOG("IBRP%d", i);
	}
	enable_all(fd, 4, PERF_EVENT_IOC_ENABLE);
	rec_inst(&b, USER_IP, 1000, 3, 4);
	rec_inst(&b, USER_IP + 0x10, 77, 3, 1);
	ASSERT_EQ(0, sim_inject(&b));
	enable_all(fd, 4, PERF_EVENT_IOC_DISABLE);
	for (i = 0; i < 4; i++) {
		EXPECT_EQ(4077, count_of(fd[i])) TH_LOG("IBRP%d", i);
		close(fd[i]);
	}
}

/*
 * BRANCH_TAKEN_SLOT (Table 7-29): 0110 counts the first taken branches
 * in slot 1 or 2, 1000 the bundles without a taken branch, 0001 those in
 * slot 0.
 */
TEST_F(pinned, branch_taken_slot_combinations_exact)
{
	static const unsigned int umask[3] = { 0x6, 0x8, 0x1 };
	struct rec_buf b = { .len = 0 };
	int fd[3], i;

	if (pmu_is_itanium2() || pmu_is_montecito())
		SKIP(return, "no BRANCH_TAKEN_SLOT after the Itanium");
	for (i = 0; i < 3; i++) {
		fd[i] = open_counter(ES_TAKEN_SLOT, umask[i]);
		ASSERT_GE(fd[i], 0) TH_LOG("umask 0x%x", umask[i]);
	}
	enable_all(fd, 3, PERF_EVENT_IOC_ENABLE);
	rec_slot_branch(&b, 100, 0, 1);
	rec_slot_branch(&b, 200, 1, 1);
	rec_slot_branch(&b, 300, 2, 1);
	rec_slot_branch(&b, 50, 2, 0);
	ASSERT_EQ(0, sim_inject(&b));
	enable_all(fd, 3, PERF_EVENT_IOC_DISABLE);
	EXPECT_EQ(500, count_of(fd[0]));
	EXPECT_EQ(50, count_of(fd[1]));
	EXPECT_EQ(100, count_of(fd[2]));
	for (i = 0; i < 3; i++)
		close(fd[i]);
}

/*
 * BUS_ALL by initiator (Table 7-22), bit 19 set where it is "x": SELF
 * x010 and IO x100 count only their own transactions. On the Itanium 2
 * and the Montecito (BUS_ALL 0x87: ANY 0011, SELF 0010, IO 0001, no "x"
 * bit) the same.
 */
TEST_F(pinned, bus_initiators_exact)
{
	static const unsigned int umask1[3] = {
		BUS_ANY, BUS_X | BUS_SELF, BUS_X | BUS_IO,
	};
	static const unsigned int umask2[3] = { BUS2_ANY, BUS2_SELF, BUS2_IO };
	int ita2 = pmu_is_itanium2() || pmu_is_montecito();
	const unsigned int *umask = ita2 ? umask2 : umask1;
	unsigned int es = ita2 ? ES2_BUS_ALL : ES_BUS_ALL;
	struct rec_buf b = { .len = 0 };
	int fd[3], i;

	for (i = 0; i < 3; i++) {
		fd[i] = open_counter(es, umask[i]);
		ASSERT_GE(fd[i], 0) TH_LOG("umask 0x%x", umask[i]);
	}
	enable_all(fd, 3, PERF_EVENT_IOC_ENABLE);
	rec_event(&b, 100, es, ita2 ? BUS2_ANY : BUS_ANY, 1);
	rec_event(&b, 300, es, ita2 ? BUS2_SELF : BUS_SELF, 1);
	rec_event(&b, 200, es, ita2 ? BUS2_IO : BUS_IO, 1);
	ASSERT_EQ(0, sim_inject(&b));
	enable_all(fd, 3, PERF_EVENT_IOC_DISABLE);
	EXPECT_EQ(100, count_of(fd[0]));
	EXPECT_EQ(300, count_of(fd[1]));
	EXPECT_EQ(200, count_of(fd[2]));
	for (i = 0; i < 3; i++)
		close(fd[i]);
}

/* ALAT_REPLACEMENT.ALL "xx11" programmed as 1111 counts like 0011 */
TEST_F(pinned, xx11_with_x_bits_exact)
{
	struct rec_buf b = { .len = 0 };
	int fd[2];

	if (pmu_is_itanium2() || pmu_is_montecito())
		SKIP(return, "Itanium 2, Montecito umasks are exact, no \"x\" bits");
	fd[0] = open_counter(ES_ALAT_REPL, 0xf);
	fd[1] = open_counter(ES_ALAT_REPL, 0x6);	/* .FP, xx10 */
	ASSERT_GE(fd[0], 0);
	ASSERT_GE(fd[1], 0);
	enable_all(fd, 2, PERF_EVENT_IOC_ENABLE);
	rec_event(&b, 1000, ES_ALAT_REPL, 0x3, 2);
	rec_event(&b, 10, ES_ALAT_REPL, 0x2, 1);
	ASSERT_EQ(0, sim_inject(&b));
	enable_all(fd, 2, PERF_EVENT_IOC_DISABLE);
	EXPECT_EQ(2000, count_of(fd[0]));
	EXPECT_EQ(10, count_of(fd[1]));
	close(fd[0]);
	close(fd[1]);
}

TEST_HARNESS_MAIN
