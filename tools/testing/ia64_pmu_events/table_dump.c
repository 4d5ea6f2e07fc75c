// SPDX-License-Identifier: GPL-2.0
/*
 * Print the IA64_EV() lines of one of the driver's event tables as the
 * compiler sees them, one event a line:
 *
 *	name es umask ctr max_inc qual
 *
 * (es, umask, ctr and qual in hex; ctr is the counter mask of
 * ia64_pmu_table.h, bit 0 for PMC/PMD4), for json_check.py, which holds
 * perf's JSON event files against them.  Build with -DTABLE_H='"..."'
 * naming the table's header.
 */
#include <stdio.h>

#include "ia64_pmu_table.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct dump_event {
	const char *name;
	unsigned int es, umask, ctr, max_inc, qual;
};

static const struct dump_event events[] = {
#define IA64_EV(id, name, es, umask, umask_mask, sel, ctr, max_inc, qual) \
	{ name, es, umask, ctr, max_inc, qual },
#include TABLE_H
#undef IA64_EV
};

int main(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(events); i++)
		printf("%s 0x%x 0x%x 0x%x %u 0x%x\n", events[i].name,
		       events[i].es, events[i].umask, events[i].ctr,
		       events[i].max_inc, events[i].qual);
	return 0;
}
