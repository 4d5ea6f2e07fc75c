// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's events (see ia64_pmu_fuzz.c): what the PMU offers, the
 * table of open events, the generation of a perf_event_attr, and the
 * operations that open and close events (perf_event_open, groups).
 */

#include "ia64_pmu_fuzz.h"

/* Setup: what the PMU offers -------------------------------------- */

static struct pmu_event pmu_events[512];
int nr_pmu_events;
/*
 * The CPU model (caps/pmu_name): the Itanium's event select has 7 bits,
 * the Itanium 2's 8 ([PFM-I2]); event selects from @es_free up have no
 * event (the Itanium: 0x80 and up; the Itanium 2: 0xe0 and up).
 *
 * @inst_es counts the instructions of the check's records whatever PMC8
 * and PMC9 hold: on the Itanium IA64_INST_RETIRED (umask 0000 is
 * untagged, [ITA-RM] Table 7-30); on the Itanium 2 every umask of
 * IA64_TAGGED_INST_RETIRED is tagged by PMC8/9 ([PFM-I2]), which
 * fault/clobber_regs leaves matching what it will until CPU1 comes up
 * again, so INST_DISPERSED, which the model counts for every
 * instruction of a record as it does the retired ones. INST_DISPERSED
 * is qualified by the instruction ranges of PMC14 ([PFM-I2]), which the
 * clobber leaves restricting as well: on the Itanium 2 the group check
 * runs on CPU0 while CPU1 is clobbered (inst_clobbered()).
 *
 * The Montecito's event select has 8 bits too, with events up to 0xf3
 * ([PFM-MONT]). Its IA64_INST_RETIRED (umask 0000) is tagged by PMC32/33,
 * which the clobber leaves as it will too (@inst_qualified), though the
 * model does not qualify by them yet. Its counters' ism is fixed at IA-64
 * only: they count nothing in IA-32 code (@ia32_counted false).
 *
 * The generic model (the driver's PMU built from PAL) has an event on
 * every 8-bit select (no @es_free): PAL's cycles code (@cycles_es, in
 * events/cpu-cycles) counts cycles, its retired code (events/
 * instructions) retired IA-64 instructions, unqualified; every other
 * code what the cycles records list. Where the two codes are one, no
 * code counts instructions alone: the fuzzer does not run. Where the
 * software model's generic processor has ism fixed at IA-64 only (its
 * default but for families 0x07 and 0x1f, sim_gen_shape()), IA-32 code
 * counts nothing (@ia32_counted false).
 */
static unsigned int es_max = 0x7f;
unsigned int es_free = 0x80;
unsigned int cycles_es = ES_CPU_CYCLES;
unsigned int inst_es = ES_IA64_INST_RETIRED;
bool inst_qualified;
bool ia32_counted = true;
int pmu_type = PERF_TYPE_RAW;
static int other_types[32];
static int nr_other_types;
/* the model's ia64_pmu_peer, never drawn (see load_pmu()) */
static int peer_type = -1;
static uint64_t max_sample_rate = 100000;

/* The event select of events/@name, or -1 */
static int event_select(const char *name)
{
	char path[512], buf[64];
	unsigned int es;

	snprintf(path, sizeof(path), PMU_DIR "/events/%s", name);
	if (read_file(path, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "event=%x", &es) != 1)
		return -1;
	return es;
}

/* false: a PMU the fuzzer cannot check (a generic one, see above) */
bool load_pmu(void)
{
	char path[512], buf[64];
	struct dirent *d;
	DIR *dir;

	if (read_file(PMU_DIR "/type", buf, sizeof(buf)) > 0)
		pmu_type = atoi(buf);
	if (pmu_is_generic()) {
		int cyc = event_select("cpu-cycles");
		int ret = event_select("instructions");
		struct gen_shape gs;

		if (cyc < 0 || ret < 0 || cyc == ret)
			return false;
		es_max = 0xff;
		es_free = 0x100;
		cycles_es = cyc;
		inst_es = ret;
		if (!sim_gen_shape(&gs))
			ia32_counted = !gs.ism_fixed;
	} else if (pmu_is_itanium2()) {
		es_max = 0xff;
		es_free = 0xe0;
		inst_es = 0x4d;		/* INST_DISPERSED */
		inst_qualified = true;
	} else if (pmu_is_montecito()) {
		es_max = 0xff;
		es_free = 0xf4;
		inst_qualified = true;
		ia32_counted = false;
	}
	dir = opendir(PMU_DIR "/events");
	while (dir && (d = readdir(dir)) &&
	       nr_pmu_events < (int)ARRAY_SIZE(pmu_events)) {
		unsigned int es, umask;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PMU_DIR "/events/%s", d->d_name);
		if (read_file(path, buf, sizeof(buf)) <= 0 ||
		    sscanf(buf, "event=%x,umask=%x", &es, &umask) != 2 ||
		    es > es_max || umask > 0xf)
			continue;
		pmu_events[nr_pmu_events].es = es;
		pmu_events[nr_pmu_events].umask = umask;
		nr_pmu_events++;
	}
	if (dir)
		closedir(dir);

	/*
	 * The other PMUs: rarely drawn, for mixed groups and wrong types.
	 * Not the model's ia64_pmu_peer (fault/peer_pmu, sim_peer.c): it is
	 * there only once a test registered it, and stays, so that drawing
	 * it would make a seed's run depend on the tests run before. (It was
	 * first kept out because 6.1 leaked its per-task data, which it no
	 * longer asks for there.) Nor its type number among the small random
	 * ones (gen_type()).
	 */
	dir = opendir(EVENT_SOURCES);
	while (dir && (d = readdir(dir)) &&
	       nr_other_types < (int)ARRAY_SIZE(other_types)) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), EVENT_SOURCES "/%s/type",
			 d->d_name);
		if (read_file(path, buf, sizeof(buf)) <= 0)
			continue;
		if (!strcmp(d->d_name, "ia64_pmu_peer"))
			peer_type = atoi(buf);
		else if (atoi(buf) != pmu_type)
			other_types[nr_other_types++] = atoi(buf);
	}
	if (dir)
		closedir(dir);

	if (read_file(MAX_RATE, buf,
		      sizeof(buf)) > 0)
		max_sample_rate = strtoull(buf, NULL, 0);
	return true;
}

/* A named event of the PMU (events/), or NULL */
const struct pmu_event *pick_pmu_event(void)
{
	if (!nr_pmu_events)
		return NULL;
	return &pmu_events[rnd(nr_pmu_events)];
}

/* Events ---------------------------------------------------------- */

struct ev evs[MAX_EVENTS];
int nr_evs;

struct ev *pick_ev(void)
{
	return nr_evs ? &evs[rnd(nr_evs)] : NULL;
}

void ev_unmap(struct ev *e)
{
	if (e->map)
		munmap(e->map, e->map_len);
	e->map = NULL;
}

static void ev_close(int i)
{
	ev_unmap(&evs[i]);
	close(evs[i].fd);
	evs[i] = evs[--nr_evs];
	st.closes++;
}

void close_all(void)
{
	while (nr_evs)
		ev_close(nr_evs - 1);
}

void ev_add(int fd, const struct perf_event_attr *attr)
{
	struct ev *e = &evs[nr_evs++];

	memset(e, 0, sizeof(*e));
	e->fd = fd;
	e->period = attr->freq ? 1 : attr->sample_period;
	e->backward = attr->write_backward;
}

uint64_t gen_period(void)
{
	switch (rnd(10)) {
	case 0: case 1: case 2:
		return rnd_between(1, 100);
	case 3: case 4: case 5: case 6:
		return rnd_between(100, 10000);
	case 7: case 8:
		return rnd_between(10000, 10000000);
	default:
		return rnd_u64();
	}
}

/* @sane: a named event with its fields, else anything */
static uint64_t gen_raw_config(bool sane)
{
	const struct pmu_event *pe = pick_pmu_event();
	uint64_t c;

	if (pe && (sane || chance(85)))
		c = IA64_PMU_CONFIG(pe->es, pe->umask);
	else
		c = IA64_PMU_CONFIG(rnd(128), rnd(16));
	if (chance(25))
		c |= rnd(8) << IA64_PMU_CFG_THRES_SHIFT;
	if (chance(15))
		c |= rnd(4) << IA64_PMU_CFG_ISM_SHIFT;
	if (sane)
		return c;
	if (chance(6))
		c |= 1ULL << rnd(64);
	if (chance(3))
		c = rnd_u64();
	return c;
}

/* sample_type bits that any PMU can give */
#define SANE_SAMPLE_TYPE (PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
			  PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | \
			  PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | \
			  PERF_SAMPLE_ID | PERF_SAMPLE_CPU | \
			  PERF_SAMPLE_PERIOD | PERF_SAMPLE_STREAM_ID | \
			  PERF_SAMPLE_IDENTIFIER)

static uint64_t gen_sample_type(void)
{
	uint64_t t = 0;
	int b;

	if (chance(3))
		return rnd64();
	if (chance(3))
		return rnd64() & (PERF_SAMPLE_MAX - 1);
	for (b = 0; (1ULL << b) < PERF_SAMPLE_MAX; b++)
		if (chance(12))
			t |= 1ULL << b;
	if (chance(60))
		t |= PERF_SAMPLE_IP;
	if (chance(40))
		t |= PERF_SAMPLE_TID;
	return t;
}

/* x86_64 user registers: 0-23 minus ds, es, fs, gs (11-14) */
static uint64_t gen_regs_mask(void)
{
	if (chance(10))
		return rnd_u64();
	return rnd64() & 0xffffffULL & ~(0xfULL << 11);
}

/*
 * Type and config. @sane: an event of our PMU, directly or as a generic
 * hardware or cache event, or a software event (they go in its groups).
 */
static int gen_type(uint64_t *config, bool sane)
{
	unsigned int r = rnd(100);

	if (sane) {
		if (r < 70) {
			*config = gen_raw_config(true);
			return pmu_type;
		}
		if (r < 82) {
			*config = rnd(PERF_COUNT_HW_MAX);
			return PERF_TYPE_HARDWARE;
		}
		if (r < 92) {
			*config = rnd(PERF_COUNT_HW_CACHE_MAX) |
				  rnd(PERF_COUNT_HW_CACHE_OP_MAX) << 8 |
				  rnd(PERF_COUNT_HW_CACHE_RESULT_MAX) << 16;
			return PERF_TYPE_HW_CACHE;
		}
		*config = rnd(PERF_COUNT_SW_MAX);
		return PERF_TYPE_SOFTWARE;
	}
	if (r < 50) {
		*config = gen_raw_config(false);
		return pmu_type;
	}
	if (r < 62) {
		*config = chance(95) ? rnd(PERF_COUNT_HW_MAX + 1) : rnd_u64();
		return PERF_TYPE_HARDWARE;
	}
	if (r < 72) {
		*config = chance(95) ? rnd(PERF_COUNT_HW_CACHE_MAX + 1) |
				       rnd(PERF_COUNT_HW_CACHE_OP_MAX + 1) << 8 |
				       rnd(PERF_COUNT_HW_CACHE_RESULT_MAX + 1)
				       << 16 : rnd_u64();
		return PERF_TYPE_HW_CACHE;
	}
	if (r < 84) {
		*config = chance(95) ? rnd(PERF_COUNT_SW_MAX + 1) : rnd_u64();
		return PERF_TYPE_SOFTWARE;
	}
	if (r < 87) {
		*config = 0;
		return PERF_TYPE_BREAKPOINT;
	}
	if (r < 89) {
		*config = rnd(2000);
		return PERF_TYPE_TRACEPOINT;
	}
	*config = rnd_u64();
	if (r < 92 && nr_other_types)
		return other_types[rnd(nr_other_types)];
	if (r < 96) {
		int type = rnd(64);

		/* the peer's + 64 instead: no PMU here has so high a type */
		return type == peer_type ? type + 64 : type;
	}
	return rnd64();
}

void gen_attr(union attr_buf *b)
{
	struct perf_event_attr *a = &b->a;
	uint64_t config;
	unsigned int i;
	bool sane;

	memset(b, 0, sizeof(*b));

	/* all at random, for our PMU or another type */
	if (chance(4)) {
		for (i = 0; i < sizeof(*a); i += 8) {
			uint64_t v = rnd64();

			memcpy(b->raw + i, &v, 8);
		}
		if (chance(70))
			a->type = chance(60) ? pmu_type : PERF_TYPE_HARDWARE;
		a->size = chance(80) ? sizeof(*a) : rnd(sizeof(*b) + 1);
		return;
	}

	sane = chance(60);
	a->type = gen_type(&config, sane);
	a->config = config;
	a->size = sizeof(*a);
	switch (sane ? -1 : (int)rnd(40)) {
	case 0:
		a->size = 0;	/* means PERF_ATTR_SIZE_VER0 */
		break;
	case 1:
		a->size = PERF_ATTR_SIZE_VER0 + 8 * rnd(8);
		break;
	case 2:
		a->size = rnd(sizeof(*b) + 1);
		break;
	case 3:
		/* bigger than the kernel's: the tail must be 0 */
		a->size = sizeof(*a) + 8 * rnd_between(1, 8);
		if (chance(50))
			b->raw[sizeof(*a) + rnd(a->size - sizeof(*a))] = 1;
		break;
	}

	if (chance(45)) {
		if (chance(25)) {
			a->freq = 1;
			a->sample_freq = chance(90) ?
				rnd_between(1, max_sample_rate) : rnd_u64();
		} else {
			a->sample_period = gen_period();
		}
	}
	if (sane)
		a->sample_type = chance(80) ? rnd64() & SANE_SAMPLE_TYPE : 0;
	else
		a->sample_type = chance(80) ? gen_sample_type() : 0;
	a->read_format = sane || chance(90) ? rnd(PERF_FORMAT_MAX) :
					      rnd_u64();

	a->disabled = chance(50);
	a->inherit = chance(20);
	a->pinned = chance(6);
	a->exclusive = chance(4);
	a->exclude_user = chance(15);
	a->exclude_kernel = chance(35);
	a->exclude_hv = chance(20);
	a->mmap = chance(10);
	a->comm = chance(10);
	a->inherit_stat = chance(8);
	a->enable_on_exec = chance(10);
	a->task = chance(10);
	a->watermark = chance(10);
	a->sample_id_all = chance(25);
	a->context_switch = chance(8);
	a->write_backward = chance(5);
	if (a->watermark)
		a->wakeup_watermark = chance(90) ? rnd(4 * page_size) :
						   rnd_u64();
	else
		a->wakeup_events = chance(70) ? rnd(4) : rnd_u64();
	if (sane) {
		/* 6.1 refuses PERF_SAMPLE_READ on inherited events */
		if (a->inherit)
			a->sample_type &= ~PERF_SAMPLE_READ;
		if (a->sample_type & PERF_SAMPLE_CALLCHAIN)
			a->sample_max_stack = rnd(128);
		return;
	}

	/* the rest: what this PMU does not support, or odd values */
	a->exclude_idle = chance(4);
	a->precise_ip = chance(8) ? rnd(4) : 0;
	a->mmap_data = chance(5);
	a->exclude_host = chance(4);
	a->exclude_guest = chance(4);
	a->exclude_callchain_kernel = chance(8);
	a->exclude_callchain_user = chance(8);
	a->mmap2 = chance(5);
	a->comm_exec = chance(5);
	a->use_clockid = chance(5);
	a->namespaces = chance(3);
	a->ksymbol = chance(3);
	a->bpf_event = chance(3);
	a->aux_output = chance(2);
	a->cgroup = chance(2);
	a->text_poke = chance(2);
	a->build_id = chance(2);
	a->inherit_thread = chance(4);
	a->remove_on_exec = chance(5);
	a->sigtrap = chance(3);
	if (a->sigtrap && chance(80))
		a->remove_on_exec = 1;
	if (chance(2))
		a->__reserved_1 = rnd64();

	if (a->type == PERF_TYPE_BREAKPOINT) {
		static const int types[] = { 1, 2, 3, 4 };

		a->bp_type = chance(90) ? types[rnd(4)] : rnd(32);
		a->bp_addr = chance(85) ? (uintptr_t)&bp_target :
					  rnd_u64() & 0x7fffffffffffULL;
		a->bp_len = chance(90) ? 1U << rnd(4) : rnd_u64();
		if (a->bp_type == 4)
			a->bp_len = sizeof(long);
	} else {
		if (chance(8))
			a->config1 = rnd_u64();
		else if (chance(5))	/* opcode fields, irange_approx */
			a->config1 = (rnd_u64() & IA64_PMU_CFG1_OPC_CARE_MASK) |
				     ((uint64_t)rnd(16) <<
				      IA64_PMU_CFG1_OPC_TYPES_SHIFT) |
				     (chance(30) ?
				      IA64_PMU_CFG1_IRANGE_APPROX : 0) |
				     (chance(30) ? rnd_u64() &
				      IA64_PMU_CFG1_OPC_CARE_MID_MASK : 0);
		else if (chance(4))	/* the IP-EAR, delays past 255 too */
			a->config1 = IA64_PMU_CFG1_IPEAR |
				     (uint64_t)rnd(300) <<
				     IA64_PMU_CFG1_IPEAR_DELAY_SHIFT;
		if (chance(8))
			a->config2 = rnd_u64();
		else if (chance(5))	/* a data range, base | (2^n - 1) */
			a->config2 = 0x6000000000000000ULL |
				     (rnd_u64() & 0xffffff000ULL) |
				     ((1ULL << rnd(24)) - 1);
		if (chance(2))
			a->bp_type = rnd(32);
	}
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK || chance(5))
		a->branch_sample_type = chance(90) ?
			rnd(PERF_SAMPLE_BRANCH_MAX) : rnd_u64();
	/* the IP-EAR takes ANY only, with privilege and output flags */
	if (a->type != PERF_TYPE_BREAKPOINT &&
	    (a->config1 & IA64_PMU_CFG1_IPEAR) && chance(70))
		a->branch_sample_type = PERF_SAMPLE_BRANCH_ANY | rnd(8) |
					(chance(30) ?
					 PERF_SAMPLE_BRANCH_NO_CYCLES : 0);
	if (a->sample_type & PERF_SAMPLE_REGS_USER || chance(3))
		a->sample_regs_user = gen_regs_mask();
	if (a->sample_type & PERF_SAMPLE_STACK_USER || chance(3))
		a->sample_stack_user = chance(85) ? 8 * rnd(1024) : rnd64();
	if (a->use_clockid || chance(2)) {
		static const int clocks[] = {
			CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_REALTIME,
			CLOCK_BOOTTIME, CLOCK_TAI,
		};

		a->clockid = chance(85) ? clocks[rnd(ARRAY_SIZE(clocks))] :
					  (int)rnd64();
	}
	if (a->sample_type & PERF_SAMPLE_REGS_INTR || chance(3))
		a->sample_regs_intr = gen_regs_mask();
	if (chance(3))
		a->aux_watermark = rnd64();
	if (a->sample_type & PERF_SAMPLE_CALLCHAIN || chance(3))
		a->sample_max_stack = chance(85) ? rnd(128) : rnd64();
	if (a->sample_type & PERF_SAMPLE_AUX || chance(2))
		a->aux_sample_size = rnd_u64();
	if (a->sigtrap || chance(2))
		a->sig_data = rnd64();
}

static pid_t pick_child(void)
{
	return nr_children ? children[rnd(nr_children)] : 0;
}

/* perf_event_open of a random attr; returns the fd or -1 */
static int fuzz_open(union attr_buf *b, int group_fd)
{
	unsigned long flags = 0;
	int pid, cpu, fd, r;

	r = rnd(100);
	if (r < 55)
		pid = 0;
	else if (r < 80)
		pid = -1;
	else if (r < 90)
		pid = pick_child();
	else if (r < 95)
		pid = getpid();
	else
		pid = rnd(chance(50) ? 64 : 32768);
	r = rnd(100);
	if (pid == -1 || r < 30)
		cpu = chance(95) ? (int)rnd(nr_cpus) : (int)rnd(64) - 1;
	else
		cpu = -1;

	r = rnd(100);
	if (r < 20)
		flags = PERF_FLAG_FD_CLOEXEC;
	else if (r < 24)
		flags = PERF_FLAG_FD_NO_GROUP;
	else if (r < 26)
		flags = PERF_FLAG_FD_OUTPUT;
	else if (r < 28)
		flags = PERF_FLAG_PID_CGROUP;
	else if (r < 31)
		flags = rnd64();

	st.opens++;
	fd = sys_perf_event_open(chance(1) ? NULL : &b->a, pid, cpu, group_fd,
				 flags);
	if (fd < 0) {
		if (errno < (int)ARRAY_SIZE(open_errno_count))
			open_errno_count[errno]++;
		note("type %u config %#llx pid %d cpu %d group %d flags %#lx: errno %d",
		     b->a.type, (unsigned long long)b->a.config, pid, cpu,
		     group_fd, flags, errno);
		return -1;
	}
	st.opens_ok++;
	open_errno_count[0]++;
	note("type %u config %#llx period %llu pid %d cpu %d group %d: fd %d",
	     b->a.type, (unsigned long long)b->a.config,
	     (unsigned long long)b->a.sample_period, pid, cpu, group_fd, fd);
	return fd;
}

void op_open(void)
{
	union attr_buf b;
	int group = -1, fd;
	unsigned int r;

	if (nr_evs >= MAX_EVENTS) {
		ev_close(rnd(nr_evs));
		return;
	}
	gen_attr(&b);
	r = rnd(100);
	if (r < 30 && nr_evs)
		group = pick_ev()->fd;
	else if (r < 34)
		group = rnd(2) ? 0 : 9999;
	fd = fuzz_open(&b, group);
	if (fd >= 0)
		ev_add(fd, &b.a);
}

/* A leader and siblings of our PMU, often more than the counters */
void op_open_group(void)
{
	union attr_buf b;
	int lead, fd, n, i;

	if (nr_evs + 8 > MAX_EVENTS) {
		close_all();
		return;
	}
	st.groups++;
	gen_attr(&b);
	if (chance(80)) {
		b.a.type = chance(80) ? pmu_type : PERF_TYPE_SOFTWARE;
		b.a.config = b.a.type == pmu_type ? gen_raw_config(true) :
						    rnd(PERF_COUNT_SW_MAX);
		b.a.size = sizeof(b.a);
	}
	lead = fuzz_open(&b, -1);
	if (lead < 0)
		return;
	ev_add(lead, &b.a);
	n = rnd_between(1, 6);
	for (i = 0; i < n; i++) {
		gen_attr(&b);
		if (chance(85)) {
			b.a.type = chance(85) ? pmu_type : PERF_TYPE_SOFTWARE;
			b.a.config = b.a.type == pmu_type ?
				     gen_raw_config(true) :
				     rnd(PERF_COUNT_SW_MAX);
			b.a.size = sizeof(b.a);
			b.a.disabled = chance(20);
		}
		fd = fuzz_open(&b, lead);
		if (fd >= 0)
			ev_add(fd, &b.a);
	}
	if (chance(70))
		ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

void op_close(void)
{
	if (nr_evs)
		ev_close(rnd(nr_evs));
}
