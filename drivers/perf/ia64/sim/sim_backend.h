/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the simulated backend shared by its files (sim_*.c): the
 * per-CPU state of the modelled PMUs and what each part of the backend
 * offers the others. Not for the driver, which sees only the
 * hardware-access layer of <linux/perf/ia64_pmu.h>.
 */
#ifndef _IA64_PMU_SIM_BACKEND_H
#define _IA64_PMU_SIM_BACKEND_H

#include <linux/hrtimer.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#include "pmu_model.h"

struct dentry;
struct pt_regs;

struct sim_cpu {
	struct ia64_model model;
	struct hrtimer irq_timer;	/* delivers the PMU interrupt */
	struct hrtimer freerun_timer;
	/* where the record that raised the interrupt executed */
	u64 rec_ip;
	unsigned int rec_cpl;
	bool rec_origin;
	bool irq_armed;
	bool irq_held;			/* until irq_delay_ns is written */
	unsigned long irq_fired;	/* times irq_timer ran */
	bool spurious;			/* the vector sent by software */
	unsigned long lost_pmc0_writes;
	unsigned long irqs_delivered, irqs_unhandled;
	/* free-running mode (sim_freerun.c) */
	struct ia64_model_freerun fr;
	u64 fr_last_ns;			/* time the model has run up to */
	u64 fr_pend_ns[2];		/* time of kernel, user code to run */
	u64 fr_expires;			/* the catch-up timer's expiry */
	u64 fr_edge_ns;			/* a user span's entry code */
	bool fr_user;			/* the CPU runs user code */
	bool fr_running;		/* a catch-up runs on this CPU */
	bool fr_handler;		/* the driver's PMU handler runs */
	bool fr_in_timer;		/* the catch-up timer's callback runs */
	/* the batch in fr_buf; an overflow left its rest to run */
	u32 fr_off, fr_len;
	u64 fr_progress;		/* of the record at fr_off */
	u64 fr_cycles;
	u64 fr_ip;
	unsigned int fr_cpl;
	bool fr_origin;			/* a user span the entry closed */
	const struct task_struct *fr_task;	/* compared, never used */
	/* events each counter counted in the batch, its PMC at the start */
	u64 fr_delta[IA64_MODEL_CTR_END];
	u64 fr_pmc[IA64_MODEL_CTR_END];
	/* events per 2^16 cycles at cpl 0 and 3, and the PMC they are of */
	u64 fr_rate[2][IA64_MODEL_CTR_END];
	u64 fr_rate_pmc[2][IA64_MODEL_CTR_END];
	u8 fr_buf[IA64_MODEL_FREERUN_BATCH];
};

/*
 * Every CPU's model, allocated at load: a module's static per-CPU data
 * comes from the few KiB the kernel reserves for all modules
 * (PERCPU_MODULE_RESERVE), which this would crowd
 */
extern struct sim_cpu __percpu *sim_cpus;

/*
 * The registers of the calling CPU. Like the real ones, they may only be
 * touched with preemption disabled; each access is atomic with respect
 * to the interrupts that also drive the model.
 */
static inline struct sim_cpu *sim_this_cpu(void)
{
	lockdep_assert_preemption_disabled();
	return this_cpu_ptr(sim_cpus);
}

/* sim_backend.c: the module parameters */
extern bool sim_freerun;
extern enum ia64_model_cpu sim_model_cpu;

/* sim_irq.c: the PMU interrupt */
extern u64 sim_irq_delay_ns;
/* sim_backend.c: run @fn(@arg) on online CPU @cpu (cpus_read_lock held) */
int sim_on_cpu(u64 cpu, smp_call_func_t fn, void *arg);

void sim_raise(struct sim_cpu *sc, struct pt_regs *regs);
bool sim_arm_irq(struct sim_cpu *sc, u64 delay);
void sim_send_vector(struct sim_cpu *sc);
enum hrtimer_restart sim_irq_timer_fn(struct hrtimer *t);
void sim_irq_debugfs_init(struct dentry *dir);

/* sim_inject.c: injected execution records */
void sim_inject_debugfs_init(struct dentry *dir);

/* sim_hw.c: the hardware-access layer */
void sim_advance(struct sim_cpu *sc);

/* sim_freerun.c: the free-running mode */
void sim_fr_access(struct sim_cpu *sc, unsigned long ip);
void sim_fr_handler_enter(struct sim_cpu *sc);
void sim_fr_handler_exit(struct sim_cpu *sc, struct pt_regs *regs);
enum hrtimer_restart sim_freerun_fn(struct hrtimer *t);
void sim_freerun_start(void *unused);
void sim_freerun_debugfs_init(struct dentry *dir);
int sim_freerun_init(void);
void sim_freerun_exit(void);

/* sim_fault.c: fault injection */
extern bool sim_fault_stuck_fr;
extern u32 sim_fault_lose_pmc0_writes;
extern u64 sim_fault_cycles_per_access;
extern u32 sim_fault_online_delay_ms;
extern bool sim_fault_pal_threads_fail;
void sim_fault_debugfs_init(struct dentry *dir);

/* sim_peer.c: another PMU with per-task data (fault/peer_pmu) */
void sim_peer_debugfs_init(struct dentry *fault);
void sim_peer_exit(void);

/* sim_dbr.c: a debugger's use of the IBRs/DBRs */
void sim_dbr_debugfs_init(struct dentry *dir);

#endif /* _IA64_PMU_SIM_BACKEND_H */
