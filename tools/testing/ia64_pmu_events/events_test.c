// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the Itanium (Merced) event table of the perf driver,
 * drivers/perf/ia64/ia64_pmu_merced_events.h: invariants that every entry
 * must satisfy, and spot checks against [ITA-RM] §7.8 "Performance Monitor
 * Event List".
 *
 * Last line of output: "events-unit: <passed> passed, <failed> failed";
 * the exit status is non-zero if any check failed.
 */
#include "table_test.h"

#define NR_EVENTS_EXPECTED	163	/* 161 §7.8 entries, 2 split in two */

static const struct event events[] = {
#define IA64_EV	TABLE_EVENT
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

#define NR_EVENTS	ARRAY_SIZE(events)

/* A duplicate identifier fails to compile here. */
enum event_id {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	EV_##id,
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
	EV_NR
};

static const struct event *find(const char *name)
{
	return table_find(events, NR_EVENTS, name);
}

static void check_entry(const struct event *e)
{
	unsigned int j, v;
	const char *p;
	int ok;

	/* identifier: the name with '.' replaced by '_' */
	ok = strlen(e->id) == strlen(e->name);
	for (j = 0; ok && e->name[j]; j++)
		ok = e->id[j] == (e->name[j] == '.' ? '_' : e->name[j]);
	check(ok, "%s: identifier %s does not match the name", e->name, e->id);

	ok = *e->name >= 'A' && *e->name <= 'Z';
	for (p = e->name; ok && *p; p++)
		ok = (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		     *p == '_' || *p == '.';
	check(ok, "%s: name has characters other than A-Z 0-9 _ .", e->name);

	/* sysfs strings "event=<es>,umask=<umask>" must be hex numbers */
	check(parse_hex(e->es_str, &v) && v == e->es,
	      "%s: es \"%s\" is not a hex number", e->name, e->es_str);
	check(parse_hex(e->umask_str, &v) && v == e->umask,
	      "%s: umask \"%s\" is not a hex number", e->name, e->umask_str);

	/* field widths of PMC4-7: es 14:8, umask 19:16 (Figures 6-13/6-14) */
	check(e->es <= 0x7f, "%s: es 0x%x exceeds 7 bits", e->name, e->es);
	check(e->umask <= 0xf, "%s: umask 0x%x exceeds 4 bits",
	      e->name, e->umask);
	check(e->umask_mask <= 0xf, "%s: umask mask 0x%x exceeds 4 bits",
	      e->name, e->umask_mask);
	check(!(e->umask & ~e->umask_mask),
	      "%s: umask 0x%x has bits outside its mask 0x%x",
	      e->name, e->umask, e->umask_mask);

	check(e->ctr && !(e->ctr & ~IA64_CTR_4567),
	      "%s: counter set 0x%x empty or outside PMC/PMD4-7",
	      e->name, e->ctr);

	check(e->max_inc >= 1 && e->max_inc <= 7,
	      "%s: max increment %u outside 1..7", e->name, e->max_inc);
	/*
	 * [ITA-RM] §6.2.2: "Counters PMC/PMD[4,5] can track events whose
	 * maximum per-cycle event increment is 7. Counters PMC/PMD[6,7] can
	 * track events whose maximum per-cycle event increment is 3."  (Table
	 * 6-6: "PMC[4,5] define 3 threshold bits 22:20, while PMC[6,7] define
	 * 2 threshold bits 21:20.")
	 */
	check(e->max_inc <= 3 || !(e->ctr & ~IA64_CTR_45),
	      "%s: max increment %u allowed on PMC6/7", e->name, e->max_inc);

	check(!(e->qual & ~(IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR |
			    IA64_Q_DAR_PARTIAL)),
	      "%s: unknown qualification bits 0x%x", e->name, e->qual);
	check((e->qual & (IA64_Q_DAR | IA64_Q_DAR_PARTIAL)) !=
	      (IA64_Q_DAR | IA64_Q_DAR_PARTIAL),
	      "%s: both IA64_Q_DAR and IA64_Q_DAR_PARTIAL", e->name);
}

static void check_pairs(void)
{
	unsigned int i, j;
	int dup_name = 0, dup_code = 0, shared_ignored = 0;

	for (i = 0; i < NR_EVENTS; i++) {
		for (j = i + 1; j < NR_EVENTS; j++) {
			const struct event *a = &events[i], *b = &events[j];

			if (!strcmp(a->name, b->name)) {
				printf("FAIL: duplicate name %s\n", a->name);
				dup_name++;
			}
			if (a->es != b->es)
				continue;
			if (a->umask == b->umask) {
				printf("FAIL: %s and %s share es 0x%x umask 0x%x\n",
				       a->name, b->name, a->es, a->umask);
				dup_code++;
			}
			/* an event that ignores the umask owns its es */
			if (!a->umask_mask || !b->umask_mask) {
				printf("FAIL: %s and %s share es 0x%x, one ignores the umask\n",
				       a->name, b->name, a->es);
				shared_ignored++;
			}
		}
	}
	check(!dup_name, "names are not unique");
	check(!dup_code, "(es, umask) pairs are not unique");
	check(!shared_ignored, "events ignoring the umask share an es");
}

/* The event of a raw (es, umask), as the driver's lookup finds it */
static const struct event *lookup(unsigned int es, unsigned int umask)
{
	return table_lookup(events, NR_EVENTS, es, umask);
}

/*
 * The raw selections of the table: each line's own umask finds that line
 * (its events/ alias counts what it says), and where the selections of
 * two lines of one es overlap (IA64_INST_RETIRED and the "All" setting of
 * IA64_TAGGED_INST_RETIRED), both count on the same counters alike.
 */
static void check_selections(void)
{
	unsigned int i, j, u;

	for (i = 0; i < NR_EVENTS; i++) {
		const struct event *e = &events[i];

		check(lookup(e->es, e->umask) == e,
		      "%s: its umask 0x%x finds another event or none",
		      e->name, e->umask);
		for (j = i + 1; j < NR_EVENTS; j++) {
			const struct event *f = &events[j];

			if (f->es != e->es)
				continue;
			for (u = 0; u < 16; u++) {
				if (!ia64_pmu_umask_ok(e->sel, e->umask,
						       e->umask_mask, u) ||
				    !ia64_pmu_umask_ok(f->sel, f->umask,
						       f->umask_mask, u))
					continue;
				check(e->ctr == f->ctr &&
				      e->max_inc == f->max_inc &&
				      e->qual == f->qual,
				      "%s and %s both take umask 0x%x but differ",
				      e->name, f->name, u);
			}
		}
	}
}

/*
 * Spot check of raw selections against [ITA-RM] §7.8: the umasks of the
 * 16-bit set @umasks select event @name (or are refused with -EINVAL if
 * @name is NULL) with event code @es, the other umasks do not.
 */
static void expect_sel(unsigned int es, const char *name, unsigned int umasks)
{
	unsigned int u;

	for (u = 0; u < 16; u++) {
		const struct event *e = lookup(es, u);
		int is_name = name ? e && !strcmp(e->name, name) : !e;

		if ((umasks >> u) & 1)
			check(is_name, "es 0x%02x umask 0x%x: %s, expected %s",
			      es, u, e ? e->name : "-EINVAL",
			      name ? name : "-EINVAL");
		else
			check(!is_name, "es 0x%02x umask 0x%x: %s, unexpected",
			      es, u, e ? e->name : "-EINVAL");
	}
}

#define UM(u)		(1U << (u))
#define UM_ALL		0xffffU
/* Table 7-22: initiator values x001, x010, x100 (bit 19 don't care) */
#define UM_ANY		(UM(0x1) | UM(0x9))
#define UM_SELF		(UM(0x2) | UM(0xa))
#define UM_IO		(UM(0x4) | UM(0xc))
/* "xx11", "xx10", "xx01", "xx00" */
#define UM_XX(v)	(UM(v) | UM(0x4 | (v)) | UM(0x8 | (v)) | UM(0xc | (v)))

static void check_manual_selections(void)
{
	unsigned int u, n = 0;

	/* "Umask: Ignored": every umask */
	expect_sel(0x12, "CPU_CYCLES", UM_ALL);
	expect_sel(0x5b, "BUS_BRQ_LIVE_REQ_LO", UM_ALL);
	/* "xx11"/"xx10"/"xx01": x is don't care; xx00 is no event */
	expect_sel(0x38, "ALAT_REPLACEMENT.ALL", UM_XX(0x3));
	expect_sel(0x38, "ALAT_REPLACEMENT.FP", UM_XX(0x2));
	expect_sel(0x38, "ALAT_REPLACEMENT.INTEGER", UM_XX(0x1));
	expect_sel(0x38, NULL, UM_XX(0x0));
	expect_sel(0x69, "L2_DATA_REFERENCES.READS", UM_XX(0x1));
	expect_sel(0x69, NULL, UM_XX(0x0));
	/* four-bit patterns: L3_READS has nine of the sixteen */
	expect_sel(0x7d, "L3_READS.ALL_READS.ALL", UM(0xf));
	expect_sel(0x7d, "L3_READS.INST_READS.HIT", UM(0x5));
	expect_sel(0x7d, NULL, UM(0x0) | UM(0x1) | UM(0x2) | UM(0x3) |
		   UM(0x4) | UM(0x8) | UM(0xc));
	for (u = 0; u < 16; u++)
		n += lookup(0x7d, u) != NULL;
	check(n == 9, "L3_READS: %u umasks accepted, manual 9", n);
	/* Table 7-22: all three initiators */
	expect_sel(0x47, "BUS_ALL", UM_ANY | UM_SELF | UM_IO);
	expect_sel(0x52, "BUS_WR_WB", UM_ANY | UM_SELF | UM_IO);
	/* "Only "Self" and "Any" unit masks are supported" */
	expect_sel(0x50, "BUS_IO", UM_ANY | UM_SELF);
	expect_sel(0x55, "BUS_SNOOP_STALL_CYCLES", UM_ANY | UM_SELF);
	/* "Only the "Any" unit mask is supported" */
	expect_sel(0x53, "BUS_LOCK", UM_ANY);
	expect_sel(0x45, "BUS_SNOOPS_HITM", UM_ANY);
	/*
	 * Table 7-30: 0011 PMC8 tag, 0010 PMC9 tag, 0000 all retired
	 * instructions, i.e. IA64_INST_RETIRED ("Umask: 0000"), first in
	 * the table; the other settings are "Undefined".
	 */
	expect_sel(0x08, "IA64_TAGGED_INST_RETIRED", UM(0x2) | UM(0x3));
	expect_sel(0x08, "IA64_INST_RETIRED", UM(0x0));
	expect_sel(0x08, NULL, UM_ALL & ~(UM(0x0) | UM(0x2) | UM(0x3)));
	/*
	 * Tables 7-29, 7-31, 7-32: bit sets, every combination but 0000,
	 * which selects no case and would never count
	 */
	expect_sel(0x0d, "BRANCH_TAKEN_SLOT", UM_ALL & ~UM(0x0));
	expect_sel(0x77, "L2_FLUSH_DETAILS", UM_ALL & ~UM(0x0));
	expect_sel(0x33, "PIPELINE_FLUSH", UM_ALL & ~UM(0x0));
	expect_sel(0x0d, NULL, UM(0x0));
	expect_sel(0x77, NULL, UM(0x0));
	expect_sel(0x33, NULL, UM(0x0));
	/* event codes §7.8 does not list */
	expect_sel(0x13, NULL, UM_ALL);
	expect_sel(0x7a, NULL, UM_ALL);
}

static void expect(const char *name, unsigned int es, unsigned int umask,
		   unsigned int umask_mask, unsigned int ctr,
		   unsigned int max_inc, unsigned int qual)
{
	const struct event *e = find(name);

	check(e != NULL, "%s: missing", name);
	if (!e)
		return;
	check(e->es == es, "%s: es 0x%x, manual 0x%x", name, e->es, es);
	check(e->umask == umask && e->umask_mask == umask_mask,
	      "%s: umask 0x%x/0x%x, expected 0x%x/0x%x", name,
	      e->umask, e->umask_mask, umask, umask_mask);
	check(e->ctr == ctr, "%s: counters 0x%x, manual 0x%x",
	      name, e->ctr, ctr);
	check(e->max_inc == max_inc, "%s: max increment %u, manual %u",
	      name, e->max_inc, max_inc);
	check(e->qual == qual, "%s: qualification 0x%x, manual 0x%x",
	      name, e->qual, qual);
}

static void check_same_qual(const char *name, const char *ref)
{
	const struct event *a = find(name), *b = find(ref);

	check(a && b && a->qual == b->qual,
	      "%s: qualification differs from %s", name, ref);
}

/* Spot checks, each against the §7.8 entry of [ITA-RM] */
static void check_manual(void)
{
	const unsigned int iod = IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR;
	const unsigned int io = IA64_Q_IAR | IA64_Q_OPC;
	unsigned int i, n45 = 0, npartial = 0;

	/* "Event Code: 0x12, Umask: Ignored, PMC/PMD: 4, 5, 6, 7" */
	expect("CPU_CYCLES", 0x12, 0x0, 0x0, IA64_CTR_4567, 1, 0);
	/* "Event Code: 0x08, Umask: 0000, PMC/PMD: 4, 5 ... : 6" */
	expect("IA64_INST_RETIRED", 0x08, 0x0, 0xf, IA64_CTR_45, 6, io);
	/* Table 7-30: default TAG_SELECT "PMC8 tag" 0011 */
	expect("IA64_TAGGED_INST_RETIRED", 0x08, 0x3, 0xf, IA64_CTR_45, 6, io);
	/* "0x5c (HI), 0x5b (LO) ... Max. Increment/Cycle: 2 (each)" */
	expect("BUS_BRQ_LIVE_REQ_LO", 0x5b, 0x0, 0x0, IA64_CTR_4567, 2, 0);
	expect("BUS_BRQ_LIVE_REQ_HI", 0x5c, 0x0, 0x0, IA64_CTR_4567, 2, 0);
	/* "0x58 (HI), 0x57 (LO) ... Max. Increment/Cycle: 3 (each)" */
	expect("BUS_IOQ_LIVE_REQ_LO", 0x57, 0x0, 0x0, IA64_CTR_4567, 3, 0);
	expect("BUS_IOQ_LIVE_REQ_HI", 0x58, 0x0, 0x0, IA64_CTR_4567, 3, 0);
	/* "0x56, Umask: Ignored, PMC/PMD:4, 5, Max. Increment/Cycle: 3" */
	expect("BUS_SNOOPQ_REQ", 0x56, 0x0, 0x0, IA64_CTR_45, 3, 0);
	/* Umask "See Section 7.6.5": default initiator ANY x001 */
	expect("BUS_ALL", 0x47, 0x1, 0x7, IA64_CTR_4567, 1, 0);
	/* "Event Code: 0x38, Umask: xx11" */
	expect("ALAT_REPLACEMENT.ALL", 0x38, 0x3, 0x3, IA64_CTR_4567, 2, iod);
	/* "Data Address Range: no for chk.a, and yes for ld.c" */
	expect("ALAT_INST_CHKA_LDC.FP", 0x36, 0x2, 0x3, IA64_CTR_4567, 2,
	       io | IA64_Q_DAR_PARTIAL);
	expect("ALAT_INST_FAILED_CHKA_LDC.INTEGER", 0x37, 0x1, 0x3,
	       IA64_CTR_4567, 2, io | IA64_Q_DAR_PARTIAL);
	/* run-together fields in the text conversion */
	expect("BRANCH_PATH.3RD_STAGE.NT_OUTCOMES_INCORRECTLY_PREDICTED",
	       0x0f, 0xc, 0xf, IA64_CTR_4567, 1, io);
	expect("BRANCH_TAKEN_SLOT", 0x0d, 0x7, 0xf, IA64_CTR_4567, 1, io);
	expect("INST_DISPERSED", 0x2d, 0x0, 0x0, IA64_CTR_45, 6, IA64_Q_IAR);
	expect("L2_FLUSH_DETAILS", 0x77, 0xf, 0xf, IA64_CTR_4567, 1, 0);
	expect("L2_REFERENCES", 0x68, 0x0, 0x0, IA64_CTR_4567, 3, IA64_Q_IAR);
	expect("L3_READS.DATA_READS.MISS", 0x7d, 0xa, 0xf, IA64_CTR_4567, 1, 0);
	expect("L3_WRITES.L2_WRITEBACK.HIT", 0x7e, 0x9, 0xf, IA64_CTR_4567,
	       1, 0);
	expect("PIPELINE_BACKEND_FLUSH_CYCLE", 0x00, 0x0, 0x0, IA64_CTR_4567,
	       1, 0);
	expect("PIPELINE_FLUSH", 0x33, 0xf, 0xf, IA64_CTR_4567, 1, 0);
	/* qualification line without its label in the text conversion */
	expect("UNSTALLED_BACKEND_CYCLE", 0x05, 0x0, 0x0, IA64_CTR_4567, 1, 0);
	expect("UC_STORES_RETIRED", 0x6f, 0x0, 0x0, IA64_CTR_4567, 2, iod);
	/* "Qualification: See FP_OPS_RETIRED_HI" / "Refer to RSE_REF..." */
	expect("FP_OPS_RETIRED_LO", 0x09, 0x0, 0x0, IA64_CTR_4567, 3, io);
	check_same_qual("FP_OPS_RETIRED_LO", "FP_OPS_RETIRED_HI");
	check_same_qual("RSE_LOADS_RETIRED", "RSE_REFERENCES_RETIRED");

	/*
	 * Only six events are restricted to PMC/PMD4,5: the five with a
	 * maximum increment of 6 and BUS_SNOOPQ_REQ.  Six ALAT_INST_*CHKA_LDC
	 * events have the partial data address range qualification.
	 */
	for (i = 0; i < NR_EVENTS; i++) {
		n45 += events[i].ctr == IA64_CTR_45;
		npartial += !!(events[i].qual & IA64_Q_DAR_PARTIAL);
	}
	check(n45 == 6, "%u events on PMC/PMD4,5 only, expected 6", n45);
	check(npartial == 6, "%u events with IA64_Q_DAR_PARTIAL, expected 6",
	      npartial);
}

int main(void)
{
	unsigned int i;

	check(NR_EVENTS == NR_EVENTS_EXPECTED, "%zu events, expected %d",
	      NR_EVENTS, NR_EVENTS_EXPECTED);
	check(EV_NR == NR_EVENTS, "identifier count %d != event count %zu",
	      EV_NR, NR_EVENTS);

	for (i = 0; i < NR_EVENTS; i++)
		check_entry(&events[i]);
	check_pairs();
	check_manual();
	check_selections();
	check_manual_selections();

	printf("events-unit: %u passed, %u failed\n", passed, failed);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
