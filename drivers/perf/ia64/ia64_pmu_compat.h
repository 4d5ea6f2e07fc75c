/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Itanium PMU driver: the perf core interfaces that differ between the
 * kernels the driver is built and tested on, Linux 6.1 (ia64 and x86_64),
 * 6.12 and 7.2 (x86_64). This is the only file of the driver that looks at
 * the kernel version; each difference has its own entry below. The
 * boundaries are the releases that changed the interface; the kernels in
 * between are not tested.
 */
#ifndef __IA64_PMU_COMPAT_H
#define __IA64_PMU_COMPAT_H

#include <linux/hrtimer.h>
#include <linux/perf_event.h>
#include <linux/version.h>

/* Defined in ia64_pmu_ctxsw.c: the context switch of one task's state */
void ia64_pmu_ctxsw(void *task_ctx_data, bool sched_in);

/*
 * pmu->sched_task(). Up to 6.1 it gets the task's perf_event_context,
 * which holds the PMU's task_ctx_data (NULL: the CPU's own context).
 * The perf context rework of 6.2 moved task_ctx_data to the PMU's part
 * of the context, struct perf_event_pmu_context, which the callback gets
 * instead (the CPU's own one has none); 6.12 also passes the task that
 * is switched. The driver needs the task_ctx_data alone.
 *
 * 6.15 moved the data from the context to the task (upstream commits
 * cb4369129339, "perf: Save PMU specific data in task_struct", and
 * bd2da08d9363, "perf: Clean up pmu specific data"): task->perf_ctx_data,
 * freed through RCU when the task's last event with
 * PERF_ATTACH_TASK_DATA goes. The CPU's own context (pmu_ctx->embedded)
 * now comes with a task too, whose data is not the CPU's: NULL there,
 * as before.
 *
 * The data is one per task, not one per PMU: attach_task_ctx_data()
 * takes a reference on the data a task has, whatever PMU's kmem_cache
 * (cd->ctx_cache) it came from, and allocates from the event's PMU's
 * task_ctx_cache only when the task has none. Another PMU's data (x86's
 * LBR call stacks, where both run) is not ours to read or write: an
 * event that would share it is refused (ia64_pmu_task_data_check(),
 * EBUSY), and the context switch uses the data only when it comes from
 * our cache (another PMU may attach between the check and the core's
 * attach): without it the task's BTB and EAR registers start empty at
 * each switch in, as for a context with nothing saved.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
static inline void ia64_pmu_sched_task(struct perf_event_pmu_context *pmu_ctx,
				       struct task_struct *task, bool sched_in)
{
	struct perf_ctx_data *cd = NULL;

	rcu_read_lock();
	if (!pmu_ctx->embedded)
		cd = rcu_dereference(task->perf_ctx_data);
	if (cd && cd->ctx_cache != pmu_ctx->pmu->task_ctx_cache)
		cd = NULL;
	ia64_pmu_ctxsw(cd ? cd->data : NULL, sched_in);
	rcu_read_unlock();
}

/* -EBUSY if the task of @event holds another PMU's live data, else 0 */
static inline int ia64_pmu_task_data_check(struct perf_event *event)
{
	struct task_struct *task = event->hw.target;
	struct perf_ctx_data *cd;
	int ret = 0;

	rcu_read_lock();
	cd = task ? rcu_dereference(task->perf_ctx_data) : NULL;
	if (cd && cd->ctx_cache != event->pmu->task_ctx_cache &&
	    refcount_read(&cd->refcount))
		ret = -EBUSY;
	rcu_read_unlock();
	return ret;
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void ia64_pmu_sched_task(struct perf_event_pmu_context *pmu_ctx,
				       struct task_struct *task, bool sched_in)
{
	ia64_pmu_ctxsw(pmu_ctx ? pmu_ctx->task_ctx_data : NULL, sched_in);
}
#else
static inline void ia64_pmu_sched_task(struct perf_event_context *ctx,
				       bool sched_in)
{
	ia64_pmu_ctxsw(ctx ? ctx->task_ctx_data : NULL, sched_in);
}
#endif

/*
 * Per-task data of a software PMU's events (the model's sim_peer.c). 6.1
 * keeps it in the task's software context, one for all software PMUs, and
 * frees it with the cache of the PMU that created the context: another
 * PMU's data stays allocated. From 6.2 it goes with the PMU's own context.
 */
#define IA64_PMU_SW_TASK_DATA \
	(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0))

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 15, 0)
/* Up to 6.14 each PMU (each context) has data of its own */
static inline int ia64_pmu_task_data_check(struct perf_event *event)
{
	return 0;
}
#endif

/*
 * Branch stack of a sample. From 6.3 the core sizes a sample from
 * data->dyn_size, which perf_sample_save_brstack() accounts the stack in:
 * a driver that only sets data->br_stack writes a sample whose header
 * is too short for it. 6.8 added a fourth argument, the per-branch event
 * counters (none here). 6.1 has no helper: the core sizes the stack from
 * data->br_stack itself.
 */
static inline void ia64_pmu_save_brstack(struct perf_sample_data *data,
					 struct perf_event *event,
					 struct perf_branch_stack *brs)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	perf_sample_save_brstack(data, event, brs, NULL);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	perf_sample_save_brstack(data, event, brs);
#else
	data->br_stack = brs;
	data->sample_flags |= PERF_SAMPLE_BRANCH_STACK;
#endif
}

/*
 * The privilege of a CPU-wide event, for the Montecito's thread bit
 * (core patch 0009 exports perf_allow_cpu() on both kernels). Upstream
 * commit 9ec84f79c5a7 ("perf: Remove unnecessary parameter of security
 * check", 6.15) dropped its perf_event_attr; 6.12.y has that change
 * from 6.12.113 on.
 */
static inline int ia64_pmu_allow_cpu(struct perf_event_attr *attr)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0) || \
	(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 113) && \
	 LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0))
	return perf_allow_cpu();
#else
	return perf_allow_cpu(attr);
#endif
}

/*
 * A per-CPU hrtimer in hard interrupt context. hrtimer_setup() (upstream
 * commit 908a1d775422, 6.13) sets the callback with the rest;
 * hrtimer_init() is gone since 6.15 (9779489a31d7, "hrtimers: Delete
 * hrtimer_init()").
 */
static inline void ia64_pmu_hrtimer_setup(struct hrtimer *timer,
					  enum hrtimer_restart (*fn)(struct hrtimer *))
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(timer, fn, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
#else
	hrtimer_init(timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	timer->function = fn;
#endif
}

/*
 * Does the CPU of @timer run hrtimers in high resolution mode (the
 * model's self-IPI of the timer vector, sim_irq.c)? hrtimer_is_hres_active()
 * is gone by 7.2 (hrtimer_hres_active() is private to kernel/hrtimer.c);
 * it read the timer's CPU base, which every kernel here still exposes.
 */
static inline bool ia64_pmu_hrtimer_hres_active(struct hrtimer *timer)
{
	return IS_ENABLED(CONFIG_HIGH_RES_TIMERS) &&
	       timer->base->cpu_base->hres_active;
}

/*
 * perf_pmu_unregister() returns an error since 6.15 (da916e96e2de,
 * "perf: Make perf_pmu_unregister() useable"): -EBUSY for a PMU with
 * event_unmapped (this one's, for user reads) that still has events. Its
 * events hold references on the module, so none is left when it is
 * unloaded. A failure would be a bug: warn.
 */
static inline void ia64_pmu_unregister(struct pmu *pmu)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
	WARN_ON_ONCE(perf_pmu_unregister(pmu));
#else
	perf_pmu_unregister(pmu);
#endif
}

/*
 * The mappings of @event's page: event->mmap_count is an atomic_t in 6.1
 * and 6.12, a refcount_t in 7.2. The boundary is taken as 6.17, whose
 * perf mmap rework converted the mmap counts (not checked against the
 * commit: the kernels in between are not tested).
 */
static inline unsigned int ia64_pmu_event_maps(struct perf_event *event)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
	return refcount_read(&event->mmap_count);
#else
	return atomic_read(&event->mmap_count);
#endif
}

#endif /* __IA64_PMU_COMPAT_H */
