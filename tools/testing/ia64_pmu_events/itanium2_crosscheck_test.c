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

static const struct event *drv_lookup(unsigned int es, unsigned int umask)
{
	return table_lookup(drv, ARRAY_SIZE(drv), es, umask);
}

static const struct ia64_model_event *model_lookup(unsigned int es,
						   unsigned int umask)
{
	return ia64_model_event_lookup(ia64_model_itanium2_events,
				       ia64_model_itanium2_nr_events, es,
				       umask);
}

static void check_selections(void)
{
	unsigned int es, umask, accepted = 0, mismatches = 0;

	for (es = 0; es < 256; es++) {
		for (umask = 0; umask < 16; umask++) {
			const struct event *d = drv_lookup(es, umask);
			const struct ia64_model_event *m =
				model_lookup(es, umask);
			int ok;

			if (d && m)
				ok = !strcmp(d->name, m->name) &&
				     d->ctr == model_ctr(m->name, m->pmds) &&
				     d->max_inc == m->max_inc &&
				     d->qual == model_qual(m->qual);
			else
				ok = !d && !m;
			accepted += ok && d;
			if (ok) {
				passed++;
				continue;
			}
			failed++;
			mismatches++;
			printf("FAIL: es 0x%02x umask 0x%x: driver %s, model %s\n",
			       es, umask, d ? d->name : "refuses",
			       m ? m->name : "refuses");
		}
	}
	printf("selections: %u (es, umask) accepted by both, %u mismatches\n",
	       accepted, mismatches);
}

int main(void)
{
	unsigned int i;

	same(ia64_model_itanium2_nr_events == NR_DRV, "table", "event count");
	for (i = 0; i < NR_DRV; i++) {
		const struct ia64_model_event *m;

		m = ia64_model_event_lookup_name(ia64_model_itanium2_events,
						 ia64_model_itanium2_nr_events,
						 drv[i].name);
		same(m != NULL, drv[i].name, "presence in the model");
		if (!m)
			continue;
		same(m->code == drv[i].es, drv[i].name, "event code");
		same(model_ctr(m->name, m->pmds) == drv[i].ctr, drv[i].name,
		      "counter set");
		same(m->max_inc == drv[i].max_inc, drv[i].name,
		      "max. increment");
		same(model_qual(m->qual) == drv[i].qual, drv[i].name,
		      "qualification");
		same(ia64_model_event_umask_ok(m, drv[i].umask) &&
		      m->umask_val == drv[i].umask, drv[i].name, "umask");
	}
	check_selections();
	printf("itanium2-crosscheck: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
