// SPDX-License-Identifier: GPL-2.0
/*
 * An event opened on another task with attr.remove_on_exec leaves that
 * task's context when the task execs, and is detached from the task that
 * opened it (its owner). The perf core took the owner's perf_event_mutex
 * there under the context's mutex, while the owner's
 * prctl(PR_TASK_PERF_EVENTS_ENABLE) takes them the other way round:
 * perf_event_mutex, then each of its events' context mutexes. An owner in
 * that prctl while the target execs deadlocked with it, both tasks in D
 * state for good.
 *
 * Each round a worker, pinned to one CPU, opens events on a child pinned
 * to the other, lets the child exec and toggles its events with the
 * prctl until the child is gone. A monitor (the test's own process)
 * follows the rounds: once no round completes while both the worker and
 * the child sit in D state without being switched in (stall_util.h),
 * they are deadlocked, and the test fails without waiting for them.
 *
 * Software events only.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "hotplug_util.h"
#include "stall_util.h"

#define ROUNDS		500
#define EVENTS		16
#define CHILD_ENV	"REMOVE_ON_EXEC_OWNER_CHILD"

/* The child's new image: nothing to do but leave */
static void __attribute__((constructor)) exec_child(void)
{
	if (getenv(CHILD_ENV))
		_exit(0);
}

/* Shared by the worker and the monitor */
struct progress {
	atomic_uint rounds;
	atomic_int child;
	atomic_int error;	/* errno of a failed step, 0 if none */
};

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort */
}

/* One round: 0, or the errno of the step that failed */
static int round_trip(struct progress *p, int ncpus)
{
	static char *const argv[] = { "remove_on_exec_owner_test", NULL };
	static char *const envp[] = { CHILD_ENV "=1", NULL };
	struct perf_event_attr attr;
	int fd[EVENTS], go[2], i, err = 0, status;
	pid_t child;
	char c = 0;

	if (pipe(go))
		return errno;
	child = fork();
	if (child < 0)
		return errno;
	if (!child) {
		if (ncpus > 1)
			pin(1);
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		execve("/proc/self/exe", argv, envp);
		_exit(2);
	}
	atomic_store(&p->child, child);
	close(go[0]);

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.disabled = 1;
	attr.remove_on_exec = 1;
	for (i = 0; i < EVENTS; i++) {
		fd[i] = sys_perf_event_open(&attr, child, -1, -1, 0);
		if (fd[i] < 0 && !err)
			err = errno;
	}

	/* Let the child exec, and toggle our events until it is gone */
	if (write(go[1], &c, 1) != 1 && !err)
		err = errno;
	close(go[1]);
	do {
		prctl(PR_TASK_PERF_EVENTS_ENABLE, 0, 0, 0, 0);
		prctl(PR_TASK_PERF_EVENTS_DISABLE, 0, 0, 0, 0);
	} while (!waitpid(child, &status, WNOHANG));
	if ((!WIFEXITED(status) || WEXITSTATUS(status)) && !err)
		err = ECHILD;

	for (i = 0; i < EVENTS; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	return err;
}

/* The kernel stack of the stuck owner (not in exec: it can be read) */
static void show_stack(struct __test_metadata *_metadata, pid_t pid)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stack", pid);
	f = fopen(path, "r");
	if (!f)
		return;
	TH_LOG("owner %d:", pid);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		TH_LOG("  %s", line);
	}
	fclose(f);
}

FIXTURE(owner) {};
FIXTURE_SETUP(owner) {}
FIXTURE_TEARDOWN(owner) {}

TEST_F_TIMEOUT(owner, prctl_enable_races_exec_of_target, 3600)
{
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int seen = 0;
	struct stall owner = { 0 }, target = { 0 };
	struct perf_event_attr attr;
	struct progress *p;
	int status, keep;
	pid_t worker;

	p = mmap(NULL, sizeof(*p), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);

	worker = fork();
	ASSERT_GE(worker, 0);
	if (!worker) {
		unsigned int r;

		if (ncpus > 1)
			pin(0);
		/*
		 * An event of ours for the whole test keeps the perf core's
		 * context switch hooks on: otherwise the last close of each
		 * round turns them off and the next open on again, patching
		 * kernel text every round (slow under emulation).
		 */
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = PERF_COUNT_SW_DUMMY;
		keep = sys_perf_event_open(&attr, 0, -1, -1, 0);
		if (keep < 0)
			atomic_store(&p->error, errno);
		for (r = 0; r < ROUNDS && !atomic_load(&p->error); r++) {
			atomic_store(&p->error, round_trip(p, ncpus));
			atomic_store(&p->rounds, r + 1);
		}
		_exit(0);
	}

	/*
	 * The monitor: a poll a second until the worker is done, or until
	 * no round completes while the worker and its child sit in D state
	 * without a context switch for STALL_POLLS polls
	 */
	while (!waitpid(worker, &status, WNOHANG)) {
		int stuck;

		sleep(1);
		stuck = stall_poll(&owner, worker);
		if (stall_poll(&target, atomic_load(&p->child)) < stuck)
			stuck = target.polls;
		if (atomic_load(&p->rounds) != seen) {
			seen = atomic_load(&p->rounds);
			continue;
		}
		if (stuck < STALL_POLLS)
			continue;
		show_stack(_metadata, worker);
		kill(worker, SIGKILL);
		kill(atomic_load(&p->child), SIGKILL);
		ASSERT_EQ(ROUNDS, seen)
			TH_LOG("after round %u: %s (%d polls)", seen,
			       "prctl and exec deadlocked, both in D state and not switched in",
			       STALL_POLLS);
	}
	ASSERT_EQ(0, atomic_load(&p->error))
		TH_LOG("round %u: %s", atomic_load(&p->rounds),
		       strerror(atomic_load(&p->error)));
	ASSERT_EQ(ROUNDS, atomic_load(&p->rounds));
	EXPECT_TRUE(WIFEXITED(status));
}

TEST_HARNESS_MAIN
