// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the Montecito event table of the perf driver,
 * drivers/perf/ia64/ia64_pmu_montecito_events.h: invariants of its four
 * lists (events, cache groups, EAR presets, thread types), the totals of
 * the facts sheet's section 3, and spot checks against the libpfm 3.x
 * Montecito event table (tools/ia64-pmu/montecito-events.txt says how it
 * was transcribed).
 *
 * Last line of output: "montecito-events: <passed> passed, <failed> failed";
 * the exit status is non-zero if any check failed.
 */
#include "table_test.h"

#define NR_EVENTS_EXPECTED	601	/* 599 counting, 2 ETB */
#define NR_GROUPED_EXPECTED	92	/* 30 L1D, 62 L2D */
#define NR_EAR_EXPECTED		36	/* EAR presets */
/* libpfm's table: the counting and ETB events and the EAR presets */
#define NR_LIBPFM_ENTRIES	637

#define TABLE_H	"ia64_pmu_montecito_events.h"
#include "table_lists.h"

struct caf {
	enum event_id ev;	/* an unknown id fails to compile here */
	const char *id;
	unsigned int caf;
};

static const struct caf cafs[] = {
#define IA64_EV3_CAF(id, caf)	{ EV_##id, #id, caf },
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV3_CAF
};

#define NR_CAF		ARRAY_SIZE(cafs)

#define Q_ALLOWED	(IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR | IA64_Q_MESI | \
			 IA64_Q_IBRP1 | IA64_Q_IBRP_DUAL)
#define IOD		(IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR)
#define IO		(IA64_Q_IAR | IA64_Q_OPC)

static const struct event *find(const char *name)
{
	return table_find(events, NR_EVENTS, name);
}

static const struct group *find_group(const struct event *e)
{
	unsigned int i;

	for (i = 0; i < NR_GROUPED; i++)
		if (&events[groups[i].ev] == e)
			return &groups[i];
	return NULL;
}

static const struct ear *find_ear(const char *name)
{
	unsigned int i;

	for (i = 0; i < NR_EAR; i++)
		if (!strcmp(ears[i].name, name))
			return &ears[i];
	return NULL;
}

/* The thread type of an event: its IA64_EV3_CAF() line is its index */
static unsigned int caf_of(const struct event *e)
{
	return cafs[e - events].caf;
}

static int prefix(const char *name, const char *p)
{
	return !strncmp(name, p, strlen(p));
}

static int valid_name(const char *name)
{
	const char *p;
	int ok = *name >= 'A' && *name <= 'Z';

	for (p = name; ok && *p; p++)
		ok = (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		     *p == '_';
	return ok;
}

static int in_list(const char *name, const char *const *list, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return 1;
	return 0;
}

/* facts sheet section 6: the prefetch events of libpfm's range code */
static const char *const ibrp1_events[] = {
	"L1I_PREFETCHES", "L1I_STRM_PREFETCHES", "L2I_PREFETCHES",
};

static const char *const dual_events[] = {
	"ISB_BUNPAIRS_IN", "L1I_FETCH_RAB_HIT", "L1I_FETCH_ISB_HIT",
	"L1I_FILLS",
};

static int is_mesi_event(const char *name)
{
	return prefix(name, "L3_READS_") || prefix(name, "L3_WRITES_") ||
	       !strcmp(name, "L3_INSERTS") ||
	       !strcmp(name, "L3_LINES_REPLACED");
}

static void check_entry(const struct event *e)
{
	unsigned int v;
	int restricted = prefix(e->name, "BUS_") || prefix(e->name, "ER_");
	int halted = !strcmp(e->name, "CPU_OP_CYCLES_HALTED");
	int pf = in_list(e->name, ibrp1_events, ARRAY_SIZE(ibrp1_events));
	int dual = in_list(e->name, dual_events, ARRAY_SIZE(dual_events));

	check(!strcmp(e->id, e->name), "%s: identifier %s differs",
	      e->name, e->id);
	check(valid_name(e->name), "%s: not a C identifier of A-Z 0-9 _",
	      e->name);
	check(parse_hex(e->es_str, &v) && v == e->es,
	      "%s: es \"%s\" is not a hex number", e->name, e->es_str);
	check(parse_hex(e->umask_str, &v) && v == e->umask,
	      "%s: umask \"%s\" is not a hex number", e->name, e->umask_str);

	/* PMC4-15: es 15:8 (8 bits), umask 19:16 (4 bits) */
	check(e->es <= 0xff, "%s: es 0x%x exceeds 8 bits", e->name, e->es);
	check(e->umask <= 0xf, "%s: umask 0x%x exceeds 4 bits",
	      e->name, e->umask);
	check(e->umask_mask == 0xf && e->sel == IA64_SEL_PATTERN,
	      "%s: not an exact umask pattern (mask 0x%x, sel 0x%x)",
	      e->name, e->umask_mask, e->sel);

	check(e->ctr && !(e->ctr & ~IA64_CTR_4_15),
	      "%s: counter set 0x%x empty or outside PMC/PMD4-15",
	      e->name, e->ctr);
	check(e->ctr == (halted ? IA64_CTR(10) :
			 restricted ? IA64_CTR_4_9 : IA64_CTR_4_15),
	      "%s: counter set 0x%x", e->name, e->ctr);
	check(e->max_inc >= 1 && e->max_inc <= 7,
	      "%s: max increment %u outside 1..7", e->name, e->max_inc);

	check(!(e->qual & ~Q_ALLOWED), "%s: qualification bits 0x%x",
	      e->name, e->qual);
	check(!!(e->qual & IA64_Q_MESI) == is_mesi_event(e->name),
	      "%s: MESI flag 0x%x", e->name, e->qual);
	check(!!(e->qual & IA64_Q_IBRP1) == pf &&
	      (!pf || e->qual == (IA64_Q_IAR | IA64_Q_IBRP1)),
	      "%s: IBRP1 qualification 0x%x", e->name, e->qual);
	check(!!(e->qual & IA64_Q_IBRP_DUAL) == dual &&
	      (!dual || e->qual == (IA64_Q_IAR | IA64_Q_IBRP_DUAL)),
	      "%s: dual IBRP qualification 0x%x", e->name, e->qual);

	check(caf_of(e) <= IA64_CAF_SELF_FLOATING, "%s: thread type %u",
	      e->name, caf_of(e));
}

/*
 * The (es, umask) pairs shared by several lines, as the generator lists
 * them: two alias sets (alike in every fact) and one collision of two
 * different events.  The first name of each is what a raw lookup finds.
 */
static const char *const alias_0x08[] = {
	"IA64_INST_RETIRED_THIS", "IA64_TAGGED_INST_RETIRED_IBRP0_PMC32_33",
	"IA64_INST_RETIRED",
};

static const char *const alias_0x11[] = { "ETB_EVENT", "BRANCH_EVENT" };

static const char *const collision_0xbc[] = {
	"ER_REJECT_ALL_L1_REQ", "L2D_OZQ_FULL_THIS",
};

/* The first line of a documented share set of @e, or NULL */
static const char *shared_first(const struct event *e)
{
	if (in_list(e->name, alias_0x08, ARRAY_SIZE(alias_0x08)))
		return alias_0x08[0];
	if (in_list(e->name, alias_0x11, ARRAY_SIZE(alias_0x11)))
		return alias_0x11[0];
	if (in_list(e->name, collision_0xbc, ARRAY_SIZE(collision_0xbc)))
		return collision_0xbc[0];
	return NULL;
}

static void check_pairs(void)
{
	unsigned int i, j, nalias = 0, ncoll = 0;
	int dup_name = 0, dup_code = 0;

	for (i = 0; i < NR_EVENTS; i++) {
		for (j = i + 1; j < NR_EVENTS; j++) {
			const struct event *a = &events[i], *b = &events[j];
			const char *fa = shared_first(a), *fb = shared_first(b);
			int alike;

			if (!strcmp(a->name, b->name)) {
				printf("FAIL: duplicate name %s\n", a->name);
				dup_name++;
			}
			if (a->es != b->es || a->umask != b->umask)
				continue;
			if (!fa || fa != fb) {
				printf("FAIL: %s and %s share es 0x%x umask 0x%x\n",
				       a->name, b->name, a->es, a->umask);
				dup_code++;
				continue;
			}
			alike = a->ctr == b->ctr && a->max_inc == b->max_inc &&
				a->qual == b->qual &&
				find_group(a) == NULL && find_group(b) == NULL &&
				caf_of(a) == caf_of(b);
			if (fa == collision_0xbc[0]) {
				ncoll++;
				check(!alike, "%s and %s: collision now alike",
				      a->name, b->name);
			} else {
				nalias++;
				check(alike, "%s and %s share es/umask but differ",
				      a->name, b->name);
			}
		}
	}
	check(!dup_name, "names are not unique");
	check(!dup_code, "undocumented shared (es, umask) pairs");
	/* three lines at es 0x08 give three pairs, plus one at es 0x11 */
	check(nalias == 4, "%u alias pairs, expected 4", nalias);
	check(ncoll == 1, "%u collision pairs, expected 1", ncoll);
}

static void check_selections(void)
{
	unsigned int i;

	for (i = 0; i < NR_EVENTS; i++) {
		const struct event *e = &events[i];
		const struct event *f = table_lookup(events, NR_EVENTS, e->es,
						     e->umask);
		const char *first = shared_first(e);

		if (first)
			check(f && !strcmp(f->name, first),
			      "%s: its umask finds %s, expected %s", e->name,
			      f ? f->name : "none", first);
		else
			check(f == e, "%s: its umask 0x%x finds %s", e->name,
			      e->umask, f ? f->name : "none");
	}
	/* the raw code of the collision is the ER_* event */
	check(table_lookup(events, NR_EVENTS, 0xbc, 0) ==
	      find("ER_REJECT_ALL_L1_REQ"), "es 0xbc umask 0: not ER_*");
}

static void check_groups(void)
{
	unsigned int i, nl1d = 0, nl2d = 0, sets_l1d = 0, sets_l2d = 0;
	unsigned int per_set[2][9] = { { 0 } };
	static const unsigned int l1d_sets[9] = { 4, 4, 15, 3, 3, 0, 1 };
	static const unsigned int l2d_sets[9] = { 20, 4, 3, 9, 15, 3, 1, 1, 6 };

	for (i = 0; i < NR_GROUPED; i++) {
		const struct group *g = &groups[i];
		const struct event *e = &events[g->ev];
		int l1d = g->grp == IA64_GRP_L1D;

		check(!strcmp(e->id, g->id), "group line %s: wrong event",
		      g->id);
		check(l1d || g->grp == IA64_GRP_L2D,
		      "%s: group %u neither L1D nor L2D", g->id, g->grp);
		check(g->set <= 8, "%s: set %u outside 0..8", g->id, g->set);
		check(!i || g->ev > groups[i - 1].ev,
		      "%s: group lines out of order or repeated", g->id);
		/* the counters libpfm pins the group's members to (PMC5; PMC4-9) */
		if (l1d)
			check(e->ctr & IA64_GRP_L1D_CTR,
			      "%s: PMC5 cannot count it", e->name);
		else
			check((e->ctr & IA64_CTR_4_9) == IA64_CTR_4_9,
			      "%s: PMC4-9 cannot all count it", e->name);
		check(e->ctr == IA64_CTR_4_15, "%s: grouped on 0x%x",
		      e->name, e->ctr);
		/* L2D_* events and the L1D ones of libpfm's table */
		check(l1d || prefix(e->name, "L2D_"), "%s: in L2D", e->name);
		if (g->set > 8)
			continue;
		per_set[!l1d][g->set]++;
		if (l1d) {
			nl1d++;
			sets_l1d |= 1U << g->set;
		} else {
			nl2d++;
			sets_l2d |= 1U << g->set;
		}
	}
	check(nl1d == 30 && nl2d == 62,
	      "%u L1D and %u L2D group events, expected 30 and 62",
	      nl1d, nl2d);
	check(sets_l1d == 0x5f && sets_l2d == 0x1ff,
	      "sets used: L1D 0x%x, L2D 0x%x; expected 0-4,6 and 0-8",
	      sets_l1d, sets_l2d);
	for (i = 0; i < 9; i++)
		check(per_set[0][i] == l1d_sets[i] &&
		      per_set[1][i] == l2d_sets[i],
		      "set %u: %u L1D, %u L2D events; expected %u, %u", i,
		      per_set[0][i], per_set[1][i], l1d_sets[i], l2d_sets[i]);

	/* the ungrouped L2D events, and the cancel events' codes */
	for (i = 0; i < NR_EVENTS; i++) {
		const struct event *e = &events[i];
		const struct group *g = find_group(e);

		if (!strcmp(e->name, "L2D_MISSES") ||
		    prefix(e->name, "L2D_INSERT_") ||
		    prefix(e->name, "L2D_OPS_ISSUED_"))
			check(!g, "%s: grouped", e->name);
		else if (prefix(e->name, "L2D_"))
			check(g && g->grp == IA64_GRP_L2D, "%s: not in L2D",
			      e->name);
		if (prefix(e->name, "L2D_OZQ_CANCELS0_"))
			check(e->es == 0xe0 && g && g->set == 0,
			      "%s: not es 0xe0 in L2D set 0", e->name);
		if (prefix(e->name, "L2D_OZQ_CANCELS1_"))
			check(e->es == 0xe2 && g && g->set == 0,
			      "%s: not es 0xe2 in L2D set 0", e->name);
		if (g && g->grp == IA64_GRP_L2D && g->set == 8)
			check(prefix(e->name, "L2D_FILL_MESI_STATE_") ||
			      !strcmp(e->name, "L2D_VICTIMB_FULL_THIS"),
			      "%s: in L2D set 8", e->name);
	}
}

static void check_cafs(void)
{
	unsigned int i, n[4] = { 0 };

	check(NR_CAF == NR_EVENTS, "%zu thread type lines for %zu events",
	      NR_CAF, NR_EVENTS);
	for (i = 0; i < NR_CAF && i < NR_EVENTS; i++) {
		check(cafs[i].ev == (enum event_id)i &&
		      !strcmp(cafs[i].id, events[i].id),
		      "thread type line %u (%s) out of order", i, cafs[i].id);
		if (cafs[i].caf <= IA64_CAF_SELF_FLOATING)
			n[cafs[i].caf]++;
	}
	/* the sheet counts all 637 entries: the EAR presets are floating */
	n[IA64_CAF_FLOATING] += NR_EAR;
	check(n[IA64_CAF_ACTIVE] == 284 && n[IA64_CAF_FLOATING] == 186 &&
	      n[IA64_CAF_CAUSAL] == 68 && n[IA64_CAF_SELF_FLOATING] == 99,
	      "thread types %u/%u/%u/%u, expected 284/186/68/99",
	      n[0], n[1], n[2], n[3]);
}

static void check_ears(void)
{
	static const unsigned int icache[] = {
		0xff, 0xfe, 0xfc, 0xf8, 0xf0, 0xe0, 0xc0, 0x80, 0x40, 0x00,
	};
	unsigned int i, j, n[IA64_EARP_DALAT + 1] = { 0 };

	for (i = 0; i < NR_EAR; i++) {
		const struct ear *r = &ears[i];
		int data = r->ear == IA64_EARP_DTLB ||
			   r->ear == IA64_EARP_DCACHE ||
			   r->ear == IA64_EARP_DALAT;
		const struct event *e = find(data ? "DATA_EAR_EVENTS" :
						    "L1I_EAR_EVENTS");
		unsigned int u = r->ear_umask, ok = 0;

		check(!strcmp(r->id, r->name) && valid_name(r->name),
		      "EAR preset %s: bad identifier", r->name);
		check(!find(r->name), "EAR preset %s is also an event",
		      r->name);
		check(r->ear >= IA64_EARP_ITLB && r->ear <= IA64_EARP_DALAT,
		      "%s: unknown EAR mode %u", r->name, r->ear);
		if (r->ear <= IA64_EARP_DALAT)
			n[r->ear]++;
		switch (r->ear) {
		case IA64_EARP_ICACHE:	/* PMC37 8-bit latency masks */
			for (j = 0; j < ARRAY_SIZE(icache); j++)
				ok |= u == icache[j];
			break;
		case IA64_EARP_ITLB:	/* PMC37 7-bit field */
			ok = u >= 1 && u <= 7;
			break;
		case IA64_EARP_DTLB:	/* PMC40 4 bits, even */
			ok = u >= 2 && u <= 0xe && !(u & 1);
			break;
		case IA64_EARP_DCACHE:
			ok = u <= 0xa;
			break;
		case IA64_EARP_DALAT:
			ok = u == 0;
			break;
		}
		check(ok, "%s: EAR umask 0x%x", r->name, u);
		/* it counts its EAR's event, and is qualified alike */
		check(e && r->es == e->es && e->umask == 0 &&
		      r->ctr == e->ctr && r->max_inc == e->max_inc &&
		      r->qual == e->qual && caf_of(e) == IA64_CAF_FLOATING,
		      "%s: differs from its EAR event", r->name);
		for (j = i + 1; j < NR_EAR; j++)
			check(r->ear != ears[j].ear ||
			      r->ear_umask != ears[j].ear_umask,
			      "%s and %s: same mode and umask", r->name,
			      ears[j].name);
	}
	check(n[IA64_EARP_ITLB] == 7 && n[IA64_EARP_ICACHE] == 10 &&
	      n[IA64_EARP_DTLB] == 7 && n[IA64_EARP_DCACHE] == 11 &&
	      n[IA64_EARP_DALAT] == 1,
	      "EAR presets %u/%u/%u/%u/%u, expected 7/10/7/11/1",
	      n[IA64_EARP_ITLB], n[IA64_EARP_ICACHE], n[IA64_EARP_DTLB],
	      n[IA64_EARP_DCACHE], n[IA64_EARP_DALAT]);
}

/* Totals over the events and presets, as in the facts sheet */
static void check_totals(void)
{
	unsigned int i, n415 = NR_EAR, n49 = 0, n10 = 0, nbus = 0, ner = 0;
	unsigned int nmesi = 0, netb = 0;

	for (i = 0; i < NR_EVENTS; i++) {
		const struct event *e = &events[i];

		n415 += e->ctr == IA64_CTR_4_15;
		n49 += e->ctr == IA64_CTR_4_9;
		n10 += e->ctr == IA64_CTR(10);
		nbus += e->ctr == IA64_CTR_4_9 && prefix(e->name, "BUS_");
		ner += e->ctr == IA64_CTR_4_9 && prefix(e->name, "ER_");
		nmesi += !!(e->qual & IA64_Q_MESI);
		netb += e->es == 0x11;
	}
	for (i = 0; i < NR_EAR; i++)
		check(ears[i].ctr == IA64_CTR_4_15, "%s: counters 0x%x",
		      ears[i].name, ears[i].ctr);
	check(n415 == 538 && n49 == 98 && n10 == 1,
	      "counter sets 4-15/4-9/10: %u/%u/%u, expected 538/98/1",
	      n415, n49, n10);
	check(nbus == 87 && ner == 11, "%u BUS_*, %u ER_* on PMC4-9", nbus,
	      ner);
	check(nmesi == 23, "%u MESI events, expected 23", nmesi);
	/* ETB_EVENT and BRANCH_EVENT: the rest are the 599 counting ones */
	check(netb == 2 && NR_EVENTS - netb == 599, "%u ETB lines", netb);
}

static void expect(const char *name, unsigned int es, unsigned int umask,
		   unsigned int ctr, unsigned int max_inc, unsigned int qual,
		   unsigned int grp, unsigned int set, unsigned int caf)
{
	const struct event *e = find(name);
	const struct group *g;

	check(e != NULL, "%s: missing", name);
	if (!e)
		return;
	g = find_group(e);
	check(e->es == es, "%s: es 0x%x, libpfm 0x%x", name, e->es, es);
	check(e->umask == umask, "%s: umask 0x%x, libpfm 0x%x", name,
	      e->umask, umask);
	check(e->ctr == ctr, "%s: counters 0x%x, expected 0x%x",
	      name, e->ctr, ctr);
	check(e->max_inc == max_inc, "%s: max increment %u, libpfm %u",
	      name, e->max_inc, max_inc);
	check(e->qual == qual, "%s: qualification 0x%x, expected 0x%x",
	      name, e->qual, qual);
	check((g ? g->grp : IA64_GRP_NONE) == grp &&
	      (g ? g->set : IA64_SET_NONE) == set,
	      "%s: group %u set %u, libpfm %u %u", name,
	      g ? g->grp : IA64_GRP_NONE, g ? g->set : IA64_SET_NONE,
	      grp, set);
	check(caf_of(e) == caf, "%s: thread type %u, libpfm %u", name,
	      caf_of(e), caf);
}

static void expect_ear(const char *name, unsigned int es, unsigned int ear,
		       unsigned int ear_umask)
{
	const struct ear *r = find_ear(name);

	check(r && r->es == es && r->ear == ear && r->ear_umask == ear_umask,
	      "EAR preset %s: es/mode/umask differ from libpfm", name);
}

/* Spot checks, each against the libpfm 3.x entry of the same name */
static void check_facts(void)
{
	const unsigned int all = IA64_CTR_4_15, c49 = IA64_CTR_4_9;
	const unsigned int l1d = IA64_GRP_L1D, l2d = IA64_GRP_L2D;
	const unsigned int none = IA64_GRP_NONE, ns = IA64_SET_NONE;
	const unsigned int A = IA64_CAF_ACTIVE, F = IA64_CAF_FLOATING;
	const unsigned int C = IA64_CAF_CAUSAL, S = IA64_CAF_SELF_FLOATING;

	/* libpfm's cycle and instruction events */
	expect("CPU_OP_CYCLES_ALL", 0x12, 0x0, all, 1, 0, none, ns, C);
	expect("IA64_INST_RETIRED", 0x08, 0x0, all, 6, IO, none, ns, A);
	expect("IA64_TAGGED_INST_RETIRED_IBRP3_PMC34_35", 0x08, 0x3, all, 6,
	       IO, none, ns, A);
	/* PMC4-9: BUS_* (initiator in umask 1:0) and ER_* */
	expect("BUS_ALL_ANY", 0x87, 0x3, c49, 1, 0, none, ns, S);
	expect("BUS_MEMORY_ALL_EITHER", 0x8a, 0xc, c49, 1, 0, none, ns, S);
	expect("ER_MEM_READ_OUT_LO", 0xb5, 0x0, c49, 7, 0, none, ns, F);
	/* PMC10 only */
	expect("CPU_OP_CYCLES_HALTED", 0x18, 0x0, IA64_CTR(10), 7, 0, none,
	       ns, C);
	/* the collision, each by name with its own facts */
	expect("ER_REJECT_ALL_L1_REQ", 0xbc, 0x0, c49, 1, 0, none, ns, C);
	expect("L2D_OZQ_FULL_THIS", 0xbc, 0x0, all, 1, 0, l2d, 5, F);
	/* L1D group */
	expect("DATA_REFERENCES_SET1", 0xc5, 0x0, all, 4, IOD, l1d, 1, A);
	expect("BE_L1D_FPU_BUBBLE_L1D", 0xca, 0x2, all, 1, 0, l1d, 2, A);
	expect("LOADS_RETIRED_INTG", 0xd8, 0x0, all, 2, IOD, l1d, 6, A);
	/* L2D group */
	expect("L2D_OZQ_CANCELS0_ACQ", 0xe0, 0x6, all, 4, IOD, l2d, 0, F);
	expect("L2D_REFERENCES_ALL", 0xe6, 0x3, all, 4, IOD, l2d, 2, F);
	expect("L2D_FILL_MESI_STATE_I", 0xf2, 0x3, all, 1, 0, l2d, 8, F);
	expect("L2D_VICTIMB_FULL_THIS", 0xf3, 0x0, all, 1, 0, l2d, 8, F);
	expect("L2D_INSERT_HITS", 0xb1, 0x0, all, 4, IOD, none, ns, F);
	/* MESI-capable */
	expect("L3_READS_DATA_READ_MISS", 0xdd, 0xa, all, 1,
	       IOD | IA64_Q_MESI, none, ns, F);
	expect("L3_LINES_REPLACED", 0xdf, 0x0, all, 1, IA64_Q_MESI, none,
	       ns, F);
	/* IBR pair 1, and the dual events */
	expect("L1I_PREFETCHES", 0x44, 0x0, all, 1,
	       IA64_Q_IAR | IA64_Q_IBRP1, none, ns, A);
	expect("L1I_FILLS", 0x41, 0x0, all, 1,
	       IA64_Q_IAR | IA64_Q_IBRP_DUAL, none, ns, F);
	/* others */
	expect("SYLL_NOT_DISPERSED_ALL", 0x4e, 0xf, all, 5, IA64_Q_IAR,
	       none, ns, A);
	expect("THREAD_SWITCH_EVENTS_ALL", 0x0c, 0x7, all, 1, 0, none, ns, A);
	expect("SI_CYCLES", 0x8e, 0x0, all, 1, 0, none, ns, C);
	expect("ETB_EVENT", 0x11, 0x0, all, 1, IO, none, ns, A);
	expect("BRANCH_EVENT", 0x11, 0x0, all, 1, IO, none, ns, A);
	expect("L1I_EAR_EVENTS", 0x43, 0x0, all, 1, IA64_Q_IAR, none, ns, F);
	expect("DATA_EAR_EVENTS", 0xc8, 0x0, all, 1, IOD, none, ns, F);

	/* EAR presets of each kind */
	expect_ear("L1I_EAR_CACHE_LAT4", 0x43, IA64_EARP_ICACHE, 0xff);
	expect_ear("L1I_EAR_CACHE_LAT0", 0x43, IA64_EARP_ICACHE, 0x40);
	expect_ear("L1I_EAR_CACHE_RAB", 0x43, IA64_EARP_ICACHE, 0x00);
	expect_ear("L1I_EAR_TLB_ALL", 0x43, IA64_EARP_ITLB, 0x7);
	expect_ear("DATA_EAR_CACHE_LAT4", 0xc8, IA64_EARP_DCACHE, 0x0);
	expect_ear("DATA_EAR_CACHE_LAT4096", 0xc8, IA64_EARP_DCACHE, 0xa);
	expect_ear("DATA_EAR_TLB_L2DTLB", 0xc8, IA64_EARP_DTLB, 0x2);
	expect_ear("DATA_EAR_TLB_ALL", 0xc8, IA64_EARP_DTLB, 0xe);
	expect_ear("DATA_EAR_ALAT", 0xc8, IA64_EARP_DALAT, 0x0);
}

/*
 * The events that count what the task did not cause (IA64_EV4_PRIV()),
 * from facts the generator's rule does not use: every BUS_* event's
 * umask bits 1:0 name its initiator (0 EITHER, 1 IO, 2 SELF, 3 ANY), only
 * SELF is this core's; a causal event counts both threads, and is
 * marked but for the two that count time; no active, floating or
 * self-floating event counts the other thread without the all bit.
 */
static void check_priv(void)
{
	static const char *const others[] = {
		"SI_SCB_INSERTS_HITM_EITHER", "SI_SCB_INSERTS_HITM_SELF",
		"MEM_READ_CURRENT_ANY", "MEM_READ_CURRENT_IO",
		"ER_SNOOPQ_REQ_HI", "SI_IOQ_LIVE_REQ_LO",
	};
	unsigned int i, nr_others = 0, nr_sibling = 0;
	const struct event *e;

	priv_load();
	check(!priv_bad, "%u privilege lines out of order", priv_bad);
	for (i = 0; i < NR_EVENTS; i++) {
		unsigned int p = priv_of[i];

		e = &events[i];
		nr_others += !!(p & IA64_PRIV_OTHERS);
		nr_sibling += !!(p & IA64_PRIV_SIBLING);
		check(!(p & ~(IA64_PRIV_OTHERS | IA64_PRIV_SIBLING)) &&
		      p != (IA64_PRIV_OTHERS | IA64_PRIV_SIBLING),
		      "%s: privilege class %#x", e->name, p);
		if (!strncmp(e->name, "BUS_", 4))
			check(!!(p & IA64_PRIV_OTHERS) == ((e->umask & 3) != 2),
			      "%s (umask %#x): IA64_PRIV_OTHERS %s", e->name,
			      e->umask, p ? "set" : "clear");
		if (caf_of(e) == IA64_CAF_CAUSAL &&
		    strcmp(e->name, "CPU_OP_CYCLES_ALL") &&
		    strcmp(e->name, "SI_CYCLES"))
			check(p, "%s: causal, not marked", e->name);
		else
			check(!(p & IA64_PRIV_SIBLING),
			      "%s: IA64_PRIV_SIBLING but not causal", e->name);
	}
	for (i = 0; i < ARRAY_SIZE(others); i++) {
		e = find(others[i]);
		check(e && (priv_of[e - events] & IA64_PRIV_OTHERS),
		      "%s: not IA64_PRIV_OTHERS", others[i]);
	}
	e = find("CPU_OP_CYCLES_ALL");
	check(e && !priv_of[e - events], "CPU_OP_CYCLES_ALL marked");
	e = find("BUS_DATA_CYCLE_SELF");
	check(e && priv_of[e - events] == IA64_PRIV_SIBLING,
	      "BUS_DATA_CYCLE_SELF not IA64_PRIV_SIBLING");
	check(nr_others == 110 && nr_sibling == 24,
	      "%u IA64_PRIV_OTHERS, %u IA64_PRIV_SIBLING events", nr_others,
	      nr_sibling);
}

int main(void)
{
	unsigned int i;

	check(NR_EVENTS == NR_EVENTS_EXPECTED, "%zu events, expected %d",
	      NR_EVENTS, NR_EVENTS_EXPECTED);
	check(EV_NR == NR_EVENTS, "identifier count %d != event count %zu",
	      EV_NR, NR_EVENTS);
	check(NR_GROUPED == NR_GROUPED_EXPECTED,
	      "%zu grouped events, expected %d", NR_GROUPED,
	      NR_GROUPED_EXPECTED);
	check(NR_EAR == NR_EAR_EXPECTED, "%zu EAR presets, expected %d",
	      NR_EAR, NR_EAR_EXPECTED);
	check(EARCHK_NR == NR_LIBPFM_ENTRIES,
	      "%d events and EAR presets, libpfm has %d", EARCHK_NR,
	      NR_LIBPFM_ENTRIES);
	check_cafs();
	if (NR_CAF != NR_EVENTS)	/* caf_of() needs one line per event */
		goto out;

	for (i = 0; i < NR_EVENTS; i++)
		check_entry(&events[i]);
	check_pairs();
	check_selections();
	check_groups();
	check_ears();
	check_totals();
	check_facts();
	check_priv();
out:
	printf("montecito-events: %u passed, %u failed\n", passed, failed);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
