# Senas & Senet: build, run and test the Wii program.
#   make        -> target/senas-senet.dol (the Homebrew Channel / Dolphin executable)
#   make run    -> Dolphin window if $DISPLAY is set, else a headless run into target/run/
#   make test   -> host tests (cargo test) + Dolphin end-to-end tests on the real .dol
#   make stress-e2e -> the e2e tests 20 times under CPU load;  make soak -> 100 demo matches
#   make bench  -> speed figures (printed), senet game lengths;  make lengths -> the 1 000-game ones
#   make levels -> every computer level's error on the 10 000-decision benchmark sets (~20 min; make tables3 first)
#   make setup  -> installs what is missing (rust-src; Dolphin 5.0 + Vulkan software driver;
#                  the Dolphin 2503 chroot in $(DOLPHIN2503_ROOT))
#   make test-e2e-cache -> (part of make test) the cache gate: five e2e tests on Dolphin 2503
#   make test-e2e-2503 -> the e2e tests on Dolphin 2503 with the write-back cache (SENAS_DOLPHIN=2503)
#   make lint   -> rustfmt check + clippy for the host and the Wii target + cargo doc (links)
#   make clean

CARGO      ?= cargo
NICE       ?= nice
TARGET_DIR := target
WII_TARGET := powerpc-unknown-eabi
WII_FLAGS  := --release -Z json-target-spec -Z build-std=core,compiler_builtins \
              -Z build-std-features=compiler-builtins-mem --target $(WII_TARGET).json --bin senas-senet
WII_OUT    := $(TARGET_DIR)/$(WII_TARGET)/release/senas-senet
DOL        := $(TARGET_DIR)/senas-senet.dol
PANIC_DOL  := $(TARGET_DIR)/senas-senet-panic.dol
ELF2DOL    := $(TARGET_DIR)/release/elf2dol
RUN_SECONDS ?= 10
DOLPHIN    ?= /usr/games/dolphin-emu-nogui
# Which Dolphin the e2e tests run on: 5.0 (Debian bookworm's, the default) or 2503 (Debian
# trixie's in a chroot, with the write-back cache): docs/testing.md, "Two Dolphins".
SENAS_DOLPHIN ?= 5.0
export SENAS_DOLPHIN
DOLPHIN2503_ROOT ?= $(or $(SENAS_DOLPHIN2503_ROOT),/var/cache/senas-dolphin2503)
export SENAS_DOLPHIN2503_ROOT := $(DOLPHIN2503_ROOT)

.PHONY: all dol panic-dol input-dol run test test-host test-e2e test-e2e-cache test-e2e-2503 setup-2503 stress-e2e soak bench clean setup elf2dol package lint tournaments fuzz lengths selftest-reference e2e-matches tables tables-measure levels tables3 tables-dol tables-precision tables-senas

all: dol

elf2dol:
	$(NICE) $(CARGO) build --release -q -p elf2dol

# The game. Cargo decides what to rebuild; the ELF is copied aside at once because the
# deliberate-panic build writes the same path.
dol: elf2dol
	$(NICE) $(CARGO) build $(WII_FLAGS)
	cp $(WII_OUT) $(TARGET_DIR)/senas-senet.elf
	$(ELF2DOL) $(TARGET_DIR)/senas-senet.elf $(DOL)
	@echo "built $(DOL) ($$(stat -c %s $(DOL)) bytes)"

# Test-only build that panics on purpose (checks the error screen end to end).
panic-dol: elf2dol
	$(NICE) $(CARGO) build $(WII_FLAGS) --features deliberate-panic
	cp $(WII_OUT) $(TARGET_DIR)/senas-senet-panic.elf
	$(ELF2DOL) $(TARGET_DIR)/senas-senet-panic.elf $(PANIC_DOL) >/dev/null

# Installs only what is missing; says what it does. Fails loudly if it cannot.
setup:
	@if ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then \
	  echo "setup: installing rust-src for the nightly toolchain (rustup component add rust-src --toolchain nightly)"; \
	  rustup component add rust-src --toolchain nightly; \
	fi
	@if [ ! -x $(DOLPHIN) ] || ! dpkg -s mesa-vulkan-drivers >/dev/null 2>&1; then \
	  echo "setup: installing Dolphin and the Vulkan software driver (apt-get install -y dolphin-emu mesa-vulkan-drivers)"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y dolphin-emu mesa-vulkan-drivers \
	    || { echo "setup: FAILED to install Dolphin; the end-to-end tests cannot run" >&2; exit 1; }; \
	fi
	@[ -x $(DOLPHIN) ] || { echo "setup: $(DOLPHIN) is still missing" >&2; exit 1; }
	@$(MAKE) --no-print-directory setup-2503

# Dolphin 2503 (Debian trixie's, with "Enable Write-Back Cache") in a chroot outside the
# checkout, built once with mmdebstrap and reused; rebuilt when missing or broken
# (tools/dolphin-harness/setup-2503.sh says what it installs).
setup-2503:
	@sh tools/dolphin-harness/setup-2503.sh $(DOLPHIN2503_ROOT)

run: setup dol
	$(CARGO) run --release -q -p dolphin-harness --bin dolphin-run -- $(DOL) --seconds $(RUN_SECONDS) --out $(TARGET_DIR)/run

test: setup test-host test-e2e test-e2e-cache

test-host:
	$(NICE) $(CARGO) test --no-fail-fast

# Test program of the input stack (tools/wii-probes/src/bin/input_probe.rs): the real
# IPC/Bluetooth/Wiimote/pad path with a minimal screen, for the controller e2e tests. The other
# Wii test programs of tools/wii-probes (gx-scenes, settings-probe) are built by their e2e tests
# (tools/dolphin-harness/src/wii_build.rs) unless SENAS_GX_DOL / SENAS_SETTINGS_DOL name a .dol.
INPUT_DOL  := $(TARGET_DIR)/input-probe.dol
input-dol: elf2dol
	$(NICE) $(CARGO) build $(subst --bin senas-senet,-p wii-probes --bin input-probe,$(WII_FLAGS))
	cp $(TARGET_DIR)/$(WII_TARGET)/release/input-probe $(TARGET_DIR)/input-probe.elf
	$(ELF2DOL) $(TARGET_DIR)/input-probe.elf $(INPUT_DOL) >/dev/null

# The e2e tests, then each test's time (slowest first) and the harness's notes (waits for a
# free USB Gecko port, repeated launches): tools/dolphin-harness/e2e-summary.sh.
E2E_OUT    := $(TARGET_DIR)/e2e-output.txt
E2E_NOTES  := $(TARGET_DIR)/dolphin-runs/notes.log
test-e2e: dol panic-dol input-dol
	@mkdir -p $(TARGET_DIR)/dolphin-runs && rm -f $(E2E_NOTES) $(E2E_OUT).status
	{ SENAS_DOL=$(abspath $(DOL)) SENAS_PANIC_DOL=$(abspath $(PANIC_DOL)) SENAS_INPUT_DOL=$(abspath $(INPUT_DOL)) \
	  $(NICE) $(CARGO) test --no-fail-fast -p dolphin-harness -- --test-threads=1 -Z unstable-options --report-time; \
	  echo $$? > $(E2E_OUT).status; } 2>&1 | tee $(E2E_OUT)
	@sh tools/dolphin-harness/e2e-summary.sh $(E2E_OUT) $(E2E_NOTES)
	@exit $$(cat $(E2E_OUT).status)

# The console self-test's reference report for Dolphin (docs/selftest/dolphin-5.0.txt, or
# dolphin-2503.txt with SENAS_DOLPHIN=2503): runs the self-test e2e test in its write mode
# (tools/dolphin-harness/tests/selftest.rs). Compare a console's report with
# `cargo run -q -p selftest-diff -- SELFTEST.TXT` (docs/selftest.md).
selftest-reference: dol
	SENAS_SELFTEST_WRITE=1 SENAS_DOL=$(abspath $(DOL)) \
	  $(NICE) $(CARGO) test -p dolphin-harness --test selftest -- --test-threads=1 --nocapture

# Both senet matches of tools/dolphin-harness/tests/match_to_the_end.rs (Jequier's is in
# `make test`; Kendall's is `#[ignore]`d there for the CI budget): about 5 minutes.
e2e-matches: dol
	SENAS_DOL=$(abspath $(DOL)) $(NICE) $(CARGO) test -p dolphin-harness --test match_to_the_end \
	  -- --include-ignored --test-threads=1 --nocapture

# The whole e2e suite on Dolphin 2503 with the write-back cache and the MMU on; its own output
# file, the same summary.
test-e2e-2503: setup-2503
	@$(MAKE) --no-print-directory test-e2e SENAS_DOLPHIN=2503 E2E_OUT=$(TARGET_DIR)/e2e-output-2503.txt

# The cache gate, inside `make test`: on Dolphin 2503 with the write-back cache and the MMU on,
# the four e2e tests that fail there when a DMA path loses its flush (docs/hardware.md "Every
# DMA path's flush, removed": IPC requests, Bluetooth out, SD writes, the audio ring), plus
# the GX title. The whole suite on 2503 is `make test-e2e-2503` (about 50 minutes here).
CACHE_GATE_TESTS := --test boot --test input --test save_folder --test audio -- \
  title_screen_through_gx_matches_the_soft_render \
  the_emulated_wiimote_connects_and_the_game_logs_it \
  the_hbc_argv_puts_the_saves_beside_the_renamed_boot_dol_and_copies_the_older_ones \
  the_title_music_plays_through_the_audio_dma_sample_exact
test-e2e-cache: setup-2503 dol panic-dol input-dol
	SENAS_DOLPHIN=2503 SENAS_DOL=$(abspath $(DOL)) SENAS_PANIC_DOL=$(abspath $(PANIC_DOL)) SENAS_INPUT_DOL=$(abspath $(INPUT_DOL)) \
	  $(NICE) $(CARGO) test --no-fail-fast -p dolphin-harness $(CACHE_GATE_TESTS) --test-threads=1 -Z unstable-options --report-time

# `make test-e2e` STRESS_RUNS times in a row while STRESS_LOAD busy loops (at nice
# STRESS_LOAD_NICE, bounded by `timeout`) keep both cores busy; counts failed passes and the
# harness's repeated launches and port waits. Prints the figures; fails if any pass failed.
# The loops run at nice 19 by default: at the tests' own nice 10 they hold Dolphin to about a
# quarter of real speed and a pass takes about 16 minutes (docs/testing.md); that heavier
# load is `make stress-e2e STRESS_LOAD_NICE=10`.
STRESS_RUNS ?= 20
STRESS_LOAD ?= 2
STRESS_LOAD_NICE ?= 19
stress-e2e: dol panic-dol input-dol
	@sh tools/dolphin-harness/stress-e2e.sh $(STRESS_RUNS) $(STRESS_LOAD) $(STRESS_LOAD_NICE)

# 100 computer-vs-computer matches, both games, every level, in two Dolphins side by side;
# checks winners, frame problems, missed-vsync bursts, hangs and the stack high-water mark
# (tools/dolphin-harness/src/bin/soak.rs). Long (tens of minutes); not part of `make test`.
SOAK_MATCHES ?= 100
soak: setup
	$(NICE) $(CARGO) run --release -q -p dolphin-harness --bin soak -- --matches $(SOAK_MATCHES)

# Speed and size figures (printed). Other parts add their lines here
# (e.g. `cargo run --release -p arena -- bench ...`).
bench: setup dol
	@echo "bench: $(DOL) is $$(stat -c %s $(DOL)) bytes; segments:"
	@$(ELF2DOL) $(TARGET_DIR)/senas-senet.elf /dev/null | sed 's/^/bench:   /'
	@echo "bench: boot in headless Dolphin (launch -> first frame dump, game's own first-frame time):"
	@$(CARGO) run --release -q -p dolphin-harness --bin dolphin-run -- $(DOL) --headless --seconds 6 --out $(TARGET_DIR)/bench-run \
	  | grep -E "first_frame|frames dumped" | sed 's/^/bench:   /'
	@echo "bench: rules engines, move generation throughput (host, one core):"
	$(CARGO) run --release -q -p arena -- bench senet
	$(CARGO) run --release -q -p arena -- bench senas
	@echo "bench: computer players, time per decision and nodes per second (host):"
	$(CARGO) run --release -q -p arena -- bench ai
	@echo "bench: computer decisions in Dolphin (demo matches, per game and level; frames x the game's own frame period):"
	@$(NICE) $(CARGO) test --release -q -p dolphin-harness --test ai_timing -- --ignored --nocapture --test-threads=1 2>&1 | grep -aoE "bench: .*|panicked at .*|^test result.*" | sed 's/^bench: /bench:   /;s/^\([pt]\)/bench:   \1/'
	@echo "bench: senet game lengths in turns (median, p90, p99, max, at the limit), every rule set and pairing, 200 games a row (~1 min of one core; 1 000 a row: make lengths):"
	$(CARGO) run --release -q -p arena -- lengths --games 200 --seed 31337
	@echo "bench: heuristic vs random (the tournaments of docs/ai.md: make tournaments, ~1 h)"
	$(CARGO) run --release -q -p arena -- tournament --game senas --a heuristic --b random --games 2000 --seed 1 --quiet | tail -1
	$(CARGO) run --release -q -p arena -- tournament --game senet --a heuristic --b random --games 2000 --seed 1 --quiet | tail -1
	@echo "bench: audio mixing + ring refill per frame in Dolphin (worst per second, us; target < 500):"
	@SENAS_DOL=$(abspath $(DOL)) $(NICE) $(CARGO) test --release -q -p dolphin-harness --test audio -- --nocapture the_title_music 2>&1 | grep -E "^bench:" | sed 's/^bench: /bench:   /'
	@echo "bench: saves in Dolphin late in a long senet match (spread over frames; timebase ms, pieces, late frames):"
	@SENAS_DOL=$(abspath $(DOL)) $(NICE) $(CARGO) test --release -q -p dolphin-harness --test save_finish -- --nocapture 2>&1 | grep -E "^bench:" | sed 's/^bench: /bench:   /'
	@echo "bench: the senas match review in Dolphin (a person v Normal to the end; ms from the match's end to the figures complete, timebase; work units during and after the match):"
	@SENAS_DOL=$(abspath $(DOL)) $(NICE) $(CARGO) test --release -q -p dolphin-harness --test match_to_the_end -- --ignored --nocapture --test-threads=1 a_person_plays_senas 2>&1 | grep -aoE "bench: .*|panicked at .*|^test result.*" | sed 's/^bench: /bench:   /;s/^\([pt]\)/bench:   \1/'
	@echo "bench: GX frame CPU time in Dolphin (timebase ticks, list built -> draw-done):"
	$(NICE) $(CARGO) test --release -q -p dolphin-harness --test gx -- --nocapture every_gx_frame 2>&1 | grep -E "ticks|frame|scene" | sed 's/^/bench:   /'

# Coverage-guided fuzzing of every Bluetooth / Wii Remote / pad parser and the input state
# machines (fuzz/), FUZZ_SECONDS long; installs cargo-fuzz when missing. The same entry points
# run as property tests in `make test`.
FUZZ_SECONDS ?= 60
fuzz:
	@command -v cargo-fuzz >/dev/null 2>&1 || { echo "fuzz: installing cargo-fuzz (cargo install cargo-fuzz)"; $(CARGO) install cargo-fuzz; }
	$(NICE) $(CARGO) fuzz run input_parsers -- -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1

# Every tournament figure of docs/ai.md, with the same seeds (long: over an hour of CPU; senas
# hard vs normal alone took 37 min wall at load average 13).
tournaments:
	$(CARGO) build --release -q -p arena
	for args in "senas --a heuristic --b random --games 2000 --seed 1" \
	            "senet --a heuristic --b random --games 2000 --seed 1" \
	            "senas --a expectiminimax --b heuristic --games 600 --seed 1" \
	            "senet --a expectiminimax --b heuristic --games 2000 --seed 1" \
	            "senas --a tuned --b heuristic --games 4000 --seed 777" \
	            "senet --a tuned --b heuristic --games 20000 --seed 777" \
	            "senas --a hard --b hard-v1 --games 2000 --seed 11" \
	            "senas --a normal --b normal-v1 --games 2000 --seed 11" \
	            "senas --a hard --b normal --games 2000 --seed 11" \
	            "senas --a normal --b easy --games 2000 --seed 11" \
	            "senas --a easy --b random --games 2000 --seed 11" \
	            "senet --a hard --b normal --games 2000 --seed 11" \
	            "senet --a normal --b easy --games 2000 --seed 11" \
	            "senet --a easy --b random --games 2000 --seed 11" \
	            "senet --a hard --b hard-v1 --games 2000 --seed 11" \
	            "senet --a normal --b normal-v1 --games 2000 --seed 11" \
	            "senet --variant kendall --a hard --b normal --games 2000 --seed 11" \
	            "senet --variant kendall --a normal --b easy --games 2000 --seed 11" \
	            "senet --variant kendall --a easy --b random --games 2000 --seed 11" \
	            "senet --variant kendall --a hard --b hard-v1 --games 2000 --seed 11" \
	            "senet --variant kendall --a normal --b normal-v1 --games 2000 --seed 11" \
	            "senet --variant kendall --a hard-v1 --b normal-v1 --games 2000 --seed 11" \
	            "senet --variant jequier --a hard --b normal --games 2000 --seed 11" \
	            "senet --variant jequier --a normal --b easy --games 2000 --seed 11" \
	            "senet --variant jequier --a easy --b random --games 2000 --seed 11" \
	            "senet --variant jequier --a hard --b hard-v1 --games 2000 --seed 11" \
	            "senet --variant jequier --a normal --b normal-v1 --games 2000 --seed 11" \
	            "senet --variant kendall --a heuristic --b random --games 2000 --seed 1" \
	            "senet --variant kendall --a heuristic --b random --games 2000 --seed 100000" \
	            "senet --variant kendall --a heuristic --b random --games 2000 --seed 200000" \
	            "senet --variant kendall --a expectiminimax --b heuristic --games 2000 --seed 1" \
	            "senet --variant kendall --a expectiminimax --b heuristic --games 1000 --seed 100000" \
	            "senet --variant kendall --a expectiminimax --b heuristic --games 1000 --seed 200000" \
	            "senet --variant jequier --a heuristic --b random --games 2000 --seed 1" \
	            "senet --variant jequier --a expectiminimax --b heuristic --games 2000 --seed 1"; do \
	  echo "arena tournament --game $$args"; \
	  $(NICE) $(TARGET_DIR)/release/arena tournament --game $$args --quiet | tail -1; done

# Issue 30's length figures (docs/ai.md, Game length): every senet rule set, every pairing of
# the levels and the person-like player, 1 000 games a row, dice seed 271828 (never used for
# tuning). About 3 CPU-minutes.
LENGTH_GAMES ?= 1000
LENGTH_SEED  ?= 271828
lengths:
	$(NICE) $(CARGO) run --release -q -p arena -- lengths --games $(LENGTH_GAMES) --seed $(LENGTH_SEED)

# Exact senet endgame tables (issue 27, tools/endgame): every position with at most
# TABLE_PIECES pieces a side under each rule set, solved by value iteration, written to
# target/tables/senet-RULES-nN.bin with a header (command, time, size, checksum); then every
# computer level measured against them on endgame decisions of seeded games between the
# levels (docs/ai.md, "Measured against exact endgames").
TABLE_PIECES ?= 2
TABLE_GAMES  ?= 3000
TABLE_SEED   ?= 27
tables:
	$(NICE) $(CARGO) run --release -q -p endgame -- build --pieces $(TABLE_PIECES)
# The senas one-sided bear-off table (issue 27 part 1): turns-to-bear-off distributions of
# every placement of at most 15 pieces on sena 4, written to target/tables/senas-bearoff.bin
# (about 50 s, 864 KB; docs/ai.md, "The senas bear-off table"). `make levels` reads it (and
# builds it in memory when it is absent).
tables-senas:
	$(NICE) $(CARGO) run --release -q -p endgame -- senas-bearoff
# The tables the game carries (assets/tables/senet-RULES-n2.pack: u8 values, Huffman-coded,
# read by src/ai/senet/endgame/; tools/endgame/tests/pack.rs checks they are a fresh build).
tables-dol:
	$(NICE) $(CARGO) run --release -q -p endgame -- pack --pieces 2
# What the game's u8 values cost against the solved values (moves chosen otherwise, loss).
tables-precision:
	$(NICE) $(CARGO) run --release -q -p endgame -- precision --pieces 2
tables-measure: tables
	$(NICE) $(CARGO) run --release -q -p endgame -- measure --pieces $(TABLE_PIECES) --games $(TABLE_GAMES) --seed $(TABLE_SEED)

# Every computer level's error on the benchmark sets (issue 27 parts 2 and 3): 10 000
# decisions per game and senet rule set, drawn from seeded games between the levels, each
# candidate valued exactly (the senet tables of LEVEL_TABLES, the largest N there, else the
# 2-piece ones solved in place) or by seeded truncated rollouts; rebuilt from the seed every
# time (about 20 minutes on the idle 2-core machine; docs/ai.md, "Every level's error"). The
# 3-piece tables the figures of docs/ai.md use: `make tables3` first (about 19 minutes).
LEVEL_DECISIONS ?= 10000
LEVEL_TABLES    ?= $(TARGET_DIR)/tables3
levels:
	$(NICE) $(CARGO) run --release -q -p arena -- levels --decisions $(LEVEL_DECISIONS) --threads 2 --tables $(LEVEL_TABLES)
tables3:
	$(NICE) $(CARGO) run --release -q -p endgame -- build --pieces 3 --dir $(LEVEL_TABLES)

# The Homebrew Channel package: target/package/senas-senet.zip (apps/senas-senet/...).
package: dol
	$(CARGO) run --release -q -p package -- --dol $(DOL) --out $(TARGET_DIR)/package \
	  --date $$(git log -1 --format=%cd --date=format:%Y%m%d 2>/dev/null || date +%Y%m%d)

# Clippy must see the Wii build too: PowerPC-only code is compiled out on the host.
lint:
	$(CARGO) fmt --all -- --check
	$(NICE) $(CARGO) clippy --all-targets --workspace -- -D warnings
	$(NICE) $(CARGO) doc --workspace --no-deps --quiet
	$(NICE) $(CARGO) clippy $(WII_FLAGS) -- -D warnings
	$(NICE) $(CARGO) clippy $(WII_FLAGS) --features deliberate-panic -- -D warnings

clean:
	$(CARGO) clean
