// SPDX-License-Identifier: GPL-2.0
/*
 * Seeded fuzzer of the Itanium PMU driver and of its simulated backend,
 * run inside the test VM:
 *
 *   ia64_pmu_fuzz [--seconds N] [--seed S] [--no-hotplug] [--verbose]
 *
 * Each iteration draws one operation from a generator seeded by S:
 * perf_event_open with a random attr (biased towards the cpu PMU, every
 * field drawn, sometimes all of them at random), groups, every event
 * ioctl, read, poll, fcntl, mmap and the ring buffer, fork, exit and
 * exec with inherited events, CPU affinity, CPU1 offline and online,
 * valid and malformed execution records for the PMU model and short
 * windows of the model's fault knobs. The same seed replays the same
 * operations as long as the kernel answers them the same way. It stops
 * after N seconds (default 60) and prints the seed and iteration count.
 *
 * What it checks; a failure prints the seed, the iteration, the recent
 * operations and the model's registers, and the exit status is 1:
 * - counts: about every two seconds, and after each close_all() (every
 *   few hundred iterations), with every fault knob off, no child left
 *   and, when faults were injected since the last check, after the
 *   driver had RECOVERY_MS of monitored time to recover from them
 *   (its watchdog looks every 100 ms) and the model's PMC0.fr of the
 *   CPU is clear (up to RECOVERY_MAX_MS more: a loaded host stretches
 *   the watchdog's time):
 *   - the sentinels, pinned CPU-wide CPU_CYCLES events (exclude_kernel)
 *     open across the fault windows, count exactly the user-level cycles
 *     this task injects on their CPU. Nothing but the driver itself can
 *     unfreeze a PMU that only CPU-wide events use; half of the
 *     close_all() are followed by such a fault: a CPU-wide sampling
 *     event overflows while a knob is on, then the check;
 *   - a new per-task CPU_CYCLES event (exclude_kernel) of this task on
 *     one CPU counts exactly the user-level cycles injected. Variants:
 *     raw or generic event, pinned, in a group with a retired
 *     instruction count (exact too; IA64_INST_RETIRED, on the Itanium 2
 *     INST_DISPERSED, see inst_es), inherited by a child that injects
 *     its own cycles.
 *   Fuzzed events still open may keep an event off the PMU: a check
 *   only asserts when the event ran all the time it was enabled, and
 *   counts a skip otherwise.
 * - records: a stream built valid by the rules of the uapi header is
 *   accepted; one with a single malformed record is refused (EINVAL);
 * - ring buffers mapped read-write hold at most their size of
 *   well-formed records;
 * - the kernel log gets no WARNING, BUG, UBSAN, lockdep, hung task, soft
 *   lockup or RCU stall report (the VM runner checks the console too).
 *
 * It runs with freerun off. When it ends, also on SIGINT, SIGTERM and
 * failures, every fault knob is off, irq_delay_ns 0, freerun and
 * freerun_period_us are as it found them and CPU1 is online.
 *
 * The program is built from these files, which share ia64_pmu_fuzz.h:
 * - ia64_pmu_fuzz.c: the generator, the shared state, the table of
 *   operations, setup, the main loop and the summary;
 * - ia64_pmu_fuzz_events.c: what the PMU offers, the open events, attr
 *   generation, perf_event_open and groups;
 * - ia64_pmu_fuzz_ops.c: the operations on open events (ioctl, read,
 *   mmap and the ring buffer, poll, fcntl, prctl), affinity, CPU1
 *   hotplug, children (fork, exit, exec);
 * - ia64_pmu_fuzz_records.c: execution records, valid and malformed,
 *   and their injection;
 * - ia64_pmu_fuzz_knobs.c: the model's fault knobs, their windows and
 *   the restore at the end;
 * - ia64_pmu_fuzz_check.c: the count checks, the sentinels, the quiet
 *   faults;
 * - ia64_pmu_fuzz_report.c: the operation log, failures, the kernel log
 *   scan, the signal handlers and the "no progress" report;
 * - ia64_pmu_fuzz_pace.h: the pacer (host starvation or a stuck guest).
 */

#include "ia64_pmu_fuzz.h"

/* Generator ------------------------------------------------------- */

static uint64_t rng;

/* splitmix64: spreads the bits of a seed */
static uint64_t mix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(uint64_t seed)
{
	uint64_t s = seed;

	rng = mix64(&s);
	if (!rng)
		rng = 1;
}

/* xorshift64* */
uint64_t rnd64(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

/* 0 .. n - 1 */
uint64_t rnd(uint64_t n)
{
	return n ? (rnd64() >> 1) % n : 0;
}

bool chance(unsigned int pct)
{
	return rnd(100) < pct;
}

uint64_t rnd_between(uint64_t lo, uint64_t hi)
{
	return lo + rnd(hi - lo + 1);
}

/* A 64-bit value, often one near a boundary */
uint64_t rnd_u64(void)
{
	static const uint64_t edge[] = {
		0, 1, 2, 3, 7, 8, 15, 16, 63, 64, 127, 128, 255, 256, 4095,
		4096, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
		0xffffffff, 0x100000000ULL, 0x7fffffffffffffffULL,
		0x8000000000000000ULL, ~0ULL,
	};

	switch (rnd(5)) {
	case 0:
		return edge[rnd(ARRAY_SIZE(edge))];
	case 1:
		return edge[rnd(ARRAY_SIZE(edge))] + rnd(3) - 1;
	case 2:
		return rnd(1000);
	case 3:
		return 1ULL << rnd(64);
	default:
		return rnd64() >> rnd(64);
	}
}

/* State ----------------------------------------------------------- */

pid_t children[MAX_CHILDREN];
int nr_children;

long page_size;
int nr_cpus;

/* options */
uint64_t seed = 1;
static long seconds = 60;
bool no_hotplug;
bool verbose;

pid_t main_pid;
bool is_child;
long iter;
const char *cur_op = "setup";
uint64_t bp_target;	/* breakpoint events watch it */

bool faulted;		/* a fault since the last count check */
bool cpu1_offline;
bool cpu1_clobbered;

struct fuzz_stats st;

int open_errno_count[140];

/* the pacer's page and process: ia64_pmu_fuzz_pace.h */
struct pace *pace;
pid_t pacer_pid;

/* Time ------------------------------------------------------------ */

uint64_t now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000ULL + t.tv_nsec / 1000000;
}

/* Main loop ------------------------------------------------------- */

struct op {
	const char *name;
	void (*fn)(void);
	unsigned int weight;
};

static const struct op ops[] = {
	{ "open",	op_open,	18 },
	{ "group",	op_open_group,	5 },
	{ "close",	op_close,	6 },
	{ "ioctl",	op_ioctl,	16 },
	{ "read",	op_read,	8 },
	{ "mmap",	op_mmap,	5 },
	{ "munmap",	op_munmap,	2 },
	{ "ring",	op_ring,	6 },
	{ "poll",	op_poll,	2 },
	{ "fcntl",	op_fcntl,	1 },
	{ "prctl",	op_prctl,	1 },
	{ "inject",	op_inject,	16 },
	{ "inject_bad",	op_inject_bad,	6 },
	{ "fork",	op_fork,	3 },
	{ "affinity",	op_affinity,	4 },
	{ "hotplug",	op_hotplug,	2 },
	{ "fault",	op_fault,	4 },
	{ "busy",	op_busy,	2 },
};

static const struct op *pick_op(void)
{
	unsigned int total = 0, r, i;

	for (i = 0; i < ARRAY_SIZE(ops); i++)
		total += ops[i].weight;
	r = rnd(total);
	for (i = 0; r >= ops[i].weight; i++)
		r -= ops[i].weight;
	return &ops[i];
}

static void setup(void)
{
	char buf[64];
	int k;

	main_pid = getpid();
	pace_start();
	page_size = sysconf(_SC_PAGESIZE);
	nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	if (nr_cpus < 1)
		nr_cpus = 1;
	if (nr_cpus < 2 || access(CPU1_ONLINE, W_OK))
		no_hotplug = true;
	if (!load_pmu()) {
		printf("%s: SKIP: the generic PMU's cycles and retired codes are one\n",
		       NAME);
		exit(4);	/* KSFT_SKIP */
	}
	for (k = 0; k < NR_KNOBS; k++)
		knob_present[k] = !access(knob_path[k], W_OK);
	if (read_file(SIM_DIR "/freerun", buf, sizeof(buf)) > 0)
		freerun_saved[0] = buf[0] == '1' ? '1' : '0';
	if (read_file(SIM_DIR "/freerun_period_us", buf, sizeof(buf)) > 0) {
		buf[strcspn(buf, "\n")] = 0;
		snprintf(period_us_saved, sizeof(period_us_saved), "%s", buf);
	}
	if (read_file(MAX_CPU, buf, sizeof(buf)) > 0) {
		buf[strcspn(buf, "\n")] = 0;
		snprintf(max_cpu_saved, sizeof(max_cpu_saved), "%s", buf);
	}
	write_file(MAX_CPU, "25");
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
	setup_signals();
	atexit(at_exit_restore);
	/* a clean start: no window left open by an earlier run */
	knobs_off();
	if (!no_hotplug)
		write_file(CPU1_ONLINE, "1");
	setvbuf(stdout, NULL, _IOLBF, 0);
}

static void print_usage(void)
{
	fprintf(stderr,
		"%s [--seconds N] [--seed S] [--no-hotplug] [--verbose]\n",
		NAME);
	exit(2);
}

static uint64_t parse_num(const char *s)
{
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || !*s || *end)
		print_usage();
	return v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seconds", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "no-hotplug", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "child", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t t0, next_check, deadline;
	long next_close;
	int c, i;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			seconds = parse_num(optarg);
			break;
		case 's':
			seed = parse_num(optarg);
			break;
		case 'n':
			no_hotplug = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'c':
			return exec_child_main(parse_num(optarg));
		default:
			print_usage();
		}
	}
	if (optind != argc)
		print_usage();

	printf("%s: seed %llu\n", NAME, (unsigned long long)seed);
	if (access(SIM_DIR "/inject", W_OK)) {
		printf("%s: %s/inject: %s (is ia64_pmu_sim loaded?)\n", NAME,
		       SIM_DIR, strerror(errno));
		return 1;
	}
	setup();
	rng_seed(seed);
	printf("%s: %d events in %s/events, PMU type %d, %d CPUs%s, %ld s\n",
	       NAME, nr_pmu_events, PMU_DIR, pmu_type, nr_cpus,
	       no_hotplug ? ", no hotplug" : "", seconds);

	sentinels(true);
	t0 = now_ms();
	deadline = t0 + seconds * 1000;
	next_check = t0 + CHECK_EVERY_MS / 2;
	next_close = rnd_between(200, 500);
	for (iter = 1; now_ms() < deadline; iter++) {
		const struct op *op;

		alarm(OP_TIMEOUT_S);
		pace_extended = 0;
		expire_knobs();
		expire_hotplug();
		reap(false);
		if (iter >= next_close) {
			cur_op = "close_all";
			close_all();
			sentinels(chance(67));
			if (chance(50))
				quiet_fault();
			check_count(true);
			next_close = iter + rnd_between(200, 500);
		}
		if (now_ms() >= next_check) {
			check_count(false);
			next_check = now_ms() + rnd_between(CHECK_EVERY_MS / 2,
							    CHECK_EVERY_MS * 3 / 2);
		}
		op = pick_op();
		cur_op = op->name;
		op->fn();
		kmsg_scan();
	}
	iter--;

	/* the end: everything closed, then the PMU still counts exactly */
	cur_op = "end";
	alarm(OP_TIMEOUT_S);
	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	reap(true);
	close_all();
	check_count(true);
	check_count(true);
	sentinels(false);
	if (cpu1_clobbered && !no_hotplug && !set_cpu1(false))
		set_cpu1(true);
	restore_all();
	sleep(1);
	kmsg_scan();
	alarm(0);

	printf("%s: opens %ld/%ld, groups %ld, ioctls %ld, reads %ld, mmaps %ld/%ld, ring records %ld, polls %ld\n",
	       NAME, st.opens_ok, st.opens, st.groups, st.ioctls, st.reads,
	       st.mmaps_ok, st.mmaps, st.ring_records, st.polls);
	printf("%s: injections %ld/%ld valid accepted, %ld malformed, forks %ld (exec %ld), children killed by a signal %ld, signals %ld\n",
	       NAME, st.injects_ok, st.injects, st.bad_injects, st.forks,
	       st.execs, st.child_signals, st.sigs);
	printf("%s: affinity %ld, CPU1 offline %ld online %ld, faults %ld\n",
	       NAME, st.affinity, st.offlines, st.onlines, st.faults);
	printf("%s: perf_event_open errno:", NAME);
	for (i = 0; i < (int)ARRAY_SIZE(open_errno_count); i++)
		if (open_errno_count[i])
			printf(" %s %d", i ? strerrorname_np(i) : "ok",
			       open_errno_count[i]);
	printf("\n");
	printf("%s: count checks %ld: %ld exact (%ld right after faults), %ld skipped (not running all the time)\n",
	       NAME, st.checks, st.checks_ok, st.checks_faults,
	       st.checks_skipped);
	printf("%s: cpu-wide checks %ld: %ld exact (%ld right after faults, %ld quiet fault episodes, %ld at CPU1's online), %ld skipped\n",
	       NAME, st.sentinel_checks, st.sentinel_ok, st.sentinel_faults,
	       st.quiet_faults, st.sentinel_fresh_ok, st.sentinel_skipped);
	printf("%s: %ld failures, %ld kernel problems\n", NAME, st.failures,
	       st.kernel_problems);
	if (pace)
		printf("%s: pacer: %llu measurements, best %llu us, worst %llu us; %ld timeouts waited out on host starvation\n",
		       NAME, (unsigned long long)PACE_GET(beats),
		       (unsigned long long)PACE_GET(best_ns) / 1000,
		       (unsigned long long)PACE_GET(worst_ns) / 1000, st.starved);
	printf("%s: %ld iterations in %llu s, seed %llu\n", NAME, iter,
	       (unsigned long long)(now_ms() - t0 + 500) / 1000,
	       (unsigned long long)seed);
	if (st.failures || st.kernel_problems) {
		printf("%s: FAILED, seed %llu (replay: %s --seconds %ld --seed %llu)\n",
		       NAME, (unsigned long long)seed, NAME, seconds,
		       (unsigned long long)seed);
		return 1;
	}
	return 0;
}
