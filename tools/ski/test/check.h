/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks of the glue's and the meter's unit tests: each counts as
 * passed or failed, and a failure prints where and why.
 */
#ifndef SKI_TEST_CHECK_H
#define SKI_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...)						\
	do {								\
		if (cond) {						\
			passed++;					\
		} else {						\
			failed++;					\
			printf("FAIL %s:%d: ", __func__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf("\n");					\
		}							\
	} while (0)

#endif /* SKI_TEST_CHECK_H */
