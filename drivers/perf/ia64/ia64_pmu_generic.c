// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: the generic model, built at probe from what
 * PAL_PERF_MON_INFO reports ([ITA-RM] Table 6-24; the PAL chapter of
 * [SDM-2]) for a processor the driver has no tables for, or whose PAL
 * disagrees with its tables.
 *
 * It has the counters PAL reports (up to IA64_PMU_MAX_COUNTERS) of the
 * width it reports, the generic events cycles and instructions with
 * PAL's codes on the counters PAL_CYCLES_MASK and PAL_RETIRED_MASK
 * allow, and raw events: bits 31:8 of config written to the counter's
 * PMC as given (the event select of [SDM-2] §7.2.1 and the fields the
 * processor's manual defines above it), bits 7:0 (plm, ev, oi, pm) the
 * driver's. Of those, only the fields every Itanium lays out alike (es
 * 15:8, umask 19:16, threshold 22:20: [ITA-RM] Figure 6-13, [PFM-I2],
 * [PFM-MONT]) are anyone's: the bits above mean what the
 * processor's manual says, which the driver cannot check (on the
 * Montecito bit 26 counts the sibling thread, 30:27 filter by cache
 * state), so they need the privilege of a CPU-wide event, as the
 * Montecito's all bit (raw_priv). It has none of the driver's features
 * (branch stacks, EARs, qualification).
 *
 * The driver stops a counter by plm = 0 and treats its PMD as lost
 * (stop_loses_pmd: read before the stop, loaded after the start), the
 * stop that works on every Itanium ([SDM-2] §7.2.1: plm is architected;
 * [ITA-RM] Figure 6-11: plm = 0 does not preserve the PMD). ism 0b11,
 * which the models with tables but the Montecito's stop by, is a field
 * of the Itanium and Itanium 2 only: the Montecito's ism is fixed (it
 * runs no IA-32 code in hardware, [PFM-MONT]), and so most likely
 * is that of the processors after it, which descend from it; there a
 * counter "stopped" by ism would go on counting, and a task's count take
 * in other tasks'. A raw event with ism 0b11 is refused as on the models
 * with tables: where ism is writable it would count nothing.
 *
 * What a family needs beyond what PAL says is data (ia64_generic_family):
 * the Itanium 2 (family 0x1f) counts only with PMC4's enable bit set.
 *
 * Threads: a core that runs two (PAL_LOGICAL_TO_PHYSICAL says so, or
 * cannot tell: the probe assumes two) gets the rules of the only Itanium
 * with threads the driver knows, the Montecito's errata: events on
 * PMC4-9 only (erratum 121, the overflow of PMC10-15 cannot be relied
 * on) and no IP-EAR (erratum 120; the generic model has none anyway).
 * A processor the driver has no tables for, or one whose PAL disagrees
 * with them (a Montecito among them), may have those errata: the
 * conservative side costs counters 10-15, the other overflows that
 * never interrupt. The probe says so. The Itanium and Itanium 2
 * families run one thread per core (ia64_generic_family): no such rule.
 */

#define pr_fmt(fmt) "ia64_pmu: " fmt

#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"

/* Raw events: the event select and what the implementation puts above */
#define IA64_PMU_GENERIC_RAW	GENMASK_ULL(31, 8)
/* ... of which the fields every Itanium lays out alike: es, umask, thres */
#define IA64_PMU_GENERIC_COMMON	GENMASK_ULL(22, 8)

/*
 * The narrowest counters of any Itanium: 32 bits ([ITA-RM] §6.2.2; the
 * Itanium 2's and the Montecito's have 47). [SDM-2] §7.2.1 sets no
 * minimum ("The bit-width W of the counters is also implementation
 * specific"), but a counting event takes an overflow interrupt every
 * 2^(W-1) events (ia64_pmu_max_period): at 16 bits, every 32768 cycles,
 * tens of thousands of interrupts a second per counting event, an
 * interrupt storm. A PAL that reports fewer is not believed.
 */
#define IA64_PMU_GENERIC_MIN_WIDTH	32

/*
 * What a family needs beyond PAL's description: the bits every write of
 * a counter's PMC sets (ctr_pmc_set, by counter); one_thread: its cores
 * run one hardware thread, whatever PAL_LOGICAL_TO_PHYSICAL says
 */
static const struct {
	u8 family;
	bool one_thread;
	u64 ctr_pmc_set[IA64_PMU_MAX_COUNTERS];
} ia64_generic_family[] = {
	/* Itanium: no threads ([ITA-RM]) */
	{ 0x07, true, { 0 } },
	/* Itanium 2: PMC4's power enable bit 23, or nothing counts */
	{ 0x1f, true, { BIT_ULL(23) } },  /* [PFM-MCK], as ia64_pmu_itanium2 */
};

/* The generic events, whose codes and counters PAL gives */
enum {
	IA64_GENERIC_CYCLES,
	IA64_GENERIC_RETIRED,
	IA64_GENERIC_NR_EVENTS
};

/*
 * Each event line takes every umask (no significant bit) and its
 * increment per cycle is not known: a raw threshold is written as given.
 */
static struct ia64_pmu_event ia64_generic_events[IA64_GENERIC_NR_EVENTS] = {
	[IA64_GENERIC_CYCLES] = {
		.name = "cpu-cycles", .max_inc = IA64_PMU_INC_UNKNOWN,
	},
	[IA64_GENERIC_RETIRED] = {
		.name = "instructions", .max_inc = IA64_PMU_INC_UNKNOWN,
	},
};

/* Any other code: on every counter */
static struct ia64_pmu_event ia64_generic_raw = {
	.name = "raw", .max_inc = IA64_PMU_INC_UNKNOWN,
};

static struct ia64_pmu_model ia64_generic_model = {
	.name		= "generic",
	/* up to 16 counters: their overflow bits are PMC0 bits 4-19 */
	.nr_ovfl_regs	= 1,
	.es_bits	= 8,
	/* no counter with a narrower threshold field known */
	.thres_max_67	= 7,
	/* stopped by plm = 0, which stops a counter on every Itanium */
	.ctr_stop_clear	= IA64_PMC_PLM_ALL,
	.stop_loses_pmd	= true,
	.events		= ia64_generic_events,
	.nr_events	= ARRAY_SIZE(ia64_generic_events),
	.raw_valid	= IA64_PMU_GENERIC_RAW,
	.raw_priv	= IA64_PMU_GENERIC_RAW & ~IA64_PMU_GENERIC_COMMON,
	.raw_any	= &ia64_generic_raw,
	.hw_events = {
		[PERF_COUNT_HW_CPU_CYCLES]	= "cpu-cycles",
		[PERF_COUNT_HW_INSTRUCTIONS]	= "instructions",
	},
};

/*
 * The counters of PAL mask @mask (bit n: PMC/PMD n) among the @all the
 * driver uses; a mask that names none of them is not believed (PAL
 * misreports some masks, [ITA-RM] Table 6-24 against §7.8) and the
 * event may use every counter.
 */
static u16 ia64_generic_counters(u64 mask, u16 all)
{
	u16 ctrs = (mask >> IA64_PMU_FIRST_COUNTER) & all;

	return ctrs ? ctrs : all;
}

/**
 * ia64_pmu_generic_build - the generic model of the processor PAL reports
 * @pal: PAL_PERF_MON_INFO's answer
 * @family: CPUID[3] family
 * @model: CPUID[3] model
 * @why: why the driver's tables do not apply, for the probe line
 *
 * Return: the model, or NULL if PAL reports no counter the driver can use
 * or counters narrower than any Itanium's.
 */
const struct ia64_pmu_model *
ia64_pmu_generic_build(const struct ia64_pmu_pal *pal, u8 family, u8 model,
		       const char *why)
{
	struct ia64_pmu_model *m = &ia64_generic_model;
	unsigned int n = IA64_PMU_PAL_GENERIC(pal->info);
	unsigned int width = IA64_PMU_PAL_WIDTH(pal->info);
	u8 cycles = IA64_PMU_PAL_CYCLES(pal->info);
	u8 retired = IA64_PMU_PAL_RETIRED(pal->info);
	unsigned int i;
	u16 all;

	if (!n || !width || width > 64) {
		pr_err("PAL reports %u counters of %u bits: no PMU to drive\n",
		       n, width);
		return NULL;
	}
	if (width < IA64_PMU_GENERIC_MIN_WIDTH) {
		pr_err("PAL reports counters of %u bits, narrower than any Itanium's %u: an overflow interrupt every %llu events, not driven\n",
		       width, IA64_PMU_GENERIC_MIN_WIDTH, 1ULL << (width - 1));
		return NULL;
	}
	if (n > IA64_PMU_MAX_COUNTERS) {
		pr_warn("PAL reports %u counters, using the first %u\n", n,
			IA64_PMU_MAX_COUNTERS);
		n = IA64_PMU_MAX_COUNTERS;
	}
	all = GENMASK(n - 1, 0);

	m->family = family;
	m->nr_generic = n;
	m->width = width;
	memcpy(m->pal_pmc_mask, &pal->buf[IA64_PMU_PAL_PMC_MASK],
	       sizeof(m->pal_pmc_mask));
	memcpy(m->pal_pmd_mask, &pal->buf[IA64_PMU_PAL_PMD_MASK],
	       sizeof(m->pal_pmd_mask));
	memset(m->ctr_pmc_set, 0, sizeof(m->ctr_pmc_set));
	/* with two threads per core: PMC4-9 (of those PAL reports) */
	m->mt_counters = IA64_CTR_4_9 & all;
	m->mt_no_ipear = true;
	for (i = 0; i < ARRAY_SIZE(ia64_generic_family); i++) {
		if (ia64_generic_family[i].family != family)
			continue;
		memcpy(m->ctr_pmc_set, ia64_generic_family[i].ctr_pmc_set,
		       sizeof(m->ctr_pmc_set));
		if (ia64_generic_family[i].one_thread) {
			m->mt_counters = 0;
			m->mt_no_ipear = false;
		}
	}

	ia64_generic_events[IA64_GENERIC_CYCLES].es = cycles;
	ia64_generic_events[IA64_GENERIC_CYCLES].counters =
		ia64_generic_counters(pal->buf[IA64_PMU_PAL_CYCLES_MASK], all);
	ia64_generic_events[IA64_GENERIC_RETIRED].es = retired;
	ia64_generic_events[IA64_GENERIC_RETIRED].counters =
		ia64_generic_counters(pal->buf[IA64_PMU_PAL_RETIRED_MASK], all);
	ia64_generic_raw.counters = all;

	pr_info("generic PMU for CPU family 0x%02x model 0x%02x (%s): %u counters of %u bits, cycles 0x%02x, retired 0x%02x\n",
		family, model, why, n, width, cycles, retired);
	return m;
}
