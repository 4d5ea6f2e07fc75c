/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny test framework: each test is a function registered with TEST();
 * CHECK*() record failures and go on. main() runs all tests (or those
 * whose name contains argv[1]) and ends with
 * "model-unit: N passed, N failed".
 */
#ifndef _MODEL_TEST_H
#define _MODEL_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu_model.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct model_test {
	const char *name;
	void (*fn)(void);
	struct model_test *next;
};

void model_test_register(struct model_test *t);
extern int model_test_failed;

#define TEST(name)							\
	static void name(void);						\
	static struct model_test name##_desc = { #name, name, NULL };	\
	static void __attribute__((constructor)) name##_reg(void)	\
	{								\
		model_test_register(&name##_desc);			\
	}								\
	static void name(void)

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			printf("  %s:%d: CHECK(%s) failed\n",		\
			       __FILE__, __LINE__, #cond);		\
			model_test_failed = 1;				\
		}							\
	} while (0)

#define CHECK_EQ(a, b)							\
	do {								\
		unsigned long long _a = (a), _b = (b);			\
		if (_a != _b) {						\
			printf("  %s:%d: %s == 0x%llx, expected %s == 0x%llx\n", \
			       __FILE__, __LINE__, #a, _a, #b, _b);	\
			model_test_failed = 1;				\
		}							\
	} while (0)

/* Helpers shared by the tests (model_test.c) */

/* A model after init, PMC0 cleared, PSR.up and PSR.pp set, cpl 0 */
void mt_init(struct ia64_model *m);

/* PMC4-7 value: event @es/@umask, plm, flags (oi, pm, ...) */
u64 mt_pmc(unsigned int es, unsigned int umask, unsigned int plm,
	   u64 flags);

/* Record builders: fill @buf, return the record size */
size_t mt_cycles(void *buf, u64 repeat, unsigned int cpl, unsigned int isa,
		 unsigned int nr, const struct ia64_pmu_rec_event *ev);
size_t mt_inst(void *buf, u64 ip, unsigned int slot, unsigned int itype,
	       u64 enc, u64 repeat, unsigned int cpl, unsigned int isa);
size_t mt_mem(void *buf, u64 ip, u64 daddr, unsigned int op,
	      unsigned int level, unsigned int tlb, u32 latency);
size_t mt_fetch(void *buf, u64 ip, unsigned int level, unsigned int tlb,
		u32 latency);
size_t mt_branch(void *buf, u64 ip, unsigned int slot, u64 target,
		 u32 flags, unsigned int predictor);

/*
 * Check a record by the rules of @m's CPU model (a refused one fails the
 * test) and run it to completion, ignoring interrupts
 */
void mt_run_all(struct ia64_model *m, const void *rec);

/* Read PMDn's 32-bit count */
u32 mt_count(struct ia64_model *m, unsigned int n);

/*
 * Read PMDn with PMC0.fr set, as the EAR and BTB PMDs must be read
 * ([ITA-RM] §6.2.1), then put PMC0 back
 */
u64 mt_read_frozen(struct ia64_model *m, unsigned int n);

#endif /* _MODEL_TEST_H */
