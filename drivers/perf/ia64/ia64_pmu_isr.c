// SPDX-License-Identifier: GPL-2.0
/*
 * The Itanium PMU overflow interrupt, after the implementation-independent
 * service routine of spec 003 Figure 7-7.
 */

#include <linux/interrupt.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include <asm/irq_regs.h>

#include "ia64_pmu.h"

/*
 * Overflow of monitor @id beyond the generic counters: an implementation-
 * specific monitor (EAR, BTB) of a CPU model whose overflow status
 * registers report one. No feature owns such a monitor yet, and the
 * Itanium reports none (spec 004 §6.2.3): say so instead of dropping it.
 */
static void ia64_pmu_impl_overflow(unsigned int id)
{
	pr_warn_once("ia64_pmu: overflow of monitor %u has no owner\n", id);
}

static void ia64_pmu_generic_overflow(struct ia64_pmu_cpu *cpuc,
				      unsigned int ctr, struct pt_regs *regs)
{
	struct perf_event *event = cpuc->counter[ctr - IA64_PMU_FIRST_COUNTER];

	if (!event)
		return;		/* its event left; stop() accounted it */
	ia64_pmu_event_update(event);
	/* a sample when a whole period has elapsed */
	if (ia64_pmu_set_period(event) && is_sampling_event(event))
		ia64_pmu_overflow(event, regs);
}

/*
 * The PMU froze itself (PMC0.fr) when a monitor with oi set overflowed.
 * An interrupt with fr clear, or taken in a context that is not
 * monitored (PSR.up and PSR.pp both clear), is bogus: it can be one that
 * the outgoing context left pending at a context switch (spec 003
 * §7.2.4.2). It is ignored and changes nothing.
 *
 * Otherwise the overflow bits of the model's overflow status registers
 * PMC0..PMC(n-1) are scanned from PMC0 bit 4 on: bit j of PMC i is
 * monitor 64 * i + j, a generic counter up to PAL_GENERIC_PMCPMD_PAIRS,
 * else implementation specific.
 */
irqreturn_t ia64_pmu_isr(int irq, void *dev)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int reg, bit, id, last_generic;
	struct pt_regs *regs = get_irq_regs();
	unsigned long ovfl;
	u64 pmc0;

	pmc0 = ia64_pmu_read_pmc(0);
	if (!(pmc0 & IA64_PMC0_FR) ||
	    !(ia64_pmu_get_psr() & (IA64_PMU_PSR_UP | IA64_PMU_PSR_PP)))
		return IRQ_NONE;

	last_generic = IA64_PMU_FIRST_COUNTER + model->nr_generic - 1;
	for (reg = 0; reg < model->nr_ovfl_regs; reg++) {
		ovfl = reg ? ia64_pmu_read_pmc(reg) : pmc0 & ~0xfUL;
		for_each_set_bit(bit, &ovfl, BITS_PER_LONG) {
			id = 64 * reg + bit;
			if (id <= last_generic)
				ia64_pmu_generic_overflow(cpuc, id, regs);
			else
				ia64_pmu_impl_overflow(id);
		}
	}

	/*
	 * Clear the other overflow status registers, then PMC0's overflow
	 * bits, and unfreeze unless the core has the PMU disabled: then
	 * ia64_pmu_enable() unfreezes it.
	 */
	for (reg = model->nr_ovfl_regs - 1; reg >= 1; reg--)
		ia64_pmu_write_pmc(reg, 0);
	ia64_pmu_write_pmc(0, cpuc->enabled && cpuc->n_events ?
			   0 : IA64_PMC0_FR);
	return IRQ_HANDLED;
}
