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
	       (q & IA64_MODEL_Q_IBRP1 ? IA64_Q_IBRP1 : 0);
}

/* @what of event @name is the same in both tables */
static inline void same(int ok, const char *name, const char *what)
{
	check(ok, "%s: %s differs", name, what);
}

#endif /* _IA64_PMU_CROSSCHECK_H */
