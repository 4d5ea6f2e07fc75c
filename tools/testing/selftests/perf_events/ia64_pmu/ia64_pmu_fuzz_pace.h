/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzer's pacer: host starvation or a stuck guest?
 *
 * The guest's clock runs at the host's pace, while its emulated CPUs get
 * what the host leaves them: on a loaded host an operation can take the
 * fuzzer's whole timeout of guest time with nothing wrong in the guest.
 * A pacer process times a fixed amount of work every PACE_GAP_US (about
 * 1 % of a CPU) and publishes it in a shared page. When an operation
 * overruns, the page tells:
 * - the pacer's work took PACE_SLOW times its best time or more: the
 *   guest's CPUs run that much slower, the host starves them; the
 *   operation gets the timeout again, at most PACE_EXTENSIONS times;
 * - else the pacer runs at its usual speed (on the other CPU), or it
 *   stopped too: the guest is stuck, a livelock; the run fails.
 * Both are reported with the pacer's numbers.
 */
#ifndef IA64_PMU_FUZZ_PACE_H
#define IA64_PMU_FUZZ_PACE_H

#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define PACE_WORK	200000	/* loop iterations of one measurement */
#define PACE_GAP_US	100000
#define PACE_SLOW	5
#define PACE_EXTENSIONS	3
#define PACE_ALIVE_NS	(10 * 1000000000ULL)

/* Written by the pacer, read by the fuzzer: with PACE_GET/PACE_SET */
struct pace {
	uint64_t beats;		/* measurements made */
	uint64_t best_ns;	/* the fastest one */
	uint64_t last_ns;	/* the latest one */
	uint64_t last_at_ns;	/* when the latest one ended */
	uint64_t worst_ns;	/* the slowest one */
};

#define PACE_GET(f)	__atomic_load_n(&pace->f, __ATOMIC_RELAXED)
#define PACE_SET(f, v)	__atomic_store_n(&pace->f, (v), __ATOMIC_RELAXED)

/* One of each for the fuzzer's files: defined in ia64_pmu_fuzz.c */
extern struct pace *pace;
extern pid_t pacer_pid;

static inline uint64_t pace_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ULL + t.tv_nsec;
}

static void pacer(void)
{
	uint64_t t, i, x = 0;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	for (;;) {
		t = pace_now_ns();
		for (i = 0; i < PACE_WORK; i++) {
			x = x * 31 + i;
			__asm__ __volatile__("" : "+r" (x));	/* kept */
		}
		t = pace_now_ns() - t;
		if (t < PACE_GET(best_ns))
			PACE_SET(best_ns, t);
		if (t > PACE_GET(worst_ns))
			PACE_SET(worst_ns, t);
		PACE_SET(last_ns, t);
		PACE_SET(last_at_ns, pace_now_ns());
		PACE_SET(beats, PACE_GET(beats) + 1);
		usleep(PACE_GAP_US);
	}
}

/* Start the pacer; without it every overrun counts as a livelock */
static inline void pace_start(void)
{
	pace = mmap(NULL, sizeof(*pace), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pace == MAP_FAILED) {
		pace = NULL;
		return;
	}
	PACE_SET(best_ns, ~0ULL);
	pacer_pid = fork();
	if (pacer_pid == 0)
		pacer();
	if (pacer_pid < 0)
		pacer_pid = 0;
}

/* Async-signal-safe */
static inline void pace_stop(void)
{
	if (pacer_pid > 0)
		kill(pacer_pid, SIGKILL);
	pacer_pid = 0;
}

/*
 * Async-signal-safe: is the host starving the guest? The pacer is alive
 * (a measurement in the last PACE_ALIVE_NS) and its latest measurement
 * is PACE_SLOW times its best or more.
 */
static inline int pace_starved(void)
{
	if (!pace || PACE_GET(beats) < 2 ||
	    pace_now_ns() - PACE_GET(last_at_ns) > PACE_ALIVE_NS)
		return 0;
	return PACE_GET(last_ns) >= PACE_SLOW * PACE_GET(best_ns);
}

#endif /* IA64_PMU_FUZZ_PACE_H */
