// SPDX-License-Identifier: GPL-2.0
/*
 * Simulated backend of the Itanium PMU driver: a device model in the
 * style of netdevsim. It owns one software model of the PMU per CPU
 * (pmu_model.c) and provides the hardware-access layer of
 * <linux/perf/ia64_pmu.h> on top of it. It replaces the registers and
 * the interrupt delivery, nothing else.
 *
 * debugfs (ia64_pmu_sim/):
 *   inject          write execution records (uapi ia64_pmu.h); they run
 *                   on the writer's CPU, in the writer's context
 *   irq_delay_ns    delay between an overflow freeze and the interrupt
 *   freerun         1 (the default, module parameter "freerun"): the
 *                   model runs the free-running mix (pmu_model_freerun.c)
 *                   for the time that passes on each CPU, as the
 *                   execution of what runs there: at every register
 *                   access of the driver and at a per-CPU timer tick
 *                   (freerun_period_us), which also samples user/kernel
 *                   mix for whatever runs on the CPU
 *   freerun_period_us
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
 *                   take non-default values, as
 *                   another user of these registers (or the kernel
 *                   before a kexec) could leave them
 *   debugger/attach, debugger/detach, debugger/load: a debugger's use
 *                   of the IBRs/DBRs (ptrace on Itanium), see
 *                   sim_dbr_attach()
 *   cpuN/regs       register file, interrupt line and access counts
 */

#define pr_fmt(fmt) "ia64_pmu_sim: " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/perf/ia64_pmu.h>

#include <asm/irq_regs.h>
#include <asm/perf_event.h>

#include "pmu_model.h"

/* Longest wait of an injection for the interrupt it raised */
#define SIM_IRQ_WAIT_NS		(100 * NSEC_PER_MSEC)

/* Largest write accepted by "inject" */
#define SIM_INJECT_MAX		(1U << 20)

struct sim_cpu {
	struct ia64_model model;
	struct hrtimer irq_timer;	/* delivers the PMU interrupt */
	struct hrtimer freerun_timer;
	/* where the record that raised the interrupt executed */
	u64 rec_ip;
	unsigned int rec_cpl;
	bool rec_origin;
	bool irq_armed;
	bool spurious;			/* the vector sent by software */
	unsigned long lost_pmc0_writes;
	unsigned long irqs_delivered, irqs_unhandled;
	/* free-running mode */
	struct ia64_model_freerun fr;
	u64 fr_last_ns;			/* time the model has run up to */
	unsigned int fr_cpl;		/* privilege level seen at the tick */
	bool fr_running;		/* a catch-up runs on this CPU */
	u8 fr_buf[IA64_MODEL_FREERUN_BATCH];
};

static DEFINE_PER_CPU(struct sim_cpu, sim_cpus);
static irq_handler_t sim_handler;
static enum cpuhp_state sim_hp_state;
static struct dentry *sim_dir;

static u64 irq_delay_ns;
static bool freerun = true;
module_param(freerun, bool, 0444);
MODULE_PARM_DESC(freerun, "Start in free-running mode (default 1)");
static u32 freerun_period_us = 1000;
static bool fault_stuck_fr;
static u32 fault_lose_pmc0_writes;
static u64 fault_cycles_per_access;
static u32 fault_online_delay_ms;

static char *model = "itanium";
module_param(model, charp, 0444);
MODULE_PARM_DESC(model, "CPU model of the simulated PMU: itanium, itanium2");

static enum ia64_model_cpu sim_model_cpu;

/*
 * The registers of the calling CPU. Like the real ones, they may only be
 * touched with preemption disabled; each access is atomic with respect
 * to the interrupts that also drive the model.
 */
static struct sim_cpu *sim_this_cpu(void)
{
	lockdep_assert_preemption_disabled();
	return this_cpu_ptr(&sim_cpus);
}

static bool sim_arm_irq(struct sim_cpu *sc, u64 delay);
static void sim_deliver(struct sim_cpu *sc, struct pt_regs *regs);

/*
 * An overflow froze the model: deliver the interrupt now with @regs when
 * the caller is in interrupt context and nothing delays it, else raise
 * the line (it fires once interrupts are on).
 */
static void sim_raise(struct sim_cpu *sc, struct pt_regs *regs)
{
	u64 delay = READ_ONCE(irq_delay_ns);

	if (sc->irq_armed)
		return;
	if (regs && !delay)
		sim_deliver(sc, regs);
	else
		sim_arm_irq(sc, delay);
}

/* Register accesses closer than this to the last catch-up add to the next */
#define SIM_CATCH_UP_NS		50000

/*
 * Free-running mode: run the model for the time that passed on this CPU
 * since it last did, as the execution of what runs now, at @cpl around
 * @ip and data address @sp: the mix of pmu_model_freerun.c for an
 * 800 MHz Itanium, seeded by the task and the time (a new phase every
 * 134 ms). The idle task counts nothing: PAL_LIGHT_HALT freezes
 * monitoring ([ITA-RM] §6.2.9). Irqs off, this CPU.
 */
static void sim_catch_up(struct sim_cpu *sc, u64 min_ns, unsigned int cpl,
			 u64 ip, u64 sp, struct pt_regs *regs)
{
	u64 start = sc->fr_last_ns, now = ktime_get_ns(), ns, progress;
	u64 done = 0;
	size_t len, off;
	int size;

	/*
	 * The interrupt handler a catch-up calls makes register accesses
	 * of its own: they do not start another one. While an overflow
	 * interrupt waits to be delivered, the frozen PMU would count
	 * nothing: the time waits too.
	 */
	ns = min_t(u64, now - start, NSEC_PER_SEC);
	if (ns < min_ns || sc->fr_running || ia64_model_irq_pending(&sc->model))
		return;
	sc->fr_last_ns = start + ns;
	if (is_idle_task(current))
		return;
	sc->fr_running = true;
	len = ia64_model_freerun_batch(sc->model.cpu, &sc->fr, sc->fr_buf,
				       sizeof(sc->fr_buf), ns * 4 / 5, ip, sp,
				       cpl, current->pid ^ (u32)(now >> 27));
	for (off = 0; off < len; off += size) {
		const struct ia64_pmu_rec_hdr *h = (void *)(sc->fr_buf + off);

		/* The mix lists the CPU model's own events */
		size = ia64_model_check_rec_cpu(sc->model.cpu,
						sc->fr_buf + off, len - off);
		if (WARN_ON_ONCE(size <= 0))
			break;
		progress = 0;
		while (ia64_model_run(&sc->model, h, &progress)) {
			sim_raise(sc, regs);
			if (ia64_model_irq_pending(&sc->model))
				break;
		}
		if (h->type == IA64_PMU_REC_CYCLES)
			done += progress;
		if (ia64_model_irq_pending(&sc->model))
			sim_raise(sc, regs);
		if (ia64_model_irq_pending(&sc->model)) {
			/*
			 * Frozen until the interrupt is taken (interrupts
			 * are off here): the rest of the time is caught up
			 * after it.
			 */
			sc->fr_last_ns = start + div_u64(done * 5, 4);
			break;
		}
	}
	sc->fr_running = false;
}

/* At a register access: the kernel runs; the time before may be user's */
static void sim_catch_up_access(struct sim_cpu *sc)
{
	struct pt_regs *uregs;

	if (!READ_ONCE(freerun))
		return;
	if (current->flags & PF_KTHREAD || !sc->fr_cpl) {
		sim_catch_up(sc, SIM_CATCH_UP_NS, 0, _RET_IP_,
			     current_stack_pointer, NULL);
		return;
	}
	uregs = task_pt_regs(current);
	sim_catch_up(sc, SIM_CATCH_UP_NS, sc->fr_cpl,
		     instruction_pointer(uregs), user_stack_pointer(uregs),
		     NULL);
}

/*
 * fault/cycles_per_access: the CPU executes kernel code between two
 * register accesses, and the counters advance meanwhile. Run that many
 * cycles of the free-running mix at privilege level 0 before the access;
 * an overflow raises the interrupt like any other (irqs off, this CPU).
 */
static void sim_advance(struct sim_cpu *sc)
{
	u64 cycles = READ_ONCE(fault_cycles_per_access);
	union ia64_model_freerun_rec rec;
	u64 progress = 0;

	sim_catch_up_access(sc);
	if (likely(!cycles))
		return;
	ia64_model_freerun_rec(sc->model.cpu, &rec, 0, _RET_IP_, 0);
	rec.cyc.ctx.repeat = cycles;
	while (ia64_model_run(&sc->model, &rec, &progress))
		;
	if (ia64_model_irq_pending(&sc->model))
		sim_arm_irq(sc, READ_ONCE(irq_delay_ns));
}

#define SIM_ACCESS(expr)						\
({									\
	struct sim_cpu *__sc = sim_this_cpu();				\
	struct ia64_model *m = &__sc->model;				\
	unsigned long flags;						\
	typeof(expr) __v;						\
									\
	local_irq_save(flags);						\
	sim_advance(__sc);						\
	__v = (expr);							\
	local_irq_restore(flags);					\
	__v;								\
})

#define SIM_ACCESS_VOID(expr)						\
do {									\
	struct sim_cpu *__sc = sim_this_cpu();				\
	struct ia64_model *m = &__sc->model;				\
	unsigned long flags;						\
									\
	local_irq_save(flags);						\
	sim_advance(__sc);						\
	expr;								\
	local_irq_restore(flags);					\
} while (0)

u64 ia64_pmu_read_pmc(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_pmc(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_pmc);

void ia64_pmu_write_pmc(unsigned int idx, u64 val)
{
	struct sim_cpu *sc = sim_this_cpu();

	if (idx == 0) {
		if (fault_stuck_fr)
			val |= 1;	/* PMC0.fr, [ITA-RM] §6.2.3 */
		if (READ_ONCE(fault_lose_pmc0_writes)) {
			WRITE_ONCE(fault_lose_pmc0_writes,
				   fault_lose_pmc0_writes - 1);
			sc->lost_pmc0_writes++;
			return;
		}
	}
	SIM_ACCESS_VOID(ia64_model_write_pmc(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_pmc);

u64 ia64_pmu_read_pmd(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_pmd(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_pmd);

void ia64_pmu_write_pmd(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_pmd(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_pmd);

u64 ia64_pmu_read_ibr(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_ibr(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_ibr);

void ia64_pmu_write_ibr(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_ibr(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_ibr);

u64 ia64_pmu_read_dbr(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_dbr(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_dbr);

void ia64_pmu_write_dbr(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_dbr(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_dbr);

/* The model's register writes take effect at once: srlz orders nothing */
void ia64_pmu_srlz(void)
{
}
EXPORT_SYMBOL_GPL(ia64_pmu_srlz);

u64 ia64_pmu_get_psr(void)
{
	return SIM_ACCESS(ia64_model_get_psr(m));
}
EXPORT_SYMBOL_GPL(ia64_pmu_get_psr);

/* One rsm or ssm instruction on Itanium */
static void sim_psr_bit(u64 bit, bool on)
{
	SIM_ACCESS_VOID(ia64_model_psr_bits(m, bit, on));
}

void ia64_pmu_psr_pp(bool on)
{
	sim_psr_bit(IA64_PMU_PSR_PP, on);
}
EXPORT_SYMBOL_GPL(ia64_pmu_psr_pp);

void ia64_pmu_psr_up(bool on)
{
	sim_psr_bit(IA64_PMU_PSR_UP, on);
}
EXPORT_SYMBOL_GPL(ia64_pmu_psr_up);

void ia64_pmu_psr_sp(bool on)
{
	sim_psr_bit(IA64_PMU_PSR_SP, on);
}
EXPORT_SYMBOL_GPL(ia64_pmu_psr_sp);

long ia64_pmu_pal_perf_mon_info(u64 *buf, u64 *info)
{
	return SIM_ACCESS(ia64_model_pal_perf_mon_info(m, buf, info));
}
EXPORT_SYMBOL_GPL(ia64_pmu_pal_perf_mon_info);

u64 ia64_pmu_cpuid_version(void)
{
	return SIM_ACCESS(ia64_model_cpuid3(m));
}
EXPORT_SYMBOL_GPL(ia64_pmu_cpuid_version);

int ia64_pmu_request_irq(irq_handler_t handler)
{
	if (cmpxchg(&sim_handler, NULL, handler))
		return -EBUSY;
	return 0;
}
EXPORT_SYMBOL_GPL(ia64_pmu_request_irq);

void ia64_pmu_free_irq(void)
{
	WRITE_ONCE(sim_handler, NULL);
	/* an interrupt being delivered on another CPU finishes first */
	synchronize_rcu();
}
EXPORT_SYMBOL_GPL(ia64_pmu_free_irq);

/*
 * Deliver the PMU interrupt to the driver, in hard-interrupt context,
 * with @regs as the interrupted state.
 */
static void sim_deliver(struct sim_cpu *sc, struct pt_regs *regs)
{
	irq_handler_t handler = READ_ONCE(sim_handler);
	struct pt_regs *old;

	lockdep_assert_irqs_disabled();
	ia64_model_irq_ack(&sc->model);
	if (!handler)
		return;		/* vector unclaimed: the interrupt is lost */
	old = set_irq_regs(regs);
	sc->irqs_delivered++;
	if (handler(0, NULL) == IRQ_NONE)
		sc->irqs_unhandled++;
	set_irq_regs(old);
	/*
	 * The handler's own time, long under emulation and spent with the
	 * PMU frozen, is not execution of the interrupted program: the
	 * free-running clock skips it.
	 */
	sc->fr_last_ns = ktime_get_ns();
}

static enum hrtimer_restart sim_irq_timer_fn(struct hrtimer *t)
{
	struct sim_cpu *sc = container_of(t, struct sim_cpu, irq_timer);
	struct pt_regs *irq_regs = get_irq_regs();
	struct pt_regs regs;
	bool deliver;

	/*
	 * Going offline cancels a CPU's line (sim_cpu_offline()), but the
	 * removal of its events that follows may raise it again (register
	 * accesses with fault/cycles_per_access): the timer then moves to
	 * another CPU with the dying CPU's hrtimers. The interrupt of an
	 * offline CPU is lost, as on hardware, never taken by another CPU.
	 */
	if (unlikely(sc != this_cpu_ptr(&sim_cpus))) {
		WRITE_ONCE(sc->irq_armed, false);
		return HRTIMER_NORESTART;
	}
	/*
	 * An interrupt raised by an injected record and delivered at once
	 * interrupts that record: its ip and privilege level. A delayed
	 * one interrupts whatever runs when it fires.
	 */
	if (sc->rec_origin) {
		if (sc->rec_cpl == 3 && !(current->flags & PF_KTHREAD))
			regs = *task_pt_regs(current);
		else
			regs = *irq_regs;
		instruction_pointer_set(&regs, sc->rec_ip);
		irq_regs = &regs;
		sc->rec_origin = false;
	}
	/*
	 * Disarmed before the handler runs: an overflow raised by the
	 * handler's own register accesses (fault/cycles_per_access) arms
	 * the line again rather than being lost.
	 */
	deliver = ia64_model_irq_pending(&sc->model) || sc->spurious;
	sc->spurious = false;
	WRITE_ONCE(sc->irq_armed, false);
	if (deliver)
		sim_deliver(sc, irq_regs);
	return HRTIMER_NORESTART;
}

/*
 * Fire the interrupt line @delay ns from now (irqs off, this CPU).
 * Returns false if it was armed already, with its own delay.
 */
static bool sim_arm_irq(struct sim_cpu *sc, u64 delay)
{
	if (sc->irq_armed)
		return false;
	sc->irq_armed = true;
	hrtimer_start(&sc->irq_timer, ns_to_ktime(delay),
		      HRTIMER_MODE_REL_PINNED_HARD);
	return true;
}

/*
 * Run one validated record on this CPU. An overflow that freezes the PMU
 * stops the model at that cycle; the interrupt is delivered before the
 * rest of the record runs, as on hardware, unless a delay is set.
 */
static void sim_run_record(const void *rec)
{
	u64 delay = READ_ONCE(irq_delay_ns);
	struct sim_cpu *sc;
	unsigned long flags;
	u64 progress = 0;
	bool wait;
	int more;

	do {
		preempt_disable();
		sc = this_cpu_ptr(&sim_cpus);
		local_irq_save(flags);
		more = ia64_model_run(&sc->model, rec, &progress);
		/*
		 * Wait for the interrupt only if this record armed it at
		 * once: one armed earlier, with a delay, fires in its time.
		 */
		wait = false;
		if (ia64_model_irq_pending(&sc->model) && !sc->irq_armed) {
			if (!delay) {
				sc->rec_origin = true;
				ia64_model_rec_origin(rec, &sc->rec_ip,
						      &sc->rec_cpl);
			}
			wait = sim_arm_irq(sc, delay) && !delay;
		}
		local_irq_restore(flags);
		/*
		 * Bounded: an interrupt that keeps re-arming itself (a storm
		 * of overflows raised by the handler's own accesses) must not
		 * hold this CPU with preemption off (found by the fuzzer).
		 */
		if (wait) {
			u64 until = ktime_get_ns() + SIM_IRQ_WAIT_NS;

			while (READ_ONCE(sc->irq_armed) &&
			       ktime_get_ns() < until)
				cpu_relax();
		}
		preempt_enable();
		cond_resched();
	} while (more);
}

static ssize_t sim_inject_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	size_t off;
	void *buf;
	int ret;

	if (!len || len > SIM_INJECT_MAX)
		return -EINVAL;
	buf = vmemdup_user(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	/* Malformed input is refused whole and changes nothing */
	for (off = 0; off < len; off += ret) {
		ret = ia64_model_check_rec_cpu(sim_model_cpu, buf + off,
					       len - off);
		if (ret < 0)
			goto out;
	}
	for (off = 0; off < len;
	     off += ia64_model_check_rec_cpu(sim_model_cpu, buf + off,
					     len - off))
		sim_run_record(buf + off);
	ret = len;
out:
	kvfree(buf);
	return ret;
}

static const struct file_operations sim_inject_fops = {
	.owner	= THIS_MODULE,
	.write	= sim_inject_write,
	.llseek	= noop_llseek,
};

/* Free-running mode: synthetic execution of whatever runs on the CPU */
static enum hrtimer_restart sim_freerun_fn(struct hrtimer *t)
{
	struct sim_cpu *sc = container_of(t, struct sim_cpu, freerun_timer);
	struct pt_regs *regs = get_irq_regs();
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;

	if (!READ_ONCE(freerun))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(period_ns));
	if (!regs)
		return HRTIMER_RESTART;

	/*
	 * The time since the last catch-up goes to what the tick
	 * interrupted, and so does the time until the next register access
	 * (a sample of user/kernel every period).
	 */
	sc->fr_cpl = user_mode(regs) ? 3 : 0;
	sim_catch_up(sc, 0, sc->fr_cpl, instruction_pointer(regs),
		     user_mode(regs) ? user_stack_pointer(regs) :
				       current_stack_pointer, regs);
	return HRTIMER_RESTART;
}

static void sim_freerun_start(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(&sim_cpus);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;

	if (READ_ONCE(freerun) && !hrtimer_active(&sc->freerun_timer)) {
		sc->fr_last_ns = ktime_get_ns();
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(period_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
	}
}

static ssize_t sim_freerun_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	bool on;
	int ret;

	ret = kstrtobool_from_user(ubuf, len, &on);
	if (ret)
		return ret;
	WRITE_ONCE(freerun, on);
	if (on) {
		cpus_read_lock();
		on_each_cpu(sim_freerun_start, NULL, 1);
		cpus_read_unlock();
	}
	return len;
}

static ssize_t sim_freerun_read(struct file *file, char __user *ubuf,
				size_t len, loff_t *ppos)
{
	char buf[3] = { READ_ONCE(freerun) ? '1' : '0', '\n' };

	return simple_read_from_buffer(ubuf, len, ppos, buf, 2);
}

static const struct file_operations sim_freerun_fops = {
	.owner	= THIS_MODULE,
	.read	= sim_freerun_read,
	.write	= sim_freerun_write,
	.llseek	= default_llseek,
};

/* A new period takes effect at once, not after the old one expires */
static void sim_freerun_rearm(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(&sim_cpus);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;

	if (READ_ONCE(freerun) && hrtimer_active(&sc->freerun_timer))
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(period_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

static int sim_period_set(void *data, u64 val)
{
	if (val < 100 || val > USEC_PER_SEC)
		return -EINVAL;
	WRITE_ONCE(freerun_period_us, val);
	cpus_read_lock();
	on_each_cpu(sim_freerun_rearm, NULL, 1);
	cpus_read_unlock();
	return 0;
}

static int sim_period_get(void *data, u64 *val)
{
	*val = READ_ONCE(freerun_period_us);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_period_fops, sim_period_get, sim_period_set,
			 "%llu\n");

/*
 * The PMU vector sent by software, with nothing on the model's line: a
 * bogus interrupt ([SDM-2] §7.2.4.3, fault/spurious_irq) or the driver
 * raising a pending overflow again. Merged with one already armed, as a
 * vector already pending at the CPU would be.
 */
static void sim_send_vector(struct sim_cpu *sc)
{
	sc->spurious = true;
	sim_arm_irq(sc, 0);
}

static void sim_spurious_irq(void *unused)
{
	sim_send_vector(this_cpu_ptr(&sim_cpus));
}

/*
 * An EAR's exact instruction as the sample's IP; on x86 perf_misc_flags()
 * then reports PERF_RECORD_MISC_EXACT_IP.
 */
void ia64_pmu_set_exact_ip(struct pt_regs *regs, u64 ip)
{
	instruction_pointer_set(regs, ip);
#ifdef PERF_EFLAGS_EXACT
	regs->flags |= PERF_EFLAGS_EXACT;
#endif
}
EXPORT_SYMBOL_GPL(ia64_pmu_set_exact_ip);

/* The driver's resend of the PMU vector (irqs off or on, this CPU) */
void ia64_pmu_raise_irq(void)
{
	unsigned long flags;

	local_irq_save(flags);
	sim_send_vector(sim_this_cpu());
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(ia64_pmu_raise_irq);

/* Returns once the interrupt has been delivered */
static int sim_spurious_set(void *data, u64 cpu)
{
	int ret = -EINVAL;

	cpus_read_lock();
	if (cpu < nr_cpu_ids && cpu_online(cpu))
		ret = smp_call_function_single(cpu, sim_spurious_irq, NULL, 1);
	if (!ret)
		while (READ_ONCE(per_cpu_ptr(&sim_cpus, cpu)->irq_armed))
			usleep_range(10, 100);
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_spurious_fops, NULL, sim_spurious_set, "%llu\n");

/*
 * fault/clobber_regs: the registers that PAL initialises at reset (spec
 * 004 §6.2.9) and the other non-counter registers, left by some earlier
 * user with values that restrict or disturb monitoring: PMC8/9 match no
 * instruction, PMC13.ta and PMC11.pt are 0, PMC10/12 enabled.
 */
static void sim_clobber(void *unused)
{
	struct ia64_model *m = &this_cpu_ptr(&sim_cpus)->model;
	unsigned int i;

	for (i = 8; i < m->nr_pmc; i++)
		ia64_model_write_pmc(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < m->nr_pmd; i++)
		if (i < 4 || i > 7)
			ia64_model_write_pmd(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < IA64_MODEL_NR_IBR; i++)
		ia64_model_write_ibr(m, i, IA64_MODEL_UNDEF);
	for (i = 0; i < IA64_MODEL_NR_DBR; i++)
		ia64_model_write_dbr(m, i, IA64_MODEL_UNDEF);
}

static int sim_clobber_set(void *data, u64 cpu)
{
	int ret = -EINVAL;

	cpus_read_lock();
	if (cpu < nr_cpu_ids && cpu_online(cpu))
		ret = smp_call_function_single(cpu, sim_clobber, NULL, 1);
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_clobber_fops, NULL, sim_clobber_set, "%llu\n");

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
	struct sim_cpu *sc = this_cpu_ptr(&sim_cpus);

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
	if (cpu_online(cpu))
		ret = smp_call_function_single(cpu, sim_snapshot, d, 1);
	else
		ret = -ENODEV;
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
	u32 delay = READ_ONCE(fault_online_delay_ms);

	sim_freerun_start(NULL);
	if (delay)
		msleep(delay);
	return 0;
}

static int sim_cpu_offline(unsigned int cpu)
{
	struct sim_cpu *sc = this_cpu_ptr(&sim_cpus);

	hrtimer_cancel(&sc->freerun_timer);
	hrtimer_cancel(&sc->irq_timer);
	sc->irq_armed = false;
	return 0;
}

/*
 * The debugger's use of the IBRs/DBRs (ptrace on Itanium, the ia64 glue's
 * ia64_dbr_claim()), simulated: debugger/attach <pid> gives a task debug
 * registers (IA64_THREAD_DBG_VALID), refused with EBUSY while perf
 * events have claimed that task's registers or every CPU's;
 * debugger/detach <pid> takes them away (an exec does on Itanium);
 * debugger/load <cpu> is a context switch to a debugged task on that
 * CPU: its breakpoints (IBR/DBR pairs with x, r, w set, [SDM-2]) are
 * loaded into the model and the CPU's load count goes up. The claims of
 * the driver are the same functions as on Itanium, on a table by pid.
 */
#define SIM_DBR_TASKS	256

static DEFINE_SPINLOCK(sim_dbr_lock);
static struct sim_dbr_task {
	struct task_struct *task;	/* NULL: free */
	unsigned int perf_users;	/* claims of the task's events */
	bool debugged;			/* a debugger's registers; a reference */
} sim_dbr_tasks[SIM_DBR_TASKS];
static unsigned int sim_dbr_cpu_users, sim_dbr_debugged;
static DEFINE_PER_CPU(unsigned long, sim_dbr_loads);

/*
 * The entry of @task, a new one if @add; sim_dbr_lock held. By task, not
 * by pid: an exec by a thread changes its pid, and the events that claim
 * hold a reference on their task until their release.
 */
static struct sim_dbr_task *sim_dbr_task(struct task_struct *task, bool add)
{
	struct sim_dbr_task *free = NULL;
	unsigned int i;

	for (i = 0; i < SIM_DBR_TASKS; i++) {
		if (sim_dbr_tasks[i].task == task)
			return &sim_dbr_tasks[i];
		if (!free && !sim_dbr_tasks[i].task)
			free = &sim_dbr_tasks[i];
	}
	if (add && free)
		free->task = task;
	return add ? free : NULL;
}

static void sim_dbr_put(struct sim_dbr_task *t)
{
	if (!t->perf_users && !t->debugged)
		t->task = NULL;
}

int ia64_pmu_dbr_claim(struct task_struct *task)
{
	struct sim_dbr_task *t;
	int ret = 0;

	spin_lock(&sim_dbr_lock);
	if (!task) {
		if (sim_dbr_debugged)
			ret = -EBUSY;
		else
			sim_dbr_cpu_users++;
		goto out;
	}
	t = sim_dbr_task(task, true);
	if (!t)
		ret = -ENOSPC;
	else if (t->debugged)
		ret = -EBUSY;
	else
		t->perf_users++;
out:
	spin_unlock(&sim_dbr_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_claim);

void ia64_pmu_dbr_release(struct task_struct *task)
{
	struct sim_dbr_task *t;

	spin_lock(&sim_dbr_lock);
	if (!task) {
		sim_dbr_cpu_users--;
	} else {
		t = sim_dbr_task(task, false);
		if (!WARN_ON_ONCE(!t || !t->perf_users)) {
			t->perf_users--;
			sim_dbr_put(t);
		}
	}
	spin_unlock(&sim_dbr_lock);
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_release);

unsigned long ia64_pmu_dbr_loads(void)
{
	return this_cpu_read(sim_dbr_loads);
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_loads);

static struct task_struct *sim_dbr_get_task(u64 pid)
{
	struct task_struct *task;
	struct pid *p;

	if (!pid || pid > PID_MAX_LIMIT)
		return NULL;
	p = find_get_pid(pid);
	task = get_pid_task(p, PIDTYPE_PID);
	put_pid(p);
	return task;
}

static int sim_dbr_attach(void *data, u64 pid)
{
	struct task_struct *task = sim_dbr_get_task(pid);
	struct sim_dbr_task *t;
	int ret = 0;

	if (!task)
		return -ESRCH;
	spin_lock(&sim_dbr_lock);
	t = sim_dbr_task(task, true);
	if (!t) {
		ret = -ENOSPC;
	} else if (t->perf_users || sim_dbr_cpu_users) {
		ret = -EBUSY;
		sim_dbr_put(t);
	} else if (!t->debugged) {
		t->debugged = true;	/* keeps the reference */
		sim_dbr_debugged++;
		task = NULL;
	}
	spin_unlock(&sim_dbr_lock);
	if (task)
		put_task_struct(task);
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_attach_fops, NULL, sim_dbr_attach, "%llu\n");

static int sim_dbr_detach(void *data, u64 pid)
{
	struct task_struct *task = sim_dbr_get_task(pid), *held = NULL;
	struct sim_dbr_task *t;

	if (!task)
		return -ESRCH;
	spin_lock(&sim_dbr_lock);
	t = sim_dbr_task(task, false);
	if (t && t->debugged) {
		t->debugged = false;
		sim_dbr_debugged--;
		held = task;
		sim_dbr_put(t);
	}
	spin_unlock(&sim_dbr_lock);
	if (held)
		put_task_struct(held);
	put_task_struct(task);
	return t ? 0 : -ENOENT;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_detach_fops, NULL, sim_dbr_detach, "%llu\n");

/* A debugged task's breakpoints, as its switch-in loads them */
static void sim_dbr_load_regs(void *unused)
{
	struct ia64_model *m = &this_cpu_ptr(&sim_cpus)->model;
	unsigned int i;

	for (i = 0; i < IA64_MODEL_NR_IBR; i += 2) {
		ia64_model_write_ibr(m, i, 0x4000000000100000ULL + i * 0x100);
		/* x, plm 3, the 16 bytes at base */
		ia64_model_write_ibr(m, i + 1, BIT_ULL(63) | (0x8ULL << 56) |
					       (BIT_ULL(56) - 16));
	}
	for (i = 0; i < IA64_MODEL_NR_DBR; i += 2) {
		ia64_model_write_dbr(m, i, 0x6000000000100000ULL + i * 0x100);
		/* r, w, plm 3, 8 bytes */
		ia64_model_write_dbr(m, i + 1, BIT_ULL(63) | BIT_ULL(62) |
					       (0x8ULL << 56) |
					       (BIT_ULL(56) - 8));
	}
	this_cpu_inc(sim_dbr_loads);
}

static int sim_dbr_load(void *data, u64 cpu)
{
	int ret = -EINVAL;

	cpus_read_lock();
	if (cpu < nr_cpu_ids && cpu_online(cpu))
		ret = smp_call_function_single(cpu, sim_dbr_load_regs, NULL, 1);
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_load_fops, NULL, sim_dbr_load, "%llu\n");

static void sim_debugfs_init(void)
{
	struct dentry *dbg;
	struct dentry *fault;
	unsigned long cpu;
	char name[16];

	sim_dir = debugfs_create_dir("ia64_pmu_sim", NULL);
	debugfs_create_file("inject", 0200, sim_dir, NULL, &sim_inject_fops);
	debugfs_create_u64("irq_delay_ns", 0600, sim_dir, &irq_delay_ns);
	debugfs_create_file("freerun", 0600, sim_dir, NULL, &sim_freerun_fops);
	debugfs_create_file_unsafe("freerun_period_us", 0600, sim_dir, NULL,
				   &sim_period_fops);
	fault = debugfs_create_dir("fault", sim_dir);
	debugfs_create_file_unsafe("spurious_irq", 0200, fault, NULL,
				   &sim_spurious_fops);
	debugfs_create_bool("stuck_fr", 0600, fault, &fault_stuck_fr);
	debugfs_create_u32("lose_pmc0_writes", 0600, fault,
			   &fault_lose_pmc0_writes);
	debugfs_create_u64("cycles_per_access", 0600, fault,
			   &fault_cycles_per_access);
	debugfs_create_u32("online_delay_ms", 0600, fault,
			   &fault_online_delay_ms);
	debugfs_create_file_unsafe("clobber_regs", 0200, fault, NULL,
				   &sim_clobber_fops);
	dbg = debugfs_create_dir("debugger", sim_dir);
	debugfs_create_file_unsafe("attach", 0200, dbg, NULL,
				   &sim_dbr_attach_fops);
	debugfs_create_file_unsafe("detach", 0200, dbg, NULL,
				   &sim_dbr_detach_fops);
	debugfs_create_file_unsafe("load", 0200, dbg, NULL,
				   &sim_dbr_load_fops);
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%lu", cpu);
		debugfs_create_file("regs", 0400,
				    debugfs_create_dir(name, sim_dir),
				    (void *)cpu, &sim_regs_fops);
	}
}

static int __init sim_init(void)
{
	unsigned int cpu;
	int ret;

	if (!strcmp(model, "itanium")) {
		sim_model_cpu = IA64_MODEL_ITANIUM;
	} else if (!strcmp(model, "itanium2")) {
		sim_model_cpu = IA64_MODEL_ITANIUM2;
	} else {
		pr_err("unknown model \"%s\"\n", model);
		return -EINVAL;
	}

	for_each_possible_cpu(cpu) {
		struct sim_cpu *sc = per_cpu_ptr(&sim_cpus, cpu);

		ia64_model_init(&sc->model, sim_model_cpu);
		hrtimer_init(&sc->irq_timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		sc->irq_timer.function = sim_irq_timer_fn;
		hrtimer_init(&sc->freerun_timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		sc->freerun_timer.function = sim_freerun_fn;
	}

	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/ia64_pmu_sim:online",
				sim_cpu_online, sim_cpu_offline);
	if (ret < 0)
		return ret;
	sim_hp_state = ret;
	sim_debugfs_init();
	pr_info("modelling the %s PMU (CPUID family 0x%02x) on %u CPUs\n",
		model, sim_model_cpu == IA64_MODEL_ITANIUM2 ? 0x1f : 0x07,
		num_possible_cpus());
	return 0;
}
module_init(sim_init);

static void __exit sim_exit(void)
{
	debugfs_remove_recursive(sim_dir);
	WRITE_ONCE(freerun, false);
	/* the offline callback cancels every CPU's timers */
	cpuhp_remove_state(sim_hp_state);
}
module_exit(sim_exit);

MODULE_DESCRIPTION("Itanium PMU software model (developer testing tool)");
MODULE_LICENSE("GPL");
