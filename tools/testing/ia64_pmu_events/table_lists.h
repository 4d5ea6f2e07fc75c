/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lists of a generated event table (ia64_pmu_itanium2_events.h,
 * ia64_pmu_montecito_events.h) as arrays, for its unit test: include it
 * once, after defining TABLE_H as the header's name in quotes. The
 * enums make the compiler check the identifiers: a duplicate, or a
 * group line or EAR preset naming an unknown event, fails to compile.
 */
#ifndef _IA64_PMU_TABLE_LISTS_H
#define _IA64_PMU_TABLE_LISTS_H

#include "table_test.h"

/* Only IA64_EV() defined: the header must give the events alone. */
static const struct event events[] = {
#define IA64_EV	TABLE_EVENT
#include TABLE_H
#undef IA64_EV
};

#define NR_EVENTS	ARRAY_SIZE(events)

/* A duplicate identifier fails to compile here. */
enum event_id {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	EV_##id,
#include TABLE_H
#undef IA64_EV
	EV_NR
};

struct group {
	enum event_id ev;	/* an unknown id fails to compile here */
	const char *id;
	unsigned int grp;
	unsigned int set;
};

static const struct group groups[] = {
#define IA64_EV2_GRP(id, grp, set)	{ EV_##id, #id, grp, set },
#include TABLE_H
#undef IA64_EV2_GRP
};

#define NR_GROUPED	ARRAY_SIZE(groups)

struct ear {
	const char *id;
	const char *name;
	unsigned int es;
	unsigned int ear;
	unsigned int ear_umask;
	unsigned int ctr;
	unsigned int max_inc;
	unsigned int qual;
};

static const struct ear ears[] = {
#define IA64_EV2_EAR(id, name, es, ear, ear_umask, ctr, max_inc, qual) \
	{ #id, name, es, ear, ear_umask, ctr, max_inc, qual },
#include TABLE_H
#undef IA64_EV2_EAR
};

#define NR_EAR		ARRAY_SIZE(ears)

/* An EAR preset's id must not collide with an event's. */
enum ear_id {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	EARCHK_##id,
#define IA64_EV2_EAR(id, name, es, ear, ear_umask, ctr, max_inc, qual) \
	EARCHK_##id,
#include TABLE_H
#undef IA64_EV
#undef IA64_EV2_EAR
	EARCHK_NR
};

/*
 * The IA64_EV4_PRIV() lines: IA64_PRIV_* of each event, 0 for those
 * without a line; a line naming an unknown event fails to compile, one
 * out of order or twice is counted in priv_bad
 */
static unsigned int priv_of[EV_NR], priv_bad;

static void priv_load(void)
{
	int last = -1;

#define IA64_EV4_PRIV(id, priv) \
	do { \
		priv_bad += (int)EV_##id <= last; \
		last = EV_##id; \
		priv_of[EV_##id] = priv; \
	} while (0);
#include TABLE_H
#undef IA64_EV4_PRIV
}

#endif /* _IA64_PMU_TABLE_LISTS_H */
