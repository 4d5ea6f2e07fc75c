/* SPDX-License-Identifier: GPL-2.0 */
/* cpuid_test: the declarations header.c implements (perf's util/header.h) */
#include <stddef.h>

struct perf_pmu;

int get_cpuid(char *buffer, size_t sz);
char *get_cpuid_str(struct perf_pmu *pmu);
