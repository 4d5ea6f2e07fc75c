// SPDX-License-Identifier: GPL-2.0
/*
 * Two independent transcriptions of libpfm 3.x's Itanium 2 event list
 * must agree: the driver's table (ia64_pmu_itanium2_events.h, generated
 * from tools/ia64-pmu/itanium2-events.txt) and the PMU model's
 * (sim/pmu_model_events_itanium2.c, made from libpfm's table directly).
 * A disagreement is a transcription error in one of them.
 *
 * Each driver event must be in the model with the same event code,
 * umask, counters, maximum increment and qualifiers, and the two tables
 * must have the same number of events. The raw selections are compared
 * as a whole as well: for every 8-bit event select and 4-bit umask, the
 * driver's lookup (the first line whose umask matches, as
 * ia64_pmu_lookup() does) and the model's (ia64_model_event_lookup())
 * accept the same pairs, as the same event.
 *
 * The one deliberate difference: libpfm 3.x lets L2_L3ACCESS_CANCEL_IFETCH
 * count on PMC4-7 while it restricts its sibling umasks to PMC4; the
 * model keeps libpfm's counters, the driver's generator restricts this
 * one to PMC4 as well (tools/ia64-pmu/gen-itanium2-events.py,
 * CTR_FIXUP). The driver's set must then be a subset of the model's.
 */
#include "crosscheck.h"

static const struct event drv[] = {
#define IA64_EV	TABLE_EVENT
#include "ia64_pmu_itanium2_events.h"
#undef IA64_EV
};

#define NR_DRV		ARRAY_SIZE(drv)

/* Counters of @name as the driver has them, given the model's @pmds */
static unsigned int model_ctr(const char *name, unsigned int pmds)
{
	if (!strcmp(name, "L2_L3ACCESS_CANCEL_IFETCH") && pmds == 0xf0)
		return IA64_CTR(4);
	return pmds >> 4;
}

int main(void)
{
	const struct crosscheck x = {
		.drv = drv, .nr_drv = NR_DRV,
		.model = ia64_model_itanium2_events,
		.nr_model = ia64_model_itanium2_nr_events,
		.ctr = model_ctr,
	};

	crosscheck_events(&x);
	crosscheck_selections(&x);
	printf("itanium2-crosscheck: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
