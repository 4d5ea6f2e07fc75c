// SPDX-License-Identifier: GPL-2.0
/*
 * Two independent transcriptions of [ITA-RM] §7.8 must agree: the
 * driver's event table (ia64_pmu_merced_events.h, generated from the
 * spec text) and the PMU model's (sim/pmu_model_events.c, written by
 * hand from the manual). A disagreement is a transcription error in one
 * of them.
 *
 * The raw (es, umask) selections are compared as a whole: for every event
 * select 0..127 and every umask 0..15, the driver's validation
 * (ia64_pmu_umask_ok() over its table, in table order, as
 * ia64_pmu_lookup() does) and the model's (ia64_model_event_find())
 * accept the same pairs, as the same event. The one deliberate difference
 * is the driver's rule that a configuration which can never count is
 * refused: a bit-set umask (Tables 7-29, 7-31, 7-32) with no bit set
 * selects no case; the model, like the hardware, takes it and counts
 * nothing.
 */
#include "crosscheck.h"

static const struct event drv[] = {
#define IA64_EV	TABLE_EVENT
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

/* The table line the driver's lookup finds for (es, umask), or NULL */
static const struct event *drv_lookup(unsigned int es, unsigned int umask)
{
	return table_lookup(drv, ARRAY_SIZE(drv), es, umask);
}

/* A bit-set selection of the model with no bit set: it never counts */
static int selects_nothing(const struct ia64_model_event *m,
			   unsigned int umask)
{
	return m && !umask &&
	       (m->umask_kind == IA64_MODEL_UM_SLOT ||
		m->umask_kind == IA64_MODEL_UM_L2FLUSH ||
		m->umask_kind == IA64_MODEL_UM_PFLUSH);
}

/* Every (es, umask): accepted by both as the same event, or by neither */
static void check_selections(void)
{
	unsigned int es, umask, accepted = 0, mismatches = 0, nothing = 0;

	for (es = 0; es < 128; es++) {
		for (umask = 0; umask < 16; umask++) {
			const struct event *d = drv_lookup(es, umask);
			const struct ia64_model_event *m =
				ia64_model_event_find(es, umask);
			int ok;

			if (selects_nothing(m, umask)) {
				ok = !d;
				nothing += ok;
			} else if (d && m) {
				ok = !strcmp(d->name, m->name) &&
				     d->ctr == m->pmds >> 4U &&
				     d->max_inc == m->max_inc &&
				     d->qual == model_qual(m->qual);
			} else {
				ok = !d && !m;
			}
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
	printf("selections: %u (es, umask) accepted by both, %u refused by the driver only (empty bit set), %u mismatches\n",
	       accepted, nothing, mismatches);
	/* BRANCH_TAKEN_SLOT, L2_FLUSH_DETAILS, PIPELINE_FLUSH */
	same(nothing == 3, "matrix", "number of empty bit-set selections");
}

int main(void)
{
	unsigned int i, j, n = ARRAY_SIZE(drv);

	same(n == ia64_model_itanium_nr_events, "table", "event count");
	for (i = 0; i < n; i++) {
		const struct ia64_model_event *m = NULL;

		for (j = 0; j < ia64_model_itanium_nr_events; j++)
			if (!strcmp(ia64_model_itanium_events[j].name,
				    drv[i].name))
				m = &ia64_model_itanium_events[j];
		same(m != NULL, drv[i].name, "presence in the model");
		if (!m)
			continue;
		same(m->code == drv[i].es, drv[i].name, "event code");
		same(m->pmds >> 4 == drv[i].ctr, drv[i].name, "counter set");
		same(m->max_inc == drv[i].max_inc, drv[i].name,
		      "max. increment");
		same(model_qual(m->qual) == drv[i].qual, drv[i].name,
		      "qualification");
		same(ia64_model_event_umask_ok(m, drv[i].umask), drv[i].name,
		      "umask (driver's value undefined in the model)");
	}
	check_selections();
	printf("crosscheck: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
