# fastnumeric — PGXS build of a C++ extension (see ../shared/notes/cxx-pgxs-pitfalls.md).
EXTENSION  = fastnumeric
MODULE_big = fastnumeric
SRCS       = $(wildcard src/core/*.cpp src/pg/*.cpp)
OBJS       = $(SRCS:.cpp=.o)
# install and update scripts, and the per-version control files (fastnumeric--0.1.control)
DATA       = $(wildcard sql/$(EXTENSION)--*.sql) $(wildcard $(EXTENSION)--*.control)
REGRESS    = $(filter-out $(EXTENSION)--%,$(patsubst sql/%.sql,%,$(wildcard sql/*.sql)))
REGRESS_OPTS = --load-extension=$(EXTENSION)

PG_CONFIG ?= pg_config
CXX_STD   ?= c++17
# -isystem keeps the server headers' -Wregister noise out; PG_CPPFLAGS also reaches clang
PG_CPPFLAGS = -Isrc -isystem $(shell $(PG_CONFIG) --includedir-server)
PG_CXXFLAGS = -std=$(CXX_STD) -Wextra -Wno-unused-parameter -Wmissing-declarations $(EXTRA_CXXFLAGS)
SHLIB_LINK  = -lstdc++          # PGXS links with gcc
# Header edits must rebuild the objects (Debian's Makefile.global turns autodepend off).
override autodepend = yes

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# LLVM bitcode is built (clang-14 comes with postgresql-server-dev-15) so JIT can inline
# our functions; clang never sees PG_CXXFLAGS, so give it the language standard here.
COMPILE.cxx.bc += -std=$(CXX_STD)
$(OBJS:.o=.bc): %.bc: %.o

# C++ unit tests of src/core, no server needed (GoogleTest from Debian's libgtest-dev).
CORE_SRCS  = $(wildcard src/core/*.cpp)
UNIT_SRCS  = $(wildcard test/unit/*.cpp)
UNIT_BIN   = test/build/unit_tests
$(UNIT_BIN): $(CORE_SRCS) $(UNIT_SRCS) $(wildcard src/core/*.hpp)
	@mkdir -p $(dir $@)
	$(CXX) -std=$(CXX_STD) -O1 -g -Wall -Wextra -Werror $(UNIT_CXXFLAGS) -Isrc -o $@ \
		$(CORE_SRCS) $(UNIT_SRCS) -lgtest -lgtest_main -pthread

.PHONY: unitcheck
unitcheck: $(UNIT_BIN)
	./$(UNIT_BIN)
