/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the unit tests of the driver's event tables (events_test.c,
 * itanium2_events_test.c) share: an entry of a table as the tests see
 * it, the pass/fail count, and lookups by name and by raw selection.
 */
#ifndef _IA64_PMU_TABLE_TEST_H
#define _IA64_PMU_TABLE_TEST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The table's constants, shared with the driver */
#include "ia64_pmu_table.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* One IA64_EV() line of a table */
struct event {
	const char *id;
	const char *name;
	const char *es_str;	/* as stringified into sysfs "event=" */
	const char *umask_str;	/* as stringified into sysfs "umask=" */
	unsigned int es;
	unsigned int umask;
	unsigned int umask_mask;
	unsigned int sel;
	unsigned int ctr;
	unsigned int max_inc;
	unsigned int qual;
};

/* The initializer of struct event for an IA64_EV() line */
#define TABLE_EVENT(id, name, es, umask, umask_mask, sel, ctr, max_inc, \
		    qual) \
	{ #id, name, #es, #umask, es, umask, umask_mask, sel, ctr, max_inc, \
	  qual },

static unsigned int passed, failed;

static void __attribute__((format(printf, 2, 3)))
check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline const struct event *table_find(const struct event *ev,
					     unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(ev[i].name, name))
			return &ev[i];
	return NULL;
}

/* The event of a raw (es, umask), as the driver's lookup finds it */
static inline const struct event *table_lookup(const struct event *ev,
					       unsigned int n, unsigned int es,
					       unsigned int umask)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (ev[i].es == es &&
		    ia64_pmu_umask_ok(ev[i].sel, ev[i].umask, ev[i].umask_mask,
				      umask))
			return &ev[i];
	return NULL;
}

/* "0x<hex>", as the sysfs strings of a table must be */
static inline int parse_hex(const char *s, unsigned int *val)
{
	char *end;
	unsigned long v;

	if (strncmp(s, "0x", 2))
		return 0;
	v = strtoul(s + 2, &end, 16);
	if (*end || end == s + 2)
		return 0;
	*val = v;
	return 1;
}

#endif /* _IA64_PMU_TABLE_TEST_H */
