// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode's overflows on time, in the VM whose clock counts
 * instructions (make vm-check-icount: qemu -icount, one CPU). Not a
 * *_test: run-all.sh does not run it in the other VMs.
 *
 * There the emulator raises the guest's timer interrupts at the
 * instruction they are due, whatever the host does. In the other VMs
 * (TCG, the host's clock) a loaded host holds them back: one traced pass
 * of the loop below saw no interrupt at all for 2.1 ms, with the model's
 * catch-up timer due 10 us after the loop began; the model learnt of
 * that time only at the ioctl that ended the loop, and took its ~100
 * overflows there, at that system call. No model can sample code that no
 * interrupt reaches, so what this checks, the model's timing, is checked
 * where the interrupts come on time.
 */

#include <sys/syscall.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_INST	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0)

/*
 * @n (> 0) iterations of two x86_64 instructions, which lie from *@lo up
 * to *@hi
 */
static void loop_between(long n, uint64_t *lo, uint64_t *hi)
{
	uint64_t a, b;

	__asm__ __volatile__("lea 1f(%%rip), %1\n"
			     "lea 2f(%%rip), %2\n"
			     "1:	dec %0\n"
			     "	jnz 1b\n"
			     "2:\n"
			     : "+r" (n), "=&r" (a), "=&r" (b));
	*lo = a;
	*hi = b;
}

FIXTURE(ontime) {
	int dummy;
};

FIXTURE_SETUP(ontime)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(0, sim_set("freerun", "1"));
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(ontime)
{
	sim_set("freerun_period_us", "1000");
}

/*
 * A user-only sampler of instructions (every 20000) over a loop of a
 * million x86 instructions, four times, with the model's timer at 1 s:
 * at least 90 % of the samples' IPs are in the loop. Its catch-up timer
 * is armed for the overflow the counts predict, which is taken where the
 * program runs. Without that timer the overflows were found only at a
 * tick or a register access: at the system call that closed the loop
 * (0 of 169 samples in it with the timer left at its period).
 */
TEST_F(ontime, samples_land_in_the_loop_they_interrupt)
{
	struct perf_event_attr attr;
	uint64_t lo, hi;
	int fd, i, type, in = 0, out = 0, pin, pout;
	union {
		struct perf_event_header h;
		struct {
			struct perf_event_header h;
			uint64_t ip;
		} s;
		uint8_t raw[256];
	} rec;
	struct ring r;

	counting_attr(&attr, CFG_INST);
	attr.exclude_kernel = 1;
	attr.sample_period = 20000;
	attr.sample_type = PERF_SAMPLE_IP;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, sim_set("freerun_period_us", "1000000"));
	for (i = 0; i < 4; i++) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		loop_between(500000, &lo, &hi);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		pin = 0;
		pout = 0;
		while ((type = ring_next(&r, &rec, sizeof(rec)))) {
			if (type != PERF_RECORD_SAMPLE)
				continue;
			if (rec.s.ip >= lo && rec.s.ip <= hi)
				pin++;
			else
				pout++;
		}
		TH_LOG("pass %d: %d samples in the loop, %d outside", i, pin,
		       pout);
		in += pin;
		out += pout;
	}
	TH_LOG("%d samples in the loop, %d outside", in, out);
	EXPECT_GE(in + out, 8);
	EXPECT_GE(in * 10, (in + out) * 9);
	ring_unmap(&r);
	close(fd);
}

/* @n getppid() calls in a row, with some 5 x86 instructions between two */
static void getppid_n(long n)
{
	long ret;

	while (n--) {
		ret = __NR_getppid;
		__asm__ __volatile__("syscall"
				     : "+a" (ret)
				     : : "rcx", "r11", "memory");
	}
}

/*
 * User-only instructions over 20000 system calls in a row count the few
 * instructions between them, not the entry code outside the model's
 * hooks: fewer than 100 a call. Each user span once held that code (and
 * the hook's own time after its clock read): 1663 instructions a
 * call, which made the three system calls after overwrite_mmap's loop
 * (of perf_event_tests) overflow its sampler of period 10000, whose
 * signal then came in munmap(). A kernel-only count sees the calls.
 */
TEST_F(ontime, back_to_back_system_calls_count_no_user_code)
{
	struct perf_event_attr attr;
	struct count u, k;
	int fdu, fdk;

	counting_attr(&attr, CFG_INST);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	fdu = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fdu, 0);
	attr.exclude_kernel = 0;
	attr.exclude_user = 1;
	fdk = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fdk, 0);
	getppid_n(20000);
	ASSERT_EQ(0, read_count(fdu, &u));
	ASSERT_EQ(0, read_count(fdk, &k));
	TH_LOG("20000 calls: %llu user, %llu kernel instructions",
	       (unsigned long long)u.value, (unsigned long long)k.value);
	EXPECT_LT(u.value, 100 * 20000ULL);
	EXPECT_GT(k.value, 1000 * 20000ULL);
	close(fdu);
	close(fdk);
}

TEST_HARNESS_MAIN
