// SPDX-License-Identifier: GPL-2.0
/*
 * Two independent transcriptions of spec 004 §7.8 must agree: the
 * driver's event table (ia64_pmu_merced_events.h, generated from the
 * spec text) and the PMU model's (sim/pmu_model_events.c, written by
 * hand from the manual). A disagreement is a transcription error in one
 * of them.
 */
#include <stdio.h>
#include <string.h>

#include "pmu_model_events.h"

#include "ia64_pmu_table.h"

struct drv_event {
	const char *name;
	unsigned int es, umask, umask_mask, ctr, max_inc, qual;
};

static const struct drv_event drv[] = {
#define IA64_EV(id, name, es, umask, umask_mask, ctr, max_inc, qual) \
	{ name, es, umask, umask_mask, ctr, max_inc, qual },
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
	printf("crosscheck: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
