# Endless: the two commands a newcomer needs are `make run` and `make test`.
SWIFT ?= swift
# What the C targets link against (see Package.swift), tmux for the end-to-end tests, the shells
# the completion scripts are tested in (bash is there already), groff and man-db, which
# render the manual page in its test and for `make man`, and procps, whose pgrep the release
# smoke uses to find the app in its tmux pane (a container's Debian may not have it).
DEB_PACKAGES := pkg-config libturbojpeg0-dev libpng-dev libchafa-dev libglib2.0-dev libssl-dev libsqlite3-dev libcurl4-openssl-dev tmux \
	zsh fish groff-base man-db procps
# Baselines that `make bench` measures against: nginx (with wrk), jq (with curl), the chafa
# command, less, and python3 (json.loads and json.dumps).
BENCH_PACKAGES := nginx wrk jq chafa less curl python3

# The reference data beside the repository (see scripts/find-shared-data).
export ENDLESS_SHARED := $(shell ./scripts/find-shared-data)

.PHONY: deps deps-bench build release run man test smoke docs fuzz fuzz-smoke tsan bench clean

deps:
	@./scripts/install-debian-packages $(DEB_PACKAGES)

deps-bench: deps
	@./scripts/install-debian-packages $(BENCH_PACKAGES)

build: deps
	$(SWIFT) build

# The Swift runtime linked into the binary, the crash reports' backtracer beside it
# (scripts/build-release says why).
release: deps
	SWIFT=$(SWIFT) ./scripts/build-release endless

# The main job: browse people on the embedded simulator. ARGS passes flags through,
# e.g. `make run ARGS="--latency 300ms --fail-rate 0.2"`.
run: release
	.build/release/endless $(ARGS)

# The manual page, written by `endless manual` from the flag declarations: `man -l .build/endless.1`.
man: deps
	$(SWIFT) build --product endless
	"$$($(SWIFT) build --show-bin-path)/endless" manual > .build/endless.1
	@echo "wrote .build/endless.1 (read it with: man -l .build/endless.1)"

# How many tests run at once. Swift Testing starts every test at once; on 2 cores the few
# that block a thread (child processes, sockets, semaphores) then hold up the rest, and
# real-time budgets run out: unbounded, 313 failures in 6.5 min at load 14; 4 at once, none in
# 2.9 min. Raise it on a machine with more cores: `make test TEST_WIDTH=16`.
TEST_WIDTH ?= 4
test tsan: export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH = $(TEST_WIDTH)

# scripts/test/run ends a failing run with the failing tests' lines (a CI log keeps its tail),
# and stops a run past 20 minutes, naming the tests that never ended (ENDLESS_TEST_RUN_LIMIT).
test: deps
	$(SWIFT) build --build-tests
	./scripts/test/run $(SWIFT) test --skip-build
	SWIFT=$(SWIFT) ./scripts/fuzz/run smoke

# The release build driven in tmux as a person drives it, through every tab and a download:
# the tests run the debug build, and the optimizer once crashed a release build they passed.
smoke: deps
	SWIFT=$(SWIFT) ./scripts/smoke/release

# DocC documentation of the library modules, with the toolchain's docc, into
# .build/docs/<Module>.doccarchive: zero warnings, and every public symbol with a summary
# (scripts/docs/build). MODULES="Endless EndlessCache" builds some.
# python3 reads DocC's coverage report.
docs: deps
	@./scripts/install-debian-packages python3
	SWIFT=$(SWIFT) ./scripts/docs/build

# The code's layout, checked by the toolchain's swift-format against .swift-format (CI runs it;
# `make format` rewrites). Not Tests/DocumentationTests: its listings are laid out as the
# articles that quote them, character for character.
FORMATTED := Package.swift Sources Fuzz/Package.swift Fuzz/Sources $(filter-out Tests/DocumentationTests,$(wildcard Tests/*))
lint:
	$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)

format:
	$(SWIFT) format format --in-place --parallel --recursive $(FORMATTED)

# The parsers that read the network, the terminal and the config file under libFuzzer and
# AddressSanitizer (Fuzz/; each target with seeds in Fuzz/Corpus/<target>/): `make fuzz`
# fuzzes each for FUZZ_SECONDS; `make test` runs the short, fixed smoke.
FUZZ_SECONDS ?= 300
fuzz: deps
	SWIFT=$(SWIFT) ./scripts/fuzz/run $(FUZZ_SECONDS)

fuzz-smoke: deps
	SWIFT=$(SWIFT) ./scripts/fuzz/run smoke

# The whole suite under ThreadSanitizer, in its own build folder. The control shows first that
# what scripts/tsan/suppressions.txt hides is the toolchain's (Mutex.withLock), not ours.
# Fatal signals are left to TSan, which reports them: the app installs no handler of its own
# under it (a handler's write, from a fault inside TSan's runtime, hit one of TSan's internal
# CHECKs), and the tests of that handler are skipped.
# The tests find the sanitizer and multiply their real-time budgets by 6 (EndlessTesting's
# TimeBudget); at most TEST_WIDTH tests run at once, as in `make test`. The run is stopped past
# 40 minutes (scripts/test/run; `make test`'s past 20), and in CI by 80 minutes from its start
# (ENDLESS_TEST_RUN_DEADLINE, set by .ci/run): a hung test fails CI with its name within CI's 90.
TSAN_BUILD := .build/tsan
TSAN_OPTIONS_ALL := suppressions=$(CURDIR)/scripts/tsan/suppressions.txt
tsan: deps
	SWIFTC="$(dir $(shell command -v $(SWIFT)))swiftc" ./scripts/tsan/control
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_BUILD)
	TSAN_OPTIONS="$(TSAN_OPTIONS_ALL)" ENDLESS_TEST_RUN_LIMIT=$${ENDLESS_TEST_RUN_LIMIT:-2400} ./scripts/test/run $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_BUILD)

# Figures as ratios against baselines measured in the same run; AREAS="paging images" runs some.
# The bench is built apart, in .build/bench, with the Swift runtime shared: it links the test
# helpers, and Swift Testing has no static library. It measures the endless `make run` starts.
bench: deps-bench
	SWIFT=$(SWIFT) ./scripts/build-release endless
	$(SWIFT) build -c release --product endless-bench --scratch-path .build/bench
	ENDLESS_BENCH_BINARY=$(CURDIR)/.build/release/endless .build/bench/release/endless-bench $(AREAS)

clean:
	rm -rf .build Fuzz/.build
