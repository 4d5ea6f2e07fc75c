// SPDX-License-Identifier: GPL-2.0
/*
 * Two independent transcriptions of libpfm 3.x's Montecito event list
 * must agree: the driver's table (ia64_pmu_montecito_events.h, generated
 * from tools/ia64-pmu/montecito-events.txt) and the PMU model's
 * (sim/pmu_model_events_montecito.c, made from libpfm's table directly).
 * A disagreement is a transcription error in one of them.
 *
 * Field by field: each driver event is in the model with the same event
 * code, umask, counters, maximum increment, qualifiers (MESI included)
 * and thread type, both have as many events, and every raw (es, umask)
 * selects the same event in both, the driver's IA64_Q_IBRP_DUAL (the
 * four events whose IBR pair the user chooses) the model's
 * IA64_MODEL_Q_IBRP_DUAL.
 */
#include "crosscheck.h"

static const struct event drv[] = {
#define IA64_EV	TABLE_EVENT
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV
};

/* The thread type of each driver line, in the same order */
static const unsigned int drv_caf[] = {
#define IA64_EV3_CAF(id, caf)	caf,
#include "ia64_pmu_montecito_events.h"
#undef IA64_EV3_CAF
};

#define NR_DRV		ARRAY_SIZE(drv)

/* The same counters in both: the model's PMC mask, the driver's set */
static unsigned int model_ctr(const char *name __attribute__((unused)),
			      unsigned int pmds)
{
	return pmds >> 4;
}

int main(void)
{
	const struct crosscheck x = {
		.drv = drv, .nr_drv = NR_DRV,
		.model = ia64_model_montecito_events,
		.nr_model = ia64_model_montecito_nr_events,
		.ctr = model_ctr,
	};
	const struct ia64_model_event *m;
	unsigned int i;

	same(ARRAY_SIZE(drv_caf) == NR_DRV, "IA64_EV3_CAF", "line count");
	crosscheck_events(&x);
	for (i = 0; i < NR_DRV && i < ARRAY_SIZE(drv_caf); i++) {
		m = ia64_model_event_lookup_name(x.model, x.nr_model,
						 drv[i].name);
		if (m)
			same(m->caf == drv_caf[i], drv[i].name,
			     "thread type");
	}
	crosscheck_selections(&x);
	printf("montecito-crosscheck: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
