// SPDX-License-Identifier: GPL-2.0
/*
 * The event tables' index by event select (pmu_model_events.c): a lookup
 * through it finds the row that a scan of the whole table finds, on every
 * CPU model, for every event select and unit mask.
 */
#include "model_test.h"
#include "pmu_model_int.h"

static unsigned int check_model(enum ia64_model_cpu cpu)
{
	const struct ia64_model_desc *d;
	const struct ia64_model_event *scan;
	unsigned int code, umask, found = 0;
	struct ia64_model m;

	ia64_model_init(&m, cpu);	/* the first one builds the index */
	d = ia64_model_desc_of(cpu);
	CHECK(d->ev_index && d->ev_index->built);
	for (code = 0; code < 0x110; code++) {
		for (umask = 0; umask < 16; umask++) {
			scan = ia64_model_event_lookup(d->events,
						       *d->nr_events, code,
						       umask);
			CHECK(desc_event(d, code, umask) == scan);
			found += scan != NULL;
		}
	}
	return found;
}

TEST(event_index_finds_what_the_scan_finds)
{
	struct ia64_model_generic g;

	CHECK(check_model(IA64_MODEL_ITANIUM) > 0);
	CHECK(check_model(IA64_MODEL_ITANIUM2) > 0);
	CHECK(check_model(IA64_MODEL_MONTECITO) > 0);
	CHECK_EQ(ia64_model_generic_parse("generic,family=0x21,counters=12,"
					  "width=50,cycles=0x12,retired=8",
					  &g), 0);
	ia64_model_generic_setup(&g);
	CHECK_EQ(check_model(IA64_MODEL_GENERIC), 256 * 16);
	ia64_model_generic_defaults(&g);
	ia64_model_generic_setup(&g);
}

/* A table longer than the index holds is scanned whole */
TEST(event_index_too_long_a_table_is_scanned)
{
	static struct ia64_model_event tbl[IA64_MODEL_INDEX_ROWS + 1];
	static struct ia64_model_ev_index index;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tbl); i++) {
		tbl[i].code = i & 0xff;
		tbl[i].umask_kind = IA64_MODEL_UM_ALL;
	}
	ia64_model_event_index(tbl, ARRAY_SIZE(tbl), &index);
	CHECK(!index.built);
	CHECK(ia64_model_event_lookup_indexed(tbl, ARRAY_SIZE(tbl), &index,
					      0x42, 3) == &tbl[0x42]);
	ia64_model_event_index(tbl, IA64_MODEL_INDEX_ROWS, &index);
	CHECK(index.built);
	CHECK(ia64_model_event_lookup_indexed(tbl, IA64_MODEL_INDEX_ROWS,
					      &index, 0x42, 3) == &tbl[0x42]);
	CHECK(ia64_model_event_lookup_indexed(tbl, IA64_MODEL_INDEX_ROWS,
					      &index, 0x100, 3) == NULL);
}
