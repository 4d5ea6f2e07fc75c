// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzer's operations other than opening events, injecting records and
 * faults (see ia64_pmu_fuzz.c): ioctl, read, mmap and the ring buffer,
 * poll, fcntl, prctl, affinity, busy; CPU1 hotplug; children that fork,
 * exit and exec.
 */

#include "ia64_pmu_fuzz.h"

/* Operations on the open events ----------------------------------- */

static const char *gen_filter(char *buf, size_t len)
{
	static const char *const filters[] = {
		"filter 0x4000000000001000/0x100",
		"start 0x4000000000001000/0x200",
		"stop 0x10@/bin/true",
		"filter 0x1000/0x1000@/proc/self/exe",
		"filter *@/bin/true",
		"filter 0x0/0",
		"start 0xffffffffffffffff/0x10",
		"filter 0x4000000000001000/0x100,stop 0x2000/8",
		"common_pid == 1",
		"",
		"filter",
		"filter 0x10/0x10 filter 0x20/0x20 filter 0x30/0x30 filter 0x40/0x40 filter 0x50/0x50",
	};
	size_t i, n;

	if (chance(80))
		return filters[rnd(ARRAY_SIZE(filters))];
	n = rnd(len - 1);
	for (i = 0; i < n; i++)
		buf[i] = chance(80) ? (char)rnd_between(32, 126) :
				      (char)rnd_between(1, 255);
	buf[n] = 0;
	return buf;
}

static void do_ioctl(struct ev *e)
{
	int fd = e->fd;
	unsigned long flag = chance(30) ? PERF_IOC_FLAG_GROUP :
			     chance(5) ? rnd64() : 0;
	struct perf_event_query_bpf *q;
	char filter[4200];
	union attr_buf b;
	uint64_t v, qbuf[8];
	long ret;
	int what = rnd(13);

	st.ioctls++;
	switch (what) {
	case 0:
		ret = ioctl(fd, PERF_EVENT_IOC_ENABLE, flag);
		break;
	case 1:
		ret = ioctl(fd, PERF_EVENT_IOC_DISABLE, flag);
		break;
	case 2: {
		static const int refresh[] = { 0, 1, 2, 3, 100, -1, INT_MAX };

		ret = ioctl(fd, PERF_EVENT_IOC_REFRESH,
			    refresh[rnd(ARRAY_SIZE(refresh))]);
		break;
	}
	case 3:
		v = gen_period();
		ret = ioctl(fd, PERF_EVENT_IOC_PERIOD, chance(5) ? NULL : &v);
		/* the new period of a sampling event: see repeat_cap() */
		if (!ret && e->period > 1)
			e->period = v;
		break;
	case 4:
		ret = ioctl(fd, PERF_EVENT_IOC_RESET, flag);
		break;
	case 5:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_FILTER,
			    chance(3) ? NULL : gen_filter(filter,
							  sizeof(filter)));
		break;
	case 6:
		ret = ioctl(fd, PERF_EVENT_IOC_ID, chance(5) ? NULL : &v);
		break;
	case 7:
		ret = ioctl(fd, PERF_EVENT_IOC_PAUSE_OUTPUT,
			    chance(90) ? rnd(2) : rnd64());
		break;
	case 8:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT,
			    nr_evs && chance(70) ? pick_ev()->fd :
			    chance(50) ? -1 : (int)rnd(100));
		break;
	case 9:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_BPF,
			    nr_evs && chance(50) ? pick_ev()->fd :
			    (int)rnd(100) - 1);
		break;
	case 10:
		memset(qbuf, 0, sizeof(qbuf));
		q = (void *)qbuf;
		q->ids_len = rnd(8);
		ret = ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, chance(5) ? NULL : q);
		break;
	case 11:
		gen_attr(&b);
		ret = ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES,
			    chance(5) ? NULL : &b.a);
		break;
	default:
		/* an ioctl the perf core does not know */
		ret = ioctl(fd, _IOC(rnd(4), chance(80) ? '$' : rnd(256),
				     rnd_between(12, 255), rnd(64)),
			    (unsigned long)&v);
		break;
	}
	note("fd %d ioctl %d flag %#lx: %ld (errno %d)", fd, what, flag, ret,
	     ret < 0 ? errno : 0);
}

void op_ioctl(void)
{
	struct ev *e = pick_ev();

	if (e)
		do_ioctl(e);
}

void op_read(void)
{
	static const size_t sizes[] = { 0, 1, 7, 8, 16, 24, 31, 32, 40, 48,
					64, 4096 };
	uint64_t buf[512];
	struct ev *e = pick_ev();
	size_t len = sizes[rnd(ARRAY_SIZE(sizes))];
	ssize_t n;

	if (!e)
		return;
	st.reads++;
	n = read(e->fd, buf, len);
	note("fd %d read %zu: %zd", e->fd, len, n);
}

/* A ring buffer: 1 + 2^n pages, or a size perf refuses */
void op_mmap(void)
{
	static const int pages[] = { 1, 2, 3, 5, 9, 17, 4, 1 + 64 };
	struct ev *e = pick_ev();
	struct perf_event_mmap_page *meta;
	int prot = chance(80) ? PROT_READ | PROT_WRITE : PROT_READ;
	size_t len;
	off_t off = chance(3) ? page_size * rnd_between(1, 4) : 0;
	void *p;

	if (!e || e->map)
		return;
	st.mmaps++;
	len = pages[rnd(ARRAY_SIZE(pages))] * page_size;
	p = mmap(NULL, len, prot, MAP_SHARED, e->fd, off);
	note("fd %d mmap %zu pages prot %d off %lld: %s", e->fd,
	     len / page_size, prot, (long long)off,
	     p == MAP_FAILED ? strerror(errno) : "ok");
	if (p == MAP_FAILED)
		return;
	if (off) {
		munmap(p, len);
		return;
	}
	st.mmaps_ok++;
	e->map = p;
	e->map_len = len;
	e->map_rw = prot & PROT_WRITE;
	e->tail = 0;
	meta = p;

	/* an AUX area: this PMU has none */
	if (e->map_rw && len > (size_t)page_size && chance(10)) {
		meta->aux_offset = len;
		meta->aux_size = page_size << rnd(3);
		p = mmap(NULL, meta->aux_size, prot, MAP_SHARED, e->fd,
			 meta->aux_offset);
		note("fd %d aux mmap: %s", e->fd,
		     p == MAP_FAILED ? strerror(errno) : "ok");
		if (p != MAP_FAILED)
			munmap(p, meta->aux_size);
	}
}

void op_munmap(void)
{
	struct ev *e = pick_ev();

	if (e && e->map) {
		note("fd %d munmap", e->fd);
		ev_unmap(e);
	}
}

/*
 * Read the records of a ring buffer. Mapped read-write and written
 * forward, the kernel never writes past data_tail: at most the data size
 * is unread, and every record header is well formed. (Events that share
 * a ring through SET_OUTPUT have the same direction.)
 */
static void ring_drain(struct ev *e)
{
	struct perf_event_mmap_page *meta = e->map;
	uint8_t *data = (uint8_t *)e->map + page_size;
	size_t size = e->map_len - page_size;
	struct perf_event_header h;
	uint64_t head, pos;
	size_t i;

	if (!size)
		return;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	if (!e->map_rw || e->backward) {
		/* overwrite mode or backward: nothing to check or free */
		return;
	}
	if (head - e->tail > size) {
		failure(-1, "ring of fd %d: data_head %llu is %llu bytes past data_tail, more than its %zu",
			e->fd, (unsigned long long)head,
			(unsigned long long)(head - e->tail), size);
		e->tail = head;
		__atomic_store_n(&meta->data_tail, head, __ATOMIC_RELEASE);
		return;
	}
	for (pos = e->tail; pos < head; pos += h.size) {
		for (i = 0; i < sizeof(h); i++)
			((uint8_t *)&h)[i] = data[(pos + i) % size];
		if (h.size < sizeof(h) || h.size % 8 || h.size > head - pos ||
		    !h.type || h.type >= PERF_RECORD_MAX) {
			failure(-1, "ring of fd %d: record at %llu of %llu: type %u size %u",
				e->fd, (unsigned long long)pos,
				(unsigned long long)head, h.type, h.size);
			break;
		}
		st.ring_records++;
	}
	e->tail = head;
	__atomic_store_n(&meta->data_tail, head, __ATOMIC_RELEASE);
}

void op_ring(void)
{
	int i;

	for (i = 0; i < nr_evs; i++)
		if (evs[i].map && chance(50))
			ring_drain(&evs[i]);
}

void op_poll(void)
{
	struct pollfd pfd[4];
	int i, n = rnd_between(1, 4);

	if (!nr_evs)
		return;
	for (i = 0; i < n; i++) {
		pfd[i].fd = pick_ev()->fd;
		pfd[i].events = POLLIN | (chance(20) ? POLLOUT : 0);
	}
	st.polls++;
	poll(pfd, n, 0);
}

/* Wake-ups as signals: SIGIO or a real-time signal, to this process */
void op_fcntl(void)
{
	struct ev *e = pick_ev();

	if (!e)
		return;
	switch (rnd(3)) {
	case 0:
		fcntl(e->fd, F_SETOWN, getpid());
		fcntl(e->fd, F_SETFL, O_ASYNC | (chance(50) ? O_NONBLOCK : 0));
		break;
	case 1:
		fcntl(e->fd, F_SETSIG, chance(50) ? SIGIO : SIGRTMIN + 1);
		break;
	default:
		fcntl(e->fd, F_SETFL, 0);
		break;
	}
}

void op_prctl(void)
{
	prctl(chance(50) ? PR_TASK_PERF_EVENTS_DISABLE :
			   PR_TASK_PERF_EVENTS_ENABLE, 0, 0, 0, 0);
}

void op_affinity(void)
{
	cpu_set_t set;
	int r = rnd(10);

	CPU_ZERO(&set);
	if (r < 4) {
		CPU_SET(0, &set);
	} else if (r < 8) {
		CPU_SET(1, &set);
	} else if (r < 9) {
		CPU_SET(0, &set);
		CPU_SET(1, &set);
	} else {
		CPU_SET(rnd(16), &set);
	}
	st.affinity++;
	sched_setaffinity(0, sizeof(set), &set);
}

/* Stay on the CPU: the core's rotation timer and freerun ticks run */
void op_busy(void)
{
	long ms = rnd(15);

	__atomic_fetch_add(&bp_target, 1, __ATOMIC_RELAXED);
	busy_ms(ms);
	__atomic_fetch_add(&bp_target, ms, __ATOMIC_RELAXED);
}

/* CPU hotplug: CPU1 offline for a window of iterations -------------- */

static long cpu1_back_at;	/* iteration at which CPU1 comes back */
static uint64_t last_hotplug_ms;

int set_cpu1(bool online)
{
	uint64_t t0 = now_ms();
	int ret = write_file(CPU1_ONLINE, online ? "1" : "0");

	last_hotplug_ms = now_ms();
	note("cpu1 %s: %d (%llu ms)", online ? "online" : "offline", ret,
	     (unsigned long long)(last_hotplug_ms - t0));
	if (!ret) {
		cpu1_offline = !online;
		if (online) {
			st.onlines++;
			cpu1_clobbered = false;
			/* CPU1's events ended when it went offline */
			if (sentinels_on) {
				sentinel_open(1);
				sentinel_fresh[1] = true;
			}
		} else {
			st.offlines++;
		}
	}
	return ret;
}

void op_hotplug(void)
{
	if (no_hotplug || cpu1_offline ||
	    now_ms() - last_hotplug_ms < HOTPLUG_GAP_MS)
		return;
	if (!set_cpu1(false))
		cpu1_back_at = iter + rnd_between(1, 40);
}

void expire_hotplug(void)
{
	if (cpu1_offline && iter >= cpu1_back_at &&
	    now_ms() - last_hotplug_ms >= HOTPLUG_GAP_MS / 4)
		set_cpu1(true);
}

/* Children: fork, exit, exec -------------------------------------- */

void reap(bool wait)
{
	int i, status;
	pid_t r;

	for (i = 0; i < nr_children; i++) {
		r = waitpid(children[i], &status, wait ? 0 : WNOHANG);
		if (r == 0)
			continue;
		if (r == children[i] && WIFSIGNALED(status) &&
		    WTERMSIG(status) != SIGKILL) {
			st.child_signals++;
			note("child %d: signal %d", r, WTERMSIG(status));
		}
		/* its failures, printed above, are the fuzzer's */
		if (r == children[i] && WIFEXITED(status) &&
		    WEXITSTATUS(status))
			failure(-1, "child %d: %d failures (above)", r,
				WEXITSTATUS(status));
		children[i--] = children[--nr_children];
	}
}

void kill_children(void)
{
	int i;

	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	reap(true);
}

static void child_ops(int n)
{
	union attr_buf b;
	int i, fd;

	for (i = 0; i < n; i++) {
		switch (rnd(10)) {
		case 0: case 1: case 2:
			op_inject();
			break;
		case 3:
			op_ioctl();	/* the parent's events */
			break;
		case 4:
			op_read();
			break;
		case 5:
			op_affinity();
			break;
		case 6:
			gen_attr(&b);
			fd = sys_perf_event_open(&b.a, 0, -1, -1, 0);
			if (fd >= 0 && nr_evs < MAX_EVENTS)
				ev_add(fd, &b.a);
			break;
		case 7:
			op_busy();
			break;
		case 8:
			op_inject_bad();
			break;
		default:
			sched_yield();
			break;
		}
	}
}

/* @exec: 0 exit, 1 exec this program with --child, 2 exec /bin/true */
static void child_main(uint64_t child_seed, int exec)
{
	char arg[32];
	int i;

	is_child = true;
	st.failures = 0;	/* its own, for its exit status */
	rng_seed(child_seed);
	/* perf does not copy ring buffer mappings into children */
	for (i = 0; i < nr_evs; i++)
		evs[i].map = NULL;
	nr_children = 0;
	child_ops(rnd_between(1, 30));
	snprintf(arg, sizeof(arg), "%llu", (unsigned long long)rnd64());
	if (st.failures)
		_exit(st.failures < 255 ? st.failures : 255);
	if (exec == 1)
		execl("/proc/self/exe", NAME, "--child", arg, (char *)NULL);
	else if (exec == 2)
		execl("/bin/true", "true", (char *)NULL);
	_exit(0);
}

void op_fork(void)
{
	uint64_t child_seed = rnd64();
	int exec = rnd(10) < 3 ? 1 + rnd(2) : 0;
	pid_t pid;

	reap(false);
	if (nr_children >= MAX_CHILDREN)
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		child_main(child_seed, exec);
	note("child %d, exec %d", pid, exec);
	if (pid > 0) {
		children[nr_children++] = pid;
		st.forks++;
		st.execs += !!exec;
	}
}

/* The image exec'd by a child: a few records and events, then exit */
int exec_child_main(uint64_t child_seed)
{
	is_child = true;
	rng_seed(child_seed);
	page_size = sysconf(_SC_PAGESIZE);
	nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	if (!load_pmu())
		return 4;	/* as its parent did (setup()) */
	child_ops(rnd_between(1, 10));
	return st.failures < 255 ? st.failures : 255;
}
