// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's knobs of the PMU model (see ia64_pmu_fuzz.c): fault
 * injection in windows of iterations (op_fault), and the restore of
 * every knob, freerun and CPU1 when the fuzzer ends.
 */

#include "ia64_pmu_fuzz.h"

/* Knobs: the files, the values restored at the end ---------------- */

const char *const knob_path[NR_KNOBS] = {
	SIM_DIR "/fault/stuck_fr",
	SIM_DIR "/fault/lose_pmc0_writes",
	SIM_DIR "/fault/cycles_per_access",
	SIM_DIR "/irq_delay_ns",
	SIM_DIR "/freerun",
	SIM_DIR "/fault/online_delay_ms",
};

long knob_until[NR_KNOBS];
bool knob_present[NR_KNOBS];
char period_us_saved[64] = "1000";
char freerun_saved[2] = "0";
/*
 * The fuzzer runs with the kernel's default perf_cpu_time_max_percent
 * (25): the core throttles sampling from the interrupt durations the
 * driver reports, which bounds an interrupt storm (the suite's other
 * tests run with 0, see run-all.sh)
 */
char max_cpu_saved[64] = "25";

/* Every knob off, irq_delay_ns 0, freerun off. Async-signal-safe. */
void knobs_off(void)
{
	int i;

	for (i = 0; i < NR_KNOBS; i++)
		if (knob_present[i])
			write_file(knob_path[i], "0");
}

/*
 * The end: every fault knob off, irq_delay_ns 0, freerun and
 * freerun_period_us as found (the VM may boot with freerun on).
 */
static void restore_knobs(void)
{
	knobs_off();
	write_file(SIM_DIR "/freerun", freerun_saved);
	write_file(SIM_DIR "/freerun_period_us", period_us_saved);
	write_file(MAX_CPU, max_cpu_saved);
}

void restore_all(void)
{
	int i;

	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	pace_stop();
	restore_knobs();
	if (!no_hotplug)
		write_file(CPU1_ONLINE, "1");
}

/* Faults ---------------------------------------------------------- */

void knob_set(int k, uint64_t val, long window)
{
	char buf[32];
	int ret;

	if (!knob_present[k])
		return;
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)val);
	ret = write_file(knob_path[k], buf);
	note("%s = %s for %ld iterations: %d", knob_path[k] + strlen(SIM_DIR) + 1,
	     buf, window, ret);
	knob_until[k] = ret ? 0 : iter + window;
	if (k != K_FREERUN && k != K_ONLINE_DELAY)
		faulted = true;
}

void knob_off(int k)
{
	write_file(knob_path[k], "0");
	knob_until[k] = 0;
	note("%s = 0", knob_path[k] + strlen(SIM_DIR) + 1);
}

void expire_knobs(void)
{
	int k;

	for (k = 0; k < NR_KNOBS; k++)
		if (knob_until[k] && iter >= knob_until[k])
			knob_off(k);
}

void op_fault(void)
{
	char buf[32];
	long window = rnd_between(1, 40);
	int ret;

	st.faults++;
	switch (rnd(10)) {
	case 0:
		snprintf(buf, sizeof(buf), "%d",
			 chance(90) ? (int)rnd(nr_cpus) : (int)rnd(64));
		ret = write_file(SIM_DIR "/fault/spurious_irq", buf);
		note("spurious_irq %s: %d", buf, ret);
		faulted = true;
		break;
	case 1:
		knob_set(K_STUCK_FR, 1, window);
		break;
	case 2:
		knob_set(K_LOSE_PMC0, rnd_between(1, 4), window);
		break;
	case 3:
		knob_set(K_CYCLES_PER_ACCESS,
			 chance(80) ? rnd_between(1, 2000) : rnd_u64() & 0xfffff,
			 window);
		break;
	case 4:
		knob_set(K_IRQ_DELAY, chance(80) ? rnd(2000000) : rnd(50000000),
			 window);
		break;
	case 5:
		knob_set(K_FREERUN, 1, window);
		break;
	case 6:
		snprintf(buf, sizeof(buf), "%llu",
			 (unsigned long long)(chance(85) ?
					      rnd_between(100, 20000) :
					      rnd_u64()));
		ret = write_file(SIM_DIR "/freerun_period_us", buf);
		note("freerun_period_us %s: %d", buf, ret);
		break;
	case 7:
		/* CPU1 only: its reset values come back when it comes up */
		if (no_hotplug)
			break;
		ret = write_file(SIM_DIR "/fault/clobber_regs", "1");
		note("clobber_regs 1: %d", ret);
		cpu1_clobbered |= ret == 0;
		break;
	case 8:
		knob_set(K_ONLINE_DELAY, rnd_between(1, 100), window);
		break;
	default:
		/* several at once */
		knob_set(K_STUCK_FR, 1, window);
		knob_set(K_IRQ_DELAY, rnd(1000000), window);
		knob_set(K_CYCLES_PER_ACCESS, rnd_between(1, 500), window);
		break;
	}
}
