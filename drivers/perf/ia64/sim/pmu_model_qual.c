// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification in the PMU model: the instruction address range
 * (IBRs), the opcode matchers (PMC8/9) and the data address range
 * (DBRs) that tag a record, and which events count a tagged record.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: §6.2.3-6.2.6 (PMC13/IBR match,
 *             PMC8/9 opcode match, PMC11/DBR match), Table 6-9
 *   [SDM-2]   Intel Itanium Architecture Software Developer's Manual,
 *             vol. 2: §7.1.1 (debug registers)
 *
 * Decisions where the text is ambiguous are marked "MODEL:".
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

static bool ibr_range_tag(const struct ia64_model *m, u64 ip,
			  unsigned int cpl, bool is)
{
	bool match = false;
	unsigned int i;

	/* MODEL: Itanium 2 ranges (PMC13-15) are not modelled yet */
	if (!m->desc->ita_units || (m->pmc[13] & 1))	/* PMC13.ta */
		return true;
	if (is)					/* Table 6-9 */
		return false;
	if ((m->psr & IA64_MODEL_PSR_DB) ||
	    ((m->ibr[1] | m->ibr[3] | m->ibr[5] | m->ibr[7]) & IBR_X))
		return false;
	for (i = 0; i < 4; i++) {
		u64 odd = m->ibr[2 * i + 1];

		if (((odd >> 56) & 0xf) & (1U << cpl))
			match |= range_match(m->ibr[2 * i], odd, ip);
	}
	return match;
}

static bool dbr_range_match(const struct ia64_model *m, u64 addr)
{
	bool match = false;
	unsigned int i;

	if (m->psr & IA64_MODEL_PSR_DB)
		return false;
	/* r, w and plm of the DBRs are ignored ([ITA-RM] §6.2.6) */
	for (i = 0; i < 4; i++)
		match |= range_match(m->dbr[2 * i], m->dbr[2 * i + 1], addr);
	return match;
}

/*
 * Match(PMC[i]) of [ITA-RM] §6.2.5: itype against m/i/f/b, encoding bits
 * 40:27 and 12:0 against match/mask 59:33 / 29:3.
 */
static bool opcode_match(u64 pmc, unsigned int itype, u64 enc)
{
	static const u8 itype_bit[] = {
		[IA64_PMU_ITYPE_M] = 63, [IA64_PMU_ITYPE_I] = 62,
		[IA64_PMU_ITYPE_F] = 61, [IA64_PMU_ITYPE_B] = 60,
		/* MODEL: the matcher knows M/I/F/B; L and X match as I */
		[IA64_PMU_ITYPE_L] = 62, [IA64_PMU_ITYPE_X] = 62,
	};
	u64 match = (pmc >> 33) & MASK64(26, 0);
	u64 mask = (pmc >> 3) & MASK64(26, 0);
	u64 e = (((enc >> 27) & MASK64(13, 0)) << 13) | (enc & MASK64(12, 0));

	if (!(pmc & BIT64(itype_bit[itype])))
		return false;
	return !((e ^ match) & ~mask & MASK64(26, 0));
}

void ia64_model_compute_tags(const struct ia64_model *m, struct rec_view *v,
			     bool has_op, unsigned int itype, u64 enc, u64 daddr)
{
	bool m8 = true, m9 = true;

	v->ibr_tag = ibr_range_tag(m, v->ctx.ip, v->ctx.cpl, v->is);
	/*
	 * MODEL: records without an opcode (cycles, fetch) match every
	 * opcode, so only the address range qualifies their events.
	 */
	if (has_op) {
		m8 = opcode_match(m->pmc[8], itype, enc);
		m9 = opcode_match(m->pmc[9], itype, enc);
	}
	v->tag8 = m8 && v->ibr_tag && !v->is;
	v->tag9 = m9 && v->ibr_tag && !v->is;
	/* DBRRangeTag = Tag(PMC8) and (PMC11.pt or DBRRangeMatch) */
	v->dbr_tag = v->has_daddr && v->tag8 &&
		     (!m->desc->ita_units || (m->pmc[11] & BIT64(28)) ||
		      dbr_range_match(m, daddr));
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

	/*
	 * MODEL: in IA-32 code the opcode matcher and the data range check
	 * do not operate ([ITA-RM] §6.1.3.1) and Tag(PMC8) is 0 by its
	 * equation; Table 6-9 makes qualifiable events count there only
	 * with PMC13.ta = 1.
	 */
	if (v->is)
		return !q || !m->desc->ita_units || (m->pmc[13] & 1);
	if ((q & IA64_MODEL_Q_DAR) && v->has_daddr)
		return v->dbr_tag;
	if (q & (IA64_MODEL_Q_OPC | IA64_MODEL_Q_DAR | IA64_MODEL_Q_DAR_LDC))
		return v->tag8;
	if (q & IA64_MODEL_Q_IAR)
		return v->ibr_tag;
	return true;
}

