/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CPU hotplug tests of perf_events share: the perf_event_open()
 * system call and CPU1's online switch.
 */
#ifndef __PERF_EVENTS_HOTPLUG_UTIL_H
#define __PERF_EVENTS_HOTPLUG_UTIL_H

#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define CPU1_ONLINE "/sys/devices/system/cpu/cpu1/online"

static inline int sys_perf_event_open(struct perf_event_attr *attr,
				      pid_t pid, int cpu, int group_fd,
				      unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

/* Write "0" or "1" to CPU1's online file: 0, or -1 with errno set */
static inline int set_cpu1_online(int on)
{
	int fd = open(CPU1_ONLINE, O_WRONLY);
	int ret;

	if (fd < 0)
		return -1;
	ret = write(fd, on ? "1" : "0", 1) == 1 ? 0 : -1;
	close(fd);
	return ret;
}

#endif /* __PERF_EVENTS_HOTPLUG_UTIL_H */
