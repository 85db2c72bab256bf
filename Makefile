# fastnumeric — PGXS build of a C++ extension (the C++ rules: CONTRIBUTING.md).
EXTENSION  = fastnumeric
MODULE_big = fastnumeric
SRCS       = $(wildcard src/core/*.cpp src/pg/*.cpp src/pg/*/*.cpp)
OBJS       = $(SRCS:.cpp=.o)
# The install script of the current version (default_version in the control file) is built
# from sql/fastnumeric.sql; earlier versions have none, only the update scripts that lead here
# (sql/fastnumeric--A--B.sql, never edited once released).
EXTVERSION = $(shell sed -n "s/^default_version[[:space:]]*=[[:space:]]*'\([^']*\)'.*/\1/p" $(EXTENSION).control)
DATA_built = sql/$(EXTENSION)--$(EXTVERSION).sql
DATA       = $(wildcard sql/$(EXTENSION)--*--*.sql)
# and install scripts built for earlier default versions
EXTRA_CLEAN = $(filter-out $(DATA),$(wildcard sql/$(EXTENSION)--*.sql))
# pg_regress suites: test/regress/sql/NAME.sql, their outputs in test/regress/expected/
REGRESS    = $(patsubst test/regress/sql/%.sql,%,$(wildcard test/regress/sql/*.sql))
REGRESS_OPTS = --inputdir=test/regress --load-extension=$(EXTENSION)

PG_CONFIG ?= pg_config
CXX_STD   ?= c++17
# -isystem keeps the server headers' -Wregister noise out; PG_CPPFLAGS also reaches clang.
# No exceptions or RTTI: ereport longjmps over C++ frames, so nothing may rely on unwinding,
# and a try, throw or typeid then fails to build instead of crashing a backend.
PG_CPPFLAGS = -Isrc -isystem $(shell $(PG_CONFIG) --includedir-server) -fno-exceptions -fno-rtti
# -fno-plt: calls into the server (palloc for every operator result) go through the GOT
# directly instead of a PLT stub: one jump less per call.
PG_CXXFLAGS = -std=$(CXX_STD) -Wextra -Wno-unused-parameter -Wmissing-declarations -fno-plt $(EXTRA_CXXFLAGS)
SHLIB_LINK  = -lstdc++          # PGXS links with gcc
# Header edits must rebuild the objects (Debian's Makefile.global turns autodepend off).
override autodepend = yes

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# PGXS names a dependency file by the source's base name alone, and src/core/division.cpp and
# src/pg/type/division.cpp share one: name them by path instead.
%.o : %.cpp
	@mkdir -p $(DEPDIR)/$(@D)
	$(COMPILE.cc) -o $@ $< -MMD -MP -MF $(DEPDIR)/$*.Po
-include $(wildcard $(OBJS:%.o=$(DEPDIR)/%.Po))

# The current version's install script: a copy of the source under its name.
ifeq ($(EXTVERSION),)
$(error no default_version in $(EXTENSION).control)
endif
sql/$(EXTENSION)--$(EXTVERSION).sql: sql/$(EXTENSION).sql $(EXTENSION).control
	cp $< $@

# LLVM bitcode is built (clang-14 comes with postgresql-server-dev-15) so JIT can inline
# our functions; clang never sees PG_CXXFLAGS, so give it the language standard here.
COMPILE.cxx.bc += -std=$(CXX_STD)
$(OBJS:.o=.bc): %.bc: %.o

# The module imports nothing from the C++ runtime: no mangled names, no exception or unwinding
# support (glibc's __cxa_finalize, which every shared object references, is not C++).
.PHONY: symbolcheck
symbolcheck: $(shlib)
	@imports=$$(nm -D --undefined-only $(shlib) | awk '{print $$NF}' \
		| grep -E '^(_Z|__cxa_|_Unwind_|__gxx_personality)' | grep -vE '^__cxa_finalize(@|$$)' || true); \
	if [ -n "$$imports" ]; then echo "$(shlib) imports C++ runtime symbols:"; echo "$$imports"; exit 1; fi; \
	echo "$(shlib): no C++ runtime symbols imported"

# The release archive (PGXN's and the source install's): the committed tree, git archive HEAD,
# as fastnumeric-VERSION.zip. VERSION is META.json's, which must be default_version written
# with three parts (0.3 is 0.3.0), so a release that bumps one but not the other stops here.
DISTVERSION = $(shell sed -n 's/^   "version": "\([^"]*\)",$$/\1/p' META.json)
.PHONY: dist
dist:
	@v=$(EXTVERSION); while [ "$$(echo "$$v" | tr -cd . | wc -c)" -lt 2 ]; do v=$$v.0; done; \
	if [ "$$v" != "$(DISTVERSION)" ]; then \
		echo "META.json's version '$(DISTVERSION)' is not default_version '$(EXTVERSION)' ($$v)"; exit 1; fi
	@git diff --quiet HEAD -- || echo "note: uncommitted changes are not in the archive (git archive HEAD)"
	git archive --format=zip --prefix=$(EXTENSION)-$(DISTVERSION)/ -o $(EXTENSION)-$(DISTVERSION).zip HEAD

# C++ unit tests of src/core, no server needed (GoogleTest from Debian's libgtest-dev).
CORE_SRCS  = $(wildcard src/core/*.cpp)
UNIT_SRCS  = $(wildcard test/unit/*.cpp)
UNIT_BIN   = test/build/unit_tests
$(UNIT_BIN): $(CORE_SRCS) $(UNIT_SRCS) $(wildcard src/core/*.hpp test/unit/*.hpp test/fuzz/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) -std=$(CXX_STD) -O1 -g -Wall -Wextra -Werror $(UNIT_CXXFLAGS) -Isrc -o $@ \
		$(CORE_SRCS) $(UNIT_SRCS) -lgtest -lgtest_main -pthread

.PHONY: unitcheck
unitcheck: $(UNIT_BIN)
	./$(UNIT_BIN)

# ---------------------------------------------------------------------------------------
# Sanitizers and fuzzing of src/core (see test/fuzz/README.md).  Everything builds under
# test/build/; nothing here touches the extension's own objects.

# The unit tests again, built with AddressSanitizer and UndefinedBehaviorSanitizer by the
# compiler that builds the extension; any report aborts the run.  -O0: the same checks; the
# GoogleTest sources build in a third of the time they take at -O1, more than the run loses.
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SANITIZE_DIR   = test/build/sanitize
SANITIZE_OBJS  = $(patsubst %.cpp,$(SANITIZE_DIR)/%.o,$(CORE_SRCS) $(UNIT_SRCS))
SANITIZE_BIN   = $(SANITIZE_DIR)/unit_tests
$(SANITIZE_DIR)/%.o: %.cpp $(wildcard src/core/*.hpp test/unit/*.hpp test/fuzz/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) -std=$(CXX_STD) -O0 -g -Wall -Wextra -Werror $(SANITIZE_FLAGS) -Isrc -c -o $@ $<
$(SANITIZE_BIN): $(SANITIZE_OBJS)
	$(CXX) $(SANITIZE_FLAGS) -o $@ $^ -lgtest -lgtest_main -pthread

.PHONY: sanitize-unitcheck
sanitize-unitcheck: $(SANITIZE_BIN)
	UBSAN_OPTIONS=print_stacktrace=1 ./$(SANITIZE_BIN)

# libFuzzer harnesses, one per test/fuzz/fuzz_NAME.cpp, built with clang-14.  `make fuzz`
# runs each for FUZZ_SECONDS from its seed corpus (test/fuzz/corpus/NAME, read only); new
# inputs go to test/build/fuzz/corpus/NAME, crashes to test/build/fuzz/crash-*.
FUZZ_CXX      ?= clang++-14
FUZZ_SECONDS  ?= 60
FUZZ_DIR       = test/build/fuzz
FUZZ_NAMES     = $(patsubst test/fuzz/fuzz_%.cpp,%,$(wildcard test/fuzz/fuzz_*.cpp))
FUZZ_BINS      = $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz_%)
FUZZ_CORE_OBJS = $(patsubst %.cpp,$(FUZZ_DIR)/%.o,$(CORE_SRCS))
FUZZ_FLAGS     = -std=$(CXX_STD) -O1 -g -Wall -Wextra -Werror -fno-sanitize-recover=all -Isrc -Itest/fuzz
$(FUZZ_DIR)/src/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined $(FUZZ_CORE_COVERAGE) -c -o $@ $<
# The accumulator (run by fuzz_sum alone) keeps edge coverage but not comparison tracing:
# fuzz_sum's input is FuzzedDataProvider bytes, so the values compared there (slots, carries,
# loop bounds over thousands of slots) never appear in it for the mutator to copy, and the
# tracing took over 40% of the harness's time (see test/fuzz/README.md).
$(FUZZ_DIR)/src/core/sum_accum.o: FUZZ_CORE_COVERAGE = -fno-sanitize-coverage=trace-cmp
# the harness's reference models stay out of the coverage feedback (see the ignorelist)
$(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.cpp $(wildcard test/fuzz/*.hpp test/unit/*.hpp) test/fuzz/coverage.ignorelist $(FUZZ_CORE_OBJS)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined \
		-fsanitize-coverage-ignorelist=test/fuzz/coverage.ignorelist -o $@ $< $(FUZZ_CORE_OBJS)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

# sum's longest input (libFuzzer's default is 4096 bytes).  A step takes a few bytes, a value
# a dozen and one per digit, so 512 bytes still make scripts of dozens of steps (a run of up
# to 300 equal values is one step); inputs grown toward 4096 bytes in long runs kept the
# harness under 5,000 runs a second.
FUZZ_SUM_MAX_LEN = 512
# Prints libFuzzer's closing "#N DONE" line and one line per harness, "NAME: N runs in S s,
# ok" (N = its stat::number_of_executed_units) or "NAME: FAILED" with the end of its log;
# runs every harness, then fails if any failed.
fuzz: $(FUZZ_BINS)
	@failed=0; for name in $(FUZZ_NAMES); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$name; \
		log=$(FUZZ_DIR)/$$name.log; \
		case $$name in sum) opts=-max_len=$(FUZZ_SUM_MAX_LEN);; *) opts=;; esac; \
		if ./$(FUZZ_DIR)/fuzz_$$name $$opts -max_total_time=$(FUZZ_SECONDS) -timeout=30 \
			-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/ \
			$(FUZZ_DIR)/corpus/$$name test/fuzz/corpus/$$name >$$log 2>&1; then \
			grep -E '^#[0-9]+[[:space:]]+DONE' $$log || true; \
			echo "$$name: $$(sed -n 's/^stat::number_of_executed_units: *//p' $$log) runs in $(FUZZ_SECONDS) s, ok"; \
		else \
			tail -n 40 $$log; echo "$$name: FAILED (log: $$log)"; failed=1; \
		fi; \
	done; exit $$failed

# The C++ sources in the house style (.clang-format); test/run runs format-check.
CLANG_FORMAT ?= clang-format
FORMATTED     = $(sort $(wildcard src/*.hpp src/*/*.hpp src/*/*.cpp src/*/*/*.hpp src/*/*/*.cpp test/unit/*.hpp test/unit/*.cpp test/fuzz/*.hpp test/fuzz/*.cpp))
.PHONY: format format-check
format:
	$(CLANG_FORMAT) -i $(FORMATTED)
# one line per file that differs from the style ("NAME: not formatted"), then "format: N of M files formatted"
format-check:
	@bad=0; for f in $(FORMATTED); do \
		$(CLANG_FORMAT) --dry-run --Werror $$f >/dev/null 2>&1 || { echo "$$f: not formatted"; bad=$$((bad + 1)); }; \
	done; n=$(words $(FORMATTED)); echo "format: $$((n - bad)) of $$n files formatted"; [ $$bad -eq 0 ]
