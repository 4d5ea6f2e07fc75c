/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the driver's pure placement code (ia64_pmu_assign.c,
 * ia64_pmu_groups.c) and the CPU models' descriptions need of the
 * kernel, for place_test.c in userspace
 */
#ifndef __IA64_PMU_PLACE_KSTUB_H
#define __IA64_PMU_PLACE_KSTUB_H

#include <linux/perf_event.h>

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <linux/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;

#define U8_MAX			0xff
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define BITS_PER_TYPE(t)	(sizeof(t) * 8)
#define BITS_PER_LONG		64
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#undef static_assert
#define static_assert(e, ...)	_Static_assert(e, #e)

#define hweight32(x)		__builtin_popcount(x)
#define __ffs(x)		((unsigned long)__builtin_ctzl(x))
#define __fls(x)		((unsigned long)(63 - __builtin_clzl(x)))
#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = 0; (bit) < (size); (bit)++)			\
		if (*(addr) & (1UL << (bit)))

struct list_head { struct list_head *next, *prev; };
struct hrtimer { int unused; };
struct pt_regs;
struct pmu;
struct perf_sample_data;
struct task_struct;
typedef int irqreturn_t;
typedef irqreturn_t (*irq_handler_t)(int, void *);
#define DECLARE_PER_CPU(type, name)	extern type name

/* What the placement reads of an event */
struct hw_perf_event {
	u64 config;
	unsigned long config_base;
	unsigned long event_base;
	int idx;
};

struct perf_event {
	struct hw_perf_event hw;
};

struct perf_branch_stack {
	u64 nr;
	u64 hw_idx;
	struct perf_branch_entry entries[];
};

#endif
