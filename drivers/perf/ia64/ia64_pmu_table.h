/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Encodings of the per-CPU-model event tables (ia64_pmu_<model>_events.h):
 * counter sets, qualification flags and umask selection kinds, with the
 * check of a raw umask. Plain constants and a pure function, shared by
 * the driver and the userspace table tests.
 */
#ifndef __IA64_PMU_TABLE_H
#define __IA64_PMU_TABLE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#endif

/*
 * Generic counters PMC/PMD4 on ([ITA-RM] §6.2.2): a CPU model has
 * nr_generic of them (PAL_GENERIC_PMCPMD_PAIRS), PMC/PMD4-7 on the
 * Itanium and Itanium 2; arrays and counter sets are sized for the most
 * a model may have.
 */
#define IA64_PMU_FIRST_COUNTER	4
#define IA64_PMU_MAX_COUNTERS	16

/*
 * Counter sets of an event (u16): bit n = PMC/PMD(4 + n) may count it
 */
#define IA64_CTR(n)		(1U << ((n) - IA64_PMU_FIRST_COUNTER))
#define IA64_CTR_45		(IA64_CTR(4) | IA64_CTR(5))
#define IA64_CTR_4567		(IA64_CTR_45 | IA64_CTR(6) | IA64_CTR(7))
/*
 * Montecito (ia64_pmu_montecito_events.h): twelve counters, PMC/PMD4-15.
 * Most events may use any of them; libpfm's table restricts the BUS_* and
 * ER_* events to PMC4-9 (and CPU_OP_CYCLES_HALTED to PMC10, IA64_CTR(10)).
 */
#define IA64_CTR_4_9		(IA64_CTR_4567 | IA64_CTR(8) | IA64_CTR(9))
#define IA64_CTR_4_15		(IA64_CTR_4_9 | IA64_CTR(10) | IA64_CTR(11) | \
				 IA64_CTR(12) | IA64_CTR(13) | IA64_CTR(14) | \
				 IA64_CTR(15))

/* Qualification support of an event ([ITA-RM] §7.8 "Qualification") */
#define IA64_Q_IAR		0x1	/* instruction address range (PMC13) */
#define IA64_Q_OPC		0x2	/* opcode matching (PMC8/9) */
#define IA64_Q_DAR		0x4	/* data address range (PMC11) */
#define IA64_Q_DAR_PARTIAL	0x8	/* data range applies to part only */
/* Itanium 2: with IA64_Q_IAR, the range is IBR pair 1's (prefetches) */
#define IA64_Q_IBRP1		0x10
/*
 * Montecito: the event honours the MESI filter of its counter (PMC4-15
 * bits 27-30, one bit per cache line state I, S, E, M); the L3 read,
 * write, insert and replacement events of its libpfm table.
 */
#define IA64_Q_MESI		0x20
/*
 * Montecito, with IA64_Q_IAR: the instruction address range may be IBR
 * pair 0's (the event's demand fetches), pair 1's (its prefetches) or
 * both, at the user's choice (libpfm's range dispatcher; ISB_BUNPAIRS_IN,
 * L1I_FETCH_RAB_HIT, L1I_FETCH_ISB_HIT, L1I_FILLS).  0x40 is left for the
 * .all capability, which no table entry has.
 */
#define IA64_Q_IBRP_DUAL	0x80

/*
 * Selection kinds: which raw PMC.umask values (bits 19:16) select the event
 * of a table line, from the "Umask" of its [ITA-RM] §7.8 entry. A line
 * gives the kind, a default umask (its events/ alias) and the umask bits
 * significant for the event (umask_mask).
 *
 * IA64_SEL_PATTERN  "0101", "xx11", "Ignored": the bits of umask_mask
 *                   must equal those of the default umask, the others
 *                   ("x", [ITA-RM] ch. 7 intro) are free.
 * IA64_SEL_BUS_*    Table 7-22 (bus events, "See Section 7.6.5"): bits
 *                   18:16 name exactly one initiator, ANY x001, SELF x010
 *                   or IO x100, bit 19 is free; the kind's low bits are
 *                   the initiators the event supports (some entries note
 *                   that only ANY, or only ANY and SELF, are).
 * IA64_SEL_TAG      Table 7-30 (IA64_TAGGED_INST_RETIRED): 0011 PMC8 tag,
 *                   0010 PMC9 tag, 0000 all instructions; the other
 *                   values are an "Undefined event count".
 * IA64_SEL_BITS     Tables 7-29, 7-31, 7-32 (BRANCH_TAKEN_SLOT,
 *                   L2_FLUSH_DETAILS, PIPELINE_FLUSH): one bit per case,
 *                   the event counts the cases whose bit is set; every
 *                   combination of the bits of umask_mask is valid ("All
 *                   combinations of the four unit mask bits are
 *                   supported", Table 7-31) except 0000: it selects no
 *                   case and would never count (the equation under Table
 *                   7-29 is false in every cycle), so it is refused like
 *                   ism 0b11 or a threshold the event cannot reach.
 */
#define IA64_SEL_KIND		0xf0
#define IA64_SEL_PATTERN	0x00
#define IA64_SEL_BUS		0x10
#define IA64_SEL_TAG		0x20
#define IA64_SEL_BITS		0x30

/* Table 7-22: the initiators, umask bits 18:16 */
#define IA64_BUS_ANY		0x1
#define IA64_BUS_SELF		0x2
#define IA64_BUS_IO		0x4
#define IA64_SEL_BUS_ANY	(IA64_SEL_BUS | IA64_BUS_ANY)
#define IA64_SEL_BUS_ANY_SELF	(IA64_SEL_BUS_ANY | IA64_BUS_SELF)
#define IA64_SEL_BUS_ANY_SELF_IO (IA64_SEL_BUS_ANY_SELF | IA64_BUS_IO)

/* Table 7-30: TAG_SELECT */
#define IA64_TAG_ALL		0x0
#define IA64_TAG_PMC9		0x2
#define IA64_TAG_PMC8		0x3

/*
 * Itanium 2 cache event groups (lines IA64_EV2_GRP() of
 * ia64_pmu_itanium2_events.h).  [PFM-I2]: the L1D and L2 cache events are
 * split into sets, and events of one group counted at the same time must
 * come from one set.  libpfm also has one of them counted by the group's
 * counter: PMC5 for the L1D group, PMC4 for the L2 group.
 */
#define IA64_GRP_NONE		0
#define IA64_GRP_L1D		1
#define IA64_GRP_L2		2
#define IA64_GRP_L1D_CTR	IA64_CTR(5)
#define IA64_GRP_L2_CTR		IA64_CTR(4)
#define IA64_SET_NONE		0xf

/*
 * Montecito cache event groups (lines IA64_EV2_GRP() of
 * ia64_pmu_montecito_events.h).  The L1D group (sets 0-4 and 6) is
 * IA64_GRP_L1D, again with a member in PMC5.  The L2D group (sets 0-8)
 * is a group of its own, not IA64_GRP_L2: events of at most two of its
 * sets count at a time, each set owning the triple PMC4, PMC5, PMC8 or
 * PMC6, PMC7, PMC9 (the pins of ia64_pmu_montecito.c).
 */
#define IA64_GRP_L2D		3

/*
 * Montecito thread types (lines IA64_EV3_CAF() of
 * ia64_pmu_montecito_events.h): libpfm's classification of each event by
 * how it relates to the core's two hardware threads, with libpfm's names
 * and values (its code word bits 12:11).  The driver refuses the thread
 * bit on a causal event, which belongs to no thread ([PFM-MONT] S7;
 * ia64_pmu_montecito.c .thread_types).
 */
#define IA64_CAF_ACTIVE		0
#define IA64_CAF_FLOATING	1
#define IA64_CAF_CAUSAL		2
#define IA64_CAF_SELF_FLOATING	3

/*
 * Events that count what the task did not cause (lines IA64_EV4_PRIV()
 * of the generated tables; the admin guide's "Events that see other
 * agents"). A per-task event of such an event needs the privilege of a
 * CPU-wide one (perf_allow_cpu(), as x86's any-thread bit and uncore
 * events): the count shows what other tasks do.
 *
 * IA64_PRIV_OTHERS   always: other bus agents' transactions (the
 *                    initiators ANY and IO of [ITA-RM] Table 7-22, the
 *                    Montecito's EITHER core), inbound snoops and the
 *                    bus's own queues
 * IA64_PRIV_SIBLING  with two hardware threads per core: the Montecito's
 *                    causal events ([PFM-MONT] S7) count both threads,
 *                    but not those that count time alone
 *                    (CPU_OP_CYCLES_ALL, SI_CYCLES), the same whatever
 *                    the other thread does
 */
#define IA64_PRIV_OTHERS	0x1
#define IA64_PRIV_SIBLING	0x2

/*
 * Itanium 2 and Montecito EAR presets (lines IA64_EV2_EAR() of
 * ia64_pmu_itanium2_events.h and ia64_pmu_montecito_events.h): the EAR
 * and mode a preset programs, with the umask of the EAR's PMC (Itanium 2
 * PMC10 instruction EAR, PMC11 data EAR; Montecito PMC37 and PMC40).
 */
#define IA64_EARP_ITLB		1	/* instruction EAR, TLB mode */
#define IA64_EARP_ICACHE	2	/* instruction EAR, cache mode */
#define IA64_EARP_DTLB		3	/* data EAR, TLB mode */
#define IA64_EARP_DCACHE	4	/* data EAR, cache mode */
#define IA64_EARP_DALAT		5	/* data EAR, ALAT mode */

/*
 * Does PMC.umask value @umask select the event of a table line with
 * selection kind @sel, default umask @val and significant bits @mask?
 * Several lines may share an event code: the first line that takes
 * the umask is the event counted.
 */
static inline bool ia64_pmu_umask_ok(unsigned int sel, unsigned int val,
				     unsigned int mask, unsigned int umask)
{
	unsigned int field = umask & mask;

	if (umask > 0xf)
		return false;
	switch (sel & IA64_SEL_KIND) {
	case IA64_SEL_PATTERN:
		return field == (val & mask);
	case IA64_SEL_BUS:
		/* one initiator, and one the event supports */
		return field && !(field & (field - 1)) &&
		       (field & sel & ~IA64_SEL_KIND);
	case IA64_SEL_TAG:
		return umask == IA64_TAG_PMC8 || umask == IA64_TAG_PMC9 ||
		       umask == IA64_TAG_ALL;
	case IA64_SEL_BITS:
		return umask && !(umask & ~mask);
	}
	return false;
}

/*
 * Does PMC.umask value @umask of a line with selection kind @sel name
 * other agents as the initiator (Table 7-22: ANY x001, IO x100)? Lines
 * with one exact umask carry it in their IA64_EV4_PRIV() line instead.
 */
static inline bool ia64_pmu_umask_others(unsigned int sel, unsigned int umask)
{
	return (sel & IA64_SEL_KIND) == IA64_SEL_BUS &&
	       (umask & (IA64_BUS_ANY | IA64_BUS_IO));
}

#endif /* __IA64_PMU_TABLE_H */
