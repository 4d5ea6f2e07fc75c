// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection of the simulated backend (debugfs fault/): hardware
 * and firmware behaviour the driver must survive, on demand. A bogus
 * PMU interrupt ([SDM-2] §7.2.4.3), a PMC0.fr that cannot be cleared,
 * lost PMC0 writes, counters that advance between two register accesses,
 * a slow CPU online callback, registers left by another user with
 * values that restrict or disturb monitoring, a PAL that cannot tell
 * the threads per core, and another PMU that keeps per-task data
 * (sim_peer.c). The knobs that change a
 * register access or the online callback act there (sim_hw.c,
 * sim_backend.c).
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/smp.h>

#include "pmu_model.h"
#include "sim_backend.h"

bool sim_fault_stuck_fr;
u32 sim_fault_lose_pmc0_writes;
u64 sim_fault_cycles_per_access;
u32 sim_fault_online_delay_ms;
/* PAL_LOGICAL_TO_PHYSICAL fails (sim_hw.c): read by the driver at load */
bool sim_fault_pal_threads_fail;

static void sim_spurious_irq(void *unused)
{
	sim_send_vector(this_cpu_ptr(sim_cpus));
}

/*
 * Returns once the interrupt has been delivered, or waits held. A line
 * that stays armed longer than any irq_delay_ns the tests use with it (1
 * s) is reported and the write fails (-ETIMEDOUT), rather than holding
 * the writer: a fuzzer run once stayed 120 s in the fault knobs' code,
 * where this wait was the only one without an end, while the guest ran
 * on (cause not found: this says where a line stays armed).
 */
#define SIM_SPURIOUS_WAIT_MS	2000

static int sim_spurious_set(void *data, u64 cpu)
{
	unsigned long end = jiffies + msecs_to_jiffies(SIM_SPURIOUS_WAIT_MS);
	struct sim_cpu *sc;
	int ret;

	cpus_read_lock();
	ret = sim_on_cpu(cpu, sim_spurious_irq, NULL);
	sc = ret ? NULL : per_cpu_ptr(sim_cpus, cpu);
	while (sc && READ_ONCE(sc->irq_armed) && !READ_ONCE(sc->irq_held)) {
		if (time_after(jiffies, end)) {
			pr_warn("ia64_pmu_sim: CPU%llu: interrupt line still armed after %d ms (timer ran %lu times, pending %d)\n",
				cpu, SIM_SPURIOUS_WAIT_MS,
				READ_ONCE(sc->irq_fired),
				ia64_model_irq_pending(&sc->model));
			ret = -ETIMEDOUT;
			break;
		}
		usleep_range(10, 100);
	}
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_spurious_fops, NULL, sim_spurious_set, "%llu\n");

/*
 * fault/clobber_regs: the registers that PAL initialises at reset (spec
 * 004 §6.2.9) and the other non-counter registers, left by some earlier
 * user with values that restrict or disturb monitoring: PMC8/9 match no
 * instruction, PMC13.ta and PMC11.pt are 0, PMC10/12 enabled. Only the
 * registers above the model's generic counters (PMC/PMD4 .. 3 +
 * nr_ctr): a model with more than 4 counters has none of these units,
 * and its PMC8 and up are counters (the Montecito's units are PMC32-42
 * and PMD32-63; the registers it lacks ignore the writes).
 */
static void sim_clobber(void *unused)
{
	struct ia64_model *m = &this_cpu_ptr(sim_cpus)->model;
	unsigned int i;

	for (i = 4 + m->nr_ctr; i < m->nr_pmc; i++)
		ia64_model_write_pmc(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < m->nr_pmd; i++)
		if (i < 4 || i >= 4 + m->nr_ctr)
			ia64_model_write_pmd(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < IA64_MODEL_NR_IBR; i++)
		ia64_model_write_ibr(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < IA64_MODEL_NR_DBR; i++)
		ia64_model_write_dbr(m, i, IA64_MODEL_UNDEF);
}

static int sim_clobber_set(void *data, u64 cpu)
{
	int ret;

	cpus_read_lock();
	ret = sim_on_cpu(cpu, sim_clobber, NULL);
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_clobber_fops, NULL, sim_clobber_set, "%llu\n");

void sim_fault_debugfs_init(struct dentry *dir)
{
	struct dentry *fault;

	fault = debugfs_create_dir("fault", dir);
	debugfs_create_file_unsafe("spurious_irq", 0200, fault, NULL,
				   &sim_spurious_fops);
	debugfs_create_bool("stuck_fr", 0600, fault, &sim_fault_stuck_fr);
	debugfs_create_u32("lose_pmc0_writes", 0600, fault,
			   &sim_fault_lose_pmc0_writes);
	debugfs_create_u64("cycles_per_access", 0600, fault,
			   &sim_fault_cycles_per_access);
	debugfs_create_u32("online_delay_ms", 0600, fault,
			   &sim_fault_online_delay_ms);
	debugfs_create_bool("pal_threads_fail", 0600, fault,
			    &sim_fault_pal_threads_fail);
	debugfs_create_file_unsafe("clobber_regs", 0200, fault, NULL,
				   &sim_clobber_fops);
	sim_peer_debugfs_init(fault);
}
