// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark (reports, asserts nothing): PMU register accesses per context
 * switch, counted by the PMU model of CPU0, between two tasks pinned to
 * CPU0 that ping-pong through pipes: with no events, and with four
 * counting events of ours in each task.
 */

#include <sys/wait.h>

#include "ia64_pmu_test.h"

#define ROUNDS	20000

struct acc {
	uint64_t pmc_r, pmc_w, pmd_r, pmd_w, psr;
};

static int read_acc(struct acc *a)
{
	char line[256];
	FILE *f = fopen(SIM_DIR "/cpu0/regs", "r");
	unsigned long long x, y;

	if (!f)
		return -1;
	memset(a, 0, sizeof(*a));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "pmc_reads %llu pmc_writes %llu", &x, &y) == 2) {
			a->pmc_r = x;
			a->pmc_w = y;
		} else if (sscanf(line, "pmd_reads %llu pmd_writes %llu",
				  &x, &y) == 2) {
			a->pmd_r = x;
			a->pmd_w = y;
		} else if (sscanf(line, "psr_reads %llu psr_changes %llu",
				  &x, &y) == 2) {
			a->psr = x + y;
		}
	}
	fclose(f);
	return 0;
}

static void open_four(void)
{
	static const uint64_t cfg[4] = {
		IA64_PMU_CONFIG(0x12, 0), IA64_PMU_CONFIG(0x08, 0),
		IA64_PMU_CONFIG(0x38, 3), IA64_PMU_CONFIG(0x64, 0),
	};
	struct perf_event_attr attr;
	int i;

	for (i = 0; i < 4; i++) {
		counting_attr(&attr, cfg[i]);
		attr.disabled = 0;
		if (sys_perf_event_open(&attr, 0, -1, -1, 0) < 0) {
			perror("perf_event_open");
			exit(1);
		}
	}
}

static void run(const char *what, int events)
{
	int ab[2], ba[2], i, status;
	struct acc s, e;
	char c = 0;
	pid_t pid;

	if (pipe(ab) || pipe(ba) || pin_cpu(0))
		exit(1);
	pid = fork();
	if (pid == 0) {
		if (events)
			open_four();
		for (i = 0; i < ROUNDS; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	if (events)
		open_four();
	usleep(100000);
	read_acc(&s);
	for (i = 0; i < ROUNDS; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			exit(1);
	read_acc(&e);
	waitpid(pid, &status, 0);
	printf("%-34s per switch: pmc r %.2f w %.2f, pmd r %.2f w %.2f, psr %.2f, total %.2f\n",
	       what,
	       (double)(e.pmc_r - s.pmc_r) / (2 * ROUNDS),
	       (double)(e.pmc_w - s.pmc_w) / (2 * ROUNDS),
	       (double)(e.pmd_r - s.pmd_r) / (2 * ROUNDS),
	       (double)(e.pmd_w - s.pmd_w) / (2 * ROUNDS),
	       (double)(e.psr - s.psr) / (2 * ROUNDS),
	       (double)(e.pmc_r - s.pmc_r + e.pmc_w - s.pmc_w +
			e.pmd_r - s.pmd_r + e.pmd_w - s.pmd_w +
			e.psr - s.psr) / (2 * ROUNDS));
}

int main(void)
{
	printf("ctxsw bench: %d round trips between two tasks on CPU0\n",
	       ROUNDS);
	run("no events", 0);
	run("4 counting events in each task", 1);
	return 0;
}
