// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated backend of the Itanium PMU driver: a device model in the
 * style of netdevsim. It owns one software model of the PMU per CPU
 * (pmu_model*.c) and provides the hardware-access layer of
 * <linux/perf/ia64_pmu.h> on top of it. It replaces the registers and
 * the interrupt delivery, nothing else.
 *
 * Module parameters:
 *   freerun         start in free-running mode (default 1), see below
 *   model           the CPU model (default "itanium"):
 *                   itanium    the Itanium (Merced), CPUID family 0x07
 *                   itanium2   the Itanium 2, CPUID family 0x1f
 *                   montecito  the Montecito (Itanium 9000/9100),
 *                              CPUID family 0x20
 *                   montecito,threads=N
 *                              ... with N hardware threads per core, 1
 *                              (the default) or 2: each CPU's PMU also
 *                              sees its sibling thread's records
 *                              (ctx.thread 1), which only counters with
 *                              PMC.all or a causal event count;
 *                              firmware reports the threads to the
 *                              driver
 *                   generic[,key=value]...
 *                              a processor with only the architected
 *                              PMU (pmu_model_generic.c): PMC0-3 and
 *                              generic pairs PMC/PMD4 and up, no BTB,
 *                              EARs or qualification. Keys, each at most
 *                              once, in any order, numbers in C notation
 *                              (0x21, 33):
 *                     family=F    CPUID[3] family, 0..255 (0x21)
 *                     model=M     CPUID[3] model, 0..255 (0)
 *                     counters=N  generic pairs, 1..16 (4)
 *                     width=W     counter width in bits, 8..63 (47)
 *                     cycles=C    PAL_CYCLES event code, 0..255 (0x12)
 *                     retired=R   PAL_RETIRED event code, 0..255 (0x08)
 *                     ism=writable|fixed
 *                                 the counters' ism: writable, or fixed
 *                                 at IA-64 only as the Montecito's
 *                                 (writable for families 0x07 and 0x1f,
 *                                 else fixed); family 0x1f also has the
 *                                 Itanium 2's PMC4 enable bit 23
 *                     threads=T   threads per core PAL reports, 1..2 (1)
 *                   e.g. model=generic,family=0x21,counters=12,width=50
 *
 * debugfs (ia64_pmu_sim/):
 *   inject          write execution records (uapi ia64_pmu.h); they run
 *                   on the writer's CPU, in the writer's context
 *   irq_delay_ns    delay between an overflow freeze and the interrupt
 *   freerun         1 (the default, module parameter "freerun"): the
 *                   model runs the free-running mix (pmu_model_freerun.c)
 *                   for the time that passes on each CPU, as the
 *                   execution of what runs there, in user or kernel
 *                   mode as the task's transitions say (the entry
 *                   code's hook of patches/common 0014, sched_switch)
 *   freerun_period_us
 *                   the longest time between two catch-ups; the timer
 *                   is armed sooner for the next predicted overflow
 *   fault/spurious_irq     write a CPU number: interrupt it, fr clear
 *   fault/stuck_fr         1: PMC0 writes cannot clear PMC0.fr
 *   fault/lose_pmc0_writes N: drop the next N writes of PMC0
 *   fault/cycles_per_access N: before each register access of the
 *                   driver, the CPU runs N cycles of the free-running
 *                   mix at privilege level 0, so that counters advance
 *                   between accesses as they do on hardware
 *   fault/online_delay_ms  the model's CPU online callback sleeps this
 *                   long: it widens the window in which the perf core
 *                   already accepts events for a CPU coming up
 *   fault/clobber_regs     write a CPU number: PMC8-13 (on the Itanium 2
 *                   PMC8-15), the EAR and BTB PMDs, IBRs and DBRs
 *                   (on the generic model: PMD0-3, IBRs and DBRs only,
 *                   its PMC/PMD4 and up are all counters; on the
 *                   Montecito: PMC32-42, PMD32-63, IBRs and DBRs)
 *                   take non-default values, as
 *                   another user of these registers (or the kernel
 *                   before a kexec) could leave them
 *   fault/peer_pmu  1: register "ia64_pmu_peer", a PMU whose per-task
 *                   events keep per-task data of their own (sim_peer.c),
 *                   until the module goes
 *   debugger/attach, debugger/detach, debugger/load: a debugger's use
 *                   of the IBRs/DBRs (ptrace on Itanium), see
 *                   sim_dbr_attach()
 *   cpuN/regs       register file, interrupt line and access counts
 *
 * This file holds the module: its parameters, the per-CPU models, CPU
 * hotplug, the debugfs directory and cpuN/regs. The other parts, by
 * concern: the hardware-access layer (sim_hw.c), the PMU interrupt
 * (sim_irq.c), injected records (sim_inject.c), the free-running mode
 * (sim_freerun.c), fault injection (sim_fault.c) and the debugger's
 * IBRs/DBRs (sim_dbr.c); their shared state is in sim_backend.h.
 */

#define pr_fmt(fmt) "ia64_pmu_sim: " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "../ia64_pmu_compat.h"
#include "pmu_model.h"
#include "sim_backend.h"

struct sim_cpu __percpu *sim_cpus;
static enum cpuhp_state sim_hp_state;
static struct dentry *sim_dir;

bool sim_freerun = true;
module_param_named(freerun, sim_freerun, bool, 0444);
MODULE_PARM_DESC(freerun, "Start in free-running mode (default 1)");

static char *model = "itanium";
module_param(model, charp, 0444);
MODULE_PARM_DESC(model,
		 "CPU model of the simulated PMU: itanium (default), itanium2, montecito, or generic[,family=F][,model=M][,counters=N][,width=W][,cycles=C][,retired=R][,ism=writable|fixed][,threads=T] (defaults 0x21, 0, 4, 47, 0x12, 0x08, the family's ism, 1)");

enum ia64_model_cpu sim_model_cpu;
/* model=generic,...: its parameters */
static struct ia64_model_generic sim_generic;

/*
 * Run @fn(@arg) on CPU @cpu and wait for it to return: 0, -EINVAL if
 * there is no such CPU, -ENODEV if it is offline. The caller holds
 * cpus_read_lock(), so that the CPU stays online as long as it needs.
 */
int sim_on_cpu(u64 cpu, smp_call_func_t fn, void *arg)
{
	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	if (!cpu_online(cpu))
		return -ENODEV;
	return smp_call_function_single(cpu, fn, arg, 1);
}

/* cpuN/regs */
struct sim_dump {
	struct ia64_model copy;
	unsigned long lost_pmc0_writes;
	unsigned long irqs_delivered, irqs_unhandled;
	bool irq_armed;
};

static void sim_snapshot(void *arg)
{
	struct sim_dump *d = arg;
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);

	d->copy = sc->model;
	d->lost_pmc0_writes = sc->lost_pmc0_writes;
	d->irqs_delivered = sc->irqs_delivered;
	d->irqs_unhandled = sc->irqs_unhandled;
	d->irq_armed = sc->irq_armed;
}

static int sim_regs_show(struct seq_file *s, void *unused)
{
	unsigned long cpu = (unsigned long)s->private;
	struct sim_dump *d;
	int ret;

	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	cpus_read_lock();
	ret = sim_on_cpu(cpu, sim_snapshot, d);
	cpus_read_unlock();
	if (!ret) {
		ia64_model_dump(&d->copy, s);
		seq_printf(s, "lost_pmc0_writes %lu\n", d->lost_pmc0_writes);
		seq_printf(s, "irqs_delivered %lu irqs_unhandled %lu irq_armed %d\n",
			   d->irqs_delivered, d->irqs_unhandled, d->irq_armed);
	}
	kfree(d);
	return ret;
}
DEFINE_SHOW_ATTRIBUTE(sim_regs);

static int sim_cpu_online(unsigned int cpu)
{
	u32 delay = READ_ONCE(sim_fault_online_delay_ms);

	sim_freerun_start(NULL);
	if (delay)
		msleep(delay);
	return 0;
}

static int sim_cpu_offline(unsigned int cpu)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);

	hrtimer_cancel(&sc->freerun_timer);
	hrtimer_cancel(&sc->irq_timer);
	sc->irq_armed = false;
	return 0;
}

static void sim_debugfs_init(void)
{
	unsigned long cpu;
	char name[16];

	sim_dir = debugfs_create_dir("ia64_pmu_sim", NULL);
	sim_inject_debugfs_init(sim_dir);
	sim_irq_debugfs_init(sim_dir);
	sim_freerun_debugfs_init(sim_dir);
	sim_fault_debugfs_init(sim_dir);
	sim_dbr_debugfs_init(sim_dir);
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%lu", cpu);
		debugfs_create_file("regs", 0400,
				    debugfs_create_dir(name, sim_dir),
				    (void *)cpu, &sim_regs_fops);
	}
}

/*
 * model=<name>[,threads=N]: a CPU model with tables, and its hardware
 * threads per core (ia64_model_threads_setup()). 0 or -EINVAL.
 */
static int __init sim_parse_named(const char *spec, enum ia64_model_cpu *cpu)
{
	static const struct {
		const char *name;
		enum ia64_model_cpu cpu;
	} names[] = {
		{ "itanium",	IA64_MODEL_ITANIUM },
		{ "itanium2",	IA64_MODEL_ITANIUM2 },
		{ "montecito",	IA64_MODEL_MONTECITO },
	};
	size_t len = strcspn(spec, ",");
	unsigned int i, threads = 1;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i].name) == len &&
		    !strncmp(spec, names[i].name, len))
			break;
	if (i == ARRAY_SIZE(names))
		return -EINVAL;
	if (spec[len] && (strncmp(spec + len, ",threads=", 9) ||
			  kstrtouint(spec + len + 9, 0, &threads)))
		return -EINVAL;
	*cpu = names[i].cpu;
	return ia64_model_threads_setup(*cpu, threads);
}

static int __init sim_init(void)
{
	unsigned int cpu;
	u64 cpuid3;
	int ret;

	if (!sim_parse_named(model, &sim_model_cpu)) {
		/* threads per core set */
	} else if (!ia64_model_generic_parse(model, &sim_generic)) {
		/* the description every CPU's model is built from below */
		ia64_model_generic_setup(&sim_generic);
		sim_model_cpu = IA64_MODEL_GENERIC;
	} else {
		pr_err("unknown or malformed model \"%s\"\n", model);
		return -EINVAL;
	}

	sim_cpus = alloc_percpu(struct sim_cpu);
	if (!sim_cpus)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct sim_cpu *sc = per_cpu_ptr(sim_cpus, cpu);

		ia64_model_init(&sc->model, sim_model_cpu);
		ia64_pmu_hrtimer_setup(&sc->irq_timer, sim_irq_timer_fn);
		ia64_pmu_hrtimer_setup(&sc->freerun_timer, sim_freerun_fn);
	}

	ret = sim_freerun_init();
	if (ret) {
		free_percpu(sim_cpus);
		return ret;
	}
	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/ia64_pmu_sim:online",
				sim_cpu_online, sim_cpu_offline);
	if (ret < 0) {
		sim_freerun_exit();
		free_percpu(sim_cpus);
		return ret;
	}
	sim_hp_state = ret;
	sim_debugfs_init();
	cpuid3 = ia64_model_cpu_cpuid3(sim_model_cpu);
	pr_info("modelling the %s PMU (CPUID family 0x%02x) on %u CPUs, %u thread(s) per core\n",
		ia64_model_cpu_name(sim_model_cpu),
		(unsigned int)(cpuid3 >> 24) & 0xff, num_possible_cpus(),
		ia64_model_threads(sim_model_cpu));
	if (sim_model_cpu == IA64_MODEL_GENERIC)
		pr_info("generic PMU: CPUID model 0x%02x, %u counters of %u bits, cycles 0x%02x, retired 0x%02x, ism %s\n",
			(unsigned int)(cpuid3 >> 16) & 0xff,
			sim_generic.counters, sim_generic.width,
			sim_generic.cycles, sim_generic.retired,
			sim_generic.ism_fixed ? "fixed" : "writable");
	return 0;
}
module_init(sim_init);

static void __exit sim_exit(void)
{
	debugfs_remove_recursive(sim_dir);
	sim_peer_exit();
	WRITE_ONCE(sim_freerun, false);
	/* the offline callback cancels every CPU's timers */
	sim_freerun_exit();
	cpuhp_remove_state(sim_hp_state);
	free_percpu(sim_cpus);
}
module_exit(sim_exit);

MODULE_DESCRIPTION("Itanium PMU software model (developer testing tool)");
MODULE_LICENSE("GPL");
