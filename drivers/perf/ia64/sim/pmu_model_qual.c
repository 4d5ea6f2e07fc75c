// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification in the PMU model: the instruction address range
 * (IBRs), the opcode matchers (PMC8/9) and the data address range
 * (DBRs) that tag a record, and which events count a tagged record.
 * The matching (address under a mask, opcode under a mask) is shared;
 * how the registers combine the matches is per CPU model (struct
 * ia64_model_qual): the Itanium's PMC13.ta/PMC11.pt, or the per IBR pair
 * registers of the Itanium 2 (PMC8/9, PMC13-15) and of the Montecito
 * (PMC32-36, PMC38, PMC41), which differ only in their layouts (struct
 * ia64_model_qual_pairs, struct ia64_model_opcm).
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: §6.2.3-6.2.6 (PMC13/IBR match,
 *             PMC8/9 opcode match, PMC11/DBR match), Table 6-9
 *   [SDM-2]   Intel Itanium Architecture Software Developer's Manual,
 *             vol. 2: §7.1.1 (debug registers)
 *   [PFM-I2]  libpfm_itanium2(3) ("OPCODE MATCHING", "DATA AND CODE
 *             RANGE RESTRICTIONS") and the libpfm 3.x headers and code
 *             it documents (pfmlib_itanium2.h: the Itanium 2 layouts of
 *             PMC8/9, PMC13, PMC14, PMC15; pfmlib_itanium2.c: what the
 *             fields select, the fine mode and its erratum)
 *   [PFM-MCK] perfmon_mckinley.h: the implemented bits and reset
 *             values of PMC8/9 and PMC13-15
 *   [PFM-MONT] the project's Montecito facts sheet (its layouts are
 *             in pmu_model_montecito.c)
 *
 * Decisions where the text is ambiguous are marked MODEL(<name>), each
 * listed in the admin guide's "What the model assumes" (docs-check).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"
#include "pmu_model_events.h"

#define IBR_MASK_BITS		MASK64(55, 0)
#define IBR_X			BIT64(63)

/*
 * IBRmatch_i / DBRRangeMatch_i of [ITA-RM] §6.2.4 and §6.2.6, for the
 * 54 implemented virtual address bits: bits 50:0 compare under the mask,
 * 55:51 compare (masked) with a copy of addr{50}, 60:56 must equal
 * addr{50} and 63:61 must equal.
 */
static bool range_match(u64 base, u64 mask, u64 addr)
{
	u64 s50 = (addr & BIT64(50)) ? ~0ULL : 0;

	mask &= IBR_MASK_BITS;
	return !((base ^ addr) & mask & MASK64(50, 0)) &&
	       !((base ^ s50) & mask & MASK64(55, 51)) &&
	       !((base ^ s50) & MASK64(60, 56)) &&
	       !((base ^ addr) & MASK64(63, 61));
}

/*
 * A debugger owns the debug registers: PSR.db = 1 or an IBR pair with
 * x = 1 ([ITA-RM] §6.2.4). MODEL(ibr-debugger): the same rule on the Itanium 2.
 */
static bool ibrs_debug(const struct ia64_model *m)
{
	return (m->psr & IA64_MODEL_PSR_DB) ||
	       ((m->ibr[1] | m->ibr[3] | m->ibr[5] | m->ibr[7]) & IBR_X);
}

/* IBR pair @i: its plm holds @cpl and @ip is in its masked range */
static bool ibr_pair_match(const struct ia64_model *m, unsigned int i,
			   u64 mask, u64 ip, unsigned int cpl)
{
	u64 odd = m->ibr[2 * i + 1];

	return (((odd >> 56) & 0xf) & (1U << cpl)) &&
	       range_match(m->ibr[2 * i], odd & mask, ip);
}

static bool dbr_pair_match(const struct ia64_model *m, unsigned int i,
			   u64 addr)
{
	/* r, w and plm of the DBRs are ignored ([ITA-RM] §6.2.6) */
	return !(m->psr & IA64_MODEL_PSR_DB) &&
	       range_match(m->dbr[2 * i], m->dbr[2 * i + 1], addr);
}

/*
 * Match(PMC[i]) of [ITA-RM] §6.2.5 for matcher @o: the instruction type
 * against its m/i/f/b enables, and the encoding bits the matcher sees
 * against match under mask (a mask bit set: the bit is not compared).
 * The Itanium's and Itanium 2's matchers see encoding bits 40:27 and
 * 12:0 (27 bits), the Montecito's all 41 ([PFM-MONT]).
 */
static bool opcode_match(const struct ia64_model *m,
			 const struct ia64_model_opcm *o, unsigned int itype,
			 u64 enc)
{
	static const u8 type_bit[] = {
		[IA64_PMU_ITYPE_M] = 3, [IA64_PMU_ITYPE_I] = 2,
		[IA64_PMU_ITYPE_F] = 1, [IA64_PMU_ITYPE_B] = 0,
		/* MODEL(opcm-units): the matcher knows M/I/F/B; L and X match as I */
		[IA64_PMU_ITYPE_L] = 2, [IA64_PMU_ITYPE_X] = 2,
	};
	u64 field = MASK64(o->width - 1, 0);
	u64 match = (m->pmc[o->match_pmc] >> o->match_shift) & field;
	u64 mask = (m->pmc[o->mask_pmc] >> o->mask_shift) & field;
	u64 e = enc & MASK64(40, 0);

	if (!(m->pmc[o->mask_pmc] &
	      BIT64(o->types_shift + type_bit[itype])))
		return false;
	if (o->width == IA64_MODEL_OPCM_SPLIT)
		e = (((enc >> 27) & MASK64(13, 0)) << 13) |
		    (enc & MASK64(12, 0));
	return !((e ^ match) & ~mask & field);
}

/*
 * PMC8/9 of the Itanium ([ITA-RM] Figure 6-17) and the Itanium 2
 * ([PFM-I2]): m i f b 63:60, match 59:33, mask 29:3
 */
static const struct ia64_model_opcm pmc8_9[2] = {
	{ .mask_pmc = 8, .match_pmc = 8, .mask_shift = 3, .match_shift = 33,
	  .width = IA64_MODEL_OPCM_SPLIT, .types_shift = 60 },
	{ .mask_pmc = 9, .match_pmc = 9, .mask_shift = 3, .match_shift = 33,
	  .width = IA64_MODEL_OPCM_SPLIT, .types_shift = 60 },
};

/* ------------------------------------------------------------------ */
/* Itanium ([ITA-RM] §6.2.4-6.2.6)                                     */

#define ITA_PMC13_TA		BIT64(0)
#define ITA_PMC11_PT		BIT64(28)

static bool ita_ibr_tag(const struct ia64_model *m, u64 ip,
			unsigned int cpl, bool is)
{
	bool match = false;
	unsigned int i;

	if (m->pmc[13] & ITA_PMC13_TA)
		return true;
	if (is || ibrs_debug(m))		/* Table 6-9 */
		return false;
	for (i = 0; i < 4; i++)
		match |= ibr_pair_match(m, i, ~0ULL, ip, cpl);
	return match;
}

static void ita_tags(const struct ia64_model *m, struct rec_view *v,
		     const bool opc[2], u64 daddr)
{
	bool dmatch = false;
	unsigned int i;

	v->ibr_tag = ita_ibr_tag(m, v->ctx.ip, v->ctx.cpl, v->is);
	v->tag8 = opc[0] && v->ibr_tag && !v->is;
	v->tag9 = opc[1] && v->ibr_tag && !v->is;
	/* DBRRangeTag = Tag(PMC8) and (PMC11.pt or DBRRangeMatch) */
	for (i = 0; i < 4 && v->has_daddr; i++)
		dmatch |= dbr_pair_match(m, i, daddr);
	v->dbr_tag = v->has_daddr && v->tag8 &&
		     ((m->pmc[11] & ITA_PMC11_PT) || dmatch);
}

/*
 * MODEL(ia32-no-qual): in IA-32 code the opcode matcher and the data range
 * check do not operate ([ITA-RM] §6.1.3.1) and Tag(PMC8) is 0 by its equation;
 * Table 6-9 makes qualifiable events count there only with PMC13.ta = 1.
 */
const struct ia64_model_qual ia64_model_qual_itanium = {
	.tags		= ita_tags,
	.opcm		= pmc8_9,
	.ia32_pmc13	= ITA_PMC13_TA,
};

/* ------------------------------------------------------------------ */
/* Per IBR pair: Itanium 2 ([PFM-I2]), Montecito ([PFM-MONT])  */

/* The data range PMC: cfg<j> at 4+8j:3+8j, ena<j> at 45+j */
#define PAIRS_DR_CFG(j)		(3 + 8 * (j))
#define PAIRS_DR_ENA(j)		BIT64(45 + (j))
#define PAIRS_CFG_NO_DBR	0x1	/* cfg bit 0: the DBR pair ignored */
#define PAIRS_CFG_NO_IO		0x2	/* cfg bit 1: IBR pair and opcode */
/* The code range PMC: ig_ibrp<i> at 1+3i (1: no constraint), fine 13 */
#define PAIRS_IR_IBRP(i)	BIT64(1 + 3 * (i))
#define PAIRS_IR_FINE		BIT64(13)

/*
 * Fine mode: pairs 0 and 2 (1 and 3) hold the lower and the upper bound
 * of one range within a page (.fine_page: 4 KB on the Itanium 2, 64 KB
 * on the Montecito); the upper bound's bundle is in the range. The masks
 * of the two pairs compare the page (the offset bits are not masked
 * compares but the bounds). The offset bits compared are .fine_grain:
 * both models see addresses with a granularity of two bundles (the
 * layouts say why).
 */
static bool pairs_fine_match(const struct ia64_model *m,
			     const struct ia64_model_qual_pairs *p,
			     unsigned int lo, u64 ip, unsigned int cpl)
{
	unsigned int hi = lo + 2;
	u64 off = ip & p->fine_grain;

	return ibr_pair_match(m, lo, ~p->fine_page, ip, cpl) &&
	       ibr_pair_match(m, hi, ~p->fine_page, ip, cpl) &&
	       off >= (m->ibr[2 * lo] & p->fine_grain) &&
	       off <= (m->ibr[2 * hi] & p->fine_grain);
}

static bool pairs_bit(const struct ia64_model *m,
		      const struct ia64_model_qual_bit *b)
{
	return b->bit && (m->pmc[b->pmc] & b->bit);
}

/*
 * The instruction address part of IBR pair @i's tag: the code range
 * PMC's ig_ibrp<i> = 0 makes the pair's range (fine or masked)
 * constrain; ig_ad (per matcher on the Itanium 2, PMC32's for every pair
 * on the Montecito) ignores the ranges, inv inverts the pair's range.
 * MODEL(range-constrain): inv inverts a constraining range only; a pair that
 * does not constrain tags every address.
 */
static bool pairs_addr_ok(const struct ia64_model *m,
			  const struct ia64_model_qual_pairs *p,
			  unsigned int i, u64 ip, unsigned int cpl)
{
	bool in;

	if (pairs_bit(m, &p->ig_ad[i]) ||
	    (m->pmc[p->irange_pmc] & PAIRS_IR_IBRP(i)))
		return true;
	if (ibrs_debug(m))
		in = false;
	else if (m->pmc[p->irange_pmc] & PAIRS_IR_FINE)
		in = pairs_fine_match(m, p, i & 1, ip, cpl);
	else
		in = ibr_pair_match(m, i, ~0ULL, ip, cpl);
	return in != pairs_bit(m, &p->inv[i]);
}

/*
 * The tags of the four IBR pairs (IA64_TAGGED_INST_RETIRED umask i):
 * the address part and, unless the channel PMC (PMC15, PMC36) frees the
 * pair, its opcode matcher (the first for pairs 0 and 2, the second for
 * 1 and 3). The other events with instruction range or opcode support
 * see pair 0 ([PFM-I2]: "only one pair can be used"), but for the
 * instruction prefetch events (IA64_MODEL_Q_IBRP1), whose range is pair
 * 1's address part (the Itanium 2 manual's §10.3.5.1, "Exception 1", as
 * libpfm 3.x's range dispatcher applies it; [PFM-MONT]), and the
 * Montecito's dual events (IA64_MODEL_Q_IBRP_DUAL): pair 0 for demand
 * fetches, pair 1 for prefetches. A memory record of an event with data
 * range support counts by the data range PMC (PMC13, PMC41): any enabled
 * DBR pair j whose cfg lets the DBR range (bit 0 = 0) and the tag of IBR
 * pair j (bit 1 = 0) both match; MODEL(range-constrain): with no pair enabled,
 * nothing constrains.
 */
void ia64_model_pairs_tags(const struct ia64_model *m, struct rec_view *v,
			   const bool opc[2], u64 daddr)
{
	const struct ia64_model_qual_pairs *p = m->desc->qual->pairs;
	u64 dr = m->pmc[p->drange_pmc];
	bool any = false, dmatch = false;
	unsigned int i, cfg;

	for (i = 0; i < 4; i++) {
		bool addr = pairs_addr_ok(m, p, i, v->ctx.ip, v->ctx.cpl);
		bool op = (m->pmc[p->chan_pmc] & BIT64(i)) || opc[i & 1];

		v->ibrp_tag[i] = addr && op && !v->is;
		if (!i)
			v->ibr_tag = addr && !v->is;
		if (i == 1)
			v->ibr1_tag = addr && !v->is;
	}
	v->tag8 = v->ibrp_tag[0];
	v->tag9 = v->ibrp_tag[1];

	for (i = 0; i < 4 && v->has_daddr; i++) {
		if (!(dr & PAIRS_DR_ENA(i)))
			continue;
		any = true;
		cfg = (dr >> PAIRS_DR_CFG(i)) & 3;
		dmatch |= ((cfg & PAIRS_CFG_NO_DBR) ||
			   dbr_pair_match(m, i, daddr)) &&
			  ((cfg & PAIRS_CFG_NO_IO) || v->ibrp_tag[i]);
	}
	/* [PFM-MONT]: the tagging is inconsistent, nothing counts */
	if (!any && p->dtag_needs_ena && !pairs_bit(m, &p->ig_ad[0]) &&
	    (~m->pmc[p->irange_pmc] & (PAIRS_IR_IBRP(0) | PAIRS_IR_IBRP(1)))) {
		v->dbr_tag = false;
		return;
	}
	v->dbr_tag = v->has_daddr && !v->is && (!any || dmatch);
}

/*
 * The Itanium 2 ([PFM-I2]; pfmlib_itanium2.h's PMC8/9, PMC13, PMC14,
 * PMC15): PMC8/9 bit 0 ig_ad (no address range check), bit 1 inv (the
 * range inverted), each for its pairs; PMC15 bit i = 1: pair i is not
 * constrained by its matcher. Fine mode within a 4 KB page; the
 * erratum: the fine mode of the family 0x1f PMU (this model's CPUID)
 * sees addresses with a granularity of two bundles, so both bounds and
 * the address compare bits 11:5 only (libpfm 3.x pfmlib_itanium2.c,
 * has_fine_mode_bug).
 */
static const struct ia64_model_qual_pairs itanium2_pairs = {
	.irange_pmc	= 14,
	.drange_pmc	= 13,
	.chan_pmc	= 15,
	.ig_ad		= { { 8, BIT64(0) }, { 9, BIT64(0) },
			    { 8, BIT64(0) }, { 9, BIT64(0) } },
	.inv		= { { 8, BIT64(1) }, { 9, BIT64(1) },
			    { 8, BIT64(1) }, { 9, BIT64(1) } },
	.fine_page	= MASK64(11, 0),
	.fine_grain	= MASK64(11, 5),
};

/*
 * MODEL(ia32-no-qual): the sources say nothing of IA-32 code; as the matchers
 * see no IA-64 instruction there, the Itanium 2 qualification does not operate
 * and qualifiable events count IA-32 code unconstrained.
 */
const struct ia64_model_qual ia64_model_qual_itanium2 = {
	.tags		= ia64_model_pairs_tags,
	.opcm		= pmc8_9,
	.pairs		= &itanium2_pairs,
	.ia32_pmc13	= 0,
};

/* ------------------------------------------------------------------ */
/* Shared                                                              */

void ia64_model_compute_tags(const struct ia64_model *m, struct rec_view *v,
			     bool has_op, unsigned int itype, u64 enc, u64 daddr)
{
	bool opc[2] = { true, true };

	/* without qualification hardware no record has a tag */
	if (!m->desc->qual)
		return;
	/*
	 * MODEL(no-opcode-records): records without an opcode (cycles, fetch)
	 * match every opcode, so only the address range qualifies their events.
	 */
	if (has_op) {
		opc[0] = opcode_match(m, &m->desc->qual->opcm[0], itype, enc);
		opc[1] = opcode_match(m, &m->desc->qual->opcm[1], itype, enc);
	}
	m->desc->qual->tags(m, v, opc, daddr);
}

/*
 * Is an occurrence of @ev in this record counted, given the event's
 * qualification support (§7.8) and the record's tags?
 */
bool ia64_model_qualified(const struct ia64_model *m,
			  const struct ia64_model_event *ev,
			  const struct rec_view *v)
{
	u8 q = ev->qual;

	/* without qualification hardware every occurrence counts */
	if (!m->desc->qual)
		return true;
	if (v->is)
		return !q || !m->desc->qual->ia32_pmc13 ||
		       (m->pmc[13] & m->desc->qual->ia32_pmc13);
	if ((q & IA64_MODEL_Q_DAR) && v->has_daddr)
		return v->dbr_tag;
	if (q & (IA64_MODEL_Q_OPC | IA64_MODEL_Q_DAR | IA64_MODEL_Q_DAR_LDC))
		return v->tag8;
	if (q & IA64_MODEL_Q_IBRP1)
		return v->ibr1_tag;
	if ((q & IA64_MODEL_Q_IBRP_DUAL) &&
	    v->hdr.type == IA64_PMU_REC_FETCH &&
	    (v->hdr.flags & IA64_PMU_REC_FETCH_PREFETCH))
		return v->ibr1_tag;
	if (q & IA64_MODEL_Q_IAR)
		return v->ibr_tag;
	return true;
}
