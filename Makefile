# SPDX-License-Identifier: GPL-2.0
#
# Itanium PMU perf_events driver: build, boot and test.
#
#   make demo          install deps, build, boot the VM, perf list + perf stat
#   make check         unit tests, VM kselftests (also on KASAN, and the
#                      Itanium 2 and Montecito suites on 7.2), checkpatch;
#                      ia64-check and ski-check beside them at nice 19
#                      (see check: below)
#   make ski-check     the driver's ia64 tests in Ski, the IA-64 simulator,
#                      on each PMU identity (tools/ski; SKI_SRC, HPSIM_PATCH)
#   make perf          perf of linux 6.1 with the Itanium pmu-events
#                      (build/perf; PERF_CPUID selects a model's tables),
#                      the VM's perf (the VM sets PERF_CPUID); LINUX=7.2
#                      or PERF=7.2: perf 7.2 (build/perf-7.2)
#   make vm CMD='...'  boot the test kernel with our modules, run CMD as root
#                      (FREERUN=0: the model counts injected records only)
#   make fuzz SECONDS=600 SEED=1234
#                      boot the VM and run the fuzzer (default 60 s, seed 1)
#   make vm-check-kasan
#                      the VM suite (fuzzer included) on the KASAN kernel
#   make vm MODEL=itanium2 CMD='...', make vm-check-itanium2
#                      the model as an Itanium 2 (default itanium)
#   make vm MODEL=montecito CMD='...', make vm-check-montecito
#                      the model as a Montecito (counters, branch stacks);
#                      MODEL=montecito,threads=2: two threads per core
#   make vm MODEL=generic,family=0x21,counters=12,width=50 CMD='...'
#                      the model as a processor without tables, which the
#                      driver drives with its generic model; keys family,
#                      model, counters, width, cycles, retired (defaults
#                      0x21, 0, 4, 47, 0x12, 0x08); make vm-check-generic
#
# LINUX=6.12 builds and boots the test kernel from linux-source-6.12 with
# patches/common-6.12 instead of 6.1 (tools/ia64-pmu/kernels.sh), for the
# same targets (kernel, selftests, initramfs, vm, vm-check*, fuzz,
# x86-static-check), with build/kernel-6.12, build/selftests-6.12 and
# build/initramfs-6.12.cpio; KERNEL_VARIANT=kasan combines with it.
# LINUX=7.2 does the same with linux-source-7.2 (fetched from Debian
# unstable into the cache by tools/ia64-pmu/fetch-source.sh) and
# patches/common-7.2, with the names -7.2; the VM's perf is still 6.1's.
# make vm-check-7.2: the whole suite on the model as an Itanium 2 there
# (in make check, instead of vm-check-itanium2 on 6.1); make
# vm-check-6.12: the same on 6.12.
#
# KERNEL_VARIANT=kasan selects the KASAN variant of the test kernel for the
# targets that build or boot it (kernel, initramfs, vm, vm-check, fuzz,
# demo, vm-cmd-check): tools/ia64-pmu/x86_64-kasan.config merged after the
# base fragment, in its own cached tree, with build/kernel-kasan and
# build/initramfs-kasan.cpio. E.g. make vm KERNEL_VARIANT=kasan CMD='...'.
#
# Expensive artefacts (kernel build, ia64 cross toolchain) are cached in
# $(IA64_PMU_CACHE), keyed on their inputs.

IA64_PMU_CACHE ?= /var/cache/ia64-pmu
export IA64_PMU_CACHE
TOOLS := tools/ia64-pmu

# The scripts take the variant from the environment; the make variable
# wins over an IA64_PMU_KERNEL_VARIANT already set there.
KERNEL_VARIANT ?=
export IA64_PMU_KERNEL_VARIANT := $(KERNEL_VARIANT)
# LINUX=6.12 or 7.2: the test kernel of linux-source-6.12 or -7.2
# (default 6.1); the names under build/ get -6.12 or -7.2
LINUX ?= 6.1
export IA64_PMU_LINUX := $(LINUX)
LSFX := $(if $(filter-out 6.1,$(LINUX)),-$(LINUX))
# PERF=7.2: the VM runs perf 7.2 whatever LINUX is (default: LINUX's own
# perf where patches/perf-<LINUX> exists, i.e. 7.2 for LINUX=7.2, else
# perf 6.1; tools/ia64-pmu/perfs.sh), e.g. make vm PERF=7.2 CMD='...'
# on the 6.1 kernel
PERF ?=
export IA64_PMU_PERF := $(PERF)
KTREE := $(CURDIR)/build/kernel$(LSFX)$(if $(KERNEL_VARIANT),-$(KERNEL_VARIANT))

.PHONY: all demo check deps kernel perf modules unit selftests initramfs vm \
	vm-check vm-check-kasan vm-check-itanium2 vm-check-generic \
	vm-check-montecito vm-check-montecito-7.2 vm-check-montecito-short \
	vm-check-6.12 vm-check-7.2 vm-check-icount vm-cmd-check fuzz \
	x86-static-check x86-static-check-7.2 ia64-gcc \
	ia64-check ski ski-kernel ski-check ia64-lane checkpatch docs-check \
	upstream-check clean

all: modules

deps:
	$(TOOLS)/install-deps.sh

kernel: deps
	$(TOOLS)/build-kernel.sh

# perf from linux-source-6.1 with the Itanium pmu-events and patches/perf
# (build/perf; cached, keyed on its inputs), or from linux-source-7.2 with
# patches/perf-7.2 for LINUX=7.2 or PERF=7.2 (build/perf-7.2): PERF_CPUID
# selects a model's tables on the x86 host and in the VM
# (tools/ia64-pmu/build-perf.sh)
perf: deps
	$(TOOLS)/build-perf.sh

modules: kernel

unit:
	$(MAKE) -C tools/testing/ia64_pmu_model run
	$(MAKE) -C tools/testing/ia64_pmu_place run
	$(MAKE) -C tools/testing/ia64_pmu_events run regen-check
	$(MAKE) -C tools/ski/test run

# kselftest_harness.h comes from the kernel tree the VM boots
selftests:
	$(MAKE) -C tools/testing/selftests/perf_events/ia64_pmu KDIR=$(KTREE) \
		OUTPUT=$(CURDIR)/build/selftests$(LSFX)/perf_events/ia64_pmu
	$(MAKE) -C tools/testing/selftests/perf_events KDIR=$(KTREE) \
		OUTPUT=$(CURDIR)/build/selftests$(LSFX)/perf_events

# the VM's perf is build/perf or build/perf-7.2 (make perf), with the
# models' pmu-events
initramfs: kernel selftests perf
	$(TOOLS)/mkinitramfs.sh

# CMD reaches the VM exactly as typed (quotes, $, pipes, ;, newlines): its
# unexpanded value travels in the environment, never through the recipe.
IA64_PMU_VM_CMD := $(value CMD)
export IA64_PMU_VM_CMD
# FREERUN=0: the model counts only injected records (default 1)
ifdef FREERUN
export VM_FREERUN := $(FREERUN)
endif
# MODEL=itanium2: the model is an Itanium 2 (default itanium);
# MODEL=montecito: a Montecito (counters, ETB, EARs); MODEL=
# generic[,family=F][,counters=N][,width=W]...: a generic processor built
# from parameters (drivers/perf/ia64/sim/sim_backend.c lists the keys)
ifdef MODEL
export VM_MODEL := $(MODEL)
endif
# ICOUNT=1: one CPU whose clock counts instructions, for benchmarks
# (run-vm.sh)
ifdef ICOUNT
export VM_ICOUNT := $(ICOUNT)
endif

vm: initramfs
	$(TOOLS)/run-vm.sh "$$IA64_PMU_VM_CMD"

# The suite takes 190-550 s under TCG on two host cores, depending on
# what else the host runs: run-vm.sh's default limit of 600 s is too
# close.
vm-check: initramfs
	VM_TIMEOUT=$${VM_TIMEOUT:-1200} $(TOOLS)/run-vm.sh /tests/run-all.sh

# The whole suite, fuzzer included (fuzz_e2e.sh), on the KASAN kernel,
# after making sure that KASAN is live: a KASAN report ("BUG: KASAN: ...")
# fails run-vm.sh's log check like any other BUG:. TCG runs that kernel
# slower, hence the longer timeout.
KASAN_CHECK_CMD := dmesg | grep -q 'KernelAddressSanitizer initialized' || \
	{ echo 'vm-check-kasan: KASAN is not on'; exit 1; }; /tests/run-all.sh
vm-check-kasan:
	$(MAKE) --no-print-directory KERNEL_VARIANT=kasan initramfs
	IA64_PMU_KERNEL_VARIANT=kasan VM_TIMEOUT=$${VM_TIMEOUT:-1800} \
		$(TOOLS)/run-vm.sh "$(KASAN_CHECK_CMD)"

# On the model as an Itanium 2: its own tests and those of the suite that
# hold for both CPU models (each reads caps/pmu_name for its per-model
# expectations), the fuzzer included (fuzz_e2e.sh): the whole suite
ITANIUM2_TESTS := ia64_pmu_basic_test ia64_pmu_btb_test ia64_pmu_count_test \
	ia64_pmu_ear_test ia64_pmu_errno_test ia64_pmu_fault_test \
	ia64_pmu_freerun_test ia64_pmu_hotplug_test ia64_pmu_ipear_test \
	ia64_pmu_itanium2_test ia64_pmu_others_test ia64_pmu_qual_test \
	ia64_pmu_sample_test ia64_pmu_sim_test ia64_pmu_taskdata_test \
	ia64_pmu_throttle_test ia64_pmu_umask_test ia64_pmu_uread_test \
	fuzz_e2e.sh perf_all_pmu_e2e.sh perf_branch_e2e.sh perf_itanium2_e2e.sh \
	perf_list_e2e.sh perf_mem_e2e.sh perf_metrics_e2e.sh \
	perf_qual_e2e.sh perf_record_e2e.sh perf_stat_e2e.sh perf72_e2e.sh \
	zz_module_reload_e2e.sh
# On a loaded host the Itanium 2 suite takes more than 1200 s
vm-check-itanium2: initramfs
	VM_MODEL=itanium2 VM_TIMEOUT=$${VM_TIMEOUT:-1800} $(TOOLS)/run-vm.sh \
		"IA64_PMU_ONLY='$(ITANIUM2_TESTS)' /tests/run-all.sh"

# The tests that need the guest's timer interrupts on time (the
# free-running mode's overflows taken where the program runs:
# tools/testing/selftests/perf_events/ia64_pmu/*_icount.c), in the VM
# whose clock counts instructions (run-vm.sh's VM_ICOUNT): under TCG on
# the host's clock a loaded host holds those interrupts back for
# milliseconds. About 1 min, most of it the boot.
vm-check-icount: initramfs
	VM_ICOUNT=1 $(TOOLS)/run-vm.sh \
		'rc=0; for t in /tests/*_icount; do "$$t" || rc=1; done; exit $$rc'

# The perf core's tests that need no Itanium PMU
# (tools/testing/selftests/perf_events/*_test.c); vm-check and
# vm-check-kasan run them with the rest of /tests
CORE_TESTS := hotplug_group_leader_test hotplug_install_test \
	hotplug_move_group_test remove_on_exec_owner_test

# The whole suite on the Itanium 2 model, as vm-check-itanium2, and the
# perf core's tests, on the test kernel built from linux-source-6.12 or
# linux-source-7.2. make check runs the 7.2 one, not vm-check-itanium2
# (the same suite on 6.1) nor vm-check-6.12, which stay targets of their
# own. 7.2 has no patch 0010: hotplug_install_test passing there shows
# that upstream's f400565faa50 covers that bug.
vm-check-6.12:
	$(MAKE) --no-print-directory LINUX=6.12 vm-check-itanium2 \
		ITANIUM2_TESTS='$(ITANIUM2_TESTS) $(CORE_TESTS)'

vm-check-7.2:
	$(MAKE) --no-print-directory LINUX=7.2 vm-check-itanium2 \
		ITANIUM2_TESTS='$(ITANIUM2_TESTS) $(CORE_TESTS)'

# The driver's generic model (ia64_pmu_generic.c), built from PAL, on two
# processors the model plays: an Itanium 2 family whose PAL disagrees
# with the tables (4 counters of 47 bits, PAL_PMCmask 0xff: the driver
# falls back to generic; ism writable, PMC4's enable bit), and a family
# without tables with 12 counters of 50 bits (PMC0 overflow bits 4-15, a
# 12-event group; ism fixed, as the Montecito's)
# with the tests of the suite that hold for any CPU model
GENERIC_TESTS := ia64_pmu_generic_test ia64_pmu_basic_test fuzz_e2e.sh \
	ia64_pmu_hotplug_test ia64_pmu_others_test ia64_pmu_sample_test \
	ia64_pmu_sim_test ia64_pmu_throttle_test ia64_pmu_uread_test \
	perf_generic_e2e.sh perf_record_e2e.sh zz_module_reload_e2e.sh
GENERIC_SHAPES := generic,family=0x1f \
	generic,family=0x21,counters=12,width=50
# ... and a Montecito whose PAL disagrees with the tables (no PMC32-42)
# and reports two threads per core: the generic model's conservative
# rules for threads (events on PMC4-9, the probe says so), with the
# tests that read the counters or the probe
GENERIC_MT_SHAPE := generic,family=0x20,counters=12,threads=2
GENERIC_MT_TESTS := ia64_pmu_generic_test ia64_pmu_others_test \
	perf_generic_e2e.sh
vm-check-generic: initramfs
	@for m in $(GENERIC_SHAPES); do \
		echo "vm-check-generic: MODEL=$$m"; \
		VM_MODEL=$$m VM_TIMEOUT=$${VM_TIMEOUT:-600} $(TOOLS)/run-vm.sh \
			"IA64_PMU_ONLY='$(GENERIC_TESTS)' /tests/run-all.sh" || \
			exit 1; \
	done
	@echo "vm-check-generic: MODEL=$(GENERIC_MT_SHAPE)"
	VM_MODEL=$(GENERIC_MT_SHAPE) VM_TIMEOUT=$${VM_TIMEOUT:-600} \
		$(TOOLS)/run-vm.sh \
		"IA64_PMU_ONLY='$(GENERIC_MT_TESTS)' /tests/run-all.sh"

# On the model as a Montecito: its own tests and those of the suite that
# hold for any CPU model (each reads caps/pmu_name for its per-model
# expectations), the fuzzer included: the whole suite but the other
# models' own tests (ia64_pmu_itanium2_test, perf_itanium2_e2e.sh, the
# generic ones)
MONTECITO_TESTS := ia64_pmu_montecito_test ia64_pmu_mont_place_test \
	ia64_pmu_basic_test \
	ia64_pmu_btb_test ia64_pmu_count_test ia64_pmu_ear_test \
	ia64_pmu_errno_test ia64_pmu_fault_test ia64_pmu_freerun_test \
	ia64_pmu_hotplug_test ia64_pmu_ipear_test ia64_pmu_others_test \
	ia64_pmu_qual_test ia64_pmu_qual_mont_test ia64_pmu_sample_test \
	ia64_pmu_sim_test ia64_pmu_taskdata_test ia64_pmu_throttle_test \
	ia64_pmu_umask_test ia64_pmu_uread_test fuzz_e2e.sh \
	perf_all_pmu_e2e.sh perf_branch_e2e.sh perf_ipear_e2e.sh \
	perf_list_e2e.sh \
	perf_mem_e2e.sh perf_metrics_e2e.sh perf_montecito_e2e.sh \
	perf_qual_e2e.sh perf_record_e2e.sh perf_stat_e2e.sh \
	zz_module_reload_e2e.sh
# (the whole list took 670-820 s on a loaded host, perf_all_pmu_e2e.sh
# 210-360 s of it: 900 s is too close)
# ... and with two hardware threads per core (errata 120, 121)
MONTECITO_MT_TESTS := ia64_pmu_montecito_test ia64_pmu_mont_place_test \
	ia64_pmu_basic_test ia64_pmu_ipear_test ia64_pmu_others_test \
	ia64_pmu_sample_test ia64_pmu_throttle_test perf_montecito_e2e.sh
# MONTECITO_SKIP: tests of the list to leave out (make check, below)
MONTECITO_SKIP ?=
vm-check-montecito: initramfs
	VM_MODEL=montecito VM_TIMEOUT=$${VM_TIMEOUT:-1500} $(TOOLS)/run-vm.sh \
		"IA64_PMU_ONLY='$(filter-out $(MONTECITO_SKIP),$(MONTECITO_TESTS))' /tests/run-all.sh"
	VM_MODEL=montecito,threads=2 VM_TIMEOUT=$${VM_TIMEOUT:-600} \
		$(TOOLS)/run-vm.sh \
		"IA64_PMU_ONLY='$(MONTECITO_MT_TESTS)' /tests/run-all.sh"

# make check runs the whole Montecito suite on 7.2, the perf core of the
# linux-ia64 tree that rx2660-class machines run, and on 6.1 all of it
# but its two longest tests (perf_all_pmu_e2e.sh and fuzz_e2e.sh: about
# 3.5 of its 6 min), which the 7.2 run has: every other Montecito test
# runs on both kernels.
vm-check-montecito-7.2:
	$(MAKE) --no-print-directory LINUX=7.2 vm-check-montecito
vm-check-montecito-short:
	$(MAKE) --no-print-directory vm-check-montecito \
		MONTECITO_SKIP='perf_all_pmu_e2e.sh fuzz_e2e.sh'

# The fuzzer in the VM; the guest gets SECONDS plus time to boot and end
SECONDS ?= 60
SEED ?= 1
fuzz: initramfs
	VM_TIMEOUT=$${VM_TIMEOUT:-$$(( $(SECONDS) + 300 ))} \
		$(TOOLS)/run-vm.sh "/tests/ia64_pmu_fuzz --seconds $(SECONDS) --seed $(SEED)"

# make vm hands the VM any shell command unchanged
vm-cmd-check: initramfs
	$(TOOLS)/vm-cmd-check.sh

ia64-gcc: deps
	$(TOOLS)/build-ia64-gcc.sh

ia64-check: ia64-gcc
	$(TOOLS)/ia64-check.sh

# Ski, the IA-64 instruction-set simulator, runs the driver's real ia64
# code (tools/ski). Ski and the hp-sim patch are third-party: SKI_SRC (a
# Ski source directory or tarball) and HPSIM_PATCH (the hp-sim patch for
# Linux 6.1) default to ../shared/ski next to the repository; the make
# variables reach the scripts through the environment.
ifdef SKI_SRC
export SKI_SRC
endif
ifdef HPSIM_PATCH
export HPSIM_PATCH
endif

# bski and ski-bootloader with the project's PMU (cached; the last line
# printed is their directory)
ski: ia64-gcc
	tools/ski/build-ski.sh

# The ia64 kernel Ski boots: 6.1 with the hp-sim patch, our series and
# the driver built in (cached; the last line printed is the vmlinux, its
# uapi headers are in usr/include beside it)
ski-kernel: ia64-gcc
	tools/ski/build-ski-kernel.sh

# The driver's ia64 tests in Ski on each PMU identity: TAP lines and one
# "ski <identity>: N passed, M failed" line each; skipped (one line, exit
# 0) when neither SKI_SRC nor HPSIM_PATCH exists. Builds what it needs
# itself (the cross compiler, Ski, the Ski kernel), after the skip test.
ski-check: deps
	tools/ski/ski-check.sh

# make check's ia64 lane: ia64-check, then ski-check, the second also
# when the first fails, so that the log shows both
ia64-lane:
	@rc=0; \
	$(MAKE) --no-print-directory ia64-check || rc=1; \
	$(MAKE) --no-print-directory ski-check || rc=1; \
	exit $$rc

checkpatch: deps
	$(TOOLS)/checkpatch.sh

# The perf core series for mainline (patches/upstream-7.2) with git am on
# a clean Linux 7.2 tree, built without the Itanium PMU driver, and its
# selftests in the VM on that kernel; not part of make check
upstream-check: deps
	$(TOOLS)/upstream-check.sh

# README and Documentation/ stand alone: no citation outside the repository
docs-check:
	$(TOOLS)/docs-check.sh

x86-static-check: kernel
	$(TOOLS)/x86-static-check.sh

# ... in the 7.2 test kernel's tree (make check: the kernel vm-check-7.2
# built; ia64_pmu_compat.h's 7.2 side)
x86-static-check-7.2:
	$(MAKE) --no-print-directory LINUX=7.2 x86-static-check

# A check from scratch (empty cache and ccache, quiet two-core host, 28
# Nov 2026) takes 49 min. One such run took 47 min: unit 14 s; 6.1
# kernel 375 s, perf 6.1 69 s, vm-check 170 s; KASAN kernel 426 s, its
# VM run 245 s; 7.2 source
# (164 MB from Debian unstable) and kernel 476 s, perf 7.2 65 s,
# vm-check-7.2 251 s; generic 2 x 88 s; Montecito 338 + 26 s; the
# static checks, checkpatch and docs 98 s. The ia64 lane (cross
# compiler 1834 s at nice 19, ia64 kernel 452 s) ended at 39 min, inside
# the x86_64 lane. With the cache in place a check takes 21-29 min.
# (That run had the whole Montecito suite on 6.1; it now runs on 7.2, and
# 6.1 keeps all of it but its two longest tests: about 2.5 min more, the
# 49 min measured since. vm-check-generic's third run, two threads per
# core with three tests, came after it, not measured cold.)
# The CI budget runs most suites on one kernel: 6.1 (the default) has the
# Itanium suite (vm-check, also on KASAN), the generic model's, and the
# ia64 cross-build; 7.2 has the whole Itanium 2 suite (vm-check-7.2,
# with the perf core's tests), which replaces vm-check-itanium2 on 6.1
# here; the Montecito's runs on both (vm-check-montecito-7.2 and
# -short). vm-check-6.12 stays out.
#
# make check runs two lanes side by side. The x86_64 lane (CHECK_X86: the
# unit tests, the test kernels, the VM suites, the static checks) runs as
# usual; the ia64 lane (ia64-lane: ia64-check, the cross compiler, 20-25
# min on two cores when its cache is empty, and the ia64 kernel, about 6;
# then ski-check: Ski, the Ski kernel and the tests in Ski) runs at
# nice 19, on the CPU time the x86_64 lane leaves. A VM suite under TCG
# keeps about one of the two cores busy (vm-check: 46 % idle), so most
# of the ia64 lane's cold build fits in the VM suites' idle time instead
# of adding to them. With its cache in place the ia64 lane is
# ia64-check's and the Ski kernel's incremental builds and the Ski
# boots. Its output is kept in build/check-ia64.log and printed when it
# ends.
CHECK_X86 := unit vm-check vm-check-icount vm-check-kasan vm-check-7.2 \
	vm-check-montecito-7.2 vm-check-generic vm-check-montecito-short \
	vm-cmd-check x86-static-check x86-static-check-7.2 checkpatch docs-check
check: deps
	@mkdir -p build; \
	nice -n 19 $(MAKE) --no-print-directory ia64-lane \
		>build/check-ia64.log 2>&1 & ia64=$$!; \
	$(MAKE) --no-print-directory $(CHECK_X86); x86=$$?; \
	echo "make check: waiting for the ia64 lane (build/check-ia64.log)"; \
	wait $$ia64; ia64=$$?; \
	cat build/check-ia64.log; \
	[ $$x86 = 0 ] || { echo "make check: x86_64 lane failed"; exit 1; }; \
	[ $$ia64 = 0 ] || { echo "make check: ia64 lane failed"; exit 1; }
	@echo "make check: all passed"

demo: initramfs
	$(TOOLS)/run-vm.sh /tests/demo.sh

clean:
	$(MAKE) -C tools/testing/ia64_pmu_model clean
	$(MAKE) -C tools/testing/ia64_pmu_events clean
	$(MAKE) -C tools/ski/test clean
	$(MAKE) -C tools/testing/selftests/perf_events/ia64_pmu clean
	$(MAKE) -C tools/testing/selftests/perf_events clean
	rm -rf build
