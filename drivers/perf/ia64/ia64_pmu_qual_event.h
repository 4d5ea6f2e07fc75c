/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one event needs from the qualification registers (struct
 * ia64_pmu_qual, in event->hw.addr_filters): shared by the event side
 * (ia64_pmu_qual.c: event_init, agreement, address filters) and the
 * register programming (ia64_pmu_qual_regs.c).
 */
#ifndef __IA64_PMU_QUAL_EVENT_H
#define __IA64_PMU_QUAL_EVENT_H

#include <linux/perf_event.h>

#include "ia64_pmu_range.h"

/* Registers that restrict an event */
#define IA64_QR_IBR		0x1	/* IBRs, PMC13 */
#define IA64_QR_PMC8		0x2
#define IA64_QR_PMC9		0x4
#define IA64_QR_DBR		0x8	/* DBRs, PMC11.pt */

/* What one event needs; event->hw.addr_filters */
struct ia64_pmu_qual {
	u8 subject;			/* IA64_QR_* */
	u8 pair;			/* per_pair: its IBR pair */
	u8 pairs;			/* ... all (bit i: pair i) */
	bool coarse_ok;			/* per_pair: a masked range too */
	bool ibrp1_free;		/* refused while pair 1 restricts */
	bool has_filter;		/* address filters given */
	bool fine;			/* per_pair: the cover in fine mode */
	bool inv;			/* per_pair: config1 irange_inv */
	bool approx;			/* config1 irange_approx */
	bool claimed;			/* the IBRs/DBRs, from debuggers */
	u8 nr_ibr;			/* pairs of the filters' cover */
	bool filtered;			/* address filters: PMC13.ta = 0 */
	u64 opc;			/* PMC8 or PMC9 */
	u32 opc_mid;			/* its bits 26:13, ia64_opc_mid() */
	bool opc_none;			/* no opcode fields: all match */
	u8 nr_dbr;			/* pairs of the data range, 0: none */
	u64 pmc13;			/* per_pair: its PMC13 */
	struct ia64_range_pair ibr[IA64_RANGE_PAIRS];
	struct ia64_range_pair dbr[IA64_RANGE_PAIRS];
};

static inline struct ia64_pmu_qual *ia64_pmu_qual_of(struct perf_event *event)
{
	return event->hw.addr_filters;
}

#endif /* __IA64_PMU_QUAL_EVENT_H */
