// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium (Merced) PMU: the model description and the event list of
 * spec 004 §7.8 (Itanium Processor Reference Manual for Software
 * Development), from the single event table ia64_pmu_merced_events.h.
 */

#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"

static const struct ia64_pmu_event merced_events[] = {
#define IA64_EV(id, name, es, umask, umask_mask, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, ctr, max_inc, qual },
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

const struct ia64_pmu_model ia64_pmu_merced = {
	.name		= "itanium",
	.family		= IA64_PMU_FAMILY_ITANIUM,
	/* spec 004 Table 6-24 */
	.nr_generic	= 4,
	.width		= 32,
	.pal_pmc_mask	= { 0x3fff },
	.pal_pmd_mask	= { 0x3ffff },
	.events		= merced_events,
	.nr_events	= ARRAY_SIZE(merced_events),
};
