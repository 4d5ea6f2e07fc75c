/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event table of the Itanium PMU model: the model's own transcription of
 * [ITA-RM] §7.8 (Performance Monitor Event List), one row per event, with
 * the unit-mask pattern, the counters that can count it, its maximum
 * increment per cycle and the qualifications it supports.
 *
 * This table is written independently of the driver's table; a unit test
 * cross-checks the two.
 */
#ifndef _IA64_PMU_MODEL_EVENTS_H
#define _IA64_PMU_MODEL_EVENTS_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#ifndef _IA64_MODEL_UTYPES
#define _IA64_MODEL_UTYPES
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#endif
#endif

/*
 * How the 4-bit PMC.umask field (bits 19:16) of an event is interpreted.
 * "xx11" in §7.8 becomes IA64_MODEL_UM_PAT with mask 0x3 and value 0x3.
 */
enum ia64_model_umask_kind {
	IA64_MODEL_UM_PAT,	  /* fixed pattern: (umask & mask) == val */
	IA64_MODEL_UM_IGN,	  /* "Ignored": any umask */
	IA64_MODEL_UM_BUS,	  /* Table 7-22: x001 ANY, x010 SELF, x100 IO */
	IA64_MODEL_UM_BUS_AS,	  /* Table 7-22, only ANY and SELF supported */
	IA64_MODEL_UM_BUS_A,	  /* Table 7-22, only ANY supported */
	IA64_MODEL_UM_TAG_SELECT, /* Table 7-30: 0000, 0010, 0011 */
	IA64_MODEL_UM_SLOT,	  /* Table 7-29: bit set, all combinations */
	IA64_MODEL_UM_L2FLUSH,	  /* Table 7-31: bit set, all combinations */
	IA64_MODEL_UM_PFLUSH,	  /* Table 7-32: bit set, all combinations */
	IA64_MODEL_UM_ALL,	  /* every umask, each a distinct event */
};

/* Qualification support ("Qualification:" line of each §7.8 entry) */
#define IA64_MODEL_Q_IAR	0x01	/* instruction address range */
#define IA64_MODEL_Q_OPC	0x02	/* opcode matching */
#define IA64_MODEL_Q_DAR	0x04	/* data address range */
#define IA64_MODEL_Q_DAR_LDC	0x08	/* data range: ld.c yes, chk.a no */
/* Itanium 2, Montecito: instruction range by IBR pair 1 (prefetches) */
#define IA64_MODEL_Q_IBRP1	0x10
/* Montecito: the MESI filter (PMC4-15 bits 30:27) applies */
#define IA64_MODEL_Q_MESI	0x20
/*
 * Montecito, with IA64_MODEL_Q_IAR: demand fetches by IBR pair 0's
 * range, prefetches by pair 1's ([PFM-MONT], the "dual" events)
 */
#define IA64_MODEL_Q_IBRP_DUAL	0x40

/*
 * Montecito thread type of an event (libpfm's "caf", code bits 12:11):
 * how its occurrences relate to the two hardware threads. Always
 * IA64_MODEL_CAF_ACTIVE (0) in the Itanium and Itanium 2 tables.
 */
enum ia64_model_caf {
	IA64_MODEL_CAF_ACTIVE,		/* only while the thread is active */
	IA64_MODEL_CAF_FLOATING,	/* also while the thread is inactive */
	IA64_MODEL_CAF_CAUSAL,		/* belongs to no thread */
	IA64_MODEL_CAF_SELF_FLOATING,	/* floating for .self, else causal */
};

struct ia64_model_event {
	const char *name;	/* §7.8 name, e.g. "ALAT_REPLACEMENT.ALL" */
	u8 code;		/* PMC.es: 7 bits (Itanium), 8 (later) */
	u8 umask_kind;		/* enum ia64_model_umask_kind */
	u8 umask_mask;		/* UM_PAT: significant umask bits */
	u8 umask_val;		/* UM_PAT: their value */
	u32 pmds;		/* bit n set: PMC/PMD n can count it */
	u8 max_inc;		/* maximum increment per cycle */
	u8 qual;		/* IA64_MODEL_Q_* */
	u8 caf;			/* enum ia64_model_caf (Montecito) */
};

extern const struct ia64_model_event ia64_model_itanium_events[];
extern const unsigned int ia64_model_itanium_nr_events;
/* pmu_model_events_itanium2.c: the Itanium 2 table */
extern const struct ia64_model_event ia64_model_itanium2_events[];
extern const unsigned int ia64_model_itanium2_nr_events;
/* pmu_model_events_montecito.c: the Montecito (family 0x20) table */
extern const struct ia64_model_event ia64_model_montecito_events[];
extern const unsigned int ia64_model_montecito_nr_events;

/* Is @umask a defined unit mask of event @ev? */
bool ia64_model_event_umask_ok(const struct ia64_model_event *ev,
			       unsigned int umask);

/* The umask bits that select between variants of @ev */
unsigned int ia64_model_event_umask_sig(const struct ia64_model_event *ev);

/*
 * The row of the @nr rows of table @tbl that a PMC programmed with event
 * select @code and unit mask @umask counts (the first that takes them),
 * or NULL if the combination is undefined.
 */
const struct ia64_model_event *
ia64_model_event_lookup(const struct ia64_model_event *tbl, unsigned int nr,
			unsigned int code, unsigned int umask);

/*
 * The rows of an event table by event select: rows[start[c]] up to
 * rows[start[c + 1]] are the table's rows with code c, in table order.
 * Built once (ia64_model_event_index()); until then, or for a table
 * longer than rows[], lookups scan the whole table.
 */
#define IA64_MODEL_INDEX_ROWS	1024

struct ia64_model_ev_index {
	bool built;
	u16 start[257];
	u16 rows[IA64_MODEL_INDEX_ROWS];
};

/* The same as ia64_model_event_lookup(), through @index once built */
const struct ia64_model_event *
ia64_model_event_lookup_indexed(const struct ia64_model_event *tbl,
				unsigned int nr,
				const struct ia64_model_ev_index *index,
				unsigned int code, unsigned int umask);

/* Build @index of the @nr rows of @tbl (not concurrently with a lookup) */
void ia64_model_event_index(const struct ia64_model_event *tbl,
			    unsigned int nr, struct ia64_model_ev_index *index);

/* The same in the Itanium table */
const struct ia64_model_event *ia64_model_event_find(unsigned int code,
						     unsigned int umask);

/* Row of @tbl by name, or NULL */
const struct ia64_model_event *
ia64_model_event_lookup_name(const struct ia64_model_event *tbl,
			     unsigned int nr, const char *name);

/* Row of the Itanium table by §7.8 name, or NULL */
const struct ia64_model_event *ia64_model_event_by_name(const char *name);

#endif /* _IA64_PMU_MODEL_EVENTS_H */
