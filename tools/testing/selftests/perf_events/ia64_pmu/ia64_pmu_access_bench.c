// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark (reports, asserts nothing): PMU register accesses counted by
 * the PMU model of CPU0
 * - per context switch between two tasks pinned to CPU0 that ping-pong
 *   through pipes: unmonitored <-> unmonitored, monitored <-> unmonitored
 *   and monitored <-> monitored (four counting events per monitored task),
 *   a task and its child that inherited its four events (the core swaps
 *   their contexts, which are clones),
 *   a monitored task whose first event samples with a branch stack
 *   (the branch trace buffer is saved and restored), and a monitored task
 *   that maps its events' pages to read them itself (user monitors,
 *   PSR.sp: ia64_pmu_uread.c);
 * - per overflow interrupt, with one and with four counters overflowing.
 *
 * Any CPU model of the driver: the events are looked up by name in
 * events/ for the model caps/pmu_name names (model_events[]); the cases
 * with a branch stack are "n/a" on a model without a branch buffer (no
 * caps/branches). Run: make vm [MODEL=...] CMD=/tests/ia64_pmu_access_bench
 */

#include <sys/wait.h>

#include "ia64_pmu_test.h"

#define ROUNDS	20000

struct acc {
	uint64_t pmc_r, pmc_w, pmd_r, pmd_w, psr, irqs;
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
		} else if (sscanf(line, "runs %llu irqs %llu", &x, &y) == 2) {
			a->irqs = y;
		}
	}
	fclose(f);
	return 0;
}

static void report(const char *what, const struct acc *s,
		   const struct acc *e, double per)
{
	printf("%-40s pmc r %5.2f w %5.2f, pmd r %5.2f w %5.2f, psr %4.2f, total %5.2f\n",
	       what, (e->pmc_r - s->pmc_r) / per, (e->pmc_w - s->pmc_w) / per,
	       (e->pmd_r - s->pmd_r) / per, (e->pmd_w - s->pmd_w) / per,
	       (e->psr - s->psr) / per,
	       (e->pmc_r - s->pmc_r + e->pmc_w - s->pmc_w + e->pmd_r -
		s->pmd_r + e->pmd_w - s->pmd_w + e->psr - s->psr) / per);
}

#define BRANCHES	2	/* open_events(): the first with a branch stack */
#define INHERITED	3	/* ... inherited by the child: clone contexts */
#define USER_READ	4	/* ... their pages mapped: the task reads them */
#define NR_EVENTS	4

/*
 * The four counting events of each CPU model, by their names in events/:
 * the first counts cycles (the sampling event of the interrupt and branch
 * stack cases), the second retired instructions, and none of them needs
 * an EAR, a cache group or a register besides its counter, so that every
 * model measures the same thing. A NULL name is a raw event: the generic
 * model has only cycles and instructions, with PAL's codes.
 */
static const struct {
	const char *pmu;		/* caps/pmu_name */
	const char *name[NR_EVENTS];
} model_events[] = {
	{ "itanium", { "CPU_CYCLES", "IA64_INST_RETIRED",
		       "ALAT_REPLACEMENT.ALL", "L1D_READS_RETIRED" } },
	{ "itanium2", { "CPU_CYCLES", "IA64_INST_RETIRED",
			"ALAT_CAPACITY_MISS_ALL", "NOPS_RETIRED" } },
	{ "montecito", { "CPU_OP_CYCLES_ALL", "IA64_INST_RETIRED",
			 "ALAT_CAPACITY_MISS_ALL", "NOPS_RETIRED" } },
	{ "generic", { "cpu-cycles", "instructions", NULL, NULL } },
	{ NULL }
};

/* The raw events of the generic model, before raw_config() */
static const uint64_t raw_events[NR_EVENTS] = {
	[2] = IA64_PMU_CONFIG(0x38, 3), [3] = IA64_PMU_CONFIG(0x64, 0),
};

static uint64_t cfg[NR_EVENTS];
static int has_branches;	/* caps/branches: a branch buffer */

/* Is the event select of @config that of one of the first @n events? */
static int es_taken(uint64_t config, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!((cfg[i] ^ config) & IA64_PMU_CFG_ES_MASK))
			return 1;
	return 0;
}

/*
 * Raw event @i (raw_events[]), its event select moved off those of the
 * events before it: four events with four different codes, whatever
 * codes PAL gives cycles and instructions
 */
static uint64_t raw_config(int i)
{
	uint64_t config = raw_events[i];

	while (es_taken(config, i))
		config += 1ULL << IA64_PMU_CFG_ES_SHIFT;
	return config;
}

/* cfg[] and has_branches for the CPU model of caps/pmu_name: 0 or -1 */
static int pick_events(void)
{
	char pmu[64];
	int i, m;

	read_line(PMU_DIR "/caps/pmu_name", pmu, sizeof(pmu));
	pmu[strcspn(pmu, "\n")] = '\0';
	for (m = 0; model_events[m].pmu; m++)
		if (!strcmp(pmu, model_events[m].pmu))
			break;
	if (!model_events[m].pmu) {
		fprintf(stderr, "no events for the PMU \"%s\"\n", pmu);
		return -1;
	}
	printf("%s PMU, events", pmu);
	for (i = 0; i < NR_EVENTS; i++) {
		const char *name = model_events[m].name[i];

		if (name && sysfs_event_lookup(name, &cfg[i])) {
			fprintf(stderr, "\nno event %s\n", name);
			return -1;
		}
		if (name) {
			printf(" %s", name);
		} else {
			cfg[i] = raw_config(i);
			printf(" raw 0x%llx", (unsigned long long)cfg[i]);
		}
	}
	printf("\n");
	has_branches = !access(PMU_DIR "/caps/branches", F_OK);
	return 0;
}

/* @n events of ours on the calling task: counting, or sampling */
/* Open @n events on this task into @fd[] */
static void open_events(int n, uint64_t period, int mode, int *fd)
{
	struct perf_event_attr attr;
	int i;

	for (i = 0; i < n; i++) {
		counting_attr(&attr, period ? cfg[0] : cfg[i]);
		attr.disabled = 0;
		attr.sample_period = period;
		attr.inherit = mode == INHERITED;
		if (mode == BRANCHES && i == 0) {
			attr.sample_period = 1ULL << 40;
			attr.sample_type = PERF_SAMPLE_BRANCH_STACK;
			attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
		}
		fd[i] = sys_perf_event_open(&attr, 0, -1, -1, 0);
		if (fd[i] < 0) {
			perror("perf_event_open");
			exit(1);
		}
		/* the page stays mapped until the task exits */
		if (mode == USER_READ &&
		    mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
			 fd[i], 0) == MAP_FAILED) {
			perror("mmap");
			exit(1);
		}
	}
}

static void ctxsw(const char *what, int parent_events, int child_events)
{
	int ab[2], ba[2], fd[4], i, status;
	struct acc s, e;
	char c = 0;
	pid_t pid;

	if (!has_branches &&
	    (parent_events == BRANCHES || child_events == BRANCHES)) {
		printf("%-40s n/a (no branch buffer)\n", what);
		return;
	}
	if (pipe(ab) || pipe(ba) || pin_cpu(0))
		exit(1);
	/* the child inherits them: the core swaps the two contexts */
	if (parent_events == INHERITED)
		open_events(4, 0, INHERITED, fd);
	fflush(stdout);		/* the child must not print it again */
	pid = fork();
	if (pid == 0) {
		if (child_events)
			open_events(4, 0, child_events, fd);
		for (i = 0; i < ROUNDS; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	if (parent_events && parent_events != INHERITED)
		open_events(4, 0, parent_events, fd);
	usleep(100000);
	read_acc(&s);
	for (i = 0; i < ROUNDS; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			exit(1);
	read_acc(&e);
	waitpid(pid, &status, 0);
	/* the next case starts without this one's events */
	for (i = 0; parent_events && i < 4; i++)
		close(fd[i]);
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	report(what, &s, &e, 2.0 * ROUNDS);
}

/* Accesses per overflow interrupt, @n counters overflowing together */
static void isr(const char *what, int n)
{
	struct rec_buf b = { .len = 0 };
	int status, fd[4];
	struct acc s, e;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (pin_cpu(0))
			_exit(1);
		open_events(n, 1000, 1, fd);
		rec_cycles(&b, 0x4000000000001000ULL, 1000 * 1000, 3,
			   IA64_PMU_ISA_IA64, NULL, 0);
		read_acc(&s);
		if (sim_inject(&b))
			_exit(1);
		read_acc(&e);
		report(what, &s, &e, (double)(e.irqs - s.irqs));
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &status, 0);
}

int main(void)
{
	if (pick_events())
		return 1;
	/*
	 * Free-running counting would overflow the sampling events on its
	 * own, and throttle them, before the injected interrupts are counted
	 */
	if (sim_set("freerun", "0"))
		perror("freerun");
	printf("context switches: %d round trips between two tasks on CPU0, per switch\n",
	       ROUNDS);
	ctxsw("unmonitored <-> unmonitored", 0, 0);
	ctxsw("monitored (4 events) <-> unmonitored", 1, 0);
	ctxsw("monitored <-> monitored (4 events each)", 1, 1);
	ctxsw("monitored <-> its child (4 inherited)", INHERITED, 0);
	ctxsw("monitored, user reads <-> unmonitored", 0, USER_READ);
	ctxsw("monitored, branch stack <-> unmonitored", BRANCHES, 0);
	ctxsw("branch stack <-> branch stack", BRANCHES, BRANCHES);
	printf("overflow interrupts, per interrupt\n");
	isr("1 counter overflowing", 1);
	isr("4 counters overflowing", 4);
	sim_set("freerun", "1");
	return 0;
}
