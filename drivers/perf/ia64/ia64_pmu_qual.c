// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification of events ([ITA-RM] §6.2.4-6.2.6, §6.1.3.1, §7.8):
 * - instruction address ranges: perf address filters, covered by the IBR
 *   pairs with PMC13.ta = 0 (ia64_pmu_range.h computes the cover);
 * - opcode match: PMC8, or PMC9 for IA64_TAGGED_INST_RETIRED's PMC9 tag,
 *   from the opc_* fields of config/config1;
 * - a data address range: a DBR pair with PMC11.pt = 0, from config2.
 *
 * An event is restricted by the registers its §7.8 entry says it is
 * qualified by: the IBRs for every qualifiable event (Tag(PMC8) includes
 * the instruction range), PMC8 (or PMC9) for opcode and data range
 * events, the DBRs for data range events. Those registers are per CPU:
 * the events on a CPU must agree on each register they are restricted
 * by, the default (no restriction) being a setting too. A group that
 * disagrees with itself: -EBUSY; an event that disagrees with the CPU's
 * events at add(): -EAGAIN, so that perf multiplexes.
 *
 * The settings are configuration, derived from the events at each
 * pmu_enable and written only when they change (ia64_pmu_qual_regs.c);
 * nothing is saved at a context switch. The IBRs and DBRs are left
 * alone while no event restricts by them.
 *
 * The Itanium 2 ([PFM-I2], struct ia64_pmu_qual_layout.per_pair) has a
 * range per IBR pair instead: IA64_TAGGED_INST_RETIRED_IBRPi sees pair
 * i and matcher PMC8 (i even) or PMC9 (i odd); the instruction prefetch
 * events (IA64_Q_IBRP1) the range of pair 1 alone (Itanium 2 manual
 * §10.3.5.1, as libpfm 3.x applies it); every other event pair 0 and
 * PMC8. So an event filters by one range, on its pair: in fine mode
 * (PMC14.fine, pairs p and p + 2 the bounds, p < 2) if the range lies
 * in one 4 KB page and fine mode is exact for it (the two-bundle
 * erratum: 32-byte aligned bounds); else one masked pair if it is
 * exact; else fine mode rounded out to 32 bytes (at most a bundle
 * beyond each end, as libpfm rounds unasked); else (irange_approx) one
 * masked pair over it. PMC14 makes the filtered events' pairs restrict,
 * the others not; PMC8/9.ig_ad is set for a matcher none of whose pairs
 * restricts, and inv (irange_inv) inverts its pairs' ranges. Events
 * agree if they filter on different pairs, or alike on one, in one
 * mode, with one inversion per matcher; an unfiltered event needs its
 * pair free. Data ranges are PMC13's: the event's DBR pairs enabled,
 * with (one pair) its IBR pair 0 tag too, so that opcode and range apply
 * to its memory accesses; without a data range PMC13 applies pair 0's
 * tag alone.
 * PMC15 binds every IBR pair to its matcher (its reset value) but for
 * the pairs whose events have no opcode pattern while the matcher holds
 * another pair's: those ignore it (ch<i>_ig_opcm), so that, e.g., a
 * pattern on pair 0 and a plain range on pair 2 count together. Events
 * on one pair, or with patterns on one matcher, agree on the pattern.
 *
 * The Montecito ([PFM-MONT]) has the Itanium 2's scheme
 * in other registers (the layout ia64_qual_montecito): the matchers
 * PMC32/33 (pairs 0 and 2) and PMC34/35 (1 and 3), PMC38 for PMC14,
 * PMC41 for PMC13, PMC36 for PMC15. It differs in data only: fine mode
 * within 64 KB; ig_ad is PMC32's, for every pair, and inv inverts pair
 * 0's range alone; a masked range only for IA64_TAGGED_INST_RETIRED and
 * the instruction prefetch events, any other event needs its range in
 * fine mode (libpfm's rule, §6); the dual events (IA64_Q_IBRP_DUAL)
 * filter on pair 0 (demand fetches), pair 1 (prefetches) or both, as
 * config1's ibrp_dual says; CPU_OP_CYCLES_QUAL does not count while an
 * event filters on pair 1 (its counts are meaningless then, §6): a
 * group holding both is -EBUSY, an event meeting the other at add()
 * -EAGAIN. Every PMC41 value the driver writes enables a DBR pair, so
 * the PMC32/38/41 consistency rule (§10) always holds.
 */

#define pr_fmt(fmt) "ia64_pmu: " fmt

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/slab.h>

#include "ia64_pmu.h"
#include "ia64_pmu_qual.h"
#include "ia64_pmu_qual_event.h"
#include "ia64_pmu_range.h"

/*
 * The IBRs and DBRs are also a debugger's (ptrace). An event that will
 * program them claims them for its task, or for every CPU: -EBUSY while
 * a debugger has them, and no debugger gets them until the event is
 * gone. Events that only need the registers unused never claim.
 */
static int ia64_pmu_qual_claim(struct perf_event *event,
			       struct ia64_pmu_qual *q)
{
	int ret;

	if (q->claimed)
		return 0;
	ret = ia64_pmu_dbr_claim(event->hw.target);
	q->claimed = !ret;
	return ret;
}

static void ia64_pmu_qual_destroy(struct perf_event *event)
{
	struct ia64_pmu_qual *q = event->hw.addr_filters;

	if (q->claimed)
		ia64_pmu_dbr_release(event->hw.target);
	kfree(q);
	event->hw.addr_filters = NULL;
}

/*
 * The qualification an event is subject to: its §7.8 entry's, except for
 * the untagged selection of the TAG_SELECT event (IA64_INST_RETIRED,
 * umask 0000): §7.8 lists a qualification for it, but [ITA-RM] §7.2
 * calls it untagged and Table 7-30 has it count every instruction, and
 * so does the model. A filter on it would be ignored: it takes none.
 */
static u8 ia64_pmu_qual_flags(const struct ia64_pmu_event *ev)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i;

	if (ev->sel != IA64_SEL_TAG)
		for (i = 0; i < model->nr_events; i++)
			if (model->events[i].sel == IA64_SEL_TAG &&
			    model->events[i].es == ev->es)
				return 0;
	return ev->qual;
}

/*
 * Itanium 2: PMC13 for a data range event. One DBR pair: it and IBR pair
 * 0's tag (the event's range and opcode); several: the DBR pairs only
 * (event_init refuses an opcode, validate_event filters); none: IBR
 * pair 0's tag only.
 */
static u64 ia64_pmu_qual_pmc13(const struct ia64_pmu_qual *q)
{
	u8 cfg[IA64_RANGE_PAIRS];
	unsigned int j;

	for (j = 0; j < IA64_RANGE_PAIRS; j++)
		cfg[j] = q->nr_dbr > 1 && j < q->nr_dbr ?
			 IA64_PMC13_2_CFG_DBR : IA64_PMC13_2_CFG_NONE;
	if (q->nr_dbr <= 1)
		cfg[0] = q->nr_dbr ? IA64_PMC13_2_CFG_IOD : IA64_PMC13_2_CFG_IO;
	return ia64_pmc13_2(q->nr_dbr > 1 ? (1U << q->nr_dbr) - 1 : 1, cfg);
}

/*
 * Itanium 2, Montecito: the IBR pair of an event's tag.
 * IA64_TAGGED_INST_RETIRED selects it by umask; the prefetch events see
 * pair 1; the rest pair 0 (the dual events: ia64_pmu_qual_init()).
 */
static u8 ia64_pmu_qual_pair(const struct ia64_pmu_qual_layout *lay,
			     u8 es, u8 qual, unsigned int umask)
{
	if (!lay->per_pair)
		return 0;
	if (es == lay->pair_es)
		return umask & 3;
	return qual & IA64_Q_IBRP1 ? 1 : 0;
}

/*
 * event_init: the restrictions of @event (table entry @ev, PMC image
 * @config). Events qualified by nothing get no state and refuse every
 * qualifier.
 */
int ia64_pmu_qual_init(struct perf_event *event,
		       const struct ia64_pmu_event *ev, u64 config)
{
	struct perf_event_attr *attr = &event->attr;
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	unsigned int umask = (config & IA64_PMU_CFG_UMASK_MASK) >>
			     IA64_PMU_CFG_UMASK_SHIFT;
	/* a generic event's config is its id, with no qualifier fields */
	u64 cfg = attr->type == PERF_TYPE_RAW ? attr->config : 0;
	bool has_mid = ia64_pmu_opc_mid();
	bool mid = (has_mid && ia64_opc_match_mid(cfg)) ||
		   ia64_opc_care_mid(attr->config1);
	bool opc = !ia64_opc_default(cfg, attr->config1) || mid;
	bool inv = attr->config1 & IA64_PMU_CFG1_IRANGE_INV;
	u8 dual = (attr->config1 & IA64_PMU_CFG1_IBRP_DUAL_MASK) >>
		  IA64_PMU_CFG1_IBRP_DUAL_SHIFT;
	struct ia64_range r;
	struct ia64_pmu_qual *q;
	bool pmc9;
	u8 qual, pair, pairs;
	u32 opc_mid;
	u64 pmc;
	int ret;

	event->hw.addr_filters = NULL;
	/*
	 * encoding bits 26:13: the 41-bit matchers' ([PFM-MONT] §5); the
	 * other models check their config bits as the PMC's (reserved or
	 * raw), and opc_care_mid's, the ldlat bits with no EAR, are reserved
	 */
	if (mid && !has_mid)
		return -EINVAL;
	if (!ia64_pmu_has(IA64_PMU_F_QUAL))
		return opc || attr->config2 || inv || dual ||
		       (attr->config1 & IA64_PMU_CFG1_IRANGE_APPROX) ?
		       -EOPNOTSUPP : 0;
	qual = ia64_pmu_qual_flags(ev);
	pair = ia64_pmu_qual_pair(lay, ev->es, qual, umask);
	pairs = 1U << pair;
	/* a dual event: pair 0 (demand), pair 1 (prefetch) or both */
	if (dual && (qual & IA64_Q_IBRP_DUAL)) {
		pairs = dual;
		pair = dual & 1 ? 0 : 1;
	}
	pmc9 = lay->per_pair ? pair & 1 :
	       ev->sel == IA64_SEL_TAG && umask == IA64_TAG_PMC9;
	if ((opc && !(qual & IA64_Q_OPC)) ||
	    (attr->config2 && !(qual & (IA64_Q_DAR | IA64_Q_DAR_PARTIAL))) ||
	    (dual && !(qual & IA64_Q_IBRP_DUAL)))
		return -EOPNOTSUPP;
	if ((attr->config1 & IA64_PMU_CFG1_IRANGE_APPROX) &&
	    !(qual & IA64_Q_IAR))
		return -EOPNOTSUPP;
	/*
	 * only the per-pair models invert a range ([PFM-I2] PMC8/9.inv),
	 * the Montecito only pair 0's ([PFM-MONT] PMC32.inv)
	 */
	if (inv && (!lay->per_pair || !(qual & IA64_Q_IAR) ||
		    (pairs & ~lay->inv_pairs)))
		return -EOPNOTSUPP;
	if (!qual)
		return 0;

	ret = ia64_opc_pmc(cfg, attr->config1, &pmc) ?:
	      ia64_opc_mid(cfg, attr->config1, &opc_mid);
	if (ret)
		return ret;
	if (attr->config2) {
		ret = ia64_drange_decode(attr->config2, &r.start, &r.end);
		if (ret)
			return ret;
	}

	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->subject = IA64_QR_IBR;
	/* a prefetch event sees pair 1's range, not PMC9's opcode */
	if (pmc9 && !(qual & IA64_Q_IBRP1))
		q->subject |= IA64_QR_PMC9;
	else if (qual & (IA64_Q_OPC | IA64_Q_DAR | IA64_Q_DAR_PARTIAL))
		q->subject |= IA64_QR_PMC8;
	if (qual & (IA64_Q_DAR | IA64_Q_DAR_PARTIAL))
		q->subject |= IA64_QR_DBR;
	/* and the bits of PMC8/9 beyond the opcode fields as they read */
	q->opc = pmc | (lay->opc_reset & ~IA64_OPC_RESET);
	q->opc_mid = opc_mid;
	q->opc_none = !opc;
	q->approx = attr->config1 & IA64_PMU_CFG1_IRANGE_APPROX;
	q->pair = pair;
	q->pairs = pairs;
	q->inv = inv;
	q->coarse_ok = !lay->coarse_tagged_only || ev->es == lay->pair_es ||
		       (qual & (IA64_Q_IBRP1 | IA64_Q_IBRP_DUAL));
	q->ibrp1_free = lay->ibrp1_free_es && ev->es == lay->ibrp1_free_es &&
			umask == lay->ibrp1_free_umask;
	if (attr->config2) {
		ret = ia64_range_cover(&r, 1, q->dbr, IA64_RANGE_PAIRS, false,
				       NULL);
		/* several DBR pairs cannot carry the opcode (PMC13 cfg) */
		if (ret > 1 && lay->per_pair && opc)
			ret = -EINVAL;
		if (ret < 0) {
			kfree(q);
			return ret;
		}
		q->nr_dbr = ret;
		ret = ia64_pmu_qual_claim(event, q);
		if (ret) {
			kfree(q);
			return ret;
		}
	}
	if (lay->per_pair && (q->subject & IA64_QR_DBR))
		q->pmc13 = ia64_pmu_qual_pmc13(q);
	/* an inherited event filters like its parent, on its own task */
	if (event->parent && ia64_pmu_qual_of(event->parent) &&
	    ia64_pmu_qual_of(event->parent)->claimed) {
		ret = ia64_pmu_qual_claim(event, q);
		if (ret) {
			kfree(q);
			return ret;
		}
	}
	event->hw.addr_filters = q;
	event->destroy = ia64_pmu_qual_destroy;
	return 0;
}

static bool ia64_pmu_pairs_equal(const struct ia64_range_pair *a,
				 const struct ia64_range_pair *b,
				 unsigned int n)
{
	return !memcmp(a, b, n * sizeof(*a));
}

/* The IBR settings of @a and @b are the same */
static bool ia64_pmu_ibr_equal(const struct ia64_pmu_qual *a,
			       const struct ia64_pmu_qual *b)
{
	return a->filtered == b->filtered && a->fine == b->fine &&
	       a->nr_ibr == b->nr_ibr &&
	       ia64_pmu_pairs_equal(a->ibr, b->ibr, a->nr_ibr);
}

/*
 * Do @a's and @b's pairs share an inv bit: the same matcher's on the
 * Itanium 2; on the Montecito its one inv is pair 0's alone
 */
static bool ia64_pmu_inv_shared(const struct ia64_pmu_qual *a,
				const struct ia64_pmu_qual *b)
{
	if (ia64_pmu_model->qual->ig_ad_all)
		return false;
	return ia64_qual_matchers_of(a->pairs) &
	       ia64_qual_matchers_of(b->pairs);
}

/*
 * Itanium 2: filtered events on different IBR pairs, in one mode (PMC14
 * has one fine bit) and one inversion per matcher; an unfiltered event
 * needs its pair not to restrict. In fine mode pair p + 2 is p's upper
 * bound, and restricts nothing itself (its PMC14 bit stays set).
 */
static bool ia64_pmu_ibr_agree2(const struct ia64_pmu_qual *a,
				const struct ia64_pmu_qual *b)
{
	u8 both = a->pairs & b->pairs;

	if (!a->filtered && !b->filtered)
		return true;
	if (a->filtered != b->filtered)
		return !both;
	if (a->fine != b->fine || (ia64_pmu_inv_shared(a, b) &&
				   a->inv != b->inv))
		return false;
	return !both || (a->pairs == b->pairs && ia64_pmu_ibr_equal(a, b));
}

/*
 * Montecito: CPU_OP_CYCLES_QUAL (@a) counts nothing meaningful while
 * IBR pair 1 restricts ([PFM-MONT], libpfm's has_cpu_cycles_qual):
 * @b may not filter there
 */
static bool ia64_pmu_ibrp1_clash(const struct ia64_pmu_qual *a,
				 const struct ia64_pmu_qual *b)
{
	return a->ibrp1_free && (b->subject & IA64_QR_IBR) &&
	       (b->filtered || b->has_filter) && (b->pairs & 0x2);
}

/*
 * Different patterns on one matcher: the events are on different IBR
 * pairs and one of them has no pattern, so that its pairs ignore the
 * matcher (the channel PMC, PMC15/PMC36, [PFM-MONT] §5)
 */
static bool ia64_pmu_opc_apart(const struct ia64_pmu_qual *a,
			       const struct ia64_pmu_qual *b)
{
	return ia64_pmu_model->qual->chan_pmc && !(a->pairs & b->pairs) &&
	       (a->opc_none || b->opc_none);
}

/* Can @a and @b count on one CPU at once? */
static bool ia64_pmu_qual_agree(const struct ia64_pmu_qual *a,
				const struct ia64_pmu_qual *b)
{
	u8 both;

	if (!a || !b)
		return true;
	if (ia64_pmu_ibrp1_clash(a, b) || ia64_pmu_ibrp1_clash(b, a))
		return false;
	both = a->subject & b->subject;
	if ((both & IA64_QR_IBR) &&
	    !(ia64_pmu_model->qual->per_pair ? ia64_pmu_ibr_agree2(a, b) :
					       ia64_pmu_ibr_equal(a, b)))
		return false;
	if ((both & (IA64_QR_PMC8 | IA64_QR_PMC9)) &&
	    (a->opc != b->opc || a->opc_mid != b->opc_mid) &&
	    !ia64_pmu_opc_apart(a, b))
		return false;
	if ((both & IA64_QR_DBR) &&
	    (a->nr_dbr != b->nr_dbr || a->pmc13 != b->pmc13 ||
	     !ia64_pmu_pairs_equal(a->dbr, b->dbr, a->nr_dbr)))
		return false;
	return true;
}

/*
 * The filters of @event and @sibling resolve to the same ranges: the
 * same list (the same task maps the same files at the same places).
 */
static bool ia64_pmu_filters_equal(struct perf_event *event,
				   struct list_head *filters,
				   struct perf_event *sibling)
{
	struct list_head *b = &perf_event_addr_filters(sibling)->list;
	struct perf_addr_filter *fa, *fb;

	fb = list_first_entry(b, struct perf_addr_filter, entry);
	list_for_each_entry(fa, filters, entry) {
		if (list_entry_is_head(fb, b, entry) ||
		    fa->offset != fb->offset || fa->size != fb->size ||
		    fa->path.dentry != fb->path.dentry)
			return false;
		fb = list_next_entry(fb, entry);
	}
	return list_entry_is_head(fb, b, entry);
}

/* A group whose events need different settings: -EBUSY */
int ia64_pmu_qual_validate_group(struct perf_event **events, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (!ia64_pmu_qual_agree(ia64_pmu_qual_of(events[i]),
						 ia64_pmu_qual_of(events[j])))
				return -EBUSY;
	return 0;
}

/*
 * pmu->addr_filters_validate: what the filters alone tell. Only ranges
 * to filter by: start/stop actions are instruction trace notions.
 */
int ia64_pmu_qual_filters_validate(struct list_head *filters)
{
	struct perf_addr_filter *f;
	int n = 0;

	list_for_each_entry(f, filters, entry) {
		if (f->action != PERF_ADDR_FILTER_ACTION_FILTER)
			return -EOPNOTSUPP;
		if (++n > IA64_RANGE_PAIRS)
			return -EINVAL;
	}
	return 0;
}

/*
 * IA-64 code is made of 16-byte bundles, and an instruction's address is
 * its bundle's ([PFM-I2]: code ranges are bundle aligned). A filter is
 * widened to the whole bundles it touches: its start rounded down, its
 * end up, to 16 bytes; exact for code. A file's offsets round alike,
 * since it is mapped at page boundaries.
 */
#define IA64_BUNDLE_BYTES	16

static struct ia64_range ia64_pmu_bundles(u64 start, u64 size)
{
	struct ia64_range r = {
		.start = ALIGN_DOWN(start, IA64_BUNDLE_BYTES),
		.end = ALIGN(start + size, IA64_BUNDLE_BYTES),
	};

	return r;
}

/*
 * Is @other (of @event's group) restricted by the IBRs @event filters
 * by: all of them on the Itanium, @event's pair on the Itanium 2?
 */
static bool ia64_pmu_same_ibrs(struct perf_event *event,
			       struct perf_event *other)
{
	const struct ia64_pmu_qual *q = ia64_pmu_qual_of(event);
	const struct ia64_pmu_qual *o;

	if (other->pmu != event->pmu)
		return false;
	o = ia64_pmu_qual_of(other);
	return o && (!ia64_pmu_model->qual->per_pair || (o->pairs & q->pairs));
}

/*
 * Montecito: a filter on IBR pair 1 for @event, in a group with
 * CPU_OP_CYCLES_QUAL (ia64_pmu_ibrp1_clash())
 */
static bool ia64_pmu_group_ibrp1_clash(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	const struct ia64_pmu_qual *q = ia64_pmu_qual_of(event), *o;

	if (!(q->pairs & 0x2))
		return false;
	for_each_sibling_event(sibling, leader) {
		o = sibling->pmu == event->pmu ? ia64_pmu_qual_of(sibling) :
						 NULL;
		if (o && o->ibrp1_free)
			return true;
	}
	o = leader->pmu == event->pmu ? ia64_pmu_qual_of(leader) : NULL;
	return o && o->ibrp1_free;
}

/*
 * Itanium 2, Montecito: one range, programmed exactly wherever the task
 * maps the file, or in fine mode rounded out to its two-bundle
 * granularity (fine mode for pairs 0 and 1 only; on the Montecito a
 * masked pair only for the events that take one), unless irange_approx;
 * not on a data range of several DBR pairs (PMC13/PMC41 cannot add the
 * IBR tag).
 */
static int ia64_pmu_qual_filters_check2(const struct ia64_pmu_qual *q,
					struct list_head *filters)
{
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	struct perf_addr_filter *f;
	struct ia64_irange2 c;
	bool fine_ok = q->pairs < 0x4;
	struct ia64_range r;

	if (!list_is_singular(filters) || q->nr_dbr > 1)
		return -EINVAL;
	f = list_first_entry(filters, struct perf_addr_filter, entry);
	if (!f->size || f->offset + f->size - 1 < f->offset)
		return -EINVAL;
	r = ia64_pmu_bundles(f->offset, f->size);
	if (!f->path.dentry)
		return ia64_irange_pair_cover(r.start, r.end, lay->fine_page,
					      fine_ok, q->coarse_ok,
					      q->approx, &c);
	if (ia64_irange_pair_exact(r.start, r.end - r.start, PAGE_SIZE,
				   lay->fine_page, fine_ok, q->coarse_ok))
		return 0;
	/* fine mode wherever it lands, rounded out to two bundles */
	if (fine_ok && ia64_irange_fine_fits(r.start, r.end - r.start,
					     PAGE_SIZE, lay->fine_page))
		return 0;
	/* else over-covered by a masked pair */
	return q->approx && q->coarse_ok ? 0 : -EINVAL;
}

/*
 * pmu->addr_filters_validate_event: the filters of @event must fit the
 * IBR pairs exactly wherever the task maps the files (unless
 * irange_approx), and its group must agree. Ranges of a file are known
 * only to a page: the worst placement counts. Absolute ranges are
 * covered as they are.
 */
int ia64_pmu_qual_filters_validate_event(struct perf_event *event,
					 struct list_head *filters)
{
	struct ia64_pmu_qual *q = ia64_pmu_qual_of(event);
	struct ia64_range_pair pairs[IA64_RANGE_PAIRS];
	struct ia64_range abs[IA64_RANGE_PAIRS], r;
	struct perf_event *leader = event->group_leader, *sibling;
	unsigned int nr_abs = 0, worst = 0, n;
	struct perf_addr_filter *f;
	int ret;

	if (list_empty(filters)) {
		if (q)
			q->has_filter = false;
		return 0;
	}
	if (!q)
		return -EOPNOTSUPP;
	if (ia64_pmu_model->qual->per_pair) {
		ret = ia64_pmu_qual_filters_check2(q, filters);
		if (ret)
			return ret;
		if (ia64_pmu_group_ibrp1_clash(event))
			return -EBUSY;
		goto group;
	}

	list_for_each_entry(f, filters, entry) {
		if (!f->size || f->offset + f->size - 1 < f->offset)
			return -EINVAL;
		r = ia64_pmu_bundles(f->offset, f->size);
		if (!f->path.dentry) {
			abs[nr_abs++] = r;
			continue;
		}
		n = ia64_range_worst_blocks(r.start, r.end - r.start,
					    PAGE_SIZE);
		if (n > IA64_RANGE_PAIRS && !q->approx)
			return -EINVAL;
		worst += n;
	}
	if (nr_abs) {
		ret = ia64_range_cover(abs, nr_abs, pairs, IA64_RANGE_PAIRS,
				       q->approx, NULL);
		if (ret < 0)
			return ret;
		worst += ret;
	}
	if (worst > IA64_RANGE_PAIRS && !q->approx)
		return -EINVAL;

group:
	/* the group's events restricted by the same IBRs filter alike */
	for_each_sibling_event(sibling, leader) {
		if (sibling != event && ia64_pmu_same_ibrs(event, sibling) &&
		    !ia64_pmu_filters_equal(event, filters, sibling))
			return -EBUSY;
	}
	if (leader != event && ia64_pmu_same_ibrs(event, leader) &&
	    !ia64_pmu_filters_equal(event, filters, leader))
		return -EBUSY;
	ret = ia64_pmu_qual_claim(event, q);
	if (!ret)
		q->has_filter = true;
	return ret;
}

/*
 * Itanium 2: the setting of the one range @r, exact if it can be; with
 * none at all (a range over several of the halves a pair can cover) no
 * pair, which matches nothing
 */
static void ia64_pmu_qual_sync2(struct ia64_pmu_qual *q,
				const struct ia64_range *r, u64 *extra)
{
	u32 page = ia64_pmu_model->qual->fine_page;
	struct ia64_irange2 c;
	bool fine_ok = q->pairs < 0x4;

	if (ia64_irange_pair_cover(r->start, r->end, page, fine_ok,
				   q->coarse_ok, q->approx, &c) &&
	    ia64_irange_pair_cover(r->start, r->end, page, fine_ok,
				   q->coarse_ok, true, &c))
		return;
	q->fine = c.fine;
	q->nr_ibr = c.fine ? 2 : 1;
	q->ibr[0] = c.pair[0];
	q->ibr[1] = c.pair[1];
	*extra = c.extra;
}

/*
 * pmu->addr_filters_sync, under the filters' lock: cover the ranges the
 * core resolved (event->addr_filter_ranges; a file not mapped has size
 * 0 and matches nothing). validate_event made sure an exact cover fits;
 * if a mapping still defeats it, the smallest over-cover is used.
 */
void ia64_pmu_qual_filters_sync(struct perf_event *event)
{
	struct perf_addr_filters_head *head = perf_event_addr_filters(event);
	struct perf_addr_filter_range *fr = event->addr_filter_ranges;
	struct ia64_pmu_qual *q = ia64_pmu_qual_of(event);
	struct ia64_range r[IA64_RANGE_PAIRS];
	struct perf_addr_filter *f;
	unsigned int n = 0, i = 0;
	u64 extra = 0;
	int ret;

	if (!q)
		return;
	list_for_each_entry(f, &head->list, entry) {
		if (fr[i].size)
			r[n++] = ia64_pmu_bundles(fr[i].start, fr[i].size);
		i++;
	}
	q->filtered = i;
	q->nr_ibr = 0;
	q->fine = false;
	if (!n)
		return;
	if (ia64_pmu_model->qual->per_pair) {
		ia64_pmu_qual_sync2(q, &r[0], &extra);
	} else {
		ret = ia64_range_cover(r, n, q->ibr, IA64_RANGE_PAIRS,
				       q->approx, &extra);
		if (ret < 0)
			ret = ia64_range_cover(r, n, q->ibr, IA64_RANGE_PAIRS,
					       true, &extra);
		q->nr_ibr = ret < 0 ? 0 : ret;
	}
	/* dynamic debug shows what is programmed, e.g. an over-cover */
	for (i = 0; i < q->nr_ibr; i++)
		pr_debug("event %llu: IBR pair %u base %#llx mask %#llx, %llu bytes beyond the filters\n",
			 event->id, i, q->ibr[i].base, q->ibr[i].mask, extra);
}

/*
 * Bring @event's IBR cover up to date with its filters if they changed
 * (the core bumps addr_filters_gen): true if it did. Checked without the
 * filters' lock first: add() and start() run at every context switch.
 */
bool ia64_pmu_qual_sync(struct perf_event *event)
{
	if (!event->hw.addr_filters ||
	    event->addr_filters_gen == event->hw.addr_filters_gen)
		return false;
	perf_event_addr_filters_sync(event);
	return true;
}

/* add(): @event must agree with the CPU's events: -EAGAIN */
int ia64_pmu_qual_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	struct ia64_pmu_qual *q = ia64_pmu_qual_of(event);
	int i;

	if (!q)
		return 0;
	ia64_pmu_qual_sync(event);
	for (i = 0; i < cpuc->n_events; i++)
		if (!ia64_pmu_qual_agree(q, ia64_pmu_qual_of(cpuc->event_list[i])))
			return -EAGAIN;
	return 0;
}
