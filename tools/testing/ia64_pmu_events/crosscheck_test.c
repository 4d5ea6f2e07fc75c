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
#include <stdio.h>
#include <string.h>

#include "pmu_model_events.h"

#include "ia64_pmu_table.h"

struct drv_event {
	const char *name;
	unsigned int es, umask, umask_mask, sel, ctr, max_inc, qual;
};

static const struct drv_event drv[] = {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, sel, ctr, max_inc, qual },
#include "ia64_pmu_merced_events.h"
#undef IA64_EV
};

static int passed, failed;

static void check(int ok, const char *name, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s: %s differs\n", name, what);
}

static unsigned int model_qual(unsigned int q)
{
	return (q & IA64_MODEL_Q_IAR ? IA64_Q_IAR : 0) |
	       (q & IA64_MODEL_Q_OPC ? IA64_Q_OPC : 0) |
	       (q & IA64_MODEL_Q_DAR ? IA64_Q_DAR : 0) |
	       (q & IA64_MODEL_Q_DAR_LDC ? IA64_Q_DAR_PARTIAL : 0);
}

/* The table line the driver's lookup finds for (es, umask), or NULL */
static const struct drv_event *drv_lookup(unsigned int es, unsigned int umask)
{
	unsigned int i;

	for (i = 0; i < sizeof(drv) / sizeof(drv[0]); i++)
		if (drv[i].es == es &&
		    ia64_pmu_umask_ok(drv[i].sel, drv[i].umask,
				      drv[i].umask_mask, umask))
			return &drv[i];
	return NULL;
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
			const struct drv_event *d = drv_lookup(es, umask);
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
	check(nothing == 3, "matrix", "number of empty bit-set selections");
}

int main(void)
{
	unsigned int i, j, n = sizeof(drv) / sizeof(drv[0]);

	check(n == ia64_model_itanium_nr_events, "table", "event count");
	for (i = 0; i < n; i++) {
		const struct ia64_model_event *m = NULL;

		for (j = 0; j < ia64_model_itanium_nr_events; j++)
			if (!strcmp(ia64_model_itanium_events[j].name,
				    drv[i].name))
				m = &ia64_model_itanium_events[j];
		check(m != NULL, drv[i].name, "presence in the model");
		if (!m)
			continue;
		check(m->code == drv[i].es, drv[i].name, "event code");
		check(m->pmds >> 4 == drv[i].ctr, drv[i].name, "counter set");
		check(m->max_inc == drv[i].max_inc, drv[i].name,
		      "max. increment");
		check(model_qual(m->qual) == drv[i].qual, drv[i].name,
		      "qualification");
		check(ia64_model_event_umask_ok(m, drv[i].umask), drv[i].name,
		      "umask (driver's value undefined in the model)");
	}
	check_selections();
	printf("crosscheck: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
