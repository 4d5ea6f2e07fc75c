/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the cross-checks of a driver event table against the PMU model's
 * transcription (crosscheck_test.c, itanium2_crosscheck_test.c) share
 * beyond table_test.h: the qualifier flags in the driver's terms, and a
 * check that names what differs.
 */
#ifndef _IA64_PMU_CROSSCHECK_H
#define _IA64_PMU_CROSSCHECK_H

#include "pmu_model_events.h"

#include "table_test.h"

/* A model event's qualifiers as the driver's IA64_Q_* */
static inline unsigned int model_qual(unsigned int q)
{
	return (q & IA64_MODEL_Q_IAR ? IA64_Q_IAR : 0) |
	       (q & IA64_MODEL_Q_OPC ? IA64_Q_OPC : 0) |
	       (q & IA64_MODEL_Q_DAR ? IA64_Q_DAR : 0) |
	       (q & IA64_MODEL_Q_DAR_LDC ? IA64_Q_DAR_PARTIAL : 0) |
	       (q & IA64_MODEL_Q_IBRP1 ? IA64_Q_IBRP1 : 0) |
	       (q & IA64_MODEL_Q_MESI ? IA64_Q_MESI : 0) |
	       (q & IA64_MODEL_Q_IBRP_DUAL ? IA64_Q_IBRP_DUAL : 0);
}

/* @what of event @name is the same in both tables */
static inline void same(int ok, const char *name, const char *what)
{
	check(ok, "%s: %s differs", name, what);
}

/*
 * A cross-check of a CPU model's two tables: the driver's lines, the
 * model's rows, the counters of a model row as the driver has them (a
 * deliberate difference may hide there), the driver's qualifier flags
 * the model has no equivalent of
 */
struct crosscheck {
	const struct event *drv;
	unsigned int nr_drv;
	const struct ia64_model_event *model;
	unsigned int nr_model;
	unsigned int (*ctr)(const char *name, unsigned int pmds);
	unsigned int drv_only_qual;
};

/* Do driver line @d and model row @m describe the same event? */
static inline int crosscheck_same(const struct crosscheck *x,
				  const struct event *d,
				  const struct ia64_model_event *m)
{
	return !strcmp(d->name, m->name) &&
	       d->ctr == x->ctr(m->name, m->pmds) &&
	       d->max_inc == m->max_inc &&
	       (d->qual & ~x->drv_only_qual) == model_qual(m->qual);
}

/*
 * Each driver event is in the model with the same code, umask, counters,
 * maximum increment and qualifiers; both have as many events
 */
static inline void crosscheck_events(const struct crosscheck *x)
{
	const struct ia64_model_event *m;
	const struct event *d;
	unsigned int i;

	same(x->nr_model == x->nr_drv, "table", "event count");
	for (i = 0; i < x->nr_drv; i++) {
		d = &x->drv[i];
		m = ia64_model_event_lookup_name(x->model, x->nr_model,
						 d->name);
		same(m != NULL, d->name, "presence in the model");
		if (!m)
			continue;
		same(m->code == d->es, d->name, "event code");
		same(x->ctr(m->name, m->pmds) == d->ctr, d->name,
		     "counter set");
		same(m->max_inc == d->max_inc, d->name, "max. increment");
		same(model_qual(m->qual) == (d->qual & ~x->drv_only_qual),
		     d->name, "qualification");
		same(ia64_model_event_umask_ok(m, d->umask) &&
		     m->umask_val == d->umask, d->name, "umask");
	}
}

/*
 * For every 8-bit event select and 4-bit umask, the driver's lookup (the
 * first line whose umask matches, as ia64_pmu_lookup() does) and the
 * model's (ia64_model_event_lookup()) accept the same pairs, as the same
 * event
 */
static inline void crosscheck_selections(const struct crosscheck *x)
{
	unsigned int es, umask, accepted = 0, mismatches = 0;
	const struct ia64_model_event *m;
	const struct event *d;
	int ok;

	for (es = 0; es < 256; es++) {
		for (umask = 0; umask < 16; umask++) {
			d = table_lookup(x->drv, x->nr_drv, es, umask);
			m = ia64_model_event_lookup(x->model, x->nr_model, es,
						    umask);
			ok = d && m ? crosscheck_same(x, d, m) : !d && !m;
			accepted += ok && d;
			check(ok, "es 0x%02x umask 0x%x: driver %s, model %s",
			      es, umask, d ? d->name : "refuses",
			      m ? m->name : "refuses");
			mismatches += !ok;
		}
	}
	printf("selections: %u (es, umask) accepted by both, %u mismatches\n",
	       accepted, mismatches);
}

#endif /* _IA64_PMU_CROSSCHECK_H */
