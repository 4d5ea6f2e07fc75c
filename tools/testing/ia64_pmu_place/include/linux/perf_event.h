/* SPDX-License-Identifier: GPL-2.0 */
#include_next <linux/perf_event.h>
#include "kstub.h"
