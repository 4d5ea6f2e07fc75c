// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification, the registers ([ITA-RM] §6.2.4-6.2.6; Itanium 2:
 * [PFM-I2]): at each pmu_enable the settings of the CPU's events
 * (struct ia64_pmu_qual, agreed on by ia64_pmu_qual.c) are written to
 * the opcode matchers, the instruction and data range PMCs and the
 * IBR/DBR pairs, each register only when its value changes
 * (struct ia64_pmu_qual_cpu caches what it holds).
 */

#include <linux/bug.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_qual.h"
#include "ia64_pmu_qual_event.h"
#include "ia64_pmu_range.h"

/*
 * The pairs of @p, in order. A pair left over repeats the first: the
 * DBR match ignores plm ([ITA-RM] §6.2.6), so a pair of zeros would
 * match the bottom of region 0. With no pair at all (filters on files
 * that are not mapped), plm = 0: no IBR matches.
 */
static void ia64_pmu_qual_pairs(u64 *hw, const struct ia64_range_pair *p,
				unsigned int n, u64 odd,
				void (*write)(unsigned int, u64))
{
	unsigned int i;
	u64 base, mask;

	for (i = 0; i < IA64_RANGE_PAIRS; i++) {
		base = n ? p[i < n ? i : 0].base : 0;
		mask = n ? p[i < n ? i : 0].mask | odd : 0;
		ia64_pmu_write_cached(&hw[2 * i], base, write, 2 * i);
		ia64_pmu_write_cached(&hw[2 * i + 1], mask, write, 2 * i + 1);
	}
}

/* IBR pair @p: @base, and @mask with plm all (mask 0: plm 0, no match) */
static void ia64_pmu_qual_ibr_pair(struct ia64_pmu_qual_cpu *qc,
				   unsigned int p, u64 base, u64 mask)
{
	ia64_pmu_write_cached(&qc->ibr[2 * p], base, ia64_pmu_write_ibr,
			      2 * p);
	ia64_pmu_write_cached(&qc->ibr[2 * p + 1],
			      mask ? mask | IA64_BR_PLM_ALL : 0,
			      ia64_pmu_write_ibr, 2 * p + 1);
}

/*
 * The ig_ad and inv bits of matcher @k: on the Itanium 2 each matcher's
 * for its pairs (ig_ad: none of them restricts); on the Montecito
 * (ig_ad_all) PMC32's, ig_ad for every pair and inv for pair 0
 * ([PFM-MONT]: libpfm clears ig_ad for a code range on any pair)
 */
static u64 ia64_pmu_qual_range_bits(const struct ia64_pmu_qual_layout *lay,
				    unsigned int k, unsigned int used,
				    unsigned int invp)
{
	unsigned int mine = used & ia64_qual_matcher_pairs(k);

	if (lay->ig_ad_all)
		return k ? 0 : (used ? 0 : lay->ig_ad) |
			       (invp & used & lay->inv_pairs ? lay->inv : 0);
	return !mine ? lay->ig_ad : invp & mine ? lay->inv : 0;
}

/*
 * Matcher @k from its PMC8/9 image @opc and @bits (ig_ad, inv): one
 * register on the Itanium 2, mask and match registers on the Montecito
 * (ia64_opcm_regs(), with the encoding bits 26:13 of @mid)
 */
static void ia64_pmu_qual_matcher(struct ia64_pmu_cpu *cpuc, unsigned int k,
				  u64 opc, u32 mid, u64 bits, u64 *mask)
{
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	struct ia64_pmu_qual_cpu *qc = &cpuc->qual;
	u64 match = 0;

	if (lay->opc_match_pmc[k])
		ia64_opcm_regs(opc, mid, mask, &match);
	else
		*mask = opc & ~(lay->ig_ad | lay->inv);
	*mask |= bits;
	ia64_pmu_write_cached(&qc->opc[k], *mask, ia64_pmu_write_pmc,
			      lay->opc_pmc[k]);
	if (lay->opc_match_pmc[k])
		ia64_pmu_write_cached(&qc->opc_match[k], match,
				      ia64_pmu_write_pmc,
				      lay->opc_match_pmc[k]);
}

/*
 * Does @q leave the registers as no event does? Events that qualify
 * have a struct ia64_pmu_qual even when nothing restricts them; without
 * an opcode, an address filter or a data range, the programming below
 * takes nothing from it.
 */
static bool ia64_pmu_qual_neutral(const struct ia64_pmu_qual *q)
{
	return !q || (q->opc_none && !q->filtered &&
		      !(q->subject & IA64_QR_DBR));
}

/*
 * Itanium 2, Montecito, pmu_enable: the IBR pairs of the filtered events
 * and the code range PMC (PMC14, PMC38), the matchers with ig_ad/inv
 * from them, the data range PMC (PMC13, PMC41) and the DBR pairs of the
 * data range events (their agreement makes the first one's the
 * setting). Every data range PMC value enables a DBR pair (pair 0 when
 * no event has a data range): the Montecito's PMC32/38/41 rule holds
 * whatever the order of the writes.
 */
static void ia64_pmu_qual_program2(struct ia64_pmu_cpu *cpuc)
{
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	struct ia64_pmu_qual_cpu *qc = &cpuc->qual;
	u64 opc[2] = { lay->opc_reset, lay->opc_reset };
	u32 mid[2] = { IA64_OPC_MID_RESET, IA64_OPC_MID_RESET };
	const struct ia64_pmu_qual *q, *dbr = NULL;
	unsigned int used = 0, invp = 0, bound = 0, p, k;
	u64 irange, drange, mask[2];
	bool fine = false;
	int i;
	u8 cfg[IA64_RANGE_PAIRS] = { IA64_PMC13_2_CFG_IO,
				     IA64_PMC13_2_CFG_NONE,
				     IA64_PMC13_2_CFG_NONE,
				     IA64_PMC13_2_CFG_NONE };

	for (i = 0; i < cpuc->n_events; i++) {
		q = ia64_pmu_qual_of(cpuc->event_list[i]);
		if (!q)
			continue;
		/* the pattern of a matcher, the pairs that need it */
		k = q->subject & IA64_QR_PMC9 ? 1 : 0;
		if ((q->subject & (IA64_QR_PMC8 | IA64_QR_PMC9)) &&
		    !q->opc_none) {
			opc[k] = q->opc;
			mid[k] = q->opc_mid;
			bound |= q->pairs;
		}
		if ((q->subject & IA64_QR_DBR) && !dbr)
			dbr = q;
		if (!(q->subject & IA64_QR_IBR) || !q->filtered ||
		    (used & q->pairs))
			continue;
		used |= q->pairs;
		fine = q->fine;
		if (q->inv)
			invp |= q->pairs;
		/* no cover (a file not mapped): plm 0, nothing matches */
		for (p = 0; p < IA64_RANGE_PAIRS; p++) {
			if (!(q->pairs & (1U << p)))
				continue;
			ia64_pmu_qual_ibr_pair(qc, p,
					       q->nr_ibr ? q->ibr[0].base : 0,
					       q->nr_ibr ? q->ibr[0].mask : 0);
			if (q->fine)
				ia64_pmu_qual_ibr_pair(qc, p + 2,
						       q->ibr[1].base,
						       q->ibr[1].mask);
		}
	}
	/*
	 * the other pairs zero (plm 0, x 0): a debugger's breakpoints (x =
	 * 1) would make every range match nothing
	 */
	for (p = 0; used && p < IA64_RANGE_PAIRS; p++) {
		if ((used & (1U << p)) ||
		    (fine && p >= 2 && (used & (1U << (p - 2)))))
			continue;
		ia64_pmu_qual_ibr_pair(qc, p, 0, 0);
	}
	irange = ia64_pmc_irange(lay->irange_reset, used, fine);
	drange = dbr ? dbr->pmc13 : ia64_pmc13_2(1, cfg);
	for (k = 0; k < 2; k++)
		ia64_pmu_qual_matcher(cpuc, k, opc[k], mid[k],
				      ia64_pmu_qual_range_bits(lay, k, used,
							       invp),
				      &mask[k]);
	/*
	 * a pair whose events have no pattern ignores its matcher's, which
	 * another pair's events set (ia64_pmu_qual_agree())
	 */
	if (lay->chan_pmc) {
		p = 0;
		for (k = 0; k < 2; k++)
			if (opc[k] != lay->opc_reset ||
			    mid[k] != IA64_OPC_MID_RESET)
				p |= ia64_qual_matcher_pairs(k) & ~bound;
		ia64_pmu_write_cached(&qc->chan, ia64_pmc_chan(p),
				      ia64_pmu_write_pmc, lay->chan_pmc);
	}
	/* [PFM-MONT] pfm_mont_pmc_check: PMC41 enables a DBR pair */
	WARN_ON_ONCE(lay->drange_ena_rule &&
		     !ia64_qual_mont_consistent(mask[0], irange, drange));
	ia64_pmu_write_cached(&qc->irange, irange, ia64_pmu_write_pmc,
			      lay->irange_pmc);
	if (dbr && dbr->nr_dbr)
		ia64_pmu_qual_pairs(qc->dbr, dbr->dbr, dbr->nr_dbr, 0,
				    ia64_pmu_write_dbr);
	ia64_pmu_write_cached(&qc->drange_pmc, drange, ia64_pmu_write_pmc,
			      lay->drange_pmc);
}

/*
 * pmu_enable, PMU not running: the settings of the CPU's events. The
 * IBR and DBR x/r/w bits stay 0 and the driver never sets PSR.db, so
 * that range checking raises no debug fault ([ITA-RM] §6.2.4, §6.2.6).
 */
void ia64_pmu_qual_program(struct ia64_pmu_cpu *cpuc)
{
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	struct ia64_pmu_qual_cpu *qc = &cpuc->qual;
	const struct ia64_pmu_qual *ibr = NULL, *dbr = NULL, *q;
	u64 pmc8 = IA64_OPC_RESET, pmc9 = IA64_OPC_RESET;
	unsigned long loads = ia64_pmu_dbr_loads();
	bool idle = true;
	int i;

	/* a debugged task ran here: its breakpoints replaced our ranges */
	if (loads != qc->loads) {
		memset(qc->ibr, 0xff, sizeof(qc->ibr));
		memset(qc->dbr, 0xff, sizeof(qc->dbr));
		qc->loads = loads;
	}
	for (i = 0; i < cpuc->n_events && idle; i++) {
		q = ia64_pmu_qual_of(cpuc->event_list[i]);
		idle = ia64_pmu_qual_neutral(q);
	}
	/*
	 * No event restricts, and none did at the last programming: the
	 * registers hold their settings for none already (the IBRs and
	 * DBRs then mean nothing). Most context switches take this path.
	 */
	if (idle && qc->idle)
		return;
	qc->idle = idle;

	if (lay->per_pair) {
		ia64_pmu_qual_program2(cpuc);
		return;
	}
	for (i = 0; i < cpuc->n_events; i++) {
		q = ia64_pmu_qual_of(cpuc->event_list[i]);
		if (!q)
			continue;
		if ((q->subject & IA64_QR_IBR) && !ibr)
			ibr = q;
		if (q->subject & IA64_QR_PMC8)
			pmc8 = q->opc;
		if (q->subject & IA64_QR_PMC9)
			pmc9 = q->opc;
		if ((q->subject & IA64_QR_DBR) && !dbr)
			dbr = q;
	}
	ia64_pmu_write_cached(&qc->opc[0], pmc8, ia64_pmu_write_pmc,
			    lay->opc_pmc[0]);
	ia64_pmu_write_cached(&qc->opc[1], pmc9, ia64_pmu_write_pmc,
			    lay->opc_pmc[1]);
	if (ibr && ibr->filtered)
		ia64_pmu_qual_pairs(qc->ibr, ibr->ibr, ibr->nr_ibr,
				    IA64_BR_PLM_ALL, ia64_pmu_write_ibr);
	ia64_pmu_write_cached(&qc->irange,
			    ibr && ibr->filtered ? 0 : IA64_PMC13_TA,
			    ia64_pmu_write_pmc, lay->irange_pmc);
	if (dbr && dbr->nr_dbr)
		ia64_pmu_qual_pairs(qc->dbr, dbr->dbr, dbr->nr_dbr, 0,
				    ia64_pmu_write_dbr);
	qc->drange = dbr && dbr->nr_dbr;
}

/* PMC11 with its pt bit as the CPU's data range needs ([ITA-RM] §6.2.6) */
u64 ia64_pmu_qual_pmc11(struct ia64_pmu_cpu *cpuc, u64 pmc11)
{
	/* the Itanium 2's PMC11 has no pt: its data ranges are PMC13's */
	if (ia64_pmu_model->qual->per_pair)
		return pmc11;
	return cpuc->qual.drange ? pmc11 & ~IA64_PMC11_PT :
				   pmc11 | IA64_PMC11_PT;
}

/*
 * CPU bring-up wrote the reset value @val to PMC @pmc from the model
 * table; the IBRs and DBRs are unknown: written at their first use.
 */
void ia64_pmu_qual_cpu_reset(struct ia64_pmu_cpu *cpuc, unsigned int pmc,
			     u64 val)
{
	const struct ia64_pmu_qual_layout *lay = ia64_pmu_model->qual;
	struct ia64_pmu_qual_cpu *qc = &cpuc->qual;

	if (!lay)
		return;
	if (pmc == lay->opc_pmc[0])
		qc->opc[0] = val;
	if (pmc == lay->opc_pmc[1])
		qc->opc[1] = val;
	if (lay->opc_match_pmc[0] && pmc == lay->opc_match_pmc[0])
		qc->opc_match[0] = val;
	if (lay->opc_match_pmc[1] && pmc == lay->opc_match_pmc[1])
		qc->opc_match[1] = val;
	if (lay->chan_pmc && pmc == lay->chan_pmc)
		qc->chan = val;
	if (pmc == lay->irange_pmc)
		qc->irange = val;
	if (lay->drange_pmc && pmc == lay->drange_pmc)
		qc->drange_pmc = val;
	memset(qc->ibr, 0xff, sizeof(qc->ibr));
	memset(qc->dbr, 0xff, sizeof(qc->dbr));
	qc->drange = false;
	qc->idle = false;
}
