/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Telling a deadlocked task from a slow one without a clock: a task that
 * waits for a mutex nobody will release stays in D state and is never
 * switched in again, while one that makes progress, however slowly, is.
 * The deadlock tests poll their tasks with stall_poll() and give up once
 * a task has sat in D state without a single context switch for a
 * number of polls; wall time and the guest's clock play no part.
 */
#ifndef __PERF_EVENTS_STALL_UTIL_H
#define __PERF_EVENTS_STALL_UTIL_H

#include <stdio.h>
#include <string.h>
#include <sys/types.h>

/* Consecutive polls without a switch in D state taken as a deadlock */
#define STALL_POLLS	20

struct stall {
	pid_t pid;
	unsigned long long switches;
	int polls;
};

/*
 * The state letter and the context switches of @pid: 0, or -1 if gone.
 * From /proc/PID/status, which reads them without the task's exec locks
 * (/proc/PID/stat and stack wait for those of a task stuck in exec).
 */
static inline int task_sample(pid_t pid, char *state,
			      unsigned long long *switches)
{
	unsigned long long n;
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	*state = 0;
	*switches = 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "State: %c", state) == 1)
			continue;
		else if (sscanf(line, "voluntary_ctxt_switches: %llu", &n) == 1 ||
			 sscanf(line, "nonvoluntary_ctxt_switches: %llu", &n) == 1)
			*switches += n;
	fclose(f);
	return *state ? 0 : -1;
}

/*
 * One poll of @pid: how many polls in a row it has been in D state
 * without a context switch (0 when it runs, sleeps or is gone)
 */
static inline int stall_poll(struct stall *s, pid_t pid)
{
	unsigned long long switches = 0;
	char state;

	if (task_sample(pid, &state, &switches) || state != 'D')
		s->polls = 0;
	else if (pid != s->pid || switches != s->switches)
		s->polls = 1;
	else
		s->polls++;
	s->pid = pid;
	s->switches = switches;
	return s->polls;
}

#endif /* __PERF_EVENTS_STALL_UTIL_H */
