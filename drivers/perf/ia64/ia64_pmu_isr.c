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
 * The PMU froze itself (PMC0.fr) when a monitor with oi set overflowed.
 * An interrupt with fr clear, or taken in a context that is not
 * monitored (PSR.up and PSR.pp both clear), is bogus: it can be one that
 * the outgoing context left pending at a context switch (spec 003
 * §7.2.4.2). It is ignored and changes nothing.
 */
irqreturn_t ia64_pmu_isr(int irq, void *dev)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct pt_regs *regs = get_irq_regs();
	unsigned long ovfl;
	unsigned int ctr;
	u64 pmc0;

	pmc0 = ia64_pmu_read_pmc(0);
	if (!(pmc0 & IA64_PMC0_FR) ||
	    !(ia64_pmu_get_psr() & (IA64_PMU_PSR_UP | IA64_PMU_PSR_PP)))
		return IRQ_NONE;

	/* Overflow bits of the generic counters, PMC0 bits 7:4 */
	ovfl = pmc0 & IA64_PMC0_OVFL_MASK;
	for_each_set_bit(ctr, &ovfl, IA64_PMU_FIRST_COUNTER +
			 IA64_PMU_MAX_COUNTERS) {
		struct perf_event *event;

		event = cpuc->counter[ctr - IA64_PMU_FIRST_COUNTER];
		if (!event)
			continue;	/* its event left; stop() accounted it */
		ia64_pmu_event_update(event);
		/* a sample when a whole period has elapsed */
		if (ia64_pmu_set_period(event) && is_sampling_event(event))
			ia64_pmu_overflow(event, regs);
	}

	/*
	 * Clear the overflow bits and unfreeze, unless the core has the PMU
	 * disabled: then ia64_pmu_enable() unfreezes it. On the Itanium,
	 * PMC1-3 hold no overflow bits (spec 004 §6.2.3).
	 */
	ia64_pmu_write_pmc(0, cpuc->enabled && cpuc->n_events ?
			   0 : IA64_PMC0_FR);
	return IRQ_HANDLED;
}
