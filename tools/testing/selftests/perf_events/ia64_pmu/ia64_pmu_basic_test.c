// SPDX-License-Identifier: GPL-2.0
/*
 * Basic presence checks for the Itanium PMU driver running on its
 * software model: both modules are loaded and the driver is the core
 * PMU ("cpu", PERF_TYPE_RAW), as it is on real Itanium hardware.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/perf_event.h>

#include "kselftest_harness.h"

#define CPU_PMU_TYPE	"/sys/bus/event_source/devices/cpu/type"

static int read_int(const char *path, long *val)
{
	char buf[64], *end;
	FILE *f;
	int ok;

	f = fopen(path, "r");
	if (!f)
		return -errno;
	ok = fgets(buf, sizeof(buf), f) != NULL;
	fclose(f);
	if (!ok)
		return -EIO;
	errno = 0;
	*val = strtol(buf, &end, 10);
	if (errno || end == buf || (*end != '\n' && *end != '\0'))
		return -EINVAL;
	return 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

TEST(cpu_pmu_is_raw_type)
{
	long type = -1;
	int ret;

	ret = read_int(CPU_PMU_TYPE, &type);
	ASSERT_EQ(0, ret) {
		TH_LOG("cannot read %s: %s", CPU_PMU_TYPE, strerror(-ret));
	}
	ASSERT_EQ(PERF_TYPE_RAW, type);
}

TEST(sim_module_loaded)
{
	ASSERT_TRUE(is_dir("/sys/module/ia64_pmu_sim")) {
		TH_LOG("ia64_pmu_sim is not loaded");
	}
}

TEST(driver_module_loaded)
{
	ASSERT_TRUE(is_dir("/sys/module/ia64_pmu")) {
		TH_LOG("ia64_pmu is not loaded");
	}
}

TEST_HARNESS_MAIN
