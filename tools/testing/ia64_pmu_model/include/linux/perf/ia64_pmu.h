/* SPDX-License-Identifier: GPL-2.0 */
/* Shim: <linux/perf/ia64_pmu.h> is the repository's uapi header */
#include "../../../../../../include/uapi/linux/perf/ia64_pmu.h"
