// SPDX-License-Identifier: GPL-2.0
/*
 * The model's Montecito event table (pmu_model_events_montecito.c): its
 * size, the counts by counter set, thread type and MESI support that
 * libpfm's list gives, unique names, first-row lookup of aliased
 * selections, and spot checks of single rows.
 */
#include "model_test.h"
#include "pmu_model_events.h"

#define MONT		ia64_model_montecito_events
#define MONT_NR		ia64_model_montecito_nr_events

static const struct ia64_model_event *mont_name(const char *name)
{
	return ia64_model_event_lookup_name(MONT, MONT_NR, name);
}

static const struct ia64_model_event *mont_sel(unsigned int es,
					       unsigned int umask)
{
	return ia64_model_event_lookup(MONT, MONT_NR, es, umask);
}

static int prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* 599 counting events and the two ETB events; no EAR presets */
TEST(mont_events_rows)
{
	unsigned int i;

	CHECK_EQ(MONT_NR, 601);
	for (i = 0; i < MONT_NR; i++) {
		const struct ia64_model_event *e = &MONT[i];

		CHECK_EQ(e->umask_kind, IA64_MODEL_UM_PAT);
		CHECK_EQ(e->umask_mask, 0xf);
		CHECK(e->umask_val <= 0xf);
		CHECK(e->max_inc >= 1 && e->max_inc <= 7);
		CHECK(e->caf <= IA64_MODEL_CAF_SELF_FLOATING);
		/* no .all-capable event, no ld.c-only data range */
		CHECK(!(e->qual & ~(IA64_MODEL_Q_IAR | IA64_MODEL_Q_OPC |
				    IA64_MODEL_Q_DAR | IA64_MODEL_Q_IBRP1 |
				    IA64_MODEL_Q_MESI |
				    IA64_MODEL_Q_IBRP_DUAL)));
	}
	/* libpfm's order: its two aliases come last */
	CHECK(!strcmp(MONT[0].name, "ALAT_CAPACITY_MISS_ALL"));
	CHECK(!strcmp(MONT[MONT_NR - 2].name, "IA64_INST_RETIRED"));
	CHECK(!strcmp(MONT[MONT_NR - 1].name, "BRANCH_EVENT"));
	/* the EAR presets are not rows, the EAR events are */
	CHECK(!mont_name("DATA_EAR_CACHE_LAT4"));
	CHECK(!mont_name("DATA_EAR_TLB_ALL"));
	CHECK(!mont_name("DATA_EAR_ALAT"));
	CHECK(!mont_name("L1I_EAR_CACHE_LAT0"));
	CHECK(!mont_name("L1I_EAR_TLB_ALL"));
	CHECK(mont_sel(0x43, 0) == mont_name("L1I_EAR_EVENTS"));
	CHECK(mont_sel(0xc8, 0) == mont_name("DATA_EAR_EVENTS"));
	/* a preset's umask goes to the EAR, not to the counter */
	CHECK(!mont_sel(0xc8, 1));
	CHECK(!mont_sel(0x43, 0xf));
}

/* 502 + 36 presets = libpfm's 538 on PMC4-15; 87 + 11 on PMC4-9 */
TEST(mont_events_counters)
{
	unsigned int i, all = 0, low = 0, bus = 0, er = 0, p10 = 0;

	for (i = 0; i < MONT_NR; i++) {
		const struct ia64_model_event *e = &MONT[i];
		int b = prefix(e->name, "BUS_"), r = prefix(e->name, "ER_");

		switch (e->pmds) {
		case 0xfff0:
			all++;
			CHECK(!b && !r);
			break;
		case 0x3f0:
			low++;
			bus += b;
			er += r;
			CHECK(b || r);
			break;
		case 0x400:
			p10++;
			CHECK(!strcmp(e->name, "CPU_OP_CYCLES_HALTED"));
			break;
		default:
			printf("  %s: pmds 0x%x\n", e->name, e->pmds);
			CHECK(0);
		}
	}
	CHECK_EQ(all, 502);
	CHECK_EQ(low, 98);
	CHECK_EQ(bus, 87);
	CHECK_EQ(er, 11);
	CHECK_EQ(p10, 1);
}

/* libpfm: 284/186/68/99 over 637 entries; the 36 presets are floating */
TEST(mont_events_thread_types)
{
	unsigned int i, n[4] = { 0 };

	for (i = 0; i < MONT_NR; i++)
		if (MONT[i].caf < 4)
			n[MONT[i].caf]++;
	CHECK_EQ(n[IA64_MODEL_CAF_ACTIVE], 284);
	CHECK_EQ(n[IA64_MODEL_CAF_FLOATING], 186 - 36);
	CHECK_EQ(n[IA64_MODEL_CAF_CAUSAL], 68);
	CHECK_EQ(n[IA64_MODEL_CAF_SELF_FLOATING], 99);
	/* the older tables are single-threaded: all 0 */
	for (i = 0; i < ia64_model_itanium_nr_events; i++)
		CHECK_EQ(ia64_model_itanium_events[i].caf, 0);
	for (i = 0; i < ia64_model_itanium2_nr_events; i++)
		CHECK_EQ(ia64_model_itanium2_events[i].caf, 0);
}

/* All L3_READS_*, L3_WRITES_*, L3_INSERTS and L3_LINES_REPLACED */
TEST(mont_events_mesi)
{
	unsigned int i, n = 0;

	for (i = 0; i < MONT_NR; i++) {
		const struct ia64_model_event *e = &MONT[i];
		int l3rw = prefix(e->name, "L3_READS_") ||
			   prefix(e->name, "L3_WRITES_") ||
			   !strcmp(e->name, "L3_INSERTS") ||
			   !strcmp(e->name, "L3_LINES_REPLACED");

		if (!(e->qual & IA64_MODEL_Q_MESI)) {
			CHECK(!l3rw);
			continue;
		}
		n++;
		CHECK(l3rw);
		if (!strcmp(e->name, "L3_LINES_REPLACED"))
			CHECK_EQ(e->qual, IA64_MODEL_Q_MESI);
		else
			CHECK_EQ(e->qual, IA64_MODEL_Q_IAR | IA64_MODEL_Q_OPC |
					  IA64_MODEL_Q_DAR | IA64_MODEL_Q_MESI);
	}
	CHECK_EQ(n, 23);
	for (i = 0; i < ia64_model_itanium2_nr_events; i++)
		CHECK(!(ia64_model_itanium2_events[i].qual &
			IA64_MODEL_Q_MESI));
}

TEST(mont_events_unique_names)
{
	unsigned int i, j;

	for (i = 0; i < MONT_NR; i++)
		for (j = i + 1; j < MONT_NR; j++)
			if (!strcmp(MONT[i].name, MONT[j].name)) {
				printf("  %s twice\n", MONT[i].name);
				CHECK(0);
			}
}

/*
 * Each row's (es, umask) finds the first row with that selection; four
 * rows are shadowed by an earlier one.
 */
TEST(mont_events_lookup_first)
{
	static const char * const shadowed[] = {
		"IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33",
		"L2D_OZQ_FULL_THIS",
		"IA64_INST_RETIRED",
		"BRANCH_EVENT",
	};
	unsigned int i, j, k = 0;

	for (i = 0; i < MONT_NR; i++) {
		const struct ia64_model_event *e = &MONT[i];

		for (j = 0; j < i; j++)
			if (MONT[j].code == e->code &&
			    MONT[j].umask_val == e->umask_val)
				break;
		CHECK(mont_sel(e->code, e->umask_val) == &MONT[j]);
		if (j == i)
			continue;
		if (k < ARRAY_SIZE(shadowed))
			CHECK(!strcmp(e->name, shadowed[k]));
		k++;
	}
	CHECK_EQ(k, ARRAY_SIZE(shadowed));
	CHECK(mont_sel(0x08, 0) == mont_name("IA64_INST_RETIRED_THIS"));
	CHECK(mont_sel(0x11, 0) == mont_name("ETB_EVENT"));
	CHECK(mont_sel(0xbc, 0) == mont_name("ER_REJECT_ALL_L1_REQ"));
	CHECK(!mont_sel(0x12, 2));
}

static void spot(const char *name, unsigned int es, unsigned int umask,
		 u32 pmds, unsigned int inc, unsigned int qual,
		 unsigned int caf)
{
	const struct ia64_model_event *e = mont_name(name);

	if (!e) {
		printf("  %s missing\n", name);
		CHECK(0);
		return;
	}
	CHECK_EQ(e->code, es);
	CHECK_EQ(e->umask_val, umask);
	CHECK_EQ(e->pmds, pmds);
	CHECK_EQ(e->max_inc, inc);
	CHECK_EQ(e->qual, qual);
	CHECK_EQ(e->caf, caf);
}

#define MQ_I		IA64_MODEL_Q_IAR
#define MQ_IO		(IA64_MODEL_Q_IAR | IA64_MODEL_Q_OPC)
#define MQ_IOD		(MQ_IO | IA64_MODEL_Q_DAR)

TEST(mont_events_spot)
{
	spot("CPU_OP_CYCLES_ALL", 0x12, 0, 0xfff0, 1, 0,
	     IA64_MODEL_CAF_CAUSAL);
	spot("CPU_OP_CYCLES_QUAL", 0x12, 1, 0xfff0, 1, MQ_IO,
	     IA64_MODEL_CAF_CAUSAL);
	spot("CPU_OP_CYCLES_HALTED", 0x18, 0, 0x400, 7, 0,
	     IA64_MODEL_CAF_CAUSAL);
	spot("IA64_INST_RETIRED", 0x08, 0, 0xfff0, 6, MQ_IO,
	     IA64_MODEL_CAF_ACTIVE);
	spot("BUS_ALL_EITHER", 0x87, 0, 0x3f0, 1, 0,
	     IA64_MODEL_CAF_SELF_FLOATING);
	spot("BUS_ALL_ANY", 0x87, 3, 0x3f0, 1, 0,
	     IA64_MODEL_CAF_SELF_FLOATING);
	spot("ER_REJECT_ALL_L1_REQ", 0xbc, 0, 0x3f0, 1, 0,
	     IA64_MODEL_CAF_CAUSAL);
	spot("L3_READS_ALL_ALL", 0xdd, 0xf, 0xfff0, 1,
	     MQ_IOD | IA64_MODEL_Q_MESI, IA64_MODEL_CAF_FLOATING);
	spot("L3_LINES_REPLACED", 0xdf, 0, 0xfff0, 1, IA64_MODEL_Q_MESI,
	     IA64_MODEL_CAF_FLOATING);
	spot("L2D_MISSES", 0xcb, 0, 0xfff0, 1, MQ_IOD, IA64_MODEL_CAF_FLOATING);
	spot("L2D_OZQ_CANCELS0_ACQ", 0xe0, 6, 0xfff0, 4, MQ_IOD,
	     IA64_MODEL_CAF_FLOATING);
	spot("L2D_OZQ_FULL_THIS", 0xbc, 0, 0xfff0, 1, 0,
	     IA64_MODEL_CAF_FLOATING);
	spot("ETB_EVENT", 0x11, 0, 0xfff0, 1, MQ_IO, IA64_MODEL_CAF_ACTIVE);
	spot("DATA_EAR_EVENTS", 0xc8, 0, 0xfff0, 1, MQ_IOD,
	     IA64_MODEL_CAF_FLOATING);
	spot("L1I_EAR_EVENTS", 0x43, 0, 0xfff0, 1, MQ_I,
	     IA64_MODEL_CAF_FLOATING);
	spot("L1I_PREFETCHES", 0x44, 0, 0xfff0, 1, MQ_I | IA64_MODEL_Q_IBRP1,
	     IA64_MODEL_CAF_ACTIVE);
	spot("L2I_PREFETCHES", 0x45, 0, 0xfff0, 1, MQ_I | IA64_MODEL_Q_IBRP1,
	     IA64_MODEL_CAF_ACTIVE);
	spot("L1I_FILLS", 0x41, 0, 0xfff0, 1, MQ_I | IA64_MODEL_Q_IBRP_DUAL,
	     IA64_MODEL_CAF_FLOATING);
	spot("LOADS_RETIRED", 0xcd, 0, 0xfff0, 4, MQ_IOD,
	     IA64_MODEL_CAF_ACTIVE);
	spot("THREAD_SWITCH_EVENTS_ALL", 0x0c, 7, 0xfff0, 1, 0,
	     IA64_MODEL_CAF_ACTIVE);
}
