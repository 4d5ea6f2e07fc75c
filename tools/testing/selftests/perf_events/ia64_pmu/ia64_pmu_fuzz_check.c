// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's checks (see ia64_pmu_fuzz.c): the sentinels (CPU-wide
 * events open across fault windows), the count checks of a new event and
 * the quiet faults (a fault while only CPU-wide events use the PMU).
 */

#include "ia64_pmu_fuzz.h"

/* The sentinels --------------------------------------------------- */

/* CPU-wide CPU_CYCLES events open across fault windows: see sentinel_open */
static int sentinel[2] = { -1, -1 };
/* opened when CPU1 came back online, and no check of it passed since */
bool sentinel_fresh[2];
bool sentinels_on;

/*
 * The sentinels: a pinned CPU-wide CPU_CYCLES event (user level) on each
 * CPU, open across fault windows like a "perf stat -a" in the
 * background. A task switch reprograms the PMU for the task's events,
 * not for them: a driver that does not recover from a fault by itself
 * leaves them frozen. They are open in about two of three periods
 * between two close_all(), so that the PMU also goes without events.
 */
void sentinel_open(int cpu)
{
	struct perf_event_attr attr;

	if (sentinel[cpu] >= 0)
		close(sentinel[cpu]);
	counting_attr(&attr, IA64_PMU_CONFIG(cycles_es, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.pinned = 1;
	attr.exclude_kernel = 1;
	sentinel[cpu] = sys_perf_event_open(&attr, -1, cpu, -1,
					    PERF_FLAG_FD_CLOEXEC);
	note("sentinel on CPU%d: fd %d", cpu, sentinel[cpu]);
}

void sentinels(bool on)
{
	int cpu;

	sentinels_on = on;
	for (cpu = 0; cpu < nr_cpus && cpu < 2; cpu++) {
		if (on && (cpu == 0 || !cpu1_offline)) {
			sentinel_open(cpu);
		} else if (!on && sentinel[cpu] >= 0) {
			close(sentinel[cpu]);
			sentinel[cpu] = -1;
		}
	}
}

/* The count check ------------------------------------------------- */

/*
 * The check's instruction event (inst_es) on CPU1 may count nothing: its
 * qualification registers were clobbered, and on the Itanium 2 and the
 * Montecito the IA-64 instruction event is qualified by them
 */
static bool inst_clobbered(void)
{
	return cpu1_clobbered && inst_qualified;
}

enum {
	CHECK_RAW,
	CHECK_GENERIC,
	CHECK_PINNED,
	CHECK_GROUP,
	CHECK_INHERIT,
	NR_CHECKS,
};

static const char *const check_name[NR_CHECKS] = {
	"raw", "generic", "pinned", "group", "inherit",
};

struct expect {
	uint64_t cycles, inst;
};

/*
 * Records whose user-level IA-64 cycles and instructions are known:
 * cycles records at cpl 3 count, IA-32 ones only where the counters
 * count IA-32 code (ia32_counted: not the Montecito's), at cpl 0 they
 * do not (exclude_kernel); instruction records add inst_es at cpl 3;
 * memory and branch records count neither.
 */
static size_t gen_check_stream(uint8_t *buf, struct expect *x)
{
	size_t len = 0;
	int n = rnd_between(1, MAX_RECS), i;

	for (i = 0; i < n; i++) {
		uint8_t *p = buf + len;

		switch (rnd(6)) {
		case 0: case 1: case 2: {
			struct ia64_pmu_rec_cycles *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_CYCLES;
			r->ctx.ip = chance(80) ? USER_IP + 16 * rnd(4096) :
						 KERNEL_IP;
			r->ctx.repeat = cap_repeat(chance(95) ?
						   rnd_between(1, 300000) :
						   (1ULL << 32) + rnd(1 << 20));
			r->ctx.cpl = chance(75) ? 3 : rnd(3);
			r->ctx.isa = chance(20);
			r->nr_events = gen_events(r->events, 4, inst_es);
			r->hdr.size = sizeof(*r) +
				      r->nr_events * sizeof(r->events[0]);
			if (r->ctx.cpl == 3 && (!r->ctx.isa || ia32_counted))
				x->cycles += r->ctx.repeat;
			len += r->hdr.size;
			break;
		}
		case 3: case 4: {
			struct ia64_pmu_rec_inst *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_INST;
			r->hdr.size = sizeof(*r);
			r->ctx.ip = USER_IP + 16 * rnd(4096);
			r->ctx.repeat = cap_repeat(rnd_between(1, 100000));
			r->ctx.cpl = chance(75) ? 3 : 0;
			r->ctx.slot = rnd(3);
			r->itype = rnd(4);
			r->encoding = gen_encoding();
			r->per_cycle = rnd_between(1, 6);
			if (r->ctx.cpl == 3)
				x->inst += r->ctx.repeat * r->per_cycle;
			len += sizeof(*r);
			break;
		}
		default: {
			struct ia64_pmu_rec_mem *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_MEM;
			r->hdr.size = sizeof(*r);
			r->ctx.ip = USER_IP + 16 * rnd(4096);
			r->ctx.repeat = cap_repeat(rnd_between(1, 10000));
			r->ctx.cpl = 3;
			r->daddr = 0x6000000000000000ULL + 8 * rnd(1 << 16);
			r->encoding = gen_encoding();
			r->latency = rnd(300);
			r->level = rnd(4);
			r->tlb = rnd(4);
			r->op = rnd(2);
			r->size = 8;
			len += sizeof(*r);
			break;
		}
		}
	}
	return len;
}

/*
 * Every knob off and CPU1 online before a count check. Returns false if
 * CPU1 does not come back.
 */
static bool quiesce(void)
{
	int k;

	for (k = 0; k < NR_KNOBS; k++)
		if (knob_until[k])
			knob_off(k);
	if (cpu1_offline && set_cpu1(true)) {
		failure(-1, "hotplug: CPU1 does not come back online: %s",
			strerror(errno));
		return false;
	}
	return true;
}

struct reading {
	uint64_t nr, enabled, running, value[2];
	bool ok;
};

static void read_check(int fd, bool group, struct reading *r)
{
	uint64_t buf[5] = { 0 };
	ssize_t n;

	memset(r, 0, sizeof(*r));
	n = read(fd, buf, sizeof(buf));
	if (group && n == 5 * sizeof(uint64_t)) {
		r->nr = buf[0];
		r->enabled = buf[1];
		r->running = buf[2];
		r->value[0] = buf[3];
		r->value[1] = buf[4];
		r->ok = r->nr == 2;
	} else if (!group && n == 3 * sizeof(uint64_t)) {
		r->nr = 1;
		r->value[0] = buf[0];
		r->enabled = buf[1];
		r->running = buf[2];
		r->ok = true;
	}
}

/*
 * After faults: the driver's watchdog unfreezes a PMU that the core
 * wants counting and whose interrupt or unfreezing write was lost, at
 * its second check, 100-200 ms of that CPU's own time. RECOVERY_MS of
 * wall time is not that on a loaded host, which can hold the CPU longer
 * (a sentinel once counted 0 of 818321 cycles right after). Wait on
 * until the model's PMC0.fr of @cpu is clear, while @fd (read as by
 * read_check()) is on the PMU (its running time grows: off it, the PMU
 * may be frozen on purpose), busy on the CPU if @busy (a per-task
 * event), at most RECOVERY_MAX_MS: then the check judges, and fails if
 * the driver never recovered.
 */
static void await_unfrozen(int cpu, int fd, bool group, bool busy)
{
	uint64_t pmc0, last = ~0ULL;
	struct reading r;
	int ms;

	for (ms = 0; ms < RECOVERY_MAX_MS; ms += 10) {
		pmc0 = sim_model_pmc(cpu, 0);
		read_check(fd, group, &r);
		if (pmc0 == ~0ULL || !(pmc0 & 1) || !r.ok || r.running == last)
			return;
		last = r.running;
		if (busy)
			busy_ms(10);
		else
			usleep(10000);
	}
	note("CPU%d: PMC0 %#llx, frozen after %d ms", cpu,
	     (unsigned long long)pmc0, RECOVERY_MAX_MS);
}

/*
 * The sentinel of @cpu counts exactly the user cycles this task injects
 * there, whenever it ran all that time: no other task injects meanwhile
 * and freerun is off.
 */
static void check_sentinel(int cpu, bool quiet, bool recovering)
{
	uint8_t buf[MAX_RECS * 256];
	struct reading r0, r1;
	struct expect x = { 0 };
	uint64_t got;
	size_t len;
	int ret;

	if (pin_cpu(cpu))
		return;
	st.sentinel_checks++;
	/* PR_TASK_PERF_EVENTS_DISABLE (op_prctl) disables it too */
	ioctl(sentinel[cpu], PERF_EVENT_IOC_ENABLE, 0);
	if (recovering)
		await_unfrozen(cpu, sentinel[cpu], false, false);
	len = gen_check_stream(buf, &x);
	read_check(sentinel[cpu], false, &r0);
	ret = inject(buf, len);
	read_check(sentinel[cpu], false, &r1);
	if (ret) {
		failure(cpu, "sentinel check: records refused: %s",
			strerror(-ret));
		return;
	}
	if (!r0.ok || !r1.ok) {
		/* pinned, it lost its counter to an exclusive event */
		note("sentinel on CPU%d: no reading, reopened", cpu);
		st.sentinel_skipped++;
		sentinel_open(cpu);
		return;
	}
	if (r1.enabled == r0.enabled ||
	    r1.enabled - r0.enabled != r1.running - r0.running) {
		st.sentinel_skipped++;
		return;
	}
	got = r1.value[0] - r0.value[0];
	note("sentinel on CPU%d%s: %llu cycles, counted %llu", cpu,
	     recovering ? ", after faults" : "", (unsigned long long)x.cycles,
	     (unsigned long long)got);
	if (got != x.cycles) {
		failure(cpu, "count check cpu-wide (sentinel) on CPU%d%s%s%s: %llu user cycles injected, %llu counted (ran %llu of %llu ns)",
			cpu, quiet ? ", after close_all" : "",
			recovering ? ", faults before it" : "",
			sentinel_fresh[cpu] ? ", opened at CPU1's online" : "",
			(unsigned long long)x.cycles, (unsigned long long)got,
			(unsigned long long)(r1.running - r0.running),
			(unsigned long long)(r1.enabled - r0.enabled));
		return;
	}
	st.sentinel_fresh_ok += sentinel_fresh[cpu];
	sentinel_fresh[cpu] = false;
	st.sentinel_ok++;
	st.sentinel_faults += recovering;
}

/*
 * A fault while only CPU-wide events use the PMU of @cpu: every fuzzed
 * event closed, no child, a CPU-wide sampling event that overflows while
 * a fault knob is on. The count check follows at once: nothing but the
 * driver itself may bring that PMU back.
 */
void quiet_fault(void)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int cpu = !cpu1_offline && chance(50) ? 1 : 0, fd, ret;
	uint64_t period = rnd_between(100, 100000), n;

	kill_children();
	if (pin_cpu(cpu))
		return;
	counting_attr(&attr, IA64_PMU_CONFIG(cycles_es, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.exclude_kernel = chance(50);
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, -1, cpu, -1, 0);
	if (fd < 0)
		return;
	ev_add(fd, &attr);
	st.quiet_faults++;
	switch (rnd(4)) {
	case 0:
		knob_set(K_LOSE_PMC0, rnd_between(1, 2), 1);
		break;
	case 1:
		knob_set(K_STUCK_FR, 1, 1);
		break;
	case 2:
		knob_set(K_CYCLES_PER_ACCESS, rnd_between(1, 1000), 1);
		break;
	default:
		ret = write_file(SIM_DIR "/fault/spurious_irq",
				 cpu ? "1" : "0");
		note("spurious_irq %d: %d", cpu, ret);
		faulted = true;
		break;
	}
	n = period * rnd_between(1, 5) + rnd(period);
	rec_cycles(&b, USER_IP, n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ret = sim_inject(&b);
	note("CPU%d sampler fd %d period %llu, %llu cycles: %d", cpu, fd,
	     (unsigned long long)period, (unsigned long long)n, ret);
}

/*
 * The sentinels, then a new CPU_CYCLES event of this task on one CPU:
 * inject known records and compare. @quiet: right after close_all().
 */
void check_count(bool quiet)
{
	uint8_t buf[MAX_RECS * 256];
	int variant = rnd(NR_CHECKS), cpu, fd, sib = -1, ret, status = 0;
	bool group = variant == CHECK_GROUP, recovering = faulted;
	struct expect x = { 0 }, cx = { 0 };
	struct reading before, after;
	struct perf_event_attr attr;
	const char *op = cur_op;
	uint64_t got;
	size_t len;
	pid_t pid;

	cur_op = "check";
	st.checks++;
	if (!quiesce())
		goto out;
	faulted = false;
	/* no other task injects records while the sentinels count */
	kill_children();
	if (recovering)
		usleep(RECOVERY_MS * 1000);
	for (cpu = 0; cpu < 2; cpu++)
		if (sentinel[cpu] >= 0)
			check_sentinel(cpu, quiet, recovering);

	cpu = !cpu1_offline && chance(50) ? 1 : 0;
	/* the group's instruction event: no clobbered qualifier of CPU1 */
	if (group && cpu == 1 && inst_clobbered())
		cpu = 0;
	if (pin_cpu(cpu)) {
		failure(-1, "check: cannot run on CPU%d: %s", cpu,
			strerror(errno));
		goto out;
	}

	counting_attr(&attr, IA64_PMU_CONFIG(cycles_es, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	if (variant == CHECK_GENERIC) {
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
	}
	attr.pinned = variant == CHECK_PINNED;
	attr.inherit = variant == CHECK_INHERIT;
	if (group)
		attr.read_format |= PERF_FORMAT_GROUP;
	fd = sys_perf_event_open(&attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		failure(cpu, "check %s: the event does not open: %s",
			check_name[variant], strerror(errno));
		goto out;
	}
	if (group) {
		counting_attr(&attr, IA64_PMU_CONFIG(inst_es, 0));
		attr.type = pmu_type;
		attr.disabled = 0;
		attr.exclude_kernel = 1;
		sib = sys_perf_event_open(&attr, 0, -1, fd,
					  PERF_FLAG_FD_CLOEXEC);
		if (sib < 0) {
			failure(cpu, "check group: the sibling does not open: %s",
				strerror(errno));
			close(fd);
			goto out;
		}
	}

	/*
	 * The driver's watchdog runs while the CPU is monitored: stay, as
	 * without a sentinel the CPU is monitored only while this task runs
	 */
	if (recovering && sentinel[cpu] < 0)
		busy_ms(RECOVERY_MS);
	if (recovering)
		await_unfrozen(cpu, fd, group, true);
	read_check(fd, group, &before);

	len = gen_check_stream(buf, &x);
	ret = inject(buf, len);
	if (ret) {
		failure(cpu, "check %s: its records were refused: %s",
			check_name[variant], strerror(-ret));
		goto close;
	}
	if (variant == CHECK_INHERIT) {
		/* a child counted by the inherited event injects too */
		len = gen_check_stream(buf, &cx);
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			_exit(inject(buf, len) ? 1 : 0);
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			failure(cpu, "check inherit: the child failed (%d, status %#x)",
				pid, status);
			goto close;
		}
		x.cycles += cx.cycles;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	read_check(fd, group, &after);

	if (!after.ok || !before.ok) {
		/* a pinned event that could not go on the PMU reads EOF */
		note("%s on CPU%d: no reading, skipped", check_name[variant],
		     cpu);
		st.checks_skipped++;
		goto close;
	}
	if (after.running != after.enabled || !after.running) {
		note("%s on CPU%d: ran %llu of %llu ns, skipped",
		     check_name[variant], cpu,
		     (unsigned long long)after.running,
		     (unsigned long long)after.enabled);
		st.checks_skipped++;
		goto close;
	}
	got = after.value[0] - before.value[0];
	note("%s on CPU%d%s%s: %llu cycles, counted %llu",
	     check_name[variant], cpu, quiet ? ", alone" : "",
	     recovering ? ", after faults" : "",
	     (unsigned long long)x.cycles, (unsigned long long)got);
	if (got != x.cycles) {
		failure(cpu, "count check %s on CPU%d%s%s: %llu user cycles injected, %llu counted (enabled %llu ns, running %llu ns)",
			check_name[variant], cpu,
			quiet ? ", after close_all" : "",
			recovering ? ", faults before it" : "",
			(unsigned long long)x.cycles,
			(unsigned long long)got,
			(unsigned long long)after.enabled,
			(unsigned long long)after.running);
		goto close;
	}
	if (group && after.value[1] - before.value[1] != x.inst) {
		failure(cpu, "count check group on CPU%d%s: %llu user IA-64 instructions injected, %llu counted",
			cpu, recovering ? ", faults before it" : "",
			(unsigned long long)x.inst,
			(unsigned long long)(after.value[1] - before.value[1]));
		goto close;
	}
	st.checks_ok++;
	st.checks_faults += recovering;
close:
	if (sib >= 0)
		close(sib);
	close(fd);
out:
	cur_op = op;
}
