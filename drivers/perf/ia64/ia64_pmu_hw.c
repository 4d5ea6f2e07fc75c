// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: interrupt registration on real hardware.
 *
 * The rest of the hardware-access layer is inline in
 * <linux/perf/ia64_pmu.h>. Here the driver's overflow handler is attached
 * to the PMU interrupt vector.
 *
 * The ia64 glue binds IA64_PERFMON_VECTOR at boot as a per-CPU interrupt
 * (handle_percpu_irq, no action) and cpu_init() leaves CR.PMV masked. We
 * request the vector, then point CR.PMV at it and clear its mask bit on
 * every CPU through a CPU hotplug state, so CPUs brought online later are
 * covered too and CPUs going down are masked again.
 */

#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/perf/ia64_pmu.h>

#include <asm/hw_irq.h>
#include <asm/intrinsics.h>

/* CR.PMV: vector in bits 7:0; mask bit m (16) set at reset, [ITA-RM] §6.2.9 */
#define IA64_PMU_PMV_MASK	(1UL << 16)

/* Dynamic hotplug state while the interrupt is requested, else 0 */
static int ia64_pmu_hp_state;

static void ia64_pmu_set_pmv(u64 val)
{
	ia64_setreg(_IA64_REG_CR_PMV, val);
	ia64_srlz_d();
}

/* Runs on @cpu itself (an AP hotplug state) */
static int ia64_pmu_pmv_unmask(unsigned int cpu)
{
	ia64_pmu_set_pmv(IA64_PERFMON_VECTOR);
	return 0;
}

static int ia64_pmu_pmv_mask(unsigned int cpu)
{
	ia64_pmu_set_pmv(IA64_PMU_PMV_MASK | IA64_PERFMON_VECTOR);
	return 0;
}

/**
 * ia64_pmu_request_irq - attach the PMU overflow handler on every CPU
 * @handler: called in hard-interrupt context, with get_irq_regs() giving
 *	the interrupted state, on the CPU whose PMU raised the interrupt
 *
 * Return: 0, -EBUSY if already requested, or the error of request_irq()
 * or cpuhp_setup_state().
 */
int ia64_pmu_request_irq(irq_handler_t handler)
{
	int ret;

	if (ia64_pmu_hp_state)
		return -EBUSY;

	ret = request_irq(IA64_PERFMON_VECTOR, handler,
			  IRQF_PERCPU | IRQF_NOBALANCING | IRQF_NO_THREAD,
			  "ia64_pmu", NULL);
	if (ret)
		return ret;

	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/ia64_pmu:pmv",
				ia64_pmu_pmv_unmask, ia64_pmu_pmv_mask);
	if (ret < 0) {
		free_irq(IA64_PERFMON_VECTOR, NULL);
		return ret;
	}
	ia64_pmu_hp_state = ret;
	return 0;
}

/**
 * ia64_pmu_free_irq - mask CR.PMV on every CPU and detach the handler
 *
 * Once it returns, the handler is not running and will not be called.
 */
void ia64_pmu_free_irq(void)
{
	if (!ia64_pmu_hp_state)
		return;

	cpuhp_remove_state(ia64_pmu_hp_state);
	ia64_pmu_hp_state = 0;
	free_irq(IA64_PERFMON_VECTOR, NULL);
}
